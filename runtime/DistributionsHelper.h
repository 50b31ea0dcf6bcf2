/*
 * DistributionsHelper.h - one random number of a distribution from a generator.
 *
 * These are 1.13's distribution functors (uniform_real_distribution<T>,
 * normal_distribution<double>, ...) as inline functions on a Generator*.
 * They draw from the engine and transform the bits with
 * TransformationHelper.h.  The caller holds the generator's mutex (Note
 * [Acquire lock when using random generators]).
 *
 * Which draw each uses decides every later number, so it is spelled out:
 *   uniform_real float: random() (32 bits)   double: random64() (two words)
 *   normal double: a cached sample, else two uniform doubles (Box-Muller),
 *     caching r*sin(theta) and returning r*cos(theta)
 *   bernoulli<T>, exponential<double>: one uniform of their type
 *   uniform_int_from_to: random64() for int64/double/float when the range
 *     is at least 2^32, else random()
 *
 * PyTorch 1.13: aten/src/ATen/core/DistributionsHelper.h
 */
#ifndef MINATEN_RUNTIME_DISTRIBUTIONSHELPER_H
#define MINATEN_RUNTIME_DISTRIBUTIONSHELPER_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "runtime/CPUGeneratorImpl.h"
#include "runtime/TransformationHelper.h"

/* PyTorch 1.13: uniform_real_distribution<float>::operator() */
static inline float uniform_real_distribution_float(Generator* g, float from, float to) {
  return transformation_uniform_real_float(CPUGeneratorImpl_random(g), from, to);
}

/* PyTorch 1.13: uniform_real_distribution<double>::operator() */
static inline double uniform_real_distribution_double(Generator* g, double from, double to) {
  return transformation_uniform_real_double(CPUGeneratorImpl_random64(g), from, to);
}

/* PyTorch 1.13: normal_distribution<double>::operator() */
static inline double normal_distribution_double(Generator* g, double mean, double std) {
  if (g->has_next_double_normal_sample) {
    g->has_next_double_normal_sample = false;
    return transformation_normal(g->next_double_normal_sample, mean, std);
  }
  const double u1 = uniform_real_distribution_double(g, 0.0, 1.0);
  const double u2 = uniform_real_distribution_double(g, 0.0, 1.0);
  const double r = sqrt(-2.0 * log(1.0 - u2));
  const double theta = 2.0 * M_PI * u1;
  g->has_next_double_normal_sample = true;
  g->next_double_normal_sample = r * sin(theta);
  return transformation_normal(r * cos(theta), mean, std);
}

/* PyTorch 1.13: bernoulli_distribution<double>::operator() */
static inline double bernoulli_distribution_double(Generator* g, double p) {
  return transformation_bernoulli_double(uniform_real_distribution_double(g, 0.0, 1.0), p);
}

/* PyTorch 1.13: bernoulli_distribution<float>::operator() */
static inline float bernoulli_distribution_float(Generator* g, float p) {
  return transformation_bernoulli_float(uniform_real_distribution_float(g, 0.0f, 1.0f), p);
}

/* PyTorch 1.13: exponential_distribution<double>::operator() */
static inline double exponential_distribution_double(Generator* g, double lambda) {
  return transformation_exponential(uniform_real_distribution_double(g, 0.0, 1.0), lambda);
}

/* `wide`: the scalar type is int64, double or float (1.13 also lists
 * bfloat16).  PyTorch 1.13: uniform_int_from_to_distribution<T>::operator() */
static inline int64_t uniform_int_from_to_distribution(Generator* g, bool wide, uint64_t range, int64_t base) {
  uint64_t val = wide && range >= (UINT64_C(1) << 32) ? CPUGeneratorImpl_random64(g)
                                                       : (uint64_t)CPUGeneratorImpl_random(g);
  return transformation_uniform_int_from_to(val, range, base);
}

/* PyTorch 1.13: uniform_int_full_range_distribution<T>::operator() */
static inline int64_t uniform_int_full_range_distribution(Generator* g) {
  return (int64_t)CPUGeneratorImpl_random64(g);
}

#endif
