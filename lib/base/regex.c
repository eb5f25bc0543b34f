/* regex.c: POSIX extended regular expressions in linear time
 *
 * A pattern is parsed as glibc's regcomp reads an ERE in the C locale
 * (the same operators, the same errors; but an escaped letter that is
 * no GNU operator, "\d", which glibc reads as "d", is refused) into a
 * tree; the tree becomes a Thompson NFA whose instructions are byte
 * sets, splits, jumps and zero-width assertions.  rx_search runs it as
 * a lazy DFA: a DFA state is the set of NFA instructions live after a
 * byte, with the class of that byte (start, newline, word, other) for
 * the assertions; each state's successor under a byte class is worked
 * out once, the first time it is needed.  So a search costs one table
 * step a byte, and at worst one NFA step (in time proportional to the
 * program) when the state is new.  The cache is flushed when it grows
 * past its bound; a search that flushes it with fewer than ten bytes
 * read per state built (a pattern whose DFA has more states than the
 * text has room for) goes on as a plain NFA simulation, one step a
 * byte, for twice as long each time before it tries the DFA again.  So
 * no search costs more than a few NFA steps a byte, and a program is
 * refused above RX_MAXINST instructions, or above RX_MAXREP copies of
 * an atom (regex.h).  A text shorter than a match's fewest bytes is
 * no match.
 *
 * Before any of this, a literal that every match holds (the longest
 * run of single bytes at the pattern's top level: "x{1000}y" holds
 * 1000 x and a y) is looked for with memchr and memmem, as grep does;
 * a text without it is no match, and a pattern that is that literal
 * alone is matched by memmem alone.
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/htab.h"
#include "base/regex.h"
#include "base/util.h"

enum { N_EMPTY, N_SET, N_ASSERT, N_CAT, N_ALT, N_REP };
/* assertions; \b is \< or \>, \B is both sides word or both not */
enum { A_BOL, A_EOL, A_BUFBEG, A_BUFEND, A_WBEG, A_WEND, A_NOTWORDB };
enum { I_SET, I_SPLIT, I_JMP, I_ASSERT, I_MATCH };
/* the class of the byte before a position */
enum { P_BEGIN, P_NEWLINE, P_WORD, P_OTHER };

#define DUP_MAX 0x7fff		/* glibc's RE_DUP_MAX */
#define NEST_MAX 1000		/* groups and repetitions inside each other */
#define CACHE_MAX ((size_t)8 << 20)	/* bytes of DFA states kept at once */
#define NONE UINT32_MAX

struct node {
	int type, arg;		/* N_SET: set; N_ASSERT: A_*; N_REP: min */
	int max;		/* N_REP: -1 for no bound */
	uint32_t kid, next;	/* first child, next sibling */
	int height;		/* of the tree below, bounded by NEST_MAX */
	uint32_t copies;	/* the most copies of one atom the bounds
				 * below make, nested ones multiplied; past
				 * RX_MAXREP, RX_MAXREP + 1 */
	uint64_t size;		/* instructions, once counted */
};

struct inst {
	int op, arg;		/* I_SET: set; I_ASSERT: A_* */
	uint32_t x, y;		/* I_SPLIT: both; I_JMP: x */
};

struct dstate {
	uint32_t pcs, npcs;	/* live instructions, at pool[pcs] */
	uint32_t next;		/* pool[next + class]: the successor, NONE
				 * not known yet, MATCHED */
	int pclass;		/* the class of the byte before */
	int final;		/* a match at the end of the text: -1 unknown */
};

struct rx {
	struct inst *prog;
	uint32_t nprog;
	unsigned char (*sets)[32];
	uint8_t cls[256];	/* bytes no instruction tells apart share a class */
	int ncls;
	int newline;
	/* the DFA cache */
	struct dstate *st;
	uint32_t nst;
	size_t stcap;
	struct htab tab;	/* the states, by their pcs and pclass */
	uint32_t *pool;
	size_t npool, poolcap;
	uint64_t flushes;
	uint32_t flushed;	/* states in the cache when it was last flushed */
	size_t since;		/* bytes read since then, by earlier searches */
	/* scratch for one NFA step: its output in work, its input in cur
	 * when the search runs as an NFA; bits to sort the output */
	uint32_t *mark, gen, *stack, *list, *work, *cur;
	uint64_t *bits;
	/* a literal every match holds; exact: the pattern is it alone;
	 * its first 8 distinct bytes, each looked for first */
	unsigned char *must;
	size_t nmust;
	int exact;
	unsigned char mustb[8];
	int nmustb;
	uint64_t minlen;	/* the fewest bytes a match takes */
};

struct parser {
	const char *p;
	int icase, newline, depth;
	uint32_t copies;	/* the most of any node's copies */
	struct node *n;
	size_t nn, ncap;
	unsigned char (*sets)[32];
	size_t nsets, setcap;
	const char *err;
	jmp_buf jb;
};

static noreturn void
fail(struct parser *P, const char *err)
{
	P->err = err;
	longjmp(P->jb, 1);
}

