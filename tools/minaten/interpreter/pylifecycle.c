/*
 * pylifecycle.c - standard output at the end of a run: a write to stdout
 * that failed (a full disk, /dev/full) is an error, never lost with exit
 * status 0.
 *
 * main() makes stdout a buffered stream of its own over descriptor 1
 * (Interp_createStdout, as python3's create_stdio makes sys.stdout), whose
 * writes remember the errno of the first that fails: glibc's own stdout
 * drops a buffer it could not write and keeps only its error flag, so a
 * failure inside a printf (a buffer filled up) would have lost its cause.
 * The tools flush stdout at fixed places (after each top-level statement,
 * before a traceback or a prompt, before Graphviz's dot runs) through
 * Interp_flushStdout.  At exit main.c asks once (flush_std_files for a
 * script, Interp_stdoutErrno for the other commands) and says so.
 *
 * python3 flushes sys.stdout at exit (flush_std_files) and a failure there
 * is an "Exception ignored in:" report and exit status 120:
 *
 *   $ python3 -c 'print(1)' > /dev/full
 *   Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>
 *   OSError: [Errno 28] No space left on device
 *   (exit status 120)
 *
 * NB(minaten): python3 reports it so when its 8 KiB buffer held all of the
 * output; a print that overflows the buffer raises OSError there (a
 * traceback, exit status 1), and with PYTHONUNBUFFERED=1 every print does.
 * minaten reports any failed write as python3 does the first, at exit.  A
 * stdout that was closed (`>&-`) is python3's sys.stdout None: writes are
 * dropped silently, exit status 0; minaten's fail with EBADF, which is
 * therefore not reported.
 *
 * Python 3.11: Python/pylifecycle.c flush_std_files, Py_FinalizeEx;
 * Modules/main.c Py_RunMain (exit status 120); Python/errors.c
 * PyErr_WriteUnraisable
 */
#include <errno.h>
#include <stdio.h> /* fopencookie: a GNU function (-D_GNU_SOURCE) */
#include <string.h>
#include <unistd.h>

#include "tools/minaten/interpreter/interp.h"

static int stdout_errno; /* of the first failed write to stdout; 0: none */

/* The writes of Interp_createStdout's stream: all of buf to descriptor 1.
 * Returns the bytes written, 0 on an error (fopencookie's convention). */
static ssize_t write_stdout(void* cookie, const char* buf, size_t size) {
  (void)cookie;
  size_t done = 0;
  while (done < size) {
    ssize_t n = write(STDOUT_FILENO, buf + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (stdout_errno == 0) stdout_errno = n < 0 ? errno : EIO;
      break;
    }
    done += (size_t)n;
  }
  return (ssize_t)done;
}

/* Python 3.11: Python/pylifecycle.c create_stdio */
void Interp_createStdout(void) {
  /* a terminal keeps glibc's stream: libedit writes to it by descriptor */
  if (isatty(STDOUT_FILENO)) return;
  FILE* f = fopencookie(NULL, "w", (cookie_io_functions_t){.write = write_stdout});
  if (f == NULL) return; /* out of memory: glibc's stdout, EIO for a failure */
  setvbuf(f, NULL, _IOFBF, BUFSIZ);
  fflush(stdout);
  stdout = f;
}

void Interp_flushStdout(void) {
  errno = 0;
  if (fflush(stdout) != 0 && stdout_errno == 0) stdout_errno = errno != 0 ? errno : EIO;
}

int Interp_stdoutErrno(void) {
  Interp_flushStdout();
  /* glibc's stream on a terminal: a write that failed inside a printf */
  if (stdout_errno == 0 && ferror(stdout)) stdout_errno = EIO;
  return stdout_errno;
}

/* Python 3.11: Python/pylifecycle.c flush_std_files */
int flush_std_files(void) {
  int err = Interp_stdoutErrno();
  if (err == 0 || err == EBADF) return 0;
  fprintf(stderr,
          "Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n"
          "OSError: [Errno %d] %s\n",
          err, strerror(err));
  fflush(stderr);
  return -1;
}
