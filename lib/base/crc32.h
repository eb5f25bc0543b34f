/* crc32.h: CRC-32 (ISO 3309, as gzip and PNG use it) */
#ifndef FG_CRC32_H
#define FG_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* The CRC of p[0..n) continuing crc; start at 0. */
uint32_t crc32_update(uint32_t crc, const unsigned char *p, size_t n);

#endif
