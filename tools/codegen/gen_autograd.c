/*
 * gen_autograd.c - the autograd files, from yaml/derivatives.yaml:
 *
 *   AutogradFunctions.h  one node type per entry: `MulBackward0`, a Node
 *                        and the fields its formulas read (self_, other_,
 *                        self_scalar_type, ...)
 *   AutogradFunctions.c  each node's apply (its formulas, translated by
 *                        formula.c), release_variables and destroy
 *   VariableType.c       one kernel per entry, VariableType_<op>: make the
 *                        node when an input requires grad, save what the
 *                        formulas read, call the operator below autograd
 *                        (a view operator below autograd only, so that its
 *                        ADInplaceOrView kernel makes the output a view:
 *                        gen_inplace_or_view.c), give the outputs their
 *                        history; and
 *                        at_register_VariableType(), which registers them at
 *                        the Autograd alias key; and, for the operators no
 *                        formula covers, 1.13's choice (no_formula_kernel):
 *                        a kernel recording nothing (argmax,
 *                        new_empty_strided), one recording a NotImplemented
 *                        node named by the C++ name (dequantize), or the
 *                        boxed autogradNotImplementedFallback, whose node
 *                        says aten::floor_divide
 *
 * Which entries make code: an operator's functional form, or an in-place
 * one with an entry of its own (fill_, zero_, eq_), with an Autograd kernel
 * not written by hand (yaml `Autograd:`, or kManual: autograd/VariableTypeManual.c
 * has it), and at least one differentiable
 * output.  A functional entry also gives a kernel to its operator's
 * in-place variant (add_.Tensor, with add.Tensor's node: check_inplace, a
 * clone of self where a formula reads self, the call below autograd,
 * rebase_history, `result` read from self after the write) and to its out=
 * variant (add.out: refused when anything requires grad), when these have
 * no kernel of their own at Autograd and are not CompositeImplicitAutograd.  CompositeImplicitAutograd operators have no entry: they
 * decompose, and their grad_fn is what they decomposed into.
 *
 * Node names are 1.13's: the operator's name in CamelCase without leading
 * underscores, `Backward`, and how many entries of the file with that name
 * and a formula come before (max.dim: MaxBackward0, max: MaxBackward1;
 * eq_.Scalar: EqBackward0, eq_.Tensor: EqBackward1, and eq.Scalar, with
 * `output_differentiability: [False]` alone, none).  A node computes its
 * inputs' gradients in the sorted order of the formulas' keys ("min, max"
 * before "self"), as 1.13's generated apply does.
 *
 * PyTorch 1.13: tools/autograd/gen_autograd_functions.py (Functions.h/.cpp),
 * tools/autograd/gen_variable_type.py (VariableType_*.cpp),
 * tools/autograd/load_derivatives.py
 */
#include <stdlib.h>
#include <string.h>

#include "tools/codegen/formula.h"
#include "tools/codegen/gen.h"
#include "tools/codegen/signature.h"

enum { kMaxInputs = 8, kMaxOutputs = 4 };

/* One entry, resolved against the operators. */
typedef struct AutogradEntry {
  const DerivativeEntry* d;
  const NativeFunction* fn;
  char node[96];                       /* "MulBackward0" */
  Expr* exprs[kMaxInputs];             /* the formulas, parsed */
  const DerivativeFormula* formulas[kMaxInputs];
  size_t num_formulas;
  size_t num_names[kMaxInputs];        /* how many inputs each formula computes (`min, max:` 2) */
  const Argument* inputs[kMaxInputs];  /* differentiable inputs, schema order */
  int formula_of[kMaxInputs];          /* inputs[i]'s formula */
  int name_pos[kMaxInputs];            /* inputs[i]'s place in its formula's names (its tuple element) */
  size_t num_inputs;
  bool list_input;                     /* the one input is a Tensor[] */
  const char* output_cond[kMaxOutputs]; /* NULL: not differentiable; "true"; a C++ condition */
  bool uses_grads;
  Translator scan;                     /* what the node saves */
} AutogradEntry;

static int error_at(SourceLoc loc, int col, const char* fmt, const char* detail) {
  fprintf(stderr, "%s:%d:%d: ", loc.file, loc.line, loc.col + col);
  fprintf(stderr, fmt, detail);
  fputc('\n', stderr);
  return -1;
}

/* Whether an entry's `name:` (a schema) names fn (qualified names are
 * unique, so no search of the model is needed). */
static bool names_operator(const char* name, const NativeFunction* fn) {
  size_t n = strcspn(name, "(");
  return strncmp(fn->qualified, "aten::", 6) == 0 && strlen(fn->qualified + 6) == n &&
         strncmp(fn->qualified + 6, name, n) == 0;
}

/*
 * The operator whose schema is an entry's `name:`, spelled exactly as
 * native_functions.yaml spells it (argument names included: the formulas
 * use them); NULL after printing `file:line:col: could not find ATen
 * function for schema: ...`, with 1.13's list of the signatures of that
 * name, the column where the name parts from the first of them.
 * PyTorch 1.13: tools/autograd/load_derivatives.py
 * create_differentiability_info (functions_by_schema, "Available signatures")
 */
static const NativeFunction* find_schema(const Model* m, const DerivativeEntry* d) {
  for (size_t i = 0; i < m->num_functions; i++)
    if (strcmp(m->functions[i].func, d->name) == 0) return &m->functions[i];
  /* the signatures 1.13 lists: the functional operators of the same base
   * name (cpp.name, so neither `expm1_` nor `expm1.out`) */
  size_t base = strcspn(d->name, ".(");
  const NativeFunction* first = NULL;
  char* avail = NULL;
  size_t avail_len = 0;
  FILE* a = open_memstream(&avail, &avail_len);
  for (size_t i = 0; i < m->num_functions && a != NULL; i++) {
    const NativeFunction* fn = &m->functions[i];
    if (strlen(fn->schema.name) != base || strncmp(fn->schema.name, d->name, base) != 0 ||
        (fn->schema.is_mutable && fn->schema.name[base - 1] != '_')) /* an out= variant */
      continue;
    fprintf(a, "%s%s", first != NULL ? "; " : "", fn->func);
    if (first == NULL) first = fn;
  }
  if (a != NULL) fclose(a);
  int col = 0;
  if (first != NULL)
    while (d->name[col] != '\0' && d->name[col] == first->func[col]) col++;
  fprintf(stderr, "%s:%d:%d: could not find ATen function for schema: %s.  ", d->loc.file, d->loc.line,
          d->loc.col + col, d->name);
  if (first != NULL) fprintf(stderr, "Available signatures: %s\n", avail);
  else fprintf(stderr, "No operator %.*s in the native functions\n", (int)base, d->name);
  free(avail);
  return NULL;
}

/* "_reshape_alias" -> "ReshapeAlias", "fill_" -> "Fill", "log1p" -> "Log1P": each
 * underscore-separated word through Python's str.title() (a letter after a digit
 * is capitalized too), as 1.13's load_derivatives.py names the node. */
