/*
 * model.h - the code generator's model of the YAML: one NativeFunction per
 * `- func:` entry, validated, each remembering where it was written so that
 * every error reads `file:line:col: message`.
 *
 * An entry, as in PyTorch's native_functions.yaml:
 *
 *   - func: _reshape_alias(Tensor(a) self, SymInt[] size, SymInt[] stride) -> Tensor(a)
 *     variants: function, method          # optional, default `function`
 *     dispatch:                           # optional
 *       CPU, QuantizedCPU: _reshape_alias # kernel at_native__reshape_alias
 *
 * No `dispatch:` means CompositeImplicitAutograd with the kernel named after
 * the operator's base name.  `autogen: add.out` declares the out= form of a
 * functional entry, which the generator writes (see autogen_functional).
 * Fields torchgen knows and minaten does not use (device_check,
 * structured_inherits, ...) are accepted and ignored; any other field is an error, as
 * torchgen's "leftover entries" assertion is.
 *
 * Invariants after a successful load, which the generators rely on:
 *   - every qualified name (`aten::add.Tensor`) is declared once;
 *   - every unambiguous name (`add_Tensor`, hence `at_add_Tensor`) is unique;
 *   - a kernel name is used by one operator only (C has no overloading);
 *   - every argument and return type has a C type (CType.h).
 *
 * PyTorch 1.13: torchgen/model.py (NativeFunction, BackendMetadata, Location)
 */
#ifndef MINATEN_CODEGEN_MODEL_H
#define MINATEN_CODEGEN_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "runtime/DispatchKey.h"
#include "dispatch/FunctionSchema.h"

/* PyTorch 1.13: torchgen/model.py Location (plus a column) */
typedef struct SourceLoc {
  const char* file; /* as printed: relative to --source-root when under it */
  int line;         /* 1-based */
  int col;          /* 1-based */
} SourceLoc;

/* Prints `file:line:col: message` on stderr; returns -1.  The one form of
 * every error about a YAML file (the generator's and `minaten --yaml`'s). */
