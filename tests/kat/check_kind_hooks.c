/* check_kind_hooks.c - unit tests of the kinds' KAT and screening hooks
 * (src/kinds/kind_kat.h, kind_screen.h) and of what the KAT gate and the
 * screening derive from the table (libcheck).
 *
 * Part of ngcc-perf.  Oracles: the KEM's names as the specification gives
 * them (KAT_KEM_<instance>.txt, the kem_* symbols, the checks asan-keygen,
 * asan-enc, asan-dec of doc/screen.md), and fake kinds made here whose
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
        { "sign", "sig_sign", "", "" }, { "verify", "sig_verify", "", "" },
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
