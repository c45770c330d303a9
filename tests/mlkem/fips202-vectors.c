/*
 * fips202-vectors.c - SHA3-256, SHA3-512, SHAKE128 and SHAKE256 of
 * schemes/common/fips202.c against known answers.
 *
 * Checked: the FIPS 202 values quoted in mlkem.md; for messages of 0, 3,
 * 71/72/73 (SHA3-512 rate 72), 135/136/137 (SHA3-256 and SHAKE256 rate
 * 136), 167/168/169 (SHAKE128 rate 168), 200 and 1000 bytes, the four
 * functions one-shot and with the message absorbed in odd-sized pieces;
 * 1500 bytes of SHAKE128/SHAKE256 output one-shot, squeezed in uneven
 * pieces and through ngcc_shake128_squeezeblocks.  The expected values of
 * the extra vectors were computed once with OpenSSL 3.0 (openssl dgst
 * -sha3-256 / -sha3-512 / -shake128 -xoflen N / -shake256 -xoflen N), an
 * independent implementation; message byte i is (7 i + 3) mod 256.
 *
 * Exit: 0 pass, 1 fail.
 */
#include <stdio.h>
#include <string.h>

#include "../../schemes/common/fips202.h"

static int failures, checks;

static void check(const char *what, const unsigned char *got, size_t len, const char *hex)
{
    char buf[2 * 200 + 1];
    size_t i;
    checks++;
    for (i = 0; i < len; i++)
        sprintf(buf + 2 * i, "%02x", got[i]);
    if (strlen(hex) != 2 * len || strcmp(buf, hex) != 0) {
        failures++;
        printf("FAIL %s\n  got      %s\n  expected %s\n", what, buf, hex);
    }
}

static void check_same(const char *what, const unsigned char *a, const unsigned char *b, size_t len)
{
    checks++;
    if (memcmp(a, b, len) != 0) {
        failures++;
        printf("FAIL %s: differs from the one-shot output\n", what);
    }
}

struct vec {
    size_t len;
    const char *sha3_256, *sha3_512, *shake128_64, *shake256_64;
};

