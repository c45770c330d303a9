# kinds/kem.sh -- the kind table of the KEM (key encapsulation), as the scripts see it.
#
# Part of ngcc-perf.  One file per kind of candidate, scripts/kinds/<kind>.sh,
# sourced by the scripts through lib/kinds.sh (kind_load): plain sh
# assignments, no commands, every variable below set and non-empty.  A
# scheme.conf's 'type <kind>' picks the table its build reads; the import
# tries every table to learn which kind an API header declares.  A new kind
# is a new file with the same variables (tests/hygiene/kinds.test checks).
#
#   kind_name      the kind, as in 'type <kind>' and this file's name
#   kind_label     how messages name it ("a KEM API header")
#   kind_header    the API header's usual name (the ICCS name): the build's
#                  default when the description has no 'header', the
#                  import's pick among several
#   kind_marker    a function only an API header of this kind declares
#   kind_api       the API functions, which the library must export and a
#                  source defining any of them is part of the library
#   kind_kat_file  printf pattern of the KAT file's name (%s: the instance)
#   kind_getters   the size getters, in the order of kind_sizes
#   kind_sizes     the sizes' keys (build.json's sizes, KEY_len in a KAT log)
#   kind_ops       the operations the campaign times and profiles, in order
#   kind_catalog   the Round 1 catalog of this kind, relative to the
#                  package's top (src/kinds/kem.c's catalog): the importer
#                  reads every kind's, so a download folder of several kinds
#                  imports each archive under its id
#   kind_id_prefix the catalog's ids are <prefix>-NN (kem-01...): the id of
#                  an archive tells which kind its catalog lists it as
# kind_getters, kind_sizes, kind_ops and kind_catalog are src/kinds/kem.c's
# (kinds.test compares).

kind_name=kem
kind_label=KEM
kind_header=KEM_AlgorithmInstance.h
kind_marker=kem_keygen
kind_api='kem_get_pk_len_bytes kem_get_sk_len_bytes kem_get_ct_len_bytes kem_get_ss_len_bytes kem_keygen kem_enc kem_dec'
kind_kat_file='KAT_KEM_%s.txt'
kind_getters='kem_get_pk_len_bytes kem_get_sk_len_bytes kem_get_ct_len_bytes kem_get_ss_len_bytes'
kind_sizes='pk sk ct ss'
kind_ops='keygen enc dec'
kind_catalog=data/ngcc-round1-kem.csv
kind_id_prefix=kem
