/* ngcc-iccs - command-line access to the ICCS hash helpers and DRNG.
 *
 * Part of ngcc-perf.
 *
 *   ngcc-iccs sm3hash HEXMSG MSGBITS
 *   ngcc-iccs pseudohash OUTBITS HEXMSG MSGBITS
 *   ngcc-iccs pseudoxof OUTBITS HEXMSG MSGBITS
 *   ngcc-iccs drng SEEDHEX NBITS [NBITS ...]
 *
 * Exit status: 0 success, 1 bad input, 2 usage, 3 internal failure
 * (a helper failed, memory exhausted, or stdout could not be written).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auxfunc.h"
#include "drng.h"
#include "gnu_cli.h"


#define PROG "ngcc-iccs"

#define EXIT_OK 0
#define EXIT_BAD_INPUT 1
#define EXIT_USAGE 2
#define EXIT_INTERNAL 3

/* pseudoXOF's own limit (spec): output must be below 2^40 - 2^8 bits */
#define XOF_LIMIT_BITS ((1ULL << 40) - (1ULL << 8))
/* this tool holds a whole output in memory: at most 2^33 bits (1 GiB) */
#define TOOL_MAX_OUT_BITS (1ULL << 33)

static void usage(FILE *f)
{
    fprintf(f,
"Usage: " PROG " sm3hash HEXMSG MSGBITS\n"
"       " PROG " pseudohash OUTBITS HEXMSG MSGBITS\n"
"       " PROG " pseudoxof OUTBITS HEXMSG MSGBITS\n"
"       " PROG " drng SEEDHEX NBITS [NBITS ...]\n"
"       " PROG " --help | --version\n"
"\n"
"Run the ICCS hash helpers and DRNG of ngcc-perf and print the results in\n"
"lowercase hex, one line per result.\n"
"\n"
"  sm3hash      SM3 of the first MSGBITS bits of HEXMSG (256-bit digest)\n"
"  pseudohash   pseudohash with OUTBITS = 512, 768 or 1024\n"
"  pseudoxof    pseudoXOF with 0 <= OUTBITS < 2^40 - 2^8 (this tool: at most\n"
"               2^33); 0 bits prints an empty line\n"
"  drng         seed the DRNG once with all of SEEDHEX, then print one line\n"
"               per NBITS draw, in order\n"
"\n"
"HEXMSG and SEEDHEX are hex strings (either case, even length; \"\" is the\n"
"empty string).  Bit strings are MSB-first inside a byte; MSGBITS may not\n"
"exceed 4 times the number of hex digits.  Numbers are decimal.  A partial\n"
"last output byte has its unused low bits set to zero.\n"
"\n"
"Exit status:\n"
"  0  success\n"
"  1  bad input (bad hex, a bad number, an unsupported length)\n"
"  2  usage error (no or an unknown command or option, a wrong number of\n"
"     operands)\n"
"  3  internal failure (a helper failed, out of memory, write error)\n"
"\n");
    gnu_cli_bug_lines(f);
}

