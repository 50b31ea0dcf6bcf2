/*
 * MT19937RNGEngine.h - the Mersenne Twister every CPU random number comes from.
 *
 * mt19937 (Matsumoto and Nishimura, 1998) keeps 624 32-bit words of state.
 * Seeding fills them from the low 32 bits of the seed with Knuth's
 * multiplier 1812433253; each call returns the next word, tempered, and every
 * 624 calls the whole state is twisted at once (next_state).  1.13's engine is
 * the reference algorithm, with two details a reader of torch.get_rng_state()
 * sees:
 *   - `left` counts down from 1 after seeding, so the first call twists;
 *   - the 64-bit seed is kept whole (initial_seed()), though only its low
 *     32 bits seed the state.
 *
 * The engine is a plain struct copied by value (CPUGeneratorImpl holds one);
 * mt19937_next is inline because the distributions call it once per element.
 *
 * PyTorch 1.13: aten/src/ATen/core/MT19937RNGEngine.h (at::mt19937_engine,
 * at::mt19937_data_pod)
 */
#ifndef MINATEN_RUNTIME_MT19937RNGENGINE_H
#define MINATEN_RUNTIME_MT19937RNGENGINE_H

#include <stdbool.h>
#include <stdint.h>

enum {
  MERSENNE_STATE_N = 624,
  MERSENNE_STATE_M = 397,
};
#define MT19937_MATRIX_A 0x9908b0dfu
#define MT19937_UMASK 0x80000000u
#define MT19937_LMASK 0x7fffffffu

/* PyTorch 1.13: ATen/core/MT19937RNGEngine.h at::mt19937_data_pod (the engine's
 * state, as get_rng_state()/set_rng_state() read and write it) */
typedef struct mt19937 {
  uint64_t seed;
  int left;
  bool seeded;
  uint32_t next;
  uint32_t state[MERSENNE_STATE_N];
} mt19937;

/* PyTorch 1.13: MT19937RNGEngine.h mt19937_engine::init_with_uint32 */
static inline void mt19937_init(mt19937* e, uint64_t seed) {
  e->seed = seed;
  e->seeded = true;
  e->state[0] = (uint32_t)(seed & 0xffffffffu);
  for (uint32_t j = 1; j < MERSENNE_STATE_N; j++)
    e->state[j] = 1812433253u * (e->state[j - 1] ^ (e->state[j - 1] >> 30)) + j;
  e->left = 1;
  e->next = 0;
}

/* A state set from outside (set_rng_state) is usable only if it could have
 * come from the engine.  PyTorch 1.13: mt19937_engine::is_valid */
static inline bool mt19937_isValid(const mt19937* e) {
  return e->seeded && e->left > 0 && e->left <= MERSENNE_STATE_N && e->next <= MERSENNE_STATE_N;
}

static inline uint32_t mt19937_twist(uint32_t u, uint32_t v) {
  uint32_t mixed = (u & MT19937_UMASK) | (v & MT19937_LMASK);
  return (mixed >> 1) ^ ((v & 1u) ? MT19937_MATRIX_A : 0u);
}

/* Regenerates all 624 words: once every 624 draws, kept out of line so
 * that mt19937_next stays small enough to inline into the kernels' loops.
 * PyTorch 1.13: mt19937_engine::next_state */
__attribute__((noinline)) static void mt19937_nextState(mt19937* e) {
  uint32_t* s = e->state;
  e->left = MERSENNE_STATE_N;
  e->next = 0;
  int i = 0;
  for (; i < MERSENNE_STATE_N - MERSENNE_STATE_M; i++)
    s[i] = s[i + MERSENNE_STATE_M] ^ mt19937_twist(s[i], s[i + 1]);
  for (; i < MERSENNE_STATE_N - 1; i++)
    s[i] = s[i + MERSENNE_STATE_M - MERSENNE_STATE_N] ^ mt19937_twist(s[i], s[i + 1]);
  s[i] = s[i + MERSENNE_STATE_M - MERSENNE_STATE_N] ^ mt19937_twist(s[i], s[0]);
}

/* The next 32 random bits.  PyTorch 1.13: mt19937_engine::operator() */
static inline uint32_t mt19937_next(mt19937* e) {
  if (--e->left == 0) mt19937_nextState(e);
  uint32_t y = e->state[e->next++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= y >> 18;
  return y;
}

#endif
