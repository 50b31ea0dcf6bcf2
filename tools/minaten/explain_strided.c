/*
 * explain_strided.c - the narrators of contiguous, expand and as_strided
 * for `minaten explain`.
 *
 *   contiguous()  self.is_contiguous() decides: self is returned (no
 *                 operator) or cloned (aten::clone).  The test is told as
 *                 TensorImpl::compute_contiguous runs it, through
 *                 Tensor_contiguousExplain (runtime/TensorImpl.h): the
 *                 narrator reruns the real test on self with the hook set.
 *   expand        always aten::expand; the result's strides show which
 *                 dimensions broadcast (stride 0), its error why it refused.
 *   as_strided    always aten::as_strided; the result's geometry gives the
 *                 storage element each of its elements reads, and the
 *                 arguments the furthest one, against the storage's size.
 */
#include <string.h>

#include "runtime/ScalarType.h"
#include "runtime/Storage.h"
#include "tools/minaten/explain.h"

static void no_hook(ExplainCall* c) { (void)c; }

/* ---- contiguous ---------------------------------------------------------- */

static void on_contiguous_step(int64_t dim, int64_t expected, bool ok, void* ctx) {
  ExplainCall* c = ctx;
  const Tensor* t = c->self;
  if (dim < 0)
    explain_say(c->out, "  self has no element: contiguous, whatever its strides\n");
  else if (t->sizes[dim] == 1)
    explain_say(c->out, "  dimension %lld has size 1: skipped (its stride %lld never matters)\n", (long long)dim,
                (long long)t->strides[dim]);
  else
    explain_say(c->out, "  dimension %lld (size %lld): stride %lld, expected %lld: %s\n", (long long)dim,
                (long long)t->sizes[dim], (long long)t->strides[dim], (long long)expected,
                ok ? "ok" : "not contiguous");
}

static void after_contiguous(ExplainCall* c) {
  if (c->refused) return;
  explain_say(c->out,
              "contiguous() returns self when self.is_contiguous().  The test (compute_contiguous) "
              "walks from the "
              "innermost dimension out: each dimension of size > 1 must have the stride that the elements inside "
              "it span (1, then the product of the inner sizes); size-1 dimensions are skipped.\n");
  Tensor_contiguousExplain = on_contiguous_step;
  Tensor_contiguousExplainCtx = c;
  Tensor_refreshContiguous(c->self); /* recomputes the same answer, telling it */
  Tensor_contiguousExplain = NULL;
  Tensor_contiguousExplainCtx = NULL;
  if (c->self->is_contiguous) {
    explain_say(c->out, "So contiguous() returns self itself: no operator runs, nothing is copied.\n");
  } else {
    explain_say(c->out, "So contiguous() copies: clone(self, memory_format=torch.contiguous_format).\n");
    c->route[c->nroute++] = "aten::clone";
  }
}

/* ---- expand -------------------------------------------------------------- */

static void after_expand(ExplainCall* c) {
  if (c->refused) return;
  int64_t size[MINATEN_MAX_DIM];
  char a[512], b[512];
  const Tensor* self = c->self;
  int n = ExplainCall_shape(c, size);
  c->route[c->nroute++] = "aten::expand";
  explain_say(c->out,
              "expand to %s: the new sizes are matched with self's from the last dimension; a new size "
              "must equal "
              "the old one (or be -1: keep it), unless the old size is 1, which broadcasts (stride 0, every index "
              "reads the same element); new leading dimensions broadcast too.\n",
              n >= 0 ? explain_ints(size, n, a, sizeof a) : "");
  if (c->result == NULL) {
    /* Which pair of sizes the rule above rejects (the error says it too). */
    if (n >= 0 && n < self->dim)
      explain_say(c->out, "  %d sizes for %lld dimensions: expand cannot drop dimensions\n", n, (long long)self->dim);
    for (int64_t d = 0; n >= self->dim && d < self->dim; d++) {
      int64_t want = size[n - self->dim + d];
      if (want != -1 && want != self->sizes[d] && self->sizes[d] != 1)
        explain_say(c->out, "  dimension %lld: size %lld cannot become %lld: only a size-1 dimension broadcasts\n",
                    (long long)(n - self->dim + d), (long long)self->sizes[d], (long long)want);
    }
    explain_say(c->out, "So expand refuses.\n");
    return;
  }
  const Tensor* r = c->result;
  int64_t lead = r->dim - self->dim;
  for (int64_t d = 0; d < r->dim; d++) {
    if (d < lead)
      explain_say(c->out,
                  "  new dimension %lld (size %lld): new, leading: stride "
                  "0\n",
                  (long long)d, (long long)r->sizes[d]);
    else if (r->strides[d] == 0 && self->strides[d - lead] != 0)
      explain_say(c->out, "  dimension %lld: size %lld broadcast to %lld: stride 0\n", (long long)d,
                  (long long)self->sizes[d - lead], (long long)r->sizes[d]);
    else
      explain_say(c->out, "  dimension %lld: size %lld kept, stride %lld\n", (long long)d, (long long)r->sizes[d],
                  (long long)r->strides[d]);
  }
  explain_say(c->out, "So expand returns a view with sizes %s and strides %s; nothing is copied.\n",
              explain_ints(r->sizes, r->dim, a, sizeof a), explain_ints(r->strides, r->dim, b, sizeof b));
}

