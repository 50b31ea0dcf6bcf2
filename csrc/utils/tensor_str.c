/*
 * tensor_str.c - repr(tensor), as print() shows it:
 *
 *   tensor([[0., 1., 2.],
 *           [3., 4., 5.]], dtype=torch.float64, requires_grad=True)
 *
 * NB(minaten): PyTorch 1.13 keeps this in Python, torch/_tensor_str.py,
 * where it slices, reshapes and compares tensors with operators
 * (tensor.reshape(-1), masked_select, self[i], torch.stack) and reads the
 * elements with tolist().  minaten keeps it in C like the rest of the
 * machinery a reader steps through: the elements are read in place from
 * the tensor's storage with its strides, and only the operators that make
 * a tensor to print are called (a quantized tensor's dequantize and
 * per-channel parameters, a lazy tensor's graph).  The layout, function
 * by function, is 1.13's; the printing never shows in the dispatch trace
 * (Note [Printing is not traced]).
 *
 * One formatter per tensor decides how every element is written, from all
 * the elements that will be printed (_Formatter):
 *   - integers and bools: str(value), right-aligned to the widest;
 *   - floating, all nonzero finite values integral: `0.`, `12.`, unless the
 *     largest magnitude is > 1e8 or largest/smallest > 1000: scientific;
 *   - floating otherwise: PRINT_OPTS.precision decimals (`1.5000`), unless
 *     the largest is > 1e8, largest/smallest > 1000 or the smallest < 1e-4:
 *     scientific (`2.2500e-05`);
 *   - nan and inf as Python spells them, never deciding the mode.
 * Rows wrap at PRINT_OPTS.linewidth columns; a tensor of more than
 * PRINT_OPTS.threshold elements is summarized: PRINT_OPTS.edgeitems items
 * at each end of every dimension, `...` between.  Suffixes follow the
 * data: device= (not cpu), size= and dtype= (by the rules of _str_intern),
 * the quantizer's parameters, grad_fn= or requires_grad=True.
 *
 * PyTorch 1.13: torch/_tensor_str.py (PRINT_OPTS, _Formatter, _vector_str,
 * _tensor_str_with_formatter, _tensor_str, get_summarized_data,
 * _add_suffixes, _str_intern, _str)
 */
#include "csrc/utils/tensor_str.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "Functions.h"
#include "autograd/Node.h"
#include "autograd/variable.h"
#include "csrc/Exceptions.h"
#include "csrc/autograd/python_variable.h"
#include "dispatch/Dispatcher.h"
#include "dispatch/TraceMode.h"
#include "ops/functionalization/FunctionalTensorWrapper.h"
#include "ops/lazy/LazyBindings.h"
#include "ops/quantized/AffineQuantizer.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Exception.h"
#include "runtime/GradMode.h"
#include "runtime/Quantizer.h"
#include "runtime/TypeCast.h"

/* PyTorch 1.13: torch/_tensor_str.py __PrinterOptions, 1.13's defaults;
 * torch.set_printoptions (python/minaten/_tensor_str.py) sets them through
 * torch._C._set_printoptions. */
typedef struct PrinterOptions {
  int precision;
  double threshold; /* a number: the "full" profile's is inf */
  int64_t edgeitems;
  int64_t linewidth;
  int sci_mode; /* -1: None (the formatter decides), else 0 / 1 */
} PrinterOptions;

static PrinterOptions PRINT_OPTS = {4, 1000, 3, 80, -1};

/*
 * Note [Printing is not traced]
 * 1.13 prints with operators, which a TorchDispatchMode would see; the
 * dialect's trace (trace_on(), --trace=dispatch) never shows printing
 * (docs/torch-api.md), and its recorder prints with the mode off.  minaten
 * pauses both of its traces while it prints: the trace mode's key
 * (dispatch/TraceMode.h) and the dispatcher's verbose hops.
 */
typedef struct TracePause {
  bool trace;
  bool verbose;
} TracePause;

static TracePause traces_pause(void) {
  TracePause saved = {TraceMode_isEnabled(), Dispatcher_verbose};
  TraceMode_setEnabled(false);
  Dispatcher_verbose = false;
  return saved;
}

static void traces_resume(TracePause saved) {
  Dispatcher_verbose = saved.verbose;
  TraceMode_setEnabled(saved.trace);
}

/* ---- a growable string --------------------------------------------------------- */

/* The text being built; `failed` once an allocation failed (the caller
 * raises MemoryError at the end). */
