/*
 * TensorIteratorReduce.c - a reduction's walk over the intra-op threads, as
 * 1.13's parallel_reduce cuts it; see reduction_parallel_reduce in
 * ops/TensorIterator.h.
 *
 * Which route a reduction takes decides its last bits: a float sum of
 * 10^5 elements at 2 threads is (0 + sum of the first half) and (0 + sum of
 * the second half), each in the loop's own order, then 0 + those two
 * partial sums, reduced by the same loop; at one thread it is one walk.
 * Splitting along a kept dimension (parallel_dim_reduction) changes only
 * which thread computes which outputs, never their bits.
 *
 * PyTorch 1.13: aten/src/ATen/TensorIteratorReduce.cpp
 */
#include <stdalign.h>
#include <string.h>

#include "ops/TensorIterator.h"
#include "runtime/Parallel.h"

enum { kMaxThreads = 256, kMaxItemsize = 16 };

typedef struct Reduce {
  const TensorIteratorBase* iter;
  loop2d_t loop;
  void* ctx;
  char* buffer;     /* two_pass_reduction: one output slot per thread */
  int64_t itemsize; /* of the output */
} Reduce;

/* A thread's chunk of the first pass: the chunk's elements reduced into
 * the thread's slot ("Bump output ptr so each thread has its own output
 * slice"). */
static void two_pass_chunk(void* arg, int64_t begin, int64_t end) {
  const Reduce* r = arg;
  TensorIteratorBase sub = *r->iter;
  sub.data[0] = r->buffer + r->itemsize * at_get_thread_num();
  TensorIterator_serial_for_each(&sub, r->loop, r->ctx, begin, end);
}

/* PyTorch 1.13: TensorIteratorReduce.cpp two_pass_reduction */
static void two_pass_reduction(const TensorIteratorBase* iter, loop2d_t loop, void* ctx, int64_t itemsize) {
  const int max_threads = at_get_num_threads();
  alignas(16) char buffer[kMaxThreads * kMaxItemsize];
  for (int t = 0; t < max_threads; t++) memcpy(buffer + t * itemsize, iter->data[0], (size_t)itemsize); /* buffer.copy_(unsqueezed) */
  Reduce r = {iter, loop, ctx, buffer, itemsize};
  at_parallel_for(0, iter->numel, AT_GRAIN_SIZE, two_pass_chunk, &r);
  /* final_reduce: the max_threads slots (dimension 0 of buffer) into the output */
  TensorIteratorBase final_reduce = {.ntensors = 2, .ndim = 1, .shape = {max_threads}, .numel = max_threads,
                                     .is_reduction = true};
  final_reduce.strides[0] = 0;
  final_reduce.strides[1] = itemsize;
  final_reduce.data[0] = iter->data[0];
  final_reduce.data[1] = buffer;
  TensorIterator_for_each(&final_reduce, loop, ctx, AT_GRAIN_SIZE);
}

/* The dimension to split: the outermost kept one with at least as many
 * elements as there are threads, else the largest kept one met before the
 * first reduced one, walking outward-in.
 * PyTorch 1.13: TensorIteratorReduce.cpp find_split_dim */
static int64_t find_split_dim(const TensorIteratorBase* iter) {
  const int num_threads = at_get_num_threads();
  int64_t best_dim = iter->ndim - 1;
  for (int64_t dim = best_dim; dim >= 0 && !TensorIterator_is_dim_reduced(iter, dim); dim--) {
    if (iter->shape[dim] >= num_threads) return dim;
    if (iter->shape[dim] > iter->shape[best_dim]) best_dim = dim;
  }
  return best_dim;
}

typedef struct DimReduce {
  const TensorIteratorBase* iter;
  loop2d_t loop;
  void* ctx;
  int64_t dim;
  int64_t cols_per_128_bytes; /* 0: no rounding */
} DimReduce;

static void dim_reduction_chunk(void* arg, int64_t begin, int64_t end) {
  const DimReduce* r = arg;
  if (r->cols_per_128_bytes > 0) { /* round_columns */
    begin -= begin % r->cols_per_128_bytes;
    if (end != r->iter->shape[r->dim]) end -= end % r->cols_per_128_bytes; /* not the final column */
  }
  if (begin == end) return;
  TensorIteratorBase sub = *r->iter;
  TensorIterator_narrow(&sub, r->dim, begin, end - begin);
  TensorIterator_for_each(&sub, r->loop, r->ctx, AT_GRAIN_SIZE);
}

/* PyTorch 1.13: TensorIteratorReduce.cpp parallel_dim_reduction */
static void parallel_dim_reduction(const TensorIteratorBase* iter, loop2d_t loop, void* ctx, int64_t in_itemsize) {
  int64_t dim = find_split_dim(iter);
  bool should_round_columns = iter->strides[dim * 2 + 1] == in_itemsize;
  DimReduce r = {iter, loop, ctx, dim, should_round_columns ? 128 / in_itemsize : 0};
  at_parallel_for(0, iter->shape[dim], 1, dim_reduction_chunk, &r);
}

void reduction_parallel_reduce(const Tensor* self, Tensor* result, const bool* mask, bool keepdim,
                               ReductionLoop2d loop, void* ctx) {
  if (self->numel == 0) return;
  TensorIteratorBase iter;
  TensorIterator_initReduction(&iter, self, result, mask, keepdim);
  if (iter.numel < AT_GRAIN_SIZE || at_get_num_threads() == 1 || at_in_parallel_region())
    TensorIterator_serial_for_each(&iter, loop, ctx, 0, iter.numel);
  else if (result->numel == 1) /* use_two_pass_reduction */
    two_pass_reduction(&iter, loop, ctx, (int64_t)Tensor_itemsize(result));
  else
    parallel_dim_reduction(&iter, loop, ctx, (int64_t)Tensor_itemsize(self));
}
