/* reference.c -- the reference workload of a trial (reference.h).
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdlib.h>
#include <string.h>

#include "callstats.h"
#include "record.h"
#include "reference.h"
#include "sm3.h"
#include "sysfile.h"

/* Hashing the previous digest makes each hash depend on the last: the
 * compiler cannot drop or merge them. */
static unsigned char ref_state[64];

static void chunk(void)
{
    int i;
    for (i = 0; i < REFERENCE_CHUNK; i++)
        ngcc_sm3(ref_state, sizeof ref_state, ref_state + (i & 1) * 32);
}

double reference_seconds(double trial_s)
{
    double s = REFERENCE_SHARE * trial_s;
    return s > REFERENCE_SECONDS ? REFERENCE_SECONDS : s < REFERENCE_MIN_SECONDS ? REFERENCE_MIN_SECONDS : s;
}

int reference_time(struct reference_figures *f, const struct counter *c, int side, double seconds)
{
    struct reference_side *s = &f->side[side];
    long long t0, limit = (long long)(seconds * 1e9);
    uint64_t *mine;
    if (!f->chunk_ticks) {
        f->chunk_ticks = calloc(2 * REFERENCE_MAX_CHUNKS, sizeof *f->chunk_ticks);
        if (!f->chunk_ticks)
            return -1;
    }
    if (side == 0)
        memset(ref_state, 0x5a, sizeof ref_state);
    mine = f->chunk_ticks + side * REFERENCE_MAX_CHUNKS;
    memset(s, 0, sizeof *s);
    chunk(); /* the code and data warm */
    t0 = sys_now_ns();
    while (s->chunks < REFERENCE_MAX_CHUNKS &&
           (s->chunks < REFERENCE_MIN_CHUNKS || sys_now_ns() - t0 < limit)) {
        uint64_t a = counter_read(c), b;
        chunk();
        b = counter_read(c);
        mine[s->chunks++] = b - a;
        s->ticks += (int64_t)(b - a);
    }
    s->seconds = (double)(sys_now_ns() - t0) / 1e9;
    s->hashes = s->chunks * REFERENCE_CHUNK;
    return 0;
}

void reference_finish(struct reference_figures *f)
{
    int64_t n0 = f->side[0].chunks, n1 = f->side[1].chunks, hashes = f->side[0].hashes + f->side[1].hashes;
    if (f->chunk_ticks && n0 > 0 && n1 > 0 && hashes > 0) {
        /* The after side's chunks next to the before side's, then sorted. */
        memmove(f->chunk_ticks + n0, f->chunk_ticks + REFERENCE_MAX_CHUNKS, (size_t)n1 * sizeof *f->chunk_ticks);
        f->mean_ticks = (double)(f->side[0].ticks + f->side[1].ticks) / (double)hashes;
        {
            struct call_summary s;
            callstats_summarise(f->chunk_ticks, n0 + n1, REFERENCE_CHUNK, &s);
            f->p10_ticks = s.q[CALLSTATS_P10];
        }
        f->done = 1;
    }
    free(f->chunk_ticks);
    f->chunk_ticks = NULL;
}

static json_object *side_json(const struct reference_side *s)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "chunks", json_object_new_int64(s->chunks));
    json_object_object_add(o, "hashes", json_object_new_int64(s->hashes));
    json_object_object_add(o, "ticks", json_object_new_int64(s->ticks));
    json_object_object_add(o, "seconds", record_double(s->seconds));
    return o;
}

json_object *reference_to_json(const struct reference_figures *f)
{
    json_object *o;
    if (!f->done)
        return NULL;
    o = json_object_new_object();
    json_object_object_add(o, "name", json_object_new_string(REFERENCE_NAME));
    json_object_object_add(o, "chunk_hashes", json_object_new_int(REFERENCE_CHUNK));
    json_object_object_add(o, "before", side_json(&f->side[0]));
    json_object_object_add(o, "after", side_json(&f->side[1]));
    json_object_object_add(o, "mean_ticks", record_double(f->mean_ticks));
    json_object_object_add(o, "p10_ticks", record_double(f->p10_ticks));
    return o;
}

int reference_from_json(json_object *o, struct reference_figures *f)
{
    static const char *const names[2] = { "before", "after" };
    int i;
    memset(f, 0, sizeof *f);
    if (!o || !json_object_is_type(o, json_type_object))
        return -1;
    for (i = 0; i < 2; i++) {
        json_object *s;
        if (!json_object_object_get_ex(o, names[i], &s) ||
            record_get_int(s, "chunks", &f->side[i].chunks) != 0 ||
            record_get_int(s, "hashes", &f->side[i].hashes) != 0 ||
            record_get_int(s, "ticks", &f->side[i].ticks) != 0 ||
            record_get_double(s, "seconds", &f->side[i].seconds) != 0)
            return -1;
    }
    if (record_get_double(o, "mean_ticks", &f->mean_ticks) != 0 ||
        record_get_double(o, "p10_ticks", &f->p10_ticks) != 0)
        return -1;
    f->done = 1;
    return 0;
}