static void camel_case(const char* name, char* out, size_t size) {
  size_t j = 0;
  bool upper = true;
  for (const char* p = name; *p && j + 1 < size; p++) {
    if (*p == '_') {
      upper = true;
      continue;
    }
    out[j++] = upper ? (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p) : *p;
    upper = !((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'));
  }
  out[j] = '\0';
}

static bool uses_name(const Expr* e, const char* name) {
  if (e->kind == Expr_Ident && strcmp(e->text, name) == 0) return true;
  for (size_t i = 0; i < e->num_args; i++)
    if (uses_name(e->args[i], name)) return true;
  return false;
}

static const Argument* find_input(const FunctionSchema* s, const char* name) {
  for (size_t i = 0; i < s->num_arguments; i++)
    if (strcmp(s->arguments[i].name, name) == 0) return &s->arguments[i];
  return NULL;
}

/* The names of a formula's key, "min, max" -> {"min", "max"} (into buf);
 * how many, or -1 when there are more than kMaxInputs. */
static int split_names(const char* var_names, char* buf, size_t size, const char** names) {
  snprintf(buf, size, "%s", var_names);
  int n = 0;
  for (char* p = buf; *p != '\0';) {
    while (*p == ' ' || *p == ',') *p++ = '\0';
    if (*p == '\0') break;
    if (n == kMaxInputs) return -1;
    names[n++] = p;
    while (*p != '\0' && *p != ' ' && *p != ',') p++;
  }
  return n;
}

/* Parses the formulas and finds the differentiable inputs and outputs. */
static int resolve_formulas(AutogradEntry* a) {
  const FunctionSchema* s = &a->fn->schema;
  const DerivativeEntry* d = a->d;
  for (size_t i = 0; i < d->num_formulas; i++) {
    const DerivativeFormula* f = &d->formulas[i];
    char buf[256];
    const char* names[kMaxInputs];
    int num_names = split_names(f->var_names, buf, sizeof buf, names);
    if (num_names <= 0) return error_at(f->key_loc, 0, "'%s' does not name the operator's inputs", f->var_names);
    for (int j = 0; j < num_names; j++) {
      /* the key names the schema's arguments (1.13 reads any other name as
       * a forward-mode formula, which minaten has not), each at most once */
      int col = (int)(names[j] - buf);
      const Argument* arg = find_input(s, names[j]);
      if (arg == NULL) {
        fprintf(stderr, "%s:%d:%d: '%s' is not an argument of %s: a formula's key names the inputs whose gradients "
                        "it computes\n",
                f->key_loc.file, f->key_loc.line, f->key_loc.col + col, names[j], d->name);
        return -1;
      }
      for (int k = 0; k < j; k++)
        if (strcmp(names[k], names[j]) == 0) return error_at(f->key_loc, col, "'%s' is named twice", names[j]);
      if (!(arg->type.base == SchemaBaseType_Tensor) && strcmp(f->formula, "non_differentiable") != 0)
        return error_at(f->key_loc, col, "'%s' is not a tensor: only tensors have gradients", names[j]);
    }
    if (strcmp(f->formula, "non_differentiable") == 0) continue;
    if (a->num_formulas == kMaxInputs)
      return error_at(f->loc, 0, "more than 8 formulas in one entry%s", "");
    char err[256];
    int col = 0;
    Expr* e = Formula_parse(f->formula, err, sizeof err, &col);
    if (e == NULL) return error_at(f->loc, col, "%s", err);
    a->exprs[a->num_formulas] = e;
    a->num_names[a->num_formulas] = (size_t)num_names;
    a->formulas[a->num_formulas++] = f;
    a->uses_grads = a->uses_grads || uses_name(e, "grads");
  }
  /* the differentiable inputs, in the schema's order */
  for (size_t i = 0; i < s->num_arguments; i++)
    for (size_t k = 0; k < a->num_formulas; k++) {
      char buf[256];
      const char* names[kMaxInputs];
      int num_names = split_names(a->formulas[k]->var_names, buf, sizeof buf, names);
      for (int j = 0; j < num_names; j++)
        if (strcmp(names[j], s->arguments[i].name) == 0) {
          if (a->num_inputs == kMaxInputs) break;
          a->inputs[a->num_inputs] = &s->arguments[i];
          a->name_pos[a->num_inputs] = j;
          a->formula_of[a->num_inputs++] = (int)k;
          a->list_input = a->list_input || s->arguments[i].type.is_list;
        }
    }
  if (a->list_input && a->num_inputs > 1)
    return error_at(d->loc, 0, "%s: a Tensor[] input must be the only differentiable one", a->fn->qualified);
  /* the differentiable outputs: output_differentiability, or every tensor
   * output (the first only when a formula reads `grad`) */
  for (size_t i = 0; i < s->num_returns && i < kMaxOutputs; i++) {
    bool tensor = s->returns[i].type.base == SchemaBaseType_Tensor;
    if (d->output_differentiability != NULL) {
      const char* c = i < d->num_output_differentiability ? d->output_differentiability[i] : "False";
      a->output_cond[i] = strcmp(c, "False") == 0 ? NULL : strcmp(c, "True") == 0 ? "true" : c;
    } else {
      a->output_cond[i] = tensor && (a->uses_grads || i == 0) ? "true" : NULL;
    }
  }
  return 0;
}

/* The scan: runs each formula through the translator, printing nowhere,
 * to learn what the node saves. */
static int scan_saved(const Model* m, AutogradEntry* a) {
  Translator* T = &a->scan;
  memset(T, 0, sizeof *T);
  T->m = m;
  T->schema = &a->fn->schema;
  T->scan = true;
  T->indent = "";
  T->out = fopen("/dev/null", "w");
  if (T->out == NULL) return error_at(a->d->loc, 0, "%s", "cannot open /dev/null");
  int rc = 0;
  for (size_t k = 0; k < a->num_formulas && rc == 0; k++) {
    FValue v;
    T->formula_bit = 1u << k;
    if (Translator_emit(T, a->exprs[k], &v) < 0) rc = error_at(a->formulas[k]->loc, T->err_col, "%s", T->err);
    else if (a->num_names[k] > 1 && v.type != FT_TensorList)
      rc = error_at(a->formulas[k]->loc, 0, "the formula of '%s' must give one gradient per input (a tuple)",
                    a->formulas[k]->var_names);
  }
  fclose(T->out);
  T->out = NULL;
  return rc;
}

/*
 * Puts what the node saves in 1.13's order, the order of its fields and of
 * their unpacking in apply (so, when several saved tensors were written in
 * place since, the one the error names).  1.13's load_derivatives.py walks
 * the formulas in the sorted order of their keys ("other" before "self");
 * in each, the operator's arguments in the schema's order, then its
 * returns, and for each the REPLACEMENTS patterns in their order (x.sizes(),
 * x.options(), zeros_like(x), x.numel(), to_args_sizes(x),
 * to_args_scalartypes(x), TensorGeometry(x), x.scalar_type(), x.dim(),
 * x.strides()) before the whole value; the first place a value is found
 * is its place (dedup_vars), and the inputs' values come before the
 * returns' (all_saved_inputs, then all_saved_outputs).  mul.Tensor's
 * node: self_, other_scalar_type (from `other:`), self_scalar_type, other_.
 * NB(minaten): zeros_like(x) saves x's sizes and options here (1.13 one
 * TypeAndSize, x_info); they take the places of x.sizes() and x.options().
 * PyTorch 1.13: tools/autograd/load_derivatives.py create_derivative,
 * saved_variables, dedup_vars; gen_autograd_functions.py (unpack order)
 */
static size_t saved_kind_rank(SavedKind kind) {
  switch (kind) {
    case Saved_Sizes: case Saved_OptSizes: return 0;
    case Saved_Options: return 1;
    case Saved_Numel: return 2;
    case Saved_ArgsSizes: return 3;
    case Saved_ArgsScalarTypes: return 4;
    case Saved_Geometry: return 5;
    case Saved_ScalarType: return 6;
    case Saved_Dim: return 7;
    case Saved_Strides: return 8;
    case Saved_Tensor: case Saved_Output: case Saved_TensorList: case Saved_Arg: break;
  }
  return 9; /* the value itself, after its replacements */
}

typedef struct SavedOrder {
  const FunctionSchema* schema;
  size_t formula_rank[kMaxInputs]; /* formula k's place in the sorted order of the keys */
} SavedOrder;

static void saved_key(const SavedOrder* o, const Saved* s, size_t key[4]) {
  key[0] = s->kind == Saved_Output;
  key[1] = kMaxInputs;
  for (size_t k = 0; k < kMaxInputs; k++)
    if ((s->uses & (1u << k)) && o->formula_rank[k] < key[1]) key[1] = o->formula_rank[k];
  key[2] = s->kind == Saved_Output ? (size_t)(s->arg - o->schema->returns) : (size_t)(s->arg - o->schema->arguments);
  key[3] = saved_kind_rank(s->kind);
}

static void order_saved(AutogradEntry* a) {
  SavedOrder o = {&a->fn->schema, {0}};
  for (size_t k = 0; k < a->num_formulas; k++)
    for (size_t j = 0; j < a->num_formulas; j++)
      if (strcmp(a->formulas[j]->var_names, a->formulas[k]->var_names) < 0) o.formula_rank[k]++;
  Saved* v = a->scan.saved;
  for (size_t i = 1; i < a->scan.num_saved; i++) /* insertion sort: a handful of entries */
    for (size_t j = i; j > 0; j--) {
      size_t x[4], y[4], d = 0;
      saved_key(&o, &v[j - 1], x);
      saved_key(&o, &v[j], y);
      while (d < 3 && x[d] == y[d]) d++;
      if (x[d] <= y[d]) break;
      Saved tmp = v[j - 1];
      v[j - 1] = v[j];
      v[j] = tmp;
    }
}

static void free_entry(AutogradEntry* a) {
  for (size_t k = 0; k < a->num_formulas; k++) Expr_free(a->exprs[k]);
}

/* An in-place operator: `add_`, its first argument `self` written,
 * one return. */
static bool is_inplace(const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  size_t n = strlen(s->name);
  return s->is_mutable && n > 1 && s->name[n - 1] == '_' && s->num_arguments > 0 && s->num_returns == 1 &&
         strcmp(s->arguments[0].name, "self") == 0 && s->arguments[0].alias_info.is_write;
}

static bool is_written(const Argument* arg) { return arg->alias_info.present && arg->alias_info.is_write; }

/* Whether fn's arguments, those it writes left out, are the functional
 * operator's (names, in order). */
static bool same_arguments(const FunctionSchema* fn, const FunctionSchema* functional, bool skip_written) {
  size_t j = 0;
  for (size_t i = 0; i < fn->num_arguments; i++) {
    if (skip_written && is_written(&fn->arguments[i])) continue;
    if (j == functional->num_arguments || strcmp(fn->arguments[i].name, functional->arguments[j].name) != 0 ||
        fn->arguments[i].type.base != functional->arguments[j].type.base ||
        fn->arguments[i].type.is_list != functional->arguments[j].type.is_list ||
        fn->arguments[i].type.is_optional != functional->arguments[j].type.is_optional ||
        fn->arguments[i].type.elem_optional != functional->arguments[j].type.elem_optional)
      return false;
    j++;
  }
  return j == functional->num_arguments;
}

/* A variant of a functional entry's operator that gets a kernel here: no
 * kernel of its own at Autograd, not CompositeImplicitAutograd, no entry of
 * its own in derivatives.yaml.  PyTorch 1.13: load_derivatives.py matches
 * variants to the functional entry by their functional signature. */
static bool variant_gets_kernel(const Model* m, const NativeFunction* fn);

/* The in-place variant of a functional entry's operator (add.Tensor:
 * add_.Tensor), or NULL.  Matched by the functional signature, whatever the
 * overload names (pow.Tensor_Scalar: pow_.Scalar), as 1.13's
 * gen_variable_type.py find_info does (FunctionSchema.signature() drops the
 * overload name). */
static const NativeFunction* inplace_variant(const Model* m, const AutogradEntry* a) {
  const FunctionSchema* f = &a->fn->schema;
  if (f->is_mutable) return NULL;
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    const FunctionSchema* s = &fn->schema;
    size_t n = strlen(f->name);
    if (!is_inplace(fn) || strncmp(s->name, f->name, n) != 0 || strcmp(s->name + n, "_") != 0 ||
        !same_arguments(s, f, false))
      continue;
    return variant_gets_kernel(m, fn) ? fn : NULL;
  }
  return NULL;
}

/* The functional form of an in-place entry's operator (zero_: zero) that
 * minaten's YAML tags `generated` (1.13 makes it from the in-place entry's
 * `autogen:`), or NULL.  With no entry of its own it gets the functional
 * kernel of the in-place entry, formulas and node alike: torch.ops.aten.zero
 * records ZeroBackward0, as zero_ does.
 * PyTorch 1.13: torchgen/api/autograd.py match_differentiability_info
 * (find_info, its third case: non_functional_info_by_signature) */
static const NativeFunction* generated_functional_variant(const Model* m, const AutogradEntry* a) {
  const FunctionSchema* s = &a->fn->schema;
  if (!is_inplace(a->fn)) return NULL;
  size_t n = strlen(s->name) - 1;
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    const FunctionSchema* f = &fn->schema;
    if (!fn->generated || f->is_mutable || strlen(f->name) != n || strncmp(f->name, s->name, n) != 0 ||
        !same_arguments(s, f, false))
      continue;
    return variant_gets_kernel(m, fn) ? fn : NULL;
  }
  return NULL;
}

/* The out= variant of a functional entry's operator (add.Tensor: add.out),
 * or NULL. */
static const NativeFunction* out_variant(const Model* m, const AutogradEntry* a) {
  const FunctionSchema* f = &a->fn->schema;
  if (f->is_mutable) return NULL;
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    const FunctionSchema* s = &fn->schema;
    /* NB(minaten): a Tensor(a!)[] out (split_copy.Tensor_out, which returns
     * nothing) gets no kernel: it falls through, and 1.13's refuses nothing */
    if (!s->is_mutable || fn->autogen_functional != NULL || strcmp(s->name, f->name) != 0 || s->num_arguments == 0 ||
        !is_written(&s->arguments[s->num_arguments - 1]) || s->arguments[s->num_arguments - 1].type.is_list ||
        !same_arguments(s, f, true))
      continue;
    return variant_gets_kernel(m, fn) ? fn : NULL;
  }
  return NULL;
}

