/*
 * TensorIterator.h - the geometry every elementwise loop shares.
 *
 * An elementwise operator (the binary and unary loops of ops/cpu/, where,
 * copy_) works on operands broadcast to one shape.  TensorIterator gives it:
 *   1. each operand's byte strides over that shape, 0 along a broadcast
 *      dimension (compute_strides);
 *   2. the order of the dimensions in the operands' memory, innermost first
 *      (reorder_dimensions), so that a new output is laid out like its
 *      inputs (`a.t() + 1` is laid out like `a.t()`) and a copy walks
 *      memory in order;
 *   3. the output: allocated in that layout, or a given one checked and, for
 *      out=, resized and then restrided to that layout (an out that had
 *      the shape already keeps its strides): TensorIterator_build, which
 *      runs the checks in 1.13's order (ops/TensorIteratorConfig.h).
 * The operations, the computation type and the loops over elements are the
 * kernels' (ops/cpu/BinaryOpsKernel.c, UnaryOpsKernel.c); the result dtype is
 * result_type (ops/TypeProperties.h), the broadcast shape broadcast_shape
 * (ops/ExpandUtils.h).
 *
 * PyTorch 1.13: aten/src/ATen/TensorIterator.h, TensorIterator.cpp
 */
#ifndef MINATEN_OPS_TENSORITERATOR_H
#define MINATEN_OPS_TENSORITERATOR_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime/ArrayRef.h"
#include "runtime/ScalarType.h"
#include "runtime/TensorImpl.h"

/* t's byte strides over the broadcast shape (ndim entries; 0 where t is
 * broadcast), written to strides.
 * PyTorch 1.13: TensorIterator.cpp TensorIteratorBase::compute_strides */
void operand_strides(const Tensor* t, const int64_t* shape, int64_t ndim, int64_t* strides);

/*
 * The dimensions of shape (ndim of them) sorted innermost first, written to
 * perm: by the operands' strides (nops arrays of ndim strides, compared
 * operand by operand; a stride 0, a broadcast dimension, gives no opinion),
 * equal strides putting the smaller size first.  An insertion sort that keeps
 * ambiguous pairs in place, so that contiguous operands keep C order
 * (perm = ndim-1, ..., 0).
 * PyTorch 1.13: TensorIterator.cpp TensorIteratorBase::reorder_dimensions
 */
void reorder_dimensions(int64_t ndim, const int64_t* shape, const int64_t* const* strides, int nops,
                        int64_t* perm);

/* reorder_dimensions for a reduction: operand 0 is its output, whose
 * reduced dimensions have stride 0 and go first (innermost), before the
 * operands' strides are compared.
 * PyTorch 1.13: TensorIterator.cpp reorder_dimensions (is_reduction_ && is_output) */
void reorder_dimensions_reduction(int64_t ndim, const int64_t* shape, const int64_t* const* strides, int nops,
                                  int64_t* perm);

/*
 * Merges neighbouring dimensions (shape and the nops stride arrays, already
 * in reorder_dimensions' order, innermost first) that every operand walks as
 * one: a size-1 dimension, or one whose stride times size is the next one's
 * stride in every operand.  Returns the new number of dimensions; the arrays
 * are rewritten in place.
 * PyTorch 1.13: TensorIterator.cpp TensorIteratorBase::coalesce_dimensions
 */
int64_t coalesce_dimensions(int64_t ndim, int64_t* shape, int64_t* const* strides, int nops);

/* Dense element strides for a new output of shape, in the dimension order
 * reorder_dimensions gives the operands' strides (out_strides: ndim entries).
 * PyTorch 1.13: TensorIterator.cpp reorder_dimensions + allocate_or_resize_outputs
 * (invert_perm) */
void output_strides(int64_t ndim, const int64_t* shape, const int64_t* const* strides, int nops,
                    int64_t* out_strides);

/*
 * Note [TensorIterator's walk]
 * After its checks, 1.13's TensorIterator holds the loop's geometry: the
 * operands' data pointers (outputs first), the shape with its dimensions
 * reordered innermost first and coalesced, and each operand's byte stride
 * along each of them.  A kernel never walks that itself: it writes a loop
 * over a two-dimensional tile (loop2d: size0 elements along dimension 0,
 * size1 rows along dimension 1, strides[arg] and strides[ntensors + arg]
 * the steps), and for_each / serial_for_each call it on the tiles that
 * cover a range [begin, end) of the elements in that order (a DimCounter:
 * the first tile may start inside a row, the last may end inside one).
 * for_each(loop, grain_size) runs the whole range on the calling thread
 * when it has fewer than grain_size elements or one thread is set, else it
 * cuts it with parallel_for (runtime/Parallel.h) and each thread walks its
 * chunk: a loop sees rows cut where the chunks end, so a kernel whose
 * results depend on how its rows are cut (the Sleef loops) gives, at each
 * thread count, the bits 1.13 gives at that count.
 * PyTorch 1.13: aten/src/ATen/TensorIterator.h (loop2d_t, for_each,
 * serial_for_each), TensorIterator.cpp (DimCounter, get_strides), TensorIteratorInternal.h
 */
