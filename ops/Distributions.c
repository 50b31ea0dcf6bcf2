/*
 * Distributions.c - the random operators that fill a tensor in place
 * (normal_, uniform_, random_, exponential_, bernoulli_), their functional
 * forms (normal with tensor mean/std, bernoulli) and multinomial.
 *
 * Each checks its arguments with 1.13's messages, builds the nullary
 * TensorIterator over self (NULLARY_OP_CONFIG: an expanded self, whose
 * elements share memory, is refused), and calls its stub
 * (ops/DistributionTemplates.h), whose CPU loop draws from the generator
 * (ops/cpu/DistributionKernels.c).  The functional forms are built from
 * these as 1.13 builds them: normal(mean, std) is normal_(0, 1) on the
 * output, then mul_(std) and add_(mean), so a trace shows only the
 * operator called (its inner calls run below the Python key).
 *
 * PyTorch 1.13: aten/src/ATen/native/Distributions.cpp,
 * native/DistributionTemplates.h (templates::normal_impl_, uniform_impl_,
 * random_from_to_impl, ...)
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/DistributionTemplates.h"
#include "ops/ExpandUtils.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/ComplexHelper.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: Distributions.cpp DEFINE_DISPATCH(normal_stub), ... */
DEFINE_DISPATCH(normal_stub);
DEFINE_DISPATCH(uniform_stub);
DEFINE_DISPATCH(random_stub);
DEFINE_DISPATCH(random_from_to_stub);
DEFINE_DISPATCH(random_full_64_bits_range_stub);
DEFINE_DISPATCH(exponential_stub);
DEFINE_DISPATCH(bernoulli_scalar_stub);
DEFINE_DISPATCH(bernoulli_tensor_stub);

/* The "not implemented" of an AT_DISPATCH over floating types (with Half
 * and BFloat16). */
#define CHECK_FLOATING(t, name)                                                                            \
  TORCH_CHECK(ScalarType_isFloating(t),                                                    \
                              "\"%s\" not implemented for '%s'", name, ScalarType_name(t))

/* empty_like(t, LEGACY_CONTIGUOUS_MEMORY_FORMAT): the functional forms'
 * output, through the dispatcher. */
static Tensor* empty_like_contiguous(const Tensor* t) {
  const OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
  const OptionalScalarType no_dtype = {0};
  const OptionalDevice no_device = {0};
  return at_empty_like(t, no_dtype, kNoLayout, no_device, kNoPinMemory, contiguous);
}

/* A shape run (ops/MetaMode.h) draws nothing, nor does a fill of a meta
 * tensor: uniform_, random_, normal_ and normal's Tensor overloads are
 * their own Meta kernels, as 1.13's uniform_meta_, random_meta_,
 * normal_meta_, normal_meta and normal_out_meta are its templates with a
 * draw that does nothing (the checks and shapes are the CPU's). */
static bool draws(const Tensor* self) { return !MetaMode_isEnabled() && self->device.type != DeviceType_Meta; }

/* ================================ normal ================================= */

/* PyTorch 1.13: Distributions.cpp normal_, DistributionTemplates.h normal_impl_ */
Tensor* at_native_normal_(Tensor* self, double mean, double std, Generator* generator) {
  TORCH_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std %g", std);
  if (ScalarType_isComplex(self->dtype)) {
    /* the real and imaginary parts drawn as a real tensor, each with half
     * the variance: std / sqrt(2) */
    Tensor* parts = view_as_real_physical(self);
    Tensor* r = parts ? at_native_normal_(parts, mean, std / sqrt(2.0), generator) : NULL;
    Tensor_release(parts);
    Tensor_release(r);
    return r ? Tensor_retain(self) : NULL;
  }
  if (draws(self)) {
    normal_fn fn = (normal_fn)DispatchStub_get(&normal_stub);
    TRY(fn(self, mean, std, generator) == 0);
  }
  return Tensor_retain(self);
fail:
  return NULL;
}

/* output resized to shape, then normal_(0, std) (std given) or normal_(0, 1).
 * PyTorch 1.13: DistributionTemplates.h normal_out_impl */
static int normal_fill_output(Tensor* output, IntArrayRef a, IntArrayRef b, double std, Generator* generator) {
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
  if (broadcast_shape(a, b, shape, &ndim) < 0) return -1;
  if (resize_output(output, IntArrayRef_make(shape, ndim)) < 0) return -1;
  Tensor* r = at_native_normal_(output, 0, std, generator);
  if (r == NULL) return -1;
  Tensor_release(r);
  return 0;
}

