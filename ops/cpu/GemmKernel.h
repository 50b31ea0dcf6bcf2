/*
 * GemmKernel.h - one variant of the blocked gemm: included by BlasKernel.c
 * once per dtype, and so once per (dtype, CPU capability), BlasKernel.c
 * being compiled once per capability.  See Note [BLIS loops] in BlasKernel.c
 * for what the loops do and why.
 *
 * The includer defines:
 *   GEMM_T          the element type, float or double
 *   GEMM_SUFFIX     the variant's name: the functions are gemm_<suffix>...
 *   GEMM_VEC_BYTES  the vector width the capability has (16, 32 or 64)
 * and kMR, kKC, kMC, kNC (BlasKernel.c).  The source is the same for every
 * variant: only the vector width and the instructions the compiler may use
 * differ, so the AVX-512 variant is the AVX2 one, wider.
 *
 * Vectors are GCC's vector extension: `Vec x = ...; acc += s * x` is eight
 * (or 4, 16...) lanes at once, `s` a scalar broadcast to every lane.  With
 * -ffp-contract=fast (CMakeLists.txt, for BlasKernel.c's copies only) `acc += a * b`
 * becomes one fused multiply-add where the capability has FMA.  Loads and
 * stores go through memcpy, which compiles to one unaligned vector move.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Parallel.h"

#define GEMM_CAT2(a, b) a##_##b
#define GEMM_CAT(a, b) GEMM_CAT2(a, b)
#define FN(name) GEMM_CAT(name, GEMM_SUFFIX)
#define T GEMM_T
#define Vec FN(Vec)
#define LANES ((int64_t)(GEMM_VEC_BYTES / sizeof(GEMM_T)))
#define NR (2 * LANES) /* the micro-tile's columns: two vectors */

typedef T Vec __attribute__((vector_size(GEMM_VEC_BYTES)));

/* Where a micro-tile goes: C's corner at c = beta * C + alpha * the tile,
 * C's strides, and ab, a scratch tile for the edges. */
typedef struct FN(TileOut) {
  T alpha, beta;
  int64_t rsc, csc;
  T* ab;
} FN(TileOut);

/* The mr x nr corner (mr <= kMR, nr <= NR) of C at c = beta * C + alpha *
 * the same corner of the tile ab (row by row); C is not read when beta is
 * 0.  For an edge of C, or C strided. */
static void FN(update_edge)(const FN(TileOut)* out, T* restrict c, int64_t mr, int64_t nr) {
  for (int64_t i = 0; i < mr; i++)
    for (int64_t j = 0; j < nr; j++) {
      T* cp = c + i * out->rsc + j * out->csc;
      T v = out->alpha * out->ab[i * NR + j];
      *cp = out->beta != 0 ? out->beta * *cp + v : v;
    }
}

/*
 * The micro-kernel: the mr x nr corner of C at c (mr <= kMR, nr <= NR) =
 * beta * C + alpha * (a kMR x kc panel of A @ a kc x NR panel of B), A's
 * element (i, p) at a[i * rsa + p * csa] and B's row p at b + p * rsb:
 * packed, (rsa, csa) = (1, kMR) and rsb = NR; read in place, the
 * operands' own strides (Note [Small products in place] in BlasKernel.c).
 * The 2 * kMR accumulators stay in registers for the whole
 * k loop: each step loads two vectors of B's row p, broadcasts each of A's
 * kMR values of column p, and does 2 * kMR multiply-adds (with AVX2
 * floats: 12 accumulators, B's two vectors and the broadcast, 15 of the 16
 * vector registers).  Then a whole tile of rows of C is updated from the
 * registers; an edge goes through out->ab.  Not inlined: gdb and perf see
 * it by name, as they see BLIS's and OpenBLAS's kernels.
 */
/* The micro-kernel's k loop into acc.  Inlined twice, once with the
 * packed operands' strides as constants (rsa 1, csa kMR, rsb NR), so that
 * its addresses are constant offsets from two pointers. */
static inline __attribute__((always_inline)) void FN(micro_loop)(int64_t kc, const T* restrict a, int64_t rsa,
                                                                 int64_t csa, const T* restrict b, int64_t rsb,
                                                                 Vec acc[kMR][2]) {
  for (int64_t p = 0; p < kc; p++) {
    Vec b0, b1;
    memcpy(&b0, b + p * rsb, sizeof b0);
    memcpy(&b1, b + p * rsb + LANES, sizeof b1);
#pragma GCC unroll 16
    for (int i = 0; i < kMR; i++) {
      T ai = a[i * rsa + p * csa];
      acc[i][0] += ai * b0;
      acc[i][1] += ai * b1;
    }
  }
}

