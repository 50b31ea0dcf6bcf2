/*
 * CPUCapability.h - which vector instructions the CPU kernels use.
 *
 * PyTorch compiles its hot CPU kernels (ATen/native/cpu) several times, once
 * per capability, and a DispatchStub picks one at run time: the best the CPU
 * has (AVX512 only when asked for: 1.13 keeps it opt-in), or the one the
 * environment variable ATEN_CPU_CAPABILITY names ("default", "avx2",
 * "avx512"), so a reader can compare them.  minaten reads
 * the same variable with the same values: a kernel with variants (the gemm
 * micro-kernel, the elementwise loops) asks CPUCapability_get() which to run.
 *
 * Unlike 1.13, a capability the CPU lacks is not obeyed (that would end in
 * SIGILL): it is lowered to the CPU's best, with a warning.
 *
 * PyTorch 1.13: aten/src/ATen/native/DispatchStub.{h,cpp} (CPUCapability,
 * get_cpu_capability, compute_cpu_capability)
 */
#ifndef MINATEN_RUNTIME_CPUCAPABILITY_H
#define MINATEN_RUNTIME_CPUCAPABILITY_H

typedef enum CPUCapability {
  CPUCapability_DEFAULT = 0, /* what the compiler's baseline (x86-64: SSE2) gives */
  CPUCapability_AVX2 = 1,    /* AVX2 and FMA */
  CPUCapability_AVX512 = 2,  /* AVX-512 F, BW, DQ and VL */
} CPUCapability;

/* The capability in use: computed at the first call (hardware, then
 * ATEN_CPU_CAPABILITY), then fixed for the process.
 * PyTorch 1.13: DispatchStub.cpp get_cpu_capability */
CPUCapability CPUCapability_get(void);
/* The best capability this CPU has, whatever the environment says. */
CPUCapability CPUCapability_hardware(void);
/* "default", "avx2" or "avx512": the spelling ATEN_CPU_CAPABILITY takes. */
const char* CPUCapability_name(CPUCapability capability);

#endif
