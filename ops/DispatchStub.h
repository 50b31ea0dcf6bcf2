/*
 * DispatchStub.h - one function pointer per CPU capability, picked once.
 *
 * Note [CPU capability dispatch]
 * PyTorch compiles each file of aten/src/ATen/native/cpu several times: once
 * plain (CPU_CAPABILITY=DEFAULT), once with -mavx2 -mfma (AVX2), once with
 * the AVX-512 flags (AVX512), each copy in a namespace of its own.  Each copy
 * registers its loops into DispatchStubs (REGISTER_DISPATCH(add_stub,
 * &add_kernel)); a stub holds one function pointer per capability, and its
 * first call picks the pointer for get_cpu_capability() (the CPU's best, or
 * what ATEN_CPU_CAPABILITY asks) and keeps it, so that every later call
 * costs one load and one indirect call.  The operator's own file
 * (native/BinaryOps.cpp) declares and defines the stub and calls it
 * (add_stub(device_type(), *this, alpha)); it knows nothing of capabilities.
 *
 * minaten does the same in C:
 *  - every ops/cpu/<Name>Kernel.c is compiled three times (CMakeLists.txt,
 *    minaten_cpu_kernels: build/cpu_kernels/<Name>Kernel.c.<CAPABILITY>.c
 *    defines CPU_CAPABILITY and includes the source, as 1.13's
 *    cmake/Codegen.cmake does), with the capability's flags;
 *  - everything in such a file is static but the registrations:
 *    REGISTER_DISPATCH(add_stub, add_kernel) defines the symbol
 *    add_stub_AVX2 (in the AVX2 copy) holding add_kernel of that copy;
 *  - DEFINE_DISPATCH(add_stub), in the operator's file, makes the stub from
 *    the three symbols; DECLARE_DISPATCH(add_fn, add_stub), in a header,
 *    names the stub's function type for both sides;
 *  - a caller writes ((add_fn)DispatchStub_get(&add_stub))(iter, alpha), or
 *    keeps the pointer in a variable first: gdb then steps straight into the
 *    chosen copy's add_kernel.
 * In gdb, `break add_kernel` sets one breakpoint per copy, and the frame
 * names the copy's file (build/cpu_kernels/...AVX2.c includes ops/cpu/...,
 * whose lines gdb shows).
 *
 * The copies compute the same values (their loops are written so), except
 * where 1.13's own copies differ: the Sleef functions (Note [Sleef's unary
 * functions] in ops/cpu/UnaryOpsKernel.c) and the gemm's FMA contraction.
 *
 * PyTorch 1.13: aten/src/ATen/native/DispatchStub.{h,cpp} (DispatchStub,
 * DECLARE_DISPATCH, DEFINE_DISPATCH, REGISTER_DISPATCH, CPU_CAPABILITY),
 * cmake/Codegen.cmake (the per-capability copies of the native/cpu files)
 */
#ifndef MINATEN_OPS_DISPATCHSTUB_H
#define MINATEN_OPS_DISPATCHSTUB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "runtime/CPUCapability.h"

enum { CPUCapability_NUM_OPTIONS = 3 }; /* DEFAULT, AVX2, AVX512 */

/* A stub's pointers are stored as this type and converted back to the
 * stub's own function type by the caller (C allows converting between
 * function pointer types; calling through the right type is what counts). */
typedef void (*DispatchStubFn)(void);

/* PyTorch 1.13: DispatchStub.h DispatchStub, DispatchStubImpl */
typedef struct DispatchStub {
  const char* name;
  /* Each copy's registration (REGISTER_DISPATCH), by CPUCapability. */
  const DispatchStubFn* registered[CPUCapability_NUM_OPTIONS];
  /* The pointer picked at the first call (NULL before it: a static is
   * zero-initialized).  Two threads racing on the first call store the
   * same pointer. */
  _Atomic(DispatchStubFn) cpu_dispatch_ptr;
  /* Picked from the CPU alone, whatever ATEN_CPU_CAPABILITY says: a stub
   * standing for a library 1.13 calls out to (DEFINE_BLAS_DISPATCH). */
  bool follows_hardware;
} DispatchStub;

