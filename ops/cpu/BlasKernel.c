/*
 * BlasKernel.c - the gemm of Float and Double tensors (mm, bmm, mv, dot and
 * what matmul folds into them), blocked as BLIS blocks it, compiled once per
 * CPU capability and registered into gemm_float_stub and gemm_double_stub
 * (Note [CPU capability dispatch] in ops/DispatchStub.h; the entry points
 * are ops/CPUBlas.c's).
 *
 * PyTorch 1.13 calls a BLAS here (Debian's: the reference netlib BLAS, one
 * multiply-add at a time); built without one it runs cpublas_gemm_impl,
 * plain loops.  minaten has its own, after the BLIS papers (Van Zee and van
 * de Geijn, "BLIS: A Framework for Rapidly Instantiating BLAS
 * Functionality", 2015; Low et al., "Analytical Modeling Is Enough for
 * High-Performance BLIS", 2016).
 *
 * Note [BLIS loops]
 * C += A @ B with A m x k, B k x n.  The work is a micro-kernel that keeps
 * a kMR x NR tile of C in registers (6 x 16 floats with AVX2: 12 vector
 * accumulators of the 16 registers) while it runs down k, doing 2 * kMR
 * fused multiply-adds for 2 vector loads and kMR broadcasts: compute, not
 * memory, bounds it, if its operands come from cache.  Five loops around it
 * make sure they do, each named as BLIS names it:
 *
 *   loop 5 (jc): B and C in slices of kNC columns
 *     loop 4 (pc): k in blocks of kKC: pack B[pc:pc+kc, jc:jc+nc] into
 *                  panels of NR columns, row by row (it stays in L3/L2)
 *       loop 3 (ic): A and C in blocks of kMC rows: pack A[ic:ic+mc,
 *                    pc:pc+kc] into panels of kMR rows, column by column
 *                    (it stays in L2)
 *         loop 2 (jr): one NR-column panel of packed B (kc x NR: in L1)
 *           loop 1 (ir): one kMR-row panel of packed A: the micro-kernel
 *
 * Packing copies each block once into the order the micro-kernel reads,
 * contiguous, so the micro-kernel's loads are unit-stride whatever the
 * operands' strides: a transposed or sliced operand costs nothing more than
 * a contiguous one.  The edges (m not a multiple of kMR, n of NR) are
 * packed with zeros, and the micro-kernel writes back only the part of its
 * tile that exists.  beta applies in the first KC block; the next ones add.
 *
 * Note [Small products in place]
 * When the whole product is one block (m <= kMC, k <= kKC, n <= kNC: bmm's
 * small matrices), packing is a copy of every operand read once, and on
 * operands fresh from memory it took a quarter of the time.  Then the
 * micro-kernel reads A's whole panels of kMR rows where they are (any
 * strides), and B's whole panels of NR columns where they are when B is
 * row-major; only a last, partial panel (the edges) is packed, with its
 * zeros.  The arithmetic is the same either way, and so are the results.
 * A row-major A (unit column stride) is read in place at any size: its
 * panel's kMR rows are kMR streams the prefetcher follows, where packing
 * them gathers one element at a time (4% of a 1024 x 1024 product's time
 * at AVX-512, which then ran at 0.97x OpenBLAS's time instead of 1.04x).
 *
 * Summation order: C[i][j] is the sum over k of A[i][p] * B[p][j] in p's
 * order within a KC block, blocks added in turn: the reference BLAS's order
 * when k <= kKC, with FMA's one rounding where 1.13's BLAS rounds twice.
 * The matrix-vector product (n == 1 or m == 1) and dot skip the packing
 * (gemv in GemmKernel.h); a row-major matrix's dot products there sum one
 * vector of lanes per row, eight rows at a time (dot's own: 4 vectors side
 * by side), an order of their own: like any order, within 1.13's
 * tolerance, not bit for bit.
 *
 * The variants (see GemmKernel.h): this file's copies for the baseline
 * (x86-64: SSE2, 16-byte vectors), AVX2 + FMA (32 bytes) and AVX-512 (64
 * bytes), compiled with -ffp-contract=fast (CMakeLists.txt): C11 mode
 * forbids fusing `acc += a * b` into one FMA instruction, and the AVX2 and
 * AVX-512 micro-kernels are written to be fused.  The stubs pick the
 * CPU's widest at their first call, whatever ATEN_CPU_CAPABILITY says, as
 * the BLAS 1.13 calls picks its kernel (Note [The gemm's capability] in
 * ops/DispatchStub.h); tests and benchmarks call each copy through
 * cpublas_gemm_*_capability.
 *
 * PyTorch 1.13: aten/src/ATen/native/CPUBlas.cpp (cpublas::gemm),
 * native/cpu/BlasKernel.cpp (cpublas_gemm_impl, gemv),
 * native/DispatchStub.h (the choice of a CPU capability)
 */
