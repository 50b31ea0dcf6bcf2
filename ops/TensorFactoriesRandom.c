/*
 * TensorFactoriesRandom.c - the random factories: rand, randn, randint,
 * normal(mean, std, size), randperm and the *_like forms.
 *
 * Each is `empty` (or empty_like, or the out= tensor resized) and then an
 * in-place draw through the dispatcher, as 1.13 writes them: rand is
 * uniform_(0, 1), randn normal_(0, 1), randint random_(low, high).  A trace
 * shows only the factory (aten::randn), since its inner calls run below the
 * Python key.  The dtype, when none is given, is the default dtype (rand,
 * randn, normal) or int64 (randint and randperm's schemas say
 * `dtype=long`); the _like forms take self's.
 *
 * randperm shuffles [0, n) in place with one 32-bit draw per element but
 * the last (Fisher-Yates from the front: element i swaps with i + r % (n - i)).
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp (rand, randn,
 * randint, randperm, normal and their _like / _out forms, randperm_cpu)
 */
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "runtime/CPUGeneratorImpl.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"


/* The result of an in-place draw on t, whose reference this takes. */
static Tensor* drawn(Tensor* t, Tensor* r) {
  Tensor_release(t);
  return r;
}

/* ---- rand, randn, normal ---------------------------------------------------- */

/* PyTorch 1.13: TensorFactories.cpp rand (with a generator) */
Tensor* at_native_rand_generator(IntArrayRef size, Generator* generator, OptionalScalarType dtype,
                                 OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  Tensor* t = at_empty_memory_format(size, dtype, layout, device, pin_memory, kNoMemoryFormat);
  return t == NULL ? NULL : drawn(t, at_uniform_(t, 0, 1, generator));
}

/* PyTorch 1.13: TensorFactories.cpp rand */
Tensor* at_native_rand(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                       OptionalBool pin_memory) {
  return at_native_rand_generator(size, NULL, dtype, layout, device, pin_memory);
}

/* PyTorch 1.13: TensorFactories.cpp rand_out (with a generator) */
Tensor* at_native_rand_generator_out(IntArrayRef size, Generator* generator, Tensor* out) {
  Tensor* r = at_resize_(out, size, kNoMemoryFormat);
  return r == NULL ? NULL : drawn(r, at_uniform_(out, 0, 1, generator));
}

/* PyTorch 1.13: TensorFactories.cpp rand_out */
Tensor* at_native_rand_out(IntArrayRef size, Tensor* out) { return at_rand_generator_out(size, NULL, out); }

/* PyTorch 1.13: TensorFactories.cpp rand_like */
Tensor* at_native_rand_like(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                            OptionalDevice device, OptionalBool pin_memory, OptionalMemoryFormat memory_format) {
  Tensor* t = at_empty_like(self, dtype, layout, device, pin_memory, memory_format);
  return t == NULL ? NULL : drawn(t, at_uniform_(t, 0, 1, NULL));
}

/* PyTorch 1.13: TensorFactories.cpp normal (double mean, double std, size) */
Tensor* at_native_normal_float_float(double mean, double std, IntArrayRef size, Generator* generator,
                                     OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                                     OptionalBool pin_memory) {
  Tensor* t = at_empty_memory_format(size, dtype, layout, device, pin_memory, kNoMemoryFormat);
  return t == NULL ? NULL : drawn(t, at_normal_(t, mean, std, generator));
}

/* PyTorch 1.13: TensorFactories.cpp normal_out (double mean, double std, size) */
Tensor* at_native_normal_float_float_out(double mean, double std, IntArrayRef size, Generator* generator,
                                         Tensor* out) {
  Tensor* r = at_resize_(out, size, kNoMemoryFormat);
  return r == NULL ? NULL : drawn(r, at_normal_(out, mean, std, generator));
}

/* PyTorch 1.13: TensorFactories.cpp randn (with a generator) */
Tensor* at_native_randn_generator(IntArrayRef size, Generator* generator, OptionalScalarType dtype,
                                  OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  return at_native_normal_float_float(0, 1, size, generator, dtype, layout, device, pin_memory);
}

