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
 *   2. TensorIterator's checks, in its order: self may not have internal
 *      overlap (a stride-0 dimension written more than once), self and src
 *      may not partially overlap, src must broadcast to self's shape;
 *   3. the iteration geometry, as TensorIterator builds it: byte strides of
 *      both operands over self's shape, dimensions sorted so that the one
 *      fastest in memory comes first (`reorder_dimensions`), then adjacent
 *      dimensions merged where both operands allow (`coalesce_dimensions`);
 *   4. the loop.  A dense copy of one dtype coalesces to one dimension with
 *      unit strides and is a single memcpy.  Otherwise the innermost
 *      dimension is a tight loop (memcpy of the whole row when both sides
 *      are unit-stride), the outer ones an odometer; a transposed same-dtype
 *      copy is blocked so that reads and writes both stay in cache
 *      (`copy_same_type_transpose_`).  Different dtypes convert element by
 *      element with PyTorch's C++ casts (see "element conversion").
 *
 * Invariant: after step 2 every byte written by the loop is an element of
 * self, written once (internal overlap was refused), so the loop may go in
 * any order; the order only shows when self and src overlap in a way
 * PyTorch cannot classify (MemOverlap::TOO_HARD), and then it is PyTorch's
 * single-threaded order.
 *
 * PyTorch 1.13: aten/src/ATen/native/Copy.cpp (copy_, copy_impl,
 * copy_same_type_transpose_), native/cpu/CopyKernel.cpp, MemoryOverlap.cpp,
 * TensorIterator.cpp (compute_shape, reorder_dimensions, coalesce_dimensions),
 * c10/util/TypeCast.h (static_cast_with_inter_type), c10/util/TypeSafeSignMath.h
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/MemoryOverlap.h"
#include "ops/MetaMode.h"
#include "ops/TensorIterator.h"
#include "ops/TensorUtils.h"
#include "ops/cpu/VecLoops.h"
#include "ops/quantized/Copy.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"

/* ---- checks ------------------------------------------------------------ */

/*
 * src's strides over self's shape, 0 where src is broadcast.  With PyTorch's
 * errors: the shapes must broadcast ("The size of tensor a (3) must match
 * ..."), and the broadcast shape must be self's, as an output is never
 * resized by copy_ ("output with shape [2, 3] doesn't match the broadcast
 * shape [1, 2, 3]").  Returns 0, or -1 with the error set.
 * PyTorch 1.13: TensorIterator.cpp compute_shape (infer_size) + mark_resize_outputs
 */
static int broadcast_src_strides(const Tensor* self, const Tensor* src, int64_t* src_strides) {
  int64_t ndim = self->dim > src->dim ? self->dim : src->dim;
  int64_t shape[MINATEN_MAX_DIM];
  bool same_as_self = ndim == self->dim;
  for (int64_t i = ndim - 1; i >= 0; i--) {
    int64_t ds = i - (ndim - self->dim), dsrc = i - (ndim - src->dim);
    int64_t size_a = ds >= 0 ? self->sizes[ds] : 1;
    int64_t size_b = dsrc >= 0 ? src->sizes[dsrc] : 1;
    TORCH_CHECK(size_a == size_b || size_a == 1 || size_b == 1,
                "The size of tensor a (%lld) must match the size of tensor b (%lld) at "
                "non-singleton dimension %lld",
                (long long)size_a, (long long)size_b, (long long)i);
    shape[i] = size_a == 1 ? size_b : size_a;
    same_as_self = same_as_self && shape[i] == size_a;
  }
  if (!same_as_self) {
    char b1[256], b2[256];
    TORCH_CHECK(false, "output with shape %s doesn't match the broadcast shape %s",
                IntArrayRef_format(Tensor_sizes(self), b1, sizeof b1),
                IntArrayRef_format(IntArrayRef_make(shape, (size_t)ndim), b2, sizeof b2));
  }
  for (int64_t i = 0; i < self->dim; i++) {
    int64_t dsrc = i - (self->dim - src->dim);
    src_strides[i] = (dsrc < 0 || src->sizes[dsrc] != self->sizes[i]) ? 0 : src->strides[dsrc];
  }
  return 0;
fail:
  return -1;
}

/* ---- iteration geometry -------------------------------------------------- */

/* Dimension 0 is the innermost (fastest in memory), as in TensorIterator;
 * strides are in bytes. */
typedef struct CopyGeometry {
  int64_t ndim;
  int64_t shape[MINATEN_MAX_DIM];
  int64_t dst[MINATEN_MAX_DIM];
  int64_t src[MINATEN_MAX_DIM];
} CopyGeometry;