static __attribute__((noinline)) void FN(micro_kernel)(int64_t kc, const T* restrict a, int64_t rsa, int64_t csa,
                                                       const T* restrict b, int64_t rsb, const FN(TileOut)* out,
                                                       T* restrict c, int64_t mr, int64_t nr) {
  Vec acc[kMR][2];
  for (int i = 0; i < kMR; i++) acc[i][0] = acc[i][1] = (Vec){0};
  if (rsa == 1 && csa == kMR && rsb == NR) FN(micro_loop)(kc, a, 1, kMR, b, NR, acc);
  else FN(micro_loop)(kc, a, rsa, csa, b, rsb, acc);
  if (mr == kMR && nr == NR && out->csc == 1) { /* a whole tile of rows in C: vectors */
    T alpha = out->alpha, beta = out->beta;
#pragma GCC unroll 16
    for (int i = 0; i < kMR; i++)
#pragma GCC unroll 2
      for (int h = 0; h < 2; h++) {
        T* row = c + i * out->rsc + h * LANES;
        Vec v = alpha * acc[i][h];
        if (beta != 0) {
          Vec old;
          memcpy(&old, row, sizeof old);
          v += beta * old;
        }
        memcpy(row, &v, sizeof v);
      }
    return;
  }
  for (int i = 0; i < kMR; i++) /* each vector on its own: acc stays in registers */
    for (int h = 0; h < 2; h++) memcpy(out->ab + i * NR + h * LANES, &acc[i][h], sizeof acc[i][h]);
  FN(update_edge)(out, c, mr, nr);
}

/* Packs the mc x kc block of A at a into panels of kMR rows, each stored
 * column by column (kMR values of column p, then of column p + 1...), the
 * last panel padded with zeros: what the micro-kernel reads in order.  A
 * whole panel reads its kMR rows side by side, a loop of constant length:
 * kMR streams from memory at once where A is row-major. */
static __attribute__((noinline)) void FN(pack_a)(int64_t mc, int64_t kc, const T* a, int64_t rsa, int64_t csa,
                                                 T* restrict ap) {
  for (int64_t i0 = 0; i0 < mc; i0 += kMR) {
    int64_t mr = mc - i0 < kMR ? mc - i0 : kMR;
    const T* panel = a + i0 * rsa;
    for (int64_t p = 0; p < kc; p++) {
      if (mr == kMR) {
#pragma GCC unroll 16
        for (int i = 0; i < kMR; i++) ap[i] = panel[i * rsa + p * csa];
      } else {
        for (int64_t i = 0; i < mr; i++) ap[i] = panel[i * rsa + p * csa];
        for (int64_t i = mr; i < kMR; i++) ap[i] = 0;
      }
      ap += kMR;
    }
  }
}

/* Packs the kc x nc block of B at b into panels of NR columns, each stored
 * row by row, the last panel padded with zeros.  A row-major B is read row
 * by row (each row's NR-column pieces go to their panels in turn), so that
 * memory is read in order; otherwise panel by panel. */
static void FN(pack_b)(int64_t kc, int64_t nc, const T* b, int64_t rsb, int64_t csb, T* restrict bp) {
  if (csb == 1) {
    for (int64_t p = 0; p < kc; p++)
      for (int64_t j0 = 0; j0 < nc; j0 += NR) {
        int64_t nr = nc - j0 < NR ? nc - j0 : NR;
        T* dst = bp + j0 * kc + p * NR; /* panel j0 / NR, row p */
        if (nr == NR) {
          memcpy(dst, b + p * rsb + j0, NR * sizeof(T));
        } else {
          memcpy(dst, b + p * rsb + j0, (size_t)nr * sizeof(T));
          for (int64_t j = nr; j < NR; j++) dst[j] = 0;
        }
      }
    return;
  }
  for (int64_t j0 = 0; j0 < nc; j0 += NR) {
    int64_t nr = nc - j0 < NR ? nc - j0 : NR;
    const T* panel = b + j0 * csb;
    for (int64_t p = 0; p < kc; p++) {
      for (int64_t j = 0; j < nr; j++) bp[j] = panel[p * rsb + j * csb];
      for (int64_t j = nr; j < NR; j++) bp[j] = 0;
      bp += NR;
    }
  }
}

