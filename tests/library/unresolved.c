/*
 * unresolved.c - a library that calls a function nothing defines: dlopen
 * (RTLD_NOW) refuses it, naming the symbol, before any block runs.
 */
#include "dispatch/Library.h"

Tensor* at_no_such_entry_point(const Tensor* self);

static Tensor* calls_nothing(const Tensor* self) { return at_no_such_entry_point(self); }

MINATEN_LIBRARY(unresolvedops, m) {
  Library_def(m, "f(Tensor self) -> Tensor");
  Library_impl(m, "f", MINATEN_KERNEL(calls_nothing));
}
