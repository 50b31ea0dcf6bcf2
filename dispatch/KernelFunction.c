/*
 * KernelFunction.c - making kernels and calling them boxed; see KernelFunction.h.
 *
 * Note [Calling unboxed kernels from a boxed stack]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * PyTorch makes every unboxed kernel callable boxed with C++ templates
 * (make_boxed_from_unboxed_functor): the compiler writes, per kernel, the
 * code that pops each argument off the stack, converts it and calls.  C has
 * no templates; minaten has two ways.
 *
 *   - An operator of the YAML: the code generator writes that code, once
 *     per operator since all its unboxed kernels share its C signature:
 *     at_reshape_boxed_from_unboxed in Functions.c unboxes each IValue
 *     with the unbox_<Kind> helpers of Boxing.h, calls the kernel through
 *     the operator's function type and stores the result with push_<Kind>.
 *     at_register_boxed_from_unboxed puts it in op->boxed_from_unboxed.
 *     It is plain C that gdb can `step` through.
 *   - An operator defined at run time (an operator library's schema, a
 *     YAML loaded by `minaten --yaml`) has no generated code, so minaten
 *     does the same at run time with libffi: when the operator is
 *     registered, its schema is turned into a libffi call interface (an
 *     ffi_cif: one ffi_type per argument, from the C kind that CType.h gives
 *     the schema type, structs described field by field); a boxed call
 *     converts each IValue to its C value with the same unbox_<Kind>
 *     helpers, hands libffi an array of pointers to them, and boxes the C
 *     result.
 *
 * Neither allocates per call.  The generated call is the faster: libffi
 * works out again on every call which register each argument travels in,
 * about 500 instructions for reshape (callgrind), as much as the kernel.
 *
 * PyTorch 1.13: aten/src/ATen/core/boxing/KernelFunction.cpp,
 * boxing/impl/make_boxed_from_unboxed_functor.h
 */
#include "dispatch/KernelFunction.h"

#include <ffi.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/Boxing.h"
#include "dispatch/CType.h"
#include "dispatch/OperatorEntry.h"
#include "runtime/Exception.h"

enum { kMaxFfiArgs = 32 };

/* PyTorch 1.13: KernelFunction::makeFromUnboxedFunction */
KernelFunction KernelFunction_makeUnboxed(UnboxedFunction fn, const char* name) {
  KernelFunction k = {NULL, fn, name, false, NULL};
  return k;
}

/* PyTorch 1.13: KernelFunction::makeFromBoxedFunction */
KernelFunction KernelFunction_makeBoxed(BoxedKernelFunction fn, const char* name) {
  KernelFunction k = {fn, NULL, name, false, NULL};
  return k;
}

/* PyTorch 1.13: KernelFunction::makeFromBoxedFunctor */
KernelFunction KernelFunction_makeFromBoxedFunctor(BoxedKernelFunction fn, void* functor, const char* name) {
  KernelFunction k = {fn, NULL, name, false, functor};
  return k;
}

/* PyTorch 1.13: KernelFunction::makeFallthrough */
KernelFunction KernelFunction_makeFallthrough(void) {
  KernelFunction k = {NULL, NULL, "fallthrough", true, NULL};
  return k;
}

/* ---- libffi descriptions of the C kinds (CType.h) ---------------------- */

