/*
 * fuzz_interp.c - libFuzzer target: one statement of a script through the
 * interpreter (tools/minaten), as `minaten run` runs each line.
 *
 * The input, cut at its first NUL, is one top-level statement: a simple
 * line, or a compound statement whose body lines follow after '\n'
 * (Interp_runStatement).  Each input gets a fresh interpreter, freed after
 * it, so no variable outlives its input and LeakSanitizer (libFuzzer's
 * -detect_leaks, on by default) sees what one input leaks.  A bad line must
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

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static bool registered = false;
  if (!registered) {
    if (at_register_all() < 0) {
      fprintf(stderr, "fuzz_interp: %s: %s\n", ErrorType_name(Error_type()), Error_message());
      abort();
    }
    registered = true;
  }
  char* text = malloc(size + 1);
  if (text == NULL) return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  Interp* in = Interp_new();
  Interp_setLocation(in, "fuzz.py", 1);
  Interp_runStatement(in, text, 1);
  Interp_free(in);
  free(text);
  fflush(stdout);
  return 0;
}
