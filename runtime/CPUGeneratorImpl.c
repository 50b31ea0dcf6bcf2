/*
 * CPUGeneratorImpl.c - the CPU generator; see CPUGeneratorImpl.h.
 * PyTorch 1.13: aten/src/ATen/CPUGeneratorImpl.cpp
 */
#include "runtime/CPUGeneratorImpl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime/Exception.h"

Generator* CPUGeneratorImpl_new(uint64_t seed) {
  Generator* g = calloc(1, sizeof *g);
  if (g == NULL) {
    Error_setBadAlloc();
    return NULL;
  }
  g->refcount = 1;
  pthread_mutex_init(&g->mutex, NULL);
  mt19937_init(&g->engine, seed);
  return g;
}

Generator* Generator_retain(Generator* g) {
  g->refcount++;
  return g;
}

void Generator_release(Generator* g) {
  if (g == NULL || --g->refcount > 0) return;
  pthread_mutex_destroy(&g->mutex);
  free(g);
}

static Generator default_generator = {.refcount = 1, .mutex = PTHREAD_MUTEX_INITIALIZER};
static pthread_once_t default_generator_once = PTHREAD_ONCE_INIT;

static void seed_default_generator(void) {
  mt19937_init(&default_generator.engine, getNonDeterministicRandom());
}

Generator* getDefaultCPUGenerator(void) {
  pthread_once(&default_generator_once, seed_default_generator);
  return &default_generator;
}

/* NB(minaten): 1.13 asks std::random_device (/dev/urandom) for two words;
 * where /dev/urandom cannot be read it falls back to the clock, as here. */
uint64_t getNonDeterministicRandom(void) {
  uint32_t words[2] = {0, 0};
  FILE* f = fopen("/dev/urandom", "rb");
  bool ok = f != NULL && fread(words, sizeof words, 1, f) == 1;
  if (f != NULL) fclose(f);
  if (!ok) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    words[0] = (uint32_t)ts.tv_sec;
    words[1] = (uint32_t)ts.tv_nsec;
  }
  return ((((uint64_t)words[0]) << 32) + words[1]) & 0x1FFFFFFFFFFFFFull;
}

void CPUGeneratorImpl_setCurrentSeed(Generator* g, uint64_t seed) {
  g->has_next_float_normal_sample = false;
  g->has_next_double_normal_sample = false;
  mt19937_init(&g->engine, seed);
}

uint64_t CPUGeneratorImpl_currentSeed(const Generator* g) { return g->engine.seed; }

uint64_t CPUGeneratorImpl_seed(Generator* g) {
  uint64_t seed = getNonDeterministicRandom();
  CPUGeneratorImpl_setCurrentSeed(g, seed);
  return seed;
}

/*
 * The byte layout of 1.13's CPUGeneratorImplState (x86-64): offsets of its
 * fields.  The legacy part ends with three doubles of the old Box-Muller
 * cache, of which only normal_y (the cached sample) is still written.
 */
enum {
  kSeedAt = 0,         /* uint64_t the_initial_seed */
  kLeftAt = 8,         /* int left */
  kSeededAt = 12,      /* int seeded */
  kNextAt = 16,        /* uint64_t next */
  kStateAt = 24,       /* uint64_t state[624] */
  kNormalXAt = 5016,   /* double normal_x (always 0) */
  kNormalYAt = 5024,   /* double normal_y */
  kNormalRhoAt = 5032, /* double normal_rho (always 0) */
  kNormalIsValidAt = 5040, /* int normal_is_valid */
  kFloatSampleAt = 5048,   /* float next_float_normal_sample */
  kFloatValidAt = 5052,    /* bool is_next_float_normal_sample_valid */
};
_Static_assert(kStateAt + 8 * MERSENNE_STATE_N == kNormalXAt, "legacy layout");

#define PUT(at, type, value)            \
  do {                                  \
    type v_ = (value);                  \
    memcpy(out + (at), &v_, sizeof v_); \
  } while (0)
#define GET(at, type, var) memcpy(&(var), bytes + (at), sizeof(type))

void CPUGeneratorImpl_getState(const Generator* g, uint8_t out[CPUGeneratorImplState_size]) {
  memset(out, 0, CPUGeneratorImplState_size);
  PUT(kSeedAt, uint64_t, g->engine.seed);
  PUT(kLeftAt, int32_t, g->engine.left);
  PUT(kSeededAt, int32_t, g->engine.seeded);
  PUT(kNextAt, uint64_t, g->engine.next);
  for (int i = 0; i < MERSENNE_STATE_N; i++) PUT(kStateAt + 8 * i, uint64_t, g->engine.state[i]);
  if (g->has_next_double_normal_sample) {
    PUT(kNormalIsValidAt, int32_t, 1);
    PUT(kNormalYAt, double, g->next_double_normal_sample);
  }
  if (g->has_next_float_normal_sample) {
    PUT(kFloatValidAt, uint8_t, 1);
    PUT(kFloatSampleAt, float, g->next_float_normal_sample);
  }
}

int CPUGeneratorImpl_setState(Generator* g, const uint8_t* bytes, int64_t size) {
  mt19937 engine;
  bool has_float = false, has_double = false;
  float float_sample = 0;
  double double_sample = 0;
  int32_t normal_is_valid;
  TORCH_CHECK(size == CPUGeneratorImplStateLegacy_size || size == CPUGeneratorImplState_size,
              "Expected either a CPUGeneratorImplStateLegacy of size %d or a CPUGeneratorImplState of size %d "
              "but found the input RNG state size to be %lld",
              CPUGeneratorImplStateLegacy_size, CPUGeneratorImplState_size, (long long)size);
  GET(kNormalIsValidAt, int32_t, normal_is_valid);
  if (size == CPUGeneratorImplStateLegacy_size) {
    /* The legacy state kept the uniform and rho of the last Box-Muller pair;
     * the cached sample is their sine. */
    if (normal_is_valid) {
      double x, rho;
      GET(kNormalXAt, double, x);
      GET(kNormalRhoAt, double, rho);
      has_double = true;
      double_sample = rho * sin(2.0 * M_PI * x);
    }
  } else {
    uint8_t float_valid;
    GET(kFloatValidAt, uint8_t, float_valid);
    if (float_valid) {
      has_float = true;
      GET(kFloatSampleAt, float, float_sample);
    }
    if (normal_is_valid) {
      has_double = true;
      GET(kNormalYAt, double, double_sample);
    }
  }
  int32_t left, seeded;
  uint64_t next;
  GET(kSeedAt, uint64_t, engine.seed);
  GET(kLeftAt, int32_t, left);
  GET(kSeededAt, int32_t, seeded);
  GET(kNextAt, uint64_t, next);
  engine.left = left;
  engine.seeded = seeded != 0;
  engine.next = (uint32_t)next;
  for (int i = 0; i < MERSENNE_STATE_N; i++) {
    uint64_t word;
    GET(kStateAt + 8 * i, uint64_t, word);
    engine.state[i] = (uint32_t)word;
  }
  TORCH_CHECK(mt19937_isValid(&engine), "Invalid mt19937 state");
  g->engine = engine;
  g->has_next_float_normal_sample = has_float;
  g->next_float_normal_sample = float_sample;
  g->has_next_double_normal_sample = has_double;
  g->next_double_normal_sample = double_sample;
  return 0;
fail:
  return -1;
}
