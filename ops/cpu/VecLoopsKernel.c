/*
 * VecLoopsKernel.c - the elementwise loops of ops/cpu/VecLoops.h, compiled
 * once per CPU capability (see Note [CPU capability dispatch] in
 * ops/DispatchStub.h): DEFAULT is the compiler's baseline (SSE2 on x86-64).
 * Everything here is static except the registration of the table into
 * vec_loops_stub.
 *
 * Every loop runs whole vectors of kLanes floats, then the tail (fewer than
 * kLanes elements) through the same vector expression, copied into a
 * zero-padded vector and back: one expression per operation, so the tail
 * cannot round differently from the body.  (The padding lanes compute
 * 0 / 0 and the like, whose results are dropped; floating-point exceptions
 * are masked, as C's default environment has them.)  The exception is
 * sigmoid at AVX2 and AVX512, whose tail 1.13 computes with the scalar
 * lambda: see Note [Sleef's unary functions] in VecLoops.h.
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/Loops.h (cpu_kernel_vec,
 * vectorized_loop), ATen/cpu/vec/vec256/vec256_float.h (Vectorized<float>),
 * vec256_double.h, native/cpu/vml.h, ATen/cpu/vec/functional_base.h (map),
 * native/cpu/BinaryOpsKernel.cpp, native/cpu/UnaryOpsKernel.cpp,
 * native/Copy.cpp copy_same_type_transpose_, ATen/cpu/vec/vec256
 * transpose_mxn, native/cpu/ReduceOpsKernel.cpp (the extremes, any, all)
 */
#include <math.h>
#include <string.h>

#include "ops/DispatchStub.h"
#include "ops/cpu/VecLoops.h"
#include "ops/cpu/vec.h"

#define CAPABILITY_ENUM_(capability) CPUCapability_##capability
#define CAPABILITY_ENUM(capability) CAPABILITY_ENUM_(capability)

/* ---- where ------------------------------------------------------------------ */

/* cond's kLanes bytes at p as a mask (nonzero: all ones). */
static inline ivec load_condition(const uint8_t* p, int64_t m) {
  uint8_t bytes[kLanes] = {0};
  memcpy(bytes, p, (size_t)m);
  bvec b;
  memcpy(&b, bytes, sizeof b);
  return __builtin_convertvector(b, ivec) != 0;
}

/* PyTorch 1.13: native/cpu/TensorCompareKernel.cpp where_kernel_impl */
static void where_float(float* o, const uint8_t* cond, const float* a, const float* b, int64_t n) {
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) store(o + i, where(load_condition(cond + i, kLanes), load(a + i), load(b + i)));
  if (i < n) {
    int64_t m = n - i;
    store_partial(o + i, where(load_condition(cond + i, m), load_partial(a + i, m), load_partial(b + i, m)), m);
  }
}

/* ---- the transposed copy ---------------------------------------------------- */

/*
 * Note [Transposing tiles in registers]
 * A kTile x kTile tile of 4-byte elements, kTile the lanes of the
 * capability's widest registers for this (8 with AVX's 32 bytes, 4 with
 * SSE's 16 in DEFAULT): kTile vector loads along src's unit-stride
 * dimension (rows j .. j+kTile-1 of src's view), a transpose in registers,
 * kTile vector stores along self's.  The transpose is log2(kTile) rounds of
 * two-input shuffles (SWAP_BLOCKS), each swapping blocks of h elements
 * between vectors h apart, h halving each round: for 8, 4 x 4 blocks
 * between v[k] and v[k+4], then 2 x 2 blocks between v[k] and v[k+2], then
 * single elements between neighbours (one instruction each on AVX2:
 * vperm2f128, vshufps, vunpck{l,h}ps).
 *
 * The order of the tiles is what makes the copy fast.  Along j (self's
 * unit-stride dimension), kLine / kTile neighbouring tiles are done one
 * after the other, so that each line of self (64 bytes, kLine elements) is
 * written whole at once and never has to stay in cache half-written; along
 * i they go down src's unit-stride dimension, each src line read by two or
 * more neighbouring steps.  Blocks of kBlockRows x kBlockCols elements
 * (rows of self x columns) keep the src lines of a block (kBlockCols rows
 * of src, kBlockRows elements each) in L2 while it is swept.  (L1 cannot
 * hold them: a power-of-two row stride puts every row of a 2048-wide matrix
 * in the same L1 set.)  On a 2048 x 2048 float matrix (AVX2, a quiet moment
 * of a shared machine) this took 1.6-1.7x a memcpy of the same bytes,
 * against 2.4-2.6x for 8 x 8 tiles that wrote each self line in two visits
 * and 2.4-3x for the 4 x 4 SSE tiles before.
 */