#define FFI_STRUCT(name, ...)                                     \
  static ffi_type* name##_elements[] = {__VA_ARGS__, NULL};       \
  static ffi_type name = {0, 0, FFI_TYPE_STRUCT, name##_elements}
/* Every Optional<T> of ArrayRef.h is {bool has_value; T value;}. */
#define FFI_OPTIONAL(name, value_type) FFI_STRUCT(name, &ffi_type_uint8, value_type)

/* Enums are ints; bool is one byte; size_t is 64 bits on the targets we build for. */
_Static_assert(sizeof(size_t) == 8 && sizeof(ScalarType) == 4, "ffi descriptions assume LP64");
FFI_STRUCT(ffi_IntArrayRef, &ffi_type_pointer, &ffi_type_uint64);
FFI_STRUCT(ffi_TensorList, &ffi_type_pointer, &ffi_type_uint64);
FFI_STRUCT(ffi_Scalar, &ffi_type_uint32, &ffi_type_sint64, &ffi_type_double); /* runtime/Scalar.h */
FFI_STRUCT(ffi_Device, &ffi_type_uint32, &ffi_type_sint32);
FFI_STRUCT(ffi_TensorTuple2, &ffi_type_pointer, &ffi_type_pointer);
FFI_STRUCT(ffi_TensorTuple3, &ffi_type_pointer, &ffi_type_pointer, &ffi_type_pointer);
FFI_STRUCT(ffi_OptionalDimnameList, &ffi_type_uint8); /* {bool has_value;}: never a value */
FFI_OPTIONAL(ffi_OptionalInt, &ffi_type_sint64);
FFI_OPTIONAL(ffi_OptionalIntArrayRef, &ffi_IntArrayRef);
FFI_OPTIONAL(ffi_OptionalDouble, &ffi_type_double);
FFI_OPTIONAL(ffi_OptionalBool, &ffi_type_uint8);
FFI_OPTIONAL(ffi_OptionalScalar, &ffi_Scalar);
FFI_OPTIONAL(ffi_OptionalEnum, &ffi_type_uint32); /* ScalarType?, Layout?, MemoryFormat? */
FFI_OPTIONAL(ffi_OptionalDevice, &ffi_Device);

static ffi_type* ffi_type_of(CTypeKind kind) {
  switch (kind) {
    case CTypeKind_Void:
      return &ffi_type_void;
    case CTypeKind_ConstTensor:
    case CTypeKind_MutTensor:
    case CTypeKind_ReturnTensor:
    case CTypeKind_String:
    case CTypeKind_OptionalGenerator:
    case CTypeKind_Storage:
    case CTypeKind_BoolArray3:
      return &ffi_type_pointer;
    case CTypeKind_TensorList:
      return &ffi_TensorList;
    case CTypeKind_Int:
      return &ffi_type_sint64;
    case CTypeKind_OptionalInt:
      return &ffi_OptionalInt;
    case CTypeKind_IntArrayRef:
      return &ffi_IntArrayRef;
    case CTypeKind_OptionalIntArrayRef:
      return &ffi_OptionalIntArrayRef;
    case CTypeKind_Double:
      return &ffi_type_double;
    case CTypeKind_OptionalDouble:
      return &ffi_OptionalDouble;
    case CTypeKind_Bool:
      return &ffi_type_uint8;
    case CTypeKind_OptionalBool:
      return &ffi_OptionalBool;
    case CTypeKind_Scalar:
      return &ffi_Scalar;
    case CTypeKind_OptionalScalar:
      return &ffi_OptionalScalar;
    case CTypeKind_ScalarType:
    case CTypeKind_Layout:
    case CTypeKind_MemoryFormat:
    case CTypeKind_QScheme:
      return &ffi_type_uint32;
    case CTypeKind_OptionalScalarType:
    case CTypeKind_OptionalLayout:
    case CTypeKind_OptionalMemoryFormat:
      return &ffi_OptionalEnum;
    case CTypeKind_Device:
      return &ffi_Device;
    case CTypeKind_OptionalDevice:
      return &ffi_OptionalDevice;
    case CTypeKind_TensorTuple2:
      return &ffi_TensorTuple2;
    case CTypeKind_TensorTuple3:
      return &ffi_TensorTuple3;
    case CTypeKind_OptionalDimnameList:
      return &ffi_OptionalDimnameList;
    case CTypeKind_NumKinds:
      break;
  }
  return NULL;
}

/*
 * Note [IntArrayRef reaches libffi as two words]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * libffi classifies every argument again on each call (which registers it
 * travels in), and a struct costs it most: it walks the struct's fields.
 * For `reshape(Tensor self, int[] shape)` describing IntArrayRef as two
 * words saved about 80 of the 700 instructions libffi spends on the call
 * (callgrind; the rest is per argument).  On x86-64 (System V ABI) a 16-byte
 * struct of two integer fields, such as IntArrayRef {data, size} and
 * TensorList, travels in two consecutive general-purpose registers, exactly
 * like two separate integer arguments -- unless only one register is left,
 * when the struct goes whole onto the stack while two integers would be
 * split.  So when all the arguments' integer words fit in the six registers
 * (counting every struct of at most 16 bytes as its words, whatever their
 * class: an upper bound), the call interface describes each such struct as
 * two arguments, pointer and size, and libffi has nothing to classify.
 * Other machines, and longer signatures, keep the struct description.
 */
#if defined(__x86_64__) && !defined(_WIN32)
enum { kIntegerArgumentRegisters = 6 };
#else
enum { kIntegerArgumentRegisters = 0 }; /* never flatten */
#endif

/* The prepared call interface of one operator. */
typedef struct FfiSignature {
  ffi_cif cif;
  ffi_type* arg_types[2 * kMaxFfiArgs];
  CTypeKind arg_kinds[kMaxFfiArgs];
  bool two_words[kMaxFfiArgs]; /* passed as its two fields (the Note above) */
  CTypeKind ret_kind;
} FfiSignature;

/* Integer registers an argument of this prepared type may take, at most. */
static unsigned integer_words(const ffi_type* t) {
  if (t == &ffi_type_double || t == &ffi_type_float) return 0;
  return t->size > 16 ? 0 : (unsigned)((t->size + 7) / 8); /* larger: in memory */
}

/* See Note [IntArrayRef reaches libffi as two words]: flattens sig's
 * IntArrayRef and TensorList arguments when that is the same call. */
static void flatten_array_refs(FfiSignature* sig, size_t num_arguments, ffi_type* ret_type) {
  unsigned words = ret_type->size > 16 ? 1 : 0; /* a result in memory: its address takes a register */
  bool any = false;
  for (size_t i = 0; i < num_arguments; i++) {
    words += integer_words(sig->arg_types[i]);
    any |= sig->arg_kinds[i] == CTypeKind_IntArrayRef || sig->arg_kinds[i] == CTypeKind_TensorList;
  }
  if (!any || words > kIntegerArgumentRegisters) return;
  ffi_type* flat[2 * kMaxFfiArgs];
  unsigned n = 0;
  for (size_t i = 0; i < num_arguments; i++) {
    sig->two_words[i] = sig->arg_kinds[i] == CTypeKind_IntArrayRef || sig->arg_kinds[i] == CTypeKind_TensorList;
    if (sig->two_words[i]) {
      flat[n++] = &ffi_type_pointer;
      flat[n++] = &ffi_type_uint64;
    } else {
      flat[n++] = sig->arg_types[i];
    }
  }
  memcpy(sig->arg_types, flat, n * sizeof flat[0]);
  if (ffi_prep_cif(&sig->cif, FFI_DEFAULT_ABI, n, ret_type, sig->arg_types) != FFI_OK)
    TORCH_INTERNAL_ASSERT(!"ffi_prep_cif refused the flattened signature");
}

/* See KernelFunction.h. */
void KernelFunction_prepareFfi(OperatorEntry* op) {
  const FunctionSchema* s = &op->schema;
  op->ffi = NULL;
  if (s->num_arguments > kMaxFfiArgs) return;
  FfiSignature* sig = calloc(1, sizeof *sig);
  TORCH_INTERNAL_ASSERT(sig != NULL);
  for (size_t i = 0; i < s->num_arguments; i++) {
    sig->arg_kinds[i] = CType_ofArgument(&s->arguments[i]);
    sig->arg_types[i] = ffi_type_of(sig->arg_kinds[i]);
    if (sig->arg_types[i] == NULL) goto unsupported;
  }
  sig->ret_kind = CType_ofReturns(s);
  ffi_type* ret_type = ffi_type_of(sig->ret_kind);
  if (ret_type == NULL) goto unsupported;
  /* This first preparation also computes the structs' sizes. */
  if (ffi_prep_cif(&sig->cif, FFI_DEFAULT_ABI, (unsigned)s->num_arguments, ret_type,
                   sig->arg_types) != FFI_OK)
    goto unsupported;
  flatten_array_refs(sig, s->num_arguments, ret_type);
  op->ffi = sig;
  return;
unsupported:
  free(sig);
}

void KernelFunction_freeFfi(OperatorEntry* op) {
  free(op->ffi);
  op->ffi = NULL;
}

/* Storage for one C value of any kind. */
typedef union CValue {
  const Tensor* const_tensor;
  Tensor* tensor;
  TensorList tensor_list;
  int64_t i;
  OptionalInt optional_int;
  IntArrayRef int_array;
  OptionalIntArrayRef optional_int_array;
  double d;
  OptionalDouble optional_double;
  bool b;
  OptionalBool optional_bool;
  const char* s;
  Scalar scalar;
  OptionalScalar optional_scalar;
  ScalarType scalar_type;
  OptionalScalarType optional_scalar_type;
  Layout layout;
  OptionalLayout optional_layout;
  Device device;
  OptionalDevice optional_device;
  MemoryFormat memory_format;
  OptionalMemoryFormat optional_memory_format;
  QScheme qscheme;
  TensorTuple2 tensor_tuple2;
  TensorTuple3 tensor_tuple3;
  OptionalDimnameList optional_dimname_list;
  Generator* generator;
  Storage* storage;
  const bool* bool_array;
  ffi_arg widened; /* libffi writes small integral returns at this width */
} CValue;

static void unbox_argument(CTypeKind kind, const IValue* v, CValue* out) {
  switch (kind) {
    case CTypeKind_ConstTensor: out->const_tensor = unbox_ConstTensor(v); break;
    case CTypeKind_MutTensor: out->tensor = unbox_MutTensor(v); break;
    case CTypeKind_TensorList: out->tensor_list = unbox_TensorList(v); break;
    case CTypeKind_Int: out->i = unbox_Int(v); break;
    case CTypeKind_OptionalInt: out->optional_int = unbox_OptionalInt(v); break;
    case CTypeKind_IntArrayRef: out->int_array = unbox_IntArrayRef(v); break;
    case CTypeKind_OptionalIntArrayRef: out->optional_int_array = unbox_OptionalIntArrayRef(v); break;
    case CTypeKind_Double: out->d = unbox_Double(v); break;
    case CTypeKind_OptionalDouble: out->optional_double = unbox_OptionalDouble(v); break;
    case CTypeKind_Bool: out->b = unbox_Bool(v); break;
    case CTypeKind_OptionalBool: out->optional_bool = unbox_OptionalBool(v); break;
    case CTypeKind_String: out->s = unbox_String(v); break;
    case CTypeKind_Scalar: out->scalar = unbox_Scalar(v); break;
    case CTypeKind_OptionalScalar: out->optional_scalar = unbox_OptionalScalar(v); break;
    case CTypeKind_ScalarType: out->scalar_type = unbox_ScalarType(v); break;
    case CTypeKind_OptionalScalarType: out->optional_scalar_type = unbox_OptionalScalarType(v); break;
    case CTypeKind_Layout: out->layout = unbox_Layout(v); break;
    case CTypeKind_OptionalLayout: out->optional_layout = unbox_OptionalLayout(v); break;
    case CTypeKind_Device: out->device = unbox_Device(v); break;
    case CTypeKind_OptionalDevice: out->optional_device = unbox_OptionalDevice(v); break;
    case CTypeKind_MemoryFormat: out->memory_format = unbox_MemoryFormat(v); break;
    case CTypeKind_OptionalMemoryFormat: out->optional_memory_format = unbox_OptionalMemoryFormat(v); break;
    case CTypeKind_QScheme: out->qscheme = unbox_QScheme(v); break;
    case CTypeKind_OptionalDimnameList: out->optional_dimname_list = unbox_OptionalDimnameList(v); break;
    case CTypeKind_OptionalGenerator: out->generator = unbox_OptionalGenerator(v); break;
    case CTypeKind_Storage: out->storage = unbox_Storage(v); break;
    case CTypeKind_BoolArray3: out->bool_array = unbox_BoolArray3(v); break;
    default: TORCH_INTERNAL_ASSERT(!"argument kind has no unboxing");
  }
}

/* Stores libffi's C result in rets (Boxing.h's push_<Kind>); returns 0, or
 * -1 if the kernel failed. */
static int box_result(CTypeKind kind, CValue* r, IValue* rets) {
  switch (kind) {
    case CTypeKind_Void: return push_Void(rets);
    case CTypeKind_ReturnTensor: return push_ReturnTensor(r->tensor, rets);
    case CTypeKind_TensorList: return push_TensorList(r->tensor_list, rets);
    case CTypeKind_TensorTuple2: return push_TensorTuple2(r->tensor_tuple2, rets);
    case CTypeKind_TensorTuple3: return push_TensorTuple3(r->tensor_tuple3, rets);
    case CTypeKind_Int: return push_Int(r->i, rets);
    case CTypeKind_Double: return push_Double(r->d, rets);
    case CTypeKind_Bool: return push_Bool((bool)(r->widened & 1), rets);
    case CTypeKind_Scalar: return push_Scalar(r->scalar, rets);
    case CTypeKind_ScalarType: return push_ScalarType((ScalarType)r->widened, rets);
    case CTypeKind_Layout: return push_Layout((Layout)r->widened, rets);
    case CTypeKind_MemoryFormat: return push_MemoryFormat((MemoryFormat)r->widened, rets);
    case CTypeKind_Device: return push_Device(r->device, rets);
    case CTypeKind_QScheme: return push_QScheme((QScheme)r->widened, rets);
    default: TORCH_INTERNAL_ASSERT(!"return kind has no boxing");
  }
  return -1;
}

/* See Note [Calling unboxed kernels from a boxed stack]. */
static int call_unboxed_from_boxed(const KernelFunction* k, const OperatorEntry* op, IValue* args,
                                   IValue* rets) {
  if (op->boxed_from_unboxed != NULL) return op->boxed_from_unboxed(k->unboxed, args, rets);
  const FfiSignature* sig = op->ffi;
  if (sig == NULL) {
    Error_set(ErrorType_RuntimeError,
              "%s: its schema has a type minaten cannot pass to a C kernel, so the unboxed "
              "kernel %s cannot be called boxed",
              op->qualified_name, k->name);
    return -1;
  }
  CValue values[kMaxFfiArgs];
  void* pointers[2 * kMaxFfiArgs];
  size_t n = 0;
  for (size_t i = 0; i < op->schema.num_arguments; i++) {
    unbox_argument(sig->arg_kinds[i], &args[i], &values[i]);
    if (sig->two_words[i] && sig->arg_kinds[i] == CTypeKind_IntArrayRef) {
      pointers[n++] = &values[i].int_array.data;
      pointers[n++] = &values[i].int_array.size;
    } else if (sig->two_words[i]) {
      pointers[n++] = &values[i].tensor_list.data;
      pointers[n++] = &values[i].tensor_list.size;
    } else {
      pointers[n++] = &values[i];
    }
  }
  CValue result;
  memset(&result, 0, sizeof result);
  ffi_call((ffi_cif*)&sig->cif, k->unboxed, &result, pointers);
  return box_result(sig->ret_kind, &result, rets);
}

/* PyTorch 1.13: KernelFunction::callBoxed */
int KernelFunction_callBoxed(const KernelFunction* k, const OperatorEntry* op, DispatchKeySet ks,
                             IValue* args, IValue* rets) {
  TORCH_INTERNAL_ASSERT(!k->fallthrough);
  if (k->boxed != NULL) return k->boxed(k, op, ks, args, rets);
  return call_unboxed_from_boxed(k, op, args, rets);
}
