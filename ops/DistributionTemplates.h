/*
 * DistributionTemplates.h - the random kernels' stubs, shared by the
 * operators (ops/Distributions.c) and their CPU loops
 * (ops/cpu/DistributionKernels.c, one copy per CPU capability).
 *
 * Each kernel takes the generator the operator was given (NULL: the default
 * one), locks it for the whole tensor, and draws one number per element in
 * TensorIterator's order (cpu_serial_kernel): see Note [Acquire lock when
 * using random generators] in runtime/CPUGeneratorImpl.h.
 *
 * PyTorch 1.13: aten/src/ATen/native/UnaryOps.h and DistributionTemplates.h
 * (the stubs: normal_stub, uniform_stub, random_stub, random_from_to_stub,
 * random_full_64_bits_range_stub, exponential_stub, bernoulli_scalar_stub,
 * bernoulli_tensor_stub, multinomial_with_replacement_stub)
 */
#ifndef MINATEN_OPS_DISTRIBUTIONTEMPLATES_H
#define MINATEN_OPS_DISTRIBUTIONTEMPLATES_H

#include <stdint.h>

#include "ops/DispatchStub.h"
#include "ops/TensorIterator.h"
#include "runtime/CPUGeneratorImpl.h"
#include "runtime/TensorImpl.h"

/* The kernels return 0, or -1 with 1.13's error (a dtype the kernel has no
 * loop for: "\"uniform_kernel_cpu\" not implemented for 'Long'"). */
typedef int (*normal_fn)(Tensor* self, double mean, double std, Generator* gen);
typedef int (*uniform_fn)(TensorIteratorBase* iter, double from, double to, Generator* gen);
typedef int (*random_fn)(TensorIteratorBase* iter, Generator* gen);
typedef int (*random_from_to_fn)(TensorIteratorBase* iter, uint64_t range, int64_t base, Generator* gen);
typedef int (*exponential_fn)(TensorIteratorBase* iter, double lambda, Generator* gen);
typedef int (*bernoulli_scalar_fn)(Tensor* self, double p, Generator* gen);
typedef int (*bernoulli_tensor_fn)(Tensor* self, const Tensor* p, Generator* gen);
/* result (Long, n_sample or n_dist x n_sample) = draws from each row of
 * self (Float or Double, 1 or 2 dims), with replacement. */
typedef int (*multinomial_with_replacement_fn)(Tensor* result, const Tensor* self, int64_t n_sample, Generator* gen);

DECLARE_DISPATCH(normal_fn, normal_stub);
DECLARE_DISPATCH(uniform_fn, uniform_stub);
DECLARE_DISPATCH(random_fn, random_stub);
DECLARE_DISPATCH(random_from_to_fn, random_from_to_stub);
DECLARE_DISPATCH(random_fn, random_full_64_bits_range_stub);
DECLARE_DISPATCH(exponential_fn, exponential_stub);
DECLARE_DISPATCH(bernoulli_scalar_fn, bernoulli_scalar_stub);
DECLARE_DISPATCH(bernoulli_tensor_fn, bernoulli_tensor_stub);
DECLARE_DISPATCH(multinomial_with_replacement_fn, multinomial_with_replacement_stub);

#endif