static const struct vec vecs[] = {
    {0,
     "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a",
     "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
     "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26",
     "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"
     "3cb1eea988004b93103cfb0aeefd2a686e01fa4a58e8a3639ca8a1e3f9ae57e2",
     "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
     "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"},
    {3,
     "fffadd0ae913c0947143ac7c6bf1d512c1b265db8ac52100614bd022ae2412d4",
     "f43b92b1b4647bb487400472178d83c784a8e4cee5a4d95e6aa4931b21cc2f7c"
     "5653fc4ce0130914c57aa8cde0516eb8e2d0015cbda1e4d4261e007b1db11411",
     "cf0bd6b206ac4e35ebd4ccce5e014b95dfe78ae19e5cadcc89c725dea6998ae6"
     "4b55fa061151576aae1f7a2bf6912a3ae98139c06437fa18258f30f6a4fee385",
     "43a0b197b976835b9874524272a43a8ecbf2891579772b66e9c32f767014a6d0"
     "0b03c51dfb29e7799dc45dcce3b7bbf5e0bb3e5a986eb99f4af45599894ba90f"},
    {71,
     "254f2ac1df8eae4233c0c2fe74a03331b856518800936943cdbe57d7d224f224",
     "a02d5795bffd44cb0ac3cc3401ae89056b8017242eaf7e802033e974672ce794"
     "5811760c3b0d9578bc51bf90c364636ac87cda9b4f3e45620ea9c030421e9d86",
     "4a7cb3f7fb0004e031fb6317d81da96993227b8e514f19a7e037e7541e5b1511"
     "2a75a51c337e1143b2fb3273bbdc2ea686292b8648f96a769309abc759a0f7eb",
     "c5492c4e150f073fa316ab32f6752abf52914ee2a4207f09e35586b7205948df"
     "80ce444e94a78fb65907e0a741c2b1a6d1ab798de0b1afad83a9bee1b8c8f76e"},
    {72,
     "f4bb95e698a2c13bd27f089f3762076daa40b629dc5d7ec53dbe163fca4a4bf3",
     "2ec0da5ff440c192d33033c4257eb39dcbd27edd7e41b5ac8db9daf13db501a2"
     "ef938151aaddd82f600335654f77512cbcc926ec5abb05b79282ec716d685618",
     "4bbb1d27936a26de9c41ef1a7014be106ab9ad8f10dd68e8d693d00dbdb89f2b"
     "0b68b058fc5ff5b5cf1dd3ddb3e77bbebbca2496fc178ccc0e588d61cb2ec71e",
     "f4771493e402a8aa4fc0251ee80b3f142481417b3dd942dcf72d96e26f75ad6a"
     "08db744812ddc576111fe99dc5bda94fa058af1cb5991da49bef07a4c5522ff7"},
    {73,
     "c610c3522f9423c2c706b1e26e532b121b67eb06c897d478ac6bb80ddbc8ae1f",
     "d26d1f9fc91b1d6c31405cc4a546f246fa7777f698d956c26a15170bccdd696a"
     "ab3ee2e0597ee6f33bc7ac0336b1e4bfa0cc4355ab9faf8111cf27312640fd65",
     "d639407b276ee21fdcefe0e178d35b4901e19a0283879943e085d3a05c38f757"
     "5320f2341242d16712ffa209a8c637dd0ff1db630ec0905828dfbdab5180c2e5",
     "8bae34cf4fcbba9c49fd2245431d94598e5596243104c0ec61ea3000cec07208"
     "82b8072183b1e65b2222cddca59757eabc6313d1d7a73bc110e4a5cee0106e9f"},
    {135,
     "d9dcf1f98e49a79b0643a9e68fef48079ff8777c5e7e7f93469ded65f192ac71",
     "9e9d81e346cf9a62dc4bda518e4096db553188368da1535eaa441982b98d399c"
     "0c8f0136f987886b94d1770387e07b276660317ccb66884cc7427550b7780cd4",
     "c46af4f9a43a25a3f21d90f6a131ff3ed6944306e8c29a7c03f7e237e42c7e0c"
     "b50cb0717fe22ddf27084123f4b2baade0ebf44ce3c889729bee7ecfa0dbd959",
     "0213fc98352f009fafdf8ee1ea36391485a85aa6f6c07a5cd81266d21eb17f9a"
     "f3e3a6aa4a5e03793be3a4da4ba01c438b689164fc6bebb290eb372bfecd569d"},
    {136,
     "743bd32e775ac7387a57d4d574c89ddef5ebcb08bb5cc6b88c55a27b5035cc45",
     "62c81b78426786e5a5d431082d98857c7e6b1988fd721478386233be5c19731c"
     "ea3944dc24e192fb976e422d8bd31524c35026e615ab54c31a58ab772abfe6d7",
     "c9b065cf999862c0c15d02ffa9450e5bf9b57d8457e3a366700de35043f450b4"
     "824f8f71f320454fb83ead19fd35ca85995f35c3ac30389bc89348b91a02b3e6",
     "c00f43811e5b4a38e14e3c06d8a5ce34115a19cd604ce5bac6c3823b76046d5c"
     "6b149f173bef3089dbfe66774f9723bc344ecbaa7e9674df4ceb8558811423c5"},
    {137,
     "01d47e8d6dce6e3dcbf1baa6f845b6ace4ef74bd17da8176ecc49bc35dbe5d21",
     "3fd9dc45a7cdc291153d7b714ad68d824184c4166d2c980d41d5eaf9266e0389"
     "2f965346361f62cb34404cfea6ea165dcdd8c34be99abdc9c500a1fedc315402",
     "4bd0a672017e58746a1d4c98e2474ce03edf72679bb40f9613070cff215ae1b7"
     "705d52cedab54f9f9085f9b16e826f9cb9581214bedba2baad96ff19160e0b42",
     "3c983983487bcbe74feba53b35bb1e05812379cb4116d9761f78d2ce3177866e"
     "dc88e750bfaf43bd31ccd052078d97406fbfca21145c09c8d9bd1e81cd443e31"},
    {167,
     "684bf83317ea400f033de352516c168261086092de3a12b6478a20f870a18096",
     "f630f6e4fb09197b8d2503268c3fa8c5e637d7c991b7ee79d7e12ba5cc6e53f2"
     "7f62f643df5fd6d254f515bcbe687b6ab9e442ffbad82288f026d6cf0645ffc6",
     "bb961bb015521037905f9baf69ce60dd3ba73f6ead09a559c8d8a85e10753bca"
     "9a8a96b773b3dbae9936a462fac0abc1f2ef7559fbf82259220bab5778f2e6c6",
     "89a2450c9785e8a01d1baca6b7023479d3a0de33c757a9a584ec84714894c3b7"
     "74b2960a6ae3a2f5f6e277b9b01f5b1a3ec0499d93b7d76d0b856e0d53fc1ad0"},
    {168,
     "a5a267be792383677005e1628c1c16a64e0c4e2c9ce096287d389c58706a86d1",
     "460d5cc545a8c466031bb9002635167603da38b2496544508b5af2f123c33feb"
     "690a5b4c442ed89191687f0f1b9dddc7ff343f148f306f85c68e1ce3c8a68b8c",
     "d4f73f3b6c4b72d05f45ed1f80b5774409f9cf336fc202bffa42ac38a6d3fbee"
     "3d8bdcebc4fbd562270c9d829abb2fd1e0900e3d5e634d4a00d90cb3479128f2",
     "8e824d0df5f99be40bd0c4ee530e2b409a7c7713aba1ee96c56fb7f35729504e"
     "05dc6f8adb84b7e89d9b7de9c8e87f491c4c35e7d16173e4a986d26992d9c196"},
    {169,
     "f7a2c4983e6cf26809daea869b625a0748da650270acad5d223be730bb700954",
     "6168dfb98a5dc4257914b2af383012d4202cbcd77afa316c62e5495b394496bd"
     "2ff411fab81c081d8f41de1c7e0273fbb3cf9a38d0892235ac60e5090c4d5904",
     "30454dd0f630ab1bb8fada554060d54012efdbb8e782d013f83a16af1282ca81"
     "58bbd3cd16300be2c0433a1e7da75f049b033913c5a74ce6c648b1b25dbc72fc",
     "e76eaecce9983b4be8a8b9cd8b5a457e9b6995449ad142af68a83a0e171e52bb"
     "638feadda7d5732e1596f07e6a05e58b8668c23733ebf58ae88f783f6bbef4eb"},
    {200,
     "9da37ea2fb33acd563a014f50d6f7cc225f25577a81d900452b72b5de98f239d",
     "14fb36d333d34fccb38c8801d7692c9350a324cbc44448b63aca9d3cfdb12fb5"
     "2a08934fefda157796735871f1541d1e5bcb70cb03ca13186c94c5c45e1f1cad",
     "243a1de243bd9dce318a217d75b1b026985c06b5de480fc6236143b663f7fe2c"
     "e7e2f263c0b48a559e2500fba0fdc1ede9672bcc20a59771142bab360420c3a9",
     "cd24482e6e8eca556bce1cad6dfec6f4b53bac32f6a0eb0a99aaaf25018db3c1"
     "593cc1304b2e7b9075f18a93638530f3dfd52424a982cfa081bf49580bda2bd0"},
    {1000,
     "bd8b4d76041e0135e53fab1aaf425c7b1c129d8878ffb64cc31230ccafd7dc7c",
     "3d71681b54b99f11ddeb233b0a41b65896f7b30dda9e83d52864a4e818a09408"
     "e2f306028abe973298f96ee081a06e5ac8156cd7b856f0eb28270e1ca37bd0c6",
     "e666e4224e1a10753e9267e04c93764c4380baad17313529724720d9fca679af"
     "826492f91bcec4a81f460b694e8ce8366952c07efc0d5f158bb4a62ab2adbe1e",
     "980bf59987a720e516297296f92a27bba960e48a40bd01a0415b2e5dee26313d"
     "0a3f3ce47abe9e0f73cf74dc4fe68a5d51259bda988fa50fe68735dcda7edc52"},
};