#if defined(__AVX__)
enum { kTile = 8 };
#define TILE_LANES(F, h) F(h, 0), F(h, 1), F(h, 2), F(h, 3), F(h, 4), F(h, 5), F(h, 6), F(h, 7)
#else
enum { kTile = 4 };
#define TILE_LANES(F, h) F(h, 0), F(h, 1), F(h, 2), F(h, 3)
#endif
enum { kLine = 64 / 4, kBlockRows = 256, kBlockCols = 32 }; /* kLine: 4-byte elements per cache line */
typedef uint32_t tvec __attribute__((vector_size(kTile * 4)));

/* Lane l of the two results of swapping h-element blocks between vectors a
 * and b, as indices into a ++ b (__builtin_shuffle's): in each group of 2h
 * lanes, the low result takes a's first h and b's first h, the high result
 * a's last h and b's last h. */
#define GROUP(h, l) ((l) - (l) % (2 * (h)))
#define SWAP_LO(h, l) ((l) % (2 * (h)) < (h) ? GROUP(h, l) + (l) % (2 * (h)) : kTile + GROUP(h, l) + (l) % (2 * (h)) - (h))
#define SWAP_HI(h, l) ((l) % (2 * (h)) < (h) ? GROUP(h, l) + (h) + (l) % (2 * (h)) : kTile + GROUP(h, l) + (l) % (2 * (h)))
/* A two-input shuffle with the lanes F(h, 0 .. kTile-1): GCC's and clang's
 * spellings of the same operation. */
#if defined(__clang__)
#define SHUFFLE(a, b, F, h) __builtin_shufflevector(a, b, TILE_LANES(F, h))
#else
#define SHUFFLE(a, b, F, h) __builtin_shuffle(a, b, (tvec){TILE_LANES(F, h)})
#endif
/* One round: out[k], out[k + h] from in[k], in[k + h] for each k in the
 * first half of a group of 2h vectors (a macro: h must be a constant for
 * the masks to be). */
#define SWAP_BLOCKS(in, out, h)                                                      \
  _Pragma("GCC unroll 8")                                                            \
  for (int k = 0; k < kTile; k++)                                                    \
    if (k % (2 * (h)) < (h)) {                                                       \
      out[k] = SHUFFLE(in[k], in[k + (h)], SWAP_LO, h);                             \
      out[k + (h)] = SHUFFLE(in[k], in[k + (h)], SWAP_HI, h);                       \
    }

static inline void transpose_tile(char* d, int64_t d0, const char* s, int64_t s1) {
  tvec v[kTile], t[kTile];
#pragma GCC unroll 8 /* all in registers: every index a constant */
  for (int k = 0; k < kTile; k++) memcpy(&v[k], s + k * s1, sizeof v[k]);
#if defined(__AVX__)
  SWAP_BLOCKS(v, t, 4)
  SWAP_BLOCKS(t, v, 2)
  SWAP_BLOCKS(v, t, 1)
  const tvec* rows = t;
#else
  SWAP_BLOCKS(v, t, 2)
  SWAP_BLOCKS(t, v, 1)
  const tvec* rows = v;
#endif
#pragma GCC unroll 8
  for (int k = 0; k < kTile; k++) memcpy(d + k * d0, &rows[k], sizeof rows[k]);
}