typedef struct StrBuf {
  char* data;
  size_t len, cap;
  bool failed;
} StrBuf;

static void sb_append(StrBuf* b, const char* s, size_t n) {
  if (b->failed) return;
  if (b->len + n + 1 > b->cap) {
    size_t cap = (b->len + n + 1) * 2;
    char* data = PyMem_Realloc(b->data, cap);
    if (data == NULL) {
      b->failed = true;
      return;
    }
    b->data = data;
    b->cap = cap;
  }
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}
static void sb_puts(StrBuf* b, const char* s) { sb_append(b, s, strlen(s)); }
static void sb_spaces(StrBuf* b, int64_t n) {
  for (int64_t i = 0; i < n; i++) sb_append(b, " ", 1);
}
/* A piece of Python text as UTF-8 ("surrogatepass"), borrowed. */
typedef struct Text {
  const char* data;
  size_t len;
} Text;

static void sb_free(StrBuf* b) {
  PyMem_Free(b->data);
  *b = (StrBuf){NULL, 0, 0, false};
}

/* Python's len() of UTF-8 text: its code points (a subclass's name or
 * tensor_contents may be any text, lone surrogates included: Text). */
static int64_t text_length(const char* s, size_t n) {
  int64_t len = 0;
  for (size_t i = 0; i < n; i++) len += ((unsigned char)s[i] & 0xC0) != 0x80;
  return len;
}

/* ---- elements -------------------------------------------------------------------- */

/* One element as Python reads it with tolist(): a float for floating
 * dtypes (d), an int or a bool otherwise (i); of a complex tensor, one of
 * its parts (a float). */
typedef struct Element {
  double d;
  int64_t i;
} Element;

/* Which number of an element is read: the element itself (a complex
 * one's real part), or a complex element's imaginary part. */
typedef enum Part { Part_Real = 0, Part_Imag = 1 } Part;

/* The element at index[0..dim) of a CPU tensor, read in place with its strides. */
static Element read_element(const Tensor* t, const int64_t* index, Part part) {
  int64_t offset = 0;
  for (int64_t k = 0; k < t->dim; k++) offset += index[k] * t->strides[k];
  const char* p = Tensor_data(t) + offset * (int64_t)Tensor_itemsize(t);
  Element e = {0, 0};
  if (t->dtype == ScalarType_ComplexFloat)
    e.d = part == Part_Imag ? ((const ComplexFloat*)p)->imag : ((const ComplexFloat*)p)->real;
  else if (t->dtype == ScalarType_ComplexDouble)
    e.d = part == Part_Imag ? ((const ComplexDouble*)p)->imag : ((const ComplexDouble*)p)->real;
  else if (ScalarType_isFloating(t->dtype))
    e.d = load_double(t->dtype, p);
  else
    e.i = load_int(t->dtype, p); /* a bool is any nonzero byte */
  /* the math bits, which 1.13 resolves first (resolve_neg, resolve_conj) */
  if (Tensor_isNeg(t) != (Tensor_isConj(t) && part == Part_Imag)) {
    e.d = -e.d;
    e.i = (int64_t)(0 - (uint64_t)e.i);
  }
  return e;
}

/* Whether dimension `dim` of t prints summarized: its first and last
 * edgeitems items with `...` between. */
static bool cut_dim(const Tensor* t, int64_t dim, bool summarize) {
  return summarize && t->sizes[dim] > 2 * PRINT_OPTS.edgeitems;
}

/* Calls fn on every element that will be printed (those of the summarized
 * data when summarizing), in row-major order.
 * PyTorch 1.13: torch/_tensor_str.py get_summarized_data */
typedef void (*ElementFn)(void* ctx, Element e);
static void for_each_printed(const Tensor* t, int64_t dim, int64_t* index, bool summarize, Part part, ElementFn fn,
                             void* ctx) {
  if (dim == t->dim) {
    fn(ctx, read_element(t, index, part));
    return;
  }
  int64_t n = t->sizes[dim];
  bool cut = cut_dim(t, dim, summarize);
  for (int64_t i = 0; i < n; i++) {
    if (cut && i == PRINT_OPTS.edgeitems) i = n - PRINT_OPTS.edgeitems;
    index[dim] = i;
    for_each_printed(t, dim + 1, index, summarize, part, fn, ctx);
  }
}

/* ---- the formatter ----------------------------------------------------------------- */

typedef struct Formatter {
  bool floating_dtype;
  bool is_bool;
  bool int_mode;
  bool sci_mode;
  int max_width;
  /* the scan of the nonzero finite values */
  bool any;
  double min_abs, max_abs;
} Formatter;