static void die(int status, const char *fmt, ...)
{
    va_list ap;
    fputs(PROG ": ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decode hex string S (named WHAT in messages); *len gets the byte count.
 * Returns a malloc'ed buffer (at least 1 byte). */
static unsigned char *parse_hex(const char *what, const char *s, size_t *len)
{
    size_t n = strlen(s), i;
    unsigned char *buf;

    for (i = 0; i < n; i++)
        if (hexval((unsigned char)s[i]) < 0)
            die(EXIT_BAD_INPUT, "%s: invalid hex digit '%c' at position %zu",
                what, s[i], i + 1);
    if (n % 2 != 0)
        die(EXIT_BAD_INPUT, "%s: odd number of hex digits (%zu)", what, n);
    buf = malloc(n / 2 + 1);
    if (buf == NULL)
        die(EXIT_INTERNAL, "out of memory");
    for (i = 0; i < n / 2; i++)
        buf[i] = (unsigned char)(hexval((unsigned char)s[2 * i]) * 16 +
                                 hexval((unsigned char)s[2 * i + 1]));
    *len = n / 2;
    return buf;
}

/* Strict unsigned decimal: digits only, no sign, no blanks, no overflow. */
static unsigned long long parse_num(const char *what, const char *s)
{
    unsigned long long v = 0;
    const char *p = s;

    if (*p == '\0')
        die(EXIT_BAD_INPUT, "%s: empty, expected a decimal number", what);
    for (; *p != '\0'; p++) {
        unsigned int d;
        if (*p < '0' || *p > '9')
            die(EXIT_BAD_INPUT, "%s: not a decimal number: '%s'", what, s);
        d = (unsigned int)(*p - '0');
        if (v > (~0ULL - d) / 10)
            die(EXIT_BAD_INPUT, "%s: number too large: '%s'", what, s);
        v = v * 10 + d;
    }
    return v;
}

static void print_hex(const unsigned char *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        putchar(digits[p[i] >> 4]);
        putchar(digits[p[i] & 15]);
    }
    putchar('\n');
}

/* Parse HEXMSG and MSGBITS, checking that the hex provides the bits. */
static unsigned char *parse_msg(const char *hex, const char *bits_arg,
                                unsigned long long *bits)
{
    size_t len;
    unsigned char *msg = parse_hex("HEXMSG", hex, &len);
    *bits = parse_num("MSGBITS", bits_arg);
    if (*bits / 8 > len || (*bits / 8 == len && *bits % 8 != 0))
        die(EXIT_BAD_INPUT, "MSGBITS: %llu bits but HEXMSG holds only %llu",
            *bits, (unsigned long long)len * 8);
    return msg;
}

static void helper_failed(const char *name, int rc)
{
    if (rc == -4)
        die(EXIT_BAD_INPUT, "%s: unsupported length", name);
    die(EXIT_INTERNAL, "%s failed with code %d", name, rc);
}

static int cmd_sm3hash(int argc, char **argv)
{
    unsigned long long bits;
    unsigned char *msg, digest[32];
    int rc;

    if (argc != 2)
        die(EXIT_USAGE, "sm3hash: expected HEXMSG MSGBITS (see --help)");
    msg = parse_msg(argv[0], argv[1], &bits);
    rc = sm3hash(256, msg, bits, digest);
    if (rc != 0)
        helper_failed("sm3hash", rc);
    print_hex(digest, 32);
    free(msg);
    return EXIT_OK;
}

static int cmd_pseudohash(int argc, char **argv)
{
    unsigned long long out_bits, bits;
    unsigned char *msg, digest[128];
    int rc;

    if (argc != 3)
        die(EXIT_USAGE,
            "pseudohash: expected OUTBITS HEXMSG MSGBITS (see --help)");
    out_bits = parse_num("OUTBITS", argv[0]);
    if (out_bits != 512 && out_bits != 768 && out_bits != 1024)
        die(EXIT_BAD_INPUT,
            "OUTBITS: unsupported pseudohash length %llu (512, 768 or 1024)",
            out_bits);
    msg = parse_msg(argv[1], argv[2], &bits);
    rc = pseudohash((int)out_bits, msg, bits, digest);
    if (rc != 0)
        helper_failed("pseudohash", rc);
    print_hex(digest, (size_t)out_bits / 8);
    free(msg);
    return EXIT_OK;
}

static unsigned char *alloc_out(unsigned long long nbits)
{
    unsigned char *p = malloc((size_t)((nbits + 7) / 8) + 1);
    if (p == NULL)
        die(EXIT_INTERNAL, "out of memory");
    return p;
}

static int cmd_pseudoxof(int argc, char **argv)
{
    unsigned long long out_bits, bits;
    unsigned char *msg, *out;
    int rc;

    if (argc != 3)
        die(EXIT_USAGE,
            "pseudoxof: expected OUTBITS HEXMSG MSGBITS (see --help)");
    out_bits = parse_num("OUTBITS", argv[0]);
    if (out_bits >= XOF_LIMIT_BITS)
        die(EXIT_BAD_INPUT,
            "OUTBITS: unsupported pseudoxof length %llu (must be < 2^40 - 2^8)",
            out_bits);
    if (out_bits > TOOL_MAX_OUT_BITS)
        die(EXIT_BAD_INPUT,
            "OUTBITS: %llu is more than this tool prints (at most %llu)",
            out_bits, TOOL_MAX_OUT_BITS);
    msg = parse_msg(argv[1], argv[2], &bits);
    out = alloc_out(out_bits);
    rc = pseudoXOF(out_bits, msg, bits, out);
    if (rc != 0)
        helper_failed("pseudoXOF", rc);
    print_hex(out, (size_t)((out_bits + 7) / 8));
    free(out);
    free(msg);
    return EXIT_OK;
}

static int cmd_drng(int argc, char **argv)
{
    DRNG_ctx drng;
    unsigned char *seed;
    unsigned long long *draws;
    size_t seed_len;
    int i, rc;

    if (argc < 2)
        die(EXIT_USAGE, "drng: expected SEEDHEX NBITS [NBITS ...] "
            "(see --help)");
    /* validate everything before printing anything */
    seed = parse_hex("SEEDHEX", argv[0], &seed_len);
    draws = malloc(sizeof *draws * (size_t)argc);
    if (draws == NULL)
        die(EXIT_INTERNAL, "out of memory");
    for (i = 1; i < argc; i++) {
        draws[i] = parse_num("NBITS", argv[i]);
        if (draws[i] > TOOL_MAX_OUT_BITS)
            die(EXIT_BAD_INPUT,
                "NBITS: %llu is more than this tool prints (at most %llu)",
                draws[i], TOOL_MAX_OUT_BITS);
    }

    rc = init_random_number(&drng, seed, seed_len);
    if (rc != 0)
        helper_failed("init_random_number", rc);
    for (i = 1; i < argc; i++) {
        unsigned char *out = alloc_out(draws[i]);
        rc = get_random_number(&drng, out, draws[i]);
        if (rc != 0)
            helper_failed("get_random_number", rc);
        print_hex(out, (size_t)((draws[i] + 7) / 8));
        free(out);
    }
    free(draws);
    free(seed);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    int i, status = EXIT_BAD_INPUT;
    const char *cmd;

    /* GNU-style: --help and --version win wherever they appear (no
     * ordinary argument can be spelled that way) */
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return gnu_cli_stdout_status(PROG, EXIT_OK, EXIT_INTERNAL);
        }
        if (strcmp(argv[i], "--version") == 0) {
            gnu_cli_version(PROG);
            return gnu_cli_stdout_status(PROG, EXIT_OK, EXIT_INTERNAL);
        }
    }
    if (argc < 2)
        die(EXIT_USAGE, "missing command (try '" PROG " --help')");
    cmd = argv[1];
    if (cmd[0] == '-')
        die(EXIT_USAGE, "unrecognized option '%s' (try '" PROG
            " --help')", cmd);

    if (strcmp(cmd, "sm3hash") == 0)
        status = cmd_sm3hash(argc - 2, argv + 2);
    else if (strcmp(cmd, "pseudohash") == 0)
        status = cmd_pseudohash(argc - 2, argv + 2);
    else if (strcmp(cmd, "pseudoxof") == 0)
        status = cmd_pseudoxof(argc - 2, argv + 2);
    else if (strcmp(cmd, "drng") == 0)
        status = cmd_drng(argc - 2, argv + 2);
    else
        die(EXIT_USAGE, "unknown command '%s' (try '" PROG " --help')",
            cmd);

    return gnu_cli_stdout_status(PROG, status, EXIT_INTERNAL);
}