/* An edge block (n0 or n1 below kTile): element by element. */
static void transpose_edge(char* d, int64_t d0, const char* s, int64_t s1, int64_t n0, int64_t n1) {
  for (int64_t i = 0; i < n0; i++)
    for (int64_t j = 0; j < n1; j++) memcpy(d + i * d0 + j * 4, s + i * 4 + j * s1, 4);
}

static void transpose_4(char* d, int64_t d0, const char* s, int64_t s1, int64_t n0, int64_t n1) {
  int64_t n0_tiles = n0 / kTile * kTile, n1_tiles = n1 / kTile * kTile;
  for (int64_t I = 0; I < n0_tiles; I += kBlockRows)
    for (int64_t J = 0; J < n1_tiles; J += kBlockCols) {
      int64_t i_end = I + kBlockRows < n0_tiles ? I + kBlockRows : n0_tiles;
      int64_t j_end = J + kBlockCols < n1_tiles ? J + kBlockCols : n1_tiles;
      for (int64_t j = J; j < j_end; j += kLine)
        for (int64_t i = I; i < i_end; i += kTile)
          for (int64_t jj = j; jj < j + kLine && jj < j_end; jj += kTile) /* one line of each self row */
            transpose_tile(d + i * d0 + jj * 4, d0, s + i * 4 + jj * s1, s1);
    }
  /* the edges: the last n1 % kTile columns of self, then its last n0 % kTile rows */
  transpose_edge(d + n1_tiles * 4, d0, s + n1_tiles * s1, s1, n0_tiles, n1 - n1_tiles);
  transpose_edge(d + n0_tiles * d0, d0, s + n0_tiles * 4, s1, n0 - n0_tiles, n1);
}

/* ---- the reductions that pick an extreme; any, all ---------------------------- */

/*
 * Note [Extremes in two passes]
 * amax/amin, max()/min(), max.dim/min.dim and argmax/argmin all want the
 * same element: the first NaN if there is one (a NaN beats every number and
 * propagates), else the first element that compares equal to the greatest
 * (least) value; ties, -0.0 == 0.0 among them, go to the first index.
 * PyTorch's scalar rule (SharedReduceOps.h: ArgMaxOps, GreaterOrNan) walks
 * the elements in order, carrying the best so far and its index.
 *
 * The greatest value does not depend on the order, so the vector loop finds
 * it lane by lane, each lane keeping where(x > m, x, m) (extreme_lanes: one
 * maxps per vector, as many lanes as the capability has), together with
 * a mask of the NaNs seen; the lanes are combined at the end.
 * Only then is the order needed, and a second pass finds it: the first NaN,
 * or the first element equal to the extreme, a vector compare per step that
 * stops at the first hit.  So extreme_float (amax) makes one pass unless the
 * answer is a NaN, and arg_extreme_float one and a part (half a pass more
 * on average for data in random order, a few vectors when the extreme comes
 * early).  The result is the scalar rule's, bit for bit, whatever the lanes'
 * order.
 *
 * A zero extreme needs its sign: the first zero's, -0.0 == 0.0 hiding which
 * that is.  The lanes tell it without a second pass.  A lane keeps m on a
 * tie, so a lane that ends at zero holds its own first zero (its earlier
 * elements were below it), and every zero lies in such a lane; the first
 * zero of all is the first of its lane.  So when the lanes that end at zero
 * all hold the same sign, that is the first zero's; only when they differ
 * does the second pass look for the first zero.
 *
 * On 4M floats (AVX2, callgrind) amax runs 2.2M instructions, about half
 * an instruction per element (libtorch 1.13: 2.1M for amax, 3.2M for
 * min), argmax 6.0M (libtorch: 67M); reduce_loop's walk, which a
 * transposed 2000 x 2000 matrix still takes, runs 80 per element.
 */