/* The stub's function for the capability in use (CPUCapability_get(), or
 * CPUCapability_hardware() for a BLAS stub), picked at the first call.
 * PyTorch 1.13: DispatchStub.cpp DispatchStubImpl::get_call_ptr, choose_cpu_impl */
DispatchStubFn DispatchStub_choose(DispatchStub* stub);
static inline DispatchStubFn DispatchStub_get(DispatchStub* stub) {
  DispatchStubFn fn = atomic_load_explicit(&stub->cpu_dispatch_ptr, memory_order_relaxed);
  return fn != NULL ? fn : DispatchStub_choose(stub);
}
/* The function the copy for capability c registered, whatever the CPU: for
 * tests and benchmarks, which compare the copies (running one above
 * CPUCapability_hardware() dies of SIGILL). */
DispatchStubFn DispatchStub_forCapability(const DispatchStub* stub, CPUCapability c);

/* In a header: the stub's function type, named fn_type. */
#define DECLARE_DISPATCH(fn_type, name) extern DispatchStub name

/* In the operator's own .c file: the stub itself, made of the three copies'
 * registrations. */
#define DEFINE_DISPATCH(stub)                                                              \
  extern const DispatchStubFn stub##_DEFAULT, stub##_AVX2, stub##_AVX512;                  \
  DispatchStub stub = {.name = #stub, .registered = {&stub##_DEFAULT, &stub##_AVX2, &stub##_AVX512}}

/*
 * Note [The gemm's capability]
 * 1.13's mm, bmm, mv and dot call the BLAS (at::native::cpublas::gemm ->
 * sgemm_), a library of its own that picks its kernels from the CPU as it
 * loads (OpenBLAS's DYNAMIC_ARCH; OPENBLAS_CORETYPE to force one), not from
 * ATEN_CPU_CAPABILITY: 1.13's ATEN_CPU_CAPABILITY=default changes which
 * copies of native/cpu run, never the BLAS's, and an AVX-512 CPU runs an
 * AVX-512 BLAS under 1.13's AVX2 kernels.  minaten's gemm stands where that
 * BLAS stands (ops/cpu/BlasKernel.c), so its stubs are defined with
 * DEFINE_BLAS_DISPATCH: picked from CPUCapability_hardware().  On a CPU
 * whose AVX-512 units are full width this doubles the gemm's speed.  The
 * gemm's blocked products sum each element in the same order in every copy
 * (Note [BLIS loops]), so that choice changes no value of mm; gemv's and
 * dot's vector lanes, like a BLAS's, depend on the width.
 */
#define DEFINE_BLAS_DISPATCH(stub)                                                         \
  extern const DispatchStubFn stub##_DEFAULT, stub##_AVX2, stub##_AVX512;                  \
  DispatchStub stub = {.name = #stub,                                                      \
                       .registered = {&stub##_DEFAULT, &stub##_AVX2, &stub##_AVX512},      \
                       .follows_hardware = true}

/* In an ops/cpu/ kernel file: fn is this copy's function for the stub; its
 * type must be the stub's (fn_type of DECLARE_DISPATCH, passed again). */
#define DISPATCH_CONCAT_(a, b) a##_##b
#define DISPATCH_CONCAT(a, b) DISPATCH_CONCAT_(a, b)
#define REGISTER_DISPATCH(fn_type, name, fn)                                                              \
  _Static_assert(__builtin_types_compatible_p(__typeof__(&fn), fn_type), #fn " is not a " #fn_type); \
  extern const DispatchStubFn DISPATCH_CONCAT(name, CPU_CAPABILITY);                                 \
  const DispatchStubFn DISPATCH_CONCAT(name, CPU_CAPABILITY) = (DispatchStubFn)&fn

#endif
