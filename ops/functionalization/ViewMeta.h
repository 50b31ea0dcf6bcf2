/*
 * ViewMeta.h - one view operator call, kept so that functionalization can
 * run it again forwards (regenerate a view from its base) and backwards
 * (write a view's new value into its base).
 *
 * `v = f[1]` on a functional tensor f records select.int(_, 0, 1): the
 * forward function is `select_copy(base, 0, 1)` (or `select(base, 0, 1)`
 * when views are reapplied), the reverse function
 * `select_scatter(base, mutated_view, 0, 1)`.  The generated Functionalize
 * kernel of each view operator makes one (RegisterFunctionalization.c); the
 * reverse functions are written by hand (FunctionalInverses.c).
 *
 * NB(minaten): 1.13's ViewMeta holds two C++ lambdas capturing the call's
 * arguments; here the two functions are plain C functions that read the
 * arguments, boxed and owned, from the ViewMeta.  A ViewMeta is reference
 * counted: a view's list starts as a copy of its base's list.
 *
 * PyTorch 1.13: aten/src/ATen/FunctionalStorageImpl.h ViewMeta
 */
#ifndef MINATEN_OPS_FUNCTIONALIZATION_VIEWMETA_H
#define MINATEN_OPS_FUNCTIONALIZATION_VIEWMETA_H

#include <stdbool.h>
#include <stddef.h>

#include "runtime/IValue.h"
#include "runtime/TensorImpl.h"

typedef struct ViewMeta ViewMeta;

/* The view of `base` this ViewMeta makes (a new reference), or NULL with
 * the error set.  PyTorch 1.13: ViewMeta::forward_fn */
typedef Tensor* (*ViewMetaForwardFn)(const Tensor* base, const ViewMeta* meta);
/* `base` with its view replaced by `mutated_view` (a new reference), or
 * NULL with the error set.  PyTorch 1.13: ViewMeta::reverse_fn */
typedef Tensor* (*ViewMetaReverseFn)(const Tensor* base, const Tensor* mutated_view, const ViewMeta* meta);

struct ViewMeta {
  int64_t refcount;
  ViewMetaForwardFn forward_fn;
  ViewMetaReverseFn reverse_fn;
  IValue* args;         /* the view call's arguments, owned; args[0] (the tensor) is None */
  size_t num_args;
  bool reapply_views;   /* forward with the view operator itself, not its _copy form */
  int64_t out_index;    /* which output of a view with several (split, unbind) */
};

/* A ViewMeta of the call with boxed `args` (args[0] not kept, the others
 * copied), refcount 1; NULL with the error set (out of memory). */
ViewMeta* ViewMeta_new(ViewMetaForwardFn forward_fn, ViewMetaReverseFn reverse_fn, const IValue* args,
                       size_t num_args, bool reapply_views);
/* The same call for output `out_index`.  PyTorch 1.13: ViewMeta::to_out_idx */
ViewMeta* ViewMeta_toOutIndex(const ViewMeta* meta, int64_t out_index);
ViewMeta* ViewMeta_retain(ViewMeta* meta);
void ViewMeta_release(ViewMeta* meta);

/* A list of ViewMetas, each held. */
typedef struct ViewMetaList {
  ViewMeta** items;
  size_t size;
} ViewMetaList;

/* *out = a copy of l (each item retained), plus `extra` (retained) if not
 * NULL.  Returns 0, or -1 with the error set. */
int ViewMetaList_copy(const ViewMetaList* l, ViewMeta* extra, ViewMetaList* out);
void ViewMetaList_free(ViewMetaList* l);

#endif
