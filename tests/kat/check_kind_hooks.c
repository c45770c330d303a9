/* check_kind_hooks.c - unit tests of the kinds' KAT and screening hooks
 * (src/kinds/kind_kat.h, kind_screen.h) and of what the KAT gate and the
 * screening derive from the table (libcheck).
 *
 * Part of ngcc-perf.  Oracles: the KEM's names as the specification gives
 * them (KAT_KEM_<instance>.txt, the kem_* symbols, the checks asan-keygen,
 * asan-enc, asan-dec of doc/screen.md; KAT_SIG.c's fields, message lengths
 * and message DRNG as kinds.md gives them), and fake kinds made here whose
 * every answer is known.  A broken entry of the KEM table fails one.
 */
#define _POSIX_C_SOURCE 200809L

#include <check.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "katgen.h"
#include "kem_kat.h"
#include "kind.h"
#include "kind_kat.h"
#include "kind_screen.h"
#include "screen_kind.h"
#include "sig_kat.h"

/* ---- the table and the KAT file names ---------------------------------- */

START_TEST(kem_entry)
{
    const struct kind *k = kind_find("kem");

    ck_assert_ptr_eq(k, &kind_kem);
    ck_assert_ptr_eq(kinds[0], &kind_kem);
    ck_assert_ptr_eq(k->kat, &kem_kat);
    ck_assert_ptr_eq((const void *)k->screen, (const void *)&kem_screen);
    ck_assert_str_eq(k->kat->official_driver, "KAT_KEM.c");
    ck_assert_uint_eq(k->kat->api_size, sizeof(struct ngcc_kem_api));
    ck_assert_uint_le(k->kat->api_size, sizeof(kind_kat_api));
    ck_assert_ptr_null(kind_find("sig-not-yet"));
    ck_assert_ptr_null(kind_find(NULL));
}
END_TEST

