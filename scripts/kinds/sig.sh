# kinds/sig.sh -- the kind table of the signature, as the scripts see it.
#
# Part of ngcc-perf.  kinds/kem.sh says what each variable means; the
# getters, sizes, ops and catalog are src/kinds/sig.c's
# (tests/hygiene/kinds.test compares).

kind_name=sig
kind_label=signature
kind_header=SIG_AlgorithmInstance.h
kind_marker=sig_sign
kind_api='sig_get_pk_len_bytes sig_get_sk_len_bytes sig_get_sn_len_bytes sig_keygen sig_sign sig_verify'
kind_kat_file='KAT_SIG_%s.txt'
kind_getters='sig_get_pk_len_bytes sig_get_sk_len_bytes sig_get_sn_len_bytes'
kind_sizes='pk sk sn'
kind_ops='keygen sign verify'
kind_catalog=data/ngcc-round1-sig.csv
kind_id_prefix=sign
