/* check_kat.c - unit tests of the KAT driver's building blocks (libcheck).
 *
 * Part of ngcc-perf.  One suite per unit: sha256, canonical, manifest,
 * katgen, sandbox.  Fork mode (Check's default; CK_FORK=no under valgrind).
 *
 * Oracles: the FIPS 180-4 example digests; for the canonical form, SHA-256
 * of canonical texts written out by hand; for katgen, a fake KEM in this
 * file, run through the KEM kind's KAT hook (kind_kem.kat), whose every
 * output byte is known, and the record-0 and record-1 seeds
 * of kat.md / iccs.md.
 */
#define _POSIX_C_SOURCE 200809L

#include <check.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "canonical.h"
#include "katgen.h"
#include "kem_kat.h"
#include "manifest.h"
#include "sandbox.h"
#include "sha256.h"

/* ------------------------------------------------------------------------ */
/* helpers                                                                   */

static void hex_of(const void *data, size_t len, char hex[65])
{
    unsigned char d[32];
    ngcc_sha256(data, len, d);
    ngcc_sha256_hex(d, hex);
}

static const char *canon_hex(const char *text, enum ngcc_canon_mode mode,
                             unsigned long records)
{
    static char hex[65];
    struct ngcc_canon_result res;

    ck_assert_int_eq(ngcc_canon_digest_buffer(text, strlen(text), mode,
                                              records, &res), 0);
    memcpy(hex, res.hex, sizeof hex);
    return hex;
}

/* A temporary directory for file tests; removed by the caller's rm_tree. */
static char tmpdir[64];

static void make_tmpdir(void)
{
    strcpy(tmpdir, "/tmp/check_kat.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void remove_tmpdir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static char *slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    char *buf;
    long n;

    ck_assert_ptr_nonnull(fp);
    fseek(fp, 0, SEEK_END);
    n = ftell(fp);
    rewind(fp);
    buf = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, fp), (size_t)n);
    buf[n] = '\0';
    fclose(fp);
    return buf;
}

static void spew(const char *path, const char *text)
{
    FILE *fp = fopen(path, "wb");
    ck_assert_ptr_nonnull(fp);
    fputs(text, fp);
    ck_assert_int_eq(fclose(fp), 0);
}

/* ------------------------------------------------------------------------ */
/* sha256                                                                    */

START_TEST(sha256_fips_vectors)
{
    static const char two_block[] =
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    char hex[65];

    hex_of("", 0, hex);
    ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb924"
                          "27ae41e4649b934ca495991b7852b855");
    hex_of("abc", 3, hex);
    ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223"
                          "b00361a396177a9cb410ff61f20015ad");
    ck_assert_uint_eq(strlen(two_block) * 8, 448);
    hex_of(two_block, strlen(two_block), hex);
    ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039"
                          "a33ce45964ff2167f6ecedd419db06c1");
}
END_TEST

START_TEST(sha256_million_a)
{
    ngcc_sha256_ctx ctx;
    unsigned char block[1000], d[32];
    char hex[65];
    int i;

    memset(block, 'a', sizeof block);
    ngcc_sha256_init(&ctx);
    for (i = 0; i < 1000; i++)
        ngcc_sha256_update(&ctx, block, sizeof block);
    ngcc_sha256_final(&ctx, d);
    ngcc_sha256_hex(d, hex);
    ck_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67"
                          "f1809a48a497200e046d39ccc7112cd0");
}
END_TEST

/* Every split of a 200-byte message into two updates, and byte-by-byte,
 * gives the one-shot digest (block and padding boundaries: 55, 56, 63, 64). */
