/*
 * InferSize.c - see InferSize.h.  PyTorch 1.13: aten/src/ATen/InferSize.h
 */
#include "ops/InferSize.h"

#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

/* The product of the sizes other than -1 is computed as PyTorch computes it,
 * in int64_t that wraps on overflow (minaten: unsigned, so without undefined
 * behaviour); with SymInts, every partial product must also be a valid
 * SymInt.  A product that wraps to numel is accepted here, as in PyTorch,
 * and refused later by the tensor's numel check. */
static int infer_size_impl(IntArrayRef shape, int64_t numel, int64_t* out, bool symint) {
  char buf[1536];
  int64_t newsize = 1;
  int64_t infer_dim = -1;
  for (size_t dim = 0; dim < shape.size; dim++) {
    int64_t s = shape.data[dim];
    out[dim] = s;
    if (s == -1) {
      /* NB: a std::runtime_error in PyTorch, which unflatten rewords */
      TORCH_CHECK(infer_dim < 0, "only one dimension can be inferred");
      infer_dim = (int64_t)dim;
    } else {
      TORCH_CHECK(s >= 0, "invalid shape dimension %lld", (long long)s);
      newsize = (int64_t)((uint64_t)newsize * (uint64_t)s);
      if (symint) TRY(SymInt_check(newsize) == 0);
    }
  }
  if (numel == newsize || (infer_dim >= 0 && newsize > 0 && numel % newsize == 0)) {
    if (infer_dim >= 0) {
      /* We have a degree of freedom here to select the dimension size; follow
       * NumPy semantics and just bail.  However, a nice error message is needed
       * because users often use `view` as a way to flatten & unflatten
       * dimensions and will otherwise be confused why
       *   empty_tensor.view( 0, 0)
       * works yet
       *   empty_tensor.view(-1, 0)
       * doesn't. */
      TORCH_CHECK(newsize != 0,
                  "cannot reshape tensor of 0 elements into shape %s because the unspecified "
                  "dimension size -1 can be any value and is ambiguous",
                  IntArrayRef_format(shape, buf, sizeof buf));
      out[infer_dim] = numel / newsize;
    }
    return 0;
  }
  /* NB: a std::runtime_error in PyTorch, which unflatten rewords */
  TORCH_CHECK(false, "shape '%s' is invalid for input of size %lld", IntArrayRef_format(shape, buf, sizeof buf),
              (long long)numel);
fail:
  return -1;
}

int infer_size(IntArrayRef shape, int64_t numel, int64_t* out) { return infer_size_impl(shape, numel, out, false); }

int infer_size_symint(IntArrayRef shape, int64_t numel, int64_t* out) {
  return infer_size_impl(shape, numel, out, true);
}