static uint32_t
node(struct parser *P, int type, int arg)
{
	P->n = egrowarray(P->n, &P->ncap, P->nn + 1, sizeof(*P->n));
	P->n[P->nn] = (struct node){ type, arg, 0, NONE, NONE, 0, 1, UINT64_MAX };
	return P->nn++;
}

static unsigned char *
newset(struct parser *P, int *id)
{
	P->sets = egrowarray(P->sets, &P->setcap, P->nsets + 1, sizeof(*P->sets));
	memset(P->sets[P->nsets], 0, 32);
	*id = P->nsets;
	return P->sets[P->nsets++];
}

static void
set_add(unsigned char *s, int c)
{
	s[c >> 3] |= 1 << (c & 7);
}

static int
set_has(const unsigned char *s, int c)
{
	return s[c >> 3] >> (c & 7) & 1;
}

static int
isword(int c)
{
	return isalnum(c) || c == '_';
}

/* A set done: under RX_ICASE a byte is matched as its upper case, as
 * glibc translates the text. */
static uint32_t
set_node(struct parser *P, unsigned char *s, int id)
{
	int c;

	for (c = 'a'; P->icase && c <= 'z'; c++) {
		s[c >> 3] &= ~(1 << (c & 7));
		if (set_has(s, toupper(c)))
			set_add(s, c);
	}
	return node(P, N_SET, id);
}

static uint32_t
char_node(struct parser *P, int c)
{
	int id;
	unsigned char *s = newset(P, &id);

	set_add(s, P->icase ? toupper(c) : c);
	return set_node(P, s, id);
}

static const struct {
	const char *name;
	int (*is)(int);
} classes[] = {
	{ "alpha", isalpha }, { "upper", isupper }, { "lower", islower },
	{ "digit", isdigit }, { "xdigit", isxdigit }, { "space", isspace },
	{ "print", isprint }, { "punct", ispunct }, { "graph", isgraph },
	{ "cntrl", iscntrl }, { "blank", isblank }, { "alnum", isalnum },
};

static void
add_class(struct parser *P, unsigned char *s, const char *name)
{
	size_t i;
	int c;

	if (P->icase && (!strcmp(name, "upper") || !strcmp(name, "lower")))
		name = "alpha";
	for (i = 0; i < LEN(classes); i++)
		if (!strcmp(name, classes[i].name))
			break;
	if (i == LEN(classes))
		fail(P, "invalid character class name");
	for (c = 0; c < 256; c++)
		if (classes[i].is(c))
			set_add(s, c);
}

/* '.': any byte but NUL, and but newline under RX_NEWLINE */
static uint32_t
dot(struct parser *P)
{
	int id;
	unsigned char *s = newset(P, &id);

	memset(s, 0xff, 32);
	s[0] &= ~1;
	if (P->newline)
		s['\n' >> 3] &= ~(1 << ('\n' & 7));
	return node(P, N_SET, id);
}

/* \w \W \s \S */
static uint32_t
class_node(struct parser *P, const char *name, int negate)
{
	int id, c;
	unsigned char *s = newset(P, &id);

	add_class(P, s, name);
	if (!strcmp(name, "alnum"))	/* \w takes '_' too */
		set_add(s, '_');
	if (negate)
		for (c = 0; c < 32; c++)
			s[c] = ~s[c];
	return set_node(P, s, id);
}

/* One element of a bracket expression, at P->p: a byte (E_CHAR) or a
 * collating symbol [.c.] (E_SYM), in *c, or a class [:name:] or an
 * equivalence class [=c=] (E_CLASS), added to s at once.  A '-' is
 * only an element first, last or as the end of a range. */
enum { E_CHAR, E_SYM, E_CLASS };

static int
bracket_elem(struct parser *P, unsigned char *s, int first, int *c)
{
	char name[32], delim;
	size_t i;

	if (!*P->p)
		fail(P, "unmatched [");
	if (P->p[0] == '[' && (P->p[1] == '.' || P->p[1] == '=' || P->p[1] == ':')) {
		delim = P->p[1];
		P->p += 2;
		for (i = 0;; i++) {
			if (i >= sizeof(name) || !P->p[0] || !P->p[1])
				fail(P, "unmatched [");
			if (P->p[0] == delim && P->p[1] == ']')
				break;
			name[i] = *P->p++;
		}
		name[i] = 0;
		P->p += 2;
		if (delim == ':') {
			add_class(P, s, name);
			return E_CLASS;
		}
		if (i != 1)
			fail(P, "invalid collation character");
		*c = P->icase ? toupper((unsigned char)name[0]) : (unsigned char)name[0];
		if (delim == '=') {
			set_add(s, *c);
			return E_CLASS;
		}
		return E_SYM;
	}
	if (*P->p == '-' && !first && P->p[1] != ']')
		fail(P, "invalid range end");
	*c = (unsigned char)*P->p++;
	if (P->icase)
		*c = toupper(*c);
	return E_CHAR;
}

