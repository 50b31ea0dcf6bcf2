/*
 * VecLoopsKernel_AVX512.c - ops/cpu/VecLoopsKernel.c compiled for the AVX512
 * capability: CMakeLists.txt gives this file -mavx512f -mavx512bw -mavx512dq -mavx512vl (with AVX2's)
 * (x86-64 only).  See Note [CPU capability dispatch] in ops/cpu/VecLoops.h.
 * PyTorch 1.13: cmake/Codegen.cmake (the AVX512 copies of the native/cpu files)
 */
#if defined(__x86_64__)
#define CPU_CAPABILITY AVX512
#include "ops/cpu/VecLoopsKernel.c"
#endif