/* Operators with a hand-written Autograd kernel, registered by
 * at_register_VariableTypeManual (autograd/VariableTypeManual.h), by name
 * and overload.  NB(minaten): view.dtype's and set_'s stand for the
 * ones 1.13 generates (set_'s: NotImplemented("set_"), then
 * reset_grad_accumulator).
 * PyTorch 1.13: tools/autograd/gen_variable_type.py MANUAL_AUTOGRAD */
static const char* const kManual[] = {"aten::copy_", "aten::resize_", "aten::resize_as_", "aten::detach",
                                      "aten::view.dtype", "aten::set_.source_Storage",
                                      "aten::set_.source_Storage_storage_offset", "aten::set_.source_Tensor",
                                      "aten::set_", NULL};

static bool is_manual(const NativeFunction* fn) {
  for (const char* const* h = kManual; *h; h++)
    if (strcmp(fn->qualified, *h) == 0) return true;
  return false;
}

/* Whether an entry makes code (see the top of the file). */
static bool makes_code(const AutogradEntry* a) {
  if ((a->fn->schema.is_mutable && !is_inplace(a->fn)) || NativeFunction_kernel(a->fn, DispatchKey_Autograd) != NULL ||
      is_manual(a->fn))
    return false;
  for (size_t i = 0; i < kMaxOutputs; i++)
    if (a->output_cond[i] != NULL) return a->num_formulas > 0;
  return false;
}

/*
 * Note [view_copy derivatives]
 * A `*_copy` operator (transpose_copy.int, view_copy, split_copy.Tensor)
 * has no entry of its own: 1.13's load_derivatives.py gives it the entry of
 * the view it copies (the operator of the same overload name without
 * `_copy`, as torchgen's NativeFunctionsViewGroup pairs them), formulas and
 * output_differentiability alike, in a node named after the view's with
 * `_copy` appended (TransposeBackward0_copy, SqueezeBackward1_copy).  A
 * view without an entry (detach) leaves its copy without one: the
 * NotImplemented fallback.  The copies are not views, so their kernel is an
 * ordinary functional one.
 * PyTorch 1.13: tools/autograd/load_derivatives.py add_view_copy_derivatives,
 * DifferentiabilityInfo.create_view_copy_from_view_derivative
 */
static const NativeFunction* view_of_copy(const Model* m, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  size_t len = strlen(s->name);
  if (len <= 5 || strcmp(s->name + len - 5, "_copy") != 0 || s->is_mutable) return NULL;
  char qualified[256];
  snprintf(qualified, sizeof qualified, "%s::%.*s%s%s", s->ns, (int)(len - 5), s->name, s->overload_name[0] ? "." : "",
           s->overload_name);
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* v = &m->functions[i];
    const FunctionSchema* vs = &v->schema;
    if (strcmp(v->qualified, qualified) == 0 && vs->num_returns == 1 && vs->returns[0].alias_info.present &&
        !vs->returns[0].alias_info.is_write)
      return v;
  }
  return NULL;
}

/* The `_copy` operator of a view's entry, as an entry of its own (Note
 * [view_copy derivatives]) kept in *b when it makes code.  Returns 1 when
 * kept, 0 when there is none, -1 after printing an error. */
static int resolve_view_copy(const Model* m, const AutogradEntry* a, AutogradEntry* b) {
  const NativeFunction* copy = NULL;
  for (size_t i = 0; i < m->num_functions && copy == NULL; i++)
    if (view_of_copy(m, &m->functions[i]) == a->fn) copy = &m->functions[i];
  if (copy == NULL || a->num_formulas == 0) return 0;
  memset(b, 0, sizeof *b);
  b->d = a->d;
  b->fn = copy;
  if (resolve_formulas(b) < 0 || scan_saved(m, b) < 0) {
    free_entry(b);
    return -1;
  }
  char view_node[sizeof a->node]; /* a copy: GCC's -Wrestrict at -O2 cannot tell a and b apart */
  memcpy(view_node, a->node, sizeof view_node);
  snprintf(b->node, sizeof b->node, "%.90s_copy", view_node);
  if (makes_code(b)) {
    order_saved(b);
    return 1;
  }
  free_entry(b);
  return 0;
}

/* The entries that make code, resolved; *n of them. */
static AutogradEntry* resolve_all(const Model* m, size_t* n) {
  /* room for a `_copy` entry after each (Note [view_copy derivatives]) */
  AutogradEntry* all = calloc(m->num_derivatives ? 2 * m->num_derivatives : 1, sizeof *all);
  *n = 0;
  if (all == NULL) return NULL;
  char names[256][64];
  int counts[256];
  size_t num_names = 0;
  for (size_t i = 0; i < m->num_derivatives; i++) {
    const DerivativeEntry* d = &m->derivatives[i];
    AutogradEntry* a = &all[*n];
    memset(a, 0, sizeof *a);
    a->d = d;
    a->fn = find_schema(m, d);
    if (a->fn == NULL) goto fail;
    if (resolve_formulas(a) < 0 || scan_saved(m, a) < 0) {
      free_entry(a);
      goto fail;
    }
    /* the node's name: CamelCase + how many entries of that name with a
     * formula came before (an entry without one, `output_differentiability:
     * [False]` alone, makes no node and takes no number) */
    char camel[64];
    camel_case(a->fn->schema.name, camel, sizeof camel);
    /* (camel + "Backward").replace("ForwardBackward", "Backward"):
     * nll_loss_forward's node is NllLossBackward0 */
    size_t clen = strlen(camel);
    if (clen > 7 && strcmp(camel + clen - 7, "Forward") == 0) camel[clen - 7] = '\0';
    size_t j = 0;
    while (j < num_names && strcmp(names[j], camel) != 0) j++;
    if (j == num_names) {
      if (num_names == 256) {
        error_at(d->loc, 0, "more than 256 operator names%s", "");
        free_entry(a);
        goto fail;
      }
      snprintf(names[num_names], sizeof names[0], "%s", camel);
      counts[num_names++] = 0;
    }
    if (a->num_formulas > 0) snprintf(a->node, sizeof a->node, "%sBackward%d", camel, counts[j]++);
    int copies = resolve_view_copy(m, a, &all[*n + 1]);
    if (copies < 0) {
      free_entry(a);
      goto fail;
    }
    if (makes_code(a)) {
      order_saved(a);
      (*n)++;
    } else {
      free_entry(a);
      if (copies) all[*n] = all[*n + 1];
    }
    *n += (size_t)copies;
  }
  return all;
fail:
  for (size_t i = 0; i < *n; i++) free_entry(&all[i]);
  free(all);
  return NULL;
}

/* ---------------------------------------------------------------- fields */

static const char* saved_ctype(const Saved* s) {
  switch (s->kind) {
    case Saved_Tensor: case Saved_Output: return "SavedVariable";
    case Saved_TensorList: return "SavedVariable*";
    case Saved_Arg: {
      CTypeKind k = CType_ofArgument(s->arg);
      return k == CTypeKind_ConstTensor ? "const Tensor*" : CType_spelling(k);
    }
    case Saved_Sizes: case Saved_Strides: return "IntArrayRef";
    case Saved_OptSizes: return "OptionalIntArrayRef";
    case Saved_ScalarType: return "ScalarType";
    case Saved_Options: return "TensorOptions";
    case Saved_Numel: case Saved_Dim: return "int64_t";
    case Saved_Geometry: return "TensorGeometry";
    case Saved_ArgsSizes: return "SizesList";
    case Saved_ArgsScalarTypes: return "ScalarTypeList";
  }
  return "void*";
}

static void print_node_struct(FILE* f, const AutogradEntry* a) {
  fprintf(f, "\n/* %s: the backward of ", a->node);
  gen_printSchema(f, a->fn);
  fprintf(f, "\n * %s:%d */\n", a->d->loc.file, a->d->loc.line);
  fprintf(f, "typedef struct %s {\n  Node base;\n", a->node);
  char field[128];
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* s = &a->scan.saved[i];
    fprintf(f, "  %s %s;\n", saved_ctype(s), Saved_fieldName(s, field, sizeof field));
    if (s->kind == Saved_TensorList) fprintf(f, "  size_t %s_size_;\n", Saved_name(s));
  }
  if (a->list_input) fprintf(f, "  size_t %s_size_; /* the edges of %s */\n", a->inputs[0]->name, a->inputs[0]->name);
  fprintf(f, "} %s;\nextern const NodeType %s_type;\n", a->node, a->node);
}

/* ----------------------------------------------------------------- apply */

/* The inputs formula k computes, in the order of its names; how many. */
static size_t inputs_of_formula(const AutogradEntry* a, size_t k, size_t* ix) {
  size_t n = 0;
  for (size_t pos = 0; pos < a->num_names[k]; pos++)
    for (size_t i = 0; i < a->num_inputs; i++)
      if (a->formula_of[i] == (int)k && a->name_pos[i] == (int)pos) ix[n++] = i;
  return n;
}

/* The block of apply computing formula k's gradients: the formula, under
 * Node_should_compute_output of its inputs, into grad_inputs[i] (every
 * edge of a Tensor[] input, computed when any of them needs it; one element
 * of the tuple a formula of several inputs gives, each where that input
 * needs it).  A formula reading
 * grad_input_mask gets one bool per input it computes. */