static unsigned char msg[1000];

/* absorb msg[0..len) in pieces of 1, 2, 3, 5, 7, 11, ... bytes */
static void absorb_pieces(ngcc_sha3_ctx *ctx, size_t len)
{
    static const size_t piece[] = {1, 2, 3, 5, 7, 11, 13, 17, 64, 71, 135, 167, 200};
    size_t off = 0, k = 0;
    while (off < len) {
        size_t n = piece[k++ % (sizeof piece / sizeof piece[0])];
        if (n > len - off)
            n = len - off;
        ngcc_sha3_absorb(ctx, msg + off, n);
        off += n;
    }
    ngcc_sha3_finalize(ctx);
}

static void long_output(int is128, const char *digest, const char *first, const char *last)
{
    static const size_t piece[] = {1, 7, 13, 136, 167, 168, 169, 300, 2, 64};
    unsigned char one[1500], inc[1500], h[32];
    const char *name = is128 ? "SHAKE128" : "SHAKE256";
    char what[80];
    ngcc_sha3_ctx ctx;
    size_t off = 0, k = 0;

    if (is128)
        ngcc_shake128(one, sizeof one, msg, 37);
    else
        ngcc_shake256(one, sizeof one, msg, 37);
    ngcc_sha3_256(h, one, sizeof one);
    sprintf(what, "%s(37 bytes), 1500 bytes out: SHA3-256 of the output", name);
    check(what, h, 32, digest);
    sprintf(what, "%s(37 bytes), 1500 bytes out: first 16 bytes", name);
    check(what, one, 16, first);
    sprintf(what, "%s(37 bytes), 1500 bytes out: last 16 bytes", name);
    check(what, one + 1484, 16, last);

    if (is128)
        ngcc_shake128_init(&ctx);
    else
        ngcc_shake256_init(&ctx);
    ngcc_sha3_absorb(&ctx, msg, 37);
    ngcc_sha3_finalize(&ctx);
    while (off < sizeof inc) {
        size_t n = piece[k++ % (sizeof piece / sizeof piece[0])];
        if (n > sizeof inc - off)
            n = sizeof inc - off;
        ngcc_sha3_squeeze(&ctx, inc + off, n);
        off += n;
    }
    sprintf(what, "%s, 1500 bytes squeezed in uneven pieces", name);
    check_same(what, one, inc, sizeof inc);

    if (is128) {   /* block interface: 8 blocks, then bytes, then blocks again */
        memset(inc, 0, sizeof inc);
        ngcc_shake128_absorb_once(&ctx, msg, 37);
        ngcc_shake128_squeezeblocks(inc, 8, &ctx);                 /* 1344 bytes */
        ngcc_sha3_squeeze(&ctx, inc + 1344, 156);
        check_same("SHAKE128 absorb_once + squeezeblocks + squeeze", one, inc, sizeof inc);
        ngcc_shake128_absorb_once(&ctx, msg, 37);
        ngcc_sha3_squeeze(&ctx, inc, 5);
        ngcc_shake128_squeezeblocks(inc + 5, 1, &ctx);             /* unaligned */
        check_same("SHAKE128 squeeze(5) + squeezeblocks(1)", one, inc, 5 + 168);
    }
}

