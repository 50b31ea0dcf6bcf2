/*
 * Repeat.c - repeat_interleave: the kernel that turns a vector of repeat
 * counts into the indices that repeat each position (repeats [2, 0, 1]:
 * [0, 0, 2]), and the two composites that repeat a tensor's slices with
 * it (index_select along dim, or along the flattened tensor).
 *
 * PyTorch 1.13: aten/src/ATen/native/Repeat.cpp (repeat_interleave_cpu,
 * repeat_interleave), native/Repeat.h (repeat_interleave_common)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* A Long or Int vector's element i. */
static int64_t element(const Tensor* t, int64_t i) {
  return load_int(t->dtype, (const char*)Tensor_data(t) + i * t->strides[0] * (int64_t)Tensor_itemsize(t));
}

/*
 * repeat_interleave.Tensor: position i repeated repeats[i] times, in the
 * repeats' dtype.  The length is output_size when given (then it must equal
 * the sum: "allocated size does not match required size"), otherwise the
 * sum.  NB(minaten): every count is checked to be >= 0 before the first
 * index is written; 1.13 checks each as it writes, and with output_size a
 * negative count after a positive one writes past its output before the
 * error.
 * PyTorch 1.13: Repeat.cpp repeat_interleave_cpu, Repeat.h repeat_interleave_common, compute_cpu
 */
Tensor* at_native_repeat_interleave_cpu(const Tensor* repeats, OptionalInt output_size) {
  Tensor* result = NULL;
  TORCH_CHECK(repeats->dtype == ScalarType_Int || repeats->dtype == ScalarType_Long,
              "\"repeat_interleave_cpu\" not implemented for '%s'", ScalarType_name(repeats->dtype));
  TORCH_CHECK(repeats->dim == 1, "repeat_interleave only accept 1D vector as repeat");
  OptionalScalarType dtype = {true, repeats->dtype};
  if (repeats->sizes[0] == 0)
    return at_empty_like(repeats, dtype, kNoLayout, kNoDevice, kNoPinMemory,
                         (OptionalMemoryFormat){true, MemoryFormat_Contiguous});
  int64_t n = repeats->sizes[0], sum = 0;
  bool negative = false;
  for (int64_t i = 0; i < n; i++) {
    sum = (int64_t)((uint64_t)sum + (uint64_t)element(repeats, i)); /* cumsum's int64, wrapping */
    negative = negative || element(repeats, i) < 0;
  }
  TORCH_CHECK(output_size.has_value || !negative, "repeats can not be negative");
  int64_t total = output_size.has_value ? output_size.value : sum;
  TRY((result = at_empty_memory_format(IntArrayRef_make(&total, 1), dtype, kNoLayout, kNoDevice, kNoPinMemory,
                                       kNoMemoryFormat)) != NULL);
  TORCH_CHECK(total == sum, "allocated size does not match required size");
  TORCH_CHECK(!negative, "repeats can not be negative");
  char* out = Tensor_data(result);
  int64_t item = (int64_t)Tensor_itemsize(result);
  for (int64_t i = 0, j = 0; i < n; i++)
    for (int64_t r = element(repeats, i); r > 0; r--, j++) store_from_int64(result->dtype, out + j * item, i);
  return result;
fail:
  Tensor_release(result);
  return NULL;
}

/* PyTorch 1.13: Repeat.cpp repeat_interleave (Tensor repeats): the indices
 * of repeat_interleave.Tensor, index_select along dim (the flattened
 * tensor along 0 when dim is None); a one-element repeats is expanded to
 * the dim's size. */
Tensor* at_native_repeat_interleave_self_Tensor(const Tensor* self, const Tensor* repeats, OptionalInt dim,
                                                OptionalInt output_size) {
  Tensor *input = NULL, *counts = NULL, *flat = NULL, *indices = NULL, *result = NULL;
  int64_t d = dim.has_value ? dim.value : 0;
  TRY((input = dim.has_value ? Tensor_retain(self) : at_flatten_using_ints(self, 0, -1)) != NULL);
  if (repeats->dim == 0 || (repeats->dim == 1 && repeats->sizes[0] == 1)) {
    int64_t one = 1;
    TRY((flat = at_reshape(repeats, IntArrayRef_make(&one, 1))) != NULL);
    int64_t wd = maybe_wrap_dim(d, input->dim, false);
    TRY(wd >= 0);
    TRY((counts = at_expand(flat, IntArrayRef_make(&input->sizes[wd], 1), false)) != NULL);
  } else if (repeats->dim == 1) {
    int64_t wd = maybe_wrap_dim(d, input->dim, false);
    TRY(wd >= 0);
    TORCH_CHECK(repeats->sizes[0] == input->sizes[wd], "repeats must have the same size as input along dim");
    counts = Tensor_retain(repeats);
  } else {
    TORCH_CHECK(false, "repeats must be 0-dim or 1-dim tensor");
  }
  TRY((indices = at_repeat_interleave_Tensor(counts, output_size)) != NULL);
  result = at_index_select(input, d, indices);
fail:
  Tensor_release(input);
  Tensor_release(flat);
  Tensor_release(counts);
  Tensor_release(indices);
  return result;
}

/* PyTorch 1.13: Repeat.cpp repeat_interleave (int64_t repeats): a one-element
 * Long tensor filled with repeats, then the Tensor form. */
Tensor* at_native_repeat_interleave_self_int(const Tensor* self, int64_t repeats, OptionalInt dim,
                                             OptionalInt output_size) {
  int64_t one = 1;
  Tensor *counts = NULL, *filled = NULL, *result = NULL;
  TRY((counts = at_empty_memory_format(IntArrayRef_make(&one, 1), (OptionalScalarType){true, ScalarType_Long},
                                       kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat)) != NULL);
  TRY((filled = at_fill__Scalar(counts, Scalar_fromLong(repeats))) != NULL);
  result = at_native_repeat_interleave_self_Tensor(self, counts, dim, output_size);
fail:
  Tensor_release(filled);
  Tensor_release(counts);
  return result;
}
