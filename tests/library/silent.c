/*
 * silent.c - a kernel that fails without setting the error indicator (a bug
 * of the library): minaten reports it as that library's internal error.
 */
#include "dispatch/Library.h"

static Tensor* forgets_the_error(const Tensor* self) {
  (void)self;
  return NULL;
}

MINATEN_LIBRARY(silentops, m) {
  Library_def(m, "f(Tensor self) -> Tensor");
}

MINATEN_LIBRARY_IMPL(silentops, CPU, m) {
  Library_impl(m, "f", MINATEN_KERNEL(forgets_the_error));
}
