/*
 * tensor_str.c - str(tensor): PyTorch's printing layout, as print() shows it.
 *
 *   tensor([[0., 1., 2.],
 *           [3., 4., 5.]])
 *
 * One formatter per tensor decides how every element is written, from all
 * the elements that will be printed (PyTorch's _Formatter):
 *   - integers and bools: `str(value)`, right-aligned to the widest;
 *   - floating, all (finite, nonzero) values integral: `0.`, `12.` unless the
 *     largest is > 1e8 or largest/smallest > 1000, then scientific;
 *   - floating otherwise: 4 decimals (`1.5000`) unless the largest is > 1e8,
 *     largest/smallest > 1000 or the smallest < 1e-4: scientific (`2.2500e-05`).
 * Rows wrap at 80 columns; a tensor of more than 1000 elements prints only 3
 * items at each end of every dimension with `...` between.  Suffixes follow
 * the data: `dtype=` unless float32/int64/bool, `size=` for empty tensors.
 *
 * PyTorch 1.13: torch/_tensor_str.py (_Formatter, _vector_str,
 * _tensor_str_with_formatter, _add_suffixes, _str_intern)
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "dispatch/TraceMode.h"
#include "ops/lazy/LazyBindings.h"
#include "runtime/Exception.h"
#include "runtime/GradMode.h"
#include "tools/minaten/bindings/bindings.h"
#include "tools/minaten/interpreter/interp.h"

enum { kPrecision = 4, kThreshold = 1000, kEdgeItems = 3, kLineWidth = 80 };

/* ---- a growable string ------------------------------------------------- */

typedef struct StrBuf {
  char* data;
  size_t len, cap;
} StrBuf;

static void sb_append(StrBuf* b, const char* s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    b->cap = (b->len + n + 1) * 2;
    b->data = realloc(b->data, b->cap);
    TORCH_INTERNAL_ASSERT(b->data != NULL);
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}
static void sb_puts(StrBuf* b, const char* s) { sb_append(b, s, strlen(s)); }
static void sb_spaces(StrBuf* b, int n) {
  for (int i = 0; i < n; i++) sb_append(b, " ", 1);
}

/* ---- elements ---------------------------------------------------------- */

typedef struct Elem {
  double d;  /* floating dtypes */
  long long i; /* integer dtypes, bool */
} Elem;

static Elem read_elem(const Tensor* t, const int64_t* index) {
  int64_t off = 0;
  for (int64_t k = 0; k < t->dim; k++) off += index[k] * t->strides[k];
  const char* p = Tensor_data(t) + off * (int64_t)Tensor_itemsize(t);
  Elem e = {0, 0};
  switch (t->dtype) {
    case ScalarType_Float: e.d = *(const float*)p; break;
    case ScalarType_Double: e.d = *(const double*)p; break;
    case ScalarType_Bool: e.i = *(const uint8_t*)p != 0; break; /* any nonzero byte is True */
    case ScalarType_Byte: e.i = *(const uint8_t*)p; break;
    case ScalarType_Char: e.i = *(const int8_t*)p; break;
    case ScalarType_Short: e.i = *(const int16_t*)p; break;
    case ScalarType_Int: e.i = *(const int32_t*)p; break;
    case ScalarType_Long: e.i = *(const int64_t*)p; break;
    default: break;
  }
  return e;
}

/* Calls fn on every element that will be printed (the summarized ones when
 * summarizing), in row-major order.  PyTorch 1.13: get_summarized_data */
typedef void (*ElemFn)(void* ctx, Elem e);
static void visit(const Tensor* t, int64_t dim, int64_t* index, bool summarize, ElemFn fn, void* ctx) {
  if (dim == t->dim) {
    fn(ctx, read_elem(t, index));
    return;
  }
  int64_t n = t->sizes[dim];
  bool cut = summarize && n > 2 * kEdgeItems;
  for (int64_t i = 0; i < n; i++) {
    if (cut && i == kEdgeItems) i = n - kEdgeItems;
    index[dim] = i;
    visit(t, dim + 1, index, summarize, fn, ctx);
  }
}

/* ---- the formatter ------------------------------------------------------ */

typedef struct Formatter {
  bool floating;
  bool is_bool;
  bool int_mode;
  bool sci_mode;
  int max_width;
  /* scan state */
  bool any;
  double min_abs, max_abs;
} Formatter;

