#ifndef TOY_XOR_H
#define TOY_XOR_H
/* out = a xor b, n bytes. */
void toy_xor(unsigned char *out, const unsigned char *a, const unsigned char *b,
             unsigned long n);
#endif
