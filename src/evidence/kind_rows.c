/* kind_rows.c -- the kind table (src/kinds/kind.h) as rows kind, kindop,
 * kindsize, kindpage, kindcounter and kindkat (its KAT files), for the report scripts: what they ask instead of naming a
 * kind's operations, sizes and words (doc/report.md).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>

#include "evidence.h"
#include "kind.h"

void put_kind_columns(void)
{
    fputs("columns\tkind\t1\tkind\ttitle\tops\tsizes\tyardstick_id\tyardstick_name"
          "\tcategory\theading\tcatalog\tsize_catalog\tcurated_sizes\tstandard\tcategories\thash\n"
          "columns\tkindop\t2\tkind\top\tfunction\tsetup\tmethod\tinput_bytes\n"
          "columns\tkindsize\t2\tkind\tsize\tgetter\tlabel\tsecret\tcount\n"
          "columns\tkindpage\t1\tkind\tfunctional\tfunctional_label\tfunctional_text"
          "\tfunctional_finding\trules\tper_input\tbits_size\tno_secrets\tfunctional_size"
          "\tsummary_ops\tsteps_of\n"
          "columns\tkindcounter\t3\tkind\top\tcounter\tlabel\trange\tsize\n"
          "columns\tkindkat\t2\tkind\tfile\tpattern\trecords\tfull_only\n", stdout);
}


/* A string value: escaped, \N for none. */
static void put_str(const char *s)
{
    put_sep();
    if (s)
        put_escaped(s);
    else
        put_null();
}

void put_kinds(void)
{
    struct kind_kat_file kat[KIND_MAX_KAT_FILES];
    int k, i, nkat;
    for (k = 0; kinds[k]; k++) {
        const struct kind *kd = kinds[k];
        printf("kind\t%s", kd->name);
        put_str(kd->title);
        put_sep();
        for (i = 0; i < kd->nops; i++)
            printf("%s%s", i ? " " : "", kd->ops[i].name);
        put_sep();
        for (i = 0; i < kd->nsizes; i++)
            printf("%s%s", i ? " " : "", kd->sizes[i].key);
        put_str(kd->yardstick_id);
        put_str(kd->yardstick_name);
        put_str(kd->page.category);
        put_str(kd->page.heading);
        put_str(kd->page.catalog);
        put_str(kd->page.size_catalog);
        put_str(kd->page.curated_sizes);
        put_str(kd->page.standard);
        put_str(kd->page.categories);
        put_str(kd->page.hash);
        putchar('\n');
        for (i = 0; i < kd->nops; i++) {
            printf("kindop\t%s\t%s", kd->name, kd->ops[i].name);
            put_str(kd->ops[i].function);
            put_str(kd->ops[i].setup);
            put_str(kd->ops[i].method);
            printf("\t%lu\n", kd->ops[i].input_bytes);
        }
        for (i = 0; i < kd->nsizes; i++) {
            printf("kindsize\t%s\t%s", kd->name, kd->sizes[i].key);
            put_str(kd->sizes[i].getter);
            put_str(kd->sizes[i].label);
            printf("\t%d\t%d\n", kd->sizes[i].secret, kd->sizes[i].count);
        }
        printf("kindpage\t%s", kd->name);
        put_str(kd->page.functional);
        put_str(kd->page.functional_label);
        put_str(kd->page.functional_text);
        put_str(kd->page.functional_finding);
        put_str(kd->page.rules);
        printf("\t%d", kd->page.per_input);
        put_str(kd->page.bits_size);
        put_str(kd->page.no_secrets);
        put_str(kd->page.functional_size);
        put_str(kd->page.summary_ops);
        put_str(kd->page.steps_of);
        putchar('\n');
        for (i = 0; i < KIND_PAGE_COUNTERS && kd->page.counters[i].key; i++) {
            const struct kind_page_counter *c = &kd->page.counters[i];
            printf("kindcounter\t%s\t%s\t%s", kd->name, c->op, c->key);
            put_str(c->label);
            printf("\t%d", c->range);
            put_str(c->size);
            putchar('\n');
        }
        nkat = kind_kat_files(kd, kat, KIND_MAX_KAT_FILES);
        for (i = 0; i < nkat; i++) {
            printf("kindkat\t%s\t%s", kd->name, kat[i].key);
            put_str(kat[i].pattern);
            printf("\t%lu\t%d\n", kat[i].records, kat[i].full_only);
        }
    }
}