/* sum of x[i] * y[i] for i < n, both contiguous: 4 vectors of partial sums
 * side by side, then their lanes in order, then the tail. */
static T FN(dot_contiguous)(int64_t n, const T* restrict x, const T* restrict y) {
  Vec acc[4];
  memset(acc, 0, sizeof acc);
  int64_t i = 0;
  for (; i + 4 * LANES <= n; i += 4 * LANES)
#pragma GCC unroll 4
    for (int u = 0; u < 4; u++) {
      Vec xv, yv;
      memcpy(&xv, x + i + u * LANES, sizeof xv);
      memcpy(&yv, y + i + u * LANES, sizeof yv);
      acc[u] += xv * yv;
    }
  Vec total = (acc[0] + acc[1]) + (acc[2] + acc[3]);
  T lanes[LANES];
  memcpy(lanes, &total, sizeof lanes);
  T sum = 0;
  for (int64_t l = 0; l < LANES; l++) sum += lanes[l];
  for (; i < n; i++) sum += x[i] * y[i];
  return sum;
}

/* The dot products of kGemvRows contiguous rows of A (rows a, a + rsa,
 * ...) with x, into sums: each row's products summed in one vector of
 * partial sums, then its lanes in order, then the tail.  x's vectors are
 * loaded once for all the rows, and the rows are as many streams from
 * memory at once, which a matrix bigger than the caches needs to be read
 * at the memory's speed. */
static void FN(dot_rows_contiguous)(int64_t n, const T* restrict a, int64_t rsa, const T* restrict x,
                                    T* restrict sums) {
  Vec acc[kGemvRows];
  memset(acc, 0, sizeof acc);
  int64_t i = 0;
  for (; i + LANES <= n; i += LANES) {
    Vec xv;
    memcpy(&xv, x + i, sizeof xv);
#pragma GCC unroll 8
    for (int r = 0; r < kGemvRows; r++) {
      Vec av;
      memcpy(&av, a + r * rsa + i, sizeof av);
      acc[r] += av * xv;
    }
  }
  for (int r = 0; r < kGemvRows; r++) {
    T lanes[LANES];
    memcpy(lanes, &acc[r], sizeof lanes);
    T sum = 0;
    for (int64_t l = 0; l < LANES; l++) sum += lanes[l];
    for (int64_t j = i; j < n; j++) sum += a[r * rsa + j] * x[j];
    sums[r] = sum;
  }
}

/* The operands of one gemv, and its scratch vector of m sums. */
typedef struct FN(Gemv) {
  int64_t m, k;
  const T* a;
  int64_t rsa, csa;
  const T* x;
  int64_t incx;
  T* sums;
} FN(Gemv);

/* sums[i] = A's row i . x for the rows of the groups [begin, end) of
 * kGemvRows rows: the rows' dot products when they are contiguous, else a
 * sum of A's columns (their part in those rows) scaled by x, else one
 * product at a time. */
static void FN(gemv_rows)(void* ctx, int64_t begin, int64_t end) {
  const FN(Gemv)* g = ctx;
  int64_t i0 = begin * kGemvRows, i1 = end * kGemvRows < g->m ? end * kGemvRows : g->m;
  const T* a = g->a;
  const T* x = g->x;
  T* sums = g->sums;
  if (g->csa == 1 && g->incx == 1) {
    int64_t i = i0;
    for (; i + kGemvRows <= i1; i += kGemvRows) FN(dot_rows_contiguous)(g->k, a + i * g->rsa, g->rsa, x, sums + i);
    for (; i < i1; i++) sums[i] = FN(dot_contiguous)(g->k, a + i * g->rsa, x);
  } else if (g->rsa == 1) {
    memset(sums + i0, 0, (size_t)(i1 - i0) * sizeof(T));
    for (int64_t p = 0; p < g->k; p++) {
      const T* column = a + p * g->csa;
      T xp = x[p * g->incx];
      int64_t i = i0;
      for (; i + LANES <= i1; i += LANES) {
        Vec sv, col;
        memcpy(&sv, sums + i, sizeof sv);
        memcpy(&col, column + i, sizeof col);
        sv += xp * col;
        memcpy(sums + i, &sv, sizeof sv);
      }
      for (; i < i1; i++) sums[i] += xp * column[i];
    }
  } else {
    for (int64_t i = i0; i < i1; i++) {
      T sum = 0;
      for (int64_t p = 0; p < g->k; p++) sum += a[i * g->rsa + p * g->csa] * x[p * g->incx];
      sums[i] = sum;
    }
  }
}

