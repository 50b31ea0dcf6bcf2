/*
 * myops_kernels.c - the kernels of the operators tests/yaml_runtime/myops.yaml
 * defines at run time (`minaten --load libmyops_kernels.so --yaml myops.yaml`).
 *
 * A shared object of plain C functions, named as the YAML's `dispatch:`
 * names them (`CPU: cube` -> at_native_cube), with the prototypes the code
 * generator would write for them in NativeFunctions.h.  It links no minaten
 * library: the entry points it calls (at_mul_Tensor, ...) come from the
 * minaten executable, which exports its symbols.
 *
 * The one block below marks it as an operator library, which --load asks
 * of every object it loads; it registers nothing.
 */
#include "Functions.h"
#include "dispatch/Library.h"
#include "runtime/Exception.h"

MINATEN_LIBRARY_FRAGMENT(myops, m) { (void)m; }

/* myops::cube: self * self * self, in two multiplications. */
Tensor* at_native_cube(const Tensor* self) {
  Tensor* square = at_mul_Tensor(self, self);
  if (square == NULL) return NULL;
  Tensor* cube = at_mul_Tensor(square, self);
  Tensor_release(square);
  return cube;
}

/* myops::scale: self * factor (a float argument, passed as a C double). */
Tensor* at_native_scale(const Tensor* self, double factor) {
  TORCH_CHECK(factor != 0, "myops::scale: factor must not be 0");
  return at_mul_Scalar(self, Scalar_fromDouble(factor));
fail:
  return NULL;
}

/* myops::twice, CompositeImplicitAutograd (no `dispatch:`): self + self. */
Tensor* at_native_twice(const Tensor* self) {
  return at_add_Tensor(self, self, Scalar_fromLong(1));
}