/* A bracket expression; P->p is past the '['. */
static uint32_t
bracket(struct parser *P)
{
	int id, negate = 0, first = 1, lo, hi, c, kind;
	unsigned char *s = newset(P, &id);

	if (*P->p == '^') {
		negate = 1;
		P->p++;
	}
	for (;;) {
		if (*P->p == ']' && !first)
			break;
		kind = bracket_elem(P, s, first, &lo);
		first = 0;
		if (!*P->p)
			fail(P, "unmatched [");
		if (kind != E_CLASS && P->p[0] == '-' && P->p[1] != ']') {
			P->p++;
			if (!*P->p)
				fail(P, "unmatched [");
			if (bracket_elem(P, s, 1, &hi) == E_CLASS || lo > hi)
				fail(P, "invalid range end");
			for (c = lo; c <= hi; c++)
				set_add(s, c);
		} else if (kind != E_CLASS) {
			set_add(s, lo);
		}
		if (!*P->p)
			fail(P, "unmatched [");
	}
	P->p++;
	if (negate) {
		if (P->newline)
			set_add(s, '\n');
		for (c = 0; c < 32; c++)
			s[c] = ~s[c];
	}
	return set_node(P, s, id);
}

static uint32_t alternation(struct parser *P);

/* Parent holds kid's copies. */
static void
holds_copies(struct parser *P, uint32_t parent, uint32_t kid)
{
	if (P->n[parent].copies < P->n[kid].copies)
		P->n[parent].copies = P->n[kid].copies;
}

/* Make parent a node of height above kid's; too deep is refused, as
 * the tree is walked recursively. */
static void
above(struct parser *P, uint32_t parent, uint32_t kid)
{
	holds_copies(P, parent, kid);
	if (P->n[parent].height <= P->n[kid].height)
		P->n[parent].height = P->n[kid].height + 1;
	if (P->n[parent].height > NEST_MAX)
		fail(P, "regular expression nested too deeply");
}

/* A repetition of kid: its copies are kid's times N of {M,N} (M of
 * {M,}; '*', '+' and '?' make one), as RE2 counts them. */
static uint32_t
rep(struct parser *P, uint32_t kid, int min, int max)
{
	uint32_t r = node(P, N_REP, min);
	uint64_t m = max < 0 ? min : max, c;

	P->n[r].max = max;
	P->n[r].kid = kid;
	above(P, r, kid);
	c = (uint64_t)P->n[kid].copies * (m > 1 ? m : 1);
	P->n[r].copies = c > RX_MAXREP ? RX_MAXREP + 1 : c;
	if (P->copies < P->n[r].copies)
		P->copies = P->n[r].copies;
	return r;
}

/* A number of a bound, up to ',' or '}' (consumed; *comma says which):
 * -1 for none, -2 for a bad one.  The end of the pattern is a missing
 * '}'.  As in glibc, "\," is a comma and "\0" a digit. */
static int
bound_number(struct parser *P, int *comma)
{
	int n = -1, c, esc;

	for (;;) {
		if (!*P->p)
			fail(P, "unmatched {");
		esc = *P->p == '\\' && P->p[1];
		c = (unsigned char)P->p[esc];
		P->p += 1 + esc;
		if (c == ',' || (c == '}' && !esc)) {
			*comma = c == ',';
			return n;
		}
		if ((esc && c != '0') || c < '0' || c > '9' || n == -2)
			n = -2;
		else if (n < 0)
			n = c - '0';
		else
			n = n * 10 + c - '0' > DUP_MAX ? DUP_MAX + 1 : n * 10 + c - '0';
	}
}

/* "{M}", "{M,}", "{,N}" or "{M,N}" after atom; P->p is past the '{'. */
static uint32_t
interval(struct parser *P, uint32_t atom)
{
	int min, max, comma;

	min = bound_number(P, &comma);
	if (min == -1 && !comma)
		fail(P, "invalid content of {}");
	if (min == -1)
		min = 0;
	max = min;
	if (min != -2 && comma)
		max = bound_number(P, &comma);
	if (min == -2 || max == -2 || comma || (max != -1 && min > max))
		fail(P, "invalid content of {}");
	if ((max == -1 ? min : max) > DUP_MAX)
		fail(P, "regular expression too big");
	return rep(P, atom, min, max);
}

static uint32_t
escape(struct parser *P)
{
	int c = (unsigned char)*P->p++;
	uint32_t r, k, k2;

	switch (c) {
	case 0:
		P->p--;
		fail(P, "trailing backslash");
	case 'w': return class_node(P, "alnum", 0);
	case 'W': return class_node(P, "alnum", 1);
	case 's': return class_node(P, "space", 0);
	case 'S': return class_node(P, "space", 1);
	case '`': return node(P, N_ASSERT, A_BUFBEG);
	case '\'': return node(P, N_ASSERT, A_BUFEND);
	case '<': return node(P, N_ASSERT, A_WBEG);
	case '>': return node(P, N_ASSERT, A_WEND);
	case 'B': return node(P, N_ASSERT, A_NOTWORDB);
	case 'b':
		/* node() may move P->n: what it returns is kept first */
		r = node(P, N_ALT, 0);
		k = node(P, N_ASSERT, A_WBEG);
		P->n[r].kid = k;
		k2 = node(P, N_ASSERT, A_WEND);
		P->n[k].next = k2;
		P->n[r].height = 1;
		return r;
	}
	if (c >= '1' && c <= '9')
		fail(P, "back-references are not supported");
	if (isalpha(c))	/* glibc's 'd', where Perl's and JavaScript's digit */
		fail(P, "an escaped letter other than \\w \\W \\s \\S \\b \\B is no operator"
		    " (a digit is [0-9])");
	return char_node(P, c);
}