static void print_formula_block(FILE* f, const AutogradEntry* a, size_t k, Translator* T) {
  size_t ix[kMaxInputs];
  size_t n = inputs_of_formula(a, k, ix);
  fputs("  /* ", f);
  gen_printCommentText(f, a->formulas[k]->var_names);
  fputs(": ", f);
  gen_printCommentText(f, a->formulas[k]->formula);
  fputs(" */\n", f);
  if (a->list_input) {
    fprintf(f, "  if (Node_should_compute_output_range(node, 0, (uint32_t)fn->%s_size_)) {\n", a->inputs[0]->name);
  } else {
    fputs("  if (", f);
    for (size_t j = 0; j < n; j++) fprintf(f, "%sNode_should_compute_output(node, %zu)", j ? " || " : "", ix[j]);
    fputs(") {\n", f);
  }
  if (uses_name(a->exprs[k], "grad_input_mask")) {
    fprintf(f, "    bool grad_input_mask[%zu] = {", n);
    for (size_t j = 0; j < n; j++) fprintf(f, "%sNode_should_compute_output(node, %zu)", j ? ", " : "", ix[j]);
    fputs("};\n", f);
  }
  T->indent = "    ";
  T->formula_bit = 1u << k;
  FValue v;
  if (Translator_emit(T, a->exprs[k], &v) < 0) return; /* the scan succeeded: cannot happen */
  if (a->list_input) {
    const char* name = a->inputs[0]->name;
    fprintf(f, "    for (size_t i = 0; i < %s.size && i < fn->%s_size_; i++) {\n", v.c, name);
    fprintf(f, "      grad_inputs[i] = (Tensor*)%s.data[i];\n", v.c);
    fprintf(f, "      ((Tensor**)%s.data)[i] = NULL;\n    }\n", v.c);
  } else if (a->num_names[k] > 1) {
    for (size_t j = 0; j < n; j++) {
      fprintf(f, "    if (Node_should_compute_output(node, %zu) && %s.size > %d) {\n", ix[j], v.c, a->name_pos[ix[j]]);
      fprintf(f, "      grad_inputs[%zu] = (Tensor*)%s.data[%d];\n", ix[j], v.c, a->name_pos[ix[j]]);
      fprintf(f, "      ((Tensor**)%s.data)[%d] = NULL;\n    }\n", v.c, a->name_pos[ix[j]]);
    }
  } else if (v.tmp >= 0) {
    fprintf(f, "    grad_inputs[%zu] = %s;\n    %s = NULL;\n", ix[0], v.c, v.c);
  } else {
    fprintf(f, "    grad_inputs[%zu] = Tensor_retain(%s);\n", ix[0], v.c);
  }
  fputs("  }\n", f);
}

static void print_apply(FILE* f, const Model* m, const AutogradEntry* a) {
  char* body = NULL;
  size_t body_len = 0;
  FILE* b = open_memstream(&body, &body_len);
  if (b == NULL) return;
  Translator T;
  memset(&T, 0, sizeof T);
  T.m = m;
  T.schema = &a->fn->schema;
  T.out = b;
  /* 1.13 computes the gradients in the sorted order of the formulas' keys
   * ("min, max", "other", "self"), not the schema's */
  bool printed[kMaxInputs] = {false};
  for (size_t n = 0; n < a->num_formulas; n++) {
    size_t k = a->num_formulas;
    for (size_t j = 0; j < a->num_formulas; j++)
      if (!printed[j] && (k == a->num_formulas || strcmp(a->formulas[j]->var_names, a->formulas[k]->var_names) < 0))
        k = j;
    printed[k] = true;
    print_formula_block(b, a, k, &T);
  }
  fclose(b);

  fprintf(f, "\n/* %s::apply.  PyTorch 1.13: torch/csrc/autograd/generated/Functions.cpp */\n", a->node);
  fprintf(f, "static int %s_apply(Node* node, Tensor* const* grads, Tensor** grad_inputs) {\n", a->node);
  fprintf(f, "  %s* fn = (%s*)node;\n%s  int rc = -1;\n", a->node, a->node, a->scan.num_saved > 0 ? "" : "  (void)fn;\n");
  if (T.num_tmps > 0) fprintf(f, "  Tensor* tmp[%d] = {NULL};\n", T.num_tmps);
  if (T.num_list_tmps > 0) fprintf(f, "  TensorList ltmp[%d] = {{NULL, 0}};\n", T.num_list_tmps);
  bool reads_grad = false;
  for (size_t k = 0; k < a->num_formulas; k++) reads_grad = reads_grad || uses_name(a->exprs[k], "grad");
  if (!a->uses_grads) fprintf(f, "  const Tensor* grad = grads[0];\n%s", reads_grad ? "" : "  (void)grad;\n");
  else fputs("  TensorList grads_list = {grads, node->num_inputs};\n  (void)grads_list;\n", f);
  /* the saved tensors, unpacked in the order of the fields (order_saved) */
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* s = &a->scan.saved[i];
    if (s->kind == Saved_Tensor || s->kind == Saved_Output) fprintf(f, "  Tensor* %s = NULL;\n", Saved_name(s));
    if (s->kind == Saved_TensorList) fprintf(f, "  TensorList %s = {NULL, 0};\n", Saved_name(s));
  }
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* s = &a->scan.saved[i];
    const char* n = Saved_name(s);
    if (s->kind == Saved_Tensor || s->kind == Saved_Output)
      fprintf(f, "  %s = SavedVariable_unpack(&fn->%s_, node);\n  if (%s == NULL && Error_occurred()) goto done;\n",
              n, n, n);
    if (s->kind == Saved_TensorList)
      fprintf(f, "  %s = unpack_list(fn->%s_, fn->%s_size_, node);\n  if (%s.data == NULL && Error_occurred()) goto done;\n",
              n, n, n, n);
  }
  fputs("  if (!any_variable_defined(grads, node->num_inputs)) {\n    rc = 0;\n    goto done;\n  }\n", f);
  fputs(body, f);
  free(body);
  fputs("  rc = 0;\ndone:\n", f);
  if (T.num_tmps > 0) fprintf(f, "  for (int i = 0; i < %d; i++) Tensor_release(tmp[i]);\n", T.num_tmps);
  if (T.num_list_tmps > 0)
    fprintf(f, "  for (int i = 0; i < %d; i++) TensorList_releaseAll(ltmp[i]);\n", T.num_list_tmps);
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* s = &a->scan.saved[i];
    if (s->kind == Saved_Tensor || s->kind == Saved_Output) fprintf(f, "  Tensor_release(%s);\n", Saved_name(s));
    if (s->kind == Saved_TensorList) fprintf(f, "  TensorList_releaseAll(%s);\n", Saved_name(s));
  }
  fputs("  return rc;\n}\n", f);
}

/* The SavedFieldKind Python reads a saved entry as (autograd/Node.h), NULL
 * for one 1.13 does not show (Saved_pythonName). */
static const char* saved_field_kind(const Saved* s) {
  switch (s->kind) {
    case Saved_Tensor: case Saved_Output: return "SavedField_Variable";
    case Saved_TensorList: return "SavedField_VariableList";
    case Saved_Sizes: case Saved_Strides: return "SavedField_IntList";
    case Saved_OptSizes: return "SavedField_OptionalIntList";
    case Saved_Numel: case Saved_Dim: return "SavedField_Int";
    case Saved_Arg:
      switch (CType_ofArgument(s->arg)) {
        case CTypeKind_Int: return "SavedField_Int";
        case CTypeKind_OptionalInt: return "SavedField_OptionalInt";
        case CTypeKind_IntArrayRef: return "SavedField_IntList";
        case CTypeKind_OptionalIntArrayRef: return "SavedField_OptionalIntList";
        case CTypeKind_Double: return "SavedField_Double";
        case CTypeKind_OptionalDouble: return "SavedField_OptionalDouble";
        case CTypeKind_Bool: return "SavedField_Bool";
        case CTypeKind_Scalar: return "SavedField_Scalar";
        case CTypeKind_OptionalScalar: return "SavedField_OptionalScalar";
        case CTypeKind_String: return "SavedField_String";
        default: return NULL;
      }
    default: return NULL;
  }
}

/* The node's saved fields for Python (`grad_fn._saved_self`), then its
 * NodeType.  PyTorch 1.13: gen_autograd_functions.py PY_FUNCTION_PROPS_AND_GETTERS */
static void print_saved_fields(FILE* f, const AutogradEntry* a) {
  char name[128], field[128];
  size_t n = 0;
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* s = &a->scan.saved[i];
    const char* kind = saved_field_kind(s);
    if (kind == NULL || Saved_pythonName(s, name, sizeof name) == NULL) continue;
    if (n++ == 0) fprintf(f, "\n/* grad_fn._saved_<name> */\nstatic const SavedField %s_saved_fields[] = {\n", a->node);
    Saved_fieldName(s, field, sizeof field);
    if (s->kind == Saved_TensorList)
      fprintf(f, "    {\"%s\", %s, offsetof(%s, %s), offsetof(%s, %s_size_)},\n", name, kind, a->node, field, a->node,
              Saved_name(s));
    else
      fprintf(f, "    {\"%s\", %s, offsetof(%s, %s), 0},\n", name, kind, a->node, field);
  }
  if (n > 0) fputs("};\n", f);
  fprintf(f, "\nconst NodeType %s_type = {\"%s\", %s_apply, %s_release_variables, %s_destroy,\n", a->node, a->node,
          a->node, a->node, a->node);
  if (n > 0) fprintf(f, "                                %s_saved_fields, %zu};\n", a->node, n);
  else fputs("                                NULL, 0};\n", f);
}

static void print_release_and_destroy(FILE* f, const AutogradEntry* a) {
  char field[128];
  fprintf(f, "\n/* PyTorch 1.13: %s::release_variables */\n", a->node);
  fprintf(f, "static void %s_release_variables(Node* node) {\n", a->node);
  bool any = false;
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* s = &a->scan.saved[i];
    if (s->kind == Saved_Tensor || s->kind == Saved_Output || s->kind == Saved_TensorList) any = true;
  }
  if (any) fprintf(f, "  %s* fn = (%s*)node;\n", a->node, a->node);
  else fputs("  (void)node;\n", f);
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* s = &a->scan.saved[i];
    Saved_fieldName(s, field, sizeof field);
    if (s->kind == Saved_Tensor || s->kind == Saved_Output) fprintf(f, "  SavedVariable_reset(&fn->%s);\n", field);
    if (s->kind == Saved_TensorList) fprintf(f, "  saved_TensorList_reset(fn->%s, fn->%s_size_);\n", field, Saved_name(s));
  }
  fputs("}\n", f);

  /* what destroy frees besides the saved variables: lists, strings, copies */
  bool frees = false;
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* s = &a->scan.saved[i];
    CTypeKind k = s->kind == Saved_Arg ? CType_ofArgument(s->arg) : CTypeKind_Void;
    frees = frees || s->kind == Saved_TensorList || s->kind == Saved_Sizes || s->kind == Saved_Strides || s->kind == Saved_OptSizes ||
            s->kind == Saved_Geometry || s->kind == Saved_ArgsSizes || s->kind == Saved_ArgsScalarTypes ||
            k == CTypeKind_IntArrayRef || k == CTypeKind_OptionalIntArrayRef || k == CTypeKind_String;
  }
  fprintf(f, "\nstatic void %s_destroy(Node* node) {\n", a->node);
  if (frees) fprintf(f, "  %s* fn = (%s*)node;\n", a->node, a->node);
  fprintf(f, "  %s_release_variables(node);\n", a->node);
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* s = &a->scan.saved[i];
    Saved_fieldName(s, field, sizeof field);
    CTypeKind k = s->kind == Saved_Arg ? CType_ofArgument(s->arg) : CTypeKind_Void;
    switch (s->kind) {
      case Saved_TensorList: fprintf(f, "  saved_TensorList_free(&fn->%s, &fn->%s_size_);\n", field, Saved_name(s)); break;
      case Saved_Sizes: case Saved_Strides: fprintf(f, "  saved_IntArrayRef_free(&fn->%s);\n", field); break;
      case Saved_OptSizes: fprintf(f, "  saved_OptionalIntArrayRef_free(&fn->%s);\n", field); break;
      case Saved_Geometry: fprintf(f, "  TensorGeometry_free(&fn->%s);\n", field); break;
      case Saved_ArgsSizes: fprintf(f, "  SizesList_free(&fn->%s);\n", field); break;
      case Saved_ArgsScalarTypes: fprintf(f, "  ScalarTypeList_free(&fn->%s);\n", field); break;
      case Saved_Arg:
        if (k == CTypeKind_IntArrayRef) fprintf(f, "  saved_IntArrayRef_free(&fn->%s);\n", field);
        if (k == CTypeKind_OptionalIntArrayRef) fprintf(f, "  saved_OptionalIntArrayRef_free(&fn->%s);\n", field);
        if (k == CTypeKind_String) fprintf(f, "  saved_string_free(&fn->%s);\n", field);
        break;
      default: break;
    }
  }
  fputs("}\n", f);
  print_saved_fields(f, a);
}

