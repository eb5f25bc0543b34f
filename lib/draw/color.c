/* color.c: frame colours */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "draw/color.h"
#include "base/escape.h"
#include "stack/frame.h"
#include "base/intern.h"
#include "base/util.h"

const struct rgb color_new = { 60, 179, 113 };
const struct rgb color_more = { 190, 190, 190 };
const struct rgb color_sep = { 200, 200, 200 };
const struct rgb color_sep2 = { 160, 160, 160 };

const char *const palette_list[] = {
	"hot", "mem", "io", "wakeup", "chain", "java", "js", "perl", "red",
	"green", "blue", "aqua", "yellow", "purple", "orange", "julia", "category", NULL
};

int
palette_byname(const char *s)
{
	int i;

	for (i = 0; palette_list[i]; i++)
		if (!strcmp(s, palette_list[i]))
			return i;
	return -1;
}

/* Perl's rand(1) right after srand(seed): drand48's generator. */
static double
perl_rand_after_srand(uint32_t seed)
{
	uint64_t x = ((uint64_t)seed << 16) | 0x330e;

	x = (x * 0x5deece66dULL + 0xb) & ((1ULL << 48) - 1);
	return (double)x / (double)(1ULL << 48);
}

/* Decode the next character of s[i..n): its code point, one byte for
 * an invalid sequence (Perl reads such bytes as characters too). */
static unsigned long
next_char(const char *str, size_t n, size_t *i)
{
	uint32_t cp;
	size_t k = utf8_decode(str + *i, n - *i, &cp);

	*i += k ? k : 1;
	return cp;
}

/* flamegraph.pl's default: srand(sum of the code points); rand(1). */
static double
sum_seeded(const char *s, size_t n)
{
	uint32_t sum = 0;
	size_t i = 0;

	while (i < n) {
		if ((unsigned char)s[i] < 0x80)
			sum += (unsigned char)s[i++];	/* ASCII: no decoding */
		else
			sum += (uint32_t)next_char(s, n, &i);
	}
	return perl_rand_after_srand(sum);
}

/* flamegraph.pl's namehash (--hash): the first three characters,
 * weighted, after dropping a "module`" prefix. */
static double
namehash(const unsigned long *cp, size_t n)
{
	double vector = 0, weight = 1, max = 1;
	unsigned mod = 10;
	size_t i, start = 0;

	for (i = 1; i < n; i++)
		if (cp[i] == '`') {
			start = i + 1;
			break;
		}
	for (i = start; i < n; i++) {
		vector += ((double)(cp[i] % mod) / (mod - 1)) * weight;
		mod++;
		max += weight;
		weight *= 0.70;
		if (mod > 12)
			break;
	}
	return 1 - vector / max;
}

/* inferno's --deterministic: FNV-1a of the bytes, and the hash stepped
 * twice more by a zero byte, each over 2^64 - 1 (a double, then a
 * float). */
static void
fnv_values(const char *s, size_t n, float v[3])
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 0x100000001b3ULL;
	}
	for (i = 0; i < 3; i++) {
		if (i)
			h *= 0x100000001b3ULL;
		v[i] = (float)((double)h / (double)UINT64_MAX);
	}
}

static void
hash_values(const char *s, size_t n, double *v1, double *v23)
{
	unsigned long small[64] = { 0 }, *cp = small, t;
	size_t len = 0, i = 0, j;

	if (n > LEN(small))
		cp = ereallocarray(NULL, n, sizeof(*cp));
	while (i < n)
		cp[len++] = next_char(s, n, &i);
	*v1 = namehash(cp, len);
	for (j = 0; j < len / 2; j++)
		t = cp[j], cp[j] = cp[len - 1 - j], cp[len - 1 - j] = t;
	*v23 = namehash(cp, len);
	if (cp != small)
		free(cp);
}

static struct rgb
mk(int r, int g, int b)
{
	struct rgb c = { r, g, b };

	return c;
}

static int
has(const char *s, size_t n, const char *needle)
{
	return memmem(s, n, needle, strlen(needle)) != NULL;
}

/* java: /^L?(java|javax|jdk|net|org|com|io|sun)\// */
static int
java_package(const char *s, size_t n)
{
	static const char *const pk[] = { "java/", "javax/", "jdk/", "net/", "org/", "com/", "io/", "sun/" };
	size_t i, k;

	if (n && s[0] == 'L')
		s++, n--;
	for (i = 0; i < LEN(pk); i++)
		if (n >= (k = strlen(pk[i])) && !memcmp(s, pk[i], k))
			return 1;
	return 0;
}

