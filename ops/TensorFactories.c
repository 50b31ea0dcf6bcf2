/*
 * TensorFactories.c - empty, empty_strided, empty_like, zeros, ones, full,
 * arange, linspace, logspace and clone.
 *
 * Factories that take no tensor (empty, zeros, arange, ...) are reached
 * through BackendSelect, which picks the backend from their dtype and
 * device arguments.  The composite ones build on `empty` and an in-place
 * fill, calling both through the dispatcher as PyTorch does; a trace shows
 * only the factory itself (`aten::zeros`), because the trace mode is off
 * while a traced operator's kernel runs.
 *
 * Memory formats: minaten has contiguous_format and preserve_format.
 * Preserve keeps the strides of a dense tensor (one whose elements exactly
 * fill a block of memory, in any dimension order) and otherwise picks dense
 * strides in the same dimension order (infer_dense_strides), so that
 * `x.clone()` of a permuted, sliced x stays permuted.
 *
 * Dtypes when none is given: arange infers int64 when start, end and step
 * are all integers (or bools), full infers bool, int64 or the default dtype
 * (float32 unless torch.set_default_dtype) from its fill value; the others
 * use the default dtype.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp, RangeFactories.cpp,
 * aten/src/ATen/EmptyTensor.cpp
 */
#include <math.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/TensorUtils.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"
#include "runtime/safe_numerics.h"

#define FMT_INTS(a) IntArrayRef_format((a), (char[1536]){0}, 1536)

/* The dtype given, or the default dtype (torch.get_default_dtype()).
 * PyTorch 1.13: c10/core/TensorOptions.h dtype_or_default */
static ScalarType dtype_or_default(OptionalScalarType dtype) {
  return dtype.has_value ? dtype.value : get_default_dtype_as_scalartype();
}

static OptionalScalarType some_dtype(ScalarType t) {
  OptionalScalarType o = {true, t};
  return o;
}

/* ---- empty ---------------------------------------------------------------- */