START_TEST(kat_file_from_pattern)
{
    struct kind fake = kind_kem;
    char buf[NGCC_KATGEN_NAME_MAX];

    ck_assert_int_eq(ngcc_katgen_filename(&kind_kem, "BW_KEM_C128", buf,
                                          sizeof buf), 0);
    ck_assert_str_eq(buf, "KAT_KEM_BW_KEM_C128.txt");
    /* A bad instance name is refused whatever the pattern. */
    ck_assert_int_eq(ngcc_katgen_filename(&kind_kem, "../x", buf,
                                          sizeof buf), -1);
    ck_assert_int_eq(ngcc_katgen_filename(&kind_kem, "a\tb", buf,
                                          sizeof buf), -1);
    ck_assert_int_eq(ngcc_katgen_filename(&kind_kem, "", buf, sizeof buf),
                     -1);
    /* The pattern is the table's, not the gate's. */
    fake.kat_file = "KAT_SIGN_%s.rsp";
    ck_assert_int_eq(ngcc_katgen_filename(&fake, "Aigis", buf, sizeof buf),
                     0);
    ck_assert_str_eq(buf, "KAT_SIGN_Aigis.rsp");
    ck_assert_int_eq(ngcc_katgen_filename(&fake, "Aigis", buf, 19), 0);
    ck_assert_int_eq(ngcc_katgen_filename(&fake, "Aigis", buf, 18), -1);
    fake.kat_file = "%s";
    ck_assert_int_eq(ngcc_katgen_filename(&fake, "x", buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "x");
    /* A broken entry: no hole, two, a stray conversion, no driver. */
    fake.kat_file = "KAT.txt";
    ck_assert_int_eq(ngcc_katgen_filename(&fake, "x", buf, sizeof buf), -1);
    fake.kat_file = "%s_%s.txt";
    ck_assert_int_eq(ngcc_katgen_filename(&fake, "x", buf, sizeof buf), -1);
    fake.kat_file = "%d_%s.txt";
    ck_assert_int_eq(ngcc_katgen_filename(&fake, "x", buf, sizeof buf), -1);
    fake.kat_file = NULL;
    ck_assert_int_eq(ngcc_katgen_filename(&fake, "x", buf, sizeof buf), -1);
    fake.kat_file = "KAT_%s.txt";
    fake.kat = NULL;
    ck_assert_int_eq(ngcc_katgen_filename(&fake, "x", buf, sizeof buf), -1);
    ck_assert_int_eq(ngcc_katgen_filename(NULL, "x", buf, sizeof buf), -1);
}
END_TEST

/* ---- resolving the KEM's API ------------------------------------------- */

static char looked_up[512];
static const char *absent1, *absent2;

static int fake_symbol(void) { return 0; }

static int fake_lookup(void *h, const char *name, void *fnptr, size_t size)
{
    int (*fn)(void) = fake_symbol;
    size_t n = strlen(looked_up);

    ck_assert_ptr_eq(h, looked_up);
    snprintf(looked_up + n, sizeof looked_up - n, "%s ", name);
    if ((absent1 && strcmp(name, absent1) == 0) ||
        (absent2 && strcmp(name, absent2) == 0))
        return -1;
    ck_assert_uint_eq(size, sizeof fn);
    memcpy(fnptr, &fn, size);
    return 0;
}

START_TEST(kem_resolve)
{
    kind_kat_api api;
    struct ngcc_kem_api kem;
    char missing[128] = "";

    looked_up[0] = '\0';
    absent1 = absent2 = NULL;
    ck_assert_int_eq(kind_kem.kat->resolve(&api, fake_lookup, looked_up,
                                           missing, sizeof missing), 0);
    ck_assert_str_eq(looked_up,
                     "kem_get_pk_len_bytes kem_get_sk_len_bytes "
                     "kem_get_ct_len_bytes kem_get_ss_len_bytes kem_keygen "
                     "kem_enc kem_dec ngcc_drng_seed ");
    ck_assert_str_eq(missing, "");
    memcpy(&kem, &api, sizeof kem);
    ck_assert(kem.pk_len != NULL);
    ck_assert(kem.dec != NULL);
    ck_assert(kem.drng_seed != NULL);

    looked_up[0] = '\0';
    absent1 = "kem_enc";
    absent2 = "ngcc_drng_seed";
    ck_assert_int_eq(kind_kem.kat->resolve(&api, fake_lookup, looked_up,
                                           missing, sizeof missing), -1);
    ck_assert_str_eq(missing, "kem_enc, ngcc_drng_seed");
    memcpy(&kem, &api, sizeof kem);
    ck_assert(kem.enc == NULL);
    ck_assert(kem.keygen != NULL);
}
END_TEST

/* ---- the screening's checks and loop ----------------------------------- */

START_TEST(screen_checks_from_table)
{
    char names[SCREEN_MAX_CHECKS][SCREEN_CHECK_NAME];
    static const struct kind_op two[] = {
        { "sign", "sig_sign", "", "", 0 }, { "verify", "sig_verify", "", "", 0 },
    };
    struct kind fake = kind_kem;

    ck_assert_uint_eq(screen_check_names(&kind_kem, names, SCREEN_MAX_CHECKS), 6);
    ck_assert_str_eq(names[0], "asan-kat");
    ck_assert_str_eq(names[1], "asan-keygen");
    ck_assert_str_eq(names[2], "asan-enc");
    ck_assert_str_eq(names[3], "asan-dec");
    ck_assert_str_eq(names[4], "memcheck");
    ck_assert_str_eq(names[5], "secret");
    fake.ops = two;
    fake.nops = 2;
    ck_assert_uint_eq(screen_check_names(&fake, names, SCREEN_MAX_CHECKS), 5);
    ck_assert_str_eq(names[1], "asan-sign");
    ck_assert_str_eq(names[2], "asan-verify");
    ck_assert_str_eq(names[3], "memcheck");
    /* The kind of an instance: the first type given, else the first kind. */
    {
        const char *types[3] = { "", "kem", "nonsense" };
        ck_assert_ptr_eq(screen_kind(types, 3), &kind_kem);
        ck_assert_ptr_eq(screen_kind(types, 1), kinds[0]);
        ck_assert_ptr_null(screen_kind(types + 2, 1));
    }
}
END_TEST

START_TEST(screen_type_from_conf)
{
    char path[] = "/tmp/check_kind_hooks.XXXXXX", type[64];
    FILE *fp;
    int fd = mkstemp(path);

    ck_assert_int_ge(fd, 0);
    fp = fdopen(fd, "w");
    ck_assert_ptr_nonnull(fp);
    fputs("id      x\ntype    kem\n\ninstance  A\ndefines X\n\n"
          "instance  B\ntype   sig\n", fp);
    ck_assert_int_eq(fclose(fp), 0);
    screen_conf_type(path, "A", type, sizeof type);
    ck_assert_str_eq(type, "kem");
    screen_conf_type(path, "B", type, sizeof type);
    ck_assert_str_eq(type, "sig");
    screen_conf_type(path, "C", type, sizeof type);
    ck_assert_str_eq(type, "kem");
    unlink(path);
    screen_conf_type(path, "A", type, sizeof type);
    ck_assert_str_eq(type, "");
    screen_conf_type(NULL, "A", type, sizeof type);
    ck_assert_str_eq(type, "");
}
END_TEST

/* A fake KEM: 4-byte pk, 5-byte sk, 3-byte ct, 2-byte ss; counts calls. */
static struct {
    int keygen, enc, dec, seeded;
    const void *pk, *sk, *ct;
    int pk_public, sk_public, ct_public;
} fk;

static unsigned long long fk_pk(void) { return 4; }
static unsigned long long fk_sk(void) { return 5; }
static unsigned long long fk_ct(void) { return 3; }
static unsigned long long fk_ss(void) { return 2; }

static int fk_keygen(unsigned char *pk, unsigned long long *pk_len,
                     unsigned char *sk, unsigned long long *sk_len)
{
    fk.keygen++;
    fk.pk = pk, fk.sk = sk;
    memset(pk, 1, 4), memset(sk, 2, 5);
    *pk_len = 4, *sk_len = 5;
    return 0;
}

static int fk_enc(unsigned char *pk, unsigned long long pk_len,
                  unsigned char *ss, unsigned long long *ss_len,
                  unsigned char *ct, unsigned long long *ct_len)
{
    (void)pk, (void)pk_len;
    fk.enc++;
    fk.ct = ct;
    memset(ct, 3, 3), memset(ss, 4, 2);
    *ct_len = 3, *ss_len = 2;
    return 0;
}

static int fk_dec(unsigned char *sk, unsigned long long sk_len,
                  unsigned char *ct, unsigned long long ct_len,
                  unsigned char *ss, unsigned long long *ss_len)
{
    (void)sk, (void)sk_len, (void)ct, (void)ct_len;
    fk.dec++;
    memset(ss, fk.dec == 3 ? 5 : 4, 2);
    *ss_len = 2;
    return 0;
}

static int fk_seed(const unsigned char *seed, unsigned long long len)
{
    ck_assert_uint_eq(len, 48);
    ck_assert_int_eq(seed[47], 47);
    fk.seeded++;
    return 0;
}

static void fk_public(const void *p, size_t n)
{
    if (p == fk.pk && n == 4)
        fk.pk_public++;
    if (p == fk.sk)
        fk.sk_public++;
    if (p == fk.ct && n == 3)
        fk.ct_public++;
}

static const struct ngcc_kem_api fk_api = {
    fk_pk, fk_sk, fk_ct, fk_ss, fk_keygen, fk_enc, fk_dec, fk_seed,
};

static int fk_work(int op, unsigned long n)
{
    static const struct kind_marks marks = { fk_public };
    unsigned char seed[48];
    int i;

    for (i = 0; i < 48; i++)
        seed[i] = (unsigned char)i;
    memset(&fk, 0, sizeof fk);
    return kind_kem.screen->work(&fk_api, op, n, seed, sizeof seed, &marks,
                                 "check_kind_hooks: ");
}

START_TEST(kem_screen_loop)
{
    int keygen = kind_op_index(&kind_kem, "keygen");
    int enc = kind_op_index(&kind_kem, "enc");
    int dec = kind_op_index(&kind_kem, "dec");

    ck_assert_int_ge(keygen, 0);
    ck_assert_int_eq(fk_work(keygen, 3), KIND_WORK_OK);
    ck_assert_int_eq(fk.seeded, 1);
    ck_assert_int_eq(fk.keygen, 3);
    ck_assert_int_eq(fk.enc + fk.dec, 0);
    /* The public key is declassified, the secret key (secret in the
     * table) never. */
    ck_assert_int_eq(fk.pk_public, 3);
    ck_assert_int_eq(fk.sk_public, 0);

    /* enc: its input made once, then N calls; the ciphertext public. */
    ck_assert_int_eq(fk_work(enc, 2), KIND_WORK_OK);
    ck_assert_int_eq(fk.keygen, 1);
    ck_assert_int_eq(fk.enc, 2);
    ck_assert_int_eq(fk.ct_public, 2);
    ck_assert_int_eq(fk.dec, 0);

    ck_assert_int_eq(fk_work(dec, 2), KIND_WORK_OK);
    ck_assert_int_eq(fk.keygen + fk.enc, 2);
    ck_assert_int_eq(fk.dec, 2);

    /* Every operation: N rounds; the third dec disagrees with enc. */
    ck_assert_int_eq(fk_work(-1, 2), KIND_WORK_OK);
    ck_assert_int_eq(fk.keygen + fk.enc + fk.dec, 6);
    ck_assert_int_eq(fk_work(-1, 3), KIND_WORK_FAILED);
    ck_assert_int_eq(fk.dec, 3);
}
END_TEST


/* ---- the signature kind: entry, resolve, KAT_SIG.c, screening loop ----- */

/* A fake signature scheme: pk 4, sk 5, sn at most 9 bytes; its sign makes
 * 7 or 8 bytes in turn and keeps the lengths it was given. */
static struct {
    int keygen, sign, verify, seeded, sign_fails_at, verify_rejects;
    unsigned long long sn_in[16], m_len[16];
    const void *pk, *sk, *sn;
    int pk_public, sk_public, sn_public;
} fs;

static unsigned long long fs_pk(void) { return 4; }
static unsigned long long fs_sk(void) { return 5; }
static unsigned long long fs_sn(void) { return 9; }

static int fs_keygen(unsigned char *pk, unsigned long long *pk_len,
                     unsigned char *sk, unsigned long long *sk_len)
{
    fs.keygen++;
    fs.pk = pk, fs.sk = sk;
    memset(pk, 1, 4), memset(sk, 2, 5);
    *pk_len = 4, *sk_len = 5;
    return 0;
}

static int fs_sign(unsigned char *sk, unsigned long long sk_len,
                   unsigned char *m, unsigned long long m_len,
                   unsigned char *sn, unsigned long long *sn_len)
{
    int i = fs.sign++;
    (void)sk, (void)sk_len, (void)m;
    if (i < 16)
        fs.sn_in[i] = *sn_len, fs.m_len[i] = m_len;
    if (fs.sign_fails_at == fs.sign)
        return -5;
    fs.sn = sn;
    memset(sn, 3, 9);
    *sn_len = 7 + (unsigned long long)(i & 1);
    return 0;
}

static int fs_verify(unsigned char *pk, unsigned long long pk_len,
                     unsigned char *sn, unsigned long long sn_len,
                     unsigned char *m, unsigned long long m_len)
{
    (void)pk, (void)pk_len, (void)sn, (void)m, (void)m_len;
    fs.verify++;
    return fs.verify_rejects || sn_len < 7 ? -1 : 0;
}

static int fs_seed(const unsigned char *seed, unsigned long long len)
{
    (void)seed, (void)len;
    fs.seeded++;
    return 0;
}

static void fs_public(const void *p, size_t n)
{
    if (p == fs.pk && n == 4)
        fs.pk_public++;
    if (p == fs.sk)
        fs.sk_public++;
    if (p == fs.sn && n == 9)
        fs.sn_public++;
}

static const struct ngcc_sig_api fs_api = {
    fs_pk, fs_sk, fs_sn, fs_keygen, fs_sign, fs_verify, fs_seed,
};

START_TEST(sig_entry_hooks)
{
    char names[SCREEN_MAX_CHECKS][SCREEN_CHECK_NAME];
    char buf[NGCC_KATGEN_NAME_MAX];
    kind_kat_api api;
    char missing[128] = "";

    ck_assert_ptr_eq(kind_find("sig"), &kind_sig);
    ck_assert_ptr_eq(kind_sig.kat, &sig_kat);
    ck_assert_ptr_eq((const void *)kind_sig.screen, (const void *)&sig_screen);
    ck_assert_str_eq(sig_kat.official_driver, "KAT_SIG.c");
    ck_assert_uint_le(sig_kat.api_size, sizeof(kind_kat_api));
    ck_assert_int_eq(ngcc_katgen_filename(&kind_sig, "BiT-128", buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "KAT_SIG_BiT-128.txt");
    ck_assert_uint_eq(screen_check_names(&kind_sig, names, SCREEN_MAX_CHECKS), 6);
    ck_assert_str_eq(names[1], "asan-keygen");
    ck_assert_str_eq(names[2], "asan-sign");
    ck_assert_str_eq(names[3], "asan-verify");
    {
        const char *types[1] = { "sig" };
        ck_assert_ptr_eq(screen_kind(types, 1), &kind_sig);
    }
    looked_up[0] = '\0';
    absent1 = "sig_verify";
    absent2 = NULL;
    ck_assert_int_eq(sig_kat.resolve(&api, fake_lookup, looked_up, missing,
                                     sizeof missing), -1);
    ck_assert_str_eq(looked_up,
                     "sig_get_pk_len_bytes sig_get_sk_len_bytes "
                     "sig_get_sn_len_bytes sig_keygen sig_sign sig_verify "
                     "ngcc_drng_seed ");
    ck_assert_str_eq(missing, "sig_verify");
}
END_TEST

/* KAT_SIG.c on the fake into a string: its status, MSG; the sign numbered
 * FS_FAIL_AT fails, every verify rejects when FS_REJECT. */
static int fs_fail_at = -1, fs_reject;

static enum ngcc_katgen_status fs_kat(unsigned long records, int blank,
                                      char **text, char *msg, size_t msgsize)
{
    struct ngcc_katgen_opts opts;
    enum ngcc_katgen_status st;
    size_t len;
    FILE *out = open_memstream(text, &len);

    ck_assert_ptr_nonnull(out);
    memset(&opts, 0, sizeof opts);
    opts.records = records;
    opts.blank = blank;
    memset(&fs, 0, sizeof fs);
    fs.sign_fails_at = fs_fail_at;
    fs.verify_rejects = fs_reject;
    st = ngcc_sig_kat_run(&fs_api, &opts, out, msg, msgsize);
    ck_assert_int_eq(fclose(out), 0);
    return st;
}

/* The forgery check on the fake: its verify reads only sn_len, so only
 * the truncated signature is rejected; a verify rejecting everything
 * rejects the genuine one too (not run).  The KEM has no check. */
START_TEST(sig_forgery_check)
{
    unsigned tried = 9, rejected = 9;
    char msg[512];

    ck_assert(kind_kem.kat->functional == NULL);
    ck_assert(sig_kat.functional != NULL);
    memset(&fs, 0, sizeof fs);
    fs.sign_fails_at = -1;
    ck_assert_int_eq(sig_kat.functional(&fs_api, &tried, &rejected, msg,
                                        sizeof msg), 0);
    ck_assert_uint_eq(tried, 5);
    ck_assert_uint_eq(rejected, 1);
    ck_assert_uint_eq(fs.seeded, 1);
    ck_assert_uint_eq(fs.verify, 6);
    ck_assert_str_eq(msg, "flipped bit in byte 0 of the signature, "
                          "flipped bit in the middle byte of the signature, "
                          "flipped bit in the last byte of the signature, "
                          "flipped bit in the message");
    /* A sign that fails once is retried (the timer's rule), the check run. */
    memset(&fs, 0, sizeof fs);
    fs.sign_fails_at = 1;
    ck_assert_int_eq(sig_kat.functional(&fs_api, &tried, &rejected, msg,
                                        sizeof msg), 0);
    ck_assert_int_eq(fs.sign, 2);
    ck_assert_uint_eq(tried, 5);
    ck_assert_uint_eq(rejected, 0); /* its second sign: 8 bytes, truncated 7 still >= 7 */
    fs.verify_rejects = 1;
    ck_assert_int_eq(sig_kat.functional(&fs_api, &tried, &rejected, msg,
                                        sizeof msg), -1);
    ck_assert_uint_eq(tried, 0);
    ck_assert_str_eq(msg, "sig_verify returned -1 on the genuine signature");
}
END_TEST

START_TEST(sig_kat_fields)
{
    static const char *const keys[] = {
        "Count", "Seed_Len", "Seed", "PK_Len", "PK", "SK_Len", "SK",
        "M_Len", "M", "Sn_Len", "Sn", ""
    };
    char *text = NULL, *line, msg[256], want[64];
    unsigned long i;
    int k = 0, n = 0;
    unsigned char nonce[64];

    ngcc_sig_kat_msg_nonce(nonce);
    ck_assert(memcmp(nonce, "msgmsgmsg", 9) == 0);
    ck_assert(memcmp(nonce + 60, "msgm", 4) == 0);

    ck_assert_int_eq(fs_kat(10, 0, &text, msg, sizeof msg), NGCC_KATGEN_OK);
    ck_assert_int_eq(fs.seeded, 10);
    ck_assert_int_eq(fs.keygen + fs.sign + fs.verify, 30);
    /* The record's field order; M_Len = 56 + 8i and M that long. */
    for (line = text; *line; n++) {
        char *nl = strchr(line, '\n');
        size_t klen;
        ck_assert_ptr_nonnull(nl);
        *nl = '\0';
        klen = strcspn(line, " ");
        ck_assert_msg(strlen(keys[k]) == klen && strncmp(line, keys[k], klen) == 0,
                      "line %d: '%s', expected key %s", n, line, keys[k]);
        i = (unsigned long)(n / 12);
        if (strcmp(keys[k], "M_Len") == 0) {
            snprintf(want, sizeof want, "M_Len = %lu", 56 + 8 * i);
            ck_assert_str_eq(line, want);
        }
        if (strcmp(keys[k], "M") == 0)
            ck_assert_uint_eq(strlen(line), 4 + 2 * (56 + 8 * i));
        if (strcmp(keys[k], "Count") == 0) {
            snprintf(want, sizeof want, "Count = %lu", i);
            ck_assert_str_eq(line, want);
        }
        k = (k + 1) % 12;
        line = nl + 1;
    }
    ck_assert_int_eq(n, 120);
    for (i = 0; i < 10; i++)
        ck_assert_uint_eq(fs.m_len[i], 56 + 8 * i);
    /* The sn length is in/out and never reset: record i starts from the
     * length record i-1's sign wrote. */
    ck_assert_uint_eq(fs.sn_in[0], 9);
    for (i = 1; i < 10; i++)
        ck_assert_uint_eq(fs.sn_in[i], 7 + ((i - 1) & 1));
    free(text);

    /* The message DRNG's first draw (kinds.md's nonce, 448 bits): the
     * first bytes from an implementation of iccs.md section 3 outside
     * the package. */
    ck_assert_int_eq(fs_kat(1, 0, &text, msg, sizeof msg), NGCC_KATGEN_OK);
    ck_assert_ptr_nonnull(strstr(text, "\nM = EE402D1730D0117B9F51BE06"));
    ck_assert_ptr_nonnull(strstr(text, "\nSn_Len = 7\nSn = 03030303030303\n\n"));
    free(text);
}
END_TEST

START_TEST(sig_kat_blank_and_failures)
{
    char *text = NULL, msg[256];

    /* Template mode: the lengths bare, but M_Len always printed. */
    ck_assert_int_eq(fs_kat(2, 1, &text, msg, sizeof msg), NGCC_KATGEN_OK);
    ck_assert_ptr_nonnull(strstr(text, "\nPK_Len = \nPK = 01010101\nSK_Len = \n"));
    ck_assert_ptr_nonnull(strstr(text, "\nM_Len = 64\n"));
    ck_assert_ptr_nonnull(strstr(text, "\nSn_Len = \nSn = "));
    free(text);

    fs_reject = 1;
    ck_assert_int_eq(fs_kat(10, 0, &text, msg, sizeof msg), NGCC_KATGEN_CRYPTOFAIL);
    free(text);
    ck_assert_str_eq(msg, "sig_verify returned -1 at record 0 (the driver's own signature)");
    fs_reject = 0;
    fs_fail_at = 3;
    ck_assert_int_eq(fs_kat(10, 0, &text, msg, sizeof msg), NGCC_KATGEN_CRYPTOFAIL);
    free(text);
    ck_assert_str_eq(msg, "sig_sign returned -5 at record 2");
    fs_fail_at = -1;
}
END_TEST

static int fs_work(int op, unsigned long n)
{
    static const struct kind_marks marks = { fs_public };
    unsigned char seed[48] = { 0 };
    memset(&fs, 0, sizeof fs);
    fs.sign_fails_at = -1;
    return kind_sig.screen->work(&fs_api, op, n, seed, sizeof seed, &marks,
                                 "check_kind_hooks: ");
}

START_TEST(sig_screen_loop)
{
    int keygen = kind_op_index(&kind_sig, "keygen");
    int sign = kind_op_index(&kind_sig, "sign");
    int verify = kind_op_index(&kind_sig, "verify");

    ck_assert_int_eq(fs_work(keygen, 3), KIND_WORK_OK);
    ck_assert_int_eq(fs.seeded, 1);
    ck_assert_int_eq(fs.keygen, 3);
    ck_assert_int_eq(fs.sign + fs.verify, 0);
    ck_assert_int_eq(fs.pk_public, 3);
    ck_assert_int_eq(fs.sk_public, 0);   /* secret in the table */

    ck_assert_int_eq(fs_work(sign, 2), KIND_WORK_OK);
    ck_assert_int_eq(fs.keygen, 1);
    ck_assert_int_eq(fs.sign, 2);
    ck_assert_int_eq(fs.sn_public, 2);
    ck_assert_uint_eq(fs.m_len[0], 64);

    ck_assert_int_eq(fs_work(verify, 2), KIND_WORK_OK);
    ck_assert_int_eq(fs.keygen + fs.sign, 2);
    ck_assert_int_eq(fs.verify, 2);
    ck_assert_int_eq(fs.sk_public, 0);

    ck_assert_int_eq(fs_work(-1, 2), KIND_WORK_OK);
    ck_assert_int_eq(fs.keygen + fs.sign + fs.verify, 6);
}
END_TEST

static Suite *hooks_suite(void)
{
    Suite *s = suite_create("kind hooks");
    TCase *tc = tcase_create("kat");
    tcase_add_test(tc, kem_entry);
    tcase_add_test(tc, kat_file_from_pattern);
    tcase_add_test(tc, kem_resolve);
    suite_add_tcase(s, tc);
    tc = tcase_create("screen");
    tcase_add_test(tc, screen_checks_from_table);
    tcase_add_test(tc, screen_type_from_conf);
    tcase_add_test(tc, kem_screen_loop);
    suite_add_tcase(s, tc);
    tc = tcase_create("sig");
    tcase_add_test(tc, sig_entry_hooks);
    tcase_add_test(tc, sig_kat_fields);
    tcase_add_test(tc, sig_forgery_check);
    tcase_add_test(tc, sig_kat_blank_and_failures);
    tcase_add_test(tc, sig_screen_loop);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(hooks_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