/* js: /\/.*\.js/ */
static int
js_source(const char *s, size_t n)
{
	const char *slash = memchr(s, '/', n);

	return slash && has(slash, n - (slash - s), ".js");
}

/* The multi palettes choose a single-hue palette by the name. */
static int
multi(int pal, const char *s, size_t n)
{
	switch (pal) {
	case PAL_JAVA:
		if (has_suffix(s, n, "_[j]")) return PAL_GREEN;
		if (has_suffix(s, n, "_[i]")) return PAL_AQUA;
		if (java_package(s, n)) return PAL_GREEN;
		if (has(s, n, ":::")) return PAL_GREEN;
		if (has(s, n, "::")) return PAL_YELLOW;
		if (has_suffix(s, n, "_[k]")) return PAL_ORANGE;
		return PAL_RED;
	case PAL_PERL:
		if (has(s, n, "::")) return PAL_YELLOW;
		if (has(s, n, "Perl") || has(s, n, ".pl")) return PAL_GREEN;
		if (has_suffix(s, n, "_[k]")) return PAL_ORANGE;
		return PAL_RED;
	case PAL_JS:
		if (has_suffix(s, n, "_[j]")) return memchr(s, '/', n) ? PAL_GREEN : PAL_AQUA;
		if (has(s, n, "::")) return PAL_YELLOW;
		if (js_source(s, n)) return PAL_GREEN;
		if (memchr(s, ':', n)) return PAL_AQUA;
		if (n == 1 && s[0] == ' ') return PAL_GREEN;
		if (has(s, n, "_[k]")) return PAL_ORANGE;
		return PAL_RED;
	case PAL_WAKEUP:
		return PAL_AQUA;
	case PAL_CHAIN:
		return has(s, n, "_[w]") ? PAL_AQUA : PAL_BLUE;
	}
	return pal;
}

/* FlameGraphs.jl's FlameColors(): two colours for odd depths, two for
 * even ones, cycled in drawing order; runtime dispatch and garbage
 * collection in variations of crimson and orange.  (FlameGraphs.jl
 * picks the four with Colors.jl's distinguishable_colors; these are
 * fixed choices in its spirit.) */
static struct rgb
julia_color(const char *s, size_t n, uint32_t depth, uint32_t *cycle)
{
	static const struct rgb plain[4] = {
		{ 167, 199, 231 }, { 232, 196, 156 }, { 163, 207, 170 }, { 216, 180, 214 }
	};
	static const struct rgb dispatch[4] = {
		{ 232, 28, 72 }, { 220, 20, 60 }, { 208, 16, 52 }, { 196, 12, 44 }
	};
	static const struct rgb gc[4] = {
		{ 255, 178, 40 }, { 255, 165, 0 }, { 242, 152, 0 }, { 230, 140, 0 }
	};
	const struct rgb *vec = plain;
	const char *annot;
	size_t alen;
	uint32_t idx;
	int even;

	frame_strip_annot(s, n, &annot, &alen);
	if (annot && annot[0] == 'd')
		vec = dispatch;
	else if (annot && annot[0] == 'g')
		vec = gc;
	idx = cycle ? cycle[depth]++ : 0;
	even = (depth + 1) % 2 == 0;	/* FlameGraphs counts depth from 1 */
	return vec[idx % 2 + 2 * even];
}

/* FlameGraphs.jl's StackFrameCategory(), by file, for labels written
 * with --full-path: the compiler dark gray, Core light gray, Base light
 * blue, LLVM yellow, other C orange, everything else red. */
static struct rgb
category_color(const char *s, size_t n)
{
	const char *file, *annot;
	size_t flen, alen;

	n = frame_strip_annot(s, n, &annot, &alen);
	if (!frame_file(s, n, &file, &flen))
		return has(s, n, "llvm") || has(s, n, "LLVM") ? mk(255, 255, 0) : mk(255, 165, 0);
	if (has_suffix(file, flen, ".c") || has_suffix(file, flen, ".cpp") || has_suffix(file, flen, ".h") ||
	    has_suffix(file, flen, ".cc") || flen == 0)
		return has(s, n, "llvm") || has(s, n, "LLVM") ? mk(255, 255, 0) : mk(255, 165, 0);
	if (has(file, flen, "compiler/"))
		return mk(105, 105, 105);
	if ((flen == 7 && !memcmp(file, "boot.jl", 7)) || has_suffix(file, flen, "/boot.jl"))
		return mk(211, 211, 211);
	if ((flen > 2 && file[0] == '.' && file[1] == '/') || has(file, flen, "/base/"))
		return mk(173, 216, 230);
	return mk(255, 0, 0);
}