/* The checks of a tensor std: not complex, and no element below 0 (not
 * checked for a meta std, which has no values).
 * PyTorch 1.13: DistributionTemplates.h CHECK_NORMAL_TENSOR_STD
 * (std.min().ge(0).item<bool>()) */
static int check_normal_tensor_std(const Tensor* std) {
  TORCH_CHECK(!ScalarType_isComplex(std->dtype), "normal expects standard deviation to be non-complex");
  if (std->numel == 0 || std->device.type == DeviceType_Meta) return 0;
  Tensor* m = at_min(std);
  if (m == NULL) return -1;
  Tensor* ge = at_ge_Scalar(m, Scalar_fromLong(0));
  Tensor_release(m);
  if (ge == NULL) return -1;
  Scalar ok = at__local_scalar_dense(ge);
  Tensor_release(ge);
  if (Error_occurred()) return -1;
  TORCH_CHECK(ok.v.i != 0, "normal expects all elements of std >= 0.0");
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Distributions.cpp normal_out (Tensor mean, double std) */
Tensor* at_native_normal_Tensor_float_out(const Tensor* mean, double std, Generator* generator, Tensor* out) {
  TORCH_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std %g", std);
  TRY(normal_fill_output(out, Tensor_sizes(mean), Tensor_sizes(out), std, generator) == 0);
  Tensor* r = at_add__Tensor(out, mean, Scalar_fromLong(1));
  TRY(r != NULL);
  Tensor_release(r);
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: Distributions.cpp normal (Tensor mean, double std):
 * empty_like(mean, contiguous), then normal_out */
Tensor* at_native_normal_Tensor_float(const Tensor* mean, double std, Generator* generator) {
  Tensor* out = NULL;
  TORCH_CHECK(std >= 0.0, "normal expects std >= 0.0, but found std %g", std);
  TRY((out = empty_like_contiguous(mean)) != NULL);
  Tensor* r = at_native_normal_Tensor_float_out(mean, std, generator, out);
  Tensor_release(out);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: Distributions.cpp normal_out (double mean, Tensor std):
 * normal_(0, 1), then mul_(std).add_(full({}, mean)) */
Tensor* at_native_normal_float_Tensor_out(double mean, const Tensor* std, Generator* generator, Tensor* out) {
  Tensor* mean_tensor = NULL;
  TRY(check_normal_tensor_std(std) == 0);
  OptionalScalarType dt = {true, out->dtype};
  OptionalLayout no_layout = {0};
  OptionalDevice cpu = {true, Device_cpu()};
  OptionalBool no_pin = {0};
  TRY((mean_tensor = at_full(IntArrayRef_make(NULL, 0), Scalar_fromDouble(mean), dt, no_layout, cpu, no_pin)) != NULL);
  TRY(normal_fill_output(out, Tensor_sizes(mean_tensor), Tensor_sizes(std), 1.0, generator) == 0);
  Tensor* r = at_mul__Tensor(out, std);
  TRY(r != NULL);
  Tensor_release(r);
  TRY((r = at_add__Tensor(out, mean_tensor, Scalar_fromLong(1))) != NULL);
  Tensor_release(r);
  Tensor_release(mean_tensor);
  return Tensor_retain(out);
fail:
  Tensor_release(mean_tensor);
  return NULL;
}

/* PyTorch 1.13: Distributions.cpp normal (double mean, Tensor std) */
Tensor* at_native_normal_float_Tensor(double mean, const Tensor* std, Generator* generator) {
  Tensor* out = NULL;
  TRY(check_normal_tensor_std(std) == 0);
  TRY((out = empty_like_contiguous(std)) != NULL);
  Tensor* r = at_native_normal_float_Tensor_out(mean, std, generator, out);
  Tensor_release(out);
  return r;
fail:
  return NULL;
}

/* PyTorch 1.13: Distributions.cpp normal_out (Tensor mean, Tensor std):
 * normal_(0, 1), then mul_(std).add_(mean) */
Tensor* at_native_normal_Tensor_Tensor_out(const Tensor* mean, const Tensor* std, Generator* generator,
                                           Tensor* out) {
  TRY(check_normal_tensor_std(std) == 0);
  TRY(normal_fill_output(out, Tensor_sizes(mean), Tensor_sizes(std), 1.0, generator) == 0);
  Tensor* r = at_mul__Tensor(out, std);
  TRY(r != NULL);
  Tensor_release(r);
  TRY((r = at_add__Tensor(out, mean, Scalar_fromLong(1))) != NULL);
  Tensor_release(r);
  return Tensor_retain(out);
fail:
  return NULL;
}

/* PyTorch 1.13: Distributions.cpp normal (Tensor mean, Tensor std):
 * empty(infer_size(mean, std), mean.options()) */
Tensor* at_native_normal_Tensor_Tensor(const Tensor* mean, const Tensor* std, Generator* generator) {
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
  Tensor* out = NULL;
  TRY(check_normal_tensor_std(std) == 0);
  TRY(broadcast_shape(Tensor_sizes(mean), Tensor_sizes(std), shape, &ndim) == 0);
  OptionalScalarType dt = {true, mean->dtype};
  OptionalLayout no_layout = {0};
  OptionalDevice dev = {true, mean->device};
  OptionalBool no_pin = {0};
  OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
  TRY((out = at_empty_memory_format(IntArrayRef_make(shape, ndim), dt, no_layout, dev, no_pin, contiguous)) != NULL);
  Tensor* r = at_native_normal_Tensor_Tensor_out(mean, std, generator, out);
  Tensor_release(out);
  return r;
fail:
  return NULL;
}

/* ================================ uniform ================================ */

/* PyTorch 1.13: Distributions.cpp uniform_, DistributionTemplates.h uniform_impl_ */
Tensor* at_native_uniform_(Tensor* self, double from, double to, Generator* generator) {
  if (ScalarType_isComplex(self->dtype)) { /* both parts drawn from [from, to) as a real tensor */
    Tensor* parts = view_as_real_physical(self);
    Tensor* r = parts ? at_native_uniform_(parts, from, to, generator) : NULL;
    Tensor_release(parts);
    Tensor_release(r);
    return r ? Tensor_retain(self) : NULL;
  }
  ScalarType t = self->dtype;
  CHECK_FLOATING(t, "check_uniform_bounds");
  const double max = ScalarType_floatingMax(t), min = -max;
  const char* name = ScalarType_typeMetaName(t);
  TORCH_CHECK(from >= min && from <= max, "from is out of bounds for %s", name);
  TORCH_CHECK(to >= min && to <= max, "to is out of bounds for %s", name);
  TORCH_CHECK(from <= to, "uniform_ expects to return a [from, to) range, but found from=%g > to=%g", from, to);
  TORCH_CHECK(to - from <= max,
              "uniform_ expects to-from <= std::numeric_limits<%s>::max(), but found to=%g and from=%g which result "
              "in to-from to exceed the limit",
              ScalarType_name(t), to, from);
  from = fmin(fmax(from, min), max);
  to = fmax(fmin(to, max), min);
  TensorIteratorBase iter;
  TRY(TensorIterator_borrowing_nullary_op(&iter, self) == 0);
  int rc = draws(self) ? ((uniform_fn)DispatchStub_get(&uniform_stub))(&iter, from, to, generator) : 0;
  TensorIterator_release(&iter);
  TRY(rc == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* ================================ random ================================= */

/* The digits of a floating type's mantissa (std::numeric_limits::digits). */
static int float_digits(ScalarType t) {
  return t == ScalarType_Float ? 24 : t == ScalarType_Half ? 11 : t == ScalarType_BFloat16 ? 8 : 53;
}

/* static_cast<int64_t>(static_cast<scalar_t>(v)) for a floating type t:
 * v rounded to t (through float for Half and BFloat16), truncated back. */
static int64_t through_floating(ScalarType t, int64_t v) {
  if (t == ScalarType_Double) return (int64_t)(double)v;
  char buf[MINATEN_MAX_ELEMENT_SIZE];
  store_from_int64(t, buf, v);
  return double_to_int64(load_double(t, buf));
}

/* from, moved up to the next value the type holds exactly above it when
 * from + 1 rounds below from.  PyTorch 1.13: DistributionTemplates.h update_from */
static int64_t update_from(ScalarType t, int64_t from) {
  const int64_t from_plus_1 = through_floating(t, from + 1);
  if (from_plus_1 < from) {
    int64_t from_ = llabs(from + 1);
    int n = 0;
    while (from_ >>= 1) ++n;
    from = from_plus_1 + (1LL << (n - float_digits(t) + 1));
  }
  return from;
}

/* PyTorch 1.13: DistributionTemplates.h update_to */
static int64_t update_to(ScalarType t, int64_t to) {
  const int64_t to_minus_1 = through_floating(t, to - 1);
  if (to_minus_1 >= to) {
    int64_t to_ = llabs(to - 1);
    int n = 0;
    while (to_ >>= 1) ++n;
    to = to_minus_1 - (1LL << (n - float_digits(t) + 1));
  }
  return to;
}

/* The range [lowest, max] of an integral type (bool: [0, 1]). */
static void integral_bounds(ScalarType t, int64_t* min, int64_t* max) {
  switch (t) {
    case ScalarType_Bool: *min = 0, *max = 1; break;
    case ScalarType_Byte: *min = 0, *max = UINT8_MAX; break;
    case ScalarType_Char: *min = INT8_MIN, *max = INT8_MAX; break;
    case ScalarType_Short: *min = INT16_MIN, *max = INT16_MAX; break;
    case ScalarType_Int: *min = INT32_MIN, *max = INT32_MAX; break;
    default: *min = INT64_MIN, *max = INT64_MAX; break;
  }
}

/* PyTorch 1.13: DistributionTemplates.h check_from_to_in_range (and its
 * warning beyond the type's exact integers) */
static int check_from_to_in_range(int64_t from, int64_t to_inc, ScalarType t) {
  const char* name = ScalarType_typeMetaName(t);
  if (ScalarType_isFloating(t)) {
    const double max = ScalarType_floatingMax(t);
    TORCH_CHECK((double)from >= -max && (double)from <= max, "from is out of bounds for %s", name);
    TORCH_CHECK((double)to_inc >= -max && (double)to_inc <= max, "to - 1 is out of bounds for %s", name);
    const int digits = float_digits(t);
    const int64_t limit = 1LL << digits;
    if (from < -limit || from > limit)
      Warning_warn("from is out of bounds [-(2^%d), 2^%d]. Due to precision limitations %s can support discrete "
                   "uniform distribution only within this range. This warning will become an error in version 1.7 "
                   "release, please fix the code in advance (Triggered internally at  "
                   "./aten/src/ATen/native/DistributionTemplates.h:94.)",
                   digits, digits, name);
    if (to_inc < -limit || to_inc > limit)
      Warning_warn("to - 1 is out of bounds [-(2^%d), 2^%d]. Due to precision limitations %s can support discrete "
                   "uniform distribution only within this range. This warning will become an error in version 1.7 "
                   "release, please fix the code in advance (Triggered internally at  "
                   "./aten/src/ATen/native/DistributionTemplates.h:95.)",
                   digits, digits, name);
  } else {
    int64_t min, max;
    integral_bounds(t, &min, &max);
    TORCH_CHECK(from >= min && from <= max, "from is out of bounds for %s", name);
    TORCH_CHECK(to_inc >= min && to_inc <= max, "to - 1 is out of bounds for %s", name);
  }
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: Distributions.cpp random_ (from, to),
 * DistributionTemplates.h random_from_to_impl */
Tensor* at_native_random_from_(Tensor* self, int64_t from, OptionalInt to_opt, Generator* generator) {
  ScalarType t = self->dtype;
  TensorIteratorBase iter;
  bool built = false;
  int rc = 0;
  TORCH_CHECK(!ScalarType_isQuantized(t), "\"%s\" not implemented for '%s'",
                              to_opt.has_value ? "random_update_from_to" : "random_from_to_range_calc",
                              ScalarType_name(t));
  TRY(TensorIterator_borrowing_nullary_op(&iter, self) == 0);
  built = true;
  if (to_opt.has_value) {
    int64_t to = to_opt.value;
    TORCH_CHECK(from < to, "random_ expects 'from' to be less than 'to', but got from=%lld >= to=%lld",
                (long long)from, (long long)to);
    if (ScalarType_isFloating(t)) {
      from = update_from(t, from);
      to = update_to(t, to);
      TORCH_CHECK(from < to,
                  "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from=%lld "
                  ">= to=%lld",
                  (long long)from, (long long)to);
    }
    TRY(check_from_to_in_range(from, to - 1, t) == 0);
    uint64_t range = (uint64_t)to - (uint64_t)from;
    if (draws(self)) rc = ((random_from_to_fn)DispatchStub_get(&random_from_to_stub))(&iter, range, from, generator);
  } else if (from != INT64_MIN) {
    int64_t to_inc;
    if (ScalarType_isFloating(t)) {
      to_inc = 1LL << float_digits(t);
      from = update_from(t, from);
      TORCH_CHECK(from < to_inc,
                  "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to dtype, but "
                  "got from=%lld > to_inc=%lld",
                  (long long)from, (long long)to_inc);
    } else {
      int64_t min;
      integral_bounds(t, &min, &to_inc);
    }
    TRY(check_from_to_in_range(from, to_inc, t) == 0);
    uint64_t range = (uint64_t)to_inc - (uint64_t)from + 1;
    if (draws(self)) rc = ((random_from_to_fn)DispatchStub_get(&random_from_to_stub))(&iter, range, from, generator);
  } else {
    if (draws(self)) rc = ((random_fn)DispatchStub_get(&random_full_64_bits_range_stub))(&iter, generator);
  }
  TRY(rc == 0);
  TensorIterator_release(&iter);
  return Tensor_retain(self);
fail:
  if (built) TensorIterator_release(&iter);
  return NULL;
}

/* PyTorch 1.13: Distributions.cpp random_ (to): random_(self, 0, to) */
Tensor* at_native_random_to_(Tensor* self, int64_t to, Generator* generator) {
  OptionalInt t = {true, to};
  return at_native_random_from_(self, 0, t, generator);
}

/* PyTorch 1.13: Distributions.cpp random_, DistributionTemplates.h random_impl */
Tensor* at_native_random_(Tensor* self, Generator* generator) {
  TensorIteratorBase iter;
  TRY(TensorIterator_borrowing_nullary_op(&iter, self) == 0);
  int rc = draws(self) ? ((random_fn)DispatchStub_get(&random_stub))(&iter, generator) : 0;
  TensorIterator_release(&iter);
  TRY(rc == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* ============================== exponential ============================== */

/* PyTorch 1.13: Distributions.cpp exponential_, DistributionTemplates.h exponential_impl_ */
Tensor* at_native_exponential_(Tensor* self, double lambd, Generator* generator) {
  TORCH_CHECK(lambd >= 0.0, "exponential_ expects lambda >= 0.0, but found lambda=%g", lambd);
  TensorIteratorBase iter;
  TRY(TensorIterator_borrowing_nullary_op(&iter, self) == 0);
  int rc = draws(self) ? ((exponential_fn)DispatchStub_get(&exponential_stub))(&iter, lambd, generator)
               : 0;
  TensorIterator_release(&iter);
  TRY(rc == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* =============================== bernoulli =============================== */

/* PyTorch 1.13: Distributions.cpp bernoulli_ (double p), DistributionTemplates.h bernoulli_impl_ */
Tensor* at_native_bernoulli_float_(Tensor* self, double p, Generator* generator) {
  TORCH_CHECK(0 <= p && p <= 1, "bernoulli_ expects p to be in [0, 1], but got p=%g", p);
  TRY(assert_no_internal_overlap(self) == 0);
  if (draws(self))
    TRY(((bernoulli_scalar_fn)DispatchStub_get(&bernoulli_scalar_stub))(self, p, generator) == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* p expanded to self's shape (expand_inplace: "The expanded size of the
 * tensor ..." when it cannot be).
 * PyTorch 1.13: Distributions.cpp bernoulli_ (Tensor p), DistributionTemplates.h bernoulli_impl_ */
Tensor* at_native_bernoulli_Tensor_(Tensor* self, const Tensor* p, Generator* generator) {
  Tensor* expanded = NULL;
  TRY(assert_no_internal_overlap(self) == 0);
  TRY((expanded = at_expand(p, Tensor_sizes(self), false)) != NULL);
  if (draws(self))
    TRY(((bernoulli_tensor_fn)DispatchStub_get(&bernoulli_tensor_stub))(self, expanded, generator) == 0);
  Tensor_release(expanded);
  return Tensor_retain(self);
fail:
  Tensor_release(expanded);
  return NULL;
}

/* PyTorch 1.13: Distributions.cpp bernoulli_out, DistributionTemplates.h
 * bernoulli_out_impl: result.resize_(self.sizes()), then bernoulli_ with
 * self as p */
Tensor* at_native_bernoulli_out(const Tensor* self, Generator* generator, Tensor* out) {
  OptionalMemoryFormat none = {0};
  Tensor* r = at_resize_(out, Tensor_sizes(self), none);
  if (r == NULL) return NULL;
  Tensor_release(r);
  return at_native_bernoulli_Tensor_(out, self, generator);
}

/* PyTorch 1.13: Distributions.cpp bernoulli (Tensor self):
 * empty_like(self, contiguous).bernoulli_(self) */
Tensor* at_native_bernoulli(const Tensor* self, Generator* generator) {
  Tensor* result = empty_like_contiguous(self);
  if (result == NULL) return NULL;
  Tensor* r = at_bernoulli__Tensor(result, self, generator);
  Tensor_release(result);
  return r;
}

/* PyTorch 1.13: Distributions.cpp bernoulli (Tensor self, double p):
 * empty_like(self, contiguous).bernoulli_(p) */
Tensor* at_native_bernoulli_p(const Tensor* self, double p, Generator* generator) {
  Tensor* result = empty_like_contiguous(self);
  if (result == NULL) return NULL;
  Tensor* r = at_bernoulli__float(result, p, generator);
  Tensor_release(result);
  return r;
}
