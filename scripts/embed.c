/* embed [-c | -s START] NAME [FILE...] > OUT.c: files as one C string
 * constant, for the scripts and style sheets the renderers write out
 * (lib/draw/assets.h).  The files are joined in the order given
 * (standard input when none).  With -s, they are a script's modules,
 * each of declarations only (fg-html's page, one file a concern): the
 * wrapper around them is written here, an async function in strict
 * mode, called at once, whose last statement awaits START(); and no
 * comment is kept, a module's leading one neither, nor one after code,
 * nor the blanks that indent a line, nor those between two tokens that
 * would not run together without them (outside strings, regular
 * expressions and comments: "a = b(c, d)" is "a=b(c,d)", "x - -y" and
 * "return x" keep theirs), nor blank lines, nor the newline after a
 * ";", "{", "}", ",", ":", "?", "&", "|", "(", "[" or ")" (the lines
 * join: no module has a "//" comment that a newline would end, nor a
 * statement that it would); the sources keep them, the page, half the
 * size, does not need them: no module has a string, template or
 * regular expression that goes on past a line's end, nor a template
 * at all, and a '/' is a regular expression's where a value would
 * begin (after an operator, an opening bracket or a keyword).
 * The scripts are ES modules that name what they take from each other
 * (lib/draw/html/, viewer.js, regex.js): with or without -s, their
 * import statements (from a line that begins "import " to the line
 * that ends in ";") and "export {...};" lists are dropped, and the
 * "export " that begins a declaration, so that the files joined are
 * one scope, one inline script, no loader.  Build-time only. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int col;

/* Bytes p[0..n) as the inside of a C string literal. */
static void
emit_bytes(const char *p, size_t n)
{
	size_t i;
	int c;

	for (i = 0; i < n; i++) {
		c = (unsigned char)p[i];
		if (c == '\n') {
			fputs("\\n\"\n\"", stdout);
			col = 0;
			continue;
		}
		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < ' ' || c > '~' || c == '?')	/* no trigraphs, bytes as octal */
			printf("\\%03o", c);
		else
			putchar(c);
		if (++col >= 100) {
			fputs("\"\n\"", stdout);
			col = 0;
		}
	}
}

/* Text s inside the string. */
static void
emit_str(const char *s)
{
	emit_bytes(s, strlen(s));
}

/* Line s (with its newline) from its first non-blank: does it begin a
 * comment, end one (nothing after the end but blanks)? */
static int
opens(const char *s)
{
	return !strncmp(s + strspn(s, " \t"), "/*", 2);
}
static int
closes(const char *s)
{
	size_t n = strlen(s);

	while (n && strchr(" \t\r\n", s[n - 1]))
		n--;
	return n >= 2 && s[n - 2] == '*' && s[n - 1] == '/';
}

/* Line s (with its newline): does it end a statement (";" its last
 * byte but blanks)? */
static int
ends(const char *s)
{
	size_t n = strlen(s);

	while (n && strchr(" \t\r\n", s[n - 1]))
		n--;
	return n && s[n - 1] == ';';
}

/* Whether byte c is of a word (a name, a number, a keyword, or any
 * character past ASCII): two words keep the blank between them. */
static int
wordch(int c)
{
	return isalnum(c) || c == '_' || c == '$' || c >= 0x80;
}

/* Whether a blank between bytes a and b keeps them apart: two words;
 * "+ +", "- -" (not "++", "--"); "/ /", "/ *" (not a comment); and
 * what the page's markup must not meet in its script: "] >" (not the
 * "]]>" that ends a CDATA section), "< /", "< !", "- >" (not "</",
 * "<!--", "-->"). */
static int
apart(int a, int b)
{
	return (wordch(a) && wordch(b)) || ((a == '+' || a == '-') && a == b) ||
	    (a == '/' && (b == '/' || b == '*')) || (a == ']' && b == '>') ||
	    (a == '<' && (b == '/' || b == '!')) || (a == '-' && b == '>');
}

/* Whether a '/' after out[0..n) begins a regular expression (where a
 * value begins: after an operator, an opening bracket, a keyword, or
 * first on its line), not a division. */