/* An atom and what repeats it; *anchor is set for an assertion, which
 * nothing may repeat. */
static uint32_t
atom(struct parser *P, int *anchor)
{
	int c = (unsigned char)*P->p++;
	uint32_t r;

	*anchor = 0;
	switch (c) {
	case '*': case '+': case '?': case '{':
		fail(P, "repetition with nothing before it");
	case '^':
		*anchor = 1;
		return node(P, N_ASSERT, A_BOL);
	case '$':
		*anchor = 1;
		return node(P, N_ASSERT, A_EOL);
	case '.':
		return dot(P);
	case '[':
		return bracket(P);
	case '\\':
		r = escape(P);
		*anchor = P->n[r].type == N_ASSERT || P->n[r].type == N_ALT;
		return r;
	case '(':
		if (++P->depth > NEST_MAX)
			fail(P, "regular expression nested too deeply");
		r = alternation(P);
		if (*P->p != ')')
			fail(P, "unmatched (");
		P->p++;
		P->depth--;
		return r;
	}
	return char_node(P, c);
}

/* An atom and the *, +, ? and {M,N} after it. */
static uint32_t
piece(struct parser *P)
{
	int anchor;
	uint32_t r = atom(P, &anchor);
	char c;

	if (anchor)
		return r;
	while ((c = *P->p) && strchr("*+?{", c)) {
		P->p++;
		if (c == '{')
			r = interval(P, r);
		else
			r = rep(P, r, c == '+', c == '?' ? 1 : -1);
	}
	return r;
}

static uint64_t size(struct node *n, uint32_t i);

/* Pieces up to '|', the end, or a ')' that closes a group.  A piece of
 * no instructions ("()", "(){9}") matches the empty string and nothing
 * else: it is left out, so that no repetition copies a subtree that
 * costs time to copy and nothing to count ("((){9999}){9999}"). */
static uint32_t
branch(struct parser *P)
{
	uint32_t r = node(P, N_CAT, 0), last = NONE, k;

	while (*P->p && *P->p != '|' && !(*P->p == ')' && P->depth)) {
		k = piece(P);
		if (!size(P->n, k)) {
			holds_copies(P, r, k);	/* counted all the same */
			continue;
		}
		above(P, r, k);
		if (last == NONE)
			P->n[r].kid = k;
		else
			P->n[last].next = k;
		last = k;
	}
	if (last == NONE)
		P->n[r].type = N_EMPTY;
	return r;
}

static uint32_t
alternation(struct parser *P)
{
	uint32_t r = node(P, N_ALT, 0), last, k;

	last = branch(P);	/* it may move P->n */
	P->n[r].kid = last;
	above(P, r, last);
	while (*P->p == '|') {
		P->p++;
		k = branch(P);
		above(P, r, k);
		P->n[last].next = k;
		last = k;
	}
	return r;
}


/* The instructions node i takes (emit's layout), kept in the node. */
static uint64_t
size(struct node *n, uint32_t i)
{
	uint64_t t = 0, k;
	uint32_t j;

	if (n[i].size != UINT64_MAX)
		return n[i].size;
	switch (n[i].type) {
	case N_SET: case N_ASSERT:
		t = 1;
		break;
	case N_CAT: case N_ALT:
		for (j = n[i].kid; j != NONE; j = n[j].next)
			t = sat_add(t, sat_add(size(n, j), n[i].type == N_ALT ? 2 : 0));
		if (n[i].type == N_ALT)
			t -= 2;
		break;
	case N_REP:
		k = size(n, n[i].kid);
		t = sat_mul(k, n[i].arg);
		if (n[i].max < 0)
			t = sat_add(t, n[i].arg ? 1 : k + 2);
		else
			t = sat_add(t, sat_mul(k + 1, n[i].max - n[i].arg));
		break;
	}
	return n[i].size = t;
}

static uint32_t
put(struct rx *R, int op, int arg, uint32_t x, uint32_t y)
{
	R->prog[R->nprog] = (struct inst){ op, arg, x, y };
	return R->nprog++;
}

/* Node i's code at the end of the program: a star is a split into the
 * body or past it, a plus a split back to the start of its last copy,
 * and each optional copy of {M,N} a split past them all. */
