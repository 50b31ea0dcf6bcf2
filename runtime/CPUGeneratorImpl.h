/*
 * CPUGeneratorImpl.h - the CPU random number generator: an mt19937 engine,
 * the cached second normal sample, and a lock.
 *
 * Every random operator takes a `Generator? generator` argument.  None means
 * the default generator, one per process, seeded at first use from
 * /dev/urandom (torch.initial_seed() differs from run to run until
 * torch.manual_seed).  A torch.Generator object holds its own.
 *
 * Note [Acquire lock when using random generators]
 * A kernel holds the generator's mutex for the whole draw, so that two
 * threads drawing from one generator each get a contiguous run of numbers.
 * The draws are serial (cpu_serial_kernel): the numbers go to the elements
 * in TensorIterator's order, which is what makes a seed reproduce a tensor.
 *
 * The cached normal sample: the Box-Muller transform makes two normal
 * numbers from two uniform ones; the scalar path (normal_distribution) keeps
 * the second for the next call.  get_rng_state() carries it.
 *
 * NB(minaten): 1.13's at::Generator is a handle to a GeneratorImpl of any
 * device.  minaten has CPU generators only, so a Generator* is a
 * CPUGeneratorImpl*: kernels take `Generator* generator`, NULL for None.
 *
 * PyTorch 1.13: aten/src/ATen/CPUGeneratorImpl.{h,cpp}, c10/core/GeneratorImpl.{h,cpp}
 */
#ifndef MINATEN_RUNTIME_CPUGENERATORIMPL_H
#define MINATEN_RUNTIME_CPUGENERATORIMPL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/MT19937RNGEngine.h"

typedef struct CPUGeneratorImpl {
  int64_t refcount;
  pthread_mutex_t mutex; /* See Note [Acquire lock when using random generators] */
  mt19937 engine;
  bool has_next_float_normal_sample;
  float next_float_normal_sample;
  bool has_next_double_normal_sample;
  double next_double_normal_sample;
  /* The torch.Generator object of this generator, if one was made (a
   * borrowed pointer, cleared when the object dies), so that
   * torch.default_generator is one object.  c10::GeneratorImpl::pyobj_ */
  void* pyobj;
} CPUGeneratorImpl;
typedef CPUGeneratorImpl Generator;

/* A new generator seeded with seed, refcount 1; NULL with the error set on
 * allocation failure.  PyTorch 1.13: CPUGeneratorImpl.cpp createCPUGenerator */
Generator* CPUGeneratorImpl_new(uint64_t seed);
Generator* Generator_retain(Generator* g);
void Generator_release(Generator* g);

/* The process's generator (never NULL, never freed), seeded at first use
 * with getNonDeterministicRandom().  PyTorch 1.13: getDefaultCPUGenerator */
Generator* getDefaultCPUGenerator(void);
/* g, or the default generator when g is NULL.
 * PyTorch 1.13: ATen/core/Generator.h get_generator_or_default */
static inline Generator* get_generator_or_default(Generator* g) {
  return g != NULL ? g : getDefaultCPUGenerator();
}

/* 53 random bits from /dev/urandom (so that the seed is exact as a Python
 * float too).  PyTorch 1.13: c10/core/GeneratorImpl.cpp
 * detail::getNonDeterministicRandom */
uint64_t getNonDeterministicRandom(void);

/* Callers hold the mutex around these (torch.manual_seed takes it). */
/* PyTorch 1.13: CPUGeneratorImpl::set_current_seed */
void CPUGeneratorImpl_setCurrentSeed(Generator* g, uint64_t seed);
/* PyTorch 1.13: CPUGeneratorImpl::current_seed (torch.initial_seed()) */
uint64_t CPUGeneratorImpl_currentSeed(const Generator* g);
/* Reseeds from getNonDeterministicRandom and returns the seed.
 * PyTorch 1.13: CPUGeneratorImpl::seed */
uint64_t CPUGeneratorImpl_seed(Generator* g);

/* PyTorch 1.13: CPUGeneratorImpl::random */
static inline uint32_t CPUGeneratorImpl_random(Generator* g) { return mt19937_next(&g->engine); }
/* Two words, the first high.  PyTorch 1.13: CPUGeneratorImpl::random64 */
static inline uint64_t CPUGeneratorImpl_random64(Generator* g) {
  uint32_t hi = mt19937_next(&g->engine);
  uint32_t lo = mt19937_next(&g->engine);
  return ((uint64_t)hi << 32) | lo;
}

/*
 * The bytes of torch.get_rng_state(): 1.13's CPUGeneratorImplState, a POD
 * laid out as on x86-64 (5056 bytes).  The legacy part holds the seed, the
 * engine (its 624 words widened to 64 bits), and the cached double normal
 * sample in normal_y; the float sample follows it.  set_rng_state also takes
 * the older legacy layout alone (5048 bytes).
 */
enum {
  CPUGeneratorImplStateLegacy_size = 5048,
  CPUGeneratorImplState_size = 5056,
};
/* PyTorch 1.13: CPUGeneratorImpl::get_state */
void CPUGeneratorImpl_getState(const Generator* g, uint8_t out[CPUGeneratorImplState_size]);
/* Returns 0, or -1 with 1.13's error (a wrong size, an invalid engine).
 * PyTorch 1.13: CPUGeneratorImpl::set_state */
int CPUGeneratorImpl_setState(Generator* g, const uint8_t* bytes, int64_t size);

#endif
