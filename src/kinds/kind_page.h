/* kind_page.h -- the words of a kind's report pages (struct kind_page, in
 * struct kind): catalogs, the sizes the curated catalog gives, the
 * yardstick's standard.  Column headings and sentences are built from
 * these and from the ops and sizes of kind.h (doc/report.md).  Part of
 * ngcc-perf. */
#ifndef NGCC_KINDS_KIND_PAGE_H
#define NGCC_KINDS_KIND_PAGE_H

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
};

#endif
