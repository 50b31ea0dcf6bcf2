/*
 * DispatchGraph.c - records the verbose dispatch trace as a call tree and
 * draws it in DOT; see DispatchGraph.h.
 *
 * Hops are kept in the order they started (a pre-order of the call tree),
 * each with its parent: the hop that was running when it started.  A hop
 * whose parent is a hop of the same operator is a redispatch: the keys
 * strictly between the parent's key and its own whose kernel is a
 * fallthrough were skipped on the way (ADInplaceOrView for mul), and are
 * drawn as such.
 */
#include "dispatch/DispatchGraph.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"

bool DispatchGraph_recording = false;

typedef struct Hop {
  int parent; /* -1: a top-level call */
  char* op;
  DispatchKey key;
  char* kernel;
  DispatchTableSource source;
  uint64_t fallthrough; /* the keys a redispatch skipped */
} Hop;

static Hop* hops = NULL;
static size_t num_hops = 0, cap_hops = 0;
static int current = -1; /* the hop running */

void DispatchGraph_enter(const OperatorEntry* op, DispatchKey key, const KernelFunction* k) {
  if (num_hops == cap_hops) {
    cap_hops = cap_hops ? 2 * cap_hops : 64;
    hops = realloc(hops, cap_hops * sizeof *hops);
    TORCH_INTERNAL_ASSERT(hops != NULL);
  }
  Hop* h = &hops[num_hops];
  h->parent = current;
  h->op = strdup(op->qualified_name);
  h->key = key;
  h->kernel = strdup(k->name ? k->name : "(unnamed kernel)");
  h->source = op->tableSource[key];
  h->fallthrough = 0;
  if (current >= 0 && strcmp(hops[current].op, h->op) == 0)
    for (int x = (int)hops[current].key - 1; x > (int)key; x--)
      if (op->dispatchTable[x].fallthrough) h->fallthrough |= UINT64_C(1) << x;
  current = (int)num_hops++;
}

void DispatchGraph_leave(void) {
  if (current >= 0) current = hops[current].parent;
}

size_t DispatchGraph_numHops(void) { return num_hops; }

void DispatchGraph_clear(void) {
  for (size_t i = 0; i < num_hops; i++) free(hops[i].op), free(hops[i].kernel);
  free(hops);
  hops = NULL;
  num_hops = cap_hops = 0;
  current = -1;
}

static bool is_redispatch(size_t i) {
  return hops[i].parent >= 0 && strcmp(hops[hops[i].parent].op, hops[i].op) == 0;
}

/* Draws hop i's own nodes (its operator entry unless it is a redispatch,
 * its key, its kernel) to `nodes`, inside the clusters, and its edges to
 * `edges`, written after them at the top level (an edge inside a cluster
 * would pull its nodes into it).  Opens the box of a CompositeImplicitAutograd
 * kernel's decomposition when it has children; returns whether it did. */
static bool write_hop(FILE* nodes, FILE* edges, size_t i, int indent, bool any_child) {
  const Hop* h = &hops[i];
  bool redispatch = is_redispatch(i);
  if (!redispatch) {
    fprintf(nodes, "%*sh%zu_op [label=\"%s\", shape=box];\n", indent, "", i, h->op);
    if (h->parent >= 0) fprintf(edges, "  h%d_kernel -> h%zu_op [label=\"calls\"];\n", h->parent, i);
    fprintf(edges, "  h%zu_op -> h%zu_key;\n", i, i);
  }
  fprintf(nodes, "%*sh%zu_key [label=\"%s\", shape=ellipse];\n", indent, "", i, DispatchKey_name(h->key));
  fprintf(nodes, "%*sh%zu_kernel [label=\"%s\\n[%s]\", shape=box, style=\"rounded%s\"];\n", indent, "", i,
          h->kernel, DispatchTableSource_name(h->source),
          h->source == DispatchTableSource_BackendFallback ? ",filled" : "");
  if (redispatch) {
    /* from the parent's kernel through the skipped fallthrough keys */
    char from[48];
    snprintf(from, sizeof from, "h%d_kernel", h->parent);
    const char* label = " [label=\"redispatch\"]";
    for (int x = DispatchKey_NumRuntimeKeys - 1; x >= 0; x--) {
      if (!(h->fallthrough & (UINT64_C(1) << x))) continue;
      fprintf(nodes, "%*sh%zu_ft%d [label=\"%s\\nfallthrough\", shape=ellipse, style=dashed];\n", indent, "", i, x,
              DispatchKey_name((DispatchKey)x));
      fprintf(edges, "  %s -> h%zu_ft%d%s;\n", from, i, x, label);
      snprintf(from, sizeof from, "h%zu_ft%d", i, x);
      label = " [style=dashed]";
    }
    fprintf(edges, "  %s -> h%zu_key%s;\n", from, i, label);
  }
  fprintf(edges, "  h%zu_key -> h%zu_kernel;\n", i, i);
  if (h->source != DispatchTableSource_MathKernel || !any_child) return false;
  fprintf(nodes, "%*ssubgraph cluster_h%zu {\n", indent, "", i);
  fprintf(nodes, "%*slabel=\"%s: CompositeImplicitAutograd decomposition\"; style=dashed;\n", indent + 2, "",
          h->kernel);
  return true;
}

