/*
 * formula.c - parsing derivatives.yaml's formulas and printing them as C;
 * see formula.h.
 *
 * PyTorch 1.13: tools/autograd/load_derivatives.py,
 * tools/autograd/gen_autograd_functions.py
 */
#include "tools/codegen/formula.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- parsing */

typedef struct Parser {
  const char* text;
  const char* p;
  char* err;
  size_t err_size;
  int* err_col;
  bool failed;
  int depth; /* nesting, bounded so that no text exhausts the stack */
} Parser;

static Expr* fail_at(Parser* P, const char* at, const char* fmt, ...) {
  if (P->failed) return NULL;
  P->failed = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(P->err, P->err_size, fmt, ap);
  va_end(ap);
  *P->err_col = (int)(at - P->text);
  return NULL;
}

/* Skips blanks and C comments (the `rounding_mode=` comment before "floor"). */
static void skip_space(Parser* P) {
  for (;;) {
    while (isspace((unsigned char)*P->p)) P->p++;
    if (P->p[0] != '/' || P->p[1] != '*') return;
    const char* end = strstr(P->p + 2, "*/");
    P->p = end ? end + 2 : P->p + strlen(P->p);
  }
}

static bool accept(Parser* P, const char* tok) {
  skip_space(P);
  size_t n = strlen(tok);
  if (strncmp(P->p, tok, n) != 0) return false;
  /* `<` is not the start of `<=`, `|` not of `||` taken alone */
  if (n == 1 && strchr("<>=!", tok[0]) && P->p[1] == '=') return false;
  P->p += n;
  return true;
}

static Expr* new_expr(ExprKind kind, const char* text, size_t len, int col) {
  Expr* e = calloc(1, sizeof *e);
  if (e == NULL) return NULL;
  e->kind = kind;
  e->col = col;
  e->text = malloc(len + 1);
  if (e->text == NULL) {
    free(e);
    return NULL;
  }
  memcpy(e->text, text, len);
  e->text[len] = '\0';
  return e;
}

static int add_arg(Expr* e, Expr* arg) {
  Expr** grown = realloc(e->args, (e->num_args + 1) * sizeof *grown);
  if (grown == NULL) return -1;
  e->args = grown;
  e->args[e->num_args++] = arg;
  return 0;
}

void Expr_free(Expr* e) {
  if (e == NULL) return;
  for (size_t i = 0; i < e->num_args; i++) Expr_free(e->args[i]);
  free(e->args);
  free(e->text);
  free(e);
}

static Expr* parse_ternary(Parser* P);

/* `( args )` after a name: appends each to e. */
static Expr* parse_call_args(Parser* P, Expr* e) {
  if (accept(P, ")")) return e;
  for (;;) {
    Expr* arg = parse_ternary(P);
    if (arg == NULL || add_arg(e, arg) < 0) {
      Expr_free(arg);
      Expr_free(e);
      return NULL;
    }
    if (accept(P, ")")) return e;
    if (!accept(P, ",")) {
      Expr_free(e);
      return fail_at(P, P->p, "expected ',' or ')'");
    }
  }
}

static Expr* parse_primary(Parser* P) {
  skip_space(P);
  const char* start = P->p;
  int col = (int)(start - P->text);
  if (accept(P, "(")) {
    Expr* e = parse_ternary(P);
    if (e != NULL && !accept(P, ")")) {
      Expr_free(e);
      return fail_at(P, P->p, "expected ')'");
    }
    return e;
  }
  if (*P->p == '"') {
    const char* end = strchr(P->p + 1, '"');
    if (end == NULL) return fail_at(P, P->p, "unterminated string");
    P->p = end + 1;
    return new_expr(Expr_Str, start, (size_t)(P->p - start), col);
  }
  if (isdigit((unsigned char)*P->p) || (*P->p == '.' && isdigit((unsigned char)P->p[1]))) {
    bool is_float = false;
    while (isalnum((unsigned char)*P->p) || *P->p == '.') {
      is_float = is_float || *P->p == '.' || *P->p == 'e';
      P->p++;
    }
    return new_expr(is_float ? Expr_Float : Expr_Int, start, (size_t)(P->p - start), col);
  }
  if (isalpha((unsigned char)*P->p) || *P->p == '_') {
    /* a name, with its namespaces: at::where, c10::nullopt */
    while (isalnum((unsigned char)*P->p) || *P->p == '_' || (P->p[0] == ':' && P->p[1] == ':'))
      P->p += P->p[0] == ':' ? 2 : 1;
    size_t len = (size_t)(P->p - start);
    if ((len == 4 && strncmp(start, "true", 4) == 0) || (len == 5 && strncmp(start, "false", 5) == 0))
      return new_expr(Expr_Bool, start, len, col);
    if (len == 10 && strncmp(start, "std::tuple", 10) == 0 && *P->p == '<') {
      /* std::tuple<Tensor, ...>(): no gradients (undefined ones) */
      const char* close = strchr(P->p, '>');
      if (close == NULL) return fail_at(P, P->p, "expected '>' after std::tuple<");
      P->p = close + 1;
      if (!accept(P, "(") || !accept(P, ")")) return fail_at(P, P->p, "expected '()' after std::tuple<...>");
      return new_expr(Expr_Call, start, len, col);
    }
    if (len == 8 && strncmp(start, "std::get", 8) == 0 && *P->p == '<') {
      /* std::get<N>(call): one tensor of a call returning two; the name
       * keeps N ("std::get<0>") */
      P->p++;
      while (isdigit((unsigned char)*P->p)) P->p++;
      if (P->p == start + 9 || *P->p != '>') return fail_at(P, P->p, "expected std::get<N>");
      P->p++;
      len = (size_t)(P->p - start);
      if (!accept(P, "(")) return fail_at(P, P->p, "expected '(' after std::get<N>");
      Expr* e = new_expr(Expr_Call, start, len, col);
      return e ? parse_call_args(P, e) : NULL;
    }
    if (accept(P, "(")) {
      Expr* e = new_expr(Expr_Call, start, len, col);
      return e ? parse_call_args(P, e) : NULL;
    }
    Expr* id = new_expr(Expr_Ident, start, len, col);
    /* `grads[0]`: one output's gradient, the name with its index as its one argument */
    skip_space(P);
    if (id != NULL && accept(P, "[")) {
      skip_space(P);
      const char* num = P->p;
      while (isdigit((unsigned char)*P->p)) P->p++;
      Expr* index = P->p > num ? new_expr(Expr_Int, num, (size_t)(P->p - num), (int)(num - P->text)) : NULL;
      if (index == NULL || add_arg(id, index) < 0 || !accept(P, "]")) {
        Expr_free(index);
        Expr_free(id);
        return fail_at(P, P->p, "expected an index and ']'");
      }
    }
    return id;
  }
  return fail_at(P, P->p, *P->p ? "unexpected '%c'" : "unexpected end of formula", *P->p);
}

static Expr* parse_postfix(Parser* P) {
  Expr* e = parse_primary(P);
  while (e != NULL && (accept(P, ".") || accept(P, "->"))) { /* x->sizes(): a Tensor? x */
    skip_space(P);
    const char* start = P->p;
    while (isalnum((unsigned char)*P->p) || *P->p == '_') P->p++;
    if (P->p == start || !accept(P, "(")) {
      Expr_free(e);
      return fail_at(P, P->p, "expected a method call after '.'");
    }
    Expr* m = new_expr(Expr_Method, start, (size_t)(P->p - start - 1), (int)(start - P->text));
    if (m == NULL || add_arg(m, e) < 0) {
      Expr_free(m);
      Expr_free(e);
      return NULL;
    }
    e = parse_call_args(P, m);
  }
  return e;
}

