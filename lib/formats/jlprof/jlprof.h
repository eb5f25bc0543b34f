/* formats/jlprof/jlprof.h: what the room's users share of the .jlprof format
 *
 * The data layouts a reader is told or guesses, the magic that starts
 * every file, and a frame record as the files hold it.  The reader's
 * own state and calls are read.h's, the room's own.
 */
#ifndef FG_JLPROF_FORMAT_H
#define FG_JLPROF_FORMAT_H

#include <stdint.h>

enum { JL_AUTO, JL_META, JL_LEGACY };

/* The first 8 bytes of every .jlprof file (FileIO's registry). */
#define JL_MAGIC "JLPROF\1\0"

/* A loaded StackFrame (func and file never contain NUL). */
struct jlframe {
	const char *func, *file;
	uint32_t funclen, filelen;
	int64_t line;
	unsigned char from_c, inlined;
};

#endif