/* ------------------------------------------------------------- VariableType */

/* An argument's C parameter name, as the generated prototypes spell it. */
static const char* param_name(const Argument* arg, char* buf, size_t size) {
  FILE* f = fmemopen(buf, size, "w");
  if (f == NULL) return arg->name;
  CSignature_printArgName(f, arg);
  fclose(f);
  return buf;
}

/* `grad_fn->X = ...` for one saved value of an input (before the call). */
static void print_save_input(FILE* f, const Saved* s, const char* indent) {
  char field[128], p[128];
  Saved_fieldName(s, field, sizeof field);
  param_name(s->arg, p, sizeof p);
  CTypeKind k = s->kind == Saved_Arg ? CType_ofArgument(s->arg) : CTypeKind_Void;
  switch (s->kind) {
    case Saved_Tensor: fprintf(f, "%sif (SavedVariable_init(&grad_fn->%s, %s, false) < 0) goto fail;\n", indent, field, p); break;
    case Saved_TensorList:
      fprintf(f, "%sif (saved_TensorList(&grad_fn->%s, &grad_fn->%s_size_, %s) < 0) goto fail;\n", indent, field,
              Saved_name(s), p);
      break;
    case Saved_Sizes: fprintf(f, "%sif (saved_IntArrayRef(&grad_fn->%s, Tensor_sizes(%s)) < 0) goto fail;\n", indent, field, p); break;
    case Saved_Strides: fprintf(f, "%sif (saved_IntArrayRef(&grad_fn->%s, Tensor_strides(%s)) < 0) goto fail;\n", indent, field, p); break;
    case Saved_OptSizes:
      fprintf(f, "%sif (saved_OptionalIntArrayRef(&grad_fn->%s, %s != NULL ? (OptionalIntArrayRef){true, Tensor_sizes(%s)} : (OptionalIntArrayRef){false, {NULL, 0}}) < 0) goto fail;\n",
              indent, field, p, p);
      break;
    case Saved_ScalarType: fprintf(f, "%sgrad_fn->%s = %s->dtype;\n", indent, field, p); break;
    case Saved_Options: fprintf(f, "%sgrad_fn->%s = TensorOptions_of(%s);\n", indent, field, p); break;
    case Saved_Numel: fprintf(f, "%sgrad_fn->%s = %s->numel;\n", indent, field, p); break;
    case Saved_Dim: fprintf(f, "%sgrad_fn->%s = %s->dim;\n", indent, field, p); break;
    case Saved_Geometry: fprintf(f, "%sif (TensorGeometry_init(&grad_fn->%s, %s) < 0) goto fail;\n", indent, field, p); break;
    case Saved_ArgsSizes: fprintf(f, "%sif (to_args_sizes(&grad_fn->%s, %s) < 0) goto fail;\n", indent, field, p); break;
    case Saved_ArgsScalarTypes: fprintf(f, "%sif (to_args_scalartypes(&grad_fn->%s, %s) < 0) goto fail;\n", indent, field, p); break;
    case Saved_Arg:
      if (k == CTypeKind_IntArrayRef) fprintf(f, "%sif (saved_IntArrayRef(&grad_fn->%s, %s) < 0) goto fail;\n", indent, field, p);
      else if (k == CTypeKind_OptionalIntArrayRef)
        fprintf(f, "%sif (saved_OptionalIntArrayRef(&grad_fn->%s, %s) < 0) goto fail;\n", indent, field, p);
      else if (k == CTypeKind_String) fprintf(f, "%sif (saved_string(&grad_fn->%s, %s) < 0) goto fail;\n", indent, field, p);
      else fprintf(f, "%sgrad_fn->%s = %s;\n", indent, field, p);
      break;
    case Saved_Output: break;
  }
}

/* Opens `if (Node_should_compute_output(...) || ...) {` over the inputs
 * whose formulas use s and returns true; false (nothing printed) when the
 * save is unconditional (a Tensor[] input's node). */
static bool print_save_guard(FILE* f, const AutogradEntry* a, const Saved* s) {
  if (a->list_input) return false;
  const char* sep = "";
  fputs("    if (", f);
  for (size_t i = 0; i < a->num_inputs; i++)
    if (s->uses & (1u << a->formula_of[i])) {
      fprintf(f, "%sNode_should_compute_output(&grad_fn->base, %zu)", sep, i);
      sep = " || ";
    }
  fputs(") {\n", f);
  return true;
}

/* The C expression of output i of `result`. */
static void output_expr(const FunctionSchema* s, size_t i, char* buf, size_t size) {
  CTypeKind ret = CType_ofReturns(s);
  if (ret == CTypeKind_TensorTuple2 || ret == CTypeKind_TensorTuple3) snprintf(buf, size, "result.items[%zu]", i);
  else snprintf(buf, size, "result");
}

static void print_inputs_array(FILE* f, const AutogradEntry* a) {
  char p[128];
  if (a->list_input) {
    fprintf(f, "  const Tensor* const* inputs = (const Tensor* const*)%s.data;\n  size_t num_inputs = %s.size;\n",
            param_name(a->inputs[0], p, sizeof p), p);
    return;
  }
  fputs("  const Tensor* inputs[] = {", f);
  for (size_t i = 0; i < a->num_inputs; i++) fprintf(f, "%s%s", i ? ", " : "", param_name(a->inputs[i], p, sizeof p));
  fprintf(f, "};\n  size_t num_inputs = %zu;\n", a->num_inputs);
}

/* The history of the outputs, and the outputs the formulas read. */
static void print_set_history(FILE* f, const Model* m, const AutogradEntry* a) {
  const FunctionSchema* s = &a->fn->schema;
  CTypeKind ret = CType_ofReturns(s);
  char out[64];
  fputs("  if (grad_fn != NULL) {\n", f);
  for (size_t i = 0; i < s->num_returns && i < kMaxOutputs; i++) {
    if (a->output_cond[i] == NULL) continue;
    const char* cond = a->output_cond[i];
    char cbuf[1024] = "true";
    if (strcmp(cond, "true") != 0) {
      /* a C++ condition over the arguments (`!dtype || isDifferentiableType(*dtype)`) */
      char err[256];
      int col = 0;
      Expr* e = Formula_parse(cond, err, sizeof err, &col);
      Translator T;
      memset(&T, 0, sizeof T);
      T.m = m;
      T.schema = s;
      T.in_kernel = true;
      T.out = stderr;
      FValue v;
      if (e != NULL && Translator_emit(&T, e, &v) == 0) snprintf(cbuf, sizeof cbuf, "%s", v.c);
      Expr_free(e);
    }
    if (ret == CTypeKind_TensorList) {
      fprintf(f, "    for (size_t i = 0; i < result.size && (%s); i++)\n", cbuf);
      fputs("      if (set_history((Tensor*)result.data[i], &grad_fn->base) < 0) goto fail;\n", f);
    } else {
      output_expr(s, i, out, sizeof out);
      if (strcmp(cbuf, "true") == 0)
        fprintf(f, "    if (set_history(%s, &grad_fn->base) < 0) goto fail;\n", out);
      else
        fprintf(f, "    if ((%s) && set_history(%s, &grad_fn->base) < 0) goto fail;\n", cbuf, out);
    }
  }
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* sv = &a->scan.saved[i];
    if (sv->kind != Saved_Output) continue;
    size_t r = (size_t)(sv->arg - s->returns);
    output_expr(s, r, out, sizeof out);
    bool guarded = print_save_guard(f, a, sv);
    fprintf(f, "%sif (SavedVariable_init(&grad_fn->%s_, %s, true) < 0) goto fail;\n", guarded ? "      " : "    ",
            Saved_name(sv), out);
    if (guarded) fputs("    }\n", f);
  }
  fputs("    Node_release(&grad_fn->base);\n  }\n", f);
}

static void print_inplace_kernel(FILE* f, const Model* m, const AutogradEntry* a, const NativeFunction* fn);

