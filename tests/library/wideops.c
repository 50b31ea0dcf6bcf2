/*
 * wideops.c - a library whose operator has more tensor arguments than a
 * small dispatch table of argument positions would hold: wideops::sum17
 * takes 17 tensors.  The dispatcher reads the dispatch keys of every one
 * (1.13 reads up to 64 arguments; dispatch/OperatorEntry.h), so a Lazy
 * tensor in the 17th place sends the call to the Lazy backend's fallback,
 * which runs the CPU kernel on CPU copies (wide_args.py).
 * torch/wideops.cpp is the same library for PyTorch 1.13.
 */
#include "Functions.h"
#include "dispatch/Library.h"
#include "runtime/Exception.h"

/* wideops::sum17: a0 + a1 + ... + a16, on CPU tensors only */
static Tensor* sum17_cpu(const Tensor* a0, const Tensor* a1, const Tensor* a2, const Tensor* a3,
                         const Tensor* a4, const Tensor* a5, const Tensor* a6, const Tensor* a7,
                         const Tensor* a8, const Tensor* a9, const Tensor* a10, const Tensor* a11,
                         const Tensor* a12, const Tensor* a13, const Tensor* a14, const Tensor* a15,
                         const Tensor* a16) {
  const Tensor* terms[] = {a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16};
  Tensor* sum = NULL;
  for (size_t i = 0; i < sizeof terms / sizeof terms[0]; i++)
    TORCH_CHECK(terms[i]->device.type == DeviceType_CPU, "sum17: argument a%zu is not on the CPU", i);
  sum = Tensor_retain(a0);
  for (size_t i = 1; i < sizeof terms / sizeof terms[0]; i++) {
    Tensor* next = at_add_Tensor(sum, terms[i], Scalar_fromLong(1));
    Tensor_release(sum);
    sum = next;
    if (sum == NULL) goto fail;
  }
  return sum;
fail:
  return NULL;
}

MINATEN_LIBRARY(wideops, m) {
  Library_def(m, "sum17(Tensor a0, Tensor a1, Tensor a2, Tensor a3, Tensor a4, Tensor a5, Tensor a6, "
                 "Tensor a7, Tensor a8, Tensor a9, Tensor a10, Tensor a11, Tensor a12, Tensor a13, "
                 "Tensor a14, Tensor a15, Tensor a16) -> Tensor");
}

MINATEN_LIBRARY_IMPL(wideops, CPU, m) {
  Library_impl(m, "sum17", MINATEN_KERNEL(sum17_cpu));
}
