/*
 * CopyKernel.c - the transposed copy of 4-byte elements, its tiles
 * transposed in registers, compiled once per CPU capability and registered
 * into transpose_4_stub (Note [CPU capability dispatch] in
 * ops/DispatchStub.h); ops/Copy.c calls it for a float or int32 copy whose
 * source is the transpose of its destination.
 * NB(minaten): 1.13's copy_same_type_transpose_ (native/Copy.cpp) is
 * compiled once, at DEFAULT; minaten compiles its tiles per capability, which
 * changes no value (a copy moves bits).
 *
 * PyTorch 1.13: aten/src/ATen/native/cpu/CopyKernel.cpp (the copy kernels' file),
 * native/Copy.cpp copy_same_type_transpose_, ATen/cpu/vec/vec256 transpose_mxn
 */
#include <string.h>

#include "ops/DispatchStub.h"
#include "ops/cpu/CopyKernel.h"
#include "ops/cpu/vec.h"

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

REGISTER_DISPATCH(transpose_4_fn, transpose_4_stub, transpose_4);