static void print_kernel(FILE* f, const Model* m, const AutogradEntry* a) {
  const NativeFunction* fn = a->fn;
  if (fn->schema.is_mutable) {
    print_inplace_kernel(f, m, a, fn);
    return;
  }
  const FunctionSchema* s = &fn->schema;
  CTypeKind ret = CType_ofReturns(s);
  char buf[96];
  const char* fail_value = CSignature_failureValue(ret, buf, sizeof buf);
  /* a view operator's output becomes a view in its ADInplaceOrView kernel
   * (gen_inplace_or_view.c), which this call must reach */
  bool view = gen_isViewOp(fn);

  fputs("\n", f);
  gen_printBanner(f, fn, "");
  fprintf(f, "/* (%s:%d; node %s)\n * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_*.cpp */\n",
          a->d->loc.file, a->d->loc.line, a->node);
  fputs("static ", f);
  CSignature_printFunction(f, s, "VariableType_%s", fn->unambiguous);
  fputs(" {\n", f);
  print_inputs_array(f, a);
  fprintf(f, "  %s* grad_fn = NULL;\n  %s result = %s;\n", a->node, CSignature_returnType(s), fail_value);
  fputs("  if (compute_requires_grad(inputs, num_inputs)) {\n", f);
  fprintf(f, "    grad_fn = (%s*)Node_new(&%s_type, sizeof *grad_fn);\n", a->node, a->node);
  fprintf(f, "    if (grad_fn == NULL) return %s;\n", fail_value);
  fputs("    if (set_next_edges_from(&grad_fn->base, inputs, (uint32_t)num_inputs) < 0) goto fail;\n", f);
  if (a->list_input) fprintf(f, "    grad_fn->%s_size_ = num_inputs;\n", a->inputs[0]->name);
  /* the inputs' saves, one guard for all that serve the same formulas */
  unsigned done = 0;
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* sv = &a->scan.saved[i];
    if (sv->kind == Saved_Output || (done & (1u << i))) continue;
    bool guarded = print_save_guard(f, a, sv);
    for (size_t j = i; j < a->scan.num_saved; j++) {
      const Saved* other = &a->scan.saved[j];
      if (other->kind == Saved_Output || other->uses != sv->uses) continue;
      print_save_input(f, other, guarded ? "      " : "    ");
      done |= 1u << j;
    }
    if (guarded) fputs("    }\n", f);
  }
  fputs("  }\n  {\n", f);
  fprintf(f, "    DispatchKeyGuard guard = %s_push();\n",
          view ? "AutoDispatchBelowAutograd" : "AutoDispatchBelowADInplaceOrView");
  fprintf(f, "    result = at_%s(", fn->unambiguous);
  CSignature_printCallArgs(f, s);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n  }\n", f);
  if (ret == CTypeKind_TensorTuple2 || ret == CTypeKind_TensorTuple3) fputs("  if (result.items[0] == NULL) goto fail;\n", f);
  else if (ret == CTypeKind_TensorList) fputs("  if (result.data == NULL && Error_occurred()) goto fail;\n", f);
  else fputs("  if (result == NULL) goto fail;\n", f);
  print_set_history(f, m, a);
  fputs("  return result;\nfail:\n  Node_release((Node*)grad_fn);\n", f);
  if (ret == CTypeKind_TensorTuple2) fputs("  Tensor_release(result.items[0]);\n  Tensor_release(result.items[1]);\n", f);
  else if (ret == CTypeKind_TensorTuple3)
    fputs("  for (int i = 0; i < 3; i++) Tensor_release(result.items[i]);\n", f);
  else if (ret == CTypeKind_TensorList) fputs("  TensorList_releaseAll(result);\n", f);
  else fputs("  Tensor_release(result);\n", f);
  fprintf(f, "  return %s;\n}\n", fail_value);
}

/* The kernel of an in-place variant (add_.Tensor), with the node of the
 * functional entry (AddBackward0): check_inplace, the node and its saves
 * before the write (a formula reading `self` gets a clone of self as it was,
 * 1.13's original_self), the operator below autograd only (its
 * ADInplaceOrView kernel bumps the version), then rebase_history and the
 * saves of `result`, which is self after the write.
 * PyTorch 1.13: tools/autograd/gen_variable_type.py emit_body (inplace) */
static void print_inplace_kernel(FILE* f, const Model* m, const AutogradEntry* a, const NativeFunction* fn) {
  (void)m;
  fputs("\n", f);
  gen_printBanner(f, fn, "");
  fprintf(f, "/* (%s:%d; node %s)\n * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_*.cpp */\n",
          a->d->loc.file, a->d->loc.line, a->node);
  fputs("static ", f);
  CSignature_printFunction(f, &fn->schema, "VariableType_%s", fn->unambiguous);
  fputs(" {\n", f);
  print_inputs_array(f, a);
  fprintf(f, "  %s* grad_fn = NULL;\n  Tensor* original_self = NULL;\n  Tensor* result = NULL;\n", a->node);
  fputs("  bool any_requires_grad = compute_requires_grad(inputs, num_inputs);\n", f);
  fputs("  if (check_inplace(self, any_requires_grad) < 0) return NULL;\n", f);
  fputs("  if (any_requires_grad) {\n", f);
  fprintf(f, "    grad_fn = (%s*)Node_new(&%s_type, sizeof *grad_fn);\n", a->node, a->node);
  fputs("    if (grad_fn == NULL) return NULL;\n", f);
  fputs("    if (set_next_edges_from(&grad_fn->base, inputs, (uint32_t)num_inputs) < 0) goto fail;\n", f);
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* sv = &a->scan.saved[i];
    if (sv->kind == Saved_Output) continue;
    bool guarded = print_save_guard(f, a, sv);
    const char* ind = guarded ? "      " : "    ";
    if (sv->kind == Saved_Tensor && strcmp(sv->arg->name, "self") == 0) {
      char field[128];
      Saved_fieldName(sv, field, sizeof field);
      fprintf(f, "%sif (original_self == NULL && (original_self = at_clone(self, kNoMemoryFormat)) == NULL) goto fail;\n", ind);
      fprintf(f, "%sif (SavedVariable_init(&grad_fn->%s, original_self, false) < 0) goto fail;\n", ind, field);
    } else {
      print_save_input(f, sv, ind);
    }
    if (guarded) fputs("    }\n", f);
  }
  fputs("  }\n  {\n    DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();\n", f);
  fprintf(f, "    result = at_%s(", fn->unambiguous);
  CSignature_printCallArgs(f, &fn->schema);
  fputs(");\n    DispatchKeyGuard_pop(guard);\n  }\n  if (result == NULL) goto fail;\n", f);
  /* an in-place view operator (squeeze_) changes self's own geometry and
   * keeps its history: set_history, also on a view (1.13's `inplace_view`
   * tag) */
  bool inplace_view = NativeFunction_isInplaceView(fn);
  fprintf(f, "  if (grad_fn != NULL) {\n    if (%s(self, &grad_fn->base) < 0) goto fail;\n",
          inplace_view ? "set_history" : "rebase_history");
  /* an input saved that is self itself (y.mul_(y)) would now hold the
   * node that holds it: Note [In-place on an input it saved] */
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* sv = &a->scan.saved[i];
    if (sv->kind != Saved_Tensor || strcmp(sv->arg->name, "self") == 0) continue;
    char field[128];
    Saved_fieldName(sv, field, sizeof field);
    fprintf(f, "    if (SavedVariable_breakCycle(&grad_fn->%s, self) < 0) goto fail;\n", field);
  }
  for (size_t i = 0; i < a->scan.num_saved; i++) {
    const Saved* sv = &a->scan.saved[i];
    if (sv->kind != Saved_Output) continue;
    bool guarded = print_save_guard(f, a, sv);
    fprintf(f, "%sif (SavedVariable_init(&grad_fn->%s_, self, true) < 0) goto fail;\n", guarded ? "      " : "    ",
            Saved_name(sv));
    if (guarded) fputs("    }\n", f);
  }
  fputs("    Node_release(&grad_fn->base);\n    grad_fn = NULL;\n  }\n", f);
  fputs("  Tensor_release(original_self);\n  return result;\nfail:\n", f);
  fputs("  Node_release((Node*)grad_fn);\n  Tensor_release(original_self);\n  Tensor_release(result);\n  return NULL;\n}\n", f);
}

/* The kernel of an out= variant (add.out): refuses when an input or an out=
 * argument requires grad, else calls the operator below autograd.
 * PyTorch 1.13: tools/autograd/gen_variable_type.py emit_body
 * (throw_error_out_requires_grad) */
static void print_out_kernel(FILE* f, const AutogradEntry* a, const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  char buf[96], p[128];
  const char* fail_value = CSignature_failureValue(CType_ofReturns(s), buf, sizeof buf);
  fputs("\n", f);
  gen_printBanner(f, fn, "");
  fprintf(f, "/* (%s:%d: out= is not differentiable)\n * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_*.cpp */\n",
          a->d->loc.file, a->d->loc.line);
  fputs("static ", f);
  CSignature_printFunction(f, s, "VariableType_%s", fn->unambiguous);
  fputs(" {\n", f);
  print_inputs_array(f, a);
  fputs("  const Tensor* outs[] = {", f);
  size_t n = 0;
  for (size_t i = 0; i < s->num_arguments; i++)
    if (is_written(&s->arguments[i])) fprintf(f, "%s%s", n++ ? ", " : "", param_name(&s->arguments[i], p, sizeof p));
  fputs("};\n", f);
  fprintf(f, "  if (compute_requires_grad(inputs, num_inputs) || compute_requires_grad(outs, %zu)) {\n", n);
  fprintf(f, "    throw_error_out_requires_grad(\"%s\");\n    return %s;\n  }\n", s->name, fail_value);
  fprintf(f, "  DispatchKeyGuard guard = AutoDispatchBelowAutograd_push();\n  %s result = at_%s(",
          CSignature_returnType(s), fn->unambiguous);
  CSignature_printCallArgs(f, s);
  fputs(");\n  DispatchKeyGuard_pop(guard);\n  return result;\n}\n", f);
}

/* ------------------------------------------------- operators without formula */

/* The lists 1.13's gen_variable_type.py decides by, for the operators with
 * no formula.
 * NB(minaten): 1.13's tools/autograd is not in Debian's package; the names
 * were read from a later copy of gen_variable_type.py (the nested-tensor
 * names it added after 1.13 left out), and for the operators minaten has,
 * what 1.13 records was checked by running them
 * (tests/conformance/autograd_more/no_formula_ops.py).
 * PyTorch 1.13: tools/autograd/gen_variable_type.py */

/* Operators 1.13 never gives a grad_fn (no formula needed): their result
 * depends only on the input's shape, or is integral or boolean.  By base
 * name: no overload name, no in-place underscore. */
static const char* const kDontRequireDerivative[] = {
    /* these only depend on the input Tensor's shape and device, not the data */
    "empty_like", "ones_like", "full_like", "zeros_like", "rand_like", "randn_like", "new_empty",
    "new_empty_strided", "new_full", "new_zeros", "new_ones",
    /* these are only implemented on integral types */
    "__and__", "__iand__", "__ilshift__", "__ior__", "__irshift__", "__ixor__", "__lshift__", "__or__",
    "__rshift__", "__xor__",
    /* these work on integral data types */
    "_sobol_engine_draw", "_sobol_engine_ff", "_sobol_engine_scramble_", "_sobol_engine_initialize_state_",
    /* an unsafe method meant to be out of reach of autograd */
    "_coalesced_",
    /* quantize functions should not record gradients */
    "quantize_per_tensor", "quantize_per_channel",
    /* functions that return integers or booleans */
    "argmax", "argmin", "argsort", "searchsorted", "bucketize", "isnan", "isposinf", "isneginf", "isinf",
    "signbit", "isin", "allclose",
    /* functions that return none */
    "record_stream",
    /* not differentiable */
    "logical_and", "logical_xor", "logical_not", "logical_or",
    "_nested_tensor_size", NULL};

