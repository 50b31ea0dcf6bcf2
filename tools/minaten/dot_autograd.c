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
 * first walk from the first EXPR meets them, each drawn once.  The walk
 * keeps its own stack and finds a node met before by hashing its address,
 * so a chain of a million nodes takes linear time and no C stack.
 *
 * PyTorch 1.13: torch/csrc/autograd/function.h (Node::next_edges, name());
 * torchviz 0.0.2: torchviz/dot.py make_dot
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "autograd/Node.h"
#include "autograd/functions/AccumulateGrad.h"
#include "autograd/variable.h"
#include "runtime/Exception.h"
#include "tools/minaten/dot.h"

/* An object (node or tensor) met, by address: uthash, so that a graph of a
 * million nodes is drawn in linear time. */
typedef struct Seen {
  const void* ptr;
  int id;
  UT_hash_handle hh;
} Seen;

/* A node whose next edges are being followed: the walk's own stack, as the
 * engine's (autograd/engine.c init_to_execute), never C's: a chain of a
 * million nodes is a million frames. */
typedef struct Frame {
  const Node* fn;
  int id;
  uint32_t next_edge; /* the next of fn->next_edges to follow */
} Frame;

typedef struct Walk {
  FILE* out;
  Seen* seen;
  int next_id;
  Frame* stack;
  size_t depth, capacity;
} Walk;

/* The id of `p`, *fresh true the first time it is met. */
static int id_of(Walk* w, const void* p, bool* fresh) {
  Seen* s;
  HASH_FIND_PTR(w->seen, &p, s);
  if (s != NULL) {
    *fresh = false;
    return s->id;
  }
  s = malloc(sizeof *s);
  TORCH_INTERNAL_ASSERT(s != NULL);
  s->ptr = p;
  s->id = w->next_id;
  HASH_ADD_PTR(w->seen, ptr, s);
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

/* Meets `fn`: its id; the first time, also writes its box (and its
 * variable's, for AccumulateGrad) and pushes its frame, whose next edges
 * the walk then follows. */
static int enter_node(Walk* w, const Node* fn) {
  bool fresh;
  int id = id_of(w, fn, &fresh);
  if (!fresh) return id;
  fprintf(w->out, "  n%d [label=\"%s\"]\n", id, node_name(fn));
  if (fn->type == &AccumulateGrad_type && ((const AccumulateGrad*)fn)->variable != NULL) {
    const Tensor* var = ((const AccumulateGrad*)fn)->variable;
    int var_id = id_of(w, var, &fresh);
    fprintf(w->out, "  n%d [label=\"", var_id);
    size_label(w->out, var);
    fprintf(w->out, "\", fillcolor=lightblue]\n  n%d -> n%d\n", var_id, id);
  }
  if (w->depth == w->capacity) {
    w->capacity = w->capacity ? 2 * w->capacity : 64;
    w->stack = realloc(w->stack, w->capacity * sizeof *w->stack);
    TORCH_INTERNAL_ASSERT(w->stack != NULL);
  }
  w->stack[w->depth++] = (Frame){fn, id, 0};
  return id;
}

/* Draws `root` and everything behind it, depth first: a node's box, then
 * for each next edge in order the subgraph behind it and the edge from it
 * (torchviz's recursive add_nodes, unrolled).  Returns root's id. */
static int add_nodes(Walk* w, const Node* root) {
  int root_id = enter_node(w, root);
  while (w->depth > 0) {
    Frame* top = &w->stack[w->depth - 1];
    if (top->next_edge == top->fn->num_next_edges) {
      /* done: the edge from it to the node that led here */
      int id = top->id;
      if (--w->depth > 0) fprintf(w->out, "  n%d -> n%d\n", id, w->stack[w->depth - 1].id);
      continue;
    }
    const Node* next = top->fn->next_edges[top->next_edge++].function;
    if (next == NULL) continue;
    int from = top->id; /* top moves if the stack grows */
    size_t depth = w->depth;
    int next_id = enter_node(w, next);
    if (w->depth == depth) fprintf(w->out, "  n%d -> n%d\n", next_id, from); /* met before */
  }
  return root_id;
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
  Walk w = {out, NULL, 0, NULL, 0, 0};
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
  Seen *s, *tmp;
  HASH_ITER(hh, w.seen, s, tmp) {
    HASH_DEL(w.seen, s);
    free(s);
  }
  free(w.stack);
  return 0;
}
