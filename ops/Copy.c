/*
 * Copy.c - copy_: write src's values into self, broadcasting src to self's
 * shape and converting between dtypes, for any strides and offsets.
 *
 * copy_ is what every copying route ends in (clone, contiguous, _to_copy,
 * reshape's copy route), so it is both the reference semantics for dtype
 * conversion and the one loop whose speed matters.  It runs in four steps,
 * as PyTorch's copy_impl does:
 *
 *   1. early exits: self is src, or self and src view the same elements;
 *   2. TensorIterator's checks, run by its build (ops/TensorIteratorConfig.h,
 *      copy_'s config: no resize, dtypes free): self may not have internal
 *      overlap (a stride-0 dimension written more than once), self and src
 *      may not partially overlap, src must broadcast to self's shape;
 *   3. the iteration geometry: TensorIterator's, self its output and src
 *      its input (ops/TensorIterator.h: the dimensions sorted so that the
 *      one fastest in memory comes first, then merged where both operands
 *      allow), walked by for_each on the intra-op threads above the grain;
 *   4. the loop over each tile (copy_loop2d).  A dense copy of one dtype
 *      coalesces to one dimension with unit strides and is one memmove per
 *      thread.  Otherwise each row is a tight loop (one memmove when both
 *      sides are unit-stride); a transposed same-dtype tile is blocked so
 *      that reads and writes both stay in cache (`copy_same_type_transpose_`).
 *      Different dtypes convert element by element with PyTorch's C++ casts
 *      (see "element conversion").
 *
 * Invariant: after step 2 every byte written by the loop is an element of
 * self, written once (internal overlap was refused), so the loop may go in
 * any order; the order only shows when self and src overlap in a way
 * PyTorch cannot classify (MemOverlap::TOO_HARD), and then it is PyTorch's
 * order (TensorIterator's, cut into its threads' chunks above the grain).
 *
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp (copy_, copy_impl,
 * copy_same_type_transpose_), native/cpu/CopyKernel.cpp, MemoryOverlap.cpp,
 * TensorIterator.cpp (compute_shape, reorder_dimensions, coalesce_dimensions),
 * c10/util/TypeCast.h (static_cast_with_inter_type), c10/util/TypeSafeSignMath.h
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "ops/TensorIteratorConfig.h"
#include "ops/TensorUtils.h"
#include "ops/cpu/CopyKernel.h"
#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "ops/quantized/Copy.h"
#include "runtime/Exception.h"
#include "runtime/Parallel.h"
#include "runtime/TypeCast.h"


/* ---- the loops ----------------------------------------------------------- */

/*
 * One row of n elements of the same dtype (size bytes each).
 * Note [copy_ of overlapping tensors]: the rows of a tensor that is not dense
 * may overlap src's where PyTorch's overlap check gives up
 * (MemOverlap::TOO_HARD); the result then depends on the order of the loop.
 * PyTorch's strided rows go element by element, forward, and so do
 * minaten's.  Its unit-stride rows go through the vectorized loop, which on
 * x86-64 (AVX2) reads two 32-byte vectors before it writes them, then does
 * the tail element by element; minaten copies the same 64-byte chunks when
 * the row's destination starts inside its source (the only case where the
 * order shows).
 */
static void copy_row_same(char* d, int64_t ds, const char* s, int64_t ss, int64_t n, size_t size, bool may_overlap) {
  if (ds == (int64_t)size && ss == (int64_t)size) {
    if (!may_overlap || d <= s || d >= s + n * (int64_t)size) {
      memmove(d, s, (size_t)n * size);
      return;
    }
    int64_t chunk = 64 / (int64_t)size, i = 0;
    for (; i + chunk <= n; i += chunk) memmove(d + i * (int64_t)size, s + i * (int64_t)size, 64);
    for (; i < n; i++) memmove(d + i * (int64_t)size, s + i * (int64_t)size, size);
    return;
  }
  switch (size) {
    case 1: for (int64_t i = 0; i < n; i++, d += ds, s += ss) *d = *s; break;
    case 2: for (int64_t i = 0; i < n; i++, d += ds, s += ss) memcpy(d, s, 2); break;
    case 4: for (int64_t i = 0; i < n; i++, d += ds, s += ss) memcpy(d, s, 4); break;
    case 8: for (int64_t i = 0; i < n; i++, d += ds, s += ss) memcpy(d, s, 8); break;
    default: for (int64_t i = 0; i < n; i++, d += ds, s += ss) memcpy(d, s, 16); break; /* complex128 */
  }
}

