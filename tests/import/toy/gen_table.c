/* gen_table.c -- a submitter's table generator: a program with its own
 * main() whose name the driver rule does not catch; the importer leaves it
 * out because it defines main(). */
#include <stdio.h>

static int square(int x) { return x * x; }

int
main(void)
{
    int i;
    for (i = 0; i < 4; i++)
        printf("%d\n", square(i));
    return 0;
}