static Expr* parse_unary(Parser* P) {
  skip_space(P);
  if (P->depth > 100) return fail_at(P, P->p, "formula nested too deeply");
  int col = (int)(P->p - P->text);
  const char* op = accept(P, "-") ? "-" : accept(P, "!") ? "!" : accept(P, "*") ? "*" : NULL;
  if (op == NULL) return parse_postfix(P);
  P->depth++;
  Expr* operand = parse_unary(P);
  P->depth--;
  if (operand == NULL) return NULL;
  Expr* e = new_expr(Expr_Unary, op, 1, col);
  if (e == NULL || add_arg(e, operand) < 0) {
    Expr_free(e);
    Expr_free(operand);
    return NULL;
  }
  return e;
}

/* One left-associative level of binary operators, `ops` highest first in
 * the table below. */
static const char* const kLevels[][7] = {
    {"||", NULL}, {"&&", NULL}, {"==", "!=", "<=", ">=", "<", ">", NULL}, {"+", "-", NULL}, {"*", "/", NULL},
};
enum { kNumLevels = sizeof kLevels / sizeof kLevels[0] };

static Expr* parse_level(Parser* P, int level) {
  if (level == kNumLevels) return parse_unary(P);
  Expr* left = parse_level(P, level + 1);
  while (left != NULL) {
    const char* op = NULL;
    skip_space(P);
    int col = (int)(P->p - P->text);
    for (size_t i = 0; kLevels[level][i] != NULL && op == NULL; i++)
      if (accept(P, kLevels[level][i])) op = kLevels[level][i];
    if (op == NULL) break;
    Expr* right = parse_level(P, level + 1);
    Expr* e = right ? new_expr(Expr_Binary, op, strlen(op), col) : NULL;
    if (e == NULL || add_arg(e, left) < 0 || add_arg(e, right) < 0) {
      if (e == NULL || e->num_args == 0) Expr_free(left);
      if (e == NULL || e->num_args < 2) Expr_free(right);
      Expr_free(e);
      return NULL;
    }
    left = e;
  }
  return left;
}

static Expr* parse_ternary(Parser* P) {
  if (++P->depth > 100) return fail_at(P, P->p, "formula nested too deeply");
  Expr* cond = parse_level(P, 0);
  P->depth--;
  skip_space(P);
  int col = (int)(P->p - P->text);
  if (cond == NULL || !accept(P, "?")) return cond;
  Expr* e = new_expr(Expr_Ternary, "?", 1, col);
  if (e == NULL || add_arg(e, cond) < 0) {
    Expr_free(e);
    Expr_free(cond);
    return NULL;
  }
  Expr* a = parse_ternary(P);
  if (a == NULL || add_arg(e, a) < 0 || !accept(P, ":")) {
    Expr_free(e);
    return fail_at(P, P->p, "expected ':' of '?:'");
  }
  Expr* b = parse_ternary(P);
  if (b == NULL || add_arg(e, b) < 0) {
    Expr_free(b);
    Expr_free(e);
    return NULL;
  }
  return e;
}

Expr* Formula_parse(const char* text, char* err, size_t err_size, int* err_col) {
  Parser P = {text, text, err, err_size, err_col, false, 0};
  Expr* e = parse_ternary(&P);
  skip_space(&P);
  if (e != NULL && *P.p != '\0') {
    Expr_free(e);
    return fail_at(&P, P.p, "unexpected '%c'", *P.p);
  }
  if (e == NULL && !P.failed) fail_at(&P, P.p, "out of memory");
  return e;
}

/* ------------------------------------------------------------- translating */

static int t_fail(Translator* T, const Expr* e, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(T->err, sizeof T->err, fmt, ap);
  va_end(ap);
  T->err_col = e ? e->col : 0;
  return -1;
}

static void setv(FValue* v, FType type, int tmp, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(v->c, sizeof v->c, fmt, ap);
  va_end(ap);
  v->type = type;
  v->tmp = tmp;
  v->undef = false;
}

static FType ftype_of_ctype(CTypeKind k) {
  switch (k) {
    case CTypeKind_ConstTensor: case CTypeKind_MutTensor: case CTypeKind_ReturnTensor: return FT_Tensor;
    case CTypeKind_TensorList: return FT_TensorList;
    case CTypeKind_Int: return FT_Int;
    case CTypeKind_OptionalInt: return FT_OptInt;
    case CTypeKind_IntArrayRef: return FT_IntList;
    case CTypeKind_OptionalIntArrayRef: return FT_OptIntList;
    case CTypeKind_Double: return FT_Double;
    case CTypeKind_Bool: return FT_Bool;
    case CTypeKind_String: return FT_Str;
    case CTypeKind_Scalar: return FT_Scalar;
    case CTypeKind_OptionalScalar: return FT_OptScalar;
    case CTypeKind_ScalarType: return FT_ScalarType;
    case CTypeKind_OptionalScalarType: return FT_OptScalarType;
    case CTypeKind_Layout: return FT_Layout;
    case CTypeKind_BoolArray3: return FT_Mask;
    default: return FT_Other;
  }
}

static bool is_number(FType t) { return t == FT_Int || t == FT_Double || t == FT_Bool || t == FT_Scalar; }

/* `v` as a value of type `target` into out; false if C++ would not convert. */
static bool convert(const FValue* v, FType target, char* out, size_t size) {
  if (v->type == target) return snprintf(out, size, "%s", v->c) > 0;
  switch (target) {
    case FT_Scalar:
      if (v->type == FT_Int) return snprintf(out, size, "Scalar_fromLong(%s)", v->c) > 0;
      if (v->type == FT_Double) return snprintf(out, size, "Scalar_fromDouble(%s)", v->c) > 0;
      if (v->type == FT_Bool) return snprintf(out, size, "Scalar_fromBool(%s)", v->c) > 0;
      return false;
    case FT_Double:
      return v->type == FT_Int && snprintf(out, size, "(double)(%s)", v->c) > 0;
    case FT_OptInt:
      return v->type == FT_Int && snprintf(out, size, "(OptionalInt){true, %s}", v->c) > 0;
    case FT_OptIntList:
      return v->type == FT_IntList && snprintf(out, size, "(OptionalIntArrayRef){true, %s}", v->c) > 0;
    case FT_OptScalarType:
      return v->type == FT_ScalarType && snprintf(out, size, "(OptionalScalarType){true, %s}", v->c) > 0;
    case FT_OptScalar: {
      char s[900];
      if (!convert(v, FT_Scalar, s, sizeof s)) return false;
      return snprintf(out, size, "(OptionalScalar){true, %s}", s) > 0;
    }
    default:
      return false;
  }
}

