/*
 * VecLoopsKernel_AVX2.c - ops/cpu/VecLoopsKernel.c compiled for the AVX2
 * capability: CMakeLists.txt gives this file -mavx2 -mfma
 * (x86-64 only).  See Note [CPU capability dispatch] in ops/cpu/VecLoops.h.
 * PyTorch 1.13: cmake/Codegen.cmake (the AVX2 copies of the native/cpu files)
 */
#if defined(__x86_64__)
#define CPU_CAPABILITY AVX2
#include "ops/cpu/VecLoopsKernel.c"
#endif
