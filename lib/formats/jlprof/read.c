/* formats/jlprof/read.c: reading the .jlprof files that FlameGraphs.jl writes
 *
 * The line-info dictionary follows the data, and the data can be most
 * of a big file, so the file is random-accessed with pread: the
 * dictionary is read first, then the data words are streamed in large
 * blocks, and only the sample being split is ever held.  Standard input
 * and other pipes are spooled to a temporary file to allow this.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/progress.h"
#include "base/hash.h"
#include "base/util.h"
#include "formats/jlprof/read.h"
#include "folded/formats.h"
#include "folded/lines.h"

static const unsigned char hdf5[8] = { 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n' };

#define RDCAP (1 << 20)
#define WORDCAP (1 << 17)

/* A buffered reader over the file, by offset. */
struct rd {
	struct jlprof *p;	/* whose rdbuf is the buffer */
	size_t len, pos;
	uint64_t boff;		/* file offset of buf[0] */
};

/* "FILE: byte OFF: message", formatted once by vbyteerr, however long. */
void
jl_error(struct jlprof *p, uint64_t off, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vbyteerr(p->name, off, fmt, ap);
	va_end(ap);
}

static void
readat(struct jlprof *p, void *buf, size_t n, uint64_t off)
{
	ssize_t r;
	char *b = buf;

	while (n) {
		r = pread(p->fd, b, n, (off_t)off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			fileerr(p->name, 0, "read error: %s", strerror(errno));
		if (r == 0)
			jl_error(p, off, "file shrank while being read");
		progress_bytes((uint64_t)r);
		b += r;
		n -= r;
		off += r;
	}
}

static void
rd_init(struct rd *r, struct jlprof *p, uint64_t off)
{
	r->p = p;
	if (!p->rdbuf) {
		p->rdcap = RDCAP;
		p->rdbuf = emalloc(p->rdcap);
	}
	r->len = r->pos = 0;
	r->boff = off;
}

static uint64_t
rd_off(const struct rd *r)
{
	return r->boff + r->pos;
}

static uint64_t
rd_left(const struct rd *r)
{
	return r->p->size - rd_off(r);
}

/* The next n bytes, which the caller knows to be no more than the file
 * holds, or a "truncated" error naming what was being read. */
static const unsigned char *
rd_get(struct rd *r, size_t n, const char *what)
{
	struct jlprof *p = r->p;
	uint64_t left = rd_left(r);
	size_t want;
	const unsigned char *s;

	if (n > left)
		jl_error(r->p, rd_off(r), "truncated %s: %zu bytes needed, %llu left",
		    what, n, (unsigned long long)left);
	if (r->len - r->pos < n) {
		memmove(p->rdbuf, p->rdbuf + r->pos, r->len - r->pos);
		r->boff += r->pos;
		r->len -= r->pos;
		r->pos = 0;
		if (n > p->rdcap) {
			p->rdcap = n;
			p->rdbuf = erealloc(p->rdbuf, p->rdcap);
		}
		want = p->rdcap - r->len;
		if (want > p->size - (r->boff + r->len))
			want = p->size - (r->boff + r->len);
		readat(p, p->rdbuf + r->len, want, r->boff + r->len);
		r->len += want;
	}
	s = p->rdbuf + r->pos;
	r->pos += n;
	return s;
}

static uint64_t
get_le(const unsigned char *b, int n, int swap)
{
	uint64_t v = 0;
	int i;

	/* swap is relative to the host; decode by the file's byte order */
	static const union { uint32_t u; unsigned char c[4]; } host = { 0x01020304 };
	int big = (host.c[0] == 1) ^ swap;

	for (i = 0; i < n; i++)
		v |= (uint64_t)b[big ? n - 1 - i : i] << (8 * i);
	return v;
}

static uint64_t
rd_u64(struct rd *r, const char *what)
{
	return get_le(rd_get(r, 8, what), 8, r->p->swap);
}

static int64_t
rd_i32(struct rd *r, const char *what)
{
	return (int32_t)(uint32_t)get_le(rd_get(r, 4, what), 4, r->p->swap);
}

/* Julia's Int: the word size of the writer */
static int64_t
rd_int(struct rd *r, const char *what)
{
	if (r->p->intsize == 4)
		return rd_i32(r, what);
	return (int64_t)rd_u64(r, what);
}

static unsigned char
rd_u8(struct rd *r, const char *what)
{
	return *rd_get(r, 1, what);
}

/* A length field: non-negative, and each of its len items (at least
 * unit bytes apiece) must fit in what is left of the file. */
static uint64_t
checklen(struct rd *r, uint64_t off, int64_t len, uint64_t unit, const char *what)
{
	if (len < 0)
		jl_error(r->p, off, "negative %s: %lld", what, (long long)len);
	if ((uint64_t)len > rd_left(r) / unit)
		jl_error(r->p, off, "%s %lld exceeds the %llu bytes left", what,
		    (long long)len, (unsigned long long)rd_left(r));
	return (uint64_t)len;
}

static void
scratch_fit(struct jlprof *p, size_t n)
{
	p->scratch = egrowarray(p->scratch, &p->scratchcap, n, 1);
}

/* Append a string field (Int32 length, bytes) to p->scratch at *len. */
static void
read_str(struct rd *r, size_t *len, const char *what)
{
	uint64_t off = rd_off(r);
	uint64_t n = checklen(r, off, rd_i32(r, what), 1, what);
	const unsigned char *s;

	scratch_fit(r->p, *len + n + 1);
	s = rd_get(r, n, what);
	if (memchr(s, 0, n))
		jl_error(r->p, off, "%s contains a NUL byte", what);
	memcpy(r->p->scratch + *len, s, n);
	*len += n;
	r->p->scratch[(*len)++] = 0;
}

/*
 * Read a frame record (func, file, line, from_c, inlined) and intern it.
 * The key packs the fields as "func\0file\0" + line + 2 flag bytes, so
 * equal keys are equal frames in the sense of StackFrame's ==.
 */
static uint32_t
read_frame(struct jlprof *p, struct rd *r)
{
	size_t len = 0, flen;
	int64_t line;
	uint32_t id, n;
	struct jlframe *f;
	char *scratch;

	read_str(r, &len, "function name length");
	flen = len - 1;
	read_str(r, &len, "file name length");
	line = rd_int(r, "line");
	scratch_fit(p, len + 10);
	scratch = p->scratch;
	memcpy(scratch + len, &line, 8);
	scratch[len + 8] = rd_u8(r, "from_c flag") != 0;
	scratch[len + 9] = rd_u8(r, "inlined flag") != 0;
	n = p->fkeys.n;
	id = intern(&p->fkeys, scratch, len + 10);
	if (p->fkeys.n == n)
		return id;
	p->frame = egrowarray(p->frame, &p->framecap, (size_t)id + 1, sizeof(*p->frame));
	f = &p->frame[id];
	f->func = intern_str(&p->fkeys, id);
	f->funclen = flen;
	f->file = f->func + flen + 1;
	f->filelen = len - flen - 2;
	f->line = line;
	f->from_c = scratch[len + 8];
	f->inlined = scratch[len + 9];
	return id;
}

static void
ip_put(struct jlprof *p, uint64_t ip, uint32_t first, uint32_t n)
{
	struct hprobe hp;
	uint32_t k;

	if ((k = jl_find(p, ip, &hp)) == HTAB_NONE) {
		k = p->nip++;
		htab_put(&p->iptab, &hp, k);
	}
	/* a repeated key replaces the earlier entry, as lidict[k] = sfs does */
	p->ip[k].ip = ip;
	p->ip[k].first = first;
	p->ip[k].n = n;
}

static void
read_lidict(struct jlprof *p)
{
	struct rd r;
	uint64_t m, i, j, nsf, off, ip;
	uint32_t first;

	rd_init(&r, p, JL_DATAOFF + 8 * p->nwords);
	off = rd_off(&r);
	m = checklen(&r, off, (int64_t)rd_u64(&r, "line-info entry count"), 12,
	    "line-info entry count");
	if (m >= UINT32_MAX / 2)
		jl_error(p, off, "too many line-info entries: %llu", (unsigned long long)m);
	p->ip = ereallocarray(NULL, m, sizeof(*p->ip));
	htab_init(&p->iptab, m);
	for (i = 0; i < m; i++) {
		ip = rd_u64(&r, "line-info key");
		off = rd_off(&r);
		nsf = checklen(&r, off, rd_i32(&r, "frame count"), 10 + p->intsize,
		    "frame count");
		if (p->nfid + nsf > UINT32_MAX)
			jl_error(p, off, "too many frames");
		p->fid = egrowarray(p->fid, &p->fidcap, p->nfid + nsf, sizeof(*p->fid));
		first = p->nfid;
		for (j = 0; j < nsf; j++)
			p->fid[p->nfid++] = read_frame(p, &r);
		ip_put(p, ip, first, nsf);
	}
	if (rd_off(&r) != p->size)
		jl_error(p, rd_off(&r), "%llu trailing bytes after the line-info dictionary",
		    (unsigned long long)(p->size - rd_off(&r)));
}

#define HEADCAP 520	/* the magic, or an HDF5 signature at 0 or 512 */

/* b holds the file's first n bytes: HEADCAP, or the whole file if it
 * is shorter.  Are they the magic? */
static void
checkmagic(struct jlprof *p, const unsigned char *b, size_t n)
{
	char msg[256];

	if (n >= 8 && !memcmp(b, JL_MAGIC, 8))
		return;
	if (format_hint("jlprof", (const char *)b, n, msg, sizeof(msg)))
		fileerr(p->name, 0, "%s", msg);
	if ((n >= 8 && !memcmp(b, hdf5, 8)) || (n >= 520 && !memcmp(b + 512, hdf5, 8)))
		jl_error(p, 0, "an HDF5/JLD file, not a FlameGraphs.jl .jlprof file");
	jl_error(p, 0, "not a .jlprof file (no JLPROF magic)");
}

/* read(2) of at most n bytes; 0 at end of file. */
static size_t
readsome(struct jlprof *p, int fd, unsigned char *buf, size_t n)
{
	ssize_t r;

	if ((r = read_counted(fd, buf, n)) < 0)
		fileerr(p->name, 0, "read error: %s", strerror(errno));
	return r;
}

/*
 * A pipe (standard input, or an operand that is not a regular file) is
 * copied to an unlinked temporary file so that it can be read out of
 * order like any other.  Its magic is checked first: what is not a
 * .jlprof file is not copied.
 */
static int
spool(struct jlprof *p, int in)
{
	FILE *tmp;
	unsigned char *buf;
	size_t len = 0, n;
	int fd = -1;

	if (!p->rdbuf) {
		p->rdcap = RDCAP;
		p->rdbuf = emalloc(p->rdcap);
	}
	buf = p->rdbuf;
	while (len < HEADCAP && (n = readsome(p, in, buf + len, HEADCAP - len)))
		len += n;
	checkmagic(p, buf, len);
	if (!(tmp = tmpfile()))
		fileerr(p->name, 0, "cannot create a temporary file: %s", strerror(errno));
	do {
		if (fwrite(buf, 1, len, tmp) != len)
			fileerr(p->name, 0, "cannot write a temporary file: %s", strerror(errno));
	} while ((len = readsome(p, in, buf, p->rdcap)));
	if (fflush(tmp) || (fd = dup(fileno(tmp))) < 0)
		fileerr(p->name, 0, "cannot write a temporary file: %s", strerror(errno));
	fclose(tmp);
	return fd;
}

void
jl_open(struct jlprof *p, const char *path, int intsize)
{
	struct stat st;
	struct rd r;
	const unsigned char *h;
	unsigned char head[HEADCAP];
	static const union { uint32_t u; unsigned char c[4]; } host = { 0x01020304 };
	int fbig = 0, in;
	size_t n;

	memset(p, 0, sizeof(*p));
	p->fd = -1;
	p->name = displayname(path);
	p->intsize = intsize;
	if (!path || !strcmp(path, "-")) {
		stdin_tty_note();
		p->fd = spool(p, 0);
	}
	else if ((p->fd = open(path, O_RDONLY)) < 0)
		fileerr(p->name, 0, "%s", strerror(errno));
	if (fstat(p->fd, &st) < 0)
		fileerr(p->name, 0, "%s", strerror(errno));
	if (!S_ISREG(st.st_mode)) {
		in = p->fd;
		p->fd = spool(p, in);
		close(in);
		if (fstat(p->fd, &st) < 0)
			fileerr(p->name, 0, "%s", strerror(errno));
	}
	p->size = st.st_size;
	progress_size(p->size);
	n = p->size < HEADCAP ? p->size : HEADCAP;
	readat(p, head, n, 0);
	checkmagic(p, head, n);
	rd_init(&r, p, 8);
	h = rd_get(&r, 4, "endianness word");
	if (!memcmp(h, "\4\3\2\1", 4))
		fbig = 0;
	else if (!memcmp(h, "\1\2\3\4", 4))
		fbig = 1;
	else
		jl_error(p, 8, "bad endianness word %02x %02x %02x %02x",
		    h[0], h[1], h[2], h[3]);
	p->swap = fbig != (host.c[0] == 1);
	p->format = rd_u8(&r, "format byte");
	if (p->format != 1 && p->format != 2)
		jl_error(p, 12, "unknown format 0x%02x", p->format);
	intern_init(&p->fkeys);
	if (p->format == 1) {
		p->nwords = checklen(&r, 13, (int64_t)rd_u64(&r, "data length"), 8,
		    "data length");
		read_lidict(p);
	}
}

void
jl_close(struct jlprof *p)
{
	if (p->fd >= 0)
		close(p->fd);
	free(p->scratch);
	free(p->frame);
	free(p->fid);
	free(p->ip);
	htab_free(&p->iptab);
	free(p->rdbuf);
	free(p->wbuf);
	free(p->sbuf);
	intern_free(&p->fkeys);
}

static void
read_words(struct jlprof *p, uint64_t *w, size_t n, uint64_t first)
{
	size_t i;

	readat(p, w, n * 8, JL_DATAOFF + 8 * first);
	if (p->swap)
		for (i = 0; i < n; i++)
			w[i] = __builtin_bswap64(w[i]);
}

int
jl_has_meta(struct jlprof *p)
{
	uint64_t *w = p->wbuf = emalloc(WORDCAP * 8), d[6] = { 1, 1, 1, 1, 1, 1 };
	uint64_t done = 0, k;
	size_t n, i;
	int found = 0;

	while (!found && done < p->nwords) {
		n = p->nwords - done < WORDCAP ? p->nwords - done : WORDCAP;
		read_words(p, w, n, done);
		for (i = 0; i < n; i++) {
			/* d[5] is the newest word, d[0] five words back */
			memmove(d, d + 1, 5 * 8);
			d[5] = w[i];
			k = done + i;
			if (k >= 5 && d[5] == 0 && d[4] == 0 && d[3] >= 1 && d[3] <= 3 &&
			    d[2] && d[1] && d[0]) {
				found = 1;
				break;
			}
		}
		done += n;
	}
	free(w);
	p->wbuf = NULL;
	return found;
}

/* Queue a sample of the batch; fn sees the batch before the buffer that
 * holds its words is refilled. */
static struct jlsample *
addsample(struct jlsample **b, size_t *n, size_t *cap)
{
	*b = egrowarray(*b, cap, *n + 1, sizeof(**b));
	return &(*b)[(*n)++];
}

uint64_t
jl_samples(struct jlprof *p, int layout, jl_sample_fn *fn, void *arg)
{
	size_t cap = WORDCAP, len = 0, s = 0, i = 0, n, e, nb = 0, bcap = 0;
	uint64_t *w = p->wbuf = emalloc(cap * 8), base = 0, done = 0, x, w1 = 1, w2 = 1;
	uint64_t index = 0;
	struct jlsample *smp;

	for (;;) {
		if (i == len) {
			if (nb)
				fn(arg, p->sbuf, nb);
			nb = 0;
			if (done == p->nwords)
				break;
			/* keep the words of the open sample */
			memmove(w, w + s, (len - s) * 8);
			base += s;
			len -= s;
			i -= s;
			s = 0;
			w = p->wbuf = egrowarray(w, &cap, len + 1, 8);
			n = cap - len;
			if (n > p->nwords - done)
				n = p->nwords - done;
			read_words(p, w + len, n, done);
			done += n;
			len += n;
		}
		if (layout == JL_LEGACY) {
			for (; i < len; i++) {
				if (w[i])
					continue;
				smp = addsample(&p->sbuf, &nb, &bcap);
				smp->ip = w + s;
				smp->n = i - s;
				smp->thread = 1;
				smp->task = 0xf0f0f0f0;
				smp->sleep = 1;
				smp->off = JL_DATAOFF + 8 * (base + s);
				smp->index = index++;
				s = i + 1;
			}
			continue;
		}
		for (; i < len; i++) {
			x = w[i];
			/* ip... T K C S 0 0: a block ends at the second 0 */
			if (x == 0 && w1 == 0 && w2 != 0 && base + i >= 4) {
				e = i;
				if (e < s + 5)
					jl_error(p, JL_DATAOFF + 8 * (base + e),
					    "block end whose metadata starts before the block");
				smp = addsample(&p->sbuf, &nb, &bcap);
				smp->ip = w + s;
				smp->n = e - 5 - s;
				smp->thread = w[e - 5];
				smp->task = w[e - 4];
				smp->sleep = w[e - 2];
				smp->off = JL_DATAOFF + 8 * (base + s);
				smp->index = index++;
				s = e + 1;
			}
			w2 = w1;
			w1 = x;
		}
	}
	free(w);
	p->wbuf = NULL;
	free(p->sbuf);
	p->sbuf = NULL;
	return len - s;
}

void
jl_graph(struct jlprof *p, jl_open_fn *open, jl_close_fn *close, void *arg)
{
	struct rd r;
	uint64_t depth = 0, off, width;
	int64_t start, stop;
	unsigned char tag;
	int status;
	uint32_t id;

	rd_init(&r, p, 13);
	do {
		off = rd_off(&r);
		if (!rd_left(&r))
			jl_error(p, off, depth ? "end of file inside the graph, %llu nodes open" :
			    "no root node", (unsigned long long)depth);
		tag = rd_u8(&r, "node tag");
		if (tag == 0 && depth) {
			close(arg);
			depth--;
			continue;
		}
		if (tag != 0xff)
			jl_error(p, off, "bad node tag 0x%02x", tag);
		id = read_frame(p, &r);
		status = rd_u8(&r, "node status");
		start = rd_int(&r, "span start");
		stop = rd_int(&r, "span stop");
		width = 0;
		if (stop >= start) {
			width = (uint64_t)stop - (uint64_t)start;
			if (width == UINT64_MAX)
				jl_error(p, off, "span too wide");
			width++;
		}
		open(arg, &p->frame[id], status, width);
		depth++;
	} while (depth);
	if (rd_left(&r))
		jl_error(p, rd_off(&r), "%llu trailing bytes after the graph",
		    (unsigned long long)rd_left(&r));
}