/*
 * Rows converted between two dtypes: one loop per (destination, source)
 * pair, so that each element is one load, one conversion and one store
 * (convert_element decides both types at every element).  The conversions
 * are those of store_from_int64/store_from_double above: a source is read
 * "wide" (floating types as double, integers and bools as int64), then
 * narrowed to the destination type.
 */
typedef void (*ConvertRow)(char* d, int64_t ds, const char* s, int64_t ss, int64_t n);

/* The non-quantized dtypes: in ScalarType order Byte = 0 ... Bool = 7,
 * then Half and BFloat16 (after the quantized types in ScalarType, at 8
 * and 9 here: copy_index). */
#define FORALL_COPY_TYPES(_)                                                                                       \
  _(uint8_t, Byte) _(int8_t, Char) _(int16_t, Short) _(int32_t, Int) _(int64_t, Long) _(float, Float) _(double, Double) \
  _(bool, Bool) _(Half, Half) _(BFloat16, BFloat16)
_Static_assert(ScalarType_Byte == 0 && ScalarType_Bool == 7, "convert_rows is indexed by ScalarType");
enum { kNumCopyTypes = 10 };
static inline int copy_index(ScalarType t) {
  return t == ScalarType_Half ? 8 : t == ScalarType_BFloat16 ? 9 : (int)t;
}

/* Reading a source element wide. */
static inline int64_t wide_Byte(const char* p) { return *(const uint8_t*)p; }
static inline int64_t wide_Char(const char* p) { return *(const int8_t*)p; }
static inline int64_t wide_Short(const char* p) { int16_t v; memcpy(&v, p, 2); return v; }
static inline int64_t wide_Int(const char* p) { int32_t v; memcpy(&v, p, 4); return v; }
static inline int64_t wide_Long(const char* p) { int64_t v; memcpy(&v, p, 8); return v; }
static inline double wide_Float(const char* p) { float v; memcpy(&v, p, 4); return v; }
static inline double wide_Double(const char* p) { double v; memcpy(&v, p, 8); return v; }
static inline int64_t wide_Bool(const char* p) { return *(const uint8_t*)p != 0; } /* any byte */
static inline double wide_Half(const char* p) { Half v; memcpy(&v, p, 2); return Half_toFloat(v); }
static inline double wide_BFloat16(const char* p) { BFloat16 v; memcpy(&v, p, 2); return BFloat16_toFloat(v); }

/* Narrowing a wide value to each destination type. */
static inline uint8_t Byte_from_int64(int64_t v) { return (uint8_t)v; }
static inline uint8_t Byte_from_double(double v) { return (uint8_t)double_to_int64(v); }
static inline int8_t Char_from_int64(int64_t v) { return (int8_t)(uint8_t)v; }
static inline int8_t Char_from_double(double v) { return (int8_t)(uint8_t)double_to_int32(v); }
static inline int16_t Short_from_int64(int64_t v) { return (int16_t)(uint16_t)v; }
static inline int16_t Short_from_double(double v) { return (int16_t)(uint16_t)double_to_int32(v); }
static inline int32_t Int_from_int64(int64_t v) { return (int32_t)(uint32_t)v; }
static inline int32_t Int_from_double(double v) { return double_to_int32(v); }
static inline int64_t Long_from_int64(int64_t v) { return v; }
static inline int64_t Long_from_double(double v) { return double_to_int64(v); }
static inline float Float_from_int64(int64_t v) { return (float)v; }
static inline float Float_from_double(double v) { return (float)v; }
static inline double Double_from_int64(int64_t v) { return (double)v; }
static inline double Double_from_double(double v) { return v; }
static inline bool Bool_from_int64(int64_t v) { return v != 0; }
static inline bool Bool_from_double(double v) { return v != 0; }
/* through float, as c10::Half(float) (runtime/Half.h) */
static inline Half Half_from_int64(int64_t v) { return Half_fromFloat((float)v); }
static inline Half Half_from_double(double v) { return Half_fromFloat((float)v); }
static inline BFloat16 BFloat16_from_int64(int64_t v) { return BFloat16_fromFloat((float)v); }
static inline BFloat16 BFloat16_from_double(double v) { return BFloat16_fromFloat((float)v); }

