/*
 * explain_reshape.c - the narrator of reshape and view for `minaten
 * explain`: infer_size, then computeStride's walk as the real walk reports
 * it (computeStride_explain, ops/TensorUtils.h), then the route reshape
 * takes on that answer (ops/TensorShape.c at_native_reshape):
 *   strides found, a strided tensor  _reshape_alias
 *   strides found, a lazy tensor      view, which the lazy tensor's
 *                                     functionalization traces as view_copy
 *   no strides                        clone + _unsafe_view
 * view takes the same walk and fails where reshape would copy.
 *
 * Only the first computeStride of the call is told: the one reshape or view
 * makes on self (a lazy tensor's later ones belong to its graph).  The
 * narrator never decides anything itself: the chunks, the strides and the
 * answer are the walk's.
 */
#include <string.h>

#include "ops/TensorUtils.h"
#include "tools/minaten/explain.h"

enum { kMaxEvents = 4 * MINATEN_MAX_DIM + 8 };

/* What the walk reported, copied as it went. */
static struct {
  ComputeStrideEvent events[kMaxEvents];
  int n;
  bool done; /* the first computeStride returned */
  int result;
  int64_t newshape[MINATEN_MAX_DIM], newstride[MINATEN_MAX_DIM];
  int64_t ndim;
} walk;

static void on_step(const ComputeStrideEvent* e, void* ctx) {
  (void)ctx;
  if (walk.done) return;
  if (e->step == ComputeStrideStep_Result) {
    walk.done = true;
    walk.result = e->result;
    walk.ndim = (int64_t)e->newshape.size;
    memcpy(walk.newshape, e->newshape.data, sizeof(int64_t) * e->newshape.size);
    if (e->result == 1) memcpy(walk.newstride, e->newstride, sizeof(int64_t) * e->newshape.size);
    return;
  }
  if (walk.n < kMaxEvents) walk.events[walk.n++] = *e;
}

static void before(ExplainCall* c) {
  (void)c;
  memset(&walk, 0, sizeof walk);
  computeStride_explain = on_step;
  computeStride_explain_ctx = NULL;
}

/* infer_size: the shape asked for, and the one -1 resolved to. */
static void tell_infer_size(ExplainCall* c) {
  int64_t asked[MINATEN_MAX_DIM];
  char a[512], b[512];
  int n = ExplainCall_shape(c, asked);
  const Tensor* self = c->self;
  if (!walk.done) {
    if (n >= 0)
      explain_say(c->out, "infer_size: self has %lld elements; the shape %s cannot hold them.\n",
                  (long long)self->numel, explain_ints(asked, n, a, sizeof a));
    return;
  }
  int unknown = -1;
  for (int k = 0; k < n; k++)
    if (asked[k] == -1) unknown = k;
  if (unknown >= 0 && n == walk.ndim)
    explain_say(c->out,
                "infer_size: self has %lld elements; in %s the -1 (dimension %d) stands for %lld, so "
                "the shape is %s.\n",
                (long long)self->numel, explain_ints(asked, n, a, sizeof a), unknown, (long long)walk.newshape[unknown],
                explain_ints(walk.newshape, walk.ndim, b, sizeof b));
  else
    explain_say(c->out, "infer_size: the shape %s holds self's %lld element%s.\n",
                explain_ints(walk.newshape, walk.ndim, b, sizeof b), (long long)self->numel,
                self->numel == 1 ? "" : "s");
}