/* The reductions' vectors: the capability's (kRedBytes = VEC_BYTES) where
 * it has AVX, SSE's 16 bytes in DEFAULT.  (GCC 12 turns every comparison of
 * a 32-byte vector into scalar code when it has no 32-byte registers, and
 * the reductions are made of comparisons; the elementwise loops above keep
 * Vectorized<float>'s 32 bytes.) */
#if defined(__AVX__)
enum { kRedBytes = VEC_BYTES };
#else
enum { kRedBytes = 16 };
#endif
enum { kRedLanes = kRedBytes / 4 };
typedef float rvec __attribute__((vector_size(kRedBytes)));
typedef int32_t rivec __attribute__((vector_size(kRedBytes)));
static inline rvec rload(const float* p) {
  rvec v;
  memcpy(&v, p, sizeof v);
  return v;
}
/* f in every lane, its bits copied: (rvec){0} + f would turn -0.0 into
 * +0.0, and the sign of a zero is part of the reductions' answer. */
static inline rvec rsplat(float f) {
  rvec v;
  for (int l = 0; l < kRedLanes; l++) v[l] = f;
  return v;
}

/* Whether some lane of a mask is set: the lanes ORed as 64-bit words (a
 * vector OR, then a test of one register, where the compiler sees it). */
typedef uint64_t rqvec __attribute__((vector_size(kRedBytes)));
static inline bool any_lane(rivec mask) {
  rqvec q = (rqvec)mask;
  uint64_t r = 0;
  for (int l = 0; l < kRedBytes / 8; l++) r |= q[l];
  return r != 0;
}

/* The lanes where x or y is a NaN: (x != x) | (y != y), which is one
 * unordered compare of x with y (cmpunordps: AVX's on 32-byte halves where
 * the capability has AVX, SSE's in DEFAULT). */
static inline rivec unordered(rvec x, rvec y) {
#if defined(__AVX__)
  rivec r;
  for (int h = 0; h < kRedBytes / 32; h++) {
    __m256 xh, yh;
    memcpy(&xh, (const char*)&x + 32 * h, 32);
    memcpy(&yh, (const char*)&y + 32 * h, 32);
    __m256 u = _mm256_cmp_ps(xh, yh, _CMP_UNORD_Q);
    memcpy((char*)&r + 32 * h, &u, 32);
  }
  return r;
#elif defined(__SSE2__)
  rivec r;
  for (int h = 0; h < kRedBytes / 16; h++) {
    __m128 xh, yh;
    memcpy(&xh, (const char*)&x + 16 * h, 16);
    memcpy(&yh, (const char*)&y + 16 * h, 16);
    __m128 u = _mm_cmpunord_ps(xh, yh);
    memcpy((char*)&r + 16 * h, &u, 16);
  }
  return r;
#else
  return (x != x) | (y != y);
#endif
}

/* where(x > m, x, m) for max, where(x < m, x, m) for min, lane by lane: m
 * unless x is greater (less), so a NaN or an equal value (-0.0 against
 * 0.0) leaves m.  That is x86's maxps/minps exactly (the second operand
 * unless the first compares greater), one instruction instead of a compare
 * and a blend: AVX's on 32-byte halves where the capability has AVX (the
 * AVX512 copy's 64-byte vectors as two halves, as store_stream does), SSE's
 * in DEFAULT; the compare and the blend elsewhere. */
static inline rvec extreme_lanes(bool max, rvec x, rvec m) {
#if defined(__AVX__)
  for (int h = 0; h < kRedBytes / 32; h++) {
    __m256 xh, mh;
    memcpy(&xh, (const char*)&x + 32 * h, 32);
    memcpy(&mh, (const char*)&m + 32 * h, 32);
    mh = max ? _mm256_max_ps(xh, mh) : _mm256_min_ps(xh, mh);
    memcpy((char*)&m + 32 * h, &mh, 32);
  }
  return m;
#elif defined(__SSE2__)
  for (int h = 0; h < kRedBytes / 16; h++) {
    __m128 xh, mh;
    memcpy(&xh, (const char*)&x + 16 * h, 16);
    memcpy(&mh, (const char*)&m + 16 * h, 16);
    mh = max ? _mm_max_ps(xh, mh) : _mm_min_ps(xh, mh);
    memcpy((char*)&m + 16 * h, &mh, 16);
  }
  return m;
#else
  rivec beats = max ? x > m : x < m;
  return (rvec)((beats & (rivec)x) | (~beats & (rivec)m));
#endif
}