/* The most operands an iterator holds: index's (an output, self restrided
 * and one index tensor per dimension of self). */
enum { TensorIterator_MAX_OPERANDS = MINATEN_MAX_DIM + 2 };

typedef struct TensorIteratorBase {
  int ntensors; /* outputs first */
  int64_t ndim; /* after coalescing; at least 1 */
  int64_t shape[MINATEN_MAX_DIM];
  /* strides[dim * ntensors + arg], bytes, for max(ndim, 2) dimensions (a
   * missing dimension 1 has stride 0): get_strides()'s layout, which a
   * loop2d receives. */
  int64_t strides[(MINATEN_MAX_DIM > 2 ? MINATEN_MAX_DIM : 2) * TensorIterator_MAX_OPERANDS];
  char* data[TensorIterator_MAX_OPERANDS];
  int64_t numel;
  bool is_reduction; /* operand 0 is a reduction's output (stride 0 along the reduced dimensions) */
  /* Set by TensorIterator_build (ops/TensorIteratorConfig.h) only: the
   * operands (outputs first, each a reference the iterator holds) and the
   * dtype the operation computes in. */
  Tensor* tensors[TensorIterator_MAX_OPERANDS];
  int num_outputs;
  ScalarType common_dtype;
  DeviceType device; /* the operands': CPU, or Meta for a meta function's iterator (no data) */
} TensorIteratorBase;

/* One tile: data[arg] its first element of each operand.
 * PyTorch 1.13: TensorIterator.h TensorIteratorBase::loop2d_t */
typedef void (*loop2d_t)(void* ctx, char** data, const int64_t* strides, int64_t size0, int64_t size1);

/*
 * The geometry of an elementwise operation over `shape`: operands[0 ..
 * ntensors-1] (outputs first, each of `shape` or broadcast to it), their
 * dimensions reordered by their strides as reorder_dimensions does (an
 * output that was just allocated in that order changes nothing) and
 * coalesced.
 * PyTorch 1.13: TensorIterator.cpp compute_strides, reorder_dimensions,
 * coalesce_dimensions
 */
void TensorIterator_initElementwise(TensorIteratorBase* iter, Tensor* const* operands, int ntensors,
                                    IntArrayRef shape);
/*
 * Note [Restrided operands]
 * Where an operand is not a tensor of the iteration's shape, 1.13 restrides
 * one with as_strided before it builds its iterator: index's self with
 * stride 0 along the dimensions the index tensors replace (restride_src),
 * the operands of scatter/gather, cumsum and median with the walked
 * dimension squashed to size 1 (declare_static_shape's squash_dim), flip's
 * dummy input with stride 0 along the flipped dimensions.  minaten gives
 * such operands directly: ntensors data pointers (outputs first) and their
 * byte strides over `shape` (strides[arg][d], ndim entries each; a size-1
 * dimension may have any stride, as as_strided allows), reordered and
 * coalesced exactly as TensorIterator_initElementwise reorders and
 * coalesces tensors (initStrided), or walked in C order, the last
 * dimension fastest (initLinear: enforce_linear_iteration, for a loop
 * whose result depends on the order of the elements).
 * PyTorch 1.13: TensorIterator.cpp (compute_strides, reorder_dimensions,
 * coalesce_dimensions), TensorIteratorConfig::declare_static_shape,
 * enforce_linear_iteration; IndexingUtils.h restride_src
 */
void TensorIterator_initStrided(TensorIteratorBase* iter, char* const* data, const int64_t* const* strides,
                                int ntensors, const int64_t* shape, int64_t ndim);
void TensorIterator_initLinear(TensorIteratorBase* iter, char* const* data, const int64_t* const* strides,
                               int ntensors, const int64_t* shape, int64_t ndim);

/* The geometry of a reduction of self into result (see
 * reduction_serial_for_each below for its shape and order). */