/* A schema default as a C value of the argument's kind, or NULL. */
static const char* default_c(const Argument* a, char* buf, size_t size) {
  const char* d = a->default_text;
  CTypeKind k = CType_ofArgument(a);
  if (d == NULL) return NULL;
  if (strcmp(d, "None") == 0) {
    if (k == CTypeKind_ConstTensor || k == CTypeKind_String) return "NULL";
    snprintf(buf, size, "(%s){false}", CType_spelling(k));
    return buf;
  }
  switch (k) {
    case CTypeKind_Bool: return strcmp(d, "True") == 0 ? "true" : "false";
    case CTypeKind_Int: case CTypeKind_Double: return d;
    case CTypeKind_Scalar:
      snprintf(buf, size, strpbrk(d, ".e") ? "Scalar_fromDouble(%s)" : "Scalar_fromLong(%s)", d);
      return buf;
    case CTypeKind_IntArrayRef:
      if (strcmp(d, "[]") == 0) return "(IntArrayRef){NULL, 0}";
      return NULL;
    case CTypeKind_String:
      return d;
    case CTypeKind_MemoryFormat: /* contiguous()'s */
      return strcmp(d, "contiguous_format") == 0 ? "MemoryFormat_Contiguous" : NULL;
    default:
      return NULL;
  }
}

Saved* Translator_save(Translator* T, SavedKind kind, const Argument* arg) {
  for (size_t i = 0; i < T->num_saved; i++)
    if (T->saved[i].kind == kind && T->saved[i].arg == arg) {
      T->saved[i].uses |= T->formula_bit;
      return &T->saved[i];
    }
  if (T->num_saved == kMaxSaved) return NULL;
  Saved* s = &T->saved[T->num_saved++];
  s->kind = kind;
  s->arg = arg;
  s->uses = T->formula_bit;
  s->sym = false;
  s->info = false;
  snprintf(s->result_name, sizeof s->result_name, "result");
  if (arg->name == NULL && T->schema->num_returns > 1)
    snprintf(s->result_name, sizeof s->result_name, "result%zu", (size_t)(arg - T->schema->returns));
  return s;
}

/* An unnamed return is `result`, or `result0`, `result1`, ... when there are
 * several (1.13's load_derivatives.py). */
const char* Saved_name(const Saved* s) { return s->arg->name != NULL ? s->arg->name : s->result_name; }

const char* Saved_fieldName(const Saved* s, char* buf, size_t size) {
  static const char* const kSuffix[] = {
      [Saved_Tensor] = "_", [Saved_Output] = "_", [Saved_TensorList] = "_", [Saved_Arg] = "",
      [Saved_Sizes] = "_sizes", [Saved_Strides] = "_strides", [Saved_ScalarType] = "_scalar_type",
      [Saved_Options] = "_options", [Saved_Numel] = "_numel", [Saved_Dim] = "_dim",
      [Saved_Geometry] = "_geometry", [Saved_ArgsSizes] = "_args_sizes",
      [Saved_ArgsScalarTypes] = "_args_scalartypes", [Saved_OptSizes] = "_sizes_opt",
  };
  snprintf(buf, size, "%s%s", Saved_name(s), kSuffix[s->kind]);
  return buf;
}

const char* Saved_pythonName(const Saved* s, char* buf, size_t size) {
  if (s->info) return NULL;
  switch (s->kind) {
    case Saved_Tensor: case Saved_Output: case Saved_TensorList: case Saved_Arg:
      snprintf(buf, size, "%s", Saved_name(s));
      return buf;
    case Saved_Sizes: case Saved_Strides:
      snprintf(buf, size, "%s_%s%s", Saved_name(s), s->sym ? "sym_" : "", s->kind == Saved_Sizes ? "sizes" : "strides");
      return buf;
    case Saved_Numel: case Saved_Dim:
      return Saved_fieldName(s, buf, size);
    case Saved_OptSizes:
      snprintf(buf, size, "%s_%ssizes_opt", Saved_name(s), s->sym ? "sym_" : "");
      return buf;
    case Saved_ScalarType: case Saved_Options: case Saved_Geometry: case Saved_ArgsSizes:
    case Saved_ArgsScalarTypes:
      break;
  }
  return NULL;
}

/* The schema argument or return called `name`; *is_output says which. */
static const Argument* find_name(const Translator* T, const char* name, bool* is_output) {
  const FunctionSchema* s = T->schema;
  for (size_t i = 0; i < s->num_arguments; i++)
    if (strcmp(s->arguments[i].name, name) == 0) {
      *is_output = false;
      return &s->arguments[i];
    }
  for (size_t i = 0; i < s->num_returns; i++) {
    char unnamed[32];
    snprintf(unnamed, sizeof unnamed, s->num_returns > 1 ? "result%zu" : "result", i);
    const char* rname = s->returns[i].name ? s->returns[i].name : unnamed;
    if (strcmp(rname, name) == 0) {
      *is_output = true;
      return &s->returns[i];
    }
  }
  return NULL;
}

/* A name of the formula: grad, grads, an argument or a result. */
static int emit_ident(Translator* T, const Expr* e, FValue* v) {
  if (strcmp(e->text, "grad") == 0) return setv(v, FT_Tensor, -1, "grad"), 0;
  if (strcmp(e->text, "grads") == 0 && e->num_args == 1) return setv(v, FT_Tensor, -1, "grads[%s]", e->args[0]->text), 0;
  if (strcmp(e->text, "grads") == 0) return setv(v, FT_TensorList, -1, "grads_list"), 0;
  if (strcmp(e->text, "grad_input_mask") == 0) return setv(v, FT_Mask, -1, "grad_input_mask"), 0;
  /* the C++ constant (erf's 2.0 / sqrt(M_PI)); the generated files include <math.h> */
  if (strcmp(e->text, "M_PI") == 0) return setv(v, FT_Double, -1, "M_PI"), 0;
  bool is_output = false;
  const Argument* a = find_name(T, e->text, &is_output);
  if (a == NULL) return t_fail(T, e, "unknown name '%s' in a formula", e->text);
  const SchemaType* ty = &a->type;
  if (T->in_kernel) return setv(v, ftype_of_ctype(CType_ofArgument(a)), -1, "%s", a->name), 0;
  SavedKind kind = is_output                    ? Saved_Output
                   : SchemaType_isTensor(ty)    ? Saved_Tensor
                   : SchemaType_isTensorList(ty) ? Saved_TensorList
                                                 : Saved_Arg;
  if (Translator_save(T, kind, a) == NULL) return t_fail(T, e, "too many saved values");
  if (kind == Saved_Arg) {
    setv(v, ftype_of_ctype(CType_ofArgument(a)), -1, "fn->%s", a->name);
  } else {
    setv(v, kind == Saved_TensorList ? FT_TensorList : FT_Tensor, -1, "%s", e->text);
  }
  return 0;
}

/* A new Tensor* temporary: "tmp[3]". */
static int new_tmp(Translator* T) { return T->num_tmps++; }

/* Prints `tmp[k] = CALL;` and its check; v becomes tmp[k]. */
static void emit_tensor_call(Translator* T, FValue* v, const char* call) {
  int k = new_tmp(T);
  fprintf(T->out, "%stmp[%d] = %s;\n%sif (tmp[%d] == NULL) goto done;\n", T->indent, k, call, T->indent, k);
  setv(v, FT_Tensor, k, "tmp[%d]", k);
}

static void emit_list_call(Translator* T, FValue* v, const char* call) {
  int k = T->num_list_tmps++;
  fprintf(T->out, "%sltmp[%d] = %s;\n%sif (ltmp[%d].data == NULL && Error_occurred()) goto done;\n", T->indent, k,
          call, T->indent, k);
  setv(v, FT_TensorList, k, "ltmp[%d]", k);
}