/*
 * The matrix-vector product (n == 1): y[m] = beta * y + alpha * A[m x k] @ x.
 * Packing would pad x's one column to NR, so this takes its own loops: a
 * dot product per row when A's rows are contiguous, otherwise a sum of A's
 * columns scaled by x (each column contiguous when A is transposed) into a
 * scratch vector of m sums; groups of kGemvRows rows split over the
 * intra-op threads (Note [A gemm on threads] in BlasKernel.c).  0, or -1
 * when the scratch cannot be allocated.
 * PyTorch 1.13: native/cpu/BlasKernel.cpp gemv (its non-BLAS loops)
 */
static int FN(gemv)(int64_t m, int64_t k, T alpha, const T* a, int64_t rsa, int64_t csa, const T* x,
                                int64_t incx, T beta, T* y, int64_t incy) {
  T* sums = malloc((size_t)m * sizeof(T));
  if (sums == NULL) return -1;
  FN(Gemv) g = {m, k, a, rsa, csa, x, incx, sums};
  /* the row groups over the intra-op threads, kGemmGrain multiply-adds a share at least */
  at_parallel_for(0, (m + kGemvRows - 1) / kGemvRows, kGemmGrain / (kGemvRows * k) + 1, FN(gemv_rows), &g);
  for (int64_t i = 0; i < m; i++) {
    T v = alpha * sums[i];
    y[i * incy] = beta != 0 ? beta * y[i * incy] + v : v;
  }
  free(sums);
  return 0;
}

/* pack_b's arguments, for the panels a thread packs. */
typedef struct FN(PackB) {
  int64_t kc, nc;
  const T* b;
  int64_t rsb, csb;
  T* bp;
} FN(PackB);

/* pack_b of the NR-column panels [begin, end). */
static void FN(pack_b_panels)(void* ctx, int64_t begin, int64_t end) {
  const FN(PackB)* p = ctx;
  int64_t j0 = begin * NR, j1 = end * NR < p->nc ? end * NR : p->nc;
  FN(pack_b)(p->kc, j1 - j0, p->b + j0 * p->csb, p->rsb, p->csb, p->bp + j0 * p->kc);
}

/* One KC block of loop 4, its B block packed at bp: loops 3, 2 and 1 over
 * the rows of A and C a thread was given. */
typedef struct FN(GemmBlock) {
  int64_t kc, nc, kcmax;
  T alpha, beta;
  const T* a; /* A at (0, pc) */
  int64_t rsa, csa;
  const T* bp;
  const T* b; /* B at (pc, jc), its columns before b_packed_from read in place */
  int64_t rsb, b_packed_from;
  T* c; /* C at (0, jc) */
  int64_t rsc, csc, m;
  bool a_in_place; /* A's whole panels read where they are, unpacked */
  bool failed;     /* a thread could not allocate its packed A */
} FN(GemmBlock);

/* Loops 3, 2 and 1 over the row panels [begin, end) (kMR rows each) of A
 * and C, in blocks of kMC rows, A's block packed into a buffer of this
 * thread's own. */
static void FN(gemm_rows)(void* ctx, int64_t begin, int64_t end) {
  FN(GemmBlock)* g = ctx;
  T* ap = aligned_alloc(64, ((size_t)(kMC * g->kcmax) * sizeof(T) + 63) / 64 * 64);
  if (ap == NULL) {
    g->failed = true; /* a bool written only to true: any thread may */
    return;
  }
  T ab[kMR * NR] __attribute__((aligned(64))); /* one micro-tile of A @ B, for the edges */
  FN(TileOut) out = {g->alpha, g->beta, g->rsc, g->csc, ab};
  int64_t row_end = end * kMR < g->m ? end * kMR : g->m;
  for (int64_t ic = begin * kMR; ic < row_end; ic += kMC) { /* loop 3: MC rows of A and C */
    int64_t mc = row_end - ic < kMC ? row_end - ic : kMC;
    int64_t packed_from = g->a_in_place ? mc - mc % kMR : 0; /* in place: only a last, partial panel */
    FN(pack_a)(mc - packed_from, g->kc, g->a + (ic + packed_from) * g->rsa, g->rsa, g->csa, ap);
    for (int64_t jr = 0; jr < g->nc; jr += NR)     /* loop 2: NR columns */
      for (int64_t ir = 0; ir < mc; ir += kMR) { /* loop 1: kMR rows */
        int64_t mr = mc - ir < kMR ? mc - ir : kMR, nr = g->nc - jr < NR ? g->nc - jr : NR;
        T* c = g->c + (ic + ir) * g->rsc + jr * g->csc;
        const T* b = jr < g->b_packed_from ? g->b + jr : g->bp + (jr - g->b_packed_from) * g->kc;
        int64_t rsb = jr < g->b_packed_from ? g->rsb : NR;
        if (ir < packed_from)
          FN(micro_kernel)(g->kc, g->a + (ic + ir) * g->rsa, g->rsa, g->csa, b, rsb, &out, c, mr, nr);
        else
          FN(micro_kernel)(g->kc, ap + (ir - packed_from) * g->kc, 1, kMR, b, rsb, &out, c, mr, nr);
      }
  }
  free(ap);
}

