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

/* Draws hop i's nodes (its operator entry unless it is a redispatch, its
 * key, its kernel) and its children's to `nodes`, inside the clusters, and
 * the edges to `edges`, written after them at the top level (an edge
 * inside a cluster would pull its nodes into it). */
static void write_hop(FILE* nodes, FILE* edges, size_t i, int indent) {
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
  bool composite = h->source == DispatchTableSource_MathKernel;
  bool any_child = false;
  for (size_t j = i + 1; j < num_hops; j++) any_child |= hops[j].parent == (int)i;
  if (composite && any_child) {
    fprintf(nodes, "%*ssubgraph cluster_h%zu {\n", indent, "", i);
    fprintf(nodes, "%*slabel=\"%s: CompositeImplicitAutograd decomposition\"; style=dashed;\n", indent + 2, "",
            h->kernel);
  }
  for (size_t j = i + 1; j < num_hops; j++)
    if (hops[j].parent == (int)i) write_hop(nodes, edges, j, indent + (composite && any_child ? 2 : 0));
  if (composite && any_child) fprintf(nodes, "%*s}\n", indent, "");
}

void DispatchGraph_writeDot(FILE* out) {
  fputs("digraph dispatch {\n"
        "  node [fontname=\"Helvetica\", fontsize=11];\n"
        "  edge [fontname=\"Helvetica\", fontsize=9];\n",
        out);
  char* edges_text = NULL;
  size_t edges_len = 0;
  FILE* edges = open_memstream(&edges_text, &edges_len);
  TORCH_INTERNAL_ASSERT(edges != NULL);
  int call = 0;
  for (size_t i = 0; i < num_hops; i++) {
    if (hops[i].parent >= 0) continue;
    fprintf(out, "  subgraph cluster_call%d {\n    label=\"call %d: %s\";\n", call, call + 1, hops[i].op);
    write_hop(out, edges, i, 4);
    fputs("  }\n", out);
    call++;
  }
  fclose(edges);
  fputs(edges_text, out);
  free(edges_text);
  fputs("}\n", out);
}
