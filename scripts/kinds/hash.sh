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
# Only make check-full runs these (1 GiB messages, 10^6 chained calls).
kind_kat_full='KAT_2_33_%s.txt KAT_Loop_%s.txt'
# Their time from make check's files' (make check-full's estimate): 2^33
# bits = 1024 x 2^23; 10^6 calls of 1 KiB ~ 244 x (4097 short calls + 3 MiB).
kind_kat_cost='KAT_2_33=1024*KAT_2_23 KAT_Loop=244*KAT_2_12+244*KAT_2_23'
# make bench-plan: the campaign's two files in rounds of kind_ops (one call
# each, 96 KB): 1 MiB in 4097 calls, 3 MiB, 2 MiB from the DRNG.
kind_kat_plan_rounds=70
kind_getters='ngcc_hash_digest_len_bytes'
kind_sizes='digest'
kind_ops='hash_32 hash_128 hash_512 hash_1024 hash_4096 hash_8192 hash_16384 hash_65536'
kind_catalog=data/ngcc-round1-hash.csv
kind_id_prefix=hash
