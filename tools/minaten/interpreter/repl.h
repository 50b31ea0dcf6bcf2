/*
 * repl.h - the interactive prompt (repl.c), which main.c opens when
 * `minaten` has no command and standard input is a terminal.
 */
#ifndef MINATEN_INTERP_REPL_H
#define MINATEN_INTERP_REPL_H

/* Python 3.11: Python/pythonrun.c PyRun_InteractiveLoopFlags.  Reads and
 * runs statements from standard input until end of file; returns the exit
 * status, 0 (no error ends the session).  The operators must be
 * registered. */
int Repl_interactiveLoop(void);

#endif
