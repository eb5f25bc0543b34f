/* fg-fold: a profile of any format fg reads to folded stacks
 *
 * Each file's first bytes say its format (lib/folded/formats); fg-fold
 * then runs the folder of that format on the files, with the options
 * fg-fold does not take itself, and "--" before the files, so the
 * output is that folder's own: jlprof-fold, pprof-fold, perf-fold,
 * cpuprofile-fold, speedscope-fold; folded stacks are copied as they
 * are.  The folder runs under fg-fold's name, which its messages give.
 * A pipe is first copied to a temporary file; a gzip-compressed file
 * whose folder reads no gzip is decompressed into one.  The folder is
 * looked for beside fg-fold, then on the PATH.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

#include "base/progress.h"
#include "base/inflate.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/formats.h"
#include "folded/lines.h"

static noreturn void
usage(void)
{
	printf("usage: %s [-v] [-n] [FOLDER-OPTION...] [--] [FILE...]\n"
	    "       %s --list\n"
	    "  -v, --verbose  say which format each file is and which program folds it\n"
	    "  -n, --dry-run  fold nothing: print each file's format, folder,\n"
	    "                 compression and name, tab-separated, one a line\n"
	    "  -q, --quiet    no progress line on a terminal\n"
	    "      --list     print the formats fg knows: name, folder, writer, gzip,\n"
	    "                 description, tab-separated, one a line\n"
	    "  -h, --help     show this help\n"
	    "      --version  show the version\n"
	    "Any other option goes to the folder, as one word: --time, --sample-index=cpu.\n",
	    argv0, argv0);
	exit_stdout();
}

/* --list: the table of formats, a row a line, its fields tab-separated
 * ("-" for none): name, folder, writer, whether the folder reads the
 * format gzip-compressed itself, what it is.  A stable format
 * (fg-fold(1)): fields are only ever added at the end. */
static noreturn void
list(void)
{
	const struct format *f;

	for (f = formats; f < formats + nformats; f++)
		printf("%s\t%s\t%s\t%s\t%s\n", f->name, f->folder ? f->folder : "-",
		    f->writer ? f->writer : "-", !f->folder ? "-" : f->gzip ? "yes" : "no", f->what);
	exit_stdout();
}

/* An unlinked temporary file, open for reading and writing. */
static int
tmpfd(const char *name)
{
	FILE *f = tmpfile();
	int fd;

	if (!f || (fd = dup(fileno(f))) < 0)
		fileerr(name, 0, "cannot make a temporary file: %s", strerror(errno));
	fclose(f);
	return fd;
}

static void
writeall(int fd, const char *name, const void *p, size_t n)
{
	ssize_t w;

	while (n) {
		if ((w = write(fd, p, n)) < 0 && errno == EINTR)
			continue;
		if (w < 0)
			fileerr(name, 0, "cannot write a temporary file: %s", strerror(errno));
		p = (const char *)p + w;
		n -= (size_t)w;
	}
}

static const char *folder(const struct format *f, const char *name, const char *why);

/* A pipe, copied whole into a temporary file; what its first bytes
 * show to be of no format fg reads is refused before it is read on
 * (/dev/zero never ends). */