static int
regexhere(const char *out, size_t n)
{
	static const char *const kw[] = { "return", "typeof", "case", "in", "of", "delete", "void",
	    "instanceof", "new", "else", "do", "await", "yield" };
	size_t e, k;

	while (n && out[n - 1] == ' ')
		n--;
	if (!n || strchr("(,=:[!&|?{};+-*%<>~^", out[n - 1]))
		return 1;
	if (!wordch((unsigned char)out[n - 1]))
		return 0;
	for (e = n; n && wordch((unsigned char)out[n - 1]); n--)
		;
	for (k = 0; k < sizeof(kw) / sizeof(*kw); k++)
		if (strlen(kw[k]) == e - n && !memcmp(out + n, kw[k], e - n))
			return 1;
	return 0;
}

/* Line s (from its first non-blank) into out without the blanks no
 * token needs, nor comments (at most as long as s): strings and regular
 * expressions copied as they are.  Returns out. */
static char *
squeeze(const char *s, char *out)
{
	size_t n = 0;
	int q, cls;

	while (*s) {
		if (*s == ' ' || *s == '\t') {
			s += strspn(s, " \t");
			if (n && *s && *s != '\n' && *s != '\r' && apart((unsigned char)out[n - 1], (unsigned char)*s))
				out[n++] = ' ';
		} else if (*s == '"' || *s == '\'') {
			for (q = *s, out[n++] = *s++; *s && *s != q && *s != '\n'; out[n++] = *s++)
				if (*s == '\\' && s[1])
					out[n++] = *s++;
			if (*s == q)
				out[n++] = *s++;
		} else if (*s == '/' && s[1] == '*') {
			/* a comment after code: none, a blank where two tokens
			 * would run together */
			for (s += 2; *s && !(s[0] == '*' && s[1] == '/'); s++)
				;
			if (*s)
				s += 2;
			if (n && *s && *s != ' ' && *s != '\t' && *s != '\n' && apart((unsigned char)out[n - 1], (unsigned char)*s))
				out[n++] = ' ';
		} else if (*s == '/' && s[1] == '/' && regexhere(out, n)) {
			/* a line's comment: the lines joined would end it late */
			fputs("embed: a \"//\" comment (the page's modules use /* */)\n", stderr);
			exit(1);
		} else if (*s == '/' && regexhere(out, n)) {
			for (cls = 0, out[n++] = *s++; *s && *s != '\n' && (cls || *s != '/'); out[n++] = *s++) {
				if (*s == '\\' && s[1])
					out[n++] = *s++;
				else if (*s == '[')
					cls = 1;
				else if (*s == ']')
					cls = 0;
			}
			if (*s == '/')
				out[n++] = *s++;
		} else {
			out[n++] = *s++;
		}
	}
	out[n] = '\0';
	return out;
}

/* Whether the last line emit_line wrote had its newline held back. */
static int held;

/* Squeezed line s into the string: nothing for a blank one, and none of
 * its newline after a ";", "{", "}", ",", ":", "?", "&", "|", "(", "["
 * or ")" (no statement there ends by a newline: the modules end each
 * with a ";", an object literal's too, and have no template literals
 * and no "//" comments, that a newline would end), so that lines join
 * (no two tokens run together there: none of those bytes keeps a blank
 * after it, apart). */
static void
emit_line(char *s)
{
	size_t n = strlen(s);

	if (n && s[n - 1] == '\n')
		s[--n] = '\0';
	if (!n)
		return;
	emit_str(s);
	held = strchr(";{},:?&|([)", s[n - 1]) != NULL;
	if (!held)
		emit_str("\n");
}

/* One file's bytes inside the string, without its imports and exports;
 * with modules, without the comments on lines of their own, nor the
 * blanks no token needs (squeeze), nor blank lines, and lines joined
 * where no newline is needed (emit_line). */
