/*
 * CPUCapability.c - the CPU capability kernels dispatch on; see
 * CPUCapability.h.
 * PyTorch 1.13: aten/src/ATen/native/DispatchStub.cpp
 */
#include "runtime/CPUCapability.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#endif

#include "runtime/Exception.h"

const char* CPUCapability_name(CPUCapability capability) {
  switch (capability) {
    case CPUCapability_AVX512: return "avx512";
    case CPUCapability_AVX2: return "avx2";
    case CPUCapability_DEFAULT: break;
  }
  return "default";
}

#if defined(__x86_64__) && defined(__GNUC__)
/* CPUID leaf 1, ECX bit 29 (clang's __builtin_cpu_supports does not know "f16c") */
static bool cpu_has_f16c(void) {
  unsigned eax, ebx, ecx, edx;
  return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C) != 0;
}
#endif

CPUCapability CPUCapability_hardware(void) {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  /* NB(minaten): F16C too, which the AVX2 and AVX512 copies use (-mf16c) */
  if (!cpu_has_f16c()) return CPUCapability_DEFAULT;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
    return CPUCapability_AVX512;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) return CPUCapability_AVX2;
#endif
  return CPUCapability_DEFAULT;
}

/* Without ATEN_CPU_CAPABILITY, the CPU's best but AVX512: 1.13 keeps
 * AVX512 opt-in ("AVX512 can be slower then AVX2, so lets keep it as
 * opt-in"), so an AVX-512 machine runs the AVX2 kernels, as
 * torch.__config__.show() says ("CPU capability usage: AVX2").
 * PyTorch 1.13: DispatchStub.cpp compute_cpu_capability */
static CPUCapability compute_cpu_capability(void) {
  CPUCapability hardware = CPUCapability_hardware();
  CPUCapability unasked = hardware == CPUCapability_AVX512 ? CPUCapability_AVX2 : hardware;
  const char* envar = getenv("ATEN_CPU_CAPABILITY");
  if (envar == NULL) return unasked;
  CPUCapability wanted;
  if (strcmp(envar, "avx512") == 0) wanted = CPUCapability_AVX512;
  else if (strcmp(envar, "avx2") == 0) wanted = CPUCapability_AVX2;
  else if (strcmp(envar, "default") == 0) wanted = CPUCapability_DEFAULT;
  else {
    Warning_warn("ignoring invalid value for ATEN_CPU_CAPABILITY: %s", envar);
    return unasked;
  }
  if (wanted > hardware) {
    /* NB(minaten): 1.13 obeys and the first such kernel dies of SIGILL. */
    Warning_warn("ATEN_CPU_CAPABILITY=%s: this CPU has only %s; using %s", envar, CPUCapability_name(hardware),
                 CPUCapability_name(hardware));
    return hardware;
  }
  return wanted;
}

static int cached = -1;

CPUCapability CPUCapability_get(void) {
  /* Computing twice from two threads gives the same answer: no lock. */
  if (cached < 0) cached = (int)compute_cpu_capability();
  return (CPUCapability)cached;
}