/* Python's "{:.Nf}" / "{:.Ne}" of a float: nan and inf as Python spells them. */
static int format_double(char* buf, size_t size, char conv, int precision, double v) {
  if (isnan(v)) return snprintf(buf, size, "nan");
  if (isinf(v)) return snprintf(buf, size, v < 0 ? "-inf" : "inf");
  return conv == 'e' ? snprintf(buf, size, "%.*e", precision, v) : snprintf(buf, size, "%.*f", precision, v);
}

static int int_str(char* buf, size_t size, const Formatter* f, Elem e) {
  if (f->is_bool) return snprintf(buf, size, "%s", e.i ? "True" : "False");
  return snprintf(buf, size, "%lld", e.i);
}

static void scan_range(void* ctx, Elem e) {
  Formatter* f = ctx;
  if (!f->floating) {
    char buf[32];
    int w = int_str(buf, sizeof buf, f, e);
    if (w > f->max_width) f->max_width = w;
    return;
  }
  if (!isfinite(e.d) || e.d == 0) return;
  double a = fabs(e.d);
  if (!f->any || a < f->min_abs) f->min_abs = a;
  if (!f->any || a > f->max_abs) f->max_abs = a;
  f->any = true;
  if (e.d != ceil(e.d)) f->int_mode = false;
}

static void scan_width(void* ctx, Elem e) {
  Formatter* f = ctx;
  if (!isfinite(e.d) || e.d == 0) return;
  char buf[64];
  int w;
  if (f->sci_mode)
    w = format_double(buf, sizeof buf, 'e', kPrecision, e.d);
  else if (f->int_mode)
    w = format_double(buf, sizeof buf, 'f', 0, e.d) + 1;
  else
    w = format_double(buf, sizeof buf, 'f', kPrecision, e.d);
  if (w > f->max_width) f->max_width = w;
}

/* PyTorch 1.13: torch/_tensor_str.py _Formatter.__init__ */
static void Formatter_init(Formatter* f, const Tensor* t, bool summarize) {
  memset(f, 0, sizeof *f);
  f->floating = ScalarType_isFloating(t->dtype);
  f->is_bool = t->dtype == ScalarType_Bool;
  f->int_mode = true;
  f->max_width = 1;
  int64_t index[MINATEN_MAX_DIM] = {0};
  visit(t, 0, index, summarize, scan_range, f);
  if (!f->floating || !f->any) return;
  double ratio = f->max_abs / f->min_abs;
  if (f->int_mode)
    f->sci_mode = ratio > 1000.0 || f->max_abs > 1.0e8;
  else
    f->sci_mode = ratio > 1000.0 || f->max_abs > 1.0e8 || f->min_abs < 1.0e-4;
  visit(t, 0, index, summarize, scan_width, f);
}

/* PyTorch 1.13: torch/_tensor_str.py _Formatter.format */
static void Formatter_format(const Formatter* f, Elem e, StrBuf* out) {
  char buf[64];
  int n;
  if (!f->floating) {
    n = int_str(buf, sizeof buf, f, e);
  } else if (f->sci_mode) {
    n = format_double(buf, sizeof buf, 'e', kPrecision, e.d);
  } else if (f->int_mode) {
    n = format_double(buf, sizeof buf, 'f', 0, e.d);
    if (isfinite(e.d)) buf[n++] = '.', buf[n] = '\0';
  } else {
    n = format_double(buf, sizeof buf, 'f', kPrecision, e.d);
  }
  sb_spaces(out, f->max_width - n);
  sb_append(out, buf, (size_t)n);
}

/* ---- layout -------------------------------------------------------------- */

/* PyTorch 1.13: torch/_tensor_str.py _vector_str */
static void vector_str(const Tensor* t, int64_t* index, int indent, bool summarize, const Formatter* f, StrBuf* out) {
  int64_t d = t->dim - 1;
  int64_t n = t->sizes[d];
  int element_length = f->max_width + 2;
  int per_line = (kLineWidth - indent) / element_length;
  if (per_line < 1) per_line = 1;
  bool cut = summarize && n > 2 * kEdgeItems;
  sb_puts(out, "[");
  int on_line = 0;
  for (int64_t i = 0; i < n; i++) {
    bool ellipsis = cut && i == kEdgeItems;
    if (i > 0) {
      if (on_line == per_line) {
        sb_puts(out, ",\n");
        sb_spaces(out, indent + 1);
        on_line = 0;
      } else {
        sb_puts(out, ", ");
      }
    }
    if (ellipsis) {
      sb_puts(out, " ...");
      i = n - kEdgeItems - 1;
    } else {
      index[d] = i;
      Formatter_format(f, read_elem(t, index), out);
    }
    on_line++;
  }
  sb_puts(out, "]");
}

