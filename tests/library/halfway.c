/*
 * halfway.c - a library whose blocks fail halfway: the first block defines
 * an operator and registers a kernel that shadows aten::neg's CPU kernel,
 * the second defines an operator twice.  Loading it must fail with 1.13's
 * error for the second def and leave nothing behind: no halfops operator,
 * aten::neg's own kernel active.
 */
#include "Functions.h"
#include "dispatch/Library.h"

static Tensor* not_neg(const Tensor* self) { return Tensor_retain(self); }

MINATEN_LIBRARY(halfops, m) {
  Library_def(m, "first(Tensor self) -> Tensor");
  Library_impl(m, "first", MINATEN_KERNEL(not_neg));
}

MINATEN_LIBRARY_IMPL(aten, CPU, m) {
  Library_impl(m, "neg", MINATEN_KERNEL(not_neg));
}

MINATEN_LIBRARY_FRAGMENT(halfops, m) {
  Library_def(m, "second(Tensor self) -> Tensor");
  Library_def(m, "second(Tensor self) -> Tensor");
}