/* ----- overload resolution against native_functions.yaml */

static bool is_out_variant(const FunctionSchema* s) {
  for (size_t i = 0; i < s->num_arguments; i++)
    if (s->arguments[i].kwarg_only && s->arguments[i].alias_info.is_write) return true;
  return false;
}

/* The index of the tensor-options group's `dtype`, or -1. */
static int options_group(const FunctionSchema* s) {
  for (size_t i = 0; i + 3 < s->num_arguments; i++)
    if (s->arguments[i].kwarg_only && strcmp(s->arguments[i].name, "dtype") == 0 &&
        strcmp(s->arguments[i + 1].name, "layout") == 0 && strcmp(s->arguments[i + 2].name, "device") == 0)
      return (int)i;
  return -1;
}

/* The C argument list binding `vals` (recv first for a method) to fn's
 * parameters, or false when they do not fit. */
static bool bind_aten(const NativeFunction* fn, const FValue* vals, size_t n, char* out, size_t size) {
  const FunctionSchema* s = &fn->schema;
  int opt = options_group(s);
  size_t vi = 0;
  size_t len = 0;
  out[0] = '\0';
  for (size_t i = 0; i < s->num_arguments; i++) {
    const Argument* a = &s->arguments[i];
    char buf[1100];
    const char* c = NULL;
    if (vi < n && vals[vi].type == FT_Options && (int)i == opt) {
      /* TensorOptions spread over dtype, layout, device (pin_memory: default) */
      len += (size_t)snprintf(out + len, size - len,
                              "%s(OptionalScalarType){true, %s.dtype}, (OptionalLayout){true, %s.layout}, "
                              "(OptionalDevice){true, %s.device}",
                              i ? ", " : "", vals[vi].c, vals[vi].c, vals[vi].c);
      i += 2;
      vi++;
      continue;
    }
    if (vi < n && vals[vi].type != FT_Options) { /* C++ passes kwarg-only arguments by position too */
      if (!convert(&vals[vi], ftype_of_ctype(CType_ofArgument(a)), buf, sizeof buf)) return false;
      c = buf;
      vi++;
    } else {
      c = default_c(a, buf, sizeof buf);
      if (c == NULL) return false;
    }
    len += (size_t)snprintf(out + len, size - len, "%s%s", i ? ", " : "", c);
    if (len >= size) return false;
  }
  return vi == n;
}

/* An operator refuses an undefined tensor where it wants a Tensor: a value
 * that may be undefined (a helper's `{}`) is checked before the call, with
 * the error 1.13 raises then (`-norm_backward(...)` for p = 0: neg's self).
 * The values bind to the schema's arguments in order (bind_aten). */
static void emit_undefined_checks(Translator* T, const FunctionSchema* s, const FValue* vals, size_t n) {
  for (size_t j = 0; j < n && j < s->num_arguments; j++) {
    if (!vals[j].undef || vals[j].type != FT_Tensor) continue;
    fprintf(T->out,
            "%sif (%s == NULL) {\n%s  Error_set(ErrorType_RuntimeError, \"Expected a proper Tensor but got None (or an "
            "undefined Tensor in C++) for argument #%zu '%s'\");\n%s  goto done;\n%s}\n",
            T->indent, vals[j].c, T->indent, j, s->arguments[j].name, T->indent, T->indent);
  }
}

/* v = fn(vals), for an aten operator returning one tensor, or, with get >= 0
 * (std::get<get>(...)), tensor `get` of an operator returning two (the
 * other one released at once). */
static int emit_aten_call(Translator* T, const Expr* e, const char* name, bool method, const FValue* vals, size_t n,
                          FValue* v, int get) {
  char base[128];
  snprintf(base, sizeof base, "%s", name);
  size_t bl = strlen(base);
  if (bl > 7 && strcmp(base + bl - 7, "_symint") == 0) base[bl - 7] = '\0';
  for (size_t i = 0; i < T->m->num_functions; i++) {
    const NativeFunction* fn = &T->m->functions[i];
    const FunctionSchema* s = &fn->schema;
    if (strcmp(s->ns, "aten") != 0 || strcmp(s->name, base) != 0 || is_out_variant(s)) continue;
    if (method && !fn->method_variant) continue;
    char args[4096];
    if (!bind_aten(fn, vals, n, args, sizeof args)) continue;
    char call[4400];
    snprintf(call, sizeof call, "at_%s(%s)", fn->unambiguous, args);
    emit_undefined_checks(T, s, vals, n);
    CTypeKind ret = CType_ofReturns(s);
    if (get >= 0) {
      if (ret != CTypeKind_TensorTuple2 || get > 1) return t_fail(T, e, "std::get<%d> of aten::%s", get, base);
      int k = new_tmp(T);
      fprintf(T->out, "%s{\n%s  TensorTuple2 r = %s;\n%s  tmp[%d] = r.items[%d];\n%s  Tensor_release(r.items[%d]);\n%s}\n",
              T->indent, T->indent, call, T->indent, k, get, T->indent, 1 - get, T->indent);
      fprintf(T->out, "%sif (tmp[%d] == NULL) goto done;\n", T->indent, k);
      setv(v, FT_Tensor, k, "tmp[%d]", k);
    } else if (ret == CTypeKind_ReturnTensor) emit_tensor_call(T, v, call);
    else if (ret == CTypeKind_TensorList) emit_list_call(T, v, call);
    else if (ret == CTypeKind_TensorTuple3) { /* a formula of three inputs: the tuple as a list */
      char list[4500];
      snprintf(list, sizeof list, "TensorTuple3_toList(%s)", call);
      emit_list_call(T, v, list);
    }
    else return t_fail(T, e, "aten::%s returns a type formulas cannot use", base);
    return 0;
  }
  return t_fail(T, e, "no overload of aten::%s takes these arguments", base);
}

/* ----- FunctionsManual (autograd/FunctionsManual.h): C++ name, C name, result, parameters */

typedef struct ManualFunction {
  const char* cpp;
  const char* c;
  FType ret;
  FType params[7];
  int num_params;
} ManualFunction;

/* Helpers whose NULL without an error is an undefined gradient (1.13's
 * norm_backward returns `{}` for p = 0). */
static bool may_be_undefined(const char* c) { return strncmp(c, "norm_backward", 13) == 0; }