/* PyTorch 1.13: TensorFactories.cpp randn */
Tensor* at_native_randn(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                        OptionalBool pin_memory) {
  return at_native_randn_generator(size, NULL, dtype, layout, device, pin_memory);
}

/* PyTorch 1.13: TensorFactories.cpp randn_out (with a generator) */
Tensor* at_native_randn_generator_out(IntArrayRef size, Generator* generator, Tensor* out) {
  return at_native_normal_float_float_out(0, 1, size, generator, out);
}

/* PyTorch 1.13: TensorFactories.cpp randn_out */
Tensor* at_native_randn_out(IntArrayRef size, Tensor* out) { return at_native_randn_generator_out(size, NULL, out); }

/* PyTorch 1.13: TensorFactories.cpp randn_like */
Tensor* at_native_randn_like(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                             OptionalDevice device, OptionalBool pin_memory, OptionalMemoryFormat memory_format) {
  Tensor* t = at_empty_like(self, dtype, layout, device, pin_memory, memory_format);
  return t == NULL ? NULL : drawn(t, at_normal_(t, 0, 1, NULL));
}

/* ---- randint ------------------------------------------------------------------ */

/* PyTorch 1.13: TensorFactories.cpp randint (low, high, size, generator) */
Tensor* at_native_randint_low_generator(int64_t low, int64_t high, IntArrayRef size, Generator* generator,
                                        OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                                        OptionalBool pin_memory) {
  OptionalInt to = {true, high};
  Tensor* t = at_empty_memory_format(size, dtype, layout, device, pin_memory, kNoMemoryFormat);
  return t == NULL ? NULL : drawn(t, at_random__from(t, low, to, generator));
}

/* PyTorch 1.13: TensorFactories.cpp randint (low, high, size) */
Tensor* at_native_randint_low(int64_t low, int64_t high, IntArrayRef size, OptionalScalarType dtype,
                              OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  return at_native_randint_low_generator(low, high, size, NULL, dtype, layout, device, pin_memory);
}

/* PyTorch 1.13: TensorFactories.cpp randint (high, size, generator) */
Tensor* at_native_randint_generator(int64_t high, IntArrayRef size, Generator* generator, OptionalScalarType dtype,
                                    OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  return at_native_randint_low_generator(0, high, size, generator, dtype, layout, device, pin_memory);
}

/* PyTorch 1.13: TensorFactories.cpp randint (high, size) */
Tensor* at_native_randint(int64_t high, IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                          OptionalDevice device, OptionalBool pin_memory) {
  return at_native_randint_low_generator(0, high, size, NULL, dtype, layout, device, pin_memory);
}

/* PyTorch 1.13: TensorFactories.cpp randint_out (low, high, size, generator) */
Tensor* at_native_randint_low_generator_out(int64_t low, int64_t high, IntArrayRef size, Generator* generator,
                                            Tensor* out) {
  OptionalInt to = {true, high};
  Tensor* r = at_resize_(out, size, kNoMemoryFormat);
  return r == NULL ? NULL : drawn(r, at_random__from(out, low, to, generator));
}

/* PyTorch 1.13: TensorFactories.cpp randint_out (low, high, size) */
Tensor* at_native_randint_low_out(int64_t low, int64_t high, IntArrayRef size, Tensor* out) {
  return at_native_randint_low_generator_out(low, high, size, NULL, out);
}

/* PyTorch 1.13: TensorFactories.cpp randint_out (high, size, generator) */
Tensor* at_native_randint_generator_out(int64_t high, IntArrayRef size, Generator* generator, Tensor* out) {
  return at_native_randint_low_generator_out(0, high, size, generator, out);
}

/* PyTorch 1.13: TensorFactories.cpp randint_out (high, size) */
Tensor* at_native_randint_out(int64_t high, IntArrayRef size, Tensor* out) {
  return at_native_randint_low_generator_out(0, high, size, NULL, out);
}

/* PyTorch 1.13: TensorFactories.cpp randint_like (low, high) */
Tensor* at_native_randint_like_low_dtype(const Tensor* self, int64_t low, int64_t high, OptionalScalarType dtype,
                                         OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory,
                                         OptionalMemoryFormat memory_format) {
  OptionalInt to = {true, high};
  Tensor* t = at_empty_like(self, dtype, layout, device, pin_memory, memory_format);
  return t == NULL ? NULL : drawn(t, at_random__from(t, low, to, NULL));
}

