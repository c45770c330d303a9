/* kex.c -- the key-exchange kind: the ICCS KEX API (kinds.md, "Key
 * exchange"), the official KAT_KEX.c driver's file and the operations:
 * the whole exchange and each step timed inside complete runs (guide
 * section 3.4.1, "network transmission time is not counted").
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stddef.h>

#include "kex_proto.h"
#include "kind.h"

extern const struct kind_timer kex_timer; /* kex_timer.c */

static const char *const kex_symbols[] = {
    "kex_get_passes_num", "kex_get_pk_len_bytes", "kex_get_sk_len_bytes",
    "kex_get_sta_len_bytes", "kex_get_stb_len_bytes", "kex_get_ss_len_bytes",
    "kex_get_total_msg_len_bytes", "kex_init_a", "kex_init_b",
    "kex_generate_pass1_msg_a", "kex_generate_pass2_msg_b",
    "kex_generate_pass3_msg_a", "kex_generate_pass4_msg_b", /* when it has them */
    "kex_derive_ss_a", "kex_derive_ss_b", NULL
};

/* In kex_proto.h's KEX_S_* order.  A protocol without long-term keys has
 * pk and sk 0, one whose inits keep nothing a state of 0; a
 * non-interactive one (NIIKE) no pass and no message. */
static const struct kind_size kex_sizes[] = {
    { "passes", "kex_get_passes_num", "passes", 0, 1, 1 },
    { "pk", "kex_get_pk_len_bytes", "long-term public key", 0, 1, 0 },
    { "sk", "kex_get_sk_len_bytes", "long-term secret key", 1, 1, 0 },
    { "sta", "kex_get_sta_len_bytes", "state of A", 1, 1, 0 },
    { "stb", "kex_get_stb_len_bytes", "state of B", 1, 1, 0 },
    { "ss", "kex_get_ss_len_bytes", "shared secret", 1, 0, 0 },
    { "msg", "kex_get_total_msg_len_bytes", "messages in all", 0, 1, 0 },
};

#define STEP_SETUP(what)                                                          \
    "the DRNG seeded, nothing else; every timed call runs one whole exchange "   \
    "(both inits, every pass, both derives, no transport) and only " what " is " \
    "timed, the call alone; each exchange is checked to end with equal shared "  \
    "secrets, untimed"
#define STEP(name, fn, what, size, min)                                               \
    { name, fn, name ": " STEP_SETUP(what),                                     \
      name " times " what " inside complete exchanges", 0, { size, min } }

static const struct kind_op kex_ops[] = {
    { "exchange", "ngcc_kex_exchange",
      "exchange: the DRNG seeded, nothing else; every timed call runs one whole exchange in one process: both inits, every pass, both derives (no transport), the clock running during the candidate's calls only (not the package's checks between them); the secrets compared after it, untimed",
      "exchange times one whole protocol, both sides, in one process: the sum of its calls (network transmission not counted)", 0, { NULL, 0 } },
    STEP("init_a", "kex_init_a", "A's kex_init_a", NULL, 0),
    STEP("init_b", "kex_init_b", "B's kex_init_b", NULL, 0),
    STEP("pass1", "kex_generate_pass1_msg_a", "pass 1 (A)", "passes", 1),
    STEP("pass2", "kex_generate_pass2_msg_b", "pass 2 (B)", "passes", 2),
    STEP("pass3", "kex_generate_pass3_msg_a", "pass 3 (A)", "passes", 3),
    STEP("pass4", "kex_generate_pass4_msg_b", "pass 4 (B)", "passes", 4),
    STEP("derive_a", "kex_derive_ss_a", "A's kex_derive_ss_a", NULL, 0),
    STEP("derive_b", "kex_derive_ss_b", "B's kex_derive_ss_b", NULL, 0),
};

const struct kind kind_kex = {
    "kex", "key exchange", "KEX_AlgorithmInstance.h", kex_symbols,
    kex_sizes, (int)(sizeof kex_sizes / sizeof kex_sizes[0]),
    kex_ops, (int)(sizeof kex_ops / sizeof kex_ops[0]),
    "KAT_KEX_%s.txt", 10, "mlkemkex", "ML-KEM-768-KEX",
    &kex_timer, &kex_kat, &kex_screen,

    /* the report's words (kind_page.h) */
    .page = { "public-key algorithm; function: key exchange", "Key exchange",
              "data/ngcc-round1-kex.csv", "data/kex-instances.csv", "passes msg",
              "FIPS 203", "3", "SHA-3/SHAKE",
              { { "exchange", "wire_bytes", "bytes on the wire min / mean / max", 1, "msg" } },
              "passes", "passes check",
              "After the KAT records, the passes check: ten exchanges of its own (the DRNG seeded apart), each run to its end; an exchange passes when the pass that says it is finished (returns 1) is pass kex_get_passes_num and both shared secrets agree. The official KAT_KEX.c stops after pass 3; a protocol of more passes is run to its end here, as the organiser's harness does, its fields named by the same pattern (Pass4_Stb, M4, ...).",
              "an exchange finished at another pass than kex_get_passes_num says (a functional finding)",
              "Exchange rule: exchange times one whole protocol in one process, both sides, every pass and both derives, as the organiser's harness; no transport, no network (the guide: network transmission time is not counted). The clock runs during the candidate's calls only, not during the package's checks of each call between them. Each step (init_a, init_b, pass1, pass2, ..., derive_a, derive_b) is timed inside complete exchanges: every timed call runs a whole exchange and only that step's call is on the clock, so the steps' sum estimates the exchange; every exchange is checked, untimed, to end with equal shared secrets. A pass exists only when the protocol has it (pass3 for three passes or more). Memory per step is that of the complete exchange it is timed in.",
              /* section 6 shows the passes check's line (the messages and
               * keys of A and B), the summary the exchange alone */
              0, NULL, NULL, "passes", "exchange", "exchange" },
    .profile_ops = "exchange",
};
