/*
 * consumer.c - a program of someone else's, built against an installed
 * minaten (run_install.sh builds it twice: find_package, pkg-config).  It
 * includes only <minaten/minaten.h>, calls operators through their entry
 * points and the dialect through the embedding API, and prints what it got;
 * expected.out is what it must print.
 *
 *   consumer [SCRIPT.py]     SCRIPT.py: also run through minaten_run_file
 */
#include <minaten/minaten.h>
#include <stdio.h>

/* Prints `sizes=[2, 3] strides=[3, 1] values=[0, 1, ...]` of an int64 tensor. */
static void print_tensor(const char* name, const Tensor* t) {
  IntArrayRef sizes = Tensor_sizes(t), strides = Tensor_strides(t);
  printf("%s: %s sizes=[", name, ScalarType_name(t->dtype));
  for (size_t i = 0; i < sizes.size; i++) printf("%s%lld", i ? ", " : "", (long long)sizes.data[i]);
  printf("] strides=[");
  for (size_t i = 0; i < strides.size; i++) printf("%s%lld", i ? ", " : "", (long long)strides.data[i]);
  printf("] values=[");
  const int64_t* data = (const int64_t*)Tensor_data(t);
  for (int64_t i = 0; i < t->numel; i++) printf("%s%lld", i ? ", " : "", (long long)data[i]);
  printf("]\n");
}

/* The pending error as the dialect prints it, then cleared. */
static void print_error(const char* what) {
  printf("%s: %s: %s\n", what, ErrorType_name(Error_type()), Error_message());
  Error_clear();
}

int main(int argc, char** argv) {
  if (minaten_init() < 0) {
    print_error("minaten_init");
    return 1;
  }
  Tensor* a = at_arange(Scalar_fromLong(6), kNoDtype, kNoLayout, kNoDevice, kNoPinMemory);
  Tensor* b = a ? at_reshape(a, IntArrayRef_make((int64_t[]){2, 3}, 2)) : NULL;
  if (b == NULL) {
    print_error("at_reshape");
    return 1;
  }
  print_tensor("a", a);
  print_tensor("b", b);
  printf("b shares a's storage: %s\n", b->storage == a->storage ? "yes" : "no");
  Tensor* bad = at_reshape(a, IntArrayRef_make((int64_t[]){4}, 1));
  if (bad == NULL) print_error("at_reshape(a, [4])");
  Tensor_release(b);
  Tensor_release(a);

  /* The dialect: variables live from one run to the next; an error's
   * traceback goes to stderr and the run returns -1. */
  printf("run_string: %d\n", minaten_run_string("import torch\nc = torch.arange(6.).reshape(2, 3)\nprint(c.sum(1))"));
  printf("run_string: %d\n", minaten_run_string("print(c.t().is_contiguous(), c.t().shape)"));
  fflush(stdout);
  printf("run_string: %d\n", minaten_run_string("c.view(4)"));
  if (argc > 1) printf("run_file: %d\n", minaten_run_file(argv[1]));
  minaten_shutdown();
  return 0;
}
