/*
 * indcpa.h - K-PKE (FIPS 203 section 5): the CPA-secure encryption scheme under
 * ML-KEM.
 */
#ifndef NGCC_MLKEM_INDCPA_H
#define NGCC_MLKEM_INDCPA_H

#include "params.h"

/* K-PKE.KeyGen(d) (Algorithm 13). */
void ngcc_mlkem_indcpa_keypair(unsigned char ek[MLKEM_EKBYTES],
                               unsigned char dk[MLKEM_DKPKEBYTES],
                               const unsigned char d[MLKEM_SYMBYTES]);
/* K-PKE.Encrypt(ek, m, r) (Algorithm 14). */
void ngcc_mlkem_indcpa_enc(unsigned char c[MLKEM_CTBYTES],
                           const unsigned char ek[MLKEM_EKBYTES],
                           const unsigned char m[MLKEM_SYMBYTES],
                           const unsigned char r[MLKEM_SYMBYTES]);
/* K-PKE.Decrypt(dk, c) (Algorithm 15). */
void ngcc_mlkem_indcpa_dec(unsigned char m[MLKEM_SYMBYTES],
                           const unsigned char dk[MLKEM_DKPKEBYTES],
                           const unsigned char c[MLKEM_CTBYTES]);

#endif