#define T_ FT_Tensor
static const ManualFunction kManual[] = {
    {"handle_r_to_c", "handle_r_to_c", T_, {FT_ScalarType, T_}, 2},
    {"maybe_multiply", "maybe_multiply", T_, {T_, FT_Scalar}, 2},
    {"mul_tensor_backward", "mul_tensor_backward", T_, {T_, T_, FT_ScalarType}, 3},
    {"mul_tensor_backward", "mul_tensor_backward_Scalar", T_, {T_, FT_Scalar, FT_ScalarType}, 3},
    {"div_tensor_self_backward", "div_tensor_self_backward", T_, {T_, T_, FT_ScalarType, FT_Str}, 4},
    {"div_tensor_self_backward", "div_tensor_self_backward_Scalar", T_, {T_, FT_Scalar, FT_ScalarType, FT_Str}, 4},
    {"div_tensor_self_backward", "div_tensor_self_backward", T_, {T_, T_, FT_ScalarType}, -3},
    {"div_tensor_self_backward", "div_tensor_self_backward_Scalar", T_, {T_, FT_Scalar, FT_ScalarType}, -3},
    {"div_tensor_other_backward", "div_tensor_other_backward", T_, {T_, T_, T_, FT_Str}, 4},
    {"div_tensor_other_backward", "div_tensor_other_backward", T_, {T_, T_, T_}, -3},
    {"angle_backward", "angle_backward", T_, {T_, T_}, 2},
    {"log1p_backward", "log1p_backward", T_, {T_, T_}, 2},
    {"pow_backward", "pow_backward", T_, {T_, T_, FT_Scalar}, 3},
    {"pow_backward_self", "pow_backward_self", T_, {T_, T_, T_}, 3},
    {"pow_backward_exponent", "pow_backward_exponent", T_, {T_, T_, T_, T_}, 4},
    {"pow_backward_exponent", "pow_backward_exponent_Scalar", T_, {T_, FT_Scalar, T_, T_}, 4},
    {"clamp_backward", "clamp_backward", T_, {T_, T_, FT_OptScalar, FT_OptScalar}, 4},
    {"clamp_backward", "clamp_backward_Tensor", T_, {T_, T_, T_, T_}, 4},
    {"clamp_backward_min_max", "clamp_backward_min_max", FT_TensorList, {T_, T_, T_, T_, FT_Mask}, 5},
    {"atan2_backward", "atan2_backward", FT_TensorList, {T_, T_, T_, FT_Mask}, 4},
    {"polar_backward", "polar_backward", FT_TensorList, {T_, T_}, 2},
    {"sgn_backward", "sgn_backward", T_, {T_, T_, T_}, 3},
    {"cumprod_backward", "cumprod_backward", T_, {T_, T_, FT_Int, T_}, 4},
    {"index_select_backward", "index_select_backward", T_, {T_, FT_IntList, FT_Int, T_}, 4},
    {"gather_backward", "gather_backward", T_, {T_, T_, FT_Int, T_, FT_Bool}, 5},
    {"take_backward", "take_backward", T_, {T_, T_, T_}, 3},
    {"masked_select_backward", "masked_select_backward", T_, {T_, T_, T_}, 3},
    {"masked_scatter_backward", "masked_scatter_backward", T_, {T_, T_, FT_IntList}, 3},
    {"sum_backward", "sum_backward", T_, {T_, FT_IntList, FT_OptIntList, FT_Bool}, 4},
    {"mean_backward", "mean_backward", T_, {T_, FT_IntList, FT_OptIntList, FT_Int, FT_Bool}, 5},
    {"prod_backward", "prod_backward", T_, {T_, T_, T_}, 3},
    {"prod_backward", "prod_backward_dim", T_, {T_, T_, T_, FT_Int, FT_Bool}, 5},
    {"restore_reduced_dims", "restore_reduced_dims", T_, {T_, FT_IntList, FT_Bool}, 3},
    {"scale_grad_by_count", "scale_grad_by_count", T_, {T_, T_, FT_IntList}, 3},
    {"value_selecting_reduction_backward", "value_selecting_reduction_backward", T_,
     {T_, FT_Int, T_, FT_IntList, FT_Bool}, 5},
    {"evenly_distribute_backward", "evenly_distribute_backward", T_, {T_, T_, T_}, 3},
    {"cumsum_backward", "cumsum_backward", T_, {T_, FT_Int}, 2},
    {"var_backward", "var_backward", T_, {T_, T_, FT_OptIntList, FT_OptInt, FT_Bool}, 5},
    {"std_backward", "std_backward", T_, {T_, T_, T_, FT_OptIntList, FT_OptInt, FT_Bool}, 6},
    {"var_mean_backward", "var_mean_backward", T_, {T_, T_, T_, FT_OptIntList, FT_OptInt, FT_Bool}, 6},
    {"std_mean_backward", "std_mean_backward", T_, {T_, T_, T_, T_, FT_OptIntList, FT_OptInt, FT_Bool}, 7},
    {"logsumexp_backward", "logsumexp_backward", T_, {T_, T_, T_, FT_IntList, FT_Bool}, 5},
    {"logcumsumexp_backward", "logcumsumexp_backward", T_, {T_, T_, T_, FT_Int}, 4},
    {"norm_backward", "norm_backward", T_, {T_, T_, FT_OptScalar, T_}, 4},
    {"norm_backward", "norm_backward_dim", T_, {T_, T_, FT_OptScalar, T_, FT_IntList, FT_Bool}, 6},
    {"cat_tensors_backward", "cat_tensors_backward", FT_TensorList, {T_, FT_SizesList, FT_ScalarTypeList, FT_Int}, 4},
    {"stack_tensors_backward", "stack_tensors_backward", FT_TensorList, {T_, FT_Int, FT_ScalarTypeList}, 3},
    {"mm_mat1_backward", "mm_mat1_backward", T_, {T_, T_, FT_IntList, FT_IntList, FT_Layout, FT_Scalar}, 6},
    {"mm_mat2_backward", "mm_mat2_backward", T_, {T_, T_, FT_IntList, FT_IntList, FT_Layout, FT_Scalar}, 6},
    {"index_backward", "index_backward", T_, {T_, FT_TensorList, T_}, 3},
    {"masked_fill_backward", "masked_fill_backward", T_, {T_, T_}, 2},
    {"split_backward", "split_backward", T_, {FT_TensorList, FT_Int, FT_Int, FT_IntList, FT_Options}, 5},
    {"split_with_sizes_backward", "split_with_sizes_backward", T_,
     {FT_TensorList, FT_IntList, FT_Int, FT_IntList, FT_Options}, 5},
    {"unbind_backward", "unbind_backward", T_, {FT_TensorList, FT_Int}, 2},
    {"slice_backward_wrapper", "slice_backward_wrapper", T_, {T_, FT_IntList, FT_Int, FT_OptInt, FT_OptInt, FT_Int}, 6},
    {"as_strided_backward", "as_strided_backward", T_, {T_, FT_Geometry, FT_IntList, FT_IntList, FT_OptInt}, 5},
    {"as_strided_scatter_backward", "as_strided_scatter_backward", T_,
     {T_, FT_Geometry, FT_Geometry, FT_IntList, FT_IntList, FT_OptInt}, 6},
    {"permute_backwards", "permute_backwards", T_, {T_, FT_IntList}, 2},
    {"unsqueeze_to", "unsqueeze_to", T_, {T_, FT_IntList}, 2},
    {"unsqueeze_to", "unsqueeze_to_dim", T_, {T_, FT_Int, FT_IntList}, 3},
    {"repeat_backward", "repeat_backward", T_, {T_, FT_IntList, FT_IntList}, 3},
    {"_to_copy_backward", "_to_copy_backward", T_, {T_, FT_Options}, 2},
    {"sum_to", "sum_to", T_, {T_, FT_IntList}, 2},
    {"roll_backward", "roll_backward", T_, {T_, FT_IntList, FT_IntList}, 3},
    {"rot90_backward", "rot90_backward", T_, {T_, FT_Int, FT_IntList}, 3},
    {"not_implemented", "not_implemented", T_, {FT_Str}, 1},
    {"mse_loss_double_backward", "mse_loss_double_backward", T_, {T_, T_, FT_Int}, 3},
    {"gelu_double_backward", "gelu_double_backward", T_, {T_, T_, T_, FT_Str}, 4},
    {"max_pool_double_backward", "max_pool_double_backward", T_, {T_, T_, FT_Int}, 3},
};
#undef T_