/* PyTorch 1.13: TensorFactories.cpp randint_like (high) */
Tensor* at_native_randint_like(const Tensor* self, int64_t high, OptionalScalarType dtype, OptionalLayout layout,
                               OptionalDevice device, OptionalBool pin_memory, OptionalMemoryFormat memory_format) {
  return at_native_randint_like_low_dtype(self, 0, high, dtype, layout, device, pin_memory, memory_format);
}

/* ---- randperm ------------------------------------------------------------------ */

/* n - 1 (or n when n is 0) must fit the dtype, and n the floating types'
 * exact integers.  PyTorch 1.13: TensorFactories.cpp
 * check_supported_max_int_with_precision */
static int check_supported_max_int_with_precision(int64_t n, const Tensor* t) {
  OptionalScalarType dt = {true, t->dtype};
  OptionalLayout no_layout = {0};
  OptionalDevice cpu = {true, Device_cpu()};
  OptionalBool no_pin = {0};
  Tensor* s = at_scalar_tensor(Scalar_fromLong(n > 0 ? n - 1 : n), dt, no_layout, cpu, no_pin);
  if (s == NULL) return -1;
  Tensor_release(s);
  TORCH_CHECK(t->dtype != ScalarType_Float || n <= (1LL << 24) + 1, "n cannot be greater than 2^24+1 for Float type.");
  TORCH_CHECK(t->dtype != ScalarType_Double || n <= (1LL << 53) + 1,
              "n cannot be greater than 2^53+1 for Double type.");
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorFactories.cpp randperm_out_cpu, randperm_cpu */
Tensor* at_native_randperm_out_cpu(int64_t n, Generator* generator, Tensor* out) {
  TORCH_CHECK(n >= 0, "n must be non-negative, got%lld", (long long)n);
  TORCH_CHECK(!ScalarType_isQuantized(out->dtype) && out->dtype != ScalarType_Bool,
                              "\"randperm\" not implemented for '%s'", ScalarType_name(out->dtype));
  TRY(check_supported_max_int_with_precision(n, out) == 0);
  int64_t size = n;
  Tensor* r = at_resize_(out, IntArrayRef_make(&size, 1), kNoMemoryFormat);
  TRY(r != NULL);
  Tensor_release(r);
  Generator* g = get_generator_or_default(generator);
  char* data = Tensor_data(out);
  const int64_t stride = Tensor_strides(out).data[0] * (int64_t)Tensor_itemsize(out);
  const size_t itemsize = Tensor_itemsize(out);
  for (int64_t i = 0; i < n; i++) store_from_int64(out->dtype, data + i * stride, i);
  pthread_mutex_lock(&g->mutex);
  for (int64_t i = 0; i < n - 1; i++) {
    int64_t z = (int64_t)(CPUGeneratorImpl_random(g) % (uint64_t)(n - i));
    char tmp[MINATEN_MAX_ELEMENT_SIZE], *a = data + i * stride, *b = data + (z + i) * stride;
    memcpy(tmp, a, itemsize);
    memcpy(a, b, itemsize);
    memcpy(b, tmp, itemsize);
  }
  pthread_mutex_unlock(&g->mutex);
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: TensorFactories.cpp randperm_out: randperm_out(result, n, nullopt) */
Tensor* at_native_randperm_out(int64_t n, Tensor* out) { return at_randperm_generator_out(n, NULL, out); }

/* PyTorch 1.13: TensorFactories.cpp randperm (with a generator) */
Tensor* at_native_randperm_generator(int64_t n, Generator* generator, OptionalScalarType dtype,
                                     OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  int64_t size = n;
  Tensor* t = at_empty_memory_format(IntArrayRef_make(&size, 1), dtype, layout, device, pin_memory, kNoMemoryFormat);
  return t == NULL ? NULL : drawn(t, at_randperm_generator_out(n, generator, t));
}

/* PyTorch 1.13: TensorFactories.cpp randperm */
Tensor* at_native_randperm(int64_t n, OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                           OptionalBool pin_memory) {
  return at_native_randperm_generator(n, NULL, dtype, layout, device, pin_memory);
}
