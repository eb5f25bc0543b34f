/* fg-fold: a profile of any format fg reads to folded stacks
 *
 * Each file's first bytes say its format (lib/folded/formats); fg-fold
 * then runs the folder of that format on the files, with its default
 * options, so the output is that folder's own: jlprof-fold,
 * pprof-fold, perf-fold, cpuprofile-fold, speedscope-fold; folded
 * stacks are copied as they are.  The folder runs under fg-fold's name,
 * which its messages give.  A pipe is first copied to a temporary file;
 * a gzip-compressed file whose folder reads no gzip is decompressed
 * into one.  The folder is looked for beside fg-fold, then on the PATH.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/progress.h"
#include "base/inflate.h"
#include "base/out.h"
#include "base/util.h"
#include "folded/formats.h"

static noreturn void
usage(void)
{
	printf("usage: %s [options] [FILE...]\n"
	    "  -v, --verbose  say which format each file is and which program folds it\n"
	    "  -q, --quiet    no progress line on a terminal\n"
	    "      --list     print the formats fg knows: name, folder, writer, gzip,\n"
	    "                 description, tab-separated, one a line\n"
	    "  -h, --help     show this help\n"
	    "      --version  show the version\n", argv0);
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

static const char *folder(const struct format *f, const char *name);

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
		folder(f, name);
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
 * no format fg reads is an error. */
static const char *
folder(const struct format *f, const char *name)
{
	if (f->kind == FMT_FOLDED)
		return "cat";
	if (f->folder)
		return f->folder;
	fileerr(name, 0, "not a profile fg reads: %s", f->what);
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

/* Run prog on args[1..] under this program's name, from beside this
 * program if it is there. */
static noreturn void
run(const char *prog, char **args)
{
	char self[PATH_MAX], path[PATH_MAX + 64], *slash;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (!strcmp(prog, "cat"))
		copy(args);
	args[0] = (char *)argv0;
	fflush(stdout);
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

int
main(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "verbose", no_argument, NULL, 'v' },
		{ "list", no_argument, NULL, 'L' },
		OPT_HELP_VERSION,
		{ NULL, 0, NULL, 0 }
	};
	static char dash[] = "-";
	char **args, **fdpath, *path;
	const char *prog = NULL, *first = NULL, *name, *p;
	const struct format *f;
	struct stat st;
	int c, i, nfile, verbose = 0, dolist = 0, fd, gz, stdin_used = 0;

	argv[0] = setprogname(argv[0]);
	while ((c = getopt_long(argc, argv, "vqh", lo, NULL)) != -1) {
		switch (c) {
		case 'v': verbose = 1; break;
		case 'q': progress_quiet(); break;
		case 'L': dolist = 1; break;
		case 'h': usage();
		case OPT_VERSION: version();
		default: tryhelp();
		}
	}
	argc -= optind;
	argv += optind;
	if (dolist && argc)
		usage_error("--list takes no file");
	if (dolist)
		list();
	nfile = argc ? argc : 1;
	args = ecalloc((size_t)nfile + 2, sizeof(*args));
	fdpath = ecalloc((size_t)nfile, sizeof(*fdpath));
	for (i = 0; i < nfile; i++) {
		path = argc ? argv[i] : dash;
		name = displayname(path);
		fd = 0;
		if (strcmp(path, "-") && (fd = open(path, O_RDONLY)) < 0)
			fileerr(name, 0, "%s", strerror(errno));
		if (fstat(fd, &st) < 0)
			fileerr(name, 0, "%s", strerror(errno));
		if (S_ISDIR(st.st_mode))
			fileerr(name, 0, "read error: %s", strerror(EISDIR));
		if (!S_ISREG(st.st_mode)) {
			fd = spool(fd, name);
			if (!strcmp(path, "-") && dup2(fd, 0) < 0)
				fileerr(name, 0, "%s", strerror(errno));
			if (strcmp(path, "-")) {
				fdpath[i] = emalloc(32);
				snprintf(fdpath[i], 32, "/dev/fd/%d", fd);
			}
		}
		f = sniff_fd(fd, name, !strcmp(path, "-") ? (uint64_t)lseek(0, 0, SEEK_CUR) : 0, &gz);
		p = folder(f, name);
		if (gz && !f->gzip) {
			fd = decompress(fd, name);
			free(fdpath[i]);
			fdpath[i] = emalloc(32);
			snprintf(fdpath[i], 32, "/dev/fd/%d", fd);
		}
		if (verbose)
			weprintf("%s: %s%s: %s", name, f->what, gz ? ", gzip-compressed" : "",
			    strcmp(p, "cat") ? p : "passed through");
		if (prog && strcmp(prog, p))
			fileerr(name, 0, "%s, but %s is another format: fold them apart, then "
			    "fg-merge the stacks", f->what, first);
		prog = p;
		first = name;
		if (!strcmp(path, "-"))
			stdin_used++;
		args[i + 1] = fdpath[i] ? fdpath[i] : path;
	}
	if (stdin_used > 1)
		usage_error("standard input named more than once");
	run(prog, args);
}
