# kinds/kex.sh -- the kind table of the key exchange, as the scripts see it.
#
# Part of ngcc-perf.  kinds/kem.sh says what each variable means; the
# getters, sizes, ops and catalog are src/kinds/kex.c's
# (tests/hygiene/kinds.test compares).  The number of passes is the
# instance's (kex_get_passes_num): pass1 ... pass4 exist only for a
# protocol of that many passes (kind_op_needs), which the campaign learns
# from the KAT log's passes_len.  Only the whole exchange is profiled: a
# step is timed inside a whole exchange, whose hash and DRNG calls a
# profile of the step would count too (kind_profile_ops).  kind_api lists
# the passes up to the package's KEX_MAX_PASSES (src/kinds/kex_proto.h):
# exported when the library has them.

kind_name=kex
kind_label='key exchange'
kind_header=KEX_AlgorithmInstance.h
kind_marker=kex_init_a
kind_api='kex_get_passes_num kex_get_pk_len_bytes kex_get_sk_len_bytes kex_get_sta_len_bytes kex_get_stb_len_bytes kex_get_ss_len_bytes kex_get_total_msg_len_bytes kex_init_a kex_init_b kex_generate_pass1_msg_a kex_generate_pass2_msg_b kex_generate_pass3_msg_a kex_generate_pass4_msg_b kex_generate_pass5_msg_a kex_generate_pass6_msg_b kex_generate_pass7_msg_a kex_generate_pass8_msg_b kex_derive_ss_a kex_derive_ss_b'
kind_kat_file='KAT_KEX_%s.txt'
kind_getters='kex_get_passes_num kex_get_pk_len_bytes kex_get_sk_len_bytes kex_get_sta_len_bytes kex_get_stb_len_bytes kex_get_ss_len_bytes kex_get_total_msg_len_bytes'
kind_sizes='passes pk sk sta stb ss msg'
kind_ops='exchange init_a init_b pass1 pass2 pass3 pass4 derive_a derive_b'
kind_op_needs='pass1=passes:1 pass2=passes:2 pass3=passes:3 pass4=passes:4'
kind_profile_ops='exchange'
kind_catalog=data/ngcc-round1-kex.csv
kind_id_prefix=kex
