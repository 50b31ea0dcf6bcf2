/*
 * load_cycles.c - loads and unloads operator libraries many times in one
 * process (argv[1] cycles, default 1000), from the folder given as argv[2]:
 * each cycle loads libmyops.so and liboverride.so, calls myops::cube and
 * aten::sub.Tensor (overridden: it adds), unloads both, and checks that the
 * registry is as before (no myops operator, sub subtracts again).  The heap
 * in use after the first cycles and after the last must be the same: a load
 * and an unload leave nothing behind (valgrind checks the rest).
 *
 * "The same" within 16 KiB: the tensors' storage is 64-byte aligned
 * (aligned_alloc), and how much of an aligned chunk's padding glibc can give
 * back depends on where it lands, so the bytes in use drift by a few hundred
 * now and then without anything being kept.  Keeping even one 24-byte block
 * per cycle would add 990 chunks of at least 32 bytes: 31 KiB.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "dispatch/OperatorLibrary.h"
#include "runtime/Exception.h"

static int fail(const char* what) {
  fprintf(stderr, "load_cycles: %s: %s\n", what, Error_occurred() ? Error_message() : "");
  return 1;
}

static Tensor* full(double value) {
  int64_t size[] = {1};
  return at_full(IntArrayRef_make(size, 1), Scalar_fromDouble(value), kNoDtype, kNoLayout, kNoDevice,
                 kNoPinMemory);
}

/* myops::cube of [2.] through the boxed call path: 8, or -1. */
static double call_cube(void) {
  OperatorEntry* op = Dispatcher_findSchema("myops::cube");
  if (op == NULL) return -1;
  Tensor* x = full(2);
  IValue args[1] = {IValue_borrowTensor(x)};
  IValue rets[1];
  double r = -1;
  if (Dispatcher_callBoxed(op, args, rets) == 0) {
    r = *(const float*)Tensor_data(rets[0].u.tensor);
    Tensor_release(rets[0].u.tensor);
  }
  Tensor_release(x);
  return r;
}

/* aten::sub.Tensor of 5 and 1 through its entry point: 4, or 6 when overridden. */
static double call_sub(void) {
  Tensor* a = full(5);
  Tensor* b = full(1);
  Tensor* c = at_sub_Tensor(a, b, Scalar_fromLong(1));
  double r = c != NULL ? *(const float*)Tensor_data(c) : -1;
  Tensor_release(c);
  Tensor_release(b);
  Tensor_release(a);
  return r;
}

int main(int argc, char** argv) {
  long cycles = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
  const char* dir = argc > 2 ? argv[2] : ".";
  char myops[4096], override[4096];
  snprintf(myops, sizeof myops, "%s/libmyops.so", dir);
  snprintf(override, sizeof override, "%s/liboverride.so", dir);
  if (at_register_all() < 0) return fail("at_register_all");
  size_t operators = Dispatcher_numOperators();
  size_t heap_after_warmup = 0;
  for (long i = 0; i < cycles; i++) {
    OperatorLibrary* lib = OperatorLibrary_load(myops);
    if (lib == NULL) return fail("load libmyops.so");
    OperatorLibrary* over = OperatorLibrary_load(override);
    if (over == NULL) return fail("load liboverride.so");
    if (Dispatcher_numOperators() != operators + 3) return fail("libmyops.so defines 3 operators");
    if (call_cube() != 8) return fail("myops::cube");
    if (call_sub() != 6) return fail("the overriding sub.Tensor");
    OperatorLibrary_unload(over);
    OperatorLibrary_unload(lib);
    if (Dispatcher_numOperators() != operators || Dispatcher_findSchema("myops::cube") != NULL)
      return fail("unloading libmyops.so leaves its operators");
    if (call_sub() != 4) return fail("unloading liboverride.so restores sub.Tensor");
    if (i == 9 || (cycles < 10 && i == cycles - 1)) heap_after_warmup = mallinfo2().uordblks;
  }
  size_t heap = mallinfo2().uordblks;
  printf("%ld cycles: %zu operators before and after; heap in use after 10 cycles %zu bytes, after %ld %zu bytes\n",
         cycles, operators, heap_after_warmup, cycles, heap);
  Dispatcher_cleanup();
  if (heap > heap_after_warmup + 16 * 1024) {
    fprintf(stderr, "load_cycles: the heap grew by %zd bytes\n", (ssize_t)(heap - heap_after_warmup));
    return 1;
  }
  return 0;
}