/* empty on the CPU or the meta device, in a memory format.
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp empty_generic */
static Tensor* empty_generic(DeviceType device, IntArrayRef size, OptionalScalarType dtype,
                             OptionalMemoryFormat memory_format) {
  Tensor* t = empty_on(device, size, dtype_or_default(dtype));
  if (t == NULL) return NULL;
  /* The new tensor restrided to the format (contiguous: nothing to do;
   * preserve means nothing for a tensor with no input to preserve).
   * PyTorch 1.13: c10/core/TensorImpl.h empty_tensor_restride */
  if (memory_format.has_value && memory_format.value != MemoryFormat_Contiguous &&
      Tensor_emptyTensorRestride(t, memory_format.value) < 0) {
    Tensor_release(t);
    return NULL;
  }
  return t;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::empty_cpu
 * (at::detail::empty_cpu -> empty_generic) */
Tensor* at_native_empty_cpu(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                            OptionalDevice device, OptionalBool pin_memory,
                            OptionalMemoryFormat memory_format) {
  (void)layout, (void)device, (void)pin_memory; /* strided, CPU, never pinned */
  return empty_generic(DeviceType_CPU, size, dtype, memory_format);
}

/* PyTorch 1.13: aten/src/ATen/native/MetaTensor.cpp at::native::empty_meta_symint
 * (at::detail::empty_meta) */
Tensor* at_native_empty_meta(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                             OptionalDevice device, OptionalBool pin_memory,
                             OptionalMemoryFormat memory_format) {
  (void)layout, (void)device, (void)pin_memory;
  return empty_generic(DeviceType_Meta, size, dtype, memory_format);
}

/* empty_strided on the CPU or the meta device. */
static Tensor* empty_strided_checked(DeviceType device_type, IntArrayRef size, IntArrayRef stride,
                                     OptionalScalarType dtype) {
  for (size_t i = 0; i < size.size; i++)
    TORCH_CHECK(size.data[i] >= 0, "Trying to create tensor with negative dimension %lld: %s",
                (long long)size.data[i], FMT_INTS(size));
  /* NB(minaten): PyTorch reads strides past the end before it notices; this
   * is its later message (TensorImpl::set_sizes_and_strides). */
  TORCH_CHECK(size.size == stride.size, "dimensionality of sizes (%zu) must match dimensionality of strides (%zu)",
              size.size, stride.size);
  return empty_strided_on(device_type, size, stride, dtype_or_default(dtype));
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::empty_strided_cpu
 * (at::detail::empty_strided_cpu -> empty_strided_generic) */
Tensor* at_native_empty_strided_cpu(IntArrayRef size, IntArrayRef stride, OptionalScalarType dtype,
                                    OptionalLayout layout, OptionalDevice device,
                                    OptionalBool pin_memory) {
  (void)layout, (void)device, (void)pin_memory;
  return empty_strided_checked(DeviceType_CPU, size, stride, dtype);
}

/* PyTorch 1.13: aten/src/ATen/native/MetaTensor.cpp at::native::empty_strided_meta_symint */
Tensor* at_native_empty_strided_meta(IntArrayRef size, IntArrayRef stride, OptionalScalarType dtype,
                                     OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  (void)layout, (void)device, (void)pin_memory;
  return empty_strided_checked(DeviceType_Meta, size, stride, dtype);
}

/* at::empty with names=None; NB(minaten): named tensors do not exist here.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::empty_names */
Tensor* at_native_empty_names(IntArrayRef size, OptionalDimnameList names, OptionalScalarType dtype,
                              OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory,
                              OptionalMemoryFormat memory_format) {
  TORCH_CHECK(!names.has_value, "minaten: named tensors are not supported");
  return at_empty_memory_format(size, dtype, layout, device, pin_memory, memory_format);
fail:
  return NULL;
}

/*
 * A new tensor shaped like self, uninitialised.  Its strides: with
 * preserve_format (the default), self's own if self is dense, else dense
 * strides in self's dimension order; with contiguous_format, contiguous.
 * dtype, device etc. default to self's.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::empty_like
 */
Tensor* at_native_empty_like(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout,
                             OptionalDevice device, OptionalBool pin_memory,
                             OptionalMemoryFormat memory_format) {
  int64_t strides[MINATEN_MAX_DIM];
  /* self.options().merge_in(options) */
  OptionalScalarType dt = some_dtype(dtype.has_value ? dtype.value : self->dtype);
  OptionalDevice dev = {true, device.has_value ? device.value : self->device};
  MemoryFormat format = memory_format.has_value ? memory_format.value : MemoryFormat_Preserve;
  if (self->quantizer != NULL) {
    /* A quantized tensor's: in its suggested format for preserve (PyTorch
     * has no strided quantized allocation to keep its strides with), with
     * copies of its quantizer's parameters. */
    OptionalMemoryFormat f = {true, format == MemoryFormat_Preserve ? Tensor_suggestMemoryFormat(self) : format};
    const Quantizer* qz = get_qtensorimpl_quantizer(self);
    if (qz == NULL) return NULL;
    TORCH_CHECK(!dtype.has_value || dtype.value == self->dtype,
                "It is currently not supported to specify a dtype that doesn't match the input tensor's dtype via "
                "empty_like.  Specified: %s Input tensor's dtype: %s",
                ScalarType_typeMetaName(dt.value), ScalarType_typeMetaName(self->dtype));
    if (qz->qscheme == QScheme_PerTensorAffine)
      return at__empty_affine_quantized(Tensor_sizes(self), dt, layout, dev, pin_memory, qz->scale, qz->zero_point,
                                        f);
    Tensor* scales = at_q_per_channel_scales(self);
    Tensor* zero_points = scales ? at_q_per_channel_zero_points(self) : NULL;
    Tensor* r = zero_points ? at__empty_per_channel_affine_quantized(Tensor_sizes(self), scales, zero_points,
                                                                     qz->axis, dt, layout, dev, pin_memory, f)
                            : NULL;
    Tensor_release(scales);
    Tensor_release(zero_points);
    return r;
  fail:
    return NULL;
  }
  if (format == MemoryFormat_Preserve) {
    if (Tensor_isNonOverlappingAndDense(self))
      return at_empty_strided(Tensor_sizes(self), Tensor_strides(self), dt, layout, dev, pin_memory);
    if (self->device.type != DeviceType_Lazy) { /* TensorImpl::support_as_strided() */
      /* Not dense but strided: keep the layout permutation of the input. */
      infer_dense_strides(Tensor_sizes(self), Tensor_strides(self), strides);
      return at_empty_strided(Tensor_sizes(self), IntArrayRef_make(strides, (size_t)self->dim), dt, layout, dev,
                              pin_memory);
    }
    format = Tensor_suggestMemoryFormat(self);
  }
  OptionalMemoryFormat contiguous = {true, format};
  return at_empty_memory_format(Tensor_sizes(self), dt, layout, dev, pin_memory, contiguous);
}

/* ---- zeros, ones, full ------------------------------------------------------ */

/* A new tensor, zeroed (zero_) or filled (fill_.Scalar) through the
 * dispatcher, so a trace shows the fill as PyTorch's does; the reference to
 * `fresh` is passed on.  A new reference, or NULL (fresh NULL, or the
 * fill's error). */
static Tensor* zeroed(Tensor* fresh) {
  if (fresh == NULL) return NULL;
  Tensor* r = at_zero_(fresh);
  Tensor_release(fresh);
  return r;
}
static Tensor* filled(Tensor* fresh, Scalar fill_value) {
  if (fresh == NULL) return NULL;
  Tensor* r = at_fill__Scalar(fresh, fill_value);
  Tensor_release(fresh);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::zeros_symint
 * (NB(minaten): no SymInt, so no _symint suffix) */
Tensor* at_native_zeros(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                        OptionalDevice device, OptionalBool pin_memory) {
  return zeroed(at_empty_memory_format(size, dtype, layout, device, pin_memory, kNoMemoryFormat));
}

/* zeros of the given options.
 * NB(minaten): not a ZeroTensor (minaten has no such key): mutable, with storage.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp _efficientzerotensor */
Tensor* at_native__efficientzerotensor(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                                       OptionalDevice device, OptionalBool pin_memory) {
  return at_native_zeros(size, dtype, layout, device, pin_memory);
}

/* The dtype full() gives a tensor when none is asked for: bool for a bool,
 * int64 for an integer, complex for a complex number, else the default.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp infer_full_options */
static OptionalScalarType infer_full_dtype(Scalar fill_value, OptionalScalarType dtype) {
  if (dtype.has_value) return dtype;
  if (fill_value.tag == ScalarTag_Bool) return some_dtype(ScalarType_Bool);
  if (fill_value.tag == ScalarTag_Long) return some_dtype(ScalarType_Long);
  if (fill_value.tag == ScalarTag_ComplexDouble) /* complex128 only beside a float64 default */
    return some_dtype(get_default_dtype_as_scalartype() == ScalarType_Double ? ScalarType_ComplexDouble
                                                                          : ScalarType_ComplexFloat);
  return dtype;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::full */
Tensor* at_native_full(IntArrayRef size, Scalar fill_value, OptionalScalarType dtype,
                       OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  return filled(at_empty_memory_format(size, infer_full_dtype(fill_value, dtype), layout, device, pin_memory,
                                       kNoMemoryFormat),
                fill_value);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::ones
 * (native::full with the fill value 1., a float: the dtype stays the default) */
Tensor* at_native_ones(IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                       OptionalDevice device, OptionalBool pin_memory) {
  return at_native_full(size, Scalar_fromDouble(1.), dtype, layout, device, pin_memory);
}

/* ---- arange ------------------------------------------------------------------ */

/* arange's result.resize_({size}), when out has another number of
 * elements: through the dispatcher for a meta tensor, which has no storage
 * to grow.  0, or -1 with the error set. */
static int arange_resize(Tensor* out, int64_t size) {
  if (out->numel == size) return 0;
  if (out->device.type == DeviceType_Meta) {
    Tensor* resized = at_resize_(out, IntArrayRef_make(&size, 1), kNoMemoryFormat);
    if (resized == NULL) return -1;
    Tensor_release(resized);
    return 0;
  }
  int64_t nbytes = computeStorageNbytesContiguous(IntArrayRef_make(&size, 1), Tensor_itemsize(out), 0);
  TRY(check_storage_nbytes(nbytes, IntArrayRef_make(&size, 1)) == 0);
  /* NB(minaten): PyTorch resizes any `out` to [size]; minaten resizes a
   * 1-D one only (a tensor header does not grow dimensions in place), and
   * gives it a new storage when the old one is too small, where PyTorch
   * reallocates the old storage in place for every view of it. */
  TORCH_CHECK(out->dim == 1, "minaten: arange's out= tensor must be 1-D");
  if (out->storage->nbytes < (size_t)nbytes + (size_t)out->storage_offset * Tensor_itemsize(out)) {
    Storage* st = Storage_new((size_t)nbytes);
    TRY(st != NULL);
    Storage_release(out->storage);
    out->storage = st;
    out->storage_offset = 0;
  }
  out->sizes[0] = size;
  out->strides[0] = 1;
  Tensor_refreshContiguous(out);
  return 0;
fail:
  return -1;
}

/*
 * Fills out (resized to the number of steps) with start, start + step, ...
 * up to but excluding end.  The bounds are read in the accumulate type of
 * out's dtype, int64 for integers (Scalar::to<int64_t>, checked) and double
 * for floating types.  The length is ceil((end - start) / step), computed
 * from the original Scalars in double, except for int64, where it is
 * (end - start + step - sign(step)) / step in int64 arithmetic (which wraps:
 * arange(0, 2**63 - 1, 2**62) is an "invalid size").
 * PyTorch 1.13: aten/src/ATen/native/RangeFactories.cpp at::native::arange_out,
 * native/cpu/RangeFactoriesKernel.cpp arange_kernel
 */
Tensor* at_native_arange_out(Scalar start, Scalar end, Scalar step, Tensor* out) {
  ScalarType t = out->dtype;
  TORCH_CHECK(t != ScalarType_Bool && !ScalarType_isQuantized(t) && !ScalarType_isComplex(t),
              "\"arange_cpu\" not implemented for '%s'", ScalarType_name(t));
  /* Scalar::to<double> of a complex bound with an imaginary part */
  TORCH_CHECK(!(start.tag == ScalarTag_ComplexDouble && start.v.z.imag != 0) &&
                  !(end.tag == ScalarTag_ComplexDouble && end.v.z.imag != 0) &&
                  !(step.tag == ScalarTag_ComplexDouble && step.v.z.imag != 0),
              "value cannot be converted to type double without overflow");
  bool integral = ScalarType_isIntegral(t, false);
  int64_t istart = 0, iend = 0, istep = 0;
  double xstart, xend, xstep;
  if (integral) {
    TRY(store_scalar_checked(ScalarType_Long, (char*)&istart, start) == 0);
    TRY(store_scalar_checked(ScalarType_Long, (char*)&iend, end) == 0);
    TRY(store_scalar_checked(ScalarType_Long, (char*)&istep, step) == 0);
    xstart = (double)istart, xend = (double)iend, xstep = (double)istep;
  } else {
    xstart = Scalar_toDouble(start), xend = Scalar_toDouble(end), xstep = Scalar_toDouble(step);
  }
  TORCH_CHECK(xstep > 0 || xstep < 0, "step must be nonzero");
  TORCH_CHECK(isfinite(xstart) && isfinite(xend), "unsupported range: %g -> %g", xstart, xend);
  TORCH_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart),
              "upper bound and larger bound inconsistent with step sign");
  double size_d;
  if (t == ScalarType_Long) {
    int64_t sgn = (istep > 0) - (istep < 0);
    int64_t num = sub_wrap(add_wrap(sub_wrap(iend, istart), istep), sgn);
    /* NB(minaten): INT64_MIN / -1 overflows, and PyTorch's process dies of
     * SIGFPE (arange(0, -2**63, -1)); minaten takes the true quotient, 2^63. */
    size_d = (num == INT64_MIN && istep == -1) ? 9223372036854775808.0 : (double)(num / istep);
  } else {
    size_d = ceil((Scalar_toDouble(end) - Scalar_toDouble(start)) / Scalar_toDouble(step));
  }
  TORCH_CHECK(size_d >= 0 && size_d <= 9223372036854775807.0 /* rounds to 2^63 */,
              "invalid size, possible overflow?");
  /* static_cast<int64_t>(2^63) is INT64_MIN on x86, which resize_ refuses
   * when it turns the size into a SymInt. */
  int64_t size = size_d >= 9223372036854775808.0 ? INT64_MIN : (int64_t)size_d;
  TRY(SymInt_checkArrayRef(IntArrayRef_make(&size, 1)) == 0);
  bool meta = out->device.type == DeviceType_Meta;
  TRY(arange_resize(out, size) == 0);
  /* a meta tensor has no data (1.13: `if (result.device() == kMeta) return`);
   * arange's own loop (ops/MetaMode.h) */
  if (meta || MetaMode_isEnabled()) return Tensor_retain(out);
  char* p = Tensor_data(out);
  int64_t stride_bytes = out->dim ? out->strides[0] * (int64_t)Tensor_itemsize(out) : 0;
  for (int64_t i = 0; i < size; i++, p += stride_bytes) {
    if (integral)
      store_scalar(t, p, Scalar_fromLong(add_wrap(istart, mul_wrap(istep, i)))); /* narrows by wrapping */
    else
      store_from_double(t, p, xstart + xstep * (double)i);
  }
  return Tensor_retain(out);
fail:
  return NULL;
}

/* arange(end, out=): the start_out form from 0 by 1.
 * PyTorch 1.13: RangeFactories.cpp at::native::arange_out (end only) */
Tensor* at_native_arange_out_end(Scalar end, Tensor* out) {
  return at_arange_start_out(Scalar_fromLong(0), end, Scalar_fromLong(1), out);
}

/*
 * torch.arange(start, end, step): an empty int64 tensor when every bound is
 * integral (bools count as integral) and no dtype is given, else an empty
 * tensor of the given or default dtype; arange_out sizes and fills it.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::arange
 */
Tensor* at_native_arange_start_step(Scalar start, Scalar end, Scalar step, OptionalScalarType dtype,
                                    OptionalLayout layout, OptionalDevice device,
                                    OptionalBool pin_memory) {
  bool set_to_integral_dtype = !dtype.has_value && (start.tag == ScalarTag_Long || start.tag == ScalarTag_Bool) &&
                               (end.tag == ScalarTag_Long || end.tag == ScalarTag_Bool) &&
                               (step.tag == ScalarTag_Long || step.tag == ScalarTag_Bool);
  if (set_to_integral_dtype) dtype = some_dtype(ScalarType_Long);
  int64_t zero = 0;
  Tensor* result = at_empty_memory_format(IntArrayRef_make(&zero, 1), dtype, layout, device, pin_memory,
                                          kNoMemoryFormat);
  if (result == NULL) return NULL;
  Tensor* r = at_arange_start_out(start, end, step, result);
  Tensor_release(result);
  return r;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::arange (start, end)
 * (NB(minaten): kernel named arange_start, C has no overloading) */
Tensor* at_native_arange_start(Scalar start, Scalar end, OptionalScalarType dtype, OptionalLayout layout,
                               OptionalDevice device, OptionalBool pin_memory) {
  return at_native_arange_start_step(start, end, Scalar_fromLong(1), dtype, layout, device, pin_memory);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::arange (end) */
Tensor* at_native_arange(Scalar end, OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                         OptionalBool pin_memory) {
  return at_native_arange_start(Scalar_fromLong(0), end, dtype, layout, device, pin_memory);
}

/* ---- linspace, logspace ------------------------------------------------------- */

/* An empty tensor of `steps` elements, of the given or the default dtype
 * (never inferred from the bounds), filled by the out= form.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::linspace */
Tensor* at_native_linspace(Scalar start, Scalar end, int64_t steps, OptionalScalarType dtype, OptionalLayout layout,
                           OptionalDevice device, OptionalBool pin_memory) {
  TORCH_CHECK(steps >= 0, "number of steps must be non-negative");
  Tensor* result = at_empty_memory_format(IntArrayRef_make(&steps, 1), dtype, layout, device, pin_memory,
                                          kNoMemoryFormat);
  TRY(result != NULL);
  Tensor* r = at_linspace_out(start, end, steps, result);
  Tensor_release(result);
  return r;
fail:
  return NULL;
}

/* As linspace, with logspace_out.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::logspace */
Tensor* at_native_logspace(Scalar start, Scalar end, int64_t steps, double base, OptionalScalarType dtype,
                           OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  TORCH_CHECK(steps >= 0, "number of steps must be non-negative");
  Tensor* result = at_empty_memory_format(IntArrayRef_make(&steps, 1), dtype, layout, device, pin_memory,
                                          kNoMemoryFormat);
  TRY(result != NULL);
  Tensor* r = at_logspace_out(start, end, steps, base, result);
  Tensor_release(result);
  return r;
fail:
  return NULL;
}

/* ---- clone -------------------------------------------------------------------- */

/*
 * A copy of src in new memory.  preserve_format (the default) keeps a dense
 * src's strides (empty_strided, marginally faster than empty_like) and
 * otherwise lets empty_like choose; contiguous_format copies into a
 * contiguous tensor.  Then copy_.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::clone
 */
Tensor* at_native_clone(const Tensor* src, OptionalMemoryFormat memory_format) {
  MemoryFormat format = memory_format.has_value ? memory_format.value : MemoryFormat_Preserve;
  OptionalScalarType dtype = some_dtype(src->dtype);
  OptionalLayout layout = {true, Layout_Strided};
  OptionalDevice device = {true, src->device};
  Tensor* self;
  if (format == MemoryFormat_Preserve) {
    if (Tensor_isNonOverlappingAndDense(src))
      self = at_empty_strided(Tensor_sizes(src), Tensor_strides(src), dtype, layout, device, kNoPinMemory);
    else
      self = at_empty_like(src, kNoDtype, kNoLayout, kNoDevice, kNoPinMemory, kNoMemoryFormat);
  } else {
    OptionalMemoryFormat f = {true, format};
    self = at_empty_like(src, dtype, layout, device, kNoPinMemory, f);
  }
  if (self == NULL) return NULL;
  Tensor* r = at_copy_(self, src, false);
  Tensor_release(self);
  return r;
}

/* A 0-dim tensor holding s, of the default dtype unless one is given (the
 * Scalar's type does not choose it, unlike torch.tensor).  The fill is
 * checked: scalar_tensor(300, dtype=int8) overflows.  On the CPU (no device
 * given, or 'cpu') the fill is the CPU kernel, called directly, as 1.13's
 * fast track does; on another device (lazy) it is dispatched, `fill_` of
 * the device's backend: the lazy tensor has no storage for the CPU kernel
 * to write.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::scalar_tensor */
Tensor* at_native_scalar_tensor(Scalar s, OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                                OptionalBool pin_memory) {
  OptionalScalarType dt = {true, dtype_or_default(dtype)};
  Tensor* result = at_empty_memory_format(IntArrayRef_make(NULL, 0), dt, layout, device, pin_memory, kNoMemoryFormat);
  if (result == NULL) return NULL;
  /* the CPU's fast track fills in place; another device's tensor (lazy) is
   * filled through the dispatcher: at::empty({}, options).fill_(s) */
  Tensor* r = result->device.type == DeviceType_CPU ? at_native_fill_(result, s) : at_fill__Scalar(result, s);
  Tensor_release(result);
  return r;
}

/* ---- *_like factories: empty_like, then a fill ----------------------------- */

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::full_like */
Tensor* at_native_full_like(const Tensor* self, Scalar fill_value, OptionalScalarType dtype, OptionalLayout layout,
                            OptionalDevice device, OptionalBool pin_memory, OptionalMemoryFormat memory_format) {
  return filled(at_empty_like(self, dtype, layout, device, pin_memory, memory_format), fill_value);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::zeros_like */
Tensor* at_native_zeros_like(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                             OptionalBool pin_memory, OptionalMemoryFormat memory_format) {
  return zeroed(at_empty_like(self, dtype, layout, device, pin_memory, memory_format));
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::ones_like */
Tensor* at_native_ones_like(const Tensor* self, OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                            OptionalBool pin_memory, OptionalMemoryFormat memory_format) {
  return at_native_full_like(self, Scalar_fromLong(1), dtype, layout, device, pin_memory, memory_format);
}

/* ---- eye ----------------------------------------------------------------------- */

/* An n x m zero matrix with ones on its diagonal, of the default dtype unless
 * one is given: an empty [0] tensor resized to [n, m], so the sizes meet
 * resize_'s checks ("numel: integer multiplication overflow" for eye(2**40),
 * the storage size's for eye(2**31)), and eye(2**63-1, 0) is an empty tensor.
 * PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp
 * at::native::eye (eye_out_cpu: resize_, zero_, then fill_ of the diagonal) */
Tensor* at_native_eye_m(int64_t n, int64_t m, OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                        OptionalBool pin_memory) {
  TORCH_CHECK(n >= 0, "n must be greater or equal to 0, got %lld", (long long)n);
  TORCH_CHECK(m >= 0, "m must be greater or equal to 0, got %lld", (long long)m);
  int64_t zero = 0, sizes[2] = {n, m};
  Tensor* result = at_empty_memory_format(IntArrayRef_make(&zero, 1), dtype, layout, device, pin_memory, kNoMemoryFormat);
  if (result == NULL) return NULL;
  Tensor* resized = at_resize_(result, IntArrayRef_make(sizes, 2), kNoMemoryFormat);
  if (resized == NULL) {
    Tensor_release(result);
    return NULL;
  }
  Tensor_release(resized);
  Tensor* z = at_zero_(result);
  /* No diagonal when n or m is 0: its stride (m + 1 for eye(0, 2**63-1)) may wrap. */
  if (z != NULL && (n == 0 || m == 0)) {
    Tensor_release(z);
    return result;
  }
  Tensor* diag = z ? at_diagonal(result, 0, 0, 1) : NULL;
  Tensor* filled = diag ? at_fill__Scalar(diag, Scalar_fromLong(1)) : NULL;
  Tensor_release(z);
  Tensor_release(diag);
  if (filled == NULL) {
    Tensor_release(result);
    return NULL;
  }
  Tensor_release(filled);
  return result;
fail:
  return NULL;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::eye */
Tensor* at_native_eye(int64_t n, OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                      OptionalBool pin_memory) {
  TORCH_CHECK(n >= 0, "n must be greater or equal to 0, got %lld", (long long)n);
  return at_native_eye_m(n, n, dtype, layout, device, pin_memory);
fail:
  return NULL;
}

/* ---- new_empty, new_zeros, new_full, new_ones, new_empty_strided: self's dtype and device unless given */

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::new_empty_symint
 * (NB(minaten): no SymInt, so no _symint suffix) */
Tensor* at_native_new_empty(const Tensor* self, IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                            OptionalDevice device, OptionalBool pin_memory) {
  OptionalScalarType dt = dtype.has_value ? dtype : some_dtype(self->dtype);
  OptionalDevice dev = device;
  if (!dev.has_value) dev.has_value = true, dev.value = self->device;
  return at_empty_memory_format(size, dt, layout, dev, pin_memory, kNoMemoryFormat);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::new_zeros */
Tensor* at_native_new_zeros(const Tensor* self, IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                            OptionalDevice device, OptionalBool pin_memory) {
  return zeroed(at_native_new_empty(self, size, dtype, layout, device, pin_memory));
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::new_full (full with self's
 * options: the dtype is self's, never the fill value's) */
Tensor* at_native_new_full(const Tensor* self, IntArrayRef size, Scalar fill_value, OptionalScalarType dtype,
                           OptionalLayout layout, OptionalDevice device, OptionalBool pin_memory) {
  OptionalScalarType dt = dtype.has_value ? dtype : some_dtype(self->dtype);
  OptionalDevice dev = device;
  if (!dev.has_value) dev.has_value = true, dev.value = self->device;
  return at_full(size, fill_value, dt, layout, dev, pin_memory);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::new_ones */
Tensor* at_native_new_ones(const Tensor* self, IntArrayRef size, OptionalScalarType dtype, OptionalLayout layout,
                           OptionalDevice device, OptionalBool pin_memory) {
  OptionalScalarType dt = dtype.has_value ? dtype : some_dtype(self->dtype);
  OptionalDevice dev = device;
  if (!dev.has_value) dev.has_value = true, dev.value = self->device;
  return at_ones(size, dt, layout, dev, pin_memory);
}

/* PyTorch 1.13: aten/src/ATen/native/TensorFactories.cpp at::native::new_empty_strided_symint
 * (what AccumulateGrad's clone_obey_contract calls) */
Tensor* at_native_new_empty_strided(const Tensor* self, IntArrayRef size, IntArrayRef stride,
                                    OptionalScalarType dtype, OptionalLayout layout, OptionalDevice device,
                                    OptionalBool pin_memory) {
  OptionalScalarType dt = dtype.has_value ? dtype : some_dtype(self->dtype);
  OptionalDevice dev = device;
  if (!dev.has_value) dev.has_value = true, dev.value = self->device;
  return at_empty_strided(size, stride, dt, layout, dev, pin_memory);
}