/* PyTorch 1.13: torch/_tensor_str.py _tensor_str_with_formatter */
static void tensor_str_rec(const Tensor* t, int64_t dim, int64_t* index, int indent, bool summarize,
                           const Formatter* f, StrBuf* out) {
  int64_t remaining = t->dim - dim;
  if (remaining == 0) {
    Formatter_format(f, read_elem(t, index), out);
    return;
  }
  if (remaining == 1) {
    vector_str(t, index, indent, summarize, f, out);
    return;
  }
  int64_t n = t->sizes[dim];
  bool cut = summarize && n > 2 * kEdgeItems;
  sb_puts(out, "[");
  for (int64_t i = 0; i < n; i++) {
    if (i > 0) {
      sb_puts(out, ",");
      for (int64_t k = 0; k < remaining - 1; k++) sb_puts(out, "\n");
      sb_spaces(out, indent + 1);
    }
    if (cut && i == kEdgeItems) {
      sb_puts(out, "...");
      i = n - kEdgeItems - 1;
      continue;
    }
    index[dim] = i;
    tensor_str_rec(t, dim + 1, index, indent + 1, summarize, f, out);
  }
  sb_puts(out, "]");
}

/* ---- suffixes ---------------------------------------------------------- */

/* The `, dtype=torch.int32`-style parts after the data, each its own string:
 * a per-channel quantizer's `scale=tensor([...])` may be long. */
typedef struct Suffixes {
  char* items[8];
  int n;
} Suffixes;

static void suffix_add(Suffixes* s, const char* fmt, ...) {
  TORCH_INTERNAL_ASSERT(s->n < 8);
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char* text = malloc((size_t)n + 1);
  TORCH_INTERNAL_ASSERT(text != NULL);
  va_start(ap, fmt);
  vsnprintf(text, (size_t)n + 1, fmt, ap);
  va_end(ap);
  s->items[s->n++] = text;
}

static void suffixes_free(Suffixes* s) {
  for (int i = 0; i < s->n; i++) free(s->items[i]);
  s->n = 0;
}

/* PyTorch 1.13: torch/_tensor_str.py _add_suffixes */
static void add_suffixes(StrBuf* out, const Suffixes* s, int indent) {
  const char* nl = strrchr(out->data, '\n');
  long last_line_len = nl ? (long)(out->data + out->len - nl) + 1 : (long)out->len + 2;
  for (int i = 0; i < s->n; i++) {
    long len = (long)strlen(s->items[i]);
    if (last_line_len + len + 2 > kLineWidth) {
      sb_puts(out, ",\n");
      sb_spaces(out, indent);
      last_line_len = indent + len;
    } else {
      sb_puts(out, ", ");
      last_line_len += len + 2;
    }
    sb_puts(out, s->items[i]);
  }
  sb_puts(out, ")");
}

