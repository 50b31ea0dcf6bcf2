/*
 * value.h - the interpreter's values: Python's objects, as far as the
 * dialect needs them (docs/dialect.md).
 *
 * Values are reference counted.  A Tensor value holds one reference to a
 * runtime Tensor; two names bound to the same tensor share the Value, so
 * identity behaves as in Python (an in-place method returns its self).
 * Callables are values too: builtins, operator packets (`torch.reshape`,
 * `torch.ops.aten.reshape.default`), bound methods (`a.view`), types
 * (`int`, `torch.Tensor`: typeobject.c) and functions a script defines
 * (function.c).
 */
#ifndef MINATEN_INTERP_VALUE_H
#define MINATEN_INTERP_VALUE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "runtime/Device.h"
#include "runtime/MemoryFormat.h"
#include "runtime/ScalarType.h"
#include "runtime/TensorImpl.h"

typedef enum ValueKind {
  Value_None,
  Value_Bool,
  Value_Int,
  Value_Float,
  Value_Str,
  Value_Tuple,
  Value_List,
  Value_Size,  /* torch.Size: a tuple of ints */
  Value_Tensor,
  Value_Dtype,
  Value_MemoryFormat,
  Value_QScheme, /* torch.per_tensor_affine, torch.per_channel_affine */
  Value_Device,
  Value_Ellipsis,
  Value_Slice,  /* a:b:c inside a subscript; items are start, stop, step (None when missing) */
  Value_Module, /* torch, torch.ops, torch.ops.NS */
  Value_Ops,    /* an operator name, maybe with an overload: torch.reshape, torch.ops.aten.view.default */
  Value_Builtin,
  Value_Method,   /* a bound method: self + a builtin or an operator name */
  Value_Range,    /* range(start, stop, step): rangeobject.c */
  Value_Iterator, /* an iterator (iterobject.c): over a sequence, a range, enumerate, zip, a generator */
  Value_Type,     /* a type object: int, torch.Tensor (typeobject.c) */
  Value_Function, /* a function defined by `def` (function.c) */
  Value_Object,   /* an object of the bindings, known through its ObjectType: a grad_fn node,
                     the context manager torch.no_grad() returns */
} ValueKind;

typedef struct Value Value;
struct Interp;
struct Code;

/* A builtin: receives positional and keyword arguments; returns a new
 * reference, or NULL with the error indicator set. */
typedef Value* (*BuiltinFn)(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw);

/* A type, as Python's type objects: `type(x)`, `isinstance(x, T)`, `T(...)`. */
typedef struct TypeObject {
  const char* name;               /* "int", "Tensor" (__name__) */
  const char* module;             /* NULL for builtins, "torch" */
  const struct TypeObject* base;  /* bool is an int, torch.Size a tuple; NULL: object */
  BuiltinFn call;                 /* T(...), or NULL */
} TypeObject;

/* The type of a Value_Object: the slots of a CPython type object the
 * interpreter calls.  The bindings define these (grad_fn nodes, grad-mode
 * context managers); the interpreter knows nothing else of them. */
typedef struct ObjectType {
  TypeObject type;                /* type(x), type(x).__name__ */
  void (*dealloc)(void* payload); /* the last reference went */
  /* obj.NAME (a new reference), or NULL with an AttributeError; NULL slot: no attributes */
  Value* (*getattro)(Value* self, const char* name);
  /* repr(obj) and str(obj), written to out; 0 or -1 */
  int (*repr)(const Value* self, FILE* out);
  /* The context manager protocol (`with obj as x:`): __enter__ returns what
   * `as` binds (a new reference) or NULL with the error set; __exit__ cannot
   * fail.  NULL slots: "'X' object does not support the context manager protocol". */
  Value* (*enter)(Value* self);
  void (*exit)(Value* self);
} ObjectType;

/* What an iterator walks (iterobject.c). */
typedef enum IterKind {
  Iter_Seq,       /* the items of a tuple, list, torch.Size (read live: a list may grow) */
  Iter_Str,       /* the characters of a string */
  Iter_Range,     /* the numbers of a range */
  Iter_Enumerate, /* (count, item) over another iterator */
  Iter_Zip,       /* tuples of the next items of several iterators */
} IterKind;

