/*
 * CPUBlas.c - the gemm's entry points, which call the gemm stubs; the
 * blocked gemm itself is ops/cpu/BlasKernel.c, compiled once per CPU
 * capability (Note [CPU capability dispatch] in ops/DispatchStub.h).
 * PyTorch 1.13: aten/src/ATen/native/CPUBlas.cpp (cpublas::gemm, gemm_stub)
 */
#include "ops/cpu/BlasKernel.h"

#include "runtime/Exception.h"

/* PyTorch 1.13: CPUBlas.cpp DEFINE_DISPATCH(gemm_stub), and the BLAS's own
 * choice of its kernels (Note [The gemm's capability] in ops/DispatchStub.h) */
DEFINE_BLAS_DISPATCH(gemm_float_stub);
DEFINE_BLAS_DISPATCH(gemm_double_stub);

/* r from a kernel: 0, or -1 when its packing buffers could not be allocated. */
static int gemm_result(int r) {
  if (r == 0) return 0;
  Error_set(ErrorType_RuntimeError, "DefaultCPUAllocator: not enough memory");
  return -1;
}

int cpublas_gemm_float_capability(CPUCapability capability, int64_t m, int64_t n, int64_t k, float alpha,
                                  const float* a, int64_t rsa, int64_t csa, const float* b, int64_t rsb,
                                  int64_t csb, float beta, float* c, int64_t rsc, int64_t csc) {
  gemm_float_fn gemm = (gemm_float_fn)DispatchStub_forCapability(&gemm_float_stub, capability);
  return gemm_result(gemm(m, n, k, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc));
}

int cpublas_gemm_double_capability(CPUCapability capability, int64_t m, int64_t n, int64_t k, double alpha,
                                   const double* a, int64_t rsa, int64_t csa, const double* b, int64_t rsb,
                                   int64_t csb, double beta, double* c, int64_t rsc, int64_t csc) {
  gemm_double_fn gemm = (gemm_double_fn)DispatchStub_forCapability(&gemm_double_stub, capability);
  return gemm_result(gemm(m, n, k, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc));
}

/* PyTorch 1.13: aten/src/ATen/native/CPUBlas.cpp at::native::cpublas::gemm (float) */
int cpublas_gemm_float(int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t rsa, int64_t csa,
                       const float* b, int64_t rsb, int64_t csb, float beta, float* c, int64_t rsc, int64_t csc) {
  gemm_float_fn gemm = (gemm_float_fn)DispatchStub_get(&gemm_float_stub);
  return gemm_result(gemm(m, n, k, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc));
}

/* PyTorch 1.13: aten/src/ATen/native/CPUBlas.cpp at::native::cpublas::gemm (double) */
int cpublas_gemm_double(int64_t m, int64_t n, int64_t k, double alpha, const double* a, int64_t rsa, int64_t csa,
                        const double* b, int64_t rsb, int64_t csb, double beta, double* c, int64_t rsc,
                        int64_t csc) {
  gemm_double_fn gemm = (gemm_double_fn)DispatchStub_get(&gemm_double_stub);
  return gemm_result(gemm(m, n, k, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc));
}
