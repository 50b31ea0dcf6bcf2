/*
 * DistributionsFunctional.c - the functional forms of the random fills:
 * `uniform(t)` is a clone of t filled as `t.uniform_()` would fill it, with
 * the same draws from the generator.  Nothing in Python reaches them; they
 * are what functionalization calls for uniform_, normal_, ...
 * (tools/codegen/gen_functionalization.c), as 1.13's are.
 * PyTorch 1.13: build/aten/src/ATen/RegisterCompositeExplicitAutograd.cpp
 * (the kernels `autogen: uniform` and its neighbours generate: a clone,
 * then the in-place operator, ops/AutogenFunctional.h),
 * aten/src/ATen/native/Distributions.cpp
 * normal_functional
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/AutogenFunctional.h"

/* PyTorch 1.13: RegisterCompositeExplicitAutograd.cpp random_from (autogen) */
Tensor* at_native_random_from_functional(const Tensor* self, int64_t from, OptionalInt to, Generator* generator) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_random__from(out, from, to, generator));
}

/* PyTorch 1.13: RegisterCompositeExplicitAutograd.cpp random_to (autogen) */
Tensor* at_native_random_to_functional(const Tensor* self, int64_t to, Generator* generator) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_random__to(out, to, generator));
}

/* PyTorch 1.13: RegisterCompositeExplicitAutograd.cpp random (autogen) */
Tensor* at_native_random_functional(const Tensor* self, Generator* generator) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_random_(out, generator));
}

/* PyTorch 1.13: RegisterCompositeExplicitAutograd.cpp uniform (autogen) */
Tensor* at_native_uniform_functional(const Tensor* self, double from, double to, Generator* generator) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_uniform_(out, from, to, generator));
}

/* PyTorch 1.13: RegisterCompositeExplicitAutograd.cpp exponential (autogen) */
Tensor* at_native_exponential_functional(const Tensor* self, double lambd, Generator* generator) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_exponential_(out, lambd, generator));
}

/* PyTorch 1.13: aten/src/ATen/native/Distributions.cpp normal_functional */
Tensor* at_native_normal_functional(const Tensor* self, double mean, double std, Generator* generator) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_normal_(out, mean, std, generator));
}