static void
emit(FILE *f, int modules)
{
	char *line = NULL, *p, *sq = NULL;
	size_t cap = 0, sqcap = 0;
	ssize_t n;
	int skip = 0, link = 0;

	while ((n = getline(&line, &cap, f)) > 0) {
		p = line;
		if (!skip && (link || !strncmp(p, "import ", 7) || !strncmp(p, "export {", 8))) {
			link = !ends(p);
			continue;
		}
		if (!strncmp(p, "export ", 7)) {
			p += 7;
			n -= 7;
		}
		if (modules && !skip && opens(line))
			skip = 1;
		if (!skip && modules) {
			if (sqcap < (size_t)n + 1 && !(sq = realloc(sq, sqcap = (size_t)n + 1))) {
				perror("embed");
				exit(1);
			}
			emit_line(squeeze(p + strspn(p, " \t"), sq));
		}
		else if (!skip)
			emit_bytes(p, (size_t)n);
		if (closes(line))
			skip = 0;
	}
	free(line);
	free(sq);
}

/* Byte c inside the string. */
static void
emit_ch(int c)
{
	char b = (char)c;

	emit_bytes(&b, 1);
}

/* A style sheet's bytes inside the string without its comments, each
 * run of blanks one blank, and none beside a "{", "}", ";", "," or ">"
 * or after a ":" (a blank before one is a selector's descendant), nor
 * a ";" before a "}"; strings copied as they are. */
static void
emit_css(FILE *f)
{
	int c, p, q, sp = 0, last = 0;

	while ((c = getc(f)) != EOF) {
		if (c == '/') {
			if ((c = getc(f)) != '*') {
				ungetc(c, f);
				c = '/';
			} else {
				/* a comment: a blank */
				for (p = 0; (c = getc(f)) != EOF && !(p == '*' && c == '/'); p = c)
					;
				sp = 1;
				continue;
			}
		}
		if (isspace(c)) {
			sp = 1;
			continue;
		}
		if (last == ';' && c != '}')
			emit_str(";");
		if (sp && last && !strchr("{};,>:", last) && !strchr("{};,>", c))
			emit_str(" ");
		sp = 0;
		if (c == ';') {
			last = c;
			continue;
		}
		if (c == '"' || c == '\'') {
			for (q = c, emit_ch(c); (c = getc(f)) != EOF && c != q; emit_ch(c))
				if (c == '\\' && (emit_ch(c), (c = getc(f)) == EOF))
					break;
			if (c == q)
				emit_ch(c);
			last = q;
			continue;
		}
		emit_ch(c);
		last = c;
	}
	if (last == ';')
		emit_str(";");
	emit_str("\n");
}

int
main(int argc, char **argv)
{
	FILE *f;
	const char *start = NULL;
	int i, bad = 0, css = 0;

	if (argc > 2 && !strcmp(argv[1], "-c")) {
		css = 1;
		argv++;
		argc--;
	}
	if (argc > 2 && !strcmp(argv[1], "-s")) {
		start = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc < 2) {
		fputs("usage: embed [-c | -s START] NAME [FILE...] > OUT.c\n", stderr);
		return 2;
	}
	if (css) {
		printf("/* generated by scripts/embed.c: do not edit */\nconst char %s[] =\n\"", argv[1]);
		emit_css(stdin);
		fputs("\";\n", stdout);
		return ferror(stdin) || ferror(stdout) || fclose(stdout) ? 1 : 0;
	}
	printf("/* generated by scripts/embed.c: do not edit */\nconst char %s[] =\n\"", argv[1]);
	if (start)
		emit_str("(async function () {\n\"use strict\";\n");
	if (argc == 2)
		emit(stdin, start != NULL);
	for (i = 2; i < argc; i++) {
		if (!(f = fopen(argv[i], "r"))) {
			perror(argv[i]);
			return 1;
		}
		emit(f, start != NULL);
		bad |= ferror(f);
		fclose(f);
	}
	if (start) {
		emit_str(held ? "\nawait " : "await ");
		emit_str(start);
		emit_str("();\n})();\n");
	}
	fputs("\";\n", stdout);
	return bad || ferror(stdout) || fclose(stdout) ? 1 : 0;
}