int SourceLoc_error(SourceLoc loc, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

/* The dispatch keys a `dispatch:` section may name, in registration order:
 * backend keys first, then ADInplaceOrView, then the alias keys
 * (CompositeImplicitAutograd last). */
enum { kNumKernelKeys = 9 };
extern const DispatchKey kKernelKeys[kNumKernelKeys];

/* One `Key: kernel` of an entry.  PyTorch 1.13: torchgen/model.py BackendMetadata */
typedef struct BackendKernel {
  DispatchKey key;
  char* kernel;  /* "reshape" -> the C function at_native_reshape */
  SourceLoc loc; /* of the kernel name (of `func:` for the implicit kernel) */
} BackendKernel;

/* PyTorch 1.13: torchgen/model.py NativeFunction */
typedef struct NativeFunction {
  char* func;          /* the schema string as written in the YAML */
  FunctionSchema schema;
  char* qualified;     /* "aten::transpose.int" */
  char* unambiguous;   /* "transpose_int": at_<unambiguous>, at_op_<unambiguous> */
  SourceLoc loc;       /* of the `func:` value */
  bool function_variant;
  bool method_variant;
  bool has_dispatch;   /* a `dispatch:` section was written */
  bool lazy_lowered;   /* listed by the Lazy backend's file (ts_native_functions.yaml) */
  bool python_module_nn; /* `python_module: nn`: bound in torch._C._nn (1.13's python_nn_functions.cpp) */
  /* `structured: True` (add.out): an out= operator written as a meta and
   * an impl function, around which gen_register.c writes the kernels of it
   * and of the forms that delegate to it (Note [Structured kernels] in
   * ops/Structured.h). */
  bool structured;
  SourceLoc structured_loc;
  /* `structured_delegate: add.out`: the out= operator that computes this
   * functional or in-place form; NULL if none.  It gets a generated
   * CompositeExplicitAutogradNonFunctional kernel (gen_register.c). */
  char* structured_delegate;
  SourceLoc structured_delegate_loc;
  /* An out= form made from the functional entry's `autogen: add.out`
   * (this NativeFunction has no entry of its own): the functional's qualified
   * name, whose call the generated CompositeExplicitAutograd kernel copies
   * into the outs (ops/AutogenOut.h); NULL for an entry of the YAML. */
  char* autogen_functional;
  /* `tags: generated`: a functional form 1.13 makes from an in-place entry's
   * `autogen:` (zero from zero_), which minaten's YAML writes as an entry of
   * its own.  With no derivatives.yaml entry of its own, its Autograd kernel
   * takes the in-place entry's formulas and node (ZeroBackward0), as 1.13's
   * find_info does for the operators torchgen tags `generated`. */
  bool generated;
  BackendKernel kernels[kNumKernelKeys];
  size_t num_kernels;
} NativeFunction;

/* One `<input>: formula` line of a derivatives.yaml entry (`self, other:`
 * names several inputs). */
typedef struct DerivativeFormula {
  char* var_names; /* "self" or "self, other" */
  char* formula;   /* the C++ expression */
  SourceLoc loc;   /* of the formula */
  SourceLoc key_loc; /* of the key, var_names */
} DerivativeFormula;

/* One `- name:` entry of derivatives.yaml, as written; tools/codegen/
 * gen_autograd.c resolves it against the operators.
 * PyTorch 1.13: tools/autograd/load_derivatives.py create_derivative */
typedef struct DerivativeEntry {
  char* name;          /* the schema, as native_functions.yaml spells it */
  SourceLoc loc;       /* of the schema's first character */
  DerivativeFormula* formulas;
  size_t num_formulas;
  char** output_differentiability; /* NULL, or one "True"/"False"/C++ condition per output */
  size_t num_output_differentiability;
  SourceLoc output_differentiability_loc;
} DerivativeEntry;

typedef struct Model {
  NativeFunction* functions;
  size_t num_functions;
  size_t capacity;
  DerivativeEntry* derivatives; /* from a file of `- name:` entries */
  size_t num_derivatives;
  char** files; /* the input files, as printed, in command-line order */
  size_t num_files;
} Model;

void Model_init(Model* m);
/*
 * Parses and validates the YAML file at `path`, appending its operators to
 * the model (a later file may add operators to an earlier one's), or, for a
 * file in the layout of ts_native_functions.yaml (`backend: Lazy`), marking
 * the operators it lists as lowered by the Lazy backend.  Errors
 * are printed as `display_path:line:col: message`.  Returns 0, or -1 after
 * printing the first error.
 * PyTorch 1.13: torchgen/gen.py parse_native_yaml, NativeFunction.from_yaml
 */
int Model_loadYaml(Model* m, const char* path, const char* display_path);
/* The same on YAML text in memory (`size` bytes, no NUL needed), as if read
 * from a file named `display_path`: the fuzz target tests/fuzz/fuzz_codegen.c. */
int Model_loadYamlBuffer(Model* m, const unsigned char* text, size_t size, const char* display_path);
void Model_free(Model* m);

/* The kernel registered at `key`, or NULL. */
const BackendKernel* NativeFunction_kernel(const NativeFunction* f, DispatchKey key);
/* True if the schema has torchgen's TensorOptions group: kwarg-only
 * `dtype`, `layout`, `device`, `pin_memory`, in this order, of types
 * ScalarType, Layout, Device, bool (each optional or not).
 * PyTorch 1.13: torchgen/model.py Arguments._preparse (tensor_options) */
bool NativeFunction_hasTensorOptions(const NativeFunction* f);
/* True for the operators 1.13's native_functions.yaml tags `inplace_view`
 * (squeeze_, t_, transpose_, ...): in place, they change self's geometry,
 * not its data (minaten's YAML has no `tags:`).
 * PyTorch 1.13: torchgen/model.py Tag.inplace_view */
bool NativeFunction_isInplaceView(const NativeFunction* f);

#endif