#define NARROW(D, v) _Generic((v), double: D##_from_double, default: D##_from_int64)(v)

/* convert_<Src>_to_<Dst>: a tight loop when both rows are unit-stride
 * (which the compiler may vectorise), a strided one otherwise. */
#define DEFINE_CONVERT_ROW(dct, D, sct, S)                                                      \
  static void convert_##S##_to_##D(char* d, int64_t ds, const char* s, int64_t ss, int64_t n) { \
    if (ds == (int64_t)sizeof(dct) && ss == (int64_t)sizeof(sct)) {                            \
      for (int64_t i = 0; i < n; i++) {                                                         \
        dct v = NARROW(D, wide_##S(s + i * (int64_t)sizeof(sct)));                              \
        memcpy(d + i * (int64_t)sizeof(dct), &v, sizeof v);                                     \
      }                                                                                         \
    } else {                                                                                    \
      for (int64_t i = 0; i < n; i++, d += ds, s += ss) {                                       \
        dct v = NARROW(D, wide_##S(s));                                                         \
        memcpy(d, &v, sizeof v);                                                                \
      }                                                                                         \
    }                                                                                           \
  }
#define DEFINE_CONVERT_ROWS_TO(dct, D)                                                          \
  DEFINE_CONVERT_ROW(dct, D, uint8_t, Byte) DEFINE_CONVERT_ROW(dct, D, int8_t, Char)              \
  DEFINE_CONVERT_ROW(dct, D, int16_t, Short) DEFINE_CONVERT_ROW(dct, D, int32_t, Int)             \
  DEFINE_CONVERT_ROW(dct, D, int64_t, Long) DEFINE_CONVERT_ROW(dct, D, float, Float)              \
  DEFINE_CONVERT_ROW(dct, D, double, Double) DEFINE_CONVERT_ROW(dct, D, bool, Bool)              \
  DEFINE_CONVERT_ROW(dct, D, Half, Half) DEFINE_CONVERT_ROW(dct, D, BFloat16, BFloat16)
FORALL_COPY_TYPES(DEFINE_CONVERT_ROWS_TO)

/* convert_rows[copy_index(dst)][copy_index(src)] */
#define CONVERT_ROWS_TO(dct, D)                                                                  \
  {convert_Byte_to_##D,  convert_Char_to_##D,  convert_Short_to_##D,  convert_Int_to_##D,       \
   convert_Long_to_##D,  convert_Float_to_##D, convert_Double_to_##D, convert_Bool_to_##D,      \
   convert_Half_to_##D,  convert_BFloat16_to_##D},
static const ConvertRow convert_rows[kNumCopyTypes][kNumCopyTypes] = {FORALL_COPY_TYPES(CONVERT_ROWS_TO)};
#undef CONVERT_ROWS_TO
#undef DEFINE_CONVERT_ROWS_TO
#undef DEFINE_CONVERT_ROW
#undef NARROW
#undef FORALL_COPY_TYPES

/* One row of n elements converted from st to dt. */
static void copy_row_convert(char* d, int64_t ds, ScalarType dt, const char* s, int64_t ss, ScalarType st,
                             int64_t n) {
  if (ScalarType_isComplex(dt) || ScalarType_isComplex(st)) { /* both parts, or the real part alone */
    for (int64_t i = 0; i < n; i++, d += ds, s += ss) convert_element(dt, d, st, s);
    return;
  }
  convert_rows[copy_index(dt)][copy_index(st)](d, ds, s, ss, n);
}

/*
 * A transposed copy: dimension 0 is unit-stride for self but strided for
 * src, dimension 1 the other way round.  Element by element, either the
 * reads or the writes would touch a new cache line (and often a new page)
 * each time.  Instead, blocks: an outer kOuter x kOuter tile small enough to
 * stay in L2 (so both its src rows and its self rows are read and written
 * as runs the hardware prefetches), cut into kInner x kInner tiles small
 * enough for L1 (whose kInner lines on each side stay cached while the tile
 * is transposed).
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp copy_same_type_transpose_
 * (NB(minaten): PyTorch takes this path only for a 2-D contiguous self of at
 * least 60 x 60 elements, with one level of 60 x 60 blocks; minaten takes it
 * for any tile of TensorIterator's walk whose two dimensions are transposed.)
 */
enum { kInner = 16, kOuter = 512 };

static inline __attribute__((always_inline)) void copy_transposed_tile(
    char* d, int64_t d0, int64_t d1, const char* s, int64_t s0, int64_t s1, int64_t n0, int64_t n1, size_t size) {
  for (int64_t i = 0; i < n0; i++) {
    char* dp = d + i * d0;
    const char* sp = s + i * s0;
    switch (size) {
      case 1: for (int64_t j = 0; j < n1; j++, dp += d1, sp += s1) *dp = *sp; break;
      case 2: for (int64_t j = 0; j < n1; j++, dp += d1, sp += s1) memcpy(dp, sp, 2); break;
      case 4: for (int64_t j = 0; j < n1; j++, dp += d1, sp += s1) memcpy(dp, sp, 4); break;
      case 8: for (int64_t j = 0; j < n1; j++, dp += d1, sp += s1) memcpy(dp, sp, 8); break;
      default: for (int64_t j = 0; j < n1; j++, dp += d1, sp += s1) memcpy(dp, sp, 16); break;
    }
  }
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Element (i, j) of an n0 x n1 block: self at d + i*d0 + j*d1, src at
 * s + i*s0 + j*s1 (bytes); d1 and s0 are the unit strides. */
static inline __attribute__((always_inline)) void copy_transposed_2d(
    char* d, int64_t d0, int64_t d1, const char* s, int64_t s0, int64_t s1, int64_t n0, int64_t n1, size_t size) {
  for (int64_t I = 0; I < n0; I += kOuter)
    for (int64_t J = 0; J < n1; J += kOuter)
      for (int64_t i = I; i < min64(I + kOuter, n0); i += kInner)
        for (int64_t j = J; j < min64(J + kOuter, n1); j += kInner)
          copy_transposed_tile(d + i * d0 + j * d1, d0, d1, s + i * s0 + j * s1, s0, s1,
                               min64(kInner, n0 - i), min64(kInner, min64(J + kOuter, n1) - j), size);
}

/* copy_transposed_2d compiled once per element size, so that each inner
 * loop moves a known number of bytes; 4-byte elements (float, int32) take
 * the tiles transposed in registers instead (transpose_4_stub: see Note
 * [Transposing tiles in registers] in ops/cpu/CopyKernel.c).
 * Kept out of line: inlined into copy_into, GCC -O2 made these loops three
 * times slower. */
__attribute__((noinline)) static void copy_transposed(transpose_4_fn transpose_4, char* d, int64_t d0, int64_t d1,
                                                      const char* s, int64_t s0, int64_t s1, int64_t n0, int64_t n1,
                                                      size_t size) {
  switch (size) {
    case 1: copy_transposed_2d(d, d0, d1, s, s0, s1, n0, n1, 1); break;
    case 2: copy_transposed_2d(d, d0, d1, s, s0, s1, n0, n1, 2); break;
    case 4: transpose_4(d, d0, s, s1, n0, n1); break;
    case 8: copy_transposed_2d(d, d0, d1, s, s0, s1, n0, n1, 8); break;
    default: copy_transposed_2d(d, d0, d1, s, s0, s1, n0, n1, 16); break;
  }
}

/* See Copy.h.  The stub read here, once per copy, not in the loop. */
CopyLoop CopyLoop_make(ScalarType dst_type, ScalarType src_type, int ntensors, bool may_overlap) {
  return (CopyLoop){dst_type, src_type, ntensors, may_overlap, (transpose_4_fn)DispatchStub_get(&transpose_4_stub),
                    false, false};
}

/* The row just copied, conjugated and/or negated in place: what a copy
 * between tensors whose math bits differ does after converting.
 * PyTorch 1.13: cpu/CopyKernel.cpp copy_kernel (requires_conj, requires_neg:
 * neg_conj_kernel, conj_kernel, neg_kernel) */
static void apply_math_bits(char* d, int64_t ds, ScalarType t, int64_t n, bool conj, bool neg) {
  for (int64_t i = 0; i < n; i++, d += ds) {
    if (t == ScalarType_ComplexFloat) {
      ComplexFloat* z = (ComplexFloat*)d;
      if (neg) z->real = -z->real;
      if (neg != conj) z->imag = -z->imag;
    } else if (t == ScalarType_ComplexDouble) {
      ComplexDouble* z = (ComplexDouble*)d;
      if (neg) z->real = -z->real;
      if (neg != conj) z->imag = -z->imag;
    } else if (neg && ScalarType_isIntegral(t, false)) {
      store_from_int64(t, d, (int64_t)(0 - (uint64_t)load_int(t, d))); /* wrapping, as C++'s unary minus */
    } else if (neg) {
      store_from_double(t, d, -load_double(t, d));
    }
  }
}

/* See Copy.h.  A tile whose dimension 0 is unit-stride for self but
 * strided for src, and dimension 1 the other way round, is a transposed
 * copy (copy_transposed); any other goes row by row.  (Blocks change the
 * order: not for tensors that may overlap.)
 * PyTorch 1.13: native/cpu/CopyKernel.cpp direct_copy_kernel (cpu_kernel_vec),
 * copy_kernel (cpu_kernel with the casts) */
void copy_loop2d(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1) {
  const CopyLoop* c = ctx;
  size_t size = ScalarType_elementSize(c->dst_type);
  bool same = c->dst_type == c->src_type;
  const int64_t* outer = strides + c->ntensors; /* along dimension 1 */
  char* d = data[0];
  const char* s = data[1];
  bool bits = c->conj || c->neg;
  if (same && !bits && !c->may_overlap && size0 >= kInner && size1 >= kInner && strides[0] == (int64_t)size &&
      outer[1] == (int64_t)size && strides[1] != (int64_t)size) {
    copy_transposed(c->transpose_4, d, outer[0], strides[0], s, outer[1], strides[1], size1, size0, size);
    return;
  }
  for (int64_t j = 0; j < size1; j++, d += outer[0], s += outer[1]) {
    if (same)
      copy_row_same(d, strides[0], s, strides[1], size0, size, c->may_overlap);
    else
      copy_row_convert(d, strides[0], c->dst_type, s, strides[1], c->src_type, size0);
    if (bits) apply_math_bits(d, strides[0], c->dst_type, size0, c->conj, c->neg);
  }
}

void copy_as_strided(char* dst, const int64_t* dst_strides, const char* src, const int64_t* src_strides,
                     const int64_t* shape, int64_t ndim, ScalarType dtype) {
  TensorIteratorBase iter;
  char* data[2] = {dst, (char*)src};
  const int64_t* strides[2] = {dst_strides, src_strides};
  TensorIterator_initStrided(&iter, data, strides, 2, shape, ndim);
  CopyLoop c = CopyLoop_make(dtype, dtype, 2, false);
  TensorIterator_for_each(&iter, copy_loop2d, &c, AT_GRAIN_SIZE);
}

int copy_into(Tensor* self, const Tensor* src) {
  TensorIteratorConfig config;
  TensorIteratorConfig_init(&config);
  config.resize_outputs = false;
  config.check_all_same_dtype = false;
  config.complex_kernels = true;
  TensorIteratorConfig_add_output(&config, self);
  TensorIteratorConfig_add_input(&config, src);
  TensorIteratorBase iter;
  TRY(TensorIterator_build(&iter, &config) == 0);
  if (self->numel > 0 && !MetaMode_isEnabled()) {
    static bool warned_complex_to_real; /* TORCH_WARN_ONCE: once per process */
    if (!ScalarType_isComplex(self->dtype) && ScalarType_isComplex(src->dtype) && !warned_complex_to_real) {
      warned_complex_to_real = true;
      Warning_warn("Casting complex values to real discards the imaginary part (Triggered internally at  "
                   "./aten/src/ATen/native/Copy.cpp:250.)");
    }
    /* a quantized dtype without a quantized tensor (`view(torch.qint32)`):
     * 1.13's copy kernel dispatches on self's dtype, then on src's, over
     * the dtypes that are not quantized */
    if (self->dtype != src->dtype && (ScalarType_isQuantized(self->dtype) || ScalarType_isQuantized(src->dtype))) {
      ScalarType unsupported = ScalarType_isQuantized(self->dtype) ? self->dtype : src->dtype;
      TensorIterator_release(&iter);
      TORCH_CHECK(false, "\"copy_\" not implemented for '%s'", ScalarType_name(unsupported));
    }
    CopyLoop c = CopyLoop_make(self->dtype, src->dtype, 2, self->storage == src->storage);
    c.conj = ScalarType_isComplex(self->dtype) && Tensor_isConj(self) != Tensor_isConj(src);
    c.neg = Tensor_isNeg(self) != Tensor_isNeg(src);
    /* NB(minaten): 1.13 negates a quantized copy's integers out of bounds (a
     * segfault: torch._neg_view(q).clone()) */
    if (c.neg && ScalarType_isQuantized(self->dtype)) {
      TensorIterator_release(&iter);
      TORCH_CHECK(false, "minaten: a quantized tensor with the negative bit cannot be copied");
    }
    TensorIterator_for_each(&iter, copy_loop2d, &c, AT_GRAIN_SIZE);
  }
  TensorIterator_release(&iter);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/Copy.cpp at::native::copy_ (copy_impl) */
Tensor* at_native_copy_(Tensor* self, const Tensor* src, bool non_blocking) {
  (void)non_blocking; /* CPU copies are synchronous */
  if (self == src) return Tensor_retain(self);
  /* A copy into a meta tensor is ignored, as an in-place operator on one
   * computes nothing; a meta source has no data to give. */
  if (self->device.type == DeviceType_Meta) return Tensor_retain(self);
  if (src->device.type == DeviceType_Meta) {
    Error_set(ErrorType_NotImplementedError, "Cannot copy out of meta tensor; no data!");
    return NULL;
  }
  /* Exit early if self and src are views of the same data. */
  bool is_same_data = self->storage == src->storage && self->storage_offset == src->storage_offset &&
                      self->dtype == src->dtype && self->dim == src->dim && Tensor_isConj(self) == Tensor_isConj(src) &&
                      Tensor_isNeg(self) == Tensor_isNeg(src) &&
                      memcmp(self->sizes, src->sizes, (size_t)self->dim * sizeof(int64_t)) == 0 &&
                      memcmp(self->strides, src->strides, (size_t)self->dim * sizeof(int64_t)) == 0;
  if (is_same_data) return Tensor_retain(self);
  /* NB(minaten): PyTorch sends copies involving a device it does not copy
   * itself (lazy) to at::_copy_from; minaten has no _copy_from yet. */
  TORCH_CHECK(self->device.type == DeviceType_CPU && src->device.type == DeviceType_CPU,
              "minaten: copy_ between devices is not supported yet");
  /* The quantized branches (quantize a float src, share a quantized src's
   * quantizer, refuse to copy a quantized src into a float self). */
  int quantized = quantized_copy_(self, src);
  TRY(quantized >= 0);
  if (quantized == 0) TRY(copy_into(self, src) == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* PyTorch 1.13: native/cpu/CopyKernel.cpp's stubs are defined in native/Copy.cpp (DEFINE_DISPATCH(copy_stub)) */
DEFINE_DISPATCH(transpose_4_stub);

/* copy_'s functional form, for functionalization: src converted to self's
 * dtype and device as to(self) converts it (a _to_copy with self's dtype,
 * strided layout, self's device and no pinning, only if the dtype or the
 * device differs), then, if its shape is not self's, expanded to it: an
 * expand_copy, or, when functionalization reapplies views, an expand.  Not
 * self's strides: the result is contiguous.
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp at::native::copy */
Tensor* at_native_copy(const Tensor* self, const Tensor* src, bool non_blocking) {
  Tensor* intermediate;
  if (src->dtype == self->dtype && Device_equal(src->device, self->device))
    intermediate = Tensor_retain(src);
  else
    intermediate = at__to_copy(src, (OptionalScalarType){true, self->dtype}, (OptionalLayout){true, Layout_Strided},
                               (OptionalDevice){true, self->device}, (OptionalBool){true, false}, non_blocking,
                               (OptionalMemoryFormat){0});
  if (intermediate == NULL || Tensor_hasSizes(intermediate, Tensor_sizes(self))) return intermediate;
  Tensor* out = functionalization_getReapplyViewsTLS() ? at_expand(intermediate, Tensor_sizes(self), false)
                                                       : at_expand_copy(intermediate, Tensor_sizes(self), false);
  Tensor_release(intermediate);
  return out;
}
