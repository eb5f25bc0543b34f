/* progress.h: the one status line of a long run, on a terminal
 *
 * When standard error is a terminal and a run has gone on for about two
 * seconds, a line there, written again in place a few times a second,
 * says how far it is: the bytes read of the inputs' total (when their
 * sizes are known), the rate, and the stage ("reading", "sorting",
 * "writing").  It is erased before any message, before output to the
 * same terminal, and at exit; -q (progress_quiet) keeps it off, and it
 * is never written where standard error is not a terminal.
 *
 * Every input is read through read_counted (or counted with
 * progress_bytes), so every program shows it alike.  Its state is the
 * process's, as the terminal it is drawn on is: one line for every
 * thread, counted atomically.
 */
#ifndef FG_PROGRESS_H
#define FG_PROGRESS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* From setprogname, with the program's name (the line's first word):
 * the run starts now; is standard error a terminal? */
void progress_init(const char *name);
/* -q, --quiet: never show the line. */
void progress_quiet(void);
/* An input of n bytes is to be read (its size, when it is known). */
void progress_size(uint64_t n);
/* The bytes of the regular file open on fd after its offset, 0 for
 * another kind of file (a pipe, a terminal). */
uint64_t fd_left(int fd);
/* n more bytes were read. */
void progress_bytes(uint64_t n);
/* What the run does now, a static string: "sorting", "writing"... */
void progress_stage(const char *what);
/* Erase the line, if it is shown. */
void progress_clear(void);
/* Standard output is to be written: erase the line if both are the
 * same terminal. */
void progress_output(void);
/* read(2), retried when interrupted, its bytes counted. */
ssize_t read_counted(int fd, void *buf, size_t n);

#endif
