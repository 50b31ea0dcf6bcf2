/*
 * myops.c - the operator library the tests/library scripts load
 * (torch.ops.load_library("libmyops.so")): three operators of the namespace
 * myops, defined in one MINATEN_LIBRARY block, with a CPU kernel, an
 * overload with a default argument, and a CompositeImplicitAutograd kernel
 * written with ATen's entry points (so the trace shows what it decomposes
 * into); and a kernel for an operator it never defines.  torch/myops.cpp is the same library for PyTorch 1.13, which
 * records the scripts' expected outputs (tools/oracle/record.py builds it).
 */
#include "Functions.h"
#include "dispatch/Library.h"
#include "runtime/Exception.h"

/* myops::cube: self * self * self */
static Tensor* cube_cpu(const Tensor* self) {
  Tensor* square = at_mul_Tensor(self, self);
  if (square == NULL) return NULL;
  Tensor* cube = at_mul_Tensor(square, self);
  Tensor_release(square);
  return cube;
}

/* myops::scale.Scalar: self * factor */
static Tensor* scale_cpu(const Tensor* self, Scalar factor) { return at_mul_Scalar(self, factor); }

/* myops::softsign: self / (1 + |self|), from other operators */
static Tensor* softsign(const Tensor* self) {
  Tensor* magnitude = at_abs(self);
  if (magnitude == NULL) return NULL;
  Tensor* denominator = at_add_Scalar(magnitude, Scalar_fromLong(1), Scalar_fromLong(1));
  Tensor_release(magnitude);
  if (denominator == NULL) return NULL;
  Tensor* result = at_div_Tensor(self, denominator);
  Tensor_release(denominator);
  return result;
}

MINATEN_LIBRARY(myops, m) {
  Library_def(m, "cube(Tensor self) -> Tensor");
  Library_def(m, "scale.Scalar(Tensor self, Scalar factor=2) -> Tensor");
  Library_def(m, "softsign(Tensor self) -> Tensor");
}

MINATEN_LIBRARY_IMPL(myops, CPU, m) {
  Library_impl(m, "cube", MINATEN_KERNEL(cube_cpu));
  Library_impl(m, "scale.Scalar", MINATEN_KERNEL(scale_cpu));
  /* a kernel for an operator nobody defines: allowed (1.13 too); it has a
   * dispatch table, but no schema, so no torch.ops.myops.undefined_op */
  Library_impl(m, "undefined_op", MINATEN_KERNEL(cube_cpu));
}

MINATEN_LIBRARY_IMPL(myops, CompositeImplicitAutograd, m) {
  Library_impl(m, "softsign", MINATEN_KERNEL(softsign));
}