/* C = beta * C + alpha * A @ B: Note [BLIS loops], loop 3's rows split
 * over the intra-op threads (Note [A gemm on threads] in BlasKernel.c).
 * 0, or -1 (out of memory, C partly written: the caller sets the error). */
static int FN(gemm)(int64_t m, int64_t n, int64_t k, T alpha, const T* a, int64_t rsa, int64_t csa,
                                const T* b, int64_t rsb, int64_t csb, T beta, T* c, int64_t rsc, int64_t csc) {
  if (m == 0 || n == 0) return 0;
  if (k == 0 || alpha == 0) { /* no product: C = beta * C, never reading C when beta is 0 */
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        T* cp = c + i * rsc + j * csc;
        *cp = beta != 0 ? beta * *cp : 0;
      }
    return 0;
  }
  /* One row or one column: a matrix-vector product (C's row is the
   * transposed problem's column: B^T A^T). */
  if (n == 1) return FN(gemv)(m, k, alpha, a, rsa, csa, b, rsb, beta, c, rsc);
  if (m == 1) return FN(gemv)(n, k, alpha, b, csb, rsb, a, csa, beta, c, csc);

  int64_t ncmax = (n < kNC ? n : kNC) + NR - 1;
  ncmax -= ncmax % NR;
  int64_t kcmax = k < kKC ? k : kKC;
  T* bp = aligned_alloc(64, ((size_t)(kcmax * ncmax) * sizeof(T) + 63) / 64 * 64);
  if (bp == NULL) return -1;
  int64_t panels = (m + kMR - 1) / kMR;
  /* Note [Small products in place] in BlasKernel.c: A read in place when
   * the product is one block or A is row-major, B when it is one block */
  bool small = m <= kMC && k <= kKC && n <= kNC;
  FN(GemmBlock) g = {.kcmax = kcmax, .alpha = alpha, .rsa = rsa, .csa = csa, .bp = bp, .rsc = rsc, .csc = csc,
                     .m = m, .a_in_place = small || csa == 1, .failed = false};
  for (int64_t jc = 0; jc < n && !g.failed; jc += kNC) { /* loop 5: NC columns of B and C */
    g.nc = n - jc < kNC ? n - jc : kNC;
    for (int64_t pc = 0; pc < k && !g.failed; pc += kKC) { /* loop 4: KC of the k dimension */
      g.kc = k - pc < kKC ? k - pc : kKC;
      g.b = b + pc * rsb + jc * csb;
      g.rsb = rsb;
      g.b_packed_from = small && csb == 1 ? g.nc - g.nc % NR : 0;
      FN(PackB) pb = {g.kc, g.nc - g.b_packed_from, g.b + g.b_packed_from, rsb, csb, bp};
      at_parallel_for(0, (pb.nc + NR - 1) / NR, kGemmPackGrain / (g.kc * NR) + 1, FN(pack_b_panels), &pb);
      g.beta = pc == 0 ? beta : 1; /* later KC blocks add to what the first wrote */
      g.a = a + pc * csa;
      g.c = c + jc * csc;
      /* a thread's share: at least kGemmGrain multiply-adds */
      at_parallel_for(0, panels, kGemmGrain / (kMR * g.kc * g.nc) + 1, FN(gemm_rows), &g);
    }
  }
  free(bp);
  return g.failed ? -1 : 0;
}

#undef NR
#undef LANES
#undef Vec
#undef T
#undef FN
#undef GEMM_CAT
#undef GEMM_CAT2