static void
emit(struct rx *R, struct node *n, uint32_t i)
{
	uint32_t j, at = 0, end, split;
	int k;

	switch (n[i].type) {
	case N_SET: put(R, I_SET, n[i].arg, 0, 0); return;
	case N_ASSERT: put(R, I_ASSERT, n[i].arg, 0, 0); return;
	case N_CAT:
		for (j = n[i].kid; j != NONE; j = n[j].next)
			emit(R, n, j);
		return;
	case N_ALT:
		end = R->nprog + size(n, i);
		for (j = n[i].kid; n[j].next != NONE; j = n[j].next) {
			split = put(R, I_SPLIT, 0, R->nprog + 1, 0);
			emit(R, n, j);
			put(R, I_JMP, 0, end, 0);
			R->prog[split].y = R->nprog;
		}
		emit(R, n, j);
		return;
	case N_REP:
		break;
	default:
		return;
	}
	for (k = 0; k < n[i].arg; k++) {
		at = R->nprog;
		emit(R, n, n[i].kid);
	}
	if (n[i].max < 0 && n[i].arg) {
		put(R, I_SPLIT, 0, at, R->nprog + 1);
	} else if (n[i].max < 0) {
		split = put(R, I_SPLIT, 0, R->nprog + 1, 0);
		emit(R, n, n[i].kid);
		put(R, I_JMP, 0, split, 0);
		R->prog[split].y = R->nprog;
	} else {
		end = R->nprog + (size(n, n[i].kid) + 1) * (n[i].max - n[i].arg);
		for (k = n[i].arg; k < n[i].max; k++) {
			put(R, I_SPLIT, 0, R->nprog + 1, end);
			emit(R, n, n[i].kid);
		}
	}
}

static void
refine(uint8_t *cls, const unsigned char *set)
{
	int map[512], b, n = 0;

	memset(map, -1, sizeof(map));
	for (b = 0; b < 256; b++) {
		int k = cls[b] * 2 + set_has(set, b);

		if (map[k] < 0)
			map[k] = n++;
		cls[b] = map[k];
	}
}

/* Byte classes: bytes that every set, the word test and the newline
 * test treat alike share one. */
static void
byte_classes(struct rx *R, size_t nsets)
{
	unsigned char s[32] = { 0 };
	size_t i;
	int c;

	memset(R->cls, 0, sizeof(R->cls));
	for (i = 0; i < nsets; i++)
		refine(R->cls, R->sets[i]);
	for (c = 0; c < 256; c++)
		if (isword(c))
			set_add(s, c);
	refine(R->cls, s);
	memset(s, 0, sizeof(s));
	set_add(s, '\n');
	refine(R->cls, s);
	for (c = R->ncls = 0; c < 256; c++)
		if (R->cls[c] >= R->ncls)
			R->ncls = R->cls[c] + 1;
}

/* A string of bytes being built, for the literals. */
struct lit {
	unsigned char *p;
	size_t n, cap;
};

static void
lit_put(struct lit *l, const unsigned char *s, size_t n)
{
	if (!n)		/* l->p may be NULL */
		return;
	l->p = egrowarray(l->p, &l->cap, l->n + n, 1);
	memmove(l->p + l->n, s, n);
	l->n += n;
}

/* Append to l what the last len bytes of l are, k - 1 times more. */
static void
lit_repeat(struct lit *l, size_t len, int k)
{
	if (!len)
		return;
	for (l->p = egrowarray(l->p, &l->cap, l->n + len * (size_t)(k > 1 ? k - 1 : 0), 1); k > 1; k--)
		lit_put(l, l->p + l->n - len, len);
}

/* The one byte set s holds, or -1. */
static int
set_one(const unsigned char *s)
{
	int c, one = -1;

	for (c = 0; c < 256; c++)
		if (set_has(s, c)) {
			if (one >= 0)
				return -1;
			one = c;
		}
	return one;
}

/*
 * Does node i match exactly one string?  Then it is appended to l, and
 * *zw set if it takes a zero-width assertion to match; else 0, with l
 * left longer.  The string is no longer than node i's program.
 */
static int
literal(struct node *n, unsigned char (*sets)[32], uint32_t i, struct lit *l, int *zw)
{
	uint32_t j;
	size_t at = l->n;
	unsigned char c;
	int one;

	switch (n[i].type) {
	case N_EMPTY:
		return 1;
	case N_ASSERT:
		*zw = 1;
		return 1;
	case N_SET:
		if ((one = set_one(sets[n[i].arg])) < 0)
			return 0;
		c = one;
		lit_put(l, &c, 1);
		return 1;
	case N_CAT:
		for (j = n[i].kid; j != NONE; j = n[j].next)
			if (!literal(n, sets, j, l, zw))
				return 0;
		return 1;
	case N_ALT:
		return n[n[i].kid].next == NONE && literal(n, sets, n[i].kid, l, zw);
	}
	if (n[i].arg != n[i].max || !literal(n, sets, n[i].kid, l, zw))
		return 0;
	lit_repeat(l, l->n - at, n[i].arg);
	if (!n[i].arg)
		l->n = at;
	return 1;
}

/* Keep run in best if it is longer; start run again from nothing. */
static void
lit_keep(struct lit *best, struct lit *run)
{
	if (run->n > best->n) {
		best->n = 0;
		lit_put(best, run->p, run->n);
	}
	run->n = 0;
}