/* A manual helper taking (vals): its call.  num_params < 0 marks a C++
 * default argument: the C function takes one more, passed as NULL. */
static int emit_manual_call(Translator* T, const Expr* e, const char* name, const FValue* vals, size_t n, FValue* v,
                            bool* found) {
  *found = false;
  for (size_t i = 0; i < sizeof kManual / sizeof kManual[0]; i++) {
    const ManualFunction* f = &kManual[i];
    if (strcmp(f->cpp, name) != 0) continue;
    *found = true;
    bool defaulted = f->num_params < 0;
    size_t np = (size_t)(defaulted ? -f->num_params : f->num_params);
    if (np != n) continue;
    char args[4096];
    size_t len = 0;
    bool ok = true;
    for (size_t j = 0; j < n && ok; j++) {
      char buf[1100];
      ok = convert(&vals[j], f->params[j], buf, sizeof buf);
      if (f->params[j] == FT_Geometry) snprintf(buf, sizeof buf, "&%s", vals[j].c);
      len += (size_t)snprintf(args + len, sizeof args - len, "%s%s", j ? ", " : "", buf);
    }
    if (!ok) continue;
    if (defaulted) snprintf(args + len, sizeof args - len, ", NULL");
    char call[4400];
    snprintf(call, sizeof call, "%s(%s)", f->c, args);
    if (f->ret == FT_TensorList) {
      emit_list_call(T, v, call);
    } else if (may_be_undefined(f->c)) {
      int k = new_tmp(T);
      fprintf(T->out, "%stmp[%d] = %s;\n%sif (tmp[%d] == NULL && Error_occurred()) goto done;\n", T->indent, k, call,
              T->indent, k);
      setv(v, FT_Tensor, k, "tmp[%d]", k);
      v->undef = true;
    } else {
      emit_tensor_call(T, v, call);
    }
    return 0;
  }
  return *found ? t_fail(T, e, "no form of %s takes these arguments", name) : 0;
}

/* ----- the accessors a node saves instead of the tensor: x.sizes() ... */

typedef struct Accessor {
  const char* name;
  SavedKind kind;
  FType type;
  const char* live; /* the C expression on a live tensor, %s = the tensor */
  bool replaced;    /* one of 1.13's REPLACEMENTS: x.name() of an input saves only that */
} Accessor;

/* NB: 1.13's REPLACEMENTS have no x.sym_numel() (later ones do): a formula
 * reading it saves x whole (MeanBackward1's self_), so a write to x in
 * place since the forward fails its backward. */
static const Accessor kAccessors[] = {
    {"sizes", Saved_Sizes, FT_IntList, "Tensor_sizes(%s)", true},
    {"sym_sizes", Saved_Sizes, FT_IntList, "Tensor_sizes(%s)", true},
    {"strides", Saved_Strides, FT_IntList, "Tensor_strides(%s)", true},
    {"sym_strides", Saved_Strides, FT_IntList, "Tensor_strides(%s)", true},
    {"scalar_type", Saved_ScalarType, FT_ScalarType, "%s->dtype", true},
    {"options", Saved_Options, FT_Options, "TensorOptions_of(%s)", true},
    {"numel", Saved_Numel, FT_Int, "%s->numel", true},
    {"sym_numel", Saved_Numel, FT_Int, "%s->numel", false},
    {"dim", Saved_Dim, FT_Int, "%s->dim", true},
};

/* `x.accessor()` of an input tensor x: the saved field, for one of 1.13's
 * REPLACEMENTS; of anything else (grad, a temporary, an input saved
 * whole): the live value. */
static int emit_accessor(Translator* T, const Expr* e, const Accessor* acc, FValue* v) {
  const Expr* recv = e->args[0];
  bool is_output = false;
  const Argument* a = recv->kind == Expr_Ident ? find_name(T, recv->text, &is_output) : NULL;
  if (acc->kind == Saved_Sizes && a != NULL && !is_output && a->type.is_optional && SchemaType_isTensor(&a->type)) {
    /* `bias->sym_sizes()` of a Tensor? bias: its sizes or nullopt (1.13's
     * bias_sym_sizes_opt). */
    size_t before = T->num_saved;
    Saved* s = Translator_save(T, Saved_OptSizes, a);
    if (s == NULL) return t_fail(T, e, "too many saved values");
    if (T->num_saved > before) s->sym = strncmp(acc->name, "sym_", 4) == 0;
    char field[128];
    setv(v, FT_OptIntList, -1, "fn->%s", Saved_fieldName(s, field, sizeof field));
    return 0;
  }
  if (acc->replaced && a != NULL && !is_output && SchemaType_isTensor(&a->type)) {
    size_t before = T->num_saved;
    Saved* s = Translator_save(T, acc->kind, a);
    if (s == NULL) return t_fail(T, e, "too many saved values");
    if (T->num_saved > before) s->sym = strncmp(acc->name, "sym_", 4) == 0;
    s->info = false; /* asked for itself, not only by zeros_like */
    char field[128];
    setv(v, acc->type, -1, "fn->%s", Saved_fieldName(s, field, sizeof field));
    return 0;
  }
  FValue r;
  if (Translator_emit(T, recv, &r) < 0) return -1;
  if (r.type != FT_Tensor) return t_fail(T, e, "%s() of a value that is not a tensor", acc->name);
  char live[1100];
  snprintf(live, sizeof live, acc->live, r.c);
  setv(v, acc->type, -1, "%s", live);
  return 0;
}

/* TensorGeometry(x), to_args_sizes(x), to_args_scalartypes(x): saved at
 * the forward. */
static int emit_saved_call(Translator* T, const Expr* e, SavedKind kind, FType type, FValue* v) {
  bool is_output = false;
  const Argument* a = e->num_args == 1 && e->args[0]->kind == Expr_Ident ? find_name(T, e->args[0]->text, &is_output)
                                                                          : NULL;
  if (a == NULL || is_output) return t_fail(T, e, "%s() takes one input of the operator", e->text);
  Saved* s = Translator_save(T, kind, a);
  if (s == NULL) return t_fail(T, e, "too many saved values");
  char field[128];
  setv(v, type, -1, "fn->%s", Saved_fieldName(s, field, sizeof field));
  return 0;
}

/* The operands, receiver first, then the arguments right to left (the
 * order g++ evaluated 1.13's formulas in: the trace shows it). */
static int emit_operands(Translator* T, const Expr* const* args, size_t n, bool has_receiver, FValue* vals) {
  if (has_receiver && n > 0 && Translator_emit(T, args[0], &vals[0]) < 0) return -1;
  for (size_t i = n; i-- > (has_receiver ? 1u : 0u);)
    if (Translator_emit(T, args[i], &vals[i]) < 0) return -1;
  return 0;
}