/*
 * The dimensions in memory order, innermost first, by self's strides and
 * then src's (reorder_dimensions, ops/TensorIterator.h): a contiguous self
 * keeps its order.  PyTorch 1.13: TensorIterator.cpp TensorIteratorBase::reorder_dimensions
 */
static void reorder_geometry(CopyGeometry* g) {
  int64_t n = g->ndim;
  int64_t perm[MINATEN_MAX_DIM];
  const int64_t* ops[2] = {g->dst, g->src};
  reorder_dimensions(n, g->shape, ops, 2, perm);
  int64_t shape[MINATEN_MAX_DIM], dst[MINATEN_MAX_DIM], src[MINATEN_MAX_DIM];
  for (int64_t i = 0; i < n; i++) {
    shape[i] = g->shape[perm[i]];
    dst[i] = g->dst[perm[i]];
    src[i] = g->src[perm[i]];
  }
  memcpy(g->shape, shape, (size_t)n * sizeof(int64_t));
  memcpy(g->dst, dst, (size_t)n * sizeof(int64_t));
  memcpy(g->src, src, (size_t)n * sizeof(int64_t));
}

/* Merges the dimensions both operands step through as one run
 * (coalesce_dimensions, ops/TensorIterator.h): a contiguous copy ends as
 * one dimension.  PyTorch 1.13: TensorIterator.cpp TensorIteratorBase::coalesce_dimensions */
static void coalesce_geometry(CopyGeometry* g) {
  int64_t* ops[2] = {g->dst, g->src};
  g->ndim = coalesce_dimensions(g->ndim, g->shape, ops, 2);
}

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
    default: for (int64_t i = 0; i < n; i++, d += ds, s += ss) memcpy(d, s, 8); break;
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

/* The non-quantized dtypes, in ScalarType order (Byte = 0 ... Bool = 7). */
#define FORALL_COPY_TYPES(_) \
  _(uint8_t, Byte) _(int8_t, Char) _(int16_t, Short) _(int32_t, Int) _(int64_t, Long) _(float, Float) _(double, Double) _(bool, Bool)
_Static_assert(ScalarType_Byte == 0 && ScalarType_Bool == 7, "convert_rows is indexed by ScalarType");

/* Reading a source element wide. */
static inline int64_t wide_Byte(const char* p) { return *(const uint8_t*)p; }
static inline int64_t wide_Char(const char* p) { return *(const int8_t*)p; }
static inline int64_t wide_Short(const char* p) { int16_t v; memcpy(&v, p, 2); return v; }
static inline int64_t wide_Int(const char* p) { int32_t v; memcpy(&v, p, 4); return v; }
static inline int64_t wide_Long(const char* p) { int64_t v; memcpy(&v, p, 8); return v; }
static inline double wide_Float(const char* p) { float v; memcpy(&v, p, 4); return v; }
static inline double wide_Double(const char* p) { double v; memcpy(&v, p, 8); return v; }
static inline int64_t wide_Bool(const char* p) { return *(const uint8_t*)p != 0; } /* any byte */

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
  DEFINE_CONVERT_ROW(dct, D, double, Double) DEFINE_CONVERT_ROW(dct, D, bool, Bool)
FORALL_COPY_TYPES(DEFINE_CONVERT_ROWS_TO)

/* convert_rows[dst][src] */
#define CONVERT_ROWS_TO(dct, D)                                                                  \
  {convert_Byte_to_##D,  convert_Char_to_##D,  convert_Short_to_##D,  convert_Int_to_##D,       \
   convert_Long_to_##D,  convert_Float_to_##D, convert_Double_to_##D, convert_Bool_to_##D},
static const ConvertRow convert_rows[8][8] = {FORALL_COPY_TYPES(CONVERT_ROWS_TO)};
#undef CONVERT_ROWS_TO
#undef DEFINE_CONVERT_ROWS_TO
#undef DEFINE_CONVERT_ROW
#undef NARROW
#undef FORALL_COPY_TYPES

/* One row of n elements converted from st to dt. */
static void copy_row_convert(char* d, int64_t ds, ScalarType dt, const char* s, int64_t ss, ScalarType st,
                             int64_t n) {
  convert_rows[dt][st](d, ds, s, ss, n);
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
 * for any transposed innermost pair of dimensions, the outer dimensions
 * going round as an odometer.)
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
      default: for (int64_t j = 0; j < n1; j++, dp += d1, sp += s1) memcpy(dp, sp, 8); break;
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
 * the vector loops' tiles transposed in registers instead (ops/cpu/VecLoops.h:
 * see Note [Transposing tiles in registers] in ops/cpu/VecLoopsKernel.c).
 * Kept out of line: inlined into copy_into, GCC -O2 made these loops three
 * times slower. */
