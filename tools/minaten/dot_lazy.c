/*
 * dot_lazy.c - `minaten lazy-graph EXPR...`: the IR graph behind lazy
 * tensors, as PyTorch 1.13's torch._C._lazy._get_tensors_dot([t, ...])
 * prints it (the tensors are the graph's roots, ROOT=0, ROOT=1, ...).
 *
 * The graph is the post order LazyIr_dumpText prints (ops/lazy/LazyIr.c:
 * `%3 = [Float[6]] aten::view_copy(%2), size=6, ROOT=0`), redrawn the way
 * DumpUtil::PostOrderToDot draws it: one node per IR node, numbered as the
 * text numbers them, labelled with its operator, its shape and its
 * attributes one per line (a value of 64 characters or more cut to 64 and
 * "..."); then, from the last node back to the first, an edge from each
 * operand to its user, labelled `i=K` (the operand's position) when the
 * user has several operands, and `o=K` when the operand is one output of
 * several.
 *
 * PyTorch 1.13: torch/csrc/lazy/core/ir_dump_util.cpp DumpUtil::ToDot,
 * PostOrderToDot, GenerateDotNodeLabel, GetNodeTags
 */
#include <stdlib.h>
#include <string.h>

#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "ops/lazy/LazyIr.h"
#include "ops/lazy/LazyTensor.h"
#include "runtime/Exception.h"
#include "tools/minaten/dot.h"

enum { kMaxTagValue = 64 };

/* One operand reference of the text: `%3`, or `%3.1` for output 1. */
typedef struct Operand {
  long node, output; /* output -1: the node has one output */
} Operand;

/* One node of the text: its operands (malloc'd). */
typedef struct IrNode {
  Operand* operands;
  size_t num_operands;
} IrNode;

/* Writes the label of one text line's node (after "%N = ") and fills
 * node's operands. */
static void label_of(FILE* out, const char* line, IrNode* node) {
  const char* shape = strchr(line, '[') + 1;
  const char* shape_end = strstr(shape, "] ");
  const char* name = shape_end + 2;
  const char* open = strchr(name, '(');
  const char* close = strchr(open, ')');
  fprintf(out, "%.*s\\n%.*s", (int)(open - name), name, (int)(shape_end - shape), shape);
  *node = (IrNode){NULL, 0};
  size_t capacity = 0;
  for (const char* p = open + 1; p < close; p++) {
    if (*p != '%') continue;
    char* end;
    Operand o = {strtol(p + 1, &end, 10), -1};
    if (*end == '.') o.output = strtol(end + 1, &end, 10);
    if (node->num_operands == capacity) {
      /* doubled: a node of many operands (a cat) takes linear time */
      capacity = capacity ? 2 * capacity : 4;
      node->operands = realloc(node->operands, capacity * sizeof *node->operands);
      TORCH_INTERNAL_ASSERT(node->operands != NULL);
    }
    node->operands[node->num_operands++] = o;
    p = end - 1;
  }
  /* the tags: ", name=value" up to the end, split at ", " outside brackets */
  const char* p = close + 1;
  while (*p == ',' && p[1] == ' ') {
    const char* tag = p + 2;
    const char* eq = strchr(tag, '=');
    int depth = 0;
    const char* end = tag;
    for (; *end && !(depth == 0 && end[0] == ',' && end[1] == ' '); end++) depth += (*end == '[' || *end == '(') - (*end == ']' || *end == ')');
    size_t value_len = eq && eq < end ? (size_t)(end - eq - 1) : 0;
    if (eq && eq < end && value_len >= kMaxTagValue)
      fprintf(out, "\\n%.*s%.*s...", (int)(eq + 1 - tag), tag, (int)kMaxTagValue, eq + 1);
    else
      fprintf(out, "\\n%.*s", (int)(end - tag), tag);
    p = end;
  }
}

int Dot_drawLazyGraph(FILE* out, Tensor* const* tensors, const char* const* exprs, int n) {
  LazyValue roots[32];
  for (int k = 0; k < n; k++) {
    /* a lazy tensor is a functional tensor around the lazy one, read
     * without syncing it, as 1.13's _get_tensors_dot (maybe_unwrap_functional) */
    Tensor* t = (Tensor*)functionalization_fromFunctionalTensor(tensors[k]);
    if (t->lazy == NULL) {
      char device[32];
      fprintf(stderr, "minaten: lazy-graph: '%s' is not a lazy tensor (it is on %s); try .to('lazy')\n", exprs[k],
              Device_format(t->device, device, sizeof device));
      return -1;
    }
    roots[k] = LazyTensor_value(t);
    if (roots[k].node == NULL) {
      fprintf(stderr, "minaten: lazy-graph: '%s': %s: %s\n", exprs[k], ErrorType_name(Error_type()), Error_message());
      Error_clear();
      return -1;
    }
  }
  char* text = NULL;
  size_t len = 0;
  FILE* ir = open_memstream(&text, &len);
  LazyIr_dumpText(ir, roots, (size_t)n);
  fclose(ir);

  /* the lines "  %N = ..." between "IR {" and "}", each found from the end
   * of the one before: never a search of the whole rest of the text (strstr
   * may measure its haystack, as ASan's does: quadratic in the graph) */
  size_t num_nodes = 0, capacity = 0;
  IrNode* nodes = NULL;
  fputs("digraph G {\n", out);
  for (char *line = text, *end = text + len; line < end;) {
    char* nl = memchr(line, '\n', (size_t)(end - line));
    if (nl == NULL) break; /* the text ends with "}\n" */
    *nl = '\0';
    if (strncmp(line, "  %", 3) == 0) {
      if (num_nodes == capacity) {
        /* doubled: a graph of a million nodes takes linear time */
        capacity = capacity ? 2 * capacity : 64;
        nodes = realloc(nodes, capacity * sizeof *nodes);
        TORCH_INTERNAL_ASSERT(nodes != NULL);
      }
      fprintf(out, "  node%zu [label=\"", num_nodes);
      label_of(out, strstr(line, " = ") + 3, &nodes[num_nodes]);
      fputs("\"]\n", out);
      num_nodes++;
    }
    *nl = '\n';
    line = nl + 1;
  }
  for (size_t i = num_nodes; i-- > 0;) {
    for (size_t k = 0; k < nodes[i].num_operands; k++) {
      Operand o = nodes[i].operands[k];
      fprintf(out, "  node%ld -> node%zu", o.node, i);
      if (nodes[i].num_operands > 1) {
        fprintf(out, " [label=\"i=%zu", k);
        if (o.output >= 0) fprintf(out, ",o=%ld", o.output);
        fputs("\"]", out);
      } else if (o.output >= 0) {
        fprintf(out, " [label=\"o=%ld\"]", o.output);
      }
      fputc('\n', out);
    }
    free(nodes[i].operands);
  }
  fputs("}\n", out);
  free(nodes);
  free(text);
  return 0;
}