void TensorIterator_initReduction(TensorIteratorBase* iter, const Tensor* self, Tensor* result, const bool* mask,
                                  bool keepdim);

/* loop over the tiles covering elements [begin, end), on this thread.
 * PyTorch 1.13: TensorIterator.cpp TensorIteratorBase::serial_for_each,
 * at::internal::serial_for_each */
void TensorIterator_serial_for_each(const TensorIteratorBase* iter, loop2d_t loop, void* ctx, int64_t begin,
                                    int64_t end);
/* loop over all the tiles, on parallel_for's threads above grain_size
 * elements (AT_GRAIN_SIZE is TensorIterator's default).
 * PyTorch 1.13: TensorIterator.cpp TensorIteratorBase::for_each */
void TensorIterator_for_each(const TensorIteratorBase* iter, loop2d_t loop, void* ctx, int64_t grain_size);
/* Whether dim is one the reduction's output does not have (stride 0 there
 * and size above 1).  PyTorch 1.13: TensorIterator.cpp is_dim_reduced */
bool TensorIterator_is_dim_reduced(const TensorIteratorBase* iter, int64_t dim);
/* The sub-iterator over [start, start + size) of dim.
 * PyTorch 1.13: TensorIterator.cpp TensorIteratorBase::narrow */
void TensorIterator_narrow(TensorIteratorBase* iter, int64_t dim, int64_t start, int64_t size);

/* A reduction's loop2d: ntensors is 2, data = {output, input}, strides =
 * {output's and input's byte strides along dimension 0, then along
 * dimension 1}. */
typedef loop2d_t ReductionLoop2d;

/*
 * A reduction's TensorIterator, walked on one thread: the output `result`
 * (self's shape with the dimensions marked in mask removed, or kept as size
 * 1 when keepdim) viewed over self's shape with stride 0 along the reduced
 * dimensions; the dimensions reordered with the reduced ones innermost and
 * coalesced; then `loop` called once per step of the dimensions beyond the
 * first two (the third fastest), on the tile of the first two (or once, with
 * size1 = 1, when at most one dimension is left).  Nothing is called for an
 * empty self.
 * PyTorch 1.13: ReduceOps.cpp make_reduction (review_reduce_result),
 * TensorIterator.cpp serial_for_each
 */
void reduction_serial_for_each(const Tensor* self, Tensor* result, const bool* mask, bool keepdim,
                               ReductionLoop2d loop, void* ctx);

/*
 * The same reduction walked as 1.13's parallel_reduce walks it: on one
 * thread (reduction_serial_for_each) below AT_GRAIN_SIZE elements, with one
 * thread set, or inside a parallel region; else, for a reduction to one
 * element, in two passes (each thread's chunk of the elements reduced into
 * a slot of its own, which starts as result's value; then the slots,
 * thread 0's first, reduced into result by the same loop); else split along
 * one dimension the output keeps (find_split_dim, the chunks rounded to 128
 * bytes where the input is contiguous along it), each thread reducing whole
 * outputs.  The loop's output must already hold the reduction's identity.
 * PyTorch 1.13: TensorIteratorReduce.cpp TensorIteratorBase::parallel_reduce,
 * two_pass_reduction, parallel_dim_reduction
 */
void reduction_parallel_reduce(const Tensor* self, Tensor* result, const bool* mask, bool keepdim,
                               ReductionLoop2d loop, void* ctx);

/* Whether that iterator reduces one dimension only, its innermost, along
 * which self is contiguous (after the reordering and coalescing: a
 * contiguous tensor reduced over its last dimensions, or over all of them).
 * PyTorch 1.13: native/cpu/Reduce.h is_reduce_lastdim */
bool reduction_is_lastdim(const Tensor* self, const Tensor* result, const bool* mask, bool keepdim);

/*
 * The iterator's fast setup for a new output: when every operand (nops of
 * them) has exactly the iteration shape and is contiguous (an empty tensor
 * always is), the output is contiguous whatever their strides say, so each
 * operand's stride array (as operand_strides wrote it) is replaced by
 * contiguous byte strides before the output is laid out.  Otherwise the
 * arrays stay and reorder_dimensions decides.
 * NB(minaten): the other fast setups (all channels-last; all non-overlapping
 * and dense with equal strides) give what reorder_dimensions gives here.
 * PyTorch 1.13: TensorIterator.cpp compute_fast_setup_type (FastSetupType::CONTIGUOUS)
 */
void fast_setup_strides(const Tensor* const* operands, int nops, IntArrayRef shape, int64_t* const* strides);

#endif