/* a channel: base + (int)(span * v), in float for SEED_FNV (inferno's
 * f32 product) */
static int
ch(int base, int span, double v, int f32)
{
	return base + (f32 ? (int)((float)span * (float)v) : (int)(span * v));
}

struct rgb
color_frame(int pal, int seed, const char *s, size_t n, uint32_t depth, uint32_t *cycle)
{
	double v1, v2, v3;
	float fv[3];
	int f = seed == SEED_FNV;

	if (pal == PAL_JULIA)
		return julia_color(s, n, depth, cycle);
	if (pal == PAL_CATEGORY)
		return category_color(s, n);
	if (seed == SEED_HASH) {
		hash_values(s, n, &v1, &v2);
		v3 = v2;
	} else if (f) {
		fnv_values(s, n, fv);
		v1 = fv[0], v2 = fv[1], v3 = fv[2];
	} else {
		v1 = v2 = v3 = sum_seeded(s, n);
	}
	switch (pal) {
	case PAL_HOT:
		return mk(ch(205, 50, v3, f), ch(0, 230, v1, f), ch(0, 55, v2, f));
	case PAL_MEM:
		return mk(0, ch(190, 50, v2, f), ch(0, 210, v1, f));
	case PAL_IO:
		return mk(ch(80, 60, v1, f), ch(80, 60, v1, f), ch(190, 55, v2, f));
	}
	switch (multi(pal, s, n)) {
	case PAL_RED:
		return mk(ch(200, 55, v1, f), ch(50, 80, v1, f), ch(50, 80, v1, f));
	case PAL_GREEN:
		return mk(ch(50, 60, v1, f), ch(200, 55, v1, f), ch(50, 60, v1, f));
	case PAL_BLUE:
		return mk(ch(80, 60, v1, f), ch(80, 60, v1, f), ch(205, 50, v1, f));
	case PAL_YELLOW:
		return mk(ch(175, 55, v1, f), ch(175, 55, v1, f), ch(50, 20, v1, f));
	case PAL_PURPLE:
		return mk(ch(190, 65, v1, f), ch(80, 60, v1, f), ch(190, 65, v1, f));
	case PAL_AQUA:
		return mk(ch(50, 60, v1, f), ch(165, 55, v1, f), ch(165, 55, v1, f));
	case PAL_ORANGE:
		return mk(ch(190, 65, v1, f), ch(90, 65, v1, f), 0);
	}
	return mk(0, 0, 0);
}

int
color_background(int pal, const char *bg, char top[8], char bottom[8])
{
	const char *t, *b;

	if (!bg) {
		if (pal == PAL_MEM)
			bg = "green";
		else if (pal == PAL_IO || pal == PAL_WAKEUP || pal == PAL_CHAIN)
			bg = "blue";
		else if (pal >= PAL_RED && pal <= PAL_ORANGE)
			bg = "grey";
		else if (pal == PAL_JULIA || pal == PAL_CATEGORY)
			bg = "#ffffff";
		else
			bg = "yellow";
	}
	if (!strcmp(bg, "yellow"))
		t = "#eeeeee", b = "#eeeeb0";
	else if (!strcmp(bg, "blue"))
		t = "#eeeeee", b = "#e0e0ff";
	else if (!strcmp(bg, "green"))
		t = "#eef2ee", b = "#e0ffe0";
	else if (!strcmp(bg, "grey") || !strcmp(bg, "gray"))
		t = "#f8f8f8", b = "#e8e8e8";
	else if (bg[0] == '#' && strlen(bg) == 7 && strspn(bg + 1, "0123456789abcdefABCDEF") == 6)
		t = b = bg;
	else
		return 0;
	memcpy(top, t, 8);
	memcpy(bottom, b, 8);
	return 1;
}

struct rgb
color_delta(double delta, double max)
{
	if (max <= 0 || delta == 0)
		return mk(255, 255, 255);
	if (delta > max)
		delta = max;
	if (delta < -max)
		delta = -max;
	if (delta > 0) {
		int gb = (int)(210 * (max - delta) / max);

		return mk(255, gb, gb);
	}
	return mk((int)(210 * (max + delta) / max), (int)(210 * (max + delta) / max), 255);
}

struct rgb
color_diffusion(double frac)
{
	/* inferno's color_scale(sqrt(frac) * 2000, 2000), in integers */
	long v = (long)(sqrt(frac) * 2000), c;

	if (v <= 0)
		return mk(250, 250, 250);
	c = 100 + 150 * (2000 - v) / 2000;
	return mk(255, (int)c, (int)c);
}

