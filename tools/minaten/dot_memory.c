/*
 * dot_memory.c - `minaten memory EXPR...`: tensors drawn over their storage,
 * the picture PyTorch's Tensor Views page draws by hand.
 *
 * A tensor is a window on a flat storage: element (i0, i1, ...) lives at
 *   storage_offset + i0 * stride[0] + i1 * stride[1] + ...
 * Each EXPR is drawn as one table: a title with its sizes, strides and
 * storage offset; the storage's cells in a row (their indices above); and
 * in each cell the numbers of the tensor's elements that live there, in
 * logical (row-major) order: 0 is t[0, 0], 1 is t[0, 1], ...  A cell the
 * tensor does not reach is grey; a cell two elements share (a stride 0 from
 * expand) shows both numbers.  Tensors of one storage are drawn one above
 * the other, their cells aligned, so a base and its views read side by side;
 * storages are named "storage 0", "storage 1" in the order they appear
 * (never by address).
 *
 * PyTorch 1.13: c10/core/TensorImpl.h (sizes_, strides_, storage_offset_),
 * docs/source/tensor_view.rst
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/ScalarType.h"
#include "runtime/Storage.h"
#include "tools/minaten/dot.h"

/* NB(minaten): a picture wider than this is no longer readable. */
enum { kMaxCells = 256 };
/* The widths (points) of the row's label and of a cell. */
enum { kLabelWidth = 72, kCellWidth = 34 };

static void print_ints(FILE* out, const int64_t* v, int64_t n) {
  fputc('(', out);
  for (int64_t i = 0; i < n; i++) fprintf(out, "%s%" PRId64, i ? ", " : "", v[i]);
  fputs(n == 1 ? ",)" : ")", out);
}

/* The storage cell of each logical element, in row-major order. */
static void element_cells(const Tensor* t, int64_t* cells) {
  int64_t index[MINATEN_MAX_DIM] = {0};
  for (int64_t e = 0; e < t->numel; e++) {
    int64_t at = t->storage_offset;
    for (int64_t d = 0; d < t->dim; d++) at += index[d] * t->strides[d];
    cells[e] = at;
    for (int64_t d = t->dim - 1; d >= 0; d--) {
      if (++index[d] < t->sizes[d]) break;
      index[d] = 0;
    }
  }
}

static void draw_tensor(FILE* out, int k, const Tensor* t, const char* expr, int storage_id, int64_t num_cells) {
  int64_t* cells = malloc((size_t)(t->numel > 0 ? t->numel : 1) * sizeof *cells);
  element_cells(t, cells);
  /* the title is a node of its own, above: the tables' widths are their
   * cells' alone (fixed), so the cells of tensors of one storage line up */
  fprintf(out, "  t%d_title [label=<<B>", k);
  Dot_html(out, expr);
  fputs("</B>  size ", out);
  print_ints(out, t->sizes, t->dim);
  fputs("  stride ", out);
  print_ints(out, t->strides, t->dim);
  fprintf(out, "  offset %" PRId64 ">];\n", t->storage_offset);
  fprintf(out, "  t%d [label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" CELLPADDING=\"1\">\n", k);
  fprintf(out, "<TR><TD BORDER=\"0\" FIXEDSIZE=\"TRUE\" WIDTH=\"%d\" HEIGHT=\"16\"></TD>", (int)kLabelWidth);
  for (int64_t c = 0; c < num_cells; c++)
    fprintf(out, "<TD BORDER=\"0\" FIXEDSIZE=\"TRUE\" WIDTH=\"%d\" HEIGHT=\"16\"><FONT POINT-SIZE=\"9\">%" PRId64
            "</FONT></TD>", (int)kCellWidth, c);
  fputs("</TR>\n", out);
  fprintf(out, "<TR><TD BORDER=\"0\" ALIGN=\"RIGHT\" FIXEDSIZE=\"TRUE\" WIDTH=\"%d\" HEIGHT=\"26\">storage %d</TD>",
          (int)kLabelWidth, storage_id);
  for (int64_t c = 0; c < num_cells; c++) {
    bool any = false;
    for (int64_t e = 0; e < t->numel; e++) {
      if (cells[e] != c) continue;
      if (!any) fprintf(out, "<TD BGCOLOR=\"lightblue\" FIXEDSIZE=\"TRUE\" WIDTH=\"%d\" HEIGHT=\"26\">", (int)kCellWidth);
      fprintf(out, any ? ",%" PRId64 : "%" PRId64, e);
      any = true;
    }
    if (any) fputs("</TD>", out);
    else fprintf(out, "<TD BGCOLOR=\"grey90\" FIXEDSIZE=\"TRUE\" WIDTH=\"%d\" HEIGHT=\"26\"> </TD>", (int)kCellWidth);
  }
  fputs("</TR>\n</TABLE>>];\n", out);
  free(cells);
}

int Dot_drawMemory(FILE* out, Tensor* const* tensors, const char* const* exprs, int n) {
  const Storage* storages[32];
  int num_storages = 0;
  int storage_of[32];
  for (int k = 0; k < n; k++) {
    const Tensor* t = tensors[k];
    if (t->storage == NULL) {
      fprintf(stderr, "minaten: memory: '%s' has no storage (a %s tensor)\n", exprs[k],
              t->device.type == DeviceType_Lazy ? "lazy"
              : t->functional != NULL          ? "functional"
                                               : "storage-less");
      return -1;
    }
    int64_t cells = (int64_t)(t->storage->nbytes / ScalarType_elementSize(t->dtype));
    if (cells > kMaxCells || t->numel > kMaxCells) {
      fprintf(stderr, "minaten: memory: '%s' is too big to draw (%" PRId64 " storage cells, %" PRId64
              " elements; at most %d)\n", exprs[k], cells, t->numel, (int)kMaxCells);
      return -1;
    }
    storage_of[k] = -1;
    for (int s = 0; s < num_storages; s++)
      if (storages[s] == t->storage) storage_of[k] = s;
    if (storage_of[k] < 0) storages[storage_of[k] = num_storages++] = t->storage;
  }
  fputs("digraph memory {\n  node [shape=plaintext, fontname=\"Helvetica\"];\n  ranksep=0.1;\n", out);
  for (int k = 0; k < n; k++) {
    const Tensor* t = tensors[k];
    draw_tensor(out, k, t, exprs[k], storage_of[k],
                (int64_t)(t->storage->nbytes / ScalarType_elementSize(t->dtype)));
  }
  /* one column: tensors of a storage one under the other, in the order given */
  for (int k = 0; k < n; k++) {
    if (k > 0) fprintf(out, "  t%d -> t%d_title [style=invis];\n", k - 1, k);
    fprintf(out, "  t%d_title -> t%d [style=invis];\n", k, k);
  }
  fputs("}\n", out);
  return 0;
}
