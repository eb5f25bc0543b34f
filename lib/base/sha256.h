/* sha256.h: SHA-256 (FIPS 180-4), for the hashes of a Content Security
 * Policy, and base64 (RFC 4648), the form such a hash is written in */
#ifndef FG_SHA256_H
#define FG_SHA256_H

#include <stddef.h>

/* The digest of p[0..n) in out. */
void sha256(const void *p, size_t n, unsigned char out[32]);
/* p[0..n) in base64 with its padding, NUL-terminated, in out, which
 * has room for 4 * ((n + 2) / 3) + 1 bytes; returns out. */
char *base64(const unsigned char *p, size_t n, char *out);

#endif