void
color_hex(struct rgb c, char out[8])
{
	static const char hex[] = "0123456789abcdef";

	out[0] = '#';
	out[1] = hex[c.r >> 4], out[2] = hex[c.r & 15];
	out[3] = hex[c.g >> 4], out[4] = hex[c.g & 15];
	out[5] = hex[c.b >> 4], out[6] = hex[c.b & 15];
	out[7] = 0;
}

/* The sRGB channels, linear (a table: renderers ask for every frame);
 * filled before main, constant after. */
static double lin[256];

__attribute__((constructor)) static void
linear_table(void)
{
	double c;
	int i;

	for (i = 0; i < 256; i++) {
		c = i / 255.0;
		lin[i] = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
	}
}

/* WCAG 2's relative luminance of c */
static double
color_luminance(struct rgb c)
{
	return 0.2126 * lin[c.r] + 0.7152 * lin[c.g] + 0.0722 * lin[c.b];
}

double
color_contrast(struct rgb a, struct rgb b)
{
	double la = color_luminance(a), lb = color_luminance(b);

	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

int
color_label_white(struct rgb fill)
{
	/* white's contrast 1.05 / (L + 0.05) against black's (L + 0.05) / 0.05 */
	double l = color_luminance(fill) + 0.05;

	return 1.05 / l > l / 0.05;
}

struct rgb
color_label(struct rgb fill)
{
	return color_label_white(fill) ? mk(255, 255, 255) : mk(0, 0, 0);
}

static unsigned char
mix1(unsigned char a, unsigned char b, double t)
{
	return (unsigned char)(a + (b - a) * t + 0.5);
}

struct rgb
color_mix(struct rgb a, struct rgb b, double t)
{
	return mk(mix1(a.r, b.r, t), mix1(a.g, b.g, t), mix1(a.b, b.b, t));
}

struct rgb
color_gradient(struct rgb top, struct rgb bottom, double frac)
{
	double t = (frac - 0.05) / 0.9;

	return color_mix(top, bottom, t < 0 ? 0 : t > 1 ? 1 : t);
}

const struct rgb color_compile = { 150, 140, 210 };

static int
starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	return n >= k && !memcmp(s, prefix, k);
}

int
julia_compiler_entry(const char *s, size_t n)
{
	const char *file;
	size_t flen, k = frame_funclen(s, n);

	if (starts(s, k, "typeinf") || starts(s, k, "jl_type_infer") || starts(s, k, "jl_compile"))
		return 1;
	return frame_file(s, n, &file, &flen) && memmem(file, flen, "compiler/", 9);
}

/* A palette map: names interned, their colours by id. */
struct palmap {
	struct interner names;	/* the names met, read or drawn */
	struct rgb *color;	/* by name id */
	size_t cap;		/* of color */
	char *target;		/* where palette_save writes; NULL: nowhere */
};

void
palette_remember(struct palmap *m, const char *name, size_t n, struct rgb c)
{
	uint32_t id = intern(&m->names, name, n);

	m->color = egrowarray(m->color, &m->cap, id + 1, sizeof(*m->color));
	m->color[id] = c;
}

int
palette_lookup(const struct palmap *m, const char *name, size_t n, struct rgb *c)
{
	uint32_t id = intern_find(&m->names, name, n);

	if (id == UINT32_MAX)
		return 0;
	*c = m->color[id];
	return 1;
}

/* The "->" before the colour of a palette line: the last one, so that a
 * name may hold "->" itself (C++'s a->b). */
static char *
last_arrow(char *line)
{
	char *a = NULL, *p = line;

	while ((p = strstr(p, "->"))) {
		a = p;
		p += 2;
	}
	return a;
}

/* path with the symbolic links it names followed to their end (a link
 * whose target does not exist yet names that target). */
static char *
follow_links(const char *path)
{
	char *p = estrdup(path), *q, buf[4096], *slash;
	struct stat st;
	ssize_t n;
	int hops = 0;

	while (lstat(p, &st) == 0 && S_ISLNK(st.st_mode)) {
		if (++hops > 40 || (n = readlink(p, buf, sizeof(buf) - 1)) < 0)
			eprintf("%s: %s", path, hops > 40 ? strerror(ELOOP) : strerror(errno));
		buf[n] = 0;
		if (buf[0] == '/' || !(slash = strrchr(p, '/'))) {
			q = estrdup(buf);
		} else {
			q = emalloc(slash - p + 2 + n);
			memcpy(q, p, slash - p + 1);
			strcpy(q + (slash - p + 1), buf);
		}
		free(p);
		p = q;
	}
	return p;
}

