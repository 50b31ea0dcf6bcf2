/*
 * fuzz_interp.c - libFuzzer target: one statement of a script through the
 * interpreter (tools/minaten), as `minaten run` runs each line.
 *
 * The input, cut at its first NUL, is one top-level statement: a simple
 * line, or a compound statement whose body lines follow after '\n'
 * (Interp_runStatement).  Each input gets a fresh interpreter, freed after
 * it, so no variable outlives its input and LeakSanitizer (libFuzzer's
 * -detect_leaks, on by default) sees what one input leaks.  Before the
 * input, the interpreter runs tests/probe/prelude.py (read once, at the
 * first input), which defines a live tensor of each kind a user meets (CPU
 * float, double, int and bool, a view, 0-dim, empty, lazy, quantized per
 * tensor and per channel, requires-grad leaf and non-leaf: f, d, i, b, v,
 * z, e, l, q, qc, x, y) and a function making a fresh one of each (F(),
 * D(), ...), so that a generated statement reaches kernels instead of
 * stopping at a NameError.  A bad line must
 * end in Python's or PyTorch's error on stdout; a crash, a sanitizer report
 * or an INTERNAL ASSERT FAILED is a bug.  The operators are registered once,
 * at the first input.  See docs/fuzzing.md.
 *
 * Memory: a statement may ask for any size (`torch.ones(2**40)`); as
 * glibc's malloc, ASan's then returns NULL (allocator_may_return_null,
 * which runtime/Allocator.c sets in every ASan build) and minaten must
 * raise PyTorch's out-of-memory error; libFuzzer reports an allocation over
 * its -malloc_limit_mb (2 GB by default) as an OOM, which
 * tools/scripts/fuzz.sh notes without failing (a script may use memory).
 *
 * NB(minaten): process-wide settings a statement may change (the default
 * dtype, grad mode, --trace=dispatch's flag through trace_on()) persist
 * from one input to the next, as they do from one line to the next.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/Dispatcher.h"
#include "runtime/Exception.h"
#include "tools/minaten/interpreter/interp.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

enum { kMaxPrelude = 64 }; /* statements of the prelude */
static char* prelude[kMaxPrelude];
static int nprelude;

/* Reads MINATEN_PROBE_PRELUDE (a path CMake compiles in) and cuts it into
 * top-level statements: a line, with the indented lines that follow it. */
static void read_prelude(void) {
  FILE* f = fopen(MINATEN_PROBE_PRELUDE, "r");
  if (f == NULL) {
    perror("fuzz_interp: " MINATEN_PROBE_PRELUDE);
    abort();
  }
  char line[512];
  while (fgets(line, sizeof line, f) != NULL) {
    if (line[0] == '\n' || line[0] == '#') continue;
    bool indented = line[0] == ' ';
    if (!indented) {
      if (nprelude == kMaxPrelude) abort();
      prelude[nprelude++] = strdup(line);
      continue;
    }
    char* s = prelude[nprelude - 1];
    size_t n = strlen(s), m = strlen(line);
    s = realloc(s, n + m + 1);
    memcpy(s + n, line, m + 1);
    prelude[nprelude - 1] = s;
  }
  fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static bool registered = false;
  if (!registered) {
    if (at_register_all() < 0) {
      fprintf(stderr, "fuzz_interp: %s: %s\n", ErrorType_name(Error_type()), Error_message());
      abort();
    }
    read_prelude();
    registered = true;
  }
  char* text = malloc(size + 1);
  if (text == NULL) return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  Interp* in = Interp_new();
  for (int k = 0; k < nprelude; k++) {
    Interp_setLocation(in, "prelude.py", 1);
    Interp_runStatement(in, prelude[k], 1);
  }
  Interp_setLocation(in, "fuzz.py", 1);
  Interp_runStatement(in, text, 1);
  Interp_free(in);
  free(text);
  fflush(stdout);
  return 0;
}