static int emit_method(Translator* T, const Expr* e, FValue* v) {
  for (size_t i = 0; i < sizeof kAccessors / sizeof kAccessors[0]; i++)
    if (strcmp(e->text, kAccessors[i].name) == 0 && e->num_args == 1) return emit_accessor(T, e, &kAccessors[i], v);
  if (strcmp(e->text, "layout") == 0 && e->num_args == 1) return setv(v, FT_Layout, -1, "Layout_Strided"), 0;
  /* x.size(d) / x.sym_size(d): not one of 1.13's REPLACEMENTS, so x is
   * saved whole (EmbeddingBackward0's weight_); d wrapped as size() wraps it */
  if ((strcmp(e->text, "size") == 0 || strcmp(e->text, "sym_size") == 0) && e->num_args == 2) {
    FValue sv[2];
    if (emit_operands(T, (const Expr* const*)e->args, 2, true, sv) < 0) return -1;
    if (sv[0].type != FT_Tensor || sv[1].type != FT_Int) return t_fail(T, e, "%s() takes a tensor and an int", e->text);
    return setv(v, FT_Int, -1, "(%s)->sizes[(%s) < 0 ? (%s) + (%s)->dim : (%s)]", sv[0].c, sv[1].c, sv[1].c, sv[0].c,
                sv[1].c), 0;
  }
  FValue vals[16];
  if (e->num_args > 16) return t_fail(T, e, "too many arguments");
  if (emit_operands(T, (const Expr* const*)e->args, e->num_args, true, vals) < 0) return -1;
  /* x.conj(): Tensor::conj (x itself unless complex, else _conj: the trace
   * shows _conj, not conj), Scalar::conj; a number is real */
  if (strcmp(e->text, "conj") == 0 && e->num_args == 1) {
    if (vals[0].type == FT_Tensor) {
      char call[sizeof vals[0].c + 16];
      snprintf(call, sizeof call, "Tensor_conj(%s)", vals[0].c);
      return emit_tensor_call(T, v, call), 0;
    }
    if (vals[0].type == FT_Scalar) return setv(v, FT_Scalar, -1, "Scalar_conj(%s)", vals[0].c), 0;
    return *v = vals[0], 0;
  }
  /* a Scalar's isComplex() is false (no complex numbers: emit_ternary then
   * emits the other branch only), its toDouble() Scalar::to<double> */
  if (strcmp(e->text, "isComplex") == 0 && e->num_args == 1 && vals[0].type == FT_Scalar)
    return setv(v, FT_Bool, -1, "false"), 0;
  if (strcmp(e->text, "toDouble") == 0 && e->num_args == 1 && vals[0].type == FT_Scalar)
    return setv(v, FT_Double, -1, "Scalar_toDouble(%s)", vals[0].c), 0;
  /* Tensor::defined(): an undefined tensor is NULL */
  if (strcmp(e->text, "defined") == 0 && e->num_args == 1 && vals[0].type == FT_Tensor)
    return setv(v, FT_Bool, -1, "(%s != NULL)", vals[0].c), 0;
  if (vals[0].type != FT_Tensor) return t_fail(T, e, "method %s() of a value that is not a tensor", e->text);
  return emit_aten_call(T, e, e->text, true, vals, e->num_args, v, -1);
}

static int emit_call(Translator* T, const Expr* e, FValue* v) {
  const char* name = strncmp(e->text, "at::", 4) == 0 ? e->text + 4 : e->text;
  /* 1.13's load_derivatives.py finds the saved inputs by a textual match of
   * each name, so a call named as an input saves that input unused:
   * complex(real, imag)'s `at::real(grad)` saves real_ (ComplexBackward0) */
  bool called_input = false;
  const Argument* same = find_name(T, name, &called_input);
  if (same != NULL && !called_input && !T->in_kernel) {
    SavedKind kind = SchemaType_isTensor(&same->type)       ? Saved_Tensor
                     : SchemaType_isTensorList(&same->type) ? Saved_TensorList
                                                            : Saved_Arg;
    if (Translator_save(T, kind, same) == NULL) return t_fail(T, e, "too many saved values");
  }
  if (strcmp(name, "TensorGeometry") == 0) return emit_saved_call(T, e, Saved_Geometry, FT_Geometry, v);
  if (strcmp(name, "to_args_sizes") == 0) return emit_saved_call(T, e, Saved_ArgsSizes, FT_SizesList, v);
  if (strcmp(name, "to_args_scalartypes") == 0)
    return emit_saved_call(T, e, Saved_ArgsScalarTypes, FT_ScalarTypeList, v);
  if (strcmp(name, "zeros_like") == 0 && e->num_args == 1 && e->args[0]->kind == Expr_Ident) {
    /* zeros_like(x) of an input x: 1.13's load_derivatives.py saves x's
     * TypeAndSize (`x_info`: here its sizes and options) instead of x, and
     * calls x_info.zeros(), which is at::zeros(sizes, options) */
    bool is_output = false;
    const Argument* a = find_name(T, e->args[0]->text, &is_output);
    if (a != NULL && !is_output && SchemaType_isTensor(&a->type)) {
      size_t before = T->num_saved;
      Saved* sizes = Translator_save(T, Saved_Sizes, a);
      bool new_sizes = T->num_saved > before;
      Saved* options = Translator_save(T, Saved_Options, a);
      if (sizes == NULL || options == NULL) return t_fail(T, e, "too many saved values");
      if (new_sizes) sizes->info = true;
      char f1[128], f2[128], call[400];
      snprintf(call, sizeof call, "TypeAndSize_zeros(fn->%s, fn->%s)", Saved_fieldName(sizes, f1, sizeof f1),
               Saved_fieldName(options, f2, sizeof f2));
      emit_tensor_call(T, v, call);
      return 0;
    }
  }
  if (strcmp(name, "std::tuple") == 0 && e->num_args == 0) return setv(v, FT_TensorList, -1, "(TensorList){NULL, 0}"), 0;
  if (strncmp(name, "std::get<", 9) == 0) {
    /* std::get<N>(at::op(args)): the operands of the inner call, then its one tensor */
    const Expr* inner = e->num_args == 1 ? e->args[0] : NULL;
    if (inner == NULL || inner->kind != Expr_Call || inner->num_args > 16)
      return t_fail(T, e, "std::get<N> takes one call of an operator");
    FValue ivals[16];
    if (emit_operands(T, (const Expr* const*)inner->args, inner->num_args, false, ivals) < 0) return -1;
    const char* iname = strncmp(inner->text, "at::", 4) == 0 ? inner->text + 4 : inner->text;
    return emit_aten_call(T, inner, iname, false, ivals, inner->num_args, v, atoi(name + 9));
  }
  FValue vals[16];
  if (e->num_args > 16) return t_fail(T, e, "too many arguments");
  if (emit_operands(T, (const Expr* const*)e->args, e->num_args, false, vals) < 0) return -1;
  /* sqrt of a number is C++'s std::sqrt, a double (erf's 2.0 / sqrt(M_PI)) */
  if (strcmp(name, "sqrt") == 0 && e->num_args == 1 && (vals[0].type == FT_Int || vals[0].type == FT_Double))
    return setv(v, FT_Double, -1, "sqrt((double)%s)", vals[0].c), 0;
  if (strcmp(name, "isDifferentiableType") == 0 && e->num_args == 1)
    return setv(v, FT_Bool, -1, "isDifferentiableType(%s)", vals[0].c), 0;
  bool found = false;
  if (emit_manual_call(T, e, name, vals, e->num_args, v, &found) < 0) return -1;
  if (found) return 0;
  return emit_aten_call(T, e, name, false, vals, e->num_args, v, -1);
}

/* Tensor's C++ operators: `a * b` is a.mul(b) (or b.mul(a) for a number
 * times a tensor), `a == b` a.eq(b), ... */