/* ---- as_strided ---------------------------------------------------------- */

static void after_as_strided(ExplainCall* c) {
  if (c->refused) return;
  char a[512];
  const Tensor* self = c->self;
  c->route[c->nroute++] = "aten::as_strided";
  if (self->storage == NULL) {
    explain_say(c->out, "as_strided: self has no storage (a lazy tensor).\n");
    return;
  }
  int64_t storage_numel = (int64_t)(self->storage->nbytes / ScalarType_elementSize(self->dtype));
  explain_say(c->out,
              "as_strided reads self's storage directly: element (i0, i1, ...) of the result is storage "
              "element offset + i0 * stride0 + i1 * stride1 + ...; self's storage holds %lld elements "
              "(indices 0..%lld).\n",
              (long long)storage_numel, (long long)storage_numel - 1);
  if (c->nargs >= 2 && c->args[0].is_ints && c->args[1].is_ints && c->args[0].n == c->args[1].n) {
    int64_t offset = c->nargs >= 3 && c->args[2].is_ints ? c->args[2].v[0] : self->storage_offset;
    int64_t last = offset, empty = 0, negative = offset < 0;
    for (int k = 0; k < c->args[0].n; k++) {
      if (c->args[0].v[k] == 0) empty = 1;
      if (c->args[0].v[k] < 0 || c->args[1].v[k] < 0) negative = 1;
      last += (c->args[0].v[k] - 1) * c->args[1].v[k];
    }
    if (negative)
      explain_say(c->out,
                  "A negative size, stride or storage offset reads no storage element: as_strided refuses it.\n");
    else if (empty)
      explain_say(c->out, "The result has no element: it reads nothing.\n");
    else
      explain_say(c->out, "Its furthest element is at storage index %lld + sum((size - 1) * stride) = %lld: %s.\n",
                  (long long)offset, (long long)last,
                  last < storage_numel ? "in bounds" : "past the storage's end, so as_strided refuses");
  }
  const Tensor* r = c->result;
  if (r == NULL || r->numel == 0) return;
  explain_say(c->out, "  element -> storage index:\n");
  int64_t idx[MINATEN_MAX_DIM] = {0};
  int64_t seen[32], distinct = 0;
  for (int64_t k = 0; k < r->numel && k < 32; k++) {
    int64_t at = r->storage_offset;
    for (int64_t d = 0; d < r->dim; d++) at += idx[d] * r->strides[d];
    explain_say(c->out, "    %s -> %lld\n", explain_ints(idx, r->dim, a, sizeof a), (long long)at);
    bool again = false;
    for (int64_t j = 0; j < distinct; j++) again |= seen[j] == at;
    if (!again) seen[distinct++] = at;
    for (int64_t d = r->dim - 1; d >= 0; d--) {
      if (++idx[d] < r->sizes[d]) break;
      idx[d] = 0;
    }
  }
  if (r->numel > 32)
    explain_say(c->out, "    ... (%lld elements in all)\n", (long long)r->numel);
  else if (distinct < r->numel)
    explain_say(c->out,
                "Its %lld elements read only %lld storage elements: they overlap, so an in-place write "
                "to one changes others.\n",
                (long long)r->numel, (long long)distinct);
}

const ExplainNarrator explain_contiguous_narrator = {"contiguous", no_hook, after_contiguous};
const ExplainNarrator explain_expand_narrator = {"expand", no_hook, after_expand};
const ExplainNarrator explain_as_strided_narrator = {"as_strided", no_hook, after_as_strided};