/* The walk, event by event. */
static void tell_walk(ExplainCall* c) {
  const Tensor* self = c->self;
  FILE* out = c->out;
  char a[512], b[512];
  bool header = false;
  for (int k = 0; k < walk.n; k++) {
    const ComputeStrideEvent* e = &walk.events[k];
    switch (e->step) {
      case ComputeStrideStep_ZeroDim:
        explain_say(out,
                    "computeStride: self is 0-dim, one element, which any shape of one element can view: "
                    "every new dimension gets stride 1.\n");
        break;
      case ComputeStrideStep_EmptySameShape:
        explain_say(out, "computeStride: self has no element and the shape does not change: the old strides stay.\n");
        break;
      case ComputeStrideStep_Empty:
        explain_say(out,
                    "computeStride: self has no element, so no element has to stay in place: the new shape "
                    "gets contiguous strides.\n");
        break;
      case ComputeStrideStep_Chunk: {
        if (!header)
          explain_say(out,
                      "computeStride walks self's dimensions from the innermost out, cutting them into chunks: "
                      "runs of dimensions each contiguous with the next (stride[d] == size[d+1] * stride[d+1]; "
                      "a size-1 dimension never breaks a chunk).  A chunk is a block of evenly spaced elements, "
                      "which new dimensions can split as they like; no new dimension may straddle two.\n");
        header = true;
        int64_t n = e->end_dim - e->dim + 1;
        char dims[64];
        if (n > 1)
          snprintf(dims, sizeof dims, "dimensions %lld..%lld", (long long)e->dim, (long long)e->end_dim);
        else
          snprintf(dims, sizeof dims, "dimension %lld", (long long)e->dim);
        char end[256];
        if (e->dim == 0)
          snprintf(end, sizeof end, "the outermost dimension ends it");
        else
          snprintf(end, sizeof end, "it ends here, as dimension %lld has stride %lld, not %lld * %lld",
                   (long long)e->dim - 1, (long long)self->strides[e->dim - 1], (long long)e->numel,
                   (long long)e->base_stride);
        explain_say(out, "  chunk: %s (sizes %s, strides %s): %lld elements, %lld apart; %s\n", dims,
                    explain_ints(self->sizes + e->dim, n, a, sizeof a),
                    explain_ints(self->strides + e->dim, n, b, sizeof b), (long long)e->numel,
                    (long long)e->base_stride, end);
        break;
      }
      case ComputeStrideStep_NewDim:
        if (e->view_numel > e->numel) break; /* the Straddle that follows tells it */
        explain_say(out,
                    "    new dimension %lld (size %lld) gets stride %lld; the chunk's new dimensions now "
                    "hold %lld of its %lld elements\n",
                    (long long)e->view_d, (long long)walk.newshape[e->view_d], (long long)e->base_stride,
                    (long long)e->view_numel, (long long)e->numel);
        break;
      case ComputeStrideStep_Straddle:
        explain_say(out,
                    "    new dimension %lld (size %lld) straddles two chunks: with it the chunk's new "
                    "dimensions would hold "
                    "%lld elements, the chunk has %lld.  No strides exist for this shape.\n",
                    (long long)e->view_d, (long long)walk.newshape[e->view_d], (long long)e->view_numel,
                    (long long)e->numel);
        break;
      case ComputeStrideStep_Result:
        break;
    }
  }
  if (walk.result == 1)
    explain_say(out, "computeStride returns the strides %s: a view of self can have the shape %s.\n",
                explain_ints(walk.newstride, walk.ndim, a, sizeof a),
                explain_ints(walk.newshape, walk.ndim, b, sizeof b));
  else if (walk.result == 0)
    explain_say(out, "computeStride returns no strides: no view of self has the shape %s.\n",
                explain_ints(walk.newshape, walk.ndim, b, sizeof b));
}

static void after_reshape(ExplainCall* c) {
  computeStride_explain = NULL;
  if (c->refused) return;
  bool lazy = c->self->device.type == DeviceType_Lazy;
  char a[512], b[512];
  tell_infer_size(c);
  if (!walk.done) {
    explain_say(c->out,
                "So reshape fails before any operator runs (reshape itself is composite: the trace "
                "never shows it).\n");
    return;
  }
  tell_walk(c);
  if (walk.result == 1 && !lazy) {
    explain_say(c->out, "So reshape returns _reshape_alias(self, %s, %s): a view, sharing self's storage.\n",
                explain_ints(walk.newshape, walk.ndim, a, sizeof a),
                explain_ints(walk.newstride, walk.ndim, b, sizeof b));
    c->route[c->nroute++] = "aten::_reshape_alias";
  } else if (walk.result == 1) {
    explain_say(c->out,
                "self is a lazy tensor, whose strides are not real and which has no _reshape_alias: "
                "reshape takes "
                "view(self, %s), which the lazy tensor's functionalization runs as view_copy.\n",
                explain_ints(walk.newshape, walk.ndim, a, sizeof a));
    c->route[c->nroute++] = "aten::view_copy";
  } else if (walk.result == 0) {
    explain_say(c->out,
                "So reshape copies: clone(self, memory_format=torch.contiguous_format) makes a "
                "contiguous copy, "
                "and _unsafe_view(copy, %s) views it without a view's bookkeeping: the result shares "
                "nothing with self.\n",
                explain_ints(walk.newshape, walk.ndim, a, sizeof a));
    c->route[c->nroute++] = "aten::clone";
    c->route[c->nroute++] = "aten::_unsafe_view";
  }
}

static void after_view(ExplainCall* c) {
  computeStride_explain = NULL;
  if (c->refused) return;
  bool lazy = c->self->device.type == DeviceType_Lazy;
  char a[512];
  /* view is dispatched: the trace shows it whatever its kernel decides */
  c->route[c->nroute++] = lazy ? "aten::view_copy" : "aten::view";
  tell_infer_size(c);
  if (!walk.done) {
    explain_say(c->out, "So view fails in infer_size.\n");
    return;
  }
  tell_walk(c);
  if (walk.result == 1)
    explain_say(c->out,
                "So view returns a view with the strides "
                "%s.\n",
                explain_ints(walk.newstride, walk.ndim, a, sizeof a));
  else
    explain_say(c->out, "So view fails: a view cannot copy; reshape would copy here (clone + _unsafe_view).\n");
}

const ExplainNarrator explain_reshape_narrator = {"reshape", before, after_reshape};
const ExplainNarrator explain_view_narrator = {"view", before, after_view};
