/*
 * VecLoops.h - the elementwise loops compiled once per CPU capability, and
 * the table of them that the capability in use picks.
 *
 * The loops are compiled once per CPU capability and registered into one
 * DispatchStub, vec_loops_stub, as a table (Note [CPU capability dispatch]
 * in ops/DispatchStub.h).
 *
 * The loops are written with GCC's vector extensions (ops/cpu/vec.h): the
 * compiler turns a 32-byte vector into two SSE registers in DEFAULT, one
 * AVX register in AVX2; AVX512 uses 64-byte vectors.  The arithmetic is
 * the scalar loop's, operation for operation (no FMA contraction,
 * -ffp-contract=off; see CMakeLists.txt), so every capability gives the
 * scalar loop's results bit for bit: the variants differ in speed only, and
 * tests/unit/test_vec_loops.c checks each the CPU has against the scalar
 * loop.  (The binary and unary loops are their kernels' own:
 * ops/cpu/BinaryOpsKernel.c, ops/cpu/UnaryOpsKernel.c.)
 *
 * PyTorch 1.13: aten/src/ATen/native/DispatchStub.h (DispatchStub,
 * REGISTER_DISPATCH, CPU_CAPABILITY), cmake/Codegen.cmake (the per-capability
 * copies of the native/cpu files), ATen/cpu/vec (Vectorized<float>),
 * native/cpu/UnaryOpsKernel.cpp, native/cpu/vml.h, native/cpu/Loops.h
 */
#ifndef MINATEN_OPS_CPU_VECLOOPS_H
#define MINATEN_OPS_CPU_VECLOOPS_H

#include <stdbool.h>
#include <stdint.h>

#include "ops/BinaryOps.h"
#include "ops/UnaryOps.h"
#include "ops/DispatchStub.h"
#include "runtime/CPUCapability.h"

typedef struct VecLoops {
  CPUCapability capability; /* the capability this table was compiled for */
  /* o[i] = cond[i] ? a[i] : b[i] for i < n (cond: bools, or uint8 where any
   * nonzero byte is true), the floats' bits copied. */
  void (*where_float)(float* o, const uint8_t* cond, const float* a, const float* b, int64_t n);
  /* The transposed copy of 4-byte elements (ops/Copy.c): element (i, j) of
   * an n0 x n1 block, self's at d + i*d0 + j*4, src's at s + i*4 + j*s1
   * (byte strides; i is src's unit-stride dimension, j self's). */
  void (*transpose_4)(char* d, int64_t d0, const char* s, int64_t s1, int64_t n0, int64_t n1);
  /* The reductions that pick an extreme, over n >= 1 contiguous floats
   * (Note [Extremes in two passes] in VecLoopsKernel.c): extreme_float is
   * amax's (max) or amin's value, the first NaN if there is one, else the
   * greatest (least) value, a zero with the sign of the first zero;
   * arg_extreme_float is argmax's (argmin's) index, that of the first NaN,
   * else of the first element equal to the extreme. */
  float (*extreme_float)(const float* a, int64_t n, bool max);
  int64_t (*arg_extreme_float)(const float* a, int64_t n, bool max);
  /* any/all: whether one of n contiguous elements (n >= 0) is zero (zero
   * true) or nonzero (false), for floats (NaN is nonzero, -0.0 zero) and
   * for 1-byte elements (bool, uint8, int8).  any is has(..., false), all
   * !has(..., true). */
  bool (*has_float)(const float* a, int64_t n, bool zero);
  bool (*has_byte)(const uint8_t* a, int64_t n, bool zero);
} VecLoops;

/* The stub: each copy of ops/cpu/VecLoopsKernel.c registers a function
 * returning its table. */
typedef const VecLoops* (*vec_loops_fn)(void);
DECLARE_DISPATCH(vec_loops_fn, vec_loops_stub);

/* The table of the capability in use (CPUCapability_get()), picked at the
 * first call.  PyTorch 1.13: DispatchStub.h DispatchStub::get_call_ptr */
const VecLoops* VecLoops_get(void);
/* The table compiled for capability c (not x86-64: all three are the
 * baseline's).  For tests and benchmarks: running a table the CPU cannot
 * execute (above CPUCapability_hardware()) dies of SIGILL. */
const VecLoops* VecLoops_forCapability(CPUCapability c);

#endif