/*
 * The longest literal every match of the pattern holds, from the runs
 * of literal pieces of its top level (a pattern of one branch): "x+y"
 * holds "xy", a piece repeated at least M times its literal M times.
 * R->exact when the pattern is that literal and no assertion.
 */
static void
must(struct rx *R, struct node *n, uint32_t root)
{
	struct lit best = { 0 }, run = { 0 };
	uint32_t j, b = n[root].kid;
	int zw = 0, exact = 1;
	size_t at;

	if (n[b].next != NONE)	/* two branches or more */
		return;
	for (j = n[b].type == N_CAT ? n[b].kid : NONE; j != NONE; j = n[j].next) {
		at = run.n;
		if (literal(n, R->sets, j, &run, &zw))
			continue;
		exact = 0;
		run.n = at;
		if (n[j].type == N_REP && n[j].arg > 0 && literal(n, R->sets, n[j].kid, &run, &zw)) {
			/* the run ends with the piece's first M copies, and the
			 * next one starts with them */
			lit_repeat(&run, run.n - at, n[j].arg);
			lit_keep(&best, &run);
			literal(n, R->sets, n[j].kid, &run, &zw);
			lit_repeat(&run, run.n, n[j].arg);
			continue;
		}
		run.n = at;
		lit_keep(&best, &run);
	}
	lit_keep(&best, &run);
	R->exact = exact && !zw;
	R->must = best.p;
	R->nmust = best.n;
	free(run.p);
	for (at = 0; at < R->nmust && R->nmustb < 8; at++)
		if (!memchr(R->mustb, R->must[at], R->nmustb))
			R->mustb[R->nmustb++] = R->must[at];
}

/* The fewest bytes a match of node i takes (saturated). */
static uint64_t
minlen(struct node *n, uint32_t i)
{
	uint64_t t = 0, k;
	uint32_t j;

	switch (n[i].type) {
	case N_SET:
		return 1;
	case N_CAT:
		for (j = n[i].kid; j != NONE; j = n[j].next)
			t = sat_add(t, minlen(n, j));
		return t;
	case N_ALT:
		for (t = UINT64_MAX, j = n[i].kid; j != NONE; j = n[j].next)
			if ((k = minlen(n, j)) < t)
				t = k;
		return t;
	case N_REP:
		return sat_mul(minlen(n, n[i].kid), n[i].arg);
	}
	return 0;
}

struct rx *
rx_compile(const char *pat, int flags, const char **err)
{
	struct parser P = { 0 };
	struct rx *R = NULL;
	uint32_t root;

	P.p = pat;
	P.icase = !!(flags & RX_ICASE);
	P.newline = !!(flags & RX_NEWLINE);
	if (setjmp(P.jb)) {
		*err = P.err;
		free(P.n);
		free(P.sets);
		return NULL;
	}
	root = alternation(&P);
	if (*P.p)	/* a ')' closing no group is itself */
		fail(&P, "unmatched )");
	if (P.copies > RX_MAXREP)
		fail(&P, RX_TOOMANY);
	if (size(P.n, root) > RX_MAXINST)
		fail(&P, RX_TOOBIG);
	R = ecalloc(1, sizeof(*R));
	R->prog = ereallocarray(NULL, size(P.n, root) + 1, sizeof(*R->prog));
	emit(R, P.n, root);
	put(R, I_MATCH, 0, 0, 0);
	R->sets = P.sets;
	R->newline = P.newline;
	byte_classes(R, P.nsets);
	must(R, P.n, root);
	R->minlen = minlen(P.n, root);
	free(P.n);
	R->mark = ecalloc(R->nprog, sizeof(*R->mark));
	R->stack = ereallocarray(NULL, 3 * (size_t)R->nprog + 2, sizeof(*R->stack));
	R->list = ereallocarray(NULL, R->nprog + 1, sizeof(*R->list));
	R->work = ereallocarray(NULL, R->nprog + 1, sizeof(*R->work));
	R->cur = ereallocarray(NULL, R->nprog + 1, sizeof(*R->cur));
	R->bits = ecalloc(R->nprog / 64 + 1, sizeof(*R->bits));
	htab_init(&R->tab, 0);
	return R;
}

/* Does assertion a hold between a byte of class pclass and byte c (-1
 * at the end of the text)? */
static int
holds(const struct rx *R, int a, int pclass, int c)
{
	int pw = pclass == P_WORD, nw = c >= 0 && isword(c);

	switch (a) {
	case A_BOL: return pclass == P_BEGIN || pclass == P_NEWLINE;
	case A_EOL: return c < 0 || (R->newline && c == '\n');
	case A_BUFBEG: return pclass == P_BEGIN;
	case A_BUFEND: return c < 0;
	case A_WBEG: return !pw && nw;
	case A_WEND: return pw && !nw;
	}
	return pw == nw;	/* A_NOTWORDB */
}

static int
pclass_of(const struct rx *R, int c)
{
	if (R->newline && c == '\n')
		return P_NEWLINE;
	return isword(c) ? P_WORD : P_OTHER;
}

/* R->work[0..n) in increasing order: a few by insertion, more through
 * a bitmap of the program, from the lowest to the highest. */