START_TEST(sha256_incremental)
{
    unsigned char msg[200], one[32], part[32];
    ngcc_sha256_ctx ctx;
    size_t len, cut, i;

    for (i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)(i * 7 + 3);
    for (len = 0; len <= sizeof msg; len += (len < 130 ? 1 : 23)) {
        ngcc_sha256(msg, len, one);
        for (cut = 0; cut <= len; cut++) {
            ngcc_sha256_init(&ctx);
            ngcc_sha256_update(&ctx, msg, cut);
            ngcc_sha256_update(&ctx, msg + cut, len - cut);
            ngcc_sha256_final(&ctx, part);
            ck_assert_mem_eq(one, part, 32);
        }
        ngcc_sha256_init(&ctx);
        for (i = 0; i < len; i++)
            ngcc_sha256_update(&ctx, msg + i, 1);
        ngcc_sha256_final(&ctx, part);
        ck_assert_mem_eq(one, part, 32);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* canonical                                                                 */

/* Two records as the official driver writes them, and their canonical form
 * (the same without the blank lines). */
static const char kat2[] =
    "Count = 0\n"
    "Seed_Len = 64\n"
    "Seed = 00AA\n"
    "PK_Len = 2\n"
    "PK = 0102\n"
    "SS_Len = 1\n"
    "SS = FF\n"
    "\n"
    "Count = 1\n"
    "Seed_Len = 64\n"
    "Seed = 11BB\n"
    "PK_Len = 2\n"
    "PK = 0304\n"
    "SS_Len = 1\n"
    "SS = EE\n"
    "\n";

static const char kat2_canon[] =
    "Count = 0\nSeed_Len = 64\nSeed = 00AA\nPK_Len = 2\nPK = 0102\n"
    "SS_Len = 1\nSS = FF\n"
    "Count = 1\nSeed_Len = 64\nSeed = 11BB\nPK_Len = 2\nPK = 0304\n"
    "SS_Len = 1\nSS = EE\n";

static const char kat2_nolen[] =
    "Count = 0\nSeed = 00AA\nPK = 0102\nSS = FF\n"
    "Count = 1\nSeed = 11BB\nPK = 0304\nSS = EE\n";

START_TEST(canon_plain)
{
    char want[65];
    struct ngcc_canon_result res;

    hex_of(kat2_canon, strlen(kat2_canon), want);
    ck_assert_int_eq(ngcc_canon_digest_buffer(kat2, strlen(kat2),
                                              NGCC_CANON_STRICT, 0, &res), 0);
    ck_assert_str_eq(res.hex, want);
    ck_assert_uint_eq(res.records, 2);
    ck_assert_uint_eq(res.lines, 14);
    /* The canonical form is a fixed point. */
    ck_assert_str_eq(canon_hex(kat2_canon, NGCC_CANON_STRICT, 0), want);
}
END_TEST

START_TEST(canon_crlf_and_trailing_blanks)
{
    const char *want = "";
    char ref[65];

    hex_of(kat2_canon, strlen(kat2_canon), ref);
    want = ref;
    ck_assert_str_eq(canon_hex(
        "Count = 0\r\nSeed_Len = 64\r\nSeed = 00AA\r\nPK_Len = 2\r\n"
        "PK = 0102\r\nSS_Len = 1\r\nSS = FF\r\n\r\n"
        "Count = 1\r\nSeed_Len = 64\r\nSeed = 11BB\r\nPK_Len = 2\r\n"
        "PK = 0304\r\nSS_Len = 1\r\nSS = EE\r\n\r\n",
        NGCC_CANON_STRICT, 0), want);
    ck_assert_str_eq(canon_hex(
        "Count = 0 \nSeed_Len = 64\t\nSeed = 00AA \t \nPK_Len = 2\r\t\n"
        "PK = 0102 \r\nSS_Len = 1\nSS = FF\n \t\n"
        "Count = 1\nSeed_Len = 64\nSeed = 11BB\nPK_Len = 2\nPK = 0304\n"
        "SS_Len = 1\nSS = EE",                   /* no final newline */
        NGCC_CANON_STRICT, 0), want);
    /* Trailing blank lines, blank lines holding blanks, a leading one. */
    ck_assert_str_eq(canon_hex(
        "\nCount = 0\nSeed_Len = 64\nSeed = 00AA\nPK_Len = 2\nPK = 0102\n"
        "SS_Len = 1\nSS = FF\n\n\n"
        "Count = 1\nSeed_Len = 64\nSeed = 11BB\nPK_Len = 2\nPK = 0304\n"
        "SS_Len = 1\nSS = EE\n\n\r\n  \n\n\n",
        NGCC_CANON_STRICT, 0), want);
    /* Leading blanks and inner changes do matter. */
    ck_assert_str_ne(canon_hex(
        " Count = 0\nSeed_Len = 64\nSeed = 00AA\nPK_Len = 2\nPK = 0102\n"
        "SS_Len = 1\nSS = FF\n"
        "Count = 1\nSeed_Len = 64\nSeed = 11BB\nPK_Len = 2\nPK = 0304\n"
        "SS_Len = 1\nSS = EE\n", NGCC_CANON_STRICT, 0), want);
    ck_assert_str_ne(canon_hex(
        "Count = 0\nSeed_Len = 64\nSeed = 00AA\nPK_Len = 2\nPK = 0102\n"
        "SS_Len = 1\nSS = FF\n"
        "Count = 1\nSeed_Len = 64\nSeed = 11BB\nPK_Len = 2\nPK = 0304\n"
        "SS_Len = 1\nSS = Ee\n", NGCC_CANON_STRICT, 0), want);
}
END_TEST

START_TEST(canon_file_without_final_newline)
{
    char want[65];
    struct ngcc_canon_result res;
    FILE *fp = tmpfile();

    ck_assert_ptr_nonnull(fp);
    fwrite(kat2, 1, strlen(kat2) - 2, fp); /* drop "\n\n" */
    rewind(fp);
    hex_of(kat2_canon, strlen(kat2_canon), want);
    ck_assert_int_eq(ngcc_canon_digest_file(fp, NGCC_CANON_STRICT, 0, &res),
                     0);
    ck_assert_str_eq(res.hex, want);
    ck_assert_uint_eq(res.records, 2);
    fclose(fp);
}
END_TEST

START_TEST(canon_nolen)
{
    char want[65];
    /* A template-mode text: the *_Len lines have no value. */
    static const char tmpl[] =
        "Count = 0\nSeed_Len = 64\nSeed = 00AA\nPK_Len = \nPK = 0102\n"
        "SS_Len =\nSS = FF\n\n"
        "Count = 1\nSeed_Len = 64\nSeed = 11BB\nPK_Len = \nPK = 0304\n"
        "SS_Len = \nSS = EE\n\n";

    hex_of(kat2_nolen, strlen(kat2_nolen), want);
    ck_assert_str_eq(canon_hex(kat2, NGCC_CANON_NOLEN, 0), want);
    ck_assert_str_eq(canon_hex(tmpl, NGCC_CANON_NOLEN, 0), want);
    strcpy(want, canon_hex(tmpl, NGCC_CANON_STRICT, 0));
    ck_assert_str_ne(want, canon_hex(kat2, NGCC_CANON_STRICT, 0));
    /* The key is the text before '=' with trailing blanks trimmed: "X_Len"
     * at the end of a value, or "_Len" inside a key, does not count. */
    hex_of("A = B_Len\nMy_Length = 3\n", 24, want);
    ck_assert_str_eq(canon_hex("A = B_Len\nMy_Length = 3\nPK_Len\t= 9\n",
                               NGCC_CANON_NOLEN, 0), want);
}
END_TEST

START_TEST(canon_first_records)
{
    static const char three[] =
        "# header line\n"
        "Count = 0\nPK = 01\n\nCount = 1\nPK = 02\n\nCount = 2\nPK = 03\n\n";
    char want[65];
    struct ngcc_canon_result res;

    hex_of("# header line\nCount = 0\nPK = 01\nCount = 1\nPK = 02\n", 50,
           want);
    ck_assert_int_eq(ngcc_canon_digest_buffer(three, strlen(three),
                                              NGCC_CANON_STRICT, 2, &res), 0);
    ck_assert_str_eq(res.hex, want);
    ck_assert_uint_eq(res.records, 2);
    /* A limit above the file's count covers everything. */
    ck_assert_int_eq(ngcc_canon_digest_buffer(three, strlen(three),
                                              NGCC_CANON_STRICT, 10, &res), 0);
    ck_assert_uint_eq(res.records, 3);
    ck_assert_str_eq(res.hex, canon_hex(three, NGCC_CANON_STRICT, 0));
    strcpy(want, canon_hex(three, NGCC_CANON_STRICT, 3));
    ck_assert_str_eq(want, canon_hex(three, NGCC_CANON_STRICT, 0));
}
END_TEST

START_TEST(canon_compare)
{
    struct ngcc_canon_reader a, b;
    struct ngcc_canon_diff d;
    /* Same as kat2 but CRLF, and SS of record 1 differs (line 15). */
    static const char other[] =
        "Count = 0\r\nSeed_Len = 64\r\nSeed = 00AA\r\nPK_Len = 2\r\n"
        "PK = 0102\r\nSS_Len = 1\r\nSS = FF\r\n\r\n"
        "Count = 1\r\nSeed_Len = 64\r\nSeed = 11BB\r\nPK_Len = 2\r\n"
        "PK = 0304\r\nSS_Len = 1\r\nSS = E0\r\n\r\n";

    ngcc_canon_reader_buffer(&a, kat2, strlen(kat2), NGCC_CANON_STRICT, 0);
    ngcc_canon_reader_buffer(&b, kat2_canon, strlen(kat2_canon),
                             NGCC_CANON_STRICT, 0);
    ck_assert_int_eq(ngcc_canon_compare(&a, &b, &d), 0);
    ck_assert_int_eq(d.kind, NGCC_CANON_SAME);

    ngcc_canon_reader_buffer(&a, other, strlen(other), NGCC_CANON_STRICT, 0);
    ngcc_canon_reader_buffer(&b, kat2, strlen(kat2), NGCC_CANON_STRICT, 0);
    ck_assert_int_eq(ngcc_canon_compare(&a, &b, &d), 1);
    ck_assert_int_eq(d.kind, NGCC_CANON_LINE_DIFFERS);
    ck_assert_int_eq(d.record_a, 1);
    ck_assert_uint_eq(d.line_a, 15);
    ck_assert_uint_eq(d.line_b, 15);
    ck_assert_str_eq(d.key, "SS");
    ck_assert_uint_eq(d.value_len_a, 2);
    ck_assert_uint_eq(d.value_len_b, 2);
    ck_assert_str_eq(d.value_a, "E0");

    /* Equal on the first record. */
    ngcc_canon_reader_buffer(&a, other, strlen(other), NGCC_CANON_STRICT, 1);
    ngcc_canon_reader_buffer(&b, kat2, strlen(kat2), NGCC_CANON_STRICT, 1);
    ck_assert_int_eq(ngcc_canon_compare(&a, &b, &d), 0);

    /* A ends first: B goes on at record 1, line 9. */
    ngcc_canon_reader_buffer(&a, kat2, strlen(kat2), NGCC_CANON_STRICT, 1);
    ngcc_canon_reader_buffer(&b, kat2, strlen(kat2), NGCC_CANON_STRICT, 0);
    ck_assert_int_eq(ngcc_canon_compare(&a, &b, &d), 1);
    ck_assert_int_eq(d.kind, NGCC_CANON_A_SHORTER);
    ck_assert_uint_eq(d.line_a, 0);
    ck_assert_uint_eq(d.line_b, 9);
    ck_assert_int_eq(d.record_b, 1);
    ck_assert_str_eq(d.key, "Count");

    ngcc_canon_reader_buffer(&a, kat2, strlen(kat2), NGCC_CANON_STRICT, 0);
    ngcc_canon_reader_buffer(&b, kat2, 20, NGCC_CANON_STRICT, 0);
    ck_assert_int_eq(ngcc_canon_compare(&a, &b, &d), 1);
    ck_assert_int_eq(d.kind, NGCC_CANON_LINE_DIFFERS); /* "Seed_Len =" */
    ck_assert_uint_eq(d.line_a, 2);
    ck_assert_str_eq(d.value_a, "64");
    ck_assert_str_eq(d.value_b, "");
    ck_assert_uint_eq(d.value_len_b, 0);
}
END_TEST

/* A value of another length: its length and first characters, for the
 * MISMATCH reason that says the lengths differ. */
START_TEST(canon_compare_value_lengths)
{
    struct ngcc_canon_reader a, b;
    struct ngcc_canon_diff d;
    static const char d256[] = "Msg_Len = 0\nMsg = \nDst = 00112233\n\n";
    static const char d512[] =
        "Msg_Len = 0\nMsg = \nDst = 0011223344556677889900112233445566\n\n";
    static const char empty[] = "Msg_Len = 0\nMsg =\nDst = 00\n\n";
    static const char noeq[] = "Msg_Len = 0\nno value\nDst = 00\n\n";

    ngcc_canon_set_record_key("Msg_Len");
    ngcc_canon_reader_buffer(&a, d256, strlen(d256), NGCC_CANON_STRICT, 0);
    ngcc_canon_reader_buffer(&b, d512, strlen(d512), NGCC_CANON_STRICT, 0);
    ck_assert_int_eq(ngcc_canon_compare(&a, &b, &d), 1);
    ck_assert_int_eq(d.kind, NGCC_CANON_LINE_DIFFERS);
    ck_assert_str_eq(d.key, "Dst");
    ck_assert_uint_eq(d.value_len_a, 8);
    ck_assert_uint_eq(d.value_len_b, 34);
    /* The copy is cut to the buffer, the length is not. */
    ck_assert_uint_eq(strlen(d.value_b), sizeof d.value_b - 1);
    ck_assert_int_eq(strncmp(d.value_b, "00112233445566778899", 20), 0);

    /* An empty value, and a line with no '=', have length 0. */
    ngcc_canon_reader_buffer(&a, empty, strlen(empty), NGCC_CANON_STRICT, 0);
    ngcc_canon_reader_buffer(&b, noeq, strlen(noeq), NGCC_CANON_STRICT, 0);
    ck_assert_int_eq(ngcc_canon_compare(&a, &b, &d), 1);
    ck_assert_uint_eq(d.line_a, 2);
    ck_assert_str_eq(d.key, "Msg");
    ck_assert_str_eq(d.key_b, "no value");
    ck_assert_uint_eq(d.value_len_a, 0);
    ck_assert_str_eq(d.value_a, "");
    ck_assert_uint_eq(d.value_len_b, 0);

    /* Lines of different keys: no values compared. */
    ngcc_canon_reader_buffer(&a, d256, strlen(d256), NGCC_CANON_STRICT, 0);
    ngcc_canon_reader_buffer(&b, noeq, strlen(noeq), NGCC_CANON_STRICT, 0);
    ck_assert_int_eq(ngcc_canon_compare(&a, &b, &d), 1);
    ck_assert_str_eq(d.key_b, "no value");
    ck_assert_uint_eq(d.value_len_a, 0);
    ck_assert_str_eq(d.value_a, "");
    ngcc_canon_set_record_key(NULL);
}
END_TEST

START_TEST(canon_template_detection)
{
    struct ngcc_canon_reader r;

    ngcc_canon_reader_buffer(&r, kat2, strlen(kat2), NGCC_CANON_STRICT, 0);
    ck_assert_int_eq(ngcc_canon_is_template(&r), 0);
    ngcc_canon_reader_buffer(&r, "Count = 0\nSeed_Len = 64\nPK_Len = \r\n",
                             35, NGCC_CANON_STRICT, 0);
    ck_assert_int_eq(ngcc_canon_is_template(&r), 1);
}
END_TEST

START_TEST(canon_keys_and_modes)
{
    const char *key;
    enum ngcc_canon_mode m;

    ck_assert_uint_eq(ngcc_canon_line_key("PK_Len \t= 3", 11, &key), 6);
    ck_assert_int_eq(strncmp(key, "PK_Len", 6), 0);
    ck_assert_uint_eq(ngcc_canon_line_key("no equals", 9, &key), 0);
    ck_assert_ptr_null(key);
    ck_assert_int_eq(ngcc_canon_mode_parse("nolen", 5, &m), 0);
    ck_assert_int_eq(m, NGCC_CANON_NOLEN);
    ck_assert_int_eq(ngcc_canon_mode_parse("strict", 6, &m), 0);
    ck_assert_int_eq(m, NGCC_CANON_STRICT);
    ck_assert_int_eq(ngcc_canon_mode_parse("strictly", 8, &m), -1);
    ck_assert_str_eq(ngcc_canon_mode_name(NGCC_CANON_NOLEN), "nolen");
}
END_TEST

/* ------------------------------------------------------------------------ */
/* manifest                                                                  */

#define H1 "6ec25ac26bf5c6901b8134545c1451cedcba71bfbf3753703643f564f0d8059c"
#define H2 "fea80ac3279be42641ec7f1499c95f160c745c1c0a61321a30a36141bc665321"
#define H3 "e38e8794da09443a946e0c3b1f3af32a8ba3ea199621c0dd3b6ed8ca2e6dfd5e"

static const char real_manifest[] =
    "# kem-08 BW-KEM\n"
    "\n"
    H1 " strict BW_KEM_C128/KAT_KEM_BW_KEM_C128.txt\n"
    H2 " strict BW_KEM_C256/KAT_KEM_BW_KEM_C256.txt\r\n"
    "   # indented comment\n"
    H3 "\tstrict:100   BW_KEM_C512/KAT_KEM_BW_KEM_C512.txt  \n"
    H1 " nolen KAT_KEM_Bare.txt";

START_TEST(manifest_parse)
{
    struct ngcc_manifest m;
    char err[256];

    ck_assert_int_eq(ngcc_manifest_parse_buffer(&m, "kat.sha256",
                                                real_manifest,
                                                strlen(real_manifest), err,
                                                sizeof err), 0);
    ck_assert_uint_eq(m.count, 4);
    ck_assert_str_eq(m.entries[0].hex, H1);
    ck_assert_int_eq(m.entries[0].mode, NGCC_CANON_STRICT);
    ck_assert_uint_eq(m.entries[0].records, 10);
    ck_assert_int_eq(m.entries[0].has_records, 0);
    ck_assert_str_eq(m.entries[0].path, "BW_KEM_C128/KAT_KEM_BW_KEM_C128.txt");
    ck_assert_str_eq(m.entries[0].file, "KAT_KEM_BW_KEM_C128.txt");
    ck_assert_uint_eq(m.entries[0].lineno, 3);
    ck_assert_str_eq(m.entries[1].path, "BW_KEM_C256/KAT_KEM_BW_KEM_C256.txt");
    ck_assert_uint_eq(m.entries[2].records, 100);
    ck_assert_int_eq(m.entries[2].has_records, 1);
    ck_assert_uint_eq(m.entries[2].lineno, 6);
    ck_assert_int_eq(m.entries[3].mode, NGCC_CANON_NOLEN);
    ck_assert_str_eq(m.entries[3].file, "KAT_KEM_Bare.txt");
    ck_assert_uint_eq(m.entries[3].lineno, 7);
    ngcc_manifest_free(&m);
}
END_TEST

START_TEST(manifest_lookup_order)
{
    static const char text[] =
        H1 " strict A/KAT_KEM_X.txt\n"
        H2 " strict B/KAT_KEM_X.txt\n"
        H3 " strict C/KAT_KEM_Y.txt\n"
        H1 " strict KAT_KEM_Z.txt\n";
    const struct ngcc_manifest_entry *e;
    struct ngcc_manifest m;
    char err[256];
    size_t amb;

    ck_assert_int_eq(ngcc_manifest_parse_buffer(&m, "m", text, strlen(text),
                                                err, sizeof err), 0);
    /* label/file first. */
    e = ngcc_manifest_lookup(&m, "B", "KAT_KEM_X.txt", &amb);
    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(e->hex, H2);
    /* Then the bare file name, under any label or none. */
    e = ngcc_manifest_lookup(&m, "OTHER", "KAT_KEM_Y.txt", &amb);
    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(e->path, "C/KAT_KEM_Y.txt");
    e = ngcc_manifest_lookup(&m, "Q", "KAT_KEM_Z.txt", &amb);
    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(e->path, "KAT_KEM_Z.txt");
    /* Two labels for one bare name: ambiguous. */
    e = ngcc_manifest_lookup(&m, "OTHER", "KAT_KEM_X.txt", &amb);
    ck_assert_ptr_null(e);
    ck_assert_uint_eq(amb, 2);
    /* A label that is a prefix of another does not match. */
    e = ngcc_manifest_lookup(&m, "", "KAT_KEM_W.txt", &amb);
    ck_assert_ptr_null(e);
    ck_assert_uint_eq(amb, 0);
    ngcc_manifest_free(&m);
}
END_TEST

/* Each malformed line sits at line 3 after a comment and a good line. */
static const struct {
    const char *line;
    const char *why; /* part of the message */
} bad_lines[] = {
    {"6ec25ac26bf5c6901b8134545c1451cedcba71bfbf3753703643f564f0d8059"
     " strict A/KAT_KEM_A.txt", "64 lowercase hex"},             /* 63 */
    {H1 "0 strict A/KAT_KEM_A.txt", "64 lowercase hex"},         /* 65 */
    {"6EC25AC26BF5C6901B8134545C1451CEDCBA71BFBF3753703643F564F0D8059C"
     " strict A/KAT_KEM_A.txt", "64 lowercase hex"},             /* upper */
    {"6ec25ac26bf5c6901b8134545c1451cedcba71bfbf3753703643f564f0d8059g"
     " strict A/KAT_KEM_A.txt", "64 lowercase hex"},             /* not hex */
    {H1, "missing mode"},
    {H1 "   ", "missing mode"},
    {H1 " exact A/KAT_KEM_A.txt", "unknown mode"},
    {H1 " Strict A/KAT_KEM_A.txt", "unknown mode"},
    {H1 " strict", "missing path"},
    {H1 " strict:0 A/KAT_KEM_A.txt", "record count"},
    {H1 " strict: A/KAT_KEM_A.txt", "record count"},
    {H1 " strict:x A/KAT_KEM_A.txt", "record count"},
    {H1 " strict:12x A/KAT_KEM_A.txt", "record count"},
    {H1 " strict:-1 A/KAT_KEM_A.txt", "record count"},
    {H1 " strict:99999999999999999999 A/KAT_KEM_A.txt", "record count"},
    {H1 " strict A/KAT_KEM_A.txt extra", "extra text"},
    {H1 " strict /abs/KAT_KEM_A.txt", "path"},
    {H1 " strict A/", "path"},
    {H1 " strict A//KAT_KEM_A.txt", "path"},
    {"strict A/KAT_KEM_A.txt", "64 lowercase hex"},
    {H2 " strict G/KAT_KEM_G.txt", "duplicate entry for G/KAT_KEM_G.txt "
                                   "(first at line 2)"},
};

START_TEST(manifest_malformed)
{
    struct ngcc_manifest m;
    char text[512], err[512], want[64];
    int n;

    n = snprintf(text, sizeof text, "# comment\n%s strict G/KAT_KEM_G.txt\n"
                 "%s\n\n", H1, bad_lines[_i].line);
    ck_assert_int_lt(n, (int)sizeof text);
    ck_assert_int_eq(ngcc_manifest_parse_buffer(&m, "dir/kat.sha256", text,
                                                strlen(text), err, sizeof err),
                     -1);
    ck_assert_uint_eq(m.count, 0);
    ck_assert_ptr_null(m.entries);
    snprintf(want, sizeof want, "dir/kat.sha256:3: ");
    ck_assert_msg(strncmp(err, want, strlen(want)) == 0,
                  "message '%s' does not start with '%s'", err, want);
    ck_assert_msg(strstr(err, bad_lines[_i].why) != NULL,
                  "message '%s' does not say '%s'", err, bad_lines[_i].why);
}
END_TEST

START_TEST(manifest_format)
{
    struct ngcc_manifest_entry e;
    char line[256], path[] = "L/KAT_KEM_L.txt";

    memset(&e, 0, sizeof e);
    strcpy(e.hex, H3);
    e.mode = NGCC_CANON_STRICT;
    e.records = 10;
    e.path = path;
    e.file = path + 2;
    ck_assert_int_eq(ngcc_manifest_format_line(&e, line, sizeof line),
                     (int)strlen(H3 " strict L/KAT_KEM_L.txt\n"));
    ck_assert_str_eq(line, H3 " strict L/KAT_KEM_L.txt\n");
    e.records = 100;
    e.mode = NGCC_CANON_NOLEN;
    ngcc_manifest_format_line(&e, line, sizeof line);
    ck_assert_str_eq(line, H3 " nolen:100 L/KAT_KEM_L.txt\n");
    ck_assert_int_eq(ngcc_manifest_format_line(&e, line, 10), -1);
    ck_assert_int_eq(ngcc_manifest_valid_component("GOOD-1"), 1);
    ck_assert_int_eq(ngcc_manifest_valid_component("a b"), 0);
    ck_assert_int_eq(ngcc_manifest_valid_component("a/b"), 0);
    ck_assert_int_eq(ngcc_manifest_valid_component(""), 0);
}
END_TEST

START_TEST(manifest_writer)
{
    struct ngcc_manifest_entry e;
    char path[128], err[512], p[] = "B/KAT_KEM_B.txt", q[] = "N/KAT_KEM_N.txt";
    char *text;
    struct stat st;

    make_tmpdir();
    snprintf(path, sizeof path, "%s/kat.sha256", tmpdir);
    spew(path, "# keep me\n"
               H1 " strict A/KAT_KEM_A.txt\n"
               "\n"
               H1 " strict B/KAT_KEM_B.txt\r\n"
               H2 " nolen:100 C/KAT_KEM_C.txt\n");
    ck_assert_int_eq(chmod(path, 0640), 0);

    /* Replace B: every other byte stays, CRLF kept on that line. */
    memset(&e, 0, sizeof e);
    strcpy(e.hex, H3);
    e.mode = NGCC_CANON_STRICT;
    e.records = 10;
    e.path = p;
    e.file = p + 2;
    ck_assert_int_eq(ngcc_manifest_update(path, &e, err, sizeof err), 0);
    text = slurp(path);
    ck_assert_str_eq(text, "# keep me\n"
                           H1 " strict A/KAT_KEM_A.txt\n"
                           "\n"
                           H3 " strict B/KAT_KEM_B.txt\r\n"
                           H2 " nolen:100 C/KAT_KEM_C.txt\n");
    free(text);
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0640);

    /* Add N with :5. */
    e.path = q;
    e.file = q + 2;
    e.records = 5;
    ck_assert_int_eq(ngcc_manifest_update(path, &e, err, sizeof err), 0);
    text = slurp(path);
    ck_assert_str_eq(text, "# keep me\n"
                           H1 " strict A/KAT_KEM_A.txt\n"
                           "\n"
                           H3 " strict B/KAT_KEM_B.txt\r\n"
                           H2 " nolen:100 C/KAT_KEM_C.txt\n"
                           H3 " strict:5 N/KAT_KEM_N.txt\n");
    free(text);

    /* A file without a final newline gets one before the new line. */
    spew(path, "# only a comment");
    ck_assert_int_eq(ngcc_manifest_update(path, &e, err, sizeof err), 0);
    text = slurp(path);
    ck_assert_str_eq(text, "# only a comment\n"
                           H3 " strict:5 N/KAT_KEM_N.txt\n");
    free(text);

    /* A malformed line: error naming it, file untouched. */
    spew(path, "# x\nnot a line\n");
    ck_assert_int_eq(ngcc_manifest_update(path, &e, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "kat.sha256:2: malformed") != NULL, "%s", err);
    text = slurp(path);
    ck_assert_str_eq(text, "# x\nnot a line\n");
    free(text);

    /* A missing file is created. */
    ck_assert_int_eq(unlink(path), 0);
    ck_assert_int_eq(ngcc_manifest_update(path, &e, err, sizeof err), 0);
    text = slurp(path);
    ck_assert_str_eq(text, H3 " strict:5 N/KAT_KEM_N.txt\n");
    free(text);

    /* No temporary file is left behind. */
    {
        char cmd[160];
        snprintf(cmd, sizeof cmd, "test `ls -A '%s' | wc -l` -eq 1", tmpdir);
        ck_assert_int_eq(system(cmd), 0);
    }
    remove_tmpdir();
}
END_TEST

START_TEST(manifest_load_errors)
{
    struct ngcc_manifest m;
    char path[128], err[512];

    make_tmpdir();
    snprintf(path, sizeof path, "%s/none.sha256", tmpdir);
    ck_assert_int_eq(ngcc_manifest_load(&m, path, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "none.sha256") != NULL, "%s", err);
    spew(path, H1 " strict A/KAT_KEM_A.txt\n");
    ck_assert_int_eq(ngcc_manifest_load(&m, path, err, sizeof err), 0);
    ck_assert_uint_eq(m.count, 1);
    ck_assert_str_eq(m.name, path);
    ngcc_manifest_free(&m);
    remove_tmpdir();
}
END_TEST

/* ------------------------------------------------------------------------ */
/* katgen: a fake KEM with known outputs                                     */

/* Record 0 and 1 seeds (kat.md section 1; iccs.md section 4). */
#define SEED0                                                            \
    "927F06B594798A4DDFAA4F03F92AAAF04E1D453F6ED1DE19B86D3AADE048A654"   \
    "83DF4754049B5CD3F586406CF2C64875C51EDB576DF342B5A970F40EABC15D3C"
#define SEED1_PREFIX "58561187CBBF6CDC0ECFB2D25965F936"

enum fault {
    F_NONE, F_ENC_OVERFLOW, F_KEYGEN_UNDERFLOW, F_DEC_FAILS_AT_3,
    F_DEC_WRONG_AT_3, F_KEYGEN_ERROR, F_ENC_LENGTH_LIE, F_SS1_OVERFLOW
};

static struct {
    enum fault fault;
    unsigned char seed[64];
    int seeded;
    unsigned long dec_calls;
} fake;

static unsigned long long f_pk_len(void) { return 4; }
static unsigned long long f_sk_len(void) { return 6; }
static unsigned long long f_ct_len(void) { return 3; }
static unsigned long long f_ss_len(void) { return 2; }

static int f_drng_seed(const unsigned char *seed, unsigned long long len)
{
    ck_assert_uint_eq(len, 64);
    memcpy(fake.seed, seed, 64);
    fake.seeded = 1;
    return 0;
}

static int f_keygen(unsigned char *pk, unsigned long long *pk_len,
                    unsigned char *sk, unsigned long long *sk_len)
{
    int i;

    ck_assert(fake.seeded);
    for (i = 0; i < 4; i++)
        pk[i] = (unsigned char)i;
    for (i = 0; i < 5; i++)
        sk[i] = (unsigned char)(0xA0 + i);
    *pk_len = 4;
    *sk_len = 5;        /* shorter than the getter's 6: printed as is */
    if (fake.fault == F_KEYGEN_UNDERFLOW)
        pk[-1] = 0;
    return fake.fault == F_KEYGEN_ERROR ? -3 : 0;
}

static int f_enc(unsigned char *pk, unsigned long long pk_len,
                 unsigned char *ss, unsigned long long *ss_len,
                 unsigned char *ct, unsigned long long *ct_len)
{
    ck_assert_uint_eq(pk_len, 4);
    ck_assert_int_eq(pk[3], 3);
    ct[0] = 0xC0;
    ct[1] = 0xC1;
    ct[2] = 0xC2;
    ss[0] = fake.seed[0];
    ss[1] = fake.seed[1];
    *ct_len = fake.fault == F_ENC_LENGTH_LIE ? 10 : 3;
    *ss_len = 2;
    if (fake.fault == F_ENC_OVERFLOW)
        ct[3] = (unsigned char)~ct[3];
    return 0;
}

static int f_dec(unsigned char *sk, unsigned long long sk_len,
                 unsigned char *ct, unsigned long long ct_len,
                 unsigned char *ss, unsigned long long *ss_len)
{
    ck_assert_uint_eq(sk_len, 5);
    ck_assert_uint_eq(ct_len, 3);
    ck_assert_int_eq(sk[0], 0xA0);
    ck_assert_int_eq(ct[2], 0xC2);
    fake.dec_calls++;
    ss[0] = fake.seed[0];
    ss[1] = fake.seed[1];
    *ss_len = 2;
    if (fake.dec_calls == 4 && fake.fault == F_DEC_FAILS_AT_3)
        return -1;
    if (fake.dec_calls == 4 && fake.fault == F_DEC_WRONG_AT_3)
        ss[1] ^= 0x10;
    if (fake.fault == F_SS1_OVERFLOW)
        ss[2] = (unsigned char)~ss[2];
    return 0;
}

static const struct ngcc_kem_api fake_api = {
    f_pk_len, f_sk_len, f_ct_len, f_ss_len, f_keygen, f_enc, f_dec,
    f_drng_seed,
};

static void fake_reset(void)
{
    memset(&fake, 0, sizeof fake);
}

/* Run katgen on the fake; the text goes to *TEXT (malloc'ed). */
static enum ngcc_katgen_status run_fake(enum fault fault,
                                        unsigned long records, int blank,
                                        char **text, char *msg, size_t msgsize)
{
    struct ngcc_katgen_opts opts;
    enum ngcc_katgen_status st;
    size_t len;
    FILE *out;

    fake_reset();
    fake.fault = fault;
    out = open_memstream(text, &len);
    ck_assert_ptr_nonnull(out);
    memset(&opts, 0, sizeof opts);
    opts.records = records;
    opts.blank = blank;
    st = kind_kem.kat->run(&fake_api, &opts, out, msg, msgsize);
    ck_assert_int_eq(fclose(out), 0);
    return st;
}

START_TEST(katgen_record_text)
{
    char *text, msg[256];

    ck_assert_int_eq(run_fake(F_NONE, 1, 0, &text, msg, sizeof msg),
                     NGCC_KATGEN_OK);
    ck_assert_str_eq(msg, "");
    ck_assert_str_eq(text,
                     "Count = 0\n"
                     "Seed_Len = 64\n"
                     "Seed = " SEED0 "\n"
                     "PK_Len = 4\n"
                     "PK = 00010203\n"
                     "SK_Len = 5\n"
                     "SK = A0A1A2A3A4\n"
                     "CT_Len = 3\n"
                     "CT = C0C1C2\n"
                     "SS_Len = 2\n"
                     "SS = 927F\n"
                     "\n");
    /* The seed reached the scheme's DRNG. */
    ck_assert_int_eq(fake.seed[0], 0x92);
    ck_assert_int_eq(fake.seed[63], 0x3C);
    free(text);
}
END_TEST

START_TEST(katgen_records_follow)
{
    char *text, msg[256], *rec1;

    ck_assert_int_eq(run_fake(F_NONE, 3, 0, &text, msg, sizeof msg),
                     NGCC_KATGEN_OK);
    rec1 = strstr(text, "\nCount = 1\nSeed_Len = 64\nSeed = " SEED1_PREFIX);
    ck_assert_ptr_nonnull(rec1);
    ck_assert_ptr_nonnull(strstr(rec1, "\n\nCount = 2\n"));
    ck_assert_ptr_null(strstr(text, "Count = 3"));
    ck_assert_ptr_null(strchr(text, '\r'));
    ck_assert_uint_eq(fake.dec_calls, 3);
    ck_assert_str_eq(text + strlen(text) - 2, "\n\n");
    free(text);
}
END_TEST

START_TEST(katgen_blank_mode)
{
    char *text, msg[256];

    ck_assert_int_eq(run_fake(F_NONE, 1, 1, &text, msg, sizeof msg),
                     NGCC_KATGEN_OK);
    ck_assert_str_eq(text,
                     "Count = 0\n"
                     "Seed_Len = 64\n"
                     "Seed = " SEED0 "\n"
                     "PK_Len = \n"
                     "PK = 00010203\n"
                     "SK_Len = \n"
                     "SK = A0A1A2A3A4\n"
                     "CT_Len = \n"
                     "CT = C0C1C2\n"
                     "SS_Len = \n"
                     "SS = 927F\n"
                     "\n");
    free(text);
}
END_TEST

START_TEST(katgen_overflow_after)
{
    char *text, msg[256];

    ck_assert_int_eq(run_fake(F_ENC_OVERFLOW, 10, 0, &text, msg, sizeof msg),
                     NGCC_KATGEN_OVERFLOW);
    ck_assert_msg(strstr(msg, "kem_enc wrote past the end of ct") != NULL,
                  "%s", msg);
    ck_assert_msg(strstr(msg, "ct[3]") != NULL, "%s", msg);
    ck_assert_msg(strstr(msg, "record 0") != NULL, "%s", msg);
    free(text);
}
END_TEST

START_TEST(katgen_overflow_before)
{
    char *text, msg[256];

    ck_assert_int_eq(run_fake(F_KEYGEN_UNDERFLOW, 10, 0, &text, msg,
                              sizeof msg), NGCC_KATGEN_OVERFLOW);
    ck_assert_msg(strstr(msg, "kem_keygen wrote before the start of pk") !=
                      NULL, "%s", msg);
    ck_assert_msg(strstr(msg, "pk[-1]") != NULL, "%s", msg);
    free(text);
}
END_TEST

START_TEST(katgen_overflow_dec_output)
{
    char *text, msg[256];

    ck_assert_int_eq(run_fake(F_SS1_OVERFLOW, 10, 0, &text, msg, sizeof msg),
                     NGCC_KATGEN_OVERFLOW);
    ck_assert_msg(strstr(msg, "kem_dec wrote past the end of ss1") != NULL,
                  "%s", msg);
    free(text);
}
END_TEST

START_TEST(katgen_cryptofail_dec_fails)
{
    char *text, msg[256];

    ck_assert_int_eq(run_fake(F_DEC_FAILS_AT_3, 10, 0, &text, msg,
                              sizeof msg), NGCC_KATGEN_CRYPTOFAIL);
    ck_assert_str_eq(msg, "kem_dec returned -1 at record 3");
    free(text);
}
END_TEST

START_TEST(katgen_cryptofail_dec_disagrees)
{
    char *text, msg[256];

    ck_assert_int_eq(run_fake(F_DEC_WRONG_AT_3, 10, 0, &text, msg,
                              sizeof msg), NGCC_KATGEN_CRYPTOFAIL);
    ck_assert_msg(strstr(msg, "kem_dec disagrees with kem_enc at record 3") !=
                      NULL, "%s", msg);
    free(text);
}
END_TEST

START_TEST(katgen_cryptofail_other_calls)
{
    char *text, msg[256];

    ck_assert_int_eq(run_fake(F_KEYGEN_ERROR, 10, 0, &text, msg, sizeof msg),
                     NGCC_KATGEN_CRYPTOFAIL);
    ck_assert_str_eq(msg, "kem_keygen returned -3 at record 0");
    free(text);
    ck_assert_int_eq(run_fake(F_ENC_LENGTH_LIE, 10, 0, &text, msg,
                              sizeof msg), NGCC_KATGEN_CRYPTOFAIL);
    ck_assert_msg(strstr(msg, "kem_enc returned ct_len 10") != NULL, "%s",
                  msg);
    free(text);
}
END_TEST

static unsigned long long f_huge_len(void) { return 1ULL << 40; }

START_TEST(katgen_absurd_getter)
{
    struct ngcc_kem_api api = fake_api;
    struct ngcc_katgen_opts opts;
    char msg[256];
    FILE *out = fopen("/dev/null", "w");

    ck_assert_ptr_nonnull(out);
    fake_reset();
    memset(&opts, 0, sizeof opts);
    opts.records = 1;
    api.ct_len = f_huge_len;
    ck_assert_int_eq(kind_kem.kat->run(&api, &opts, out, msg, sizeof msg),
                     NGCC_KATGEN_CRYPTOFAIL);
    ck_assert_msg(strstr(msg, "kem_get_ct_len_bytes() returned 1099511627776")
                      != NULL, "%s", msg);
    ck_assert_str_eq(ngcc_katgen_status_name(NGCC_KATGEN_NOMEM), "NOMEM");
    fclose(out);
}
END_TEST

static char progress_log[512];

static void on_progress(void *arg, unsigned long record, const char *call)
{
    size_t n = strlen(progress_log);
    (void)arg;
    snprintf(progress_log + n, sizeof progress_log - n, "%lu:%s ", record,
             call);
}

START_TEST(katgen_progress)
{
    struct ngcc_katgen_opts opts;
    char msg[64];
    FILE *out = fopen("/dev/null", "w");

    ck_assert_ptr_nonnull(out);
    fake_reset();
    progress_log[0] = '\0';
    memset(&opts, 0, sizeof opts);
    opts.records = 2;
    opts.progress = on_progress;
    ck_assert_int_eq(kind_kem.kat->run(&fake_api, &opts, out, msg, sizeof msg),
                     NGCC_KATGEN_OK);
    fclose(out);
    ck_assert_str_eq(progress_log,
                     "0:kem_get_pk_len_bytes 0:kem_get_sk_len_bytes "
                     "0:kem_get_ct_len_bytes 0:kem_get_ss_len_bytes "
                     "0:ngcc_drng_seed 0:kem_keygen 0:kem_enc 0:kem_dec "
                     "1:ngcc_drng_seed 1:kem_keygen 1:kem_enc 1:kem_dec ");
}
END_TEST

START_TEST(katgen_file_names)
{
    char buf[NGCC_KATGEN_NAME_MAX];

    ck_assert_int_eq(ngcc_katgen_filename(&kind_kem, "POLARLAC-512-Star", buf,
                                          sizeof buf), 0);
    ck_assert_str_eq(buf, "KAT_KEM_POLARLAC-512-Star.txt");
    ck_assert_int_eq(ngcc_katgen_filename(&kind_kem, "", buf, sizeof buf), -1);
    ck_assert_int_eq(ngcc_katgen_filename(&kind_kem, "a/b", buf, sizeof buf), -1);
    ck_assert_int_eq(ngcc_katgen_filename(&kind_kem, "a b", buf, sizeof buf), -1);
    ck_assert_int_eq(ngcc_katgen_filename(&kind_kem, "abc", buf, 12), -1);
    ck_assert_int_eq(ngcc_katgen_valid_instance("BW_KEM_C128"), 1);
    ck_assert_int_eq(ngcc_katgen_valid_instance("Loong.128"), 0);
    ck_assert_int_eq(ngcc_katgen_valid_instance(""), 0);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* sandbox                                                                   */

struct lines {
    char text[1024];
    int count;
};

static void collect(const char *line, size_t len, void *arg)
{
    struct lines *l = arg;
    size_t n = strlen(l->text);
    (void)len;
    snprintf(l->text + n, sizeof l->text - n, "[%s]", line);
    l->count++;
}

static int child_talks(int fd, void *arg)
{
    (void)arg;
    ngcc_sandbox_send(fd, "hello %d", 1);
    ngcc_sandbox_send(fd, "two\nlines");
    ck_assert_int_eq(write(fd, "no newline", 10), 10);
    return 3;
}

static int child_segv(int fd, void *arg)
{
    (void)arg;
    ngcc_sandbox_send(fd, "before");
    raise(SIGSEGV);
    return 0;
}

static int child_hangs(int fd, void *arg)
{
    (void)fd;
    (void)arg;
    for (;;)
        pause();
    return 0;
}

static int child_allocates(int fd, void *arg)
{
    void *p = malloc((size_t)2048 << 20);
    (void)arg;
    ngcc_sandbox_send(fd, "%s", p ? "got" : "refused");
    free(p);
    return 0;
}

START_TEST(sandbox_exit_and_lines)
{
    struct ngcc_sandbox_limits lim = {10, 0, NULL, NULL, NULL};
    struct ngcc_sandbox_result res;
    struct lines l;
    char err[128];

    memset(&l, 0, sizeof l);
    ck_assert_int_eq(ngcc_sandbox_run(&lim, child_talks, NULL, &(struct ngcc_sandbox_io){collect, NULL, &l},
                                      &res, err, sizeof err), 0);
    ck_assert_int_eq(res.outcome, NGCC_SANDBOX_EXITED);
    ck_assert_int_eq(res.exit_code, 3);
    ck_assert_str_eq(l.text, "[hello 1][two lines][no newline]");
}
END_TEST

START_TEST(sandbox_signal)
{
    struct ngcc_sandbox_limits lim = {10, 0, NULL, NULL, NULL};
    struct ngcc_sandbox_result res;
    struct lines l;
    char err[128];

    memset(&l, 0, sizeof l);
    ck_assert_int_eq(ngcc_sandbox_run(&lim, child_segv, NULL, &(struct ngcc_sandbox_io){collect, NULL, &l},
                                      &res, err, sizeof err), 0);
    ck_assert_int_eq(res.outcome, NGCC_SANDBOX_SIGNALED);
    ck_assert_int_eq(res.signal, SIGSEGV);
    ck_assert_str_eq(ngcc_sandbox_signame(res.signal), "SIGSEGV");
    ck_assert_str_eq(l.text, "[before]");
    ck_assert_str_eq(ngcc_sandbox_signame(SIGABRT), "SIGABRT");
}
END_TEST

START_TEST(sandbox_timeout)
{
    struct ngcc_sandbox_limits lim = {0.3, 0, NULL, NULL, NULL};
    struct ngcc_sandbox_result res;
    char err[128];

    ck_assert_int_eq(ngcc_sandbox_run(&lim, child_hangs, NULL, NULL,
                                      &res, err, sizeof err), 0);
    ck_assert_int_eq(res.outcome, NGCC_SANDBOX_TIMEOUT);
    ck_assert(res.elapsed_s >= 0.3);
    ck_assert(res.elapsed_s < 3);
}
END_TEST

START_TEST(sandbox_memory_limit)
{
    struct ngcc_sandbox_limits lim = {10, 1024, NULL, NULL, NULL};
    struct ngcc_sandbox_result res;
    struct lines l;
    char err[128];

    memset(&l, 0, sizeof l);
    ck_assert_int_eq(ngcc_sandbox_run(&lim, child_allocates, NULL, &(struct ngcc_sandbox_io){collect, NULL, &l}, &res, err, sizeof err), 0);
    ck_assert_int_eq(res.outcome, NGCC_SANDBOX_EXITED);
    if (res.memory_limited)
        ck_assert_str_eq(l.text, "[refused]");
    lim.memory_mib = 0;
    memset(&l, 0, sizeof l);
    ck_assert_int_eq(ngcc_sandbox_run(&lim, child_allocates, NULL, &(struct ngcc_sandbox_io){collect, NULL, &l}, &res, err, sizeof err), 0);
    ck_assert_int_eq(res.memory_limited, 0);
    ck_assert_str_eq(l.text, "[got]");
}
END_TEST

/* ------------------------------------------------------------------------ */

static Suite *suite_sha256(void)
{
    Suite *s = suite_create("sha256");
    TCase *tc = tcase_create("fips180-4");
    tcase_add_test(tc, sha256_fips_vectors);
    tcase_add_test(tc, sha256_million_a);
    tcase_add_test(tc, sha256_incremental);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *suite_canonical(void)
{
    Suite *s = suite_create("canonical");
    TCase *tc = tcase_create("digest");
    tcase_add_test(tc, canon_plain);
    tcase_add_test(tc, canon_crlf_and_trailing_blanks);
    tcase_add_test(tc, canon_file_without_final_newline);
    tcase_add_test(tc, canon_nolen);
    tcase_add_test(tc, canon_first_records);
    tcase_add_test(tc, canon_keys_and_modes);
    suite_add_tcase(s, tc);
    tc = tcase_create("compare");
    tcase_add_test(tc, canon_compare);
    tcase_add_test(tc, canon_compare_value_lengths);
    tcase_add_test(tc, canon_template_detection);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *suite_manifest(void)
{
    Suite *s = suite_create("manifest");
    TCase *tc = tcase_create("parse");
    tcase_add_test(tc, manifest_parse);
    tcase_add_test(tc, manifest_lookup_order);
    tcase_add_loop_test(tc, manifest_malformed, 0,
                        (int)(sizeof bad_lines / sizeof bad_lines[0]));
    tcase_add_test(tc, manifest_load_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("write");
    tcase_add_test(tc, manifest_format);
    tcase_add_test(tc, manifest_writer);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *suite_katgen(void)
{
    Suite *s = suite_create("katgen");
    TCase *tc = tcase_create("text");
    tcase_add_test(tc, katgen_record_text);
    tcase_add_test(tc, katgen_records_follow);
    tcase_add_test(tc, katgen_blank_mode);
    tcase_add_test(tc, katgen_progress);
    tcase_add_test(tc, katgen_file_names);
    suite_add_tcase(s, tc);
    tc = tcase_create("faults");
    tcase_add_test(tc, katgen_overflow_after);
    tcase_add_test(tc, katgen_overflow_before);
    tcase_add_test(tc, katgen_overflow_dec_output);
    tcase_add_test(tc, katgen_cryptofail_dec_fails);
    tcase_add_test(tc, katgen_cryptofail_dec_disagrees);
    tcase_add_test(tc, katgen_cryptofail_other_calls);
    tcase_add_test(tc, katgen_absurd_getter);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *suite_sandbox(void)
{
    Suite *s = suite_create("sandbox");
    TCase *tc = tcase_create("child");
    tcase_add_test(tc, sandbox_exit_and_lines);
    tcase_add_test(tc, sandbox_signal);
    tcase_add_test(tc, sandbox_timeout);
    tcase_add_test(tc, sandbox_memory_limit);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite_sha256());
    int failed;

    srunner_add_suite(sr, suite_canonical());
    srunner_add_suite(sr, suite_manifest());
    srunner_add_suite(sr, suite_katgen());
    srunner_add_suite(sr, suite_sandbox());
    /* Fork mode unless CK_FORK=no (valgrind). */
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