__attribute__((noinline)) static void copy_transposed(char* d, int64_t d0, int64_t d1, const char* s, int64_t s0,
                                                      int64_t s1, int64_t n0, int64_t n1, size_t size) {
  switch (size) {
    case 1: copy_transposed_2d(d, d0, d1, s, s0, s1, n0, n1, 1); break;
    case 2: copy_transposed_2d(d, d0, d1, s, s0, s1, n0, n1, 2); break;
    case 4: VecLoops_get()->transpose_4(d, d0, s, s1, n0, n1); break;
    default: copy_transposed_2d(d, d0, d1, s, s0, s1, n0, n1, 8); break;
  }
}

/* Runs the copy over a geometry of at least one dimension: the innermost
 * one (or two, when transposed) as a tight loop, the rest as an odometer. */
static void copy_loop(const CopyGeometry* g, char* d, ScalarType dt, const char* s, ScalarType st, bool may_overlap) {
  size_t size = ScalarType_elementSize(dt);
  bool same = dt == st;
  TORCH_INTERNAL_ASSERT(same || (!ScalarType_isQuantized(dt) && !ScalarType_isQuantized(st)));
  if (same && g->ndim == 1 && g->dst[0] == (int64_t)size && g->src[0] == (int64_t)size) {
    /* Both dense, in the same order: one memcpy (no overlap is possible:
     * two dense tensors were classified exactly, a partial overlap refused
     * and a full one with equal strides exited early). */
    memcpy(d, s, (size_t)g->shape[0] * size);
    return;
  }
  /* (Blocks change the order: not for tensors that may overlap.) */
  bool transposed = same && !may_overlap && g->ndim >= 2 && g->dst[0] == (int64_t)size &&
                    g->src[1] == (int64_t)size && g->src[0] != (int64_t)size && g->shape[0] >= kInner &&
                    g->shape[1] >= kInner;
  int64_t inner = transposed ? 2 : 1; /* dimensions done by one call below */
  int64_t idx[MINATEN_MAX_DIM] = {0};
  for (;;) {
    if (transposed)
      copy_transposed(d, g->dst[1], g->dst[0], s, g->src[1], g->src[0], g->shape[1], g->shape[0], size);
    else if (same)
      copy_row_same(d, g->dst[0], s, g->src[0], g->shape[0], size, may_overlap);
    else
      copy_row_convert(d, g->dst[0], dt, s, g->src[0], st, g->shape[0]);
    /* Advance the outer dimensions like an odometer. */
    int64_t k = inner;
    for (; k < g->ndim; k++) {
      d += g->dst[k];
      s += g->src[k];
      if (++idx[k] < g->shape[k]) break;
      d -= g->dst[k] * g->shape[k];
      s -= g->src[k] * g->shape[k];
      idx[k] = 0;
    }
    if (k == g->ndim) return;
  }
}

int copy_into(Tensor* self, const Tensor* src) {
  int64_t src_strides[MINATEN_MAX_DIM];
  TRY(assert_no_internal_overlap(self) == 0);
  TRY(assert_no_partial_overlap(self, src) == 0);
  TRY(broadcast_src_strides(self, src, src_strides) == 0);
  if (self->numel == 0 || MetaMode_isEnabled()) return 0;

  CopyGeometry g;
  int64_t dsize = (int64_t)Tensor_itemsize(self), ssize = (int64_t)Tensor_itemsize(src);
  g.ndim = self->dim;
  for (int64_t i = 0; i < self->dim; i++) {
    g.shape[i] = self->sizes[i];
    /* A size-1 dimension never advances: its stride (which may be absurd,
     * as_strided allows it) is irrelevant; 0 keeps the arithmetic in range. */
    g.dst[i] = self->sizes[i] == 1 ? 0 : self->strides[i] * dsize;
    g.src[i] = self->sizes[i] == 1 ? 0 : src_strides[i] * ssize;
  }
  reorder_geometry(&g);
  coalesce_geometry(&g);
  if (g.ndim == 0) { /* a 0-dim copy: one element */
    g.ndim = 1;
    g.shape[0] = 1;
    g.dst[0] = dsize;
    g.src[0] = ssize;
  }
  /* The common case, a dense copy of one dtype, coalesced to one unit-stride
   * dimension: copy_loop makes it one memcpy. */
  copy_loop(&g, Tensor_data(self), self->dtype, Tensor_data(src), src->dtype, self->storage == src->storage);
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/Copy.cpp at::native::copy_ (copy_impl) */
Tensor* at_native_copy_(Tensor* self, const Tensor* src, bool non_blocking) {
  (void)non_blocking; /* CPU copies are synchronous */
  if (self == src) return Tensor_retain(self);
  /* Exit early if self and src are views of the same data. */
  bool is_same_data = self->storage == src->storage && self->storage_offset == src->storage_offset &&
                      self->dtype == src->dtype && self->dim == src->dim &&
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