static void shape_tuple(const Tensor* t, char* buf, size_t size) {
  size_t n = (size_t)snprintf(buf, size, "(");
  for (int64_t i = 0; i < t->dim && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%lld", i ? ", " : "", (long long)t->sizes[i]);
  if (n < size) snprintf(buf + n, size - n, t->dim == 1 ? ",)" : ")");
}

/* PyTorch 1.13: torch/_tensor_str.py _tensor_str: `[]`, or the elements. */
static void data_str(const Tensor* t, int indent, StrBuf* b) {
  if (t->numel == 0) {
    sb_puts(b, "[]");
    return;
  }
  bool summarize = t->numel > kThreshold;
  Formatter f;
  Formatter_init(&f, t, summarize);
  int64_t index[MINATEN_MAX_DIM] = {0};
  tensor_str_rec(t, 0, index, indent, summarize, &f, b);
}

static int tensor_str_build(const Tensor* t, StrBuf* b);

/* `scale=tensor([0.5000, 0.2500], dtype=torch.float64)`: str() of a tensor
 * the quantizer hands out. */
static int suffix_add_tensor(Suffixes* s, const char* name, Tensor* value) {
  if (value == NULL) return -1;
  StrBuf text = {NULL, 0, 0};
  int r = tensor_str_build(value, &text);
  Tensor_release(value);
  if (r == 0) suffix_add(s, "%s=%s", name, text.data);
  free(text.data);
  return r;
}

/* The quantized branch of _str_intern: the dequantized values, then size,
 * dtype (never a default one), the scheme and its parameters, each read
 * with its operator with the trace paused (untraced), as show() does:
 * printing never appears in a trace.
 * PyTorch 1.13: torch/_tensor_str.py _str_intern (self.is_quantized) */
static int quantized_str(const Tensor* t, int indent, StrBuf* b, Suffixes* s) {
  char shape[96], num[64];
  if (Quantizer_checkKnown(t->quantizer, "qscheme") < 0) return -1; /* self.qscheme() */
  shape_tuple(t, shape, sizeof shape);
  suffix_add(s, "size=%s", shape);
  suffix_add(s, "dtype=torch.%s", ScalarType_pyName(t->dtype));
  suffix_add(s, "quantization_scheme=torch.%s", QScheme_name(t->quantizer->qscheme));
  if (t->quantizer->qscheme == QScheme_PerTensorAffine) {
    format_python_float(t->quantizer->scale, num, sizeof num);
    suffix_add(s, "scale=%s", num);
    suffix_add(s, "zero_point=%lld", (long long)t->quantizer->zero_point);
  } else {
    if (suffix_add_tensor(s, "scale", untraced(at_q_per_channel_scales, t)) < 0 ||
        suffix_add_tensor(s, "zero_point", untraced(at_q_per_channel_zero_points, t)) < 0)
      return -1;
    suffix_add(s, "axis=%lld", (long long)t->quantizer->axis);
  }
  Tensor* real = untraced(at_dequantize_self, t);
  if (real == NULL) return -1;
  data_str(real, indent, b);
  Tensor_release(real);
  return 0;
}

/* PyTorch 1.13: torch/_tensor_str.py _str_intern.  A lazy tensor prints
 * its data through self.to('cpu') (the graph runs) and a device suffix. */
static int tensor_str_build(const Tensor* t, StrBuf* b) {
  const int indent = 7; /* len("tensor(") */
  const Tensor* original = t;
  Suffixes s = {{NULL}, 0};
  Tensor* cpu = NULL;
  if (t->device.type == DeviceType_Lazy) {
    char dev[32];
    if ((cpu = LazyBindings_toCpu((Tensor*)t)) == NULL) return -1;
    suffix_add(&s, "device='%s'", Device_format(t->device, dev, sizeof dev));
    t = cpu;
  }
  bool default_dtype = t->dtype == ScalarType_Float || t->dtype == ScalarType_Long || t->dtype == ScalarType_Bool;
  sb_puts(b, "tensor(");
  if (t->quantizer != NULL) {
    if (quantized_str(t, indent, b, &s) < 0) {
      suffixes_free(&s);
      Tensor_release(cpu);
      return -1;
    }
  } else if (t->numel == 0) {
    sb_puts(b, "[]");
    if (t->dim != 1) {
      char shape[96];
      shape_tuple(t, shape, sizeof shape);
      suffix_add(&s, "size=%s", shape);
    }
    if (t->dtype != ScalarType_Float) suffix_add(&s, "dtype=torch.%s", ScalarType_pyName(t->dtype));
  } else {
    data_str(t, indent, b);
    if (!default_dtype) suffix_add(&s, "dtype=torch.%s", ScalarType_pyName(t->dtype));
  }
  char autograd[160];
  int has_suffix = THPVariable_autograd_suffix(original, autograd, sizeof autograd);
  if (has_suffix < 0) {
    suffixes_free(&s);
    Tensor_release(cpu);
    return -1;
  }
  if (has_suffix) suffix_add(&s, "%s", autograd);
  add_suffixes(b, &s, indent);
  suffixes_free(&s);
  Tensor_release(cpu);
  return 0;
}

/* PyTorch 1.13: torch/_tensor_str.py _str (`with torch.no_grad():`) */
int tensor_str_write(const Tensor* t, FILE* out) {
  StrBuf b = {NULL, 0, 0};
  AutoGradMode guard = NoGradGuard_enter();
  int r = tensor_str_build(t, &b);
  AutoGradMode_exit(guard);
  if (r == 0) fputs(b.data, out);
  free(b.data);
  return r;
}
