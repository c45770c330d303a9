# kinds/hash.sh -- the kind table of the hash function (CryptHash), as the scripts see it.
#
# Part of ngcc-perf.  kinds/kem.sh says what each variable means; the
# getters, sizes, ops and catalog are src/kinds/hash.c's
# (tests/hygiene/kinds.test compares).  The digest length is a macro of the
# instance header (DIGEST_BIT_LENGTH); the instance glue makes it the getter
# ngcc_hash_digest_len_bytes.  The official driver writes four KAT files
# (kind_kat_files); kind_kat_file is the first, the one every build checks.

kind_name=hash
kind_label=hash
kind_header=CryptHash_AlgorithmInstance.h
kind_marker=CryptHash
kind_api='CryptHash'
kind_kat_file='KAT_2_12_%s.txt'
kind_kat_files='KAT_2_12_%s.txt KAT_2_23_%s.txt KAT_2_33_%s.txt KAT_Loop_%s.txt'
kind_getters='ngcc_hash_digest_len_bytes'
kind_sizes='digest'
kind_ops='hash_32 hash_128 hash_512 hash_1024 hash_4096 hash_8192 hash_16384 hash_65536'
kind_catalog=data/ngcc-round1-hash.csv
kind_id_prefix=hash
