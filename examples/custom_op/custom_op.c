/*
 * custom_op.c - an operator library: two operators of the namespace
 * `custom`, defined and implemented outside minaten's tree and loaded at run
 * time (torch.ops.load_library("libcustom_op.so"), or minaten --load).
 *
 *   custom::cube      a CPU kernel, and listed for the Lazy backend: on a lazy
 *                     tensor it records an IR node (what listing an operator in
 *                     ts_native_functions.yaml does for minaten's own)
 *   custom::softsign  CompositeImplicitAutograd: written with ATen's operators,
 *                     so it runs on every backend and the trace shows them
 *
 * docs/operator-libraries.md walks through it.  Build it against an installed
 * minaten's headers alone, with CMakeLists.txt (find_package) or with
 *   cc -shared -fPIC custom_op.c $(pkg-config --cflags --libs minaten-extension) -o libcustom_op.so
 */
#include <minaten/minaten.h>

/* custom::cube on CPU: self * self * self.  Like every kernel it returns a
 * new reference, or NULL with the error indicator set (here, by at_mul). */
static Tensor* cube_cpu(const Tensor* self) {
  Tensor* square = at_mul_Tensor(self, self);
  if (square == NULL) return NULL;
  Tensor* cube = at_mul_Tensor(square, self);
  Tensor_release(square);
  return cube;
}

/* custom::softsign: self / (1 + |self|), from other operators. */
static Tensor* softsign(const Tensor* self) {
  Tensor* magnitude = at_abs(self);
  if (magnitude == NULL) return NULL;
  Tensor* denominator = at_add_Scalar(magnitude, Scalar_fromLong(1), Scalar_fromLong(1));
  Tensor_release(magnitude);
  if (denominator == NULL) return NULL;
  Tensor* result = at_div_Tensor(self, denominator);
  Tensor_release(denominator);
  return result;
}

/* The schemas: one MINATEN_LIBRARY block per namespace (TORCH_LIBRARY). */
MINATEN_LIBRARY(custom, m) {
  Library_def(m, "cube(Tensor self) -> Tensor");
  Library_def(m, "softsign(Tensor self) -> Tensor");
}

/* The kernels, one block per dispatch key (TORCH_LIBRARY_IMPL). */
MINATEN_LIBRARY_IMPL(custom, CPU, m) {
  Library_impl(m, "cube", MINATEN_KERNEL(cube_cpu));
}

MINATEN_LIBRARY_IMPL(custom, Lazy, m) {
  Library_impl(m, "cube", MINATEN_LAZY_KERNEL);
}

MINATEN_LIBRARY_IMPL(custom, CompositeImplicitAutograd, m) {
  Library_impl(m, "softsign", MINATEN_KERNEL(softsign));
}