/* The first m (< kRedLanes) floats at p, the other lanes pad (extreme_pass
 * pads with a[0], which beats no lane, and is a NaN only if one was seen). */
static inline rvec load_padded(const float* p, int64_t m, float pad) {
  rvec v = rsplat(pad);
  memcpy(&v, p, (size_t)m * sizeof(float));
  return v;
}

/* What the first pass learns of n >= 1 floats: the greatest (least)
 * non-NaN value (a zero of either sign if the extreme is zero), whether a
 * NaN was among them, and for a zero extreme the signs of the zeros the
 * lanes ended with (bit 0: +0.0, bit 1: -0.0; see the Note). */
typedef struct ExtremePass {
  float extreme;
  bool nan;
  int zero_signs;
} ExtremePass;

static inline __attribute__((always_inline)) ExtremePass extreme_pass(bool max, const float* a, int64_t n) {
  /* Four vectors a step, in two independent chains of extreme_lanes (even
   * and odd vectors), so that one does not wait for the previous vector's
   * result; the NaN masks of a step ORed together before they meet their
   * accumulator.  (Four chains and the masks need more than AVX2's 16
   * registers.) */
  rvec m[2] = {rsplat(a[0]), rsplat(a[0])};
  rivec nan = {0};
  int64_t i = 0;
  for (; i + 4 * kRedLanes <= n; i += 4 * kRedLanes) {
    rvec x[4];
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) {
      x[k] = rload(a + i + k * kRedLanes);
      m[k % 2] = extreme_lanes(max, x[k], m[k % 2]);
    }
    nan |= unordered(x[0], x[1]) | unordered(x[2], x[3]);
  }
  for (; i < n; i += kRedLanes) {
    rvec x = i + kRedLanes <= n ? rload(a + i) : load_padded(a + i, n - i, a[0]);
    m[0] = extreme_lanes(max, x, m[0]);
    nan |= x != x;
  }
  ExtremePass r = {m[0][0], any_lane(nan), 0};
  for (int c = 0; c < 2; c++)
    for (int l = 0; l < kRedLanes; l++)
      if (max ? m[c][l] > r.extreme : m[c][l] < r.extreme) r.extreme = m[c][l];
  if (r.extreme == 0)
    for (int c = 0; c < 2; c++)
      for (int l = 0; l < kRedLanes; l++)
        if (m[c][l] == 0) r.zero_signs |= signbit(m[c][l]) ? 2 : 1;
  return r;
}

enum { kFindBlock = 4 }; /* vectors compared between two tests of the hits */

/* The index of the first of n floats that is a NaN (nan) or equals v, n if
 * none: kFindBlock vectors compared per step, their hits ORed and tested
 * once; only the block with a hit is looked at element by element. */
static inline __attribute__((always_inline)) int64_t find_first(const float* a, int64_t n, bool nan, float v) {
  rvec y = rsplat(v);
  int64_t i = 0;
  for (; i + kFindBlock * kRedLanes <= n; i += kFindBlock * kRedLanes) {
    rivec hits = {0};
    for (int k = 0; k < kFindBlock; k++) {
      rvec x = rload(a + i + k * kRedLanes);
      hits |= nan ? x != x : x == y;
    }
    if (any_lane(hits)) break;
  }
  for (; i < n; i++)
    if (nan ? a[i] != a[i] : a[i] == v) return i;
  return n;
}