static void
sort_work(struct rx *R, uint32_t n)
{
	uint32_t i, j, v, lo = UINT32_MAX, hi = 0, w;
	uint64_t *b = R->bits;

	if (n <= 16) {
		for (i = 1; i < n; i++) {
			for (v = R->work[i], j = i; j > 0 && R->work[j - 1] > v; j--)
				R->work[j] = R->work[j - 1];
			R->work[j] = v;
		}
		return;
	}
	for (i = 0; i < n; i++) {
		v = R->work[i];
		b[v / 64] |= (uint64_t)1 << (v % 64);
		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
	}
	for (n = 0, w = lo / 64; w <= hi / 64; w++)
		for (; b[w]; b[w] &= b[w] - 1)
			R->work[n++] = w * 64 + (uint32_t)__builtin_ctzll(b[w]);
}

/*
 * One NFA step from live instructions pcs[0..n) after a byte of class
 * pclass, over byte c (-1: the end of the text): 1 when the closure
 * reaches a match, else 0 with the instructions live after c in
 * R->work[0..*nout), sorted if asked (a DFA state's are).  The start
 * is always among the seeds: a match may begin anywhere.
 */
static int
nfa_step(struct rx *R, const uint32_t *pcs, uint32_t n, int pclass, int c,
    uint32_t *nout, int sort)
{
	uint32_t sp = 0, nl = 0, i, pc;
	const struct inst *in;

	if (++R->gen == 0) {
		memset(R->mark, 0, R->nprog * sizeof(*R->mark));
		R->gen = 1;
	}
	R->stack[sp++] = 0;
	for (i = 0; i < n; i++)
		R->stack[sp++] = pcs[i];
	while (sp) {
		pc = R->stack[--sp];
		if (R->mark[pc] == R->gen)
			continue;
		R->mark[pc] = R->gen;
		in = &R->prog[pc];
		switch (in->op) {
		case I_MATCH: return 1;
		case I_SET: R->list[nl++] = pc; break;
		case I_JMP: R->stack[sp++] = in->x; break;
		case I_SPLIT:
			R->stack[sp++] = in->y;
			R->stack[sp++] = in->x;
			break;
		case I_ASSERT:
			if (holds(R, in->arg, pclass, c))
				R->stack[sp++] = pc + 1;
			break;
		}
	}
	*nout = 0;
	if (c < 0)
		return 0;
	for (i = 0; i < nl; i++)
		if (set_has(R->sets[R->prog[R->list[i]].arg], c))
			R->work[(*nout)++] = R->list[i] + 1;
	if (sort)
		sort_work(R, *nout);
	return 0;
}

/* The cache: states and their pcs and successor rows in one pool. */
#define MATCHED (UINT32_MAX - 1)

static void
flush(struct rx *R)
{
	R->flushed = R->nst;
	R->nst = 0;
	R->npool = 0;
	htab_clear(&R->tab);
	R->flushes++;
}

static uint64_t
state_hash(const uint32_t *pcs, uint32_t n, int pclass)
{
	return (n ? hash_bytes(pcs, n * sizeof(*pcs)) : 0) ^ hash_mix(pclass + 1);
}

/* The state of live instructions pcs[0..n) (not in the pool) after a
 * byte of class pclass: found, or added, the cache flushed first if
 * it is full. */
static uint32_t
state(struct rx *R, const uint32_t *pcs, uint32_t n, int pclass)
{
	uint32_t id;
	size_t need = (size_t)n + R->ncls;
	struct dstate *d;
	struct hprobe p;

	htab_probe(&R->tab, &p, state_hash(pcs, n, pclass));
	while ((id = htab_next(&R->tab, &p)) != HTAB_NONE) {
		d = &R->st[id];
		if (d->pclass == pclass && d->npcs == n &&
		    (!n || !memcmp(R->pool + d->pcs, pcs, n * sizeof(*pcs))))
			return id;
	}
	if (R->nst && (R->npool + need) * sizeof(*R->pool) +
	    (R->nst + 1) * sizeof(*R->st) > CACHE_MAX) {
		flush(R);
		return state(R, pcs, n, pclass);
	}
	R->pool = egrowarray(R->pool, &R->poolcap, R->npool + need, sizeof(*R->pool));
	R->st = egrowarray(R->st, &R->stcap, (size_t)R->nst + 1, sizeof(*R->st));
	id = R->nst++;
	d = &R->st[id];
	*d = (struct dstate){ R->npool, n, R->npool + n, pclass, -1 };
	if (n)
		memcpy(R->pool + d->pcs, pcs, n * sizeof(*pcs));
	memset(R->pool + d->next, 0xff, R->ncls * sizeof(*R->pool));	/* NONE */
	R->npool += need;
	htab_put(&R->tab, &p, id);
	return id;
}

