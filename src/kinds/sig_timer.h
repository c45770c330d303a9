/* sig_timer.h -- what the signature kind's timer hooks (sig_timer.c)
 * count beyond the calls: the sign retries and the signature lengths
 * produced, read through the hooks' buffer SIG_TIMER_STATS and, for the
 * record's op_counters, the counters hook.  Part of ngcc-perf. */
#ifndef NGCC_KINDS_SIG_TIMER_H
#define NGCC_KINDS_SIG_TIMER_H

/* The guide's message and the harness's retry rule (kinds.md). */
#define SIG_TIMER_MSG_BYTES 64
#define SIG_TIMER_MAX_RETRIES 64

/* kind_timer's buffer(st, SIG_TIMER_STATS, &len): a struct sig_timer_stats. */
#define SIG_TIMER_STATS "sign_stats"

/* Over the timed signs since the setup (the setup's own sign not counted). */
struct sig_timer_stats {
    unsigned long long signs;    /* signs that succeeded */
    unsigned long long retries;  /* failed calls retried */
    unsigned long long sn_min, sn_max; /* the lengths produced (0, 0: none) */
    unsigned long long sn_total; /* their sum */
    unsigned long long excess;   /* signatures longer than the getter's */
};

#endif