int main(void)
{
    static const unsigned char abc[3] = {'a', 'b', 'c'};
    unsigned char out[200];
    char what[80];
    ngcc_sha3_ctx ctx;
    size_t i;

    for (i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)((7 * i + 3) & 0xff);

    /* the values quoted in mlkem.md */
    ngcc_sha3_256(out, NULL, 0);
    check("SHA3-256(\"\")", out, 32,
          "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
    ngcc_sha3_256(out, abc, 3);
    check("SHA3-256(\"abc\")", out, 32,
          "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
    ngcc_sha3_512(out, abc, 3);
    check("SHA3-512(\"abc\")", out, 64,
          "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
          "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0");
    ngcc_shake128(out, 16, NULL, 0);
    check("SHAKE128(\"\", 16)", out, 16, "7f9c2ba4e88f827d616045507605853e");
    ngcc_shake256(out, 32, NULL, 0);
    check("SHAKE256(\"\", 32)", out, 32,
          "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f");
    printf("mlkem.md FIPS 202 vectors: %d checks\n", checks);

    for (i = 0; i < sizeof vecs / sizeof vecs[0]; i++) {
        const struct vec *v = &vecs[i];
        sprintf(what, "SHA3-256(%lu bytes)", (unsigned long)v->len);
        ngcc_sha3_256(out, msg, v->len);
        check(what, out, 32, v->sha3_256);
        ngcc_sha3_256_init(&ctx);
        absorb_pieces(&ctx, v->len);
        ngcc_sha3_squeeze(&ctx, out, 32);
        check(what, out, 32, v->sha3_256);

        sprintf(what, "SHA3-512(%lu bytes)", (unsigned long)v->len);
        ngcc_sha3_512(out, msg, v->len);
        check(what, out, 64, v->sha3_512);
        ngcc_sha3_512_init(&ctx);
        absorb_pieces(&ctx, v->len);
        ngcc_sha3_squeeze(&ctx, out, 64);
        check(what, out, 64, v->sha3_512);

        sprintf(what, "SHAKE128(%lu bytes, 64)", (unsigned long)v->len);
        ngcc_shake128(out, 64, msg, v->len);
        check(what, out, 64, v->shake128_64);
        ngcc_shake128_init(&ctx);
        absorb_pieces(&ctx, v->len);
        ngcc_sha3_squeeze(&ctx, out, 64);
        check(what, out, 64, v->shake128_64);
        ngcc_shake128_absorb_once(&ctx, msg, v->len);
        ngcc_sha3_squeeze(&ctx, out, 64);
        check(what, out, 64, v->shake128_64);

        sprintf(what, "SHAKE256(%lu bytes, 64)", (unsigned long)v->len);
        ngcc_shake256(out, 64, msg, v->len);
        check(what, out, 64, v->shake256_64);
        ngcc_shake256_init(&ctx);
        absorb_pieces(&ctx, v->len);
        ngcc_sha3_squeeze(&ctx, out, 64);
        check(what, out, 64, v->shake256_64);
    }
    printf("OpenSSL-derived vectors, %lu message lengths, one-shot and in pieces: %d checks so far\n",
           (unsigned long)(sizeof vecs / sizeof vecs[0]), checks);

    long_output(1, "378fe0367db46885fe93a2754e79ba320d246d2e3a662d897a93976795082108", "01c53eb1fa3b49410784284c5a50a75c", "d7bef030a6cceb801d7e9f246dec40d1");
    long_output(0, "e60f730bb1f03d2a657f317f9919461d53088bb5485b64ca7b4e95eb27f867e4", "abba13b36870a136e3718b33c154626b", "e4106472c93a615ba01c239cb9dbb22d");
    printf("long outputs: %d checks in total\n", checks);

    if (failures != 0) {
        printf("%d of %d checks FAILED\n", failures, checks);
        return 1;
    }
    printf("all %d checks passed\n", checks);
    return 0;
}
