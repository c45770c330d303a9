/* rng_openssl.c -- an alternative back end that must not be built (as
 * Weaver's OpenSSL rng.c): the submitters' CMakeLists.txt leaves it out. */
#error "rng_openssl.c must not be compiled: the CMakeLists.txt does not list it"
