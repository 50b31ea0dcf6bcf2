/*
 * BlasKernel.h - the matrix product of Float and Double tensors: a blocked
 * gemm (BLIS's loops, packing, a register-blocked micro-kernel) compiled
 * once per CPU capability; see BlasKernel.c and GemmKernel.h.  The entry
 * points below are ops/CPUBlas.c's.
 *
 * A matrix here is a pointer and two strides in elements, as in BLIS's
 * typed API: element (i, j) of A is a[i * rsa + j * csa].  So a transposed
 * operand (x.t()) or a strided one (x[:, ::2]) needs no copy: the packing
 * reads it where it is.  The strides may be 0 (an expanded operand) or of
 * any sign; C must not overlap A or B.
 *
 * PyTorch 1.13: aten/src/ATen/native/CPUBlas.h (at::native::cpublas::gemm),
 * native/cpu/BlasKernel.cpp (cpublas_gemm_impl: the gemm PyTorch runs when
 * it is built without a BLAS)
 */
#ifndef MINATEN_OPS_CPU_BLASKERNEL_H
#define MINATEN_OPS_CPU_BLASKERNEL_H

#include <stdint.h>

#include "ops/DispatchStub.h"
#include "runtime/CPUCapability.h"

/* The stubs each copy of ops/cpu/BlasKernel.c registers its gemm into
 * (0, or nonzero when the packing buffers could not be allocated);
 * defined in ops/CPUBlas.c.  PyTorch 1.13: native/CPUBlas.h gemm_stub */
typedef int (*gemm_float_fn)(int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t rsa, int64_t csa,
                             const float* b, int64_t rsb, int64_t csb, float beta, float* c, int64_t rsc,
                             int64_t csc);
typedef int (*gemm_double_fn)(int64_t m, int64_t n, int64_t k, double alpha, const double* a, int64_t rsa,
                              int64_t csa, const double* b, int64_t rsb, int64_t csb, double beta, double* c,
                              int64_t rsc, int64_t csc);
DECLARE_DISPATCH(gemm_float_fn, gemm_float_stub);
DECLARE_DISPATCH(gemm_double_fn, gemm_double_stub);

/*
 * C[m x n] = beta * C + alpha * A[m x k] @ B[k x n], in C's dtype.  As in
 * BLAS, beta == 0 means C is not read (a NaN there does not survive) and
 * alpha == 0 or k == 0 means A and B are not read.  Runs the variant of
 * CPUCapability_get().  0, or -1 with a RuntimeError set when the packing
 * buffers cannot be allocated (C is then partly written).
 * PyTorch 1.13: aten/src/ATen/native/CPUBlas.cpp at::native::cpublas::gemm
 */
int cpublas_gemm_float(int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t rsa, int64_t csa,
                       const float* b, int64_t rsb, int64_t csb, float beta, float* c, int64_t rsc, int64_t csc);
int cpublas_gemm_double(int64_t m, int64_t n, int64_t k, double alpha, const double* a, int64_t rsa, int64_t csa,
                        const double* b, int64_t rsb, int64_t csb, double beta, double* c, int64_t rsc,
                        int64_t csc);

/* The same, on the variant compiled for `capability` (the unit tests run
 * each one the CPU has); capability must not exceed CPUCapability_hardware(). */
int cpublas_gemm_float_capability(CPUCapability capability, int64_t m, int64_t n, int64_t k, float alpha,
                                  const float* a, int64_t rsa, int64_t csa, const float* b, int64_t rsb,
                                  int64_t csb, float beta, float* c, int64_t rsc, int64_t csc);
int cpublas_gemm_double_capability(CPUCapability capability, int64_t m, int64_t n, int64_t k, double alpha,
                                   const double* a, int64_t rsa, int64_t csa, const double* b, int64_t rsb,
                                   int64_t csb, double beta, double* c, int64_t rsc, int64_t csc);

#endif