/* Operators whose derivatives.yaml entry 1.13 uses at another autograd key
 * only (linear's, at AutogradNestedTensor; at the others linear is
 * CompositeImplicitAutograd).  minaten has neither that key nor the entry,
 * but the entry is why 1.13's out= form refuses inputs that require grad
 * rather than taking the NotImplemented fallback.  By name. */
static const char* const kFormulaAtOtherKeys[] = {"linear", NULL};

/* Operators that invalidate the grad accumulator (1.13 handles them in its
 * codegen rather than with the boxed fallback).  By name. */
static const char* const kResetGradAccumulator[] = {"set_", "resize_", NULL};

/* Operators exempt from 1.13's debug checks on TensorImpl and Storage
 * pointers (Note [ TensorImpl and Storage Pointer Sanity Checks ]), which
 * keeps them in its codegen too: by C++ name, then by wrapper name (the
 * name and the overload, `dequantize_self`). */
static const char* const kDontEnforceSameTensorImplOrStorage[] = {"set_", "_cudnn_rnn_flatten_weight", NULL};
static const char* const kDontEnforceTensorImplUseCount[] = {
    "_embedding_bag", "_embedding_bag_forward_only", "q_per_channel_scales", "q_per_channel_zero_points",
    "lu_unpack", "_cudnn_rnn_backward", "_cudnn_rnn", "dequantize_self", "lift", "lift_fresh",
    "lift_fresh_copy", "_nested_tensor_size", NULL};
/* (and every name of kDontEnforceTensorImplUseCount) */
static const char* const kDontEnforceStorageImplUseCount[] = {"_slow_conv2d_forward", "slow_conv3d_forward",
                                                              "channel_shuffle", NULL};

static bool in_list(const char* const* list, const char* name, size_t len) {
  for (; *list != NULL; list++)
    if (strlen(*list) == len && strncmp(*list, name, len) == 0) return true;
  return false;
}

/* Whether fn has an entry in derivatives.yaml, or is the `_copy` of a view
 * that has one (Note [view_copy derivatives]). */
static bool has_derivatives_entry(const Model* m, const NativeFunction* fn) {
  const NativeFunction* view = view_of_copy(m, fn);
  for (size_t i = 0; i < m->num_derivatives; i++) {
    const char* name = m->derivatives[i].name;
    if (names_operator(name, fn) || (view != NULL && names_operator(name, view))) return true;
  }
  return false;
}

static bool variant_gets_kernel(const Model* m, const NativeFunction* fn) {
  return NativeFunction_kernel(fn, DispatchKey_Autograd) == NULL &&
         NativeFunction_kernel(fn, DispatchKey_CompositeImplicitAutograd) == NULL && !has_derivatives_entry(m, fn);
}

/* The kernel of the generated functional form of an in-place entry's
 * operator (generated_functional_variant), if it has one: the functional
 * kernel of that entry.  The formula's `self` is the tensor as it was
 * before the write; the functional form's self is not written, and 1.13's
 * torchgen refuses the conversion when a saved input is self, as this does.
 * Returns 0, or -1 after printing the error. */
static int print_generated_functional_kernel(FILE* v, const Model* m, const AutogradEntry* a) {
  const NativeFunction* generated = generated_functional_variant(m, a);
  if (generated == NULL) return 0;
  for (size_t k = 0; k < a->scan.num_saved; k++) {
    const Saved* sv = &a->scan.saved[k];
    if (sv->kind != Saved_Output && sv->arg != NULL && strcmp(sv->arg->name, "self") == 0)
      return error_at(a->d->loc, 0,
                      "a formula of an in-place operator that saves self cannot serve its generated functional form %s",
                      generated->qualified);
  }
  AutogradEntry functional = *a;
  functional.fn = generated;
  print_kernel(v, m, &functional);
  return 0;
}

/* The Autograd kernel 1.13 gives an operator that no formula covers. */
typedef enum NoFormulaKernel {
  NoFormula_None,           /* none here: a formula covers it, it has a kernel of its own (or is
                             * CompositeImplicitAutograd) */
  NoFormula_Fallback,       /* the boxed autogradNotImplementedFallback: its grad_fn is
                             * NotImplemented("aten::floor_divide") */
  NoFormula_NotImplemented, /* a generated kernel recording NotImplemented("dequantize") */
  NoFormula_Plain,          /* a generated kernel recording nothing (argmax, new_zeros, eq.Scalar,
                             * and the writing logical_and_, eq.Tensor_out, split_copy.Tensor_out) */
  NoFormula_OutRefused,     /* an out= form that would need a derivative (_slow_conv2d_forward.output):
                             * refuses inputs and outs that require grad, records nothing */
} NoFormulaKernel;

/* An out= form: it writes a keyword-only argument (`*, Tensor(a!) out`). */
static bool is_out_fn(const NativeFunction* fn) {
  const FunctionSchema* s = &fn->schema;
  for (size_t i = 0; i < s->num_arguments; i++)
    if (s->arguments[i].kwarg_only && is_written(&s->arguments[i])) return true;
  return false;
}

/* The functional operator of an out= form: the same name, its arguments
 * without the outs (floor_divide.out: floor_divide; eq.Tensor_out:
 * eq.Tensor), or NULL.  1.13 gives the out= form that operator's
 * derivatives.yaml entry, formulas or output_differentiability alone.
 * PyTorch 1.13: torchgen/api/autograd.py match_differentiability_info
 * (find_info: functional_info_by_signature) */
static const NativeFunction* functional_of_out(const Model* m, const NativeFunction* out) {
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    if (!fn->schema.is_mutable && strcmp(fn->schema.name, out->schema.name) == 0 &&
        same_arguments(&out->schema, &fn->schema, true))
      return fn;
  }
  return NULL;
}

/*
 * 1.13's choice, made for every operator its VariableType covers (all
 * but the CompositeImplicitAutograd ones, factories included):
 *
 *   - an out= form made by `autogen:` (native_layer_norm.out): the boxed
 *     autogradNotImplementedFallback, whatever its name;
 *   - no entry in derivatives.yaml (for it, for the functional variant of
 *     an in-place one, or for the functional operator of an out= one), not
 *     in kResetGradAccumulator, not by base name in kDontRequireDerivative,
 *     a tensor among its returns (a differentiable output), and not exempt
 *     from the pointer checks: the boxed autogradNotImplementedFallback,
 *     whose NotImplemented node carries the operator's name,
 *     `aten::floor_divide` (floor_divide.out and floor_divide_ too: the
 *     fallback refuses their writes as any in-place one);
 *   - otherwise a generated kernel.  When the operator requires a
 *     derivative (not in kDontRequireDerivative, a tensor input, a
 *     differentiable output, no entry), a functional one records a
 *     NotImplemented node with the C++ name, `dequantize` (ASSIGN_GRAD_FN's
 *     `new NotImplemented("dequantize")`), and an out= one refuses inputs
 *     and outs that require grad ("functions with out=... arguments don't
 *     support automatic differentiation").  Else it records nothing: the
 *     integral and boolean ones (argmax, eq.Tensor_out, logical_and_), the
 *     ones whose entry has no differentiable output, and the writing ones
 *     that return nothing (_cummax_helper, split_copy.Tensor_out).
 *
 * So the name in "derivative for X is not implemented" says which of the two
 * made the node.  A factory (zeros, arange) gets its kernel too, though no
 * call of one reaches an autograd key: it has no tensor argument.
 * NB(minaten): a NotImplemented kernel for an operator that writes, or
 * returns other than one Tensor (none in 1.13's YAML that minaten has), is
 * refused by the codegen.
 * PyTorch 1.13: tools/autograd/gen_variable_type.py gen_variable_type_func,
 * emit_body (requires_derivative, setup_derivative)
 */
static NoFormulaKernel no_formula_kernel(const Model* m, const NativeFunction* fn, const AutogradEntry* all,
                                         size_t n) {
  const FunctionSchema* s = &fn->schema;
  if (strcmp(s->ns, "aten") != 0 || NativeFunction_kernel(fn, DispatchKey_CompositeImplicitAutograd) != NULL ||
      NativeFunction_kernel(fn, DispatchKey_Autograd) != NULL)
    return NoFormula_None;
  if (fn->autogen_functional != NULL) return NoFormula_Fallback;
  for (size_t i = 0; i < n; i++)
    if (all[i].fn == fn || inplace_variant(m, &all[i]) == fn || out_variant(m, &all[i]) == fn ||
        generated_functional_variant(m, &all[i]) == fn)
      return NoFormula_None;
  if (is_manual(fn)) return NoFormula_None;
  /* 1.13 writes detach_'s by hand too; minaten's falls through */
  if (strcmp(s->name, "detach_") == 0) return NoFormula_None;
  bool inplace = is_inplace(fn), out = is_out_fn(fn);
  size_t base_len = strlen(s->name) - (inplace ? 1 : 0); /* get_base_name: logical_and_ as logical_and */
  char wrapper[160]; /* type_wrapper_name: dequantize_self */
  snprintf(wrapper, sizeof wrapper, "%s%s%s", s->name, s->overload_name[0] ? "_" : "", s->overload_name);
  const NativeFunction* functional = out ? functional_of_out(m, fn) : NULL;
  bool info = has_derivatives_entry(m, fn) || (functional != NULL && has_derivatives_entry(m, functional));
  bool differentiable_output = false, tensor_input = false;
  for (size_t i = 0; i < s->num_returns; i++) differentiable_output |= s->returns[i].type.base == SchemaBaseType_Tensor;
  for (size_t i = 0; i < s->num_arguments; i++)
    tensor_input |= s->arguments[i].type.base == SchemaBaseType_Tensor && !(out && is_written(&s->arguments[i]));
  bool undifferentiable = in_list(kDontRequireDerivative, s->name, base_len);
  if (out && in_list(kFormulaAtOtherKeys, s->name, strlen(s->name))) return NoFormula_OutRefused;
  if (!info && !in_list(kResetGradAccumulator, s->name, strlen(s->name)) && !undifferentiable &&
      differentiable_output && !in_list(kDontEnforceSameTensorImplOrStorage, s->name, strlen(s->name)) &&
      !in_list(kDontEnforceTensorImplUseCount, wrapper, strlen(wrapper)) &&
      !in_list(kDontEnforceStorageImplUseCount, wrapper, strlen(wrapper)))
    return NoFormula_Fallback;
  /* an entry that makes no code has no formula and no differentiable output
   * (`output_differentiability: [False]` alone): it requires no derivative */
  bool requires_derivative = !undifferentiable && !info && tensor_input && differentiable_output;
  if (!requires_derivative) return NoFormula_Plain;
  return out ? NoFormula_OutRefused : NoFormula_NotImplemented;
}