static const char* const kOperatorMethods[][2] = {
    {"*", "mul"}, {"/", "div"}, {"+", "add"}, {"-", "sub"}, {"==", "eq"},
    {"!=", "ne"}, {"<", "lt"},  {">", "gt"},  {"<=", "le"}, {">=", "ge"},
};

static int emit_binary(Translator* T, const Expr* e, FValue* v) {
  FValue vals[2];
  if (emit_operands(T, (const Expr* const*)e->args, 2, false, vals) < 0) return -1;
  if (strcmp(e->text, "||") == 0 || strcmp(e->text, "&&") == 0)
    return setv(v, FT_Bool, -1, "(%s %s %s)", vals[0].c, e->text, vals[1].c), 0;
  bool t0 = vals[0].type == FT_Tensor, t1 = vals[1].type == FT_Tensor;
  if (!t0 && !t1) {
    if (!is_number(vals[0].type) || !is_number(vals[1].type)) return t_fail(T, e, "bad operands of '%s'", e->text);
    bool compare = strchr("<>=!", e->text[0]) != NULL;
    FType type = compare ? FT_Bool : vals[0].type == FT_Double || vals[1].type == FT_Double ? FT_Double : FT_Int;
    return setv(v, type, -1, "(%s %s %s)", vals[0].c, e->text, vals[1].c), 0;
  }
  const char* method = NULL;
  for (size_t i = 0; i < sizeof kOperatorMethods / sizeof kOperatorMethods[0]; i++)
    if (strcmp(e->text, kOperatorMethods[i][0]) == 0) method = kOperatorMethods[i][1];
  if (method == NULL) return t_fail(T, e, "operator '%s' on tensors", e->text);
  if (!t0 && (strcmp(method, "div") == 0 || strcmp(method, "sub") == 0)) {
    /* number / tensor, number - tensor: empty_like(y).fill_(x).div_(y) or
     * .sub_(y) (autograd/FunctionsManual.h Scalar_div_Tensor, Scalar_sub_Tensor) */
    char x[1100], call[2400];
    if (!convert(&vals[0], FT_Scalar, x, sizeof x)) return t_fail(T, e, "bad operands of '%s'", e->text);
    snprintf(call, sizeof call, "Scalar_%s_Tensor(%s, %s)", method, x, vals[1].c);
    emit_tensor_call(T, v, call);
    return 0;
  }
  if (!t0) {
    /* number OP tensor: C++ has it for * and + (other.mul(self)), - and / above */
    if (strcmp(method, "mul") != 0 && strcmp(method, "add") != 0)
      return t_fail(T, e, "number %s tensor has no Tensor operator", e->text);
    FValue swapped[2] = {vals[1], vals[0]};
    return emit_aten_call(T, e, method, true, swapped, 2, v, -1);
  }
  return emit_aten_call(T, e, method, true, vals, 2, v, -1);
}

static int emit_unary(Translator* T, const Expr* e, FValue* v) {
  const Expr* x = e->args[0];
  if (e->text[0] == '-' && (x->kind == Expr_Int || x->kind == Expr_Float))
    return setv(v, x->kind == Expr_Int ? FT_Int : FT_Double, -1, "-%s", x->text), 0;
  FValue r;
  if (Translator_emit(T, x, &r) < 0) return -1;
  switch (e->text[0]) {
    case '-':
      if (r.type == FT_Tensor) return emit_aten_call(T, e, "neg", true, &r, 1, v, -1);
      if (r.type == FT_Int || r.type == FT_Double) return setv(v, r.type, -1, "(-%s)", r.c), 0;
      break;
    case '!':
      if (r.type == FT_Bool) return setv(v, FT_Bool, -1, "!%s", r.c), 0;
      if (r.type == FT_OptScalarType || r.type == FT_OptInt || r.type == FT_OptScalar)
        return setv(v, FT_Bool, -1, "!%s.has_value", r.c), 0;
      break;
    case '*':
      if (r.type == FT_OptScalarType) return setv(v, FT_ScalarType, -1, "%s.value", r.c), 0;
      if (r.type == FT_OptInt) return setv(v, FT_Int, -1, "%s.value", r.c), 0;
      break;
  }
  return t_fail(T, e, "bad operand of unary '%s'", e->text);
}

/* `c ? a : b` on tensors: only the branch taken runs. */
/* One branch's value x moved into the ternary's temporary: tmp[k] for a
 * tensor, ltmp[k] for a list (a list temporary is moved, not copied). */
static void ternary_take(Translator* T, const FValue* x, int k) {
  if (x->type == FT_TensorList) {
    fprintf(T->out, "%sltmp[%d] = %s;\n", T->indent, k, x->c);
    if (x->tmp >= 0) fprintf(T->out, "%sltmp[%d] = (TensorList){NULL, 0};\n", T->indent, x->tmp);
  } else {
    fprintf(T->out, "%stmp[%d] = Tensor_retain(%s);\n", T->indent, k, x->c);
  }
}

/* c ? a : b, of two tensors or two tensor lists (a formula of several
 * inputs: `grad.defined() ? op(...) : std::tuple<Tensor, Tensor, Tensor>()`). */
static int emit_ternary(Translator* T, const Expr* e, FValue* v) {
  FValue c, a, b;
  if (Translator_emit(T, e->args[0], &c) < 0) return -1;
  if (c.type != FT_Bool) return t_fail(T, e, "the condition of '?:' is not a bool");
  if (strcmp(c.c, "false") == 0) return Translator_emit(T, e->args[2], v); /* a Scalar's isComplex() */
  const char* outer = T->indent;
  char inner[64];
  snprintf(inner, sizeof inner, "%s  ", outer);
  fprintf(T->out, "%sif (%s) {\n", outer, c.c);
  T->indent = inner;
  if (Translator_emit(T, e->args[1], &a) < 0) return -1;
  if (a.type != FT_Tensor && a.type != FT_TensorList) return t_fail(T, e, "'?:' of values that are not tensors");
  bool list = a.type == FT_TensorList;
  int k = list ? T->num_list_tmps++ : new_tmp(T);
  ternary_take(T, &a, k);
  fprintf(T->out, "%s} else {\n", outer);
  if (Translator_emit(T, e->args[2], &b) < 0) return -1;
  if (b.type != a.type) return t_fail(T, e, "'?:' of values that are not tensors");
  ternary_take(T, &b, k);
  fprintf(T->out, "%s}\n", outer);
  T->indent = outer;
  if (list) setv(v, FT_TensorList, k, "ltmp[%d]", k);
  else setv(v, FT_Tensor, k, "tmp[%d]", k);
  return 0;
}

int Translator_emit(Translator* T, const Expr* e, FValue* v) {
  switch (e->kind) {
    case Expr_Ident: return emit_ident(T, e, v);
    case Expr_Int: return setv(v, FT_Int, -1, "%s", e->text), 0;
    case Expr_Float: return setv(v, FT_Double, -1, "%s", e->text), 0;
    case Expr_Str: return setv(v, FT_Str, -1, "%s", e->text), 0;
    case Expr_Bool: return setv(v, FT_Bool, -1, "%s", e->text), 0;
    case Expr_Call: return emit_call(T, e, v);
    case Expr_Method: return emit_method(T, e, v);
    case Expr_Unary: return emit_unary(T, e, v);
    case Expr_Binary: return emit_binary(T, e, v);
    case Expr_Ternary: return emit_ternary(T, e, v);
  }
  return t_fail(T, e, "unknown expression");
}
