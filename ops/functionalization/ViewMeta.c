/*
 * ViewMeta.c - recorded view calls; see ViewMeta.h.
 * PyTorch 1.13: aten/src/ATen/FunctionalStorageImpl.cpp ViewMeta::to_out_idx
 */
#include "ops/functionalization/ViewMeta.h"

#include <stdlib.h>

#include "runtime/Exception.h"

ViewMeta* ViewMeta_new(ViewMetaForwardFn forward_fn, ViewMetaReverseFn reverse_fn, const IValue* args,
                       size_t num_args, bool reapply_views) {
  ViewMeta* m = calloc(1, sizeof *m);
  IValue* copied = calloc(num_args ? num_args : 1, sizeof *copied);
  if (m == NULL || copied == NULL) {
    free(m);
    free(copied);
    Error_setBadAlloc();
    return NULL;
  }
  m->refcount = 1;
  m->forward_fn = forward_fn;
  m->reverse_fn = reverse_fn;
  m->args = copied;
  m->num_args = num_args;
  if (num_args) m->args[0] = IValue_none();
  for (size_t i = 1; i < num_args; i++) m->args[i] = IValue_clone(&args[i]);
  m->reapply_views = reapply_views;
  m->out_index = 0;
  return m;
}

ViewMeta* ViewMeta_toOutIndex(const ViewMeta* meta, int64_t out_index) {
  ViewMeta* m = ViewMeta_new(meta->forward_fn, meta->reverse_fn, meta->args, meta->num_args, meta->reapply_views);
  if (m != NULL) m->out_index = out_index;
  return m;
}

ViewMeta* ViewMeta_retain(ViewMeta* meta) {
  meta->refcount++;
  return meta;
}

void ViewMeta_release(ViewMeta* meta) {
  if (meta == NULL || --meta->refcount > 0) return;
  for (size_t i = 0; i < meta->num_args; i++) IValue_release(&meta->args[i]);
  free(meta->args);
  free(meta);
}

int ViewMetaList_copy(const ViewMetaList* l, ViewMeta* extra, ViewMetaList* out) {
  size_t n = l->size + (extra != NULL);
  out->items = NULL;
  out->size = 0;
  if (n == 0) return 0;
  out->items = malloc(n * sizeof *out->items);
  if (out->items == NULL) {
    Error_setBadAlloc();
    return -1;
  }
  for (size_t i = 0; i < l->size; i++) out->items[i] = ViewMeta_retain(l->items[i]);
  if (extra != NULL) out->items[l->size] = ViewMeta_retain(extra);
  out->size = n;
  return 0;
}

void ViewMetaList_free(ViewMetaList* l) {
  for (size_t i = 0; i < l->size; i++) ViewMeta_release(l->items[i]);
  free(l->items);
  l->items = NULL;
  l->size = 0;
}