/* Python's "{:.Nf}" / "{:.Ne}" of a float, into buf: nan and inf as
 * Python spells them (never "-nan").  Returns the length. */
static int format_float(char* buf, size_t size, char conv, int precision, double v) {
  if (isnan(v)) return snprintf(buf, size, "nan");
  if (isinf(v)) return snprintf(buf, size, v < 0 ? "-inf" : "inf");
  return snprintf(buf, size, conv == 'e' ? "%.*e" : "%.*f", precision, v);
}

/* "{}".format(value) of an integer or bool element. */
static int format_integral(char* buf, size_t size, const Formatter* f, Element e) {
  if (f->is_bool) return snprintf(buf, size, "%s", e.i ? "True" : "False");
  return snprintf(buf, size, "%lld", (long long)e.i);
}

static void scan_values(void* ctx, Element e) {
  Formatter* f = ctx;
  if (!f->floating_dtype) {
    char buf[32];
    int w = format_integral(buf, sizeof buf, f, e);
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

static void scan_widths(void* ctx, Element e) {
  Formatter* f = ctx;
  if (!isfinite(e.d) || e.d == 0) return;
  char buf[512];
  int w;
  if (f->sci_mode)
    w = format_float(buf, sizeof buf, 'e', PRINT_OPTS.precision, e.d);
  else if (f->int_mode)
    w = format_float(buf, sizeof buf, 'f', 0, e.d) + 1; /* room for the '.' */
  else
    w = format_float(buf, sizeof buf, 'f', PRINT_OPTS.precision, e.d);
  if (w > f->max_width) f->max_width = w;
}

/* The formatter of t's elements, or of one part of a complex t's (1.13
 * builds one over self.real and one over self.imag).
 * PyTorch 1.13: torch/_tensor_str.py _Formatter.__init__ */
static void Formatter_init(Formatter* f, const Tensor* t, bool summarize, Part part) {
  memset(f, 0, sizeof *f);
  f->floating_dtype = ScalarType_isFloating(t->dtype) || ScalarType_isComplex(t->dtype);
  f->is_bool = t->dtype == ScalarType_Bool;
  f->int_mode = true;
  f->max_width = 1;
  int64_t index[MINATEN_MAX_DIM] = {0};
  for_each_printed(t, 0, index, summarize, part, scan_values, f);
  if (!f->floating_dtype) return;
  if (!f->any) return; /* no valid number: 1.13 returns before looking at PRINT_OPTS.sci_mode */
  double ratio = f->max_abs / f->min_abs;
  if (f->int_mode)
    f->sci_mode = ratio > 1000.0 || f->max_abs > 1.0e8;
  else
    f->sci_mode = ratio > 1000.0 || f->max_abs > 1.0e8 || f->min_abs < 1.0e-4;
  for_each_printed(t, 0, index, summarize, part, scan_widths, f);
  if (PRINT_OPTS.sci_mode >= 0) f->sci_mode = PRINT_OPTS.sci_mode;
}

/* Appends one element, right-aligned to the formatter's width.
 * PyTorch 1.13: torch/_tensor_str.py _Formatter.format */
static void Formatter_format(const Formatter* f, Element e, StrBuf* out) {
  char buf[512];
  int n;
  if (!f->floating_dtype) {
    n = format_integral(buf, sizeof buf, f, e);
  } else if (f->sci_mode) {
    n = format_float(buf, sizeof buf, 'e', PRINT_OPTS.precision, e.d);
  } else if (f->int_mode) {
    n = format_float(buf, sizeof buf - 1, 'f', 0, e.d);
    if (isfinite(e.d)) buf[n++] = '.', buf[n] = '\0';
  } else {
    n = format_float(buf, sizeof buf, 'f', PRINT_OPTS.precision, e.d);
  }
  sb_spaces(out, f->max_width - n);
  sb_append(out, buf, (size_t)n);
}

/* The formatters of a tensor: f[1] only for a complex one (its imaginary parts'). */
typedef struct Formatters {
  Formatter f[2];
  bool complex;
} Formatters;

/* One element: a complex one as real, then the imaginary part's text with
 * its leading spaces stripped and a "+" unless it has a sign, then "j".
 * PyTorch 1.13: torch/_tensor_str.py _vector_str _val_formatter, _scalar_str */
static void format_element(const Formatters* fs, const Tensor* t, const int64_t* index, StrBuf* out) {
  Formatter_format(&fs->f[0], read_element(t, index, Part_Real), out);
  if (!fs->complex) return;
  StrBuf imag = {NULL, 0, 0, false};
  Formatter_format(&fs->f[1], read_element(t, index, Part_Imag), &imag);
  const char* text = imag.data == NULL ? "" : imag.data;
  while (*text == ' ') text++;
  if (*text != '+' && *text != '-') sb_puts(out, "+");
  sb_puts(out, text);
  sb_puts(out, "j");
  out->failed = out->failed || imag.failed;
  sb_free(&imag);
}

/* ---- layout ---------------------------------------------------------------------------- */

/* The last dimension: elements_per_line items a line, the summarized ones
 * with " ..." as one more item.
 * PyTorch 1.13: torch/_tensor_str.py _vector_str */
static void vector_str(const Tensor* t, int64_t* index, int64_t indent, bool summarize, const Formatters* fs,
                       StrBuf* out) {
  int64_t d = t->dim - 1;
  int64_t n = t->sizes[d];
  /* the widths, ", ", and for a complex tensor the imaginary width and "j" */
  int64_t element_length = fs->f[0].max_width + 2 + (fs->complex ? fs->f[1].max_width + 1 : 0);
  int64_t per_line = (int64_t)floor((double)(PRINT_OPTS.linewidth - indent) / (double)element_length);
  if (per_line < 1) per_line = 1;
  bool cut = cut_dim(t, d, summarize);
  int64_t items = cut ? 2 * PRINT_OPTS.edgeitems + 1 : n;
  sb_puts(out, "[");
  for (int64_t k = 0; k < items; k++) {
    if (k > 0) {
      if (k % per_line == 0) {
        sb_puts(out, ",\n");
        sb_spaces(out, indent + 1);
      } else {
        sb_puts(out, ", ");
      }
    }
    if (cut && k == PRINT_OPTS.edgeitems) {
      sb_puts(out, " ...");
      continue;
    }
    index[d] = cut && k > PRINT_OPTS.edgeitems ? n - 2 * PRINT_OPTS.edgeitems - 1 + k : k;
    format_element(fs, t, index, out);
  }
  sb_puts(out, "]");
}

/* Dimension `dim` on: each sub-tensor on its own line(s), a blank line
 * more between them for each dimension below the next.
 * PyTorch 1.13: torch/_tensor_str.py _tensor_str_with_formatter, _scalar_str */
static void tensor_str_with_formatter(const Tensor* t, int64_t dim, int64_t* index, int64_t indent, bool summarize,
                                      const Formatters* fs, StrBuf* out) {
  int64_t remaining = t->dim - dim;
  if (remaining == 0) {
    format_element(fs, t, index, out);
    return;
  }
  if (remaining == 1) {
    vector_str(t, index, indent, summarize, fs, out);
    return;
  }
  int64_t n = t->sizes[dim];
  bool cut = cut_dim(t, dim, summarize);
  sb_puts(out, "[");
  for (int64_t i = 0; i < n; i++) {
    if (i > 0) {
      sb_puts(out, ",");
      for (int64_t k = 0; k < remaining - 1; k++) sb_puts(out, "\n");
      sb_spaces(out, indent + 1);
    }
    if (cut && i == PRINT_OPTS.edgeitems) {
      sb_puts(out, "...");
      i = n - PRINT_OPTS.edgeitems - 1;
      continue;
    }
    index[dim] = i;
    tensor_str_with_formatter(t, dim + 1, index, indent + 1, summarize, fs, out);
  }
  sb_puts(out, "]");
}

/* `[]`, or the elements of a CPU tensor that is not quantized.
 * PyTorch 1.13: torch/_tensor_str.py _tensor_str */
static void tensor_str(const Tensor* t, int64_t indent, StrBuf* out) {
  if (t->numel == 0) {
    sb_puts(out, "[]");
    return;
  }
  bool summarize = (double)t->numel > PRINT_OPTS.threshold;
  Formatters fs = {.complex = ScalarType_isComplex(t->dtype)};
  Formatter_init(&fs.f[0], t, summarize, Part_Real);
  if (fs.complex) Formatter_init(&fs.f[1], t, summarize, Part_Imag);
  int64_t index[MINATEN_MAX_DIM] = {0};
  tensor_str_with_formatter(t, 0, index, indent, summarize, &fs, out);
}

/* ---- suffixes ------------------------------------------------------------------------------- */

enum { kMaxSuffixes = 10 };

/* The `dtype=torch.int32`-style parts after the data, each its own text:
 * a per-channel quantizer's `scale=tensor([...])` may be long. */
typedef struct Suffixes {
  char* items[kMaxSuffixes];
  int n;
  bool failed; /* an allocation failed */
} Suffixes;

static void suffix_add(Suffixes* s, const char* fmt, ...) {
  TORCH_INTERNAL_ASSERT(s->n < kMaxSuffixes);
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char* text = PyMem_Malloc((size_t)n + 1);
  if (text == NULL) {
    s->failed = true;
    return;
  }
  va_start(ap, fmt);
  vsnprintf(text, (size_t)n + 1, fmt, ap);
  va_end(ap);
  s->items[s->n++] = text;
}

static void suffixes_free(Suffixes* s) {
  for (int i = 0; i < s->n; i++) PyMem_Free(s->items[i]);
  s->n = 0;
}

/* Joins the suffixes after the text, with ", ", or ",\n" and indent spaces
 * where the line would pass PRINT_OPTS.linewidth; then ")".
 * PyTorch 1.13: torch/_tensor_str.py _add_suffixes (force_newline: sparse only) */
static void add_suffixes(StrBuf* out, const Suffixes* s, int64_t indent) {
  /* len(tensor_str) - tensor_str.rfind("\n") + 1 */
  size_t nl = out->len;
  while (nl > 0 && out->data[nl - 1] != '\n') nl--;
  int64_t last_line_len = nl > 0 ? text_length(out->data + nl - 1, out->len - nl + 1) + 1
                                 : text_length(out->data, out->len) + 2;
  for (int i = 0; i < s->n; i++) {
    int64_t suffix_len = (int64_t)strlen(s->items[i]);
    if (last_line_len + suffix_len + 2 > PRINT_OPTS.linewidth) {
      sb_puts(out, ",\n");
      sb_spaces(out, indent);
      last_line_len = indent + suffix_len;
    } else {
      sb_puts(out, ", ");
      last_line_len += suffix_len + 2;
    }
    sb_puts(out, s->items[i]);
  }
  sb_puts(out, ")");
}

/* str(tuple(self.shape)): "(2, 3)", "(0,)", "()". */
static void shape_tuple(const Tensor* t, char* buf, size_t size) {
  size_t n = (size_t)snprintf(buf, size, "(");
  for (int64_t i = 0; i < t->dim && n < size; i++)
    n += (size_t)snprintf(buf + n, size - n, "%s%lld", i ? ", " : "", (long long)t->sizes[i]);
  if (n < size) snprintf(buf + n, size - n, t->dim == 1 ? ",)" : ")");
}

/* `grad_fn=<MulBackward0>` or `requires_grad=True` of inp (its own, not
 * its CPU copy's): 1 with the text in buf, 0 when neither, -1 with
 * minaten's error when the grad_fn cannot be made (1.13's `inp.grad_fn`
 * raises for a view made in no_grad mode whose base was modified in
 * place: printing raises there too).
 * PyTorch 1.13: torch/_tensor_str.py _str_intern (inp.grad_fn, inp.requires_grad) */
static int autograd_suffix(const Tensor* inp, char* buf, size_t size) {
  const Node* fn = grad_fn(inp);
  if (fn == NULL && Error_occurred()) return -1;
  if (fn != NULL) {
    /* type(inp.grad_fn).__name__, or name().rsplit("::", 1)[-1] */
    const char* colons = strrchr(Node_name(fn), ':');
    snprintf(buf, size, "grad_fn=<%s>", colons != NULL ? colons + 1 : Node_name(fn));
    return 1;
  }
  if (!requires_grad(inp)) return 0;
  snprintf(buf, size, "requires_grad=True");
  return 1;
}

/* ---- _str_intern ------------------------------------------------------------------------------ */

static int str_intern(Text prefix, const Tensor* inp, const Text* contents, StrBuf* out);

/* `name=` and str() of a tensor an operator returned (a per-channel
 * quantizer's scales and zero points), taking over value. */
static int suffix_add_tensor(Suffixes* s, const char* name, Tensor* value) {
  if (value == NULL) return -1;
  StrBuf text = {NULL, 0, 0, false};
  int r = str_intern((Text){"tensor(", 7}, value, NULL, &text);
  Tensor_release(value);
  if (r == 0 && text.failed) {
    s->failed = true;
  } else if (r == 0) {
    suffix_add(s, "%s=%s", name, text.data);
  }
  sb_free(&text);
  return r;
}

/* The quantized branch of _str_intern: size, dtype (never a default one),
 * the scheme and its parameters, then the dequantized values.  A quantizer
 * minaten does not know refuses at once (self.qscheme()).
 * PyTorch 1.13: torch/_tensor_str.py _str_intern (self.is_quantized) */
static int quantized_str(const Tensor* t, int64_t indent, bool contents, StrBuf* out, Suffixes* s) {
  char text[96];
  shape_tuple(t, text, sizeof text);
  suffix_add(s, "size=%s", text);
  suffix_add(s, "dtype=torch.%s", ScalarType_pyName(t->dtype));
  if (Quantizer_checkKnown(t->quantizer, "qscheme") < 0) return -1; /* self.qscheme() */
  suffix_add(s, "quantization_scheme=torch.%s", QScheme_name(t->quantizer->qscheme));
  if (t->quantizer->qscheme == QScheme_PerTensorAffine) {
    /* str(self.q_scale()): repr of a Python float */
    char* scale = PyOS_double_to_string(t->quantizer->scale, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
    if (scale == NULL) {
      s->failed = true;
      return 0;
    }
    suffix_add(s, "scale=%s", scale);
    PyMem_Free(scale);
    suffix_add(s, "zero_point=%lld", (long long)t->quantizer->zero_point);
  } else {
    if (suffix_add_tensor(s, "scale", at_q_per_channel_scales(t)) < 0 ||
        suffix_add_tensor(s, "zero_point", at_q_per_channel_zero_points(t)) < 0)
      return -1;
    suffix_add(s, "axis=%lld", (long long)t->quantizer->axis);
  }
  if (contents) return 0;
  Tensor* real = at_dequantize_self(t);
  if (real == NULL) return -1;
  tensor_str(real, indent, out);
  Tensor_release(real);
  return 0;
}

/*
 * The text of inp, prefix ("tensor(", or a subclass's "Name(") first:
 * appended to out.  contents: NULL, or the text printed in place of the
 * elements (tensor_contents).  0, or -1 with minaten's error set (or
 * out->failed).  Runs with grad mode off and the traces paused
 * (THPUtils_tensorStr).
 * PyTorch 1.13: torch/_tensor_str.py _str_intern
 */
static int str_intern(Text prefix, const Tensor* inp, const Text* contents, StrBuf* out) {
  sb_append(out, prefix.data, prefix.len);
  int64_t indent = text_length(prefix.data, prefix.len);
  Suffixes s = {{NULL}, 0, false};
  const Tensor* self = inp;
  Tensor* cpu = NULL;
  int r = -1;
  /* Note [Print tensor device]: every device but the default one (cpu) */
  if (self->device.type != DeviceType_CPU) {
    char dev[32];
    suffix_add(&s, "device='%s'", Device_format(self->device, dev, sizeof dev));
  }
  /* a lazy tensor prints from self.to("cpu"): its graph runs, and the copy
   * leaves its functional wrapper behind, unless functionalization was
   * asked for on this thread (torch._enable_functionalization:
   * _to_copy_functionalize wraps the copy then) */
  if (self->device.type == DeviceType_Lazy &&
      !(functionalization_isFunctionalTensor(self) && tls_is_dispatch_key_included(DispatchKey_Functionalize))) {
    if ((cpu = LazyBindings_toCpu((Tensor*)self)) == NULL) goto done;
    self = cpu;
  }
  /* self.dtype in (torch.get_default_dtype(), its complex counterpart, torch.int64, torch.bool) */
  ScalarType default_dtype = get_default_dtype_as_scalartype();
  ScalarType default_complex = default_dtype == ScalarType_Double ? ScalarType_ComplexDouble : ScalarType_ComplexFloat;
  bool has_default_dtype = self->dtype == default_dtype || self->dtype == default_complex ||
                           self->dtype == ScalarType_Long || self->dtype == ScalarType_Bool;
  if (functionalization_isFunctionalTensor(self)) {
    /* the prefix names the wrapping, and the value prints as itself:
     * `_to_functional_tensor(tensor([1., 2.]))` */
    out->len -= prefix.len;
    sb_puts(out, "_to_functional_tensor(");
    if (str_intern((Text){"tensor(", 7}, functionalization_fromFunctionalTensor(self), NULL, out) < 0) goto done;
  } else if (Tensor_isQuantized(self)) {
    if (quantized_str(self, indent, contents != NULL, out, &s) < 0) goto done;
  } else if (self->device.type == DeviceType_Meta) {
    /* no data: the shape always, the dtype unless the default one, and "..." */
    char shape[96];
    shape_tuple(self, shape, sizeof shape);
    suffix_add(&s, "size=%s", shape);
    if (self->dtype != default_dtype) suffix_add(&s, "dtype=torch.%s", ScalarType_pyName(self->dtype));
    if (contents == NULL) sb_puts(out, "...");
  } else if (self->numel == 0) {
    /* the shape unless it is (0,), as NumPy; the dtype unless the default one */
    if (self->dim != 1) {
      char shape[96];
      shape_tuple(self, shape, sizeof shape);
      suffix_add(&s, "size=%s", shape);
    }
    if (self->dtype != default_dtype) suffix_add(&s, "dtype=torch.%s", ScalarType_pyName(self->dtype));
    if (contents == NULL) sb_puts(out, "[]");
  } else if (ScalarType_isQuantized(self->dtype)) {
    /* a quantized dtype without a quantizer (a CPU tensor's bytes viewed
     * with t.view(torch.quint8)): 1.13 reads its elements with item(), a
     * kernel no quantized dtype has */
    Error_set(ErrorType_RuntimeError, "\"_local_scalar_dense_cpu\" not implemented for '%s'",
              ScalarType_name(self->dtype));
    goto done;
  } else {
    if (!has_default_dtype) suffix_add(&s, "dtype=torch.%s", ScalarType_pyName(self->dtype));
    if (contents == NULL) tensor_str(self, indent, out);
  }
  if (contents != NULL) sb_append(out, contents->data, contents->len);
  char autograd[160];
  int has_autograd = autograd_suffix(inp, autograd, sizeof autograd);
  if (has_autograd < 0) goto done;
  if (has_autograd) suffix_add(&s, "%s", autograd);
  if (s.failed) {
    out->failed = true;
  } else {
    add_suffixes(out, &s, indent);
  }
  r = 0;
done:
  suffixes_free(&s);
  Tensor_release(cpu);
  return r;
}

/* ---- torch._C._tensor_str ----------------------------------------------------------------------- */

/* PyTorch 1.13: torch/_tensor_str.py _str (`with torch.no_grad():`) */
/* str as UTF-8 bytes, lone surrogates kept ("surrogatepass"): a new bytes
 * object, or NULL with an exception. */
static PyObject* encode_text(PyObject* str, Text* text) {
  PyObject* bytes = PyUnicode_AsEncodedString(str, "utf-8", "surrogatepass");
  if (bytes != NULL) *text = (Text){PyBytes_AS_STRING(bytes), (size_t)PyBytes_GET_SIZE(bytes)};
  return bytes;
}

PyObject* THPUtils_tensorStr(PyObject* tensor, PyObject* tensor_contents) {
  /* prefix: "tensor(" for a torch.Tensor, f"{type(inp).__name__}(" for a subclass */
  PyObject* prefix = NULL;
  if ((PyObject*)Py_TYPE(tensor) == THPVariableClass || THPVariableClass == NULL) {
    prefix = PyUnicode_FromString("tensor(");
  } else {
    PyObject* name = PyObject_GetAttrString((PyObject*)Py_TYPE(tensor), "__name__");
    if (name != NULL) prefix = PyUnicode_FromFormat("%S(", name);
    Py_XDECREF(name);
  }
  Text prefix_text, contents_text;
  PyObject* prefix_bytes = prefix != NULL ? encode_text(prefix, &prefix_text) : NULL;
  Py_XDECREF(prefix);
  if (prefix_bytes == NULL) return NULL;
  PyObject* contents_bytes = NULL;
  if (tensor_contents != NULL && (contents_bytes = encode_text(tensor_contents, &contents_text)) == NULL) {
    Py_DECREF(prefix_bytes);
    return NULL;
  }
  StrBuf out = {NULL, 0, 0, false};
  AutoGradMode no_grad = NoGradGuard_enter();
  TracePause paused = traces_pause();
  int r = str_intern(prefix_text, THPVariable_Unpack(tensor), contents_bytes != NULL ? &contents_text : NULL, &out);
  traces_resume(paused);
  AutoGradMode_exit(no_grad);
  Py_DECREF(prefix_bytes);
  Py_XDECREF(contents_bytes);
  PyObject* result = NULL;
  if (r < 0) THPException_fromError();
  else if (out.failed) PyErr_NoMemory();
  else result = PyUnicode_DecodeUTF8(out.len > 0 ? out.data : "", (Py_ssize_t)out.len, "surrogatepass");
  sb_free(&out);
  return result;
}

/* NB(minaten): no 1.13 counterpart; for gdb (docs/debugging.md).  Called
 * at a stop inside a call from Python, where the thread holds the GIL. */
int THPUtils_tensorStrWrite(const Tensor* t, FILE* out) {
  StrBuf text = {NULL, 0, 0, false};
  AutoGradMode no_grad = NoGradGuard_enter();
  TracePause paused = traces_pause();
  int r = str_intern((Text){"tensor(", 7}, t, NULL, &text);
  traces_resume(paused);
  AutoGradMode_exit(no_grad);
  if (r == 0 && text.failed) {
    Error_set(ErrorType_RuntimeError, "out of memory");
    r = -1;
  }
  if (r == 0) fwrite(text.data, 1, text.len, out);
  sb_free(&text);
  return r;
}

/* torch._C._tensor_str(self, *, tensor_contents=None): what
 * torch.Tensor.__repr__ returns.  PyTorch 1.13: torch/_tensor_str.py _str */
static PyObject* THPModule_tensorStr(PyObject* module, PyObject* args, PyObject* kwargs) {
  (void)module;
  static char* kwlist[] = {"self", "tensor_contents", NULL};
  PyObject* self = NULL;
  PyObject* contents = Py_None;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$O:_tensor_str", kwlist, &self, &contents)) return NULL;
  if (!THPVariable_Check(self)) {
    PyErr_Format(PyExc_TypeError, "_tensor_str(): argument 'self' must be Tensor, not %s", Py_TYPE(self)->tp_name);
    return NULL;
  }
  if (contents != Py_None && !PyUnicode_Check(contents)) {
    /* "tensor(" + tensor_contents */
    PyErr_Format(PyExc_TypeError, "can only concatenate str (not \"%s\") to str", Py_TYPE(contents)->tp_name);
    return NULL;
  }
  return THPUtils_tensorStr(self, contents == Py_None ? NULL : contents);
}

/* torch._C._set_printoptions(precision, threshold, edgeitems, linewidth,
 * sci_mode): every option at once, sci_mode None, True or False; the
 * profiles and the None-means-unchanged rule are in Python
 * (python/minaten/_tensor_str.py set_printoptions).
 * PyTorch 1.13: torch/_tensor_str.py set_printoptions (PRINT_OPTS' fields) */
static PyObject* THPModule_setPrintOptions(PyObject* module, PyObject* args) {
  (void)module;
  int precision;
  double threshold;
  long long edgeitems, linewidth;
  PyObject* sci_mode;
  if (!PyArg_ParseTuple(args, "idLLO:_set_printoptions", &precision, &threshold, &edgeitems, &linewidth, &sci_mode))
    return NULL;
  int sci = sci_mode == Py_None ? -1 : PyObject_IsTrue(sci_mode);
  if (sci_mode != Py_None && sci < 0) return NULL;
  PRINT_OPTS = (PrinterOptions){precision, threshold, (int64_t)edgeitems, (int64_t)linewidth, sci};
  Py_RETURN_NONE;
}

/* torch._C._get_printoptions(): (precision, threshold, edgeitems, linewidth,
 * sci_mode), for python/minaten/_tensor_str.py's PRINT_OPTS. */
static PyObject* THPModule_getPrintOptions(PyObject* module, PyObject* noargs) {
  (void)module, (void)noargs;
  PyObject* sci = PRINT_OPTS.sci_mode < 0 ? Py_None : PRINT_OPTS.sci_mode ? Py_True : Py_False;
  return Py_BuildValue("(idLLO)", PRINT_OPTS.precision, PRINT_OPTS.threshold, (long long)PRINT_OPTS.edgeitems,
                       (long long)PRINT_OPTS.linewidth, sci);
}

static PyMethodDef functions[] = {
    {"_set_printoptions", THPModule_setPrintOptions, METH_VARARGS,
     "_set_printoptions(precision, threshold, edgeitems, linewidth, sci_mode)"},
    {"_get_printoptions", THPModule_getPrintOptions, METH_NOARGS,
     "_get_printoptions(): (precision, threshold, edgeitems, linewidth, sci_mode)"},
    {"_tensor_str", (PyCFunction)(void (*)(void))THPModule_tensorStr, METH_VARARGS | METH_KEYWORDS,
     "_tensor_str(self, *, tensor_contents=None): repr(tensor) (torch._tensor_str._str in PyTorch)"},
    {NULL, NULL, 0, NULL}};

int THPTensorStr_init(PyObject* module) { return PyModule_AddFunctions(module, functions); }