/* The extreme of n >= 1 contiguous floats, as amax (max) or amin takes it:
 * the first NaN, else the greatest (least) value, a zero with the sign of
 * the first zero.  See Note [Extremes in two passes].
 * PyTorch 1.13: native/cpu/ReduceOpsKernel.cpp max_values_kernel_impl,
 * min_values_kernel_impl; native/SharedReduceOps.h (max_impl, min_impl) */
static inline __attribute__((always_inline)) float extreme_loop(bool max, const float* a, int64_t n) {
  ExtremePass p = extreme_pass(max, a, n);
  if (p.nan) return a[find_first(a, n, true, 0)];
  if (p.extreme == 0) {
    if (p.zero_signs == 1) return 0.0f; /* every lane's first zero, so the first of all, is +0.0 */
    if (p.zero_signs == 2) return -0.0f;
    return a[find_first(a, n, false, 0)]; /* lanes disagree: the first zero, in order */
  }
  return p.extreme;
}
static float extreme_float(const float* a, int64_t n, bool max) {
  return max ? extreme_loop(true, a, n) : extreme_loop(false, a, n);
}

/* The index of that element: the first NaN, else the first element equal
 * to the extreme.
 * PyTorch 1.13: native/cpu/ReduceOpsKernel.cpp argmax_kernel_impl,
 * argmin_kernel_impl; native/SharedReduceOps.h ArgMaxOps, ArgMinOps */
static inline __attribute__((always_inline)) int64_t arg_extreme_loop(bool max, const float* a, int64_t n) {
  ExtremePass p = extreme_pass(max, a, n);
  return find_first(a, n, p.nan, p.extreme);
}
static int64_t arg_extreme_float(const float* a, int64_t n, bool max) {
  return max ? arg_extreme_loop(true, a, n) : arg_extreme_loop(false, a, n);
}

/* any/all: whether some element of n compares (zero ? == : !=) to zero.
 * any is has_nonzero, all is !has_zero; both stop at the first block with
 * a hit.  PyTorch 1.13: native/cpu/ReduceOpsKernel.cpp and_kernel_impl,
 * or_kernel_impl */
static bool has_float(const float* a, int64_t n, bool zero) {
  int64_t i = 0;
  for (; i + kFindBlock * kRedLanes <= n; i += kFindBlock * kRedLanes) {
    rivec hits = {0};
    for (int k = 0; k < kFindBlock; k++) {
      rvec x = rload(a + i + k * kRedLanes);
      hits |= zero ? x == 0 : x != 0; /* -0.0 == 0; NaN != 0 */
    }
    if (any_lane(hits)) return true;
  }
  for (; i < n; i++)
    if (zero ? a[i] == 0 : a[i] != 0) return true;
  return false;
}

/* The same for 1-byte elements (bool, uint8, int8: nonzero byte, nonzero
 * element). */
typedef uint8_t ru8vec __attribute__((vector_size(kRedBytes)));
static bool has_byte(const uint8_t* a, int64_t n, bool zero) {
  int64_t i = 0;
  for (; i + kFindBlock * kRedBytes <= n; i += kFindBlock * kRedBytes) {
    ru8vec hits = {0};
    for (int k = 0; k < kFindBlock; k++) {
      ru8vec x;
      memcpy(&x, a + i + k * kRedBytes, sizeof x);
      hits |= (ru8vec)(zero ? x == 0 : x != 0);
    }
    if (any_lane((rivec)hits)) return true;
  }
  for (; i < n; i++)
    if (zero ? a[i] == 0 : a[i] != 0) return true;
  return false;
}

/* ---- the table ---------------------------------------------------------------- */

static const VecLoops vec_loops = {
    .capability = CAPABILITY_ENUM(CPU_CAPABILITY),
    .where_float = where_float,
    .transpose_4 = transpose_4,
    .extreme_float = extreme_float,
    .arg_extreme_float = arg_extreme_float,
    .has_float = has_float,
    .has_byte = has_byte,
};

static const VecLoops* vec_loops_kernel(void) { return &vec_loops; }
REGISTER_DISPATCH(vec_loops_fn, vec_loops_stub, vec_loops_kernel);
