/*
 * FunctionalStorageImpl.c - the base value and the queued writes of a group
 * of functional tensors; see Note [Functionalization: Alias Removal] in
 * FunctionalStorageImpl.h.
 * PyTorch 1.13: aten/src/ATen/FunctionalStorageImpl.cpp
 */
#include "ops/functionalization/FunctionalStorageImpl.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "runtime/LocalDispatchKeySet.h"

FunctionalStorageImpl* FunctionalStorageImpl_new(const Tensor* base) {
  FunctionalStorageImpl* s = calloc(1, sizeof *s);
  if (s == NULL) {
    Error_setBadAlloc();
    return NULL;
  }
  s->refcount = 1;
  s->base = Tensor_retain(base);
  return s;
}

FunctionalStorageImpl* FunctionalStorageImpl_retain(FunctionalStorageImpl* s) {
  s->refcount++;
  return s;
}

/* Drops the first n queued updates, keeping the others in order. */
static void drop_updates(FunctionalStorageImpl* s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    Tensor_release(s->updates[i].new_val);
    ViewMetaList_free(&s->updates[i].view_metas);
  }
  if (n > 0) memmove(s->updates, s->updates + n, (s->num_updates - n) * sizeof *s->updates);
  s->num_updates -= n;
}

void FunctionalStorageImpl_release(FunctionalStorageImpl* s) {
  if (s == NULL || --s->refcount > 0) return;
  drop_updates(s, s->num_updates);
  free(s->updates);
  Tensor_release(s->base);
  free(s);
}

int FunctionalStorageImpl_addUpdate(FunctionalStorageImpl* s, const Tensor* new_val, const ViewMetaList* view_metas) {
  if (s->num_updates == s->capacity) {
    size_t cap = s->capacity ? 2 * s->capacity : 4;
    FunctionalUpdate* u = realloc(s->updates, cap * sizeof *u);
    if (u == NULL) {
      Error_setBadAlloc();
      return -1;
    }
    s->updates = u;
    s->capacity = cap;
  }
  FunctionalUpdate* u = &s->updates[s->num_updates];
  if (ViewMetaList_copy(view_metas, NULL, &u->view_metas) < 0) return -1;
  u->new_val = Tensor_retain(new_val);
  s->num_updates++;
  s->generation++;
  return 0;
}

/*
 * The base after one write: the written view's new value carried back
 * through each view meta's inverse, innermost first.  The inverses need
 * the intermediate views (a select's inverse scatters into the tensor it
 * selected from), so those are computed forwards first: for metas
 * m0 .. m(n-1), views[0] = base, views[i+1] = m_i.forward(views[i]) up to
 * n-1; then t = new value, t = m_i.reverse(views[i], t) for i = n-1 .. 0.
 * Returns a new reference, or NULL with the error set.
 * PyTorch 1.13: aten/src/ATen/FunctionalStorageImpl.cpp apply_update
 */
static Tensor* apply_update(const FunctionalUpdate* update, const Tensor* base) {
  size_t n = update->view_metas.size;
  if (n == 0) return Tensor_retain(update->new_val);
  Tensor** views = calloc(n, sizeof *views);
  Tensor* t = NULL;
  if (views == NULL) {
    Error_setBadAlloc();
    return NULL;
  }
  views[0] = Tensor_retain(base);
  for (size_t i = 0; i + 1 < n; i++) {
    const ViewMeta* m = update->view_metas.items[i];
    views[i + 1] = m->forward_fn(views[i], m);
    if (views[i + 1] == NULL) goto done;
  }
  t = Tensor_retain(update->new_val);
  for (size_t i = n; i-- > 0;) {
    const ViewMeta* m = update->view_metas.items[i];
    Tensor* next = m->reverse_fn(views[i], t, m);
    Tensor_release(t);
    t = next;
    if (t == NULL) break;
  }
done:
  for (size_t i = 0; i < n; i++) Tensor_release(views[i]);
  free(views);
  return t;
}

int FunctionalStorageImpl_applyUpdates(FunctionalStorageImpl* s) {
  /* None of these tensors is functional; Functionalize is skipped so that
   * an enabled functionalization (torch._enable_functionalization, a key
   * in the thread's included set) does not wrap what the inverses return.
   * PyTorch 1.13: at::AutoDispatchSkipFunctionalize */
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Functionalize));
  size_t applied = 0;
  for (; applied < s->num_updates; applied++) {
    Tensor* next = apply_update(&s->updates[applied], s->base);
    if (next == NULL) break;
    Tensor_release(s->base);
    s->base = next;
  }
  DispatchKeyGuard_pop(guard);
  drop_updates(s, applied); /* a failed one stays queued */
  return s->num_updates == 0 ? 0 : -1;
}
