/* kind_page.h -- the words of a kind's report pages (struct kind_page, in
 * struct kind): catalogs, the sizes the curated catalog gives, the
 * yardstick's standard, the op_counters shown, the functional check after
 * the KAT, the rules of the inputs and the throughput pages.  Column headings and sentences are built from
 * these and from the ops and sizes of kind.h (doc/report.md).  Part of
 * ngcc-perf. */
#ifndef NGCC_KINDS_KIND_PAGE_H
#define NGCC_KINDS_KIND_PAGE_H

/* One of a kind's op_counters (kind_timer.h) as the pages show it. */
struct kind_page_counter {
    const char *op;     /* the operation whose records carry it: "sign" */
    const char *key;    /* the counter "sign_retries"; with RANGE, the
                         * prefix of KEY_min, KEY_max and KEY_total */
    const char *label;  /* its column: "sign retries" */
    int range;          /* 1: shown min / mean / max (KEY_total over the calls) */
    const char *size;   /* with RANGE, the size key whose produced lengths
                         * they are ("sn"), shown in section 6; else NULL */
};

#define KIND_PAGE_COUNTERS 4

struct kind_page {
    const char *category;       /* "public-key algorithm; function: key encapsulation" */
    const char *heading;        /* the summary's section: "Key encapsulation" */
    const char *catalog;        /* the Round 1 catalog: "data/ngcc-round1-kem.csv" */
    const char *size_catalog;   /* the curated sizes: "data/kem-instances.csv" */
    const char *curated_sizes;  /* size keys the size catalog gives, the pages'
                                 * size columns: "pk ct" */
    const char *standard;       /* the yardstick's standard: "FIPS 203" */
    const char *categories;     /* its security categories: "1, 3 and 5" */
    const char *hash;           /* the yardstick's own hash functions: "SHA-3/SHAKE" */
    /* the counters the pages show, in their order; a NULL key ends them */
    struct kind_page_counter counters[KIND_PAGE_COUNTERS];
    /* The functional check after the KAT (kind_kat.h), NULL for none: the
     * KAT log line's name ("forgery"), its column in section 3, what it
     * tries (a sentence), and the words of a case it failed to reject. */
    const char *functional;
    const char *functional_label;
    const char *functional_text;
    const char *functional_finding;
    /* The method page's rules of the inputs (a sentence or two), or NULL. */
    const char *rules;
    /* 1: the operations hash messages of their kind_op input_bytes; the
     * pages show each instance over the sizes, cycles per byte and MB/s
     * (section 4, the summary, the chart).  0 (KEM, signature): by op. */
    int per_input;
    /* A size shown in bits too (section 6, the summary): "digest"; NULL. */
    const char *bits_size;
    /* For a kind without secrets: why the screening has no secret-
     * dependence check (a sentence of the pages); NULL. */
    const char *no_secrets;
    /* The size beside which section 6 shows the functional check's line
     * (the output lengths tested), instead of a column of section 3; NULL. */
    const char *functional_size;
    /* The operations the summary's table and robust figures show,
     * space-separated; NULL: all (a key exchange: "exchange" alone). */
    const char *summary_ops;
    /* The operation the others are the steps of, timed inside it (section
     * 4 compares the steps' sum with it); NULL: none. */
    const char *steps_of;
};

#endif
