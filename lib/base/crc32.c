/* crc32.c: CRC-32, eight bytes a step (slicing by eight)
 *
 * Inflate checks every decompressed byte, so the byte-at-a-time loop
 * would cost as much as the decoding; eight tables let one step fold
 * eight bytes with independent lookups.
 */
#include <string.h>

#include "base/crc32.h"

/* Filled before main, constant after: no thread writes what another
 * reads. */
static uint32_t table[8][256];

__attribute__((constructor)) static void
maketables(void)
{
	uint32_t c;
	int i, k;

	for (i = 0; i < 256; i++) {
		c = i;
		for (k = 0; k < 8; k++)
			c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
		table[0][i] = c;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			table[k][i] = table[0][table[k - 1][i] & 0xff] ^ (table[k - 1][i] >> 8);
}

uint32_t
crc32_update(uint32_t crc, const unsigned char *p, size_t n)
{
	uint32_t lo, hi;

	crc = ~crc;
	for (; n >= 8; p += 8, n -= 8) {
		lo = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		    (uint32_t)p[3] << 24;
		hi = (uint32_t)p[4] | (uint32_t)p[5] << 8 | (uint32_t)p[6] << 16 |
		    (uint32_t)p[7] << 24;
		lo ^= crc;
		crc = table[7][lo & 0xff] ^ table[6][lo >> 8 & 0xff] ^
		    table[5][lo >> 16 & 0xff] ^ table[4][lo >> 24] ^
		    table[3][hi & 0xff] ^ table[2][hi >> 8 & 0xff] ^
		    table[1][hi >> 16 & 0xff] ^ table[0][hi >> 24];
	}
	while (n--)
		crc = table[0][(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return ~crc;
}