/* The kernel of an operator with no formula (NoFormula_Plain: records
 * nothing; NoFormula_NotImplemented: gives the outputs a NotImplemented
 * grad_fn named after the operator's C++ name when an input requires grad;
 * NoFormula_OutRefused: refuses inputs and outs that require grad), around
 * its call below autograd.  An operator that writes calls below Autograd,
 * so that its ADInplaceOrView kernel bumps the written tensor's version; a
 * functional one below ADInplaceOrView, so that nothing its kernel writes
 * in place bumps one (`x.new_zeros(2)`, made by zero_, is at version 0).
 * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_*.cpp, from
 * tools/autograd/gen_variable_type.py emit_body (emit_call's guard;
 * setup_derivative's ASSIGN_GRAD_FN with op NotImplemented, or
 * SETUP_NONE_REQUIRES_GRAD for an out= form) */
static void print_no_formula_kernel(FILE* f, const NativeFunction* fn, NoFormulaKernel kind) {
  const FunctionSchema* s = &fn->schema;
  CTypeKind ret = CType_ofReturns(s);
  char buf[96], p[128];
  const char* fail_value = CSignature_failureValue(ret, buf, sizeof buf);
  fputs("\n", f);
  gen_printBanner(f, fn, "");
  if (kind == NoFormula_Plain)
    fputs("/* (no formula: records nothing)\n", f);
  else if (kind == NoFormula_OutRefused)
    fputs("/* (no formula: out= refuses inputs and outs that require grad)\n", f);
  else
    fprintf(f, "/* (no formula: NotImplemented(\"%s\") when an input requires grad)\n", s->name);
  fputs(" * PyTorch 1.13: torch/csrc/autograd/generated/VariableType_*.cpp */\nstatic ", f);
  CSignature_printFunction(f, s, "VariableType_%s", fn->unambiguous);
  fputs(" {\n", f);
  if (kind != NoFormula_Plain) {
    size_t num_inputs = 0;
    fputs("  const Tensor* inputs[] = {", f);
    for (size_t i = 0; i < s->num_arguments; i++)
      if (s->arguments[i].type.base == SchemaBaseType_Tensor && !s->arguments[i].type.is_list &&
          !is_written(&s->arguments[i]))
        fprintf(f, "%s%s", num_inputs++ ? ", " : "", param_name(&s->arguments[i], p, sizeof p));
    fputs("};\n", f);
    if (kind == NoFormula_OutRefused) {
      size_t num_outs = 0;
      fputs("  const Tensor* outs[] = {", f);
      for (size_t i = 0; i < s->num_arguments; i++)
        if (is_written(&s->arguments[i]))
          fprintf(f, "%s%s", num_outs++ ? ", " : "", param_name(&s->arguments[i], p, sizeof p));
      fprintf(f, "};\n  if (compute_requires_grad(inputs, %zu) || compute_requires_grad(outs, %zu)) {\n",
              num_inputs, num_outs);
      fprintf(f, "    throw_error_out_requires_grad(\"%s\");\n    return %s;\n  }\n", s->name, fail_value);
    } else {
      fprintf(f, "  Node* grad_fn = NULL;\n  if (compute_requires_grad(inputs, %zu)) {\n", num_inputs);
      fprintf(f, "    grad_fn = NotImplemented_new(\"%s\");\n    if (grad_fn == NULL) return %s;\n", s->name,
              fail_value);
      fprintf(f, "    if (set_next_edges_from(grad_fn, inputs, %zu) < 0) {\n      Node_release(grad_fn);\n"
                 "      return %s;\n    }\n  }\n", num_inputs, fail_value);
    }
  }
  fprintf(f, "  DispatchKeyGuard guard = %s_push();\n  ",
          s->is_mutable ? "AutoDispatchBelowAutograd" : "AutoDispatchBelowADInplaceOrView");
  if (ret != CTypeKind_Void) fprintf(f, "%s result = ", CSignature_returnType(s));
  fprintf(f, "at_%s(", fn->unambiguous);
  CSignature_printCallArgs(f, s);
  fputs(");\n  DispatchKeyGuard_pop(guard);\n", f);
  if (kind == NoFormula_NotImplemented) {
    /* set_history of every tensor output (1.13 asserts a differentiable
     * dtype: an operator that may return another belongs in
     * kDontRequireDerivative) */
    fputs("  if (grad_fn != NULL) {\n", f);
    fputs("    if (result != NULL && set_history(result, grad_fn) < 0) {\n      Tensor_release(result);\n"
          "      result = NULL;\n    }\n", f);
    fputs("    Node_release(grad_fn);\n  }\n", f);
  }
  if (ret != CTypeKind_Void) fputs("  return result;\n", f);
  fputs("}\n", f);
}

static void print_registration(FILE* v, const NativeFunction* fn, bool not_implemented) {
  fprintf(v, "  if (Dispatcher_registerImpl(at_op_%s, DispatchKey_Autograd,\n", fn->unambiguous);
  if (not_implemented)
    fputs("                              KernelFunction_makeBoxed(autogradNotImplementedFallback, "
          "\"autogradNotImplementedFallback\"),\n", v);
  else
    fprintf(v, "                              KernelFunction_makeUnboxed((UnboxedFunction)VariableType_%s, "
               "\"VariableType_%s\"),\n", fn->unambiguous, fn->unambiguous);
  fputs("                              \"VariableType.c\", __LINE__) < 0)\n    return -1;\n", v);
}

static const char* const kAutogradIncludes[] = {"autograd/FunctionsManual.h", "autograd/Node.h",
                                                "autograd/SavedVariable.h", "autograd/VariableTypeUtils.h", NULL};

int gen_autograd(const Model* m, Writer* w) {
  size_t n = 0;
  AutogradEntry* all = resolve_all(m, &n);
  if (all == NULL) return -1;
  int rc = -1;
  FILE* h = gen_openHeader(w, m, "AutogradFunctions.h", kAutogradIncludes);
  if (h == NULL) goto done;
  for (size_t i = 0; i < n; i++) print_node_struct(h, &all[i]);
  gen_closeHeader(h);

  static const char* const c_includes[] = {"AutogradFunctions.h", "", "<math.h>", "<stddef.h>", "<stdlib.h>", "", "Functions.h",
                                           "ops/ExpandUtils.h", "runtime/Exception.h", NULL};
  FILE* c = gen_open(w, m, "AutogradFunctions.c", c_includes);
  if (c == NULL) goto done;
  for (size_t i = 0; i < n; i++) {
    print_apply(c, m, &all[i]);
    print_release_and_destroy(c, &all[i]);
  }

  static const char* const vt_includes[] = {"AutogradFunctions.h", "Functions.h", "Operators.h",
                                            "autograd/VariableTypeManual.h", "autograd/autograd_not_implemented_fallback.h",
                                            "autograd/functions/basic_ops.h", "autograd/variable.h", "dispatch/Dispatcher.h",
                                            "runtime/Exception.h", NULL};
  FILE* v = gen_open(w, m, "VariableType.c", vt_includes);
  if (v == NULL) goto done;
  fputs("\n/* The Autograd kernels of every operator with a kernel below autograd.\n"
        " * Returns 0, or -1 with the error indicator set. */\nint at_register_VariableType(void);\n", v);
  for (size_t i = 0; i < n; i++) {
    print_kernel(v, m, &all[i]);
    const NativeFunction* inplace = inplace_variant(m, &all[i]);
    const NativeFunction* out = out_variant(m, &all[i]);
    if (inplace != NULL) print_inplace_kernel(v, m, &all[i], inplace);
    if (out != NULL) print_out_kernel(v, &all[i], out);
    if (print_generated_functional_kernel(v, m, &all[i]) < 0) goto done;
  }
  for (size_t i = 0; i < m->num_functions; i++) {
    const NativeFunction* fn = &m->functions[i];
    NoFormulaKernel kind = no_formula_kernel(m, fn, all, n);
    if (kind == NoFormula_NotImplemented &&
        (CType_ofReturns(&fn->schema) != CTypeKind_ReturnTensor || fn->schema.is_mutable)) {
      /* NB(minaten): only a functional operator returning a Tensor is generated for now */
      error_at(fn->loc, 0, "%s: a NotImplemented kernel for this operator is not written", fn->qualified);
      goto done;
    }
    if (kind == NoFormula_Plain || kind == NoFormula_NotImplemented || kind == NoFormula_OutRefused)
      print_no_formula_kernel(v, fn, kind);
  }
  fputs("\nint at_register_VariableType(void) {\n", v);
  for (size_t i = 0; i < n; i++) {
    print_registration(v, all[i].fn, false);
    const NativeFunction* inplace = inplace_variant(m, &all[i]);
    const NativeFunction* out = out_variant(m, &all[i]);
    if (inplace != NULL) print_registration(v, inplace, false);
    if (out != NULL) print_registration(v, out, false);
    const NativeFunction* generated = generated_functional_variant(m, &all[i]);
    if (generated != NULL) print_registration(v, generated, false);
  }
  /* the hand-written ones of autograd/VariableTypeManual.h */
  fputs("  if (at_register_VariableTypeManual() < 0)\n    return -1;\n", v);
  fputs("  /* operators without a formula: generated (records nothing, or NotImplemented) */\n", v);
  for (size_t i = 0; i < m->num_functions; i++) {
    NoFormulaKernel kind = no_formula_kernel(m, &m->functions[i], all, n);
    if (kind == NoFormula_Plain || kind == NoFormula_NotImplemented || kind == NoFormula_OutRefused)
      print_registration(v, &m->functions[i], false);
  }
  fputs("  /* operators without a formula (autograd/autograd_not_implemented_fallback.h) */\n", v);
  for (size_t i = 0; i < m->num_functions; i++)
    if (no_formula_kernel(m, &m->functions[i], all, n) == NoFormula_Fallback)
      print_registration(v, &m->functions[i], true);
  fputs("  return 0;\n}\n", v);
  rc = 0;
done:
  for (size_t i = 0; i < n; i++) free_entry(&all[i]);
  free(all);
  return rc;
}