struct Value {
  int refcount;
  ValueKind kind;
  union {
    bool b;
    int64_t i;
    double f;
    char* s; /* Str; Module: "torch", "torch.ops", "torch.ops.aten" */
    struct {
      Value** items;
      int n;
      /* a Tuple an operator returned with named fields (torch.return_types.max):
       * the names are its schema's return names */
      const struct FunctionSchema* named;
    } seq; /* Tuple, List, Size, Slice */
    Tensor* tensor;
    ScalarType dtype;
    MemoryFormat memory_format;
    QScheme qscheme;
    Device device;
    struct {
      char* ns;       /* "aten" */
      char* name;     /* "reshape" */
      char* overload; /* NULL: any overload; "" for `.default` */
      bool method;    /* resolve method variants (self is bound) */
      bool all;       /* torch.ops: every operator, whatever its variants */
    } ops;
    struct {
      const char* name;
      BuiltinFn fn;
    } builtin;
    struct {
      Value* self;
      Value* callee; /* a Builtin or an Ops value */
    } method;
    struct {
      int64_t start, stop, step;
    } range;
    struct {
      IterKind kind;
      const char* name; /* its type's name: "list_iterator", "zip", "generator" */
      Value* source;    /* the sequence, range, iterator, or tuple of iterators (zip) */
      int64_t index;    /* the next position; enumerate: the next count */
      bool done;        /* exhausted: stays exhausted */
    } iter;
    const TypeObject* type;
    struct {
      struct Code* code;
      Value** defaults; /* the values of the last ndefaults parameters */
      int ndefaults;
      struct Interp* interp; /* where it runs (its globals) */
    } function;
    struct {
      const ObjectType* type;
      void* payload; /* owned (type->dealloc frees it); `is` compares payloads */
    } object;
  } u;
  /* Str: its text holds a NUL byte ("a\0b"), where u.s, a C string, ends.
   * NB(minaten): a string is a C string, so "a\0b" reads as "a" (len 1,
   * where Python's len is 3); what hands a string to the system
   * (torch.ops.load_library) refuses one with a NUL as Python does
   * (ValueError: embedded null byte) rather than use the text before it.
   * Set where a literal makes such a string (Value_strn); operations on
   * strings make C strings from C strings and do not carry it. */
  bool has_nul;
};

/* A new value of `kind` (refcount 1), its payload zeroed: for the
 * constructors below and those of iterobject.c, rangeobject.c, function.c. */
Value* Value_alloc(ValueKind kind);
Value* Value_none(void);
Value* Value_bool(bool b);
Value* Value_int(int64_t i);
Value* Value_float(double f);
Value* Value_str(const char* s);
Value* Value_strn(const char* s, size_t n);
Value* Value_seq(ValueKind kind, int n); /* items zeroed; fill with references */
/* The field of a named tuple (`r.values`), a new reference, or NULL. */
Value* Value_namedField(const Value* tuple, const char* name);
Value* Value_tensor(Tensor* t);          /* steals the reference */
Value* Value_dtype(ScalarType t);
Value* Value_memoryFormat(MemoryFormat m);
Value* Value_qscheme(QScheme q);
Value* Value_device(Device d);
Value* Value_ellipsis(void);
Value* Value_module(const char* name);
Value* Value_ops(const char* ns, const char* name, const char* overload, bool method, bool all);
Value* Value_builtin(const char* name, BuiltinFn fn);
Value* Value_method(Value* self, Value* callee); /* takes new references to both */
Value* Value_type(const TypeObject* type);
Value* Value_object(const ObjectType* type, void* payload); /* takes over the payload */
Value* Value_sizeFrom(IntArrayRef sizes);  /* torch.Size */
Value* Value_tupleFrom(IntArrayRef ints);   /* a tuple of ints (stride()) */

Value* Value_retain(Value* v);
void Value_release(Value* v);

/* Python's repr of a float: the shortest text that reads back (0.1, 1e-05, 2.0). */
void format_python_float(double d, char* out, size_t size);
/* Python's str(v) appended to `out` (tensors print with PyTorch's layout). */
int Value_str_write(const Value* v, FILE* out);
/* Python's repr(v): strings quoted, devices as device(type='cpu'). */
int Value_repr_write(const Value* v, FILE* out);
/* Python's type name: "int", "Tensor", "tuple". */
const char* Value_typeName(const Value* v);
bool Value_isNumber(const Value* v);
/* Whether `target` is v or inside it (a list must not come to contain itself:
 * values are reference counted without a cycle collector). */
bool Value_reaches(const Value* v, const Value* target);
double Value_toDouble(const Value* v);

#endif
