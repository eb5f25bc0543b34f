/* split.c: where to cut a large file in two for two threads */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "folded/split.h"

int
split_point(const char *path, const char *sep, size_t seplen, uint64_t *size, uint64_t *at)
{
	char buf[1 << 16];
	struct stat st;
	uint64_t off;
	ssize_t n;
	char *p;
	int fd, found = 0;

	if (!path || !strcmp(path, "-") || (fd = open(path, O_RDONLY)) < 0)
		return 0;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size < SPLIT_MIN) {
		close(fd);
		return 0;
	}
	*size = st.st_size;
	/* consecutive windows overlap by seplen - 1 bytes */
	for (off = *size / 2; !found && off < *size; off += sizeof(buf) - seplen + 1) {
		if ((n = pread(fd, buf, sizeof(buf), (off_t)off)) < (ssize_t)seplen)
			break;
		if ((p = memmem(buf, n, sep, seplen))) {
			*at = off + (p - buf) + seplen;
			found = *at < *size;
		}
	}
	close(fd);
	return found;
}