static int
spool(int in, const char *name)
{
	static char buf[1 << 16];
	const struct format *f;
	int fd = tmpfd(name);
	size_t n = 0;
	ssize_t r;

	while ((r = read(in, buf + n, sizeof(buf) - n)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			fileerr(name, 0, "read error: %s", strerror(errno));
		if ((n += (size_t)r) == sizeof(buf))
			break;
	}
	f = sniff(buf, n);
	if (f->kind == FMT_BINARY || f->kind == FMT_REFUSED)
		folder(f, name, "");
	writeall(fd, name, buf, n);
	while (n && (r = read(in, buf, sizeof(buf))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			fileerr(name, 0, "read error: %s", strerror(errno));
		writeall(fd, name, buf, (size_t)r);
	}
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/* z_read's sink into a temporary file. */
static size_t
tofile(void *arg, const unsigned char *p, size_t n, uint64_t off, int end)
{
	(void)off;
	(void)end;
	writeall(*(int *)arg, "temporary file", p, n);
	return n;
}

static int
decompress(int in, const char *name)
{
	int fd = tmpfd(name);

	z_read(in, name, UINT64_MAX, tofile, &fd);
	lseek(fd, 0, SEEK_SET);
	return fd;
}

/* The folder of f, "cat" for folded stacks (copied here); a file of
 * no format fg reads or knows is an error, text of none saying why
 * (sniff_why: empty, or the closest format). */
static const char *
folder(const struct format *f, const char *name, const char *why)
{
	if (f->kind == FMT_FOLDED)
		return "cat";
	if (f->folder)
		return f->folder;
	if (f->kind != FMT_TEXT)
		fileerr(name, 0, "not a profile fg reads: %s", f->what);
	if (!*why)
		fileerr(name, 0, "not a profile fg knows (fg-fold --list shows those it does)");
	fileerr(name, 0, "not a profile fg knows: %s", why);
}

/* Folded stacks: the files args[1..] written out as they are. */
static noreturn void
copy(char **args)
{
	static char buf[1 << 16];
	ssize_t r;
	int i, fd;

	for (i = 1; args[i]; i++) {
		fd = 0;
		if (strcmp(args[i], "-") && (fd = open(args[i], O_RDONLY)) < 0)
			fileerr(displayname(args[i]), 0, "%s", strerror(errno));
		while ((r = read(fd, buf, sizeof(buf))) != 0) {
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0)
				fileerr(displayname(args[i]), 0, "read error: %s", strerror(errno));
			out_mem(buf, (size_t)r);
		}
		if (fd)
			close(fd);
	}
	out_flush();
	exit(0);
}

/* exec prog with args, from beside this program if it is there. */
static void
execfolder(const char *prog, char **args)
{
	char self[PATH_MAX], path[PATH_MAX + 64], *slash;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n > 0) {
		self[n] = 0;
		if ((slash = strrchr(self, '/'))) {
			slash[1] = 0;
			snprintf(path, sizeof(path), "%s%s", self, prog);
			if (!access(path, X_OK))
				execv(path, args);
		}
	}
	execvp(prog, args);
	eprintf("cannot run %s: %s", prog, strerror(errno));
}

/* The command line of the folder: the folder options, "--", the files. */
struct cmd {
	char **opts;		/* options fg-fold does not take, for the folder */
	int nopt;
	char **files;		/* the file operands as given */
	const char **before;	/* for each, the folder option just before it */
	int nfile;
	int verbose, dryrun, list;
};

/*
 * Run prog on the files under this program's name: exec'd, or, when
 * folder options were given, in a child whose usage error (exit 2) is
 * followed by a line that says where the options went.
 */
static noreturn void
run(const char *prog, const struct cmd *c, char **files, const char *first)
{
	static char **args;	/* static: held until the exec or the exit */
	int i, n = 0, st;
	pid_t pid;

	args = ecalloc((size_t)c->nopt + (size_t)c->nfile + 3, sizeof(*args));
	args[n++] = (char *)argv0;
	for (i = 0; i < c->nopt; i++)
		args[n++] = c->opts[i];
	if (!strcmp(prog, "cat"))
		n = 0;
	args[n++] = "--";
	for (i = 0; i < c->nfile; i++)
		args[n++] = files[i];
	if (!strcmp(prog, "cat"))
		copy(args);
	fflush(stdout);
	if (!c->nopt)
		execfolder(prog, args);
	if ((pid = fork()) < 0)
		eprintf("cannot run %s: %s", prog, strerror(errno));
	if (!pid)
		execfolder(prog, args);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			eprintf("%s: %s", prog, strerror(errno));
	if (WIFSIGNALED(st)) {	/* as the folder ended, so does fg-fold */
		signal(WTERMSIG(st), SIG_DFL);
		raise(WTERMSIG(st));
		exit(128 + WTERMSIG(st));
	}
	if (WEXITSTATUS(st) == 2)
		weprintf("the options fg-fold does not take went to %s, the folder of %s: "
		    "see %s --help", prog, first, prog);
	exit(WEXITSTATUS(st));
}

/* Is arg one of fg-fold's own options, as spelled here (no bundling,
 * no abbreviation: any other word that starts with '-' is the
 * folder's)?  Then take it. */
static int
own(struct cmd *c, const char *arg)
{
	if (!strcmp(arg, "-v") || !strcmp(arg, "--verbose"))
		c->verbose = 1;
	else if (!strcmp(arg, "-n") || !strcmp(arg, "--dry-run"))
		c->dryrun = 1;
	else if (!strcmp(arg, "--list"))
		c->list = 1;
	else if (!strcmp(arg, "-q") || !strcmp(arg, "--quiet"))
		return progress_quiet(), 0;	/* the folder's too */
	else if (!strcmp(arg, "-h") || !strcmp(arg, "--help"))
		usage();
	else if (!strcmp(arg, "--version"))
		version();
	else
		return 0;
	return 1;
}

/* The command line: fg-fold's options, the folder's, the files (every
 * word after "--" is one), in any order before "--". */
static void
parse(struct cmd *c, int argc, char **argv)
{
	int i, files = 0;

	memset(c, 0, sizeof(*c));
	c->opts = ecalloc((size_t)argc, sizeof(*c->opts));
	c->files = ecalloc((size_t)argc + 1, sizeof(*c->files));
	c->before = ecalloc((size_t)argc + 1, sizeof(*c->before));
	for (i = 1; i < argc; i++) {
		if (!files && !strcmp(argv[i], "--")) {
			files = 1;
		} else if (files || argv[i][0] != '-' || !argv[i][1]) {
			if (!files && c->nopt && c->opts[c->nopt - 1] == argv[i - 1])
				c->before[c->nfile] = argv[i - 1];
			c->files[c->nfile++] = argv[i];
		} else if (!own(c, argv[i])) {
			c->opts[c->nopt++] = argv[i];
		}
	}
	if (c->list && (c->nfile || c->nopt || c->dryrun))
		usage_error("--list takes no file and no other option");
	if (c->list)
		list();
	if (!c->nfile)
		c->files[c->nfile++] = "-";
}

/* A file that cannot be opened: its error, and when the word before it
 * was a folder option without a value in its word ("--sample-index
 * cpu"), where such a value goes. */
static noreturn void
openerr(const char *path, const char *before, int err)
{
	if (err == ENOENT && before && !strchr(before, '='))
		fileerr(path, 0, "%s (if it is the value of %s, write %s%s%s)", strerror(err),
		    before, before, before[1] == '-' ? "=" : "", path);
	fileerr(displayname(path), 0, "%s", strerror(err));
}

/* One file operand: opened (a pipe spooled, a gzip-compressed file
 * decompressed when its folder reads no gzip), its format; *path the
 * name to give the folder. */
static const struct format *
look(char **path, const char *before, int *gz, const char **prog)
{
	const char *name = displayname(*path);
	const struct format *f;
	struct stat st;
	uint64_t off = 0;
	char why[256];
	int fd = 0, stdin_named = !strcmp(*path, "-");

	if (stdin_named)
		stdin_tty_note();
	else if ((fd = open(*path, O_RDONLY)) < 0)
		openerr(*path, before, errno);
	if (fstat(fd, &st) < 0)
		fileerr(name, 0, "%s", strerror(errno));
	if (S_ISDIR(st.st_mode))
		fileerr(name, 0, "read error: %s", strerror(EISDIR));
	if (!S_ISREG(st.st_mode)) {
		fd = spool(fd, name);
		if (stdin_named && dup2(fd, 0) < 0)
			fileerr(name, 0, "%s", strerror(errno));
	} else if (stdin_named) {
		off = (uint64_t)lseek(0, 0, SEEK_CUR);
	}
	f = sniff_fd(fd, name, off, gz, why, sizeof(why));
	*prog = folder(f, name, why);
	if (*gz && !f->gzip) {
		fd = decompress(fd, name);
	} else if (stdin_named || S_ISREG(st.st_mode)) {
		return f;
	}
	*path = emalloc(32);
	snprintf(*path, 32, "/dev/fd/%d", fd);
	return f;
}

int
main(int argc, char **argv)
{
	struct cmd c;
	static char **files;	/* static: held until the exec or the exit */
	const char *prog = NULL, *first = NULL, *p, *name;
	const struct format *f;
	int i, gz, stdin_used = 0;

	argv[0] = setprogname(argv[0]);
	parse(&c, argc, argv);
	files = ecalloc((size_t)c.nfile + 1, sizeof(*files));
	for (i = 0; i < c.nfile; i++) {
		files[i] = c.files[i];
		name = displayname(files[i]);
		stdin_used += !strcmp(files[i], "-");
		if (stdin_used > 1)
			usage_error("standard input named more than once");
		f = look(&files[i], c.before[i], &gz, &p);
		if (c.verbose)
			weprintf("%s: %s%s: %s", name, f->what, gz ? ", gzip-compressed" : "",
			    strcmp(p, "cat") ? p : "passed through");
		if (c.dryrun) {
			printf("%s\t%s\t%s\t%s\n", f->name, strcmp(p, "cat") ? p : "-",
			    gz ? "gzip" : "-", c.files[i]);
			continue;
		}
		if (prog && strcmp(prog, p))
			fileerr(name, 0, "%s, but %s is another format: fold them apart, then "
			    "fg-merge the stacks", f->what, first);
		prog = p;
		first = name;
	}
	if (c.dryrun)
		exit_stdout();
	if (!strcmp(prog, "cat") && c.nopt)
		usage_error("%s: folded stacks are copied as they are: no folder takes "
		    "options for them", c.opts[0]);
	run(prog, &c, files, first);
}
