/*
 * vec.h - the vector type every CPU kernel file computes with, and its
 * loads and stores: included by the ops/cpu/ kernel files, each compiled
 * once per CPU capability (Note [CPU capability dispatch] in
 * ops/DispatchStub.h), so the width follows the copy.
 *
 * A vector is written with GCC's vector extensions (vector_size): the
 * compiler turns a 32-byte vector into two SSE registers in DEFAULT, one
 * AVX register in AVX2; AVX512 uses 64-byte vectors.  Everything here is
 * static inline: each copy of each kernel file has its own.
 *
 * PyTorch 1.13: aten/src/ATen/cpu/vec/vec.h, vec256/vec256_float.h
 * (Vectorized<float>: loadu, store, the blend of where), vec512/
 */
#ifndef MINATEN_OPS_CPU_VEC_H
#define MINATEN_OPS_CPU_VEC_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <immintrin.h> /* the streaming stores only: Note [Streaming stores] */
#endif

/* One vector: 64 bytes where AVX-512 registers are, else 32 (AVX2's, and
 * two SSE registers in DEFAULT: Vectorized<float>'s width in both). */
#if defined(__AVX512F__)
#define VEC_BYTES 64
#else
#define VEC_BYTES 32
#endif
enum { kLanes = VEC_BYTES / 4 };
typedef float fvec __attribute__((vector_size(VEC_BYTES)));
typedef int32_t ivec __attribute__((vector_size(VEC_BYTES)));       /* a comparison's lanes: -1 or 0 */
typedef uint32_t uvec __attribute__((vector_size(VEC_BYTES)));
typedef int8_t bvec __attribute__((vector_size(VEC_BYTES / 4)));    /* one byte per lane */
enum { kDoubleLanes = VEC_BYTES / 8 };
typedef double dvec __attribute__((vector_size(VEC_BYTES)));      /* Vectorized<double> */

/* Vectorized<float>'s and Vectorized<double>'s transcendental functions at
 * this copy's capability, on one whole vector: Sleef's 8-lane (4-lane)
 * function at AVX2, its 16-lane (8-lane) one at AVX512, as 1.13's
 * vec256_float.h and vec512_float.h map exp, log, tanh, erf, ... (u10:
 * 1.0-ULP bounds; u15 for the few 1.13 takes at 1.5).  DEFAULT has no
 * Sleef: 1.13's DEFAULT Vectorized maps libm's function over the lanes,
 * which the kernel files write as their scalar loops.
 * PyTorch 1.13: aten/src/ATen/cpu/vec/vec256/vec256_float.h,
 * vec256_double.h, vec512/vec512_float.h, vec512_double.h */
#if defined(__AVX2__) /* the AVX512 copy too */
#include <sleef.h>
#define VEC_HAVE_SLEEF 1
#if defined(__AVX512F__)
#define SLEEF_FLOAT(fn, x) ((fvec)Sleef_##fn##f16_u10((__m512)(x)))
#define SLEEF_DOUBLE(fn, x) ((dvec)Sleef_##fn##d8_u10((__m512d)(x)))
#define SLEEF_FLOAT_U15(fn, x) ((fvec)Sleef_##fn##f16_u15((__m512)(x)))
#define SLEEF_DOUBLE_U15(fn, x) ((dvec)Sleef_##fn##d8_u15((__m512d)(x)))
#else
#define SLEEF_FLOAT(fn, x) ((fvec)Sleef_##fn##f8_u10((__m256)(x)))
#define SLEEF_DOUBLE(fn, x) ((dvec)Sleef_##fn##d4_u10((__m256d)(x)))
#define SLEEF_FLOAT_U15(fn, x) ((fvec)Sleef_##fn##f8_u15((__m256)(x)))
#define SLEEF_DOUBLE_U15(fn, x) ((dvec)Sleef_##fn##d4_u15((__m256d)(x)))
#endif
#endif

static inline fvec load(const float* p) {
  fvec v;
  memcpy(&v, p, sizeof v); /* unaligned: tensors are only 4-byte aligned in general */
  return v;
}
static inline void store(float* p, fvec v) { memcpy(p, &v, sizeof v); }
/* The first m (< kLanes) floats at p, the other lanes 0. */
static inline fvec load_partial(const float* p, int64_t m) {
  fvec v = {0};
  memcpy(&v, p, (size_t)m * sizeof(float));
  return v;
}
static inline void store_partial(float* p, fvec v, int64_t m) { memcpy(p, &v, (size_t)m * sizeof(float)); }
/*
 * Note [Streaming stores]
 * An output larger than the last-level cache is written back to memory
 * anyway, and an ordinary store first reads the line it writes into (the
 * read for ownership): out= add of 16M floats moves 64 MiB more than it
 * needs to.  x86's non-temporal stores (movntps) write whole lines through
 * write-combining buffers without reading them, as glibc's memcpy does above
 * about 3/4 of the L3's size.  So a loop whose output has at least
 * kStreamBytes streams it: the first elements up to a 32-byte boundary (16
 * in DEFAULT: SSE's movntps) go through store_partial, the whole vectors
 * through store_stream, the tail through store_partial again, then a fence
 * (sfence) orders the streamed lines before what follows.  The values are
 * the same; only the way to memory differs.  A smaller output (the chain of
 * bench_elementwise: 4 MiB tensors that the next operator reads back) stays
 * in cache.  The intrinsics are SSE's and AVX's; the AVX512 copy streams a
 * 64-byte vector as two AVX halves.  Elsewhere (not x86) store_stream is an
 * ordinary store.
 */
#if defined(__AVX__)
enum { kStreamAlign = 32 };
static inline void store_stream(float* p, fvec v) {
  for (int h = 0; h < VEC_BYTES / 32; h++) {
    __m256 half;
    memcpy(&half, (const char*)&v + 32 * h, 32);
    _mm256_stream_ps(p + 8 * h, half);
  }
}
static inline void stream_fence(void) { _mm_sfence(); }
#elif defined(__SSE2__)
enum { kStreamAlign = 16 };
static inline void store_stream(float* p, fvec v) {
  for (int h = 0; h < VEC_BYTES / 16; h++) {
    __m128 quarter;
    memcpy(&quarter, (const char*)&v + 16 * h, 16);
    _mm_stream_ps(p + 4 * h, quarter);
  }
}
static inline void stream_fence(void) { _mm_sfence(); }
#else
enum { kStreamAlign = 4 };
static inline void store_stream(float* p, fvec v) { store(p, v); }
static inline void stream_fence(void) {}
#endif
#define kStreamBytes ((int64_t)16 << 20) /* half of a 32 MiB L3 */

/* How many of n floats at o to store ordinarily before the streamed ones:
 * n when the output is too small to stream, else the elements before
 * o's first kStreamAlign boundary (n also for an o not 4-byte aligned,
 * which no boundary can be reached from). */
static inline int64_t stream_start(const float* o, int64_t n) {
  if (n * (int64_t)sizeof(float) < kStreamBytes || (uintptr_t)o % sizeof(float) != 0) return n;
  return (int64_t)((kStreamAlign - (uintptr_t)o % kStreamAlign) % kStreamAlign / sizeof(float));
}

/* mask ? a : b, lane by lane (C has no ?: on vectors). */
static inline fvec where(ivec mask, fvec a, fvec b) { return (fvec)((mask & (ivec)a) | (~mask & (ivec)b)); }
/* f in every lane, its bits copied (not 0 + f, which turns -0.0 into +0.0). */
static inline fvec splat(float f) {
  fvec v;
  for (int i = 0; i < kLanes; i++) v[i] = f;
  return v;
}

#endif