/* A hop whose children are being drawn. */
typedef struct HopFrame {
  size_t hop;
  int indent;   /* of its nodes */
  int child;    /* the next child to draw, -1: none left */
  bool cluster; /* its decomposition's box is open */
} HopFrame;

void DispatchGraph_writeDot(FILE* out) {
  fputs("digraph dispatch {\n"
        "  node [fontname=\"Helvetica\", fontsize=11];\n"
        "  edge [fontname=\"Helvetica\", fontsize=9];\n",
        out);
  char* edges_text = NULL;
  size_t edges_len = 0;
  FILE* edges = open_memstream(&edges_text, &edges_len);
  TORCH_INTERNAL_ASSERT(edges != NULL);
  /* Each hop's children in the order they started, found once: first_child,
   * then next_sibling (-1 ends a list), so that the drawing takes linear time. */
  size_t n = num_hops > 0 ? num_hops : 1;
  int* first_child = malloc(n * sizeof *first_child);
  int* next_sibling = malloc(n * sizeof *next_sibling);
  int* last_child = malloc(n * sizeof *last_child);
  HopFrame* stack = malloc(n * sizeof *stack); /* a call tree is at most num_hops deep */
  TORCH_INTERNAL_ASSERT(first_child != NULL && next_sibling != NULL && last_child != NULL && stack != NULL);
  for (size_t i = 0; i < num_hops; i++) first_child[i] = next_sibling[i] = last_child[i] = -1;
  for (size_t i = 0; i < num_hops; i++) {
    int p = hops[i].parent;
    if (p < 0) continue;
    if (last_child[p] < 0) first_child[p] = (int)i;
    else next_sibling[last_child[p]] = (int)i;
    last_child[p] = (int)i;
  }
  int call = 0;
  for (size_t i = 0; i < num_hops; i++) {
    if (hops[i].parent >= 0) continue;
    fprintf(out, "  subgraph cluster_call%d {\n    label=\"call %d: %s\";\n", call, call + 1, hops[i].op);
    /* depth first, each hop before its children (the order they ran), with
     * a stack of our own: the call tree is as deep as the calls were */
    size_t depth = 0;
    stack[depth++] = (HopFrame){i, 4, first_child[i], write_hop(out, edges, i, 4, first_child[i] >= 0)};
    while (depth > 0) {
      HopFrame* f = &stack[depth - 1];
      if (f->child < 0) {
        if (f->cluster) fprintf(out, "%*s}\n", f->indent, "");
        depth--;
        continue;
      }
      size_t c = (size_t)f->child;
      f->child = next_sibling[c];
      int indent = f->indent + (f->cluster ? 2 : 0);
      stack[depth++] = (HopFrame){c, indent, first_child[c], write_hop(out, edges, c, indent, first_child[c] >= 0)};
    }
    fputs("  }\n", out);
    call++;
  }
  free(first_child);
  free(next_sibling);
  free(last_child);
  free(stack);
  fclose(edges);
  fputs(edges_text, out);
  free(edges_text);
  fputs("}\n", out);
}