/*
 * Decide, before anything is drawn, where the palette will be written:
 * a symbolic link's target is updated (the link stays), a device or
 * other special file is read but never replaced (said once), and a
 * directory that cannot take the new file is an error now rather than
 * after the picture.  The file with its symbolic links followed, or
 * NULL for one not written.
 */
static char *
palette_target(const char *path)
{
	struct stat st;
	char *t = follow_links(path), *slash, *dir;

	if (stat(t, &st) == 0 && !S_ISREG(st.st_mode)) {
		weprintf("%s: not a regular file: the palette is read from it, not written to it",
		    path);
		free(t);
		return NULL;
	}
	slash = strrchr(t, '/');
	dir = slash ? estrdup(t) : estrdup(".");
	if (slash)
		dir[slash == t ? 1 : slash - t] = 0;
	if (access(dir, W_OK | X_OK))
		eprintf("%s: the palette cannot be written there: %s", dir, strerror(errno));
	free(dir);
	return t;
}

struct palmap *
palette_load(const char *path)
{
	struct palmap *m = ecalloc(1, sizeof(*m));
	FILE *f;
	char *line = NULL, *arrow;
	size_t cap = 0;
	ssize_t len;
	unsigned long lineno = 0;
	int r, g, b, end;

	intern_init(&m->names);
	m->target = palette_target(path);
	if (!(f = fopen(path, "r"))) {
		if (errno == ENOENT)
			return m;	/* a new palette file */
		eprintf("%s: %s", path, strerror(errno));
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (len && line[len - 1] == '\n')
			line[--len] = 0;
		if (len && line[len - 1] == '\r')
			line[--len] = 0;
		if (len == 0)
			continue;
		if (!(arrow = last_arrow(line)) ||
		    sscanf(arrow + 2, "rgb(%d,%d,%d)%n", &r, &g, &b, &end) != 3 ||
		    arrow[2 + end] || r < 0 || r > 255 || g < 0 || g > 255 || b < 0 || b > 255)
			fileerr(path, lineno, "not a palette line (NAME->rgb(R,G,B))");
		palette_remember(m, line, arrow - line, mk(r, g, b));
	}
	free(line);
	fclose(f);
	return m;
}

/* Ids of names in map m (arg), by name: a qsort_r comparator. */
static int
cmpname(const void *a, const void *b, void *arg)
{
	const struct interner *m = arg;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return stack_cmp(intern_str(m, x), intern_len(m, x), intern_str(m, y), intern_len(m, y));
}

/* A temporary file beside path, for palette_save to rename over it,
 * with the mode of the file it replaces (or the umask's). */
static FILE *
palette_temp(const char *path, char **tmp)
{
	struct stat st;
	mode_t mask;
	FILE *f;
	int fd;

	*tmp = emalloc(strlen(path) + 8);
	strcpy(*tmp, path);
	strcat(*tmp, ".XXXXXX");
	if ((fd = mkstemp(*tmp)) < 0)
		eprintf("%s: %s", *tmp, strerror(errno));
	if (stat(path, &st) == 0) {
		fchmod(fd, st.st_mode & 07777);
	} else {
		mask = umask(0);
		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	if (!(f = fdopen(fd, "w"))) {
		unlink(*tmp);
		eprintf("%s: %s", *tmp, strerror(errno));
	}
	return f;
}

/* Write map m, sorted by name, over its file. */
static void
palette_write(const struct palmap *m)
{
	const struct interner *t = &m->names;
	const char *path = m->target;
	FILE *f;
	uint32_t *ids, i;
	char *tmp;
	int bad;

	f = palette_temp(path, &tmp);
	ids = ereallocarray(NULL, t->n, sizeof(*ids));
	for (i = 0; i < t->n; i++)
		ids[i] = i;
	qsort_r(ids, t->n, sizeof(*ids), cmpname, (void *)t);
	for (i = 0; i < t->n; i++)
		fprintf(f, "%s->rgb(%d,%d,%d)\n", intern_str(t, ids[i]),
		    m->color[ids[i]].r, m->color[ids[i]].g, m->color[ids[i]].b);
	free(ids);
	/* the old file stays until the new one is whole */
	bad = fflush(f) || ferror(f) || fsync(fileno(f));
	if (fclose(f) || bad) {
		unlink(tmp);
		eprintf("%s: write error; the palette file is unchanged", tmp);
	}
	if (rename(tmp, path)) {
		unlink(tmp);
		eprintf("%s: %s", path, strerror(errno));
	}
	free(tmp);
}

void
palette_save(struct palmap *m)
{
	if (!m)
		return;
	if (m->target && m->names.n)
		palette_write(m);
	intern_free(&m->names);
	free(m->color);
	free(m->target);
	free(m);
}
