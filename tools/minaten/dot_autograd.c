/*
 * dot_autograd.c - `minaten autograd-graph EXPR...`: the backward graph
 * behind tensors' grad_fn, drawn from minaten's own autograd nodes the way
 * torchviz's make_dot draws PyTorch's.
 *
 * Each EXPR (a tensor with a grad_fn) is a green box with its size; an edge
 * runs from its grad_fn to it.  Each node (MulBackward0, AccumulateGrad,
 * ...) is a grey box named as type(fn).__name__ names it, with an edge from
 * each of its next_functions (Node::next_edges) to it, so the picture reads
 * from the leaves down to the outputs; a leaf (AccumulateGrad's variable)
 * is a blue box with its size.  Nodes are numbered in the order a depth-
 * first walk from the first EXPR meets them, each drawn once.
 *
 * PyTorch 1.13: torch/csrc/autograd/function.h (Node::next_edges, name());
 * torchviz 0.0.2: torchviz/dot.py make_dot
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "autograd/Node.h"
#include "autograd/functions/AccumulateGrad.h"
#include "autograd/variable.h"
#include "runtime/Exception.h"
#include "tools/minaten/dot.h"

typedef struct Seen {
  const void* ptr;
  int id;
} Seen;

typedef struct Walk {
  FILE* out;
  Seen* seen;
  int num_seen, next_id;
} Walk;

/* The id of `p`, *fresh true the first time it is met. */
static int id_of(Walk* w, const void* p, bool* fresh) {
  for (int i = 0; i < w->num_seen; i++)
    if (w->seen[i].ptr == p) {
      *fresh = false;
      return w->seen[i].id;
    }
  w->seen = realloc(w->seen, (size_t)(w->num_seen + 1) * sizeof *w->seen);
  w->seen[w->num_seen++] = (Seen){p, w->next_id};
  *fresh = true;
  return w->next_id++;
}

/* "(2, 3)": torchviz's size_to_str. */
static void size_label(FILE* out, const Tensor* t) {
  fputc('(', out);
  for (int64_t d = 0; d < t->dim; d++) fprintf(out, "%s%" PRId64, d ? ", " : "", t->sizes[d]);
  fputc(')', out);
}

/* PyTorch's type(fn).__name__: the node's name without C++'s namespace. */
static const char* node_name(const Node* fn) {
  const char* name = fn->type->name;
  const char* colon = strrchr(name, ':');
  return colon ? colon + 1 : name;
}

static int add_nodes(Walk* w, const Node* fn) {
  bool fresh;
  int id = id_of(w, fn, &fresh);
  if (!fresh) return id;
  fprintf(w->out, "  n%d [label=\"%s\"]\n", id, node_name(fn));
  if (fn->type == &AccumulateGrad_type) {
    const Tensor* var = ((const AccumulateGrad*)fn)->variable;
    int var_id = id_of(w, var, &fresh);
    fprintf(w->out, "  n%d [label=\"", var_id);
    size_label(w->out, var);
    fprintf(w->out, "\", fillcolor=lightblue]\n  n%d -> n%d\n", var_id, id);
  }
  for (uint32_t i = 0; i < fn->num_next_edges; i++) {
    const Node* next = fn->next_edges[i].function;
    if (next == NULL) continue;
    int next_id = add_nodes(w, next);
    fprintf(w->out, "  n%d -> n%d\n", next_id, id);
  }
  return id;
}

int Dot_drawAutogradGraph(FILE* out, Tensor* const* tensors, const char* const* exprs, int n) {
  for (int k = 0; k < n; k++) {
    const Tensor* t = tensors[k];
    if (grad_fn(t) == NULL && Error_occurred()) {
      fprintf(stderr, "minaten: autograd-graph: '%s': %s: %s\n", exprs[k], ErrorType_name(Error_type()),
              Error_message());
      Error_clear();
      return -1;
    }
    if (grad_fn(t) == NULL) {
      fprintf(stderr, "minaten: autograd-graph: '%s' has no grad_fn (%s)\n", exprs[k],
              requires_grad(t) ? "a leaf: its gradient goes to .grad" : "it does not require grad");
      return -1;
    }
  }
  fputs("digraph autograd {\n"
        "  node [style=filled, shape=box, align=left, fontsize=10, ranksep=0.1, height=0.2, fontname=monospace]\n"
        "  graph [size=\"12,12\"]\n",
        out);
  Walk w = {out, NULL, 0, 0};
  for (int k = 0; k < n; k++) {
    const Tensor* t = tensors[k];
    bool fresh;
    int id = id_of(&w, t, &fresh);
    fprintf(out, "  n%d [label=\"", id);
    Dot_escape(out, exprs[k]);
    fputs("\\n", out);
    size_label(out, t);
    fputs("\", fillcolor=darkolivegreen1]\n", out);
    int fn_id = add_nodes(&w, grad_fn(t));
    fprintf(out, "  n%d -> n%d\n", fn_id, id);
  }
  fputs("}\n", out);
  free(w.seen);
  return 0;
}
