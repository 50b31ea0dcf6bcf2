/*
 * ViewFunc.h - a view's replay: the view operators that make a view from
 * its root base, kept to be run again on another tensor.
 *
 * Autograd must find "the same slice" of a tensor twice after an in-place
 * write through a view: CopySlices takes the view's slice of the base's
 * gradient, and the view's grad_fn is made again from the base.  On the CPU
 * the view's geometry says it all (as_strided with its sizes, strides and
 * storage offset: AsStridedBackward0).  A lazy tensor has no storage to
 * stride over (Tensor_supportAsStrided is false), so the ADInplaceOrView
 * kernel of each view operator records the call itself, here, and autograd
 * replays it.  `y = x * 1; v = y[:, 0]` on lazy tensors records
 *
 *     slice.Tensor(_, 0, None, None, 1)  then  select.int(_, 1, 0)
 *
 * and `v.mul_(2)` then gives v the grad_fn of `select(slice(y))` replayed
 * on y (SelectBackward0, not AsStridedBackward0), and CopySlices the
 * slice of y's gradient that v is.
 *
 * A ViewFunc is one step with a link to the steps before it (`prev`, held):
 * chaining the view of a view shares the parent's steps.  A step is an
 * operator call (its arguments but the tensor, boxed and owned), an
 * as_strided of a saved geometry (the view of a base that strides, or of a
 * view without a replay of its own), or the error of a view of one of
 * several views (split, unbind: they have no replay).  Immutable once
 * made; reference counted.
 *
 * PyTorch 1.13: torch/csrc/autograd/variable.h ViewInfo (view_fn_),
 * variable.cpp ViewInfo::chain, gen_inplace_or_view_type.py (the view_func
 * lambdas of ADInplaceOrViewType_*.cpp)
 */
#ifndef MINATEN_AUTOGRAD_VIEWFUNC_H
#define MINATEN_AUTOGRAD_VIEWFUNC_H

#include <stddef.h>

#include "dispatch/OperatorEntry.h"
#include "runtime/IValue.h"
#include "runtime/TensorImpl.h"

typedef struct ViewFunc ViewFunc;

/* The replay of one call of the view operator `op` with the boxed
 * arguments `args` (args[0], the tensor viewed, is not kept; the others are
 * copied).  NULL with a RuntimeError (out of memory). */
ViewFunc* ViewFunc_new(const OperatorEntry* op, const IValue* args, size_t num_args);

/*
 * 1.13's ViewInfo::chain: the replay of `view` (made from `base` by one view
 * operator whose own replay is `view_func`, NULL for none, consumed) from the
 * root base, given `base_view_fn`, base's replay from the root (NULL for
 * none; borrowed):
 *
 *   base_view_fn  view_func   the result
 *   yes           yes         base_view_fn, then view_func
 *   no            yes         as_strided to base's geometry, then view_func,
 *                             if base strides; else the multi-output error
 *   yes           no          base_view_fn, then as_strided to view's geometry
 *   no            no          NULL (the view's geometry is enough)
 *
 * Returns the chain (a new reference) or NULL; *ok is false with a
 * RuntimeError when out of memory.
 */
ViewFunc* ViewFunc_chain(const ViewFunc* base_view_fn, ViewFunc* view_func, const Tensor* base, const Tensor* view,
                         bool* ok);

/* The view replayed on `root_base`: each step, first to last, through the
 * dispatcher (so under autograd it records the view operators' own nodes).
 * A new reference, or NULL with the error set. */
Tensor* ViewFunc_apply(const ViewFunc* f, const Tensor* root_base);

ViewFunc* ViewFunc_retain(const ViewFunc* f);
void ViewFunc_release(ViewFunc* f);

#endif
