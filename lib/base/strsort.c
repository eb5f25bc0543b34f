/* strsort.c: records sorted by their strings, multikey quicksort */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/strsort.h"
#include "base/util.h"

size_t
str_mismatch(const char *a, const char *b, size_t n)
{
	size_t i = 0;
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t x, y, w[8];

	/* libc's memcmp reads wide: it finds the block that differs */
	for (; i + 64 <= n; i += 64)
		if (memcmp(a + i, b + i, 64))
			break;
	for (; i + 32 <= n; i += 32) {
		memcpy(w, a + i, 32);
		memcpy(w + 4, b + i, 32);
		if ((w[0] ^ w[4]) | (w[1] ^ w[5]) | (w[2] ^ w[6]) | (w[3] ^ w[7]))
			break;
	}
	for (; i + 8 <= n; i += 8) {
		memcpy(&x, a + i, 8);
		memcpy(&y, b + i, 8);
		if (x != y)
			return i + (size_t)__builtin_ctzll(x ^ y) / 8;
	}
#endif
	while (i < n && a[i] == b[i])
		i++;
	return i;
}

int
str_cmp(const char *a, size_t alen, const char *b, size_t blen, int end)
{
	size_t l = str_mismatch(a, b, alen < blen ? alen : blen);
	int ca = l < alen ? (unsigned char)a[l] : end;
	int cb = l < blen ? (unsigned char)b[l] : end;

	if (ca != cb)
		return ca - cb;
	return (alen > blen) - (alen < blen);
}

/*
 * A key is seven bytes from offset d, nine bits each: a byte b weighs
 * 2b + 1, the end of the string 2 * end (0 for end = -1), and nothing
 * after it 0, so keys order as str_cmp does.
 */
#define CHUNK 7

struct item {
	uint64_t key;		/* the chunk at the task's depth */
	const char *s;
	size_t len;
	size_t rec;		/* the record's place in the input */
};

static uint64_t
chunk(const struct item *it, size_t d, unsigned endw)
{
	const unsigned char *s = (const unsigned char *)it->s + d;
	uint64_t k = 0;
	size_t i, p;
	unsigned v;

	if (d + CHUNK <= it->len) {
		for (i = 0; i < CHUNK; i++)
			k = k << 9 | (2u * s[i] + 1);
		return k;
	}
	for (i = 0; i < CHUNK; i++) {
		p = d + i;
		if (p < it->len)
			v = 2u * (unsigned char)it->s[p] + 1;
		else
			v = p == it->len ? endw : 0;
		k = k << 9 | v;
	}
	return k;
}

/* A few items, their first d bytes alike, by insertion. */
static void
insertion(struct item *v, size_t n, size_t d, int end)
{
	struct item t;
	size_t i, j;

	for (i = 1; i < n; i++) {
		t = v[i];
		for (j = i; j > 0 && str_cmp(v[j - 1].s + d, v[j - 1].len - d,
		    t.s + d, t.len - d, end) > 0; j--)
			v[j] = v[j - 1];
		v[j] = t;
	}
}

/*
 * How many bytes from d on the n items all share (none ends before d):
 * stacks share long runs of callers, which are skipped at memcmp's
 * speed instead of seven bytes a pass.
 */
static size_t
common(const struct item *v, size_t n, size_t d)
{
	size_t m = v[0].len - d, i, k;

	for (i = 1; i < n && m; i++) {
		if (i + 8 < n)
			__builtin_prefetch(v[i + 8].s + d);
		k = v[i].len - d < m ? v[i].len - d : m;
		k = str_mismatch(v[0].s + d, v[i].s + d, k);
		if (k < m)
			m = k;
	}
	return m;
}

struct task {
	size_t lo, hi, d;
	int keyed;		/* v[lo..hi).key is the chunk at d */
};

/* A random index in [lo, hi): pivots no input can foresee. */
static size_t
pick(uint64_t *rng, size_t lo, size_t hi)
{
	*rng ^= *rng << 13;
	*rng ^= *rng >> 7;
	*rng ^= *rng << 17;
	return lo + (size_t)(*rng % (hi - lo));
}

static void
sort_items(struct item *v, size_t n, int end, size_t *lcp)
{
	struct task *tk = ereallocarray(NULL, 2 * n + 3, sizeof(*tk)), t;
	unsigned endw = end < 0 ? 0 : 2u * (unsigned)end, last;
	uint64_t pv, a, b, c, rng = hash_key[2];
	size_t ntk = 0, i, lt, gt;
	struct item x;

	tk[ntk++] = (struct task){ 0, n, 0, 0 };
	while (ntk) {
		t = tk[--ntk];
		if (t.hi - t.lo < 8) {
			insertion(v + t.lo, t.hi - t.lo, t.d, end);
			/* exact while the few strings are at hand */
			for (i = t.lo + 1; lcp && i < t.hi; i++)
				lcp[i] = t.d + str_mismatch(v[i - 1].s + t.d, v[i].s + t.d,
				    (v[i - 1].len < v[i].len ? v[i - 1].len : v[i].len) - t.d);
			continue;
		}
		if (!t.keyed) {
			t.d += common(v + t.lo, t.hi - t.lo, t.d);
			for (i = t.lo; i < t.hi; i++) {
				/* the strings lie anywhere: ask for some ahead */
				if (i + 8 < t.hi)
					__builtin_prefetch(v[i + 8].s + t.d);
				v[i].key = chunk(&v[i], t.d, endw);
			}
		}
		a = v[pick(&rng, t.lo, t.hi)].key;
		b = v[pick(&rng, t.lo, t.hi)].key;
		c = v[pick(&rng, t.lo, t.hi)].key;
		pv = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
		/* [lo, lt) below the pivot, [lt, i) equal, [gt, hi) above */
		lt = t.lo;
		gt = t.hi;
		for (i = t.lo; i < gt;) {
			if (v[i].key < pv) {
				x = v[lt], v[lt++] = v[i], v[i++] = x;
			} else if (v[i].key > pv) {
				x = v[--gt], v[gt] = v[i], v[i] = x;
			} else {
				i++;
			}
		}
		if (lcp) {
			if (lt > t.lo)
				lcp[lt] = t.d;
			if (gt < t.hi)
				lcp[gt] = t.d;
		}
		if (lt > t.lo)
			tk[ntk++] = (struct task){ t.lo, lt, t.d, 1 };
		if (t.hi > gt)
			tk[ntk++] = (struct task){ gt, t.hi, t.d, 1 };
		/* equal keys that hold the end are equal strings */
		last = pv & 0x1ff;
		if (gt - lt > 1 && last != endw && last)
			tk[ntk++] = (struct task){ lt, gt, t.d + CHUNK, 0 };
		else if (lcp)
			for (i = lt + 1; i < gt; i++)
				lcp[i] = v[i].len;
	}
	free(tk);
}

void
strsort(void *base, size_t n, size_t size, int end, size_t *lcp)
{
	char *p = base, *tmp;
	struct item *v;
	struct strref r;
	size_t i;

	if (lcp && n)
		lcp[0] = 0;
	if (n < 2)
		return;
	v = ereallocarray(NULL, n, sizeof(*v));
	for (i = 0; i < n; i++) {
		memcpy(&r, p + i * size, sizeof(r));
		v[i].s = r.s;
		v[i].len = r.len;
		v[i].rec = i;
	}
	sort_items(v, n, end, lcp);
	tmp = ereallocarray(NULL, n, size);
	for (i = 0; i < n; i++)
		memcpy(tmp + i * size, p + v[i].rec * size, size);
	memcpy(p, tmp, n * size);
	free(tmp);
	free(v);
}