/* State st's successor over byte c, worked out and kept. */
static uint32_t
step(struct rx *R, uint32_t st, int c)
{
	struct dstate *d = &R->st[st];
	uint32_t n, next, flushes = R->flushes;

	if (nfa_step(R, R->pool + d->pcs, d->npcs, d->pclass, c, &n, 1))
		next = MATCHED;
	else
		next = state(R, R->work, n, pclass_of(R, c));
	if (R->flushes == flushes)
		R->pool[R->st[st].next + R->cls[c]] = next;
	return next;
}

/* What a part of a search found: no match, a match, or that it
 * stopped before the end of the text to be taken up the other way. */
enum { NO, YES, SWITCH };

/* Is there a match at the end of the text from DFA state st? */
static int
final(struct rx *R, uint32_t st)
{
	struct dstate *d = &R->st[st];
	uint32_t k;

	if (d->final < 0)
		d->final = nfa_step(R, R->pool + d->pcs, d->npcs, d->pclass, -1, &k, 0);
	return d->final;
}

/*
 * The search of s[*at..n) from DFA state *st, as a DFA, until the cache
 * thrashes: flushed with fewer than 10 bytes read per state it held
 * (RE2's rule; the bytes of earlier searches since the last flush
 * count).  Then SWITCH, with *at and *st where it stopped.
 */
static int
dfa(struct rx *R, uint32_t *st, const unsigned char *s, size_t n, size_t *at)
{
	uint32_t next;
	uint64_t flushes = R->flushes;
	size_t i, from = *at, before = R->since;

	for (i = *at; i < n; i++) {
		next = R->pool[R->st[*st].next + R->cls[s[i]]];
		if (next == NONE) {
			next = step(R, *st, s[i]);
			if (next != MATCHED && R->flushes != flushes) {
				flushes = R->flushes;
				if (before + (i - from) < 10 * (size_t)R->flushed) {
					R->since = 0;
					*st = next;
					*at = i + 1;
					return SWITCH;
				}
				before = 0;
				from = i;
			}
		}
		if (next == MATCHED)
			break;
		*st = next;
	}
	R->since = before + (i - from);
	return i < n ? YES : final(R, *st);
}

/*
 * The search of s[*at..n) as an NFA from DFA state *st's instructions,
 * one NFA step a byte and nothing kept, for budget bytes at most; then
 * SWITCH, with *at and *st (a DFA state again) where it stopped.
 */
static int
nfa(struct rx *R, uint32_t *st, const unsigned char *s, size_t n, size_t *at, size_t budget)
{
	uint32_t k = R->st[*st].npcs, *t;
	int pclass = R->st[*st].pclass;
	size_t i, end = n - *at > budget ? *at + budget : n;

	memcpy(R->cur, R->pool + R->st[*st].pcs, k * sizeof(*R->cur));
	for (i = *at; i < end; i++) {
		if (nfa_step(R, R->cur, k, pclass, s[i], &k, 0))
			return YES;
		t = R->cur;
		R->cur = R->work;
		R->work = t;
		pclass = pclass_of(R, s[i]);
	}
	if (i == n)
		return nfa_step(R, R->cur, k, pclass, -1, &k, 0);
	memcpy(R->work, R->cur, k * sizeof(*R->work));
	sort_work(R, k);
	*st = state(R, R->work, k, pclass);
	*at = i;
	return SWITCH;
}

/* A search: a DFA while it pays, an NFA while it does not, for twice
 * as long each time, so that a DFA that settles after thrashing (the
 * states of "[xy]{9999}$" grow for 9999 bytes, then stay) is found. */
static int
search(struct rx *R, const unsigned char *s, size_t n)
{
	uint32_t st = state(R, NULL, 0, P_BEGIN);
	size_t at = 0, budget = 0;
	int r;

	while ((r = dfa(R, &st, s, n, &at)) == SWITCH) {
		budget = budget ? 2 * budget : 10 * (size_t)R->flushed;
		if ((r = nfa(R, &st, s, n, &at, budget)) != SWITCH)
			break;
	}
	return r;
}

/* Does s[0..n) hold R's literal?  Each of its first 8 distinct bytes
 * (found once, by rx_compile: a name's cost does not grow with the
 * literal) is looked for first, with memchr, which runs where memmem
 * crawls (as on 1,000 x and a y in a text of x alone); a byte that is
 * there is most often found at once. */
static int
has_must(const struct rx *R, const char *s, size_t n)
{
	int k;

	if (n < R->nmust)
		return 0;
	for (k = 0; k < R->nmustb; k++)
		if (!memchr(s, R->mustb[k], n))
			return 0;
	return memmem(s, n, R->must, R->nmust) != NULL;
}

int
rx_search(struct rx *R, const char *s, size_t n)
{
	int has;

	if (n < R->minlen)
		return 0;
	has = !R->nmust || has_must(R, s, n);

	return R->exact || !has ? has : search(R, (const unsigned char *)s, n);
}

void
rx_free(struct rx *R)
{
	if (!R)
		return;
	free(R->prog);
	free(R->sets);
	free(R->st);
	htab_free(&R->tab);
	free(R->pool);
	free(R->mark);
	free(R->stack);
	free(R->list);
	free(R->work);
	free(R->cur);
	free(R->bits);
	free(R->must);
	free(R);
}