#include "ops/cpu/BlasKernel.h"

#include <stdlib.h>
#include <string.h>


/* The vector width this copy's capability has: 16 bytes (SSE2) in
 * DEFAULT, 32 in AVX2, 64 in AVX512. */
#if defined(__AVX512F__)
#define GEMM_VEC_BYTES 64
#elif defined(__AVX2__)
#define GEMM_VEC_BYTES 32
#else
#define GEMM_VEC_BYTES 16
#endif
/* The micro-tile's rows and the blocks (in elements).  A's kMC x kKC
 * block is 288 KiB of floats, 576 KiB of doubles (L2: 1 MiB a core on the
 * development machine); a kKC x NR panel of B is 24 KiB with AVX2 (L1:
 * 32 KiB).  NR is two vectors (GemmKernel.h), so AVX2's 6 x 16 floats
 * take 12 of its 16 vector registers; AVX-512 has 32, and its tile is
 * 8 x 32 floats (16 accumulators: eight rows end the products of 512 and
 * 1024 rows on whole panels, and more rows were no faster).  Chosen by
 * bench_mm at 1 and 2 threads, AVX2 among KC 256..512 and MC 96..288 (on
 * an AMD EPYC of the Zen 4 family), AVX-512 among MR 6..14, KC 256..512
 * (Zen 5: full-width AVX-512 units).  kGemvRows: the rows gemv reads at
 * once (dot_rows_contiguous). */
#if GEMM_VEC_BYTES == 64
enum { kMR = 8 };
#else
enum { kMR = 6 };
#endif
enum { kKC = 384, kMC = 192, kNC = 4096, kGemvRows = 8 };


/*
 * Note [A gemm on threads]
 * 1.13 leaves the threads of a product to its BLAS: Debian's reference
 * BLAS runs on one, OpenBLAS on its own pool (OPENBLAS_NUM_THREADS, not
 * torch.set_num_threads).  minaten's gemm takes the intra-op threads: for
 * each KC block (loop 4), B's block is packed once and the row panels of A
 * and C are cut into one range per thread by at_parallel_for (each thread
 * packing its rows of A into a buffer of its own and running loops 3 to 1
 * over them), when each share has at least kGemmGrain multiply-adds.  Each
 * element of C is summed in the same order whatever the cut, so the
 * results do not depend on the thread count.  Inside a parallel region
 * (bmm's batches) at_parallel_for runs the whole range on its thread.
 */
enum { kGemmGrain = 1 << 18, kGemmPackGrain = 1 << 16 };

#define GEMM_T float
#define GEMM_SUFFIX float
#include "ops/cpu/GemmKernel.h"
#undef GEMM_T
#undef GEMM_SUFFIX
#define GEMM_T double
#define GEMM_SUFFIX double
#include "ops/cpu/GemmKernel.h"
#undef GEMM_T
#undef GEMM_SUFFIX

/* PyTorch 1.13: native/cpu/BlasKernel.cpp cpublas_gemm_impl (float) */
static int cpublas_gemm_impl_float(int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t rsa,
                                   int64_t csa, const float* b, int64_t rsb, int64_t csb, float beta, float* c,
                                   int64_t rsc, int64_t csc) {
  return gemm_float(m, n, k, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc);
}

/* PyTorch 1.13: native/cpu/BlasKernel.cpp cpublas_gemm_impl (double) */
static int cpublas_gemm_impl_double(int64_t m, int64_t n, int64_t k, double alpha, const double* a, int64_t rsa,
                                    int64_t csa, const double* b, int64_t rsb, int64_t csb, double beta, double* c,
                                    int64_t rsc, int64_t csc) {
  return gemm_double(m, n, k, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc);
}

REGISTER_DISPATCH(gemm_float_fn, gemm_float_stub, cpublas_gemm_impl_float);
REGISTER_DISPATCH(gemm_double_fn, gemm_double_stub, cpublas_gemm_impl_double);
