/*
 * KernelFunction.h - one entry of a dispatch table: a kernel, boxed or unboxed.
 *
 * An unboxed kernel is a typed C function (`Tensor* at_native_view(const
 * Tensor* self, IntArrayRef size)`), called straight from the generated
 * entry point `at_view` with no boxing.  A boxed kernel takes its arguments as
 * an array of IValues; fallbacks that serve every operator (the trace mode,
 * BackendSelect, a missing kernel) are boxed because they cannot know the C
 * signature.  Either kind can be called either way:
 *   - boxed call of an unboxed kernel: the operator's generated
 *     at_<op>_boxed_from_unboxed (Functions.c), or libffi for an operator
 *     defined at run time, driven by its schema (KernelFunction_callBoxed,
 *     see Note [Calling unboxed kernels from a boxed stack] in
 *     KernelFunction.c);
 *   - unboxed call of a boxed kernel: the generated entry point boxes its
 *     arguments (borrowed, no allocation) and unboxes the result.
 * A fallthrough kernel is never called: the dispatcher masks its key out
 * (OperatorEntry.nonFallthroughKeys) and runs the next key down.
 *
 * PyTorch 1.13: ATen/core/boxing/KernelFunction.h
 */
#ifndef MINATEN_DISPATCH_KERNELFUNCTION_H
#define MINATEN_DISPATCH_KERNELFUNCTION_H

#include <stdbool.h>

#include "runtime/DispatchKeySet.h"
#include "runtime/IValue.h"

typedef struct OperatorEntry OperatorEntry;
typedef struct KernelFunction KernelFunction;

/* Any typed kernel, stored type-erased; the generated entry point casts it
 * back to the operator's C signature (function-to-function pointer casts are
 * well defined in C when the call uses the original type). */
typedef void (*UnboxedFunction)(void);

/*
 * Calls `kernel`, an unboxed kernel of one operator (cast back to that
 * operator's C signature), with the boxed arguments `args`, and stores its
 * result in `rets`: generated per operator (at_reshape_boxed_from_unboxed in
 * Functions.c).  Returns 0, or -1 with the error indicator set.
 * PyTorch 1.13: make_boxed_from_unboxed_functor<KernelFunctor>::call
 */
typedef int (*BoxedFromUnboxedFunction)(UnboxedFunction kernel, IValue* args, IValue* rets);

/*
 * A boxed kernel: `args` holds the schema's arguments (borrowed, all of them,
 * defaults filled in), `rets` receives the schema's returns (owned by the
 * caller afterwards).  `ks` is the key set this call dispatched on, so the
 * kernel can redispatch below its own key.  Returns 0, or -1 with the error
 * indicator set (and nothing in rets).
 * PyTorch 1.13: ATen/core/boxing/BoxedKernel.h BoxedKernel::InternalBoxedKernelFunction
 */
typedef int (*BoxedKernelFunction)(const KernelFunction* kernel, const OperatorEntry* op,
                                   DispatchKeySet ks, IValue* args, IValue* rets);

struct KernelFunction {
  BoxedKernelFunction boxed; /* NULL for an unboxed-only kernel */
  UnboxedFunction unboxed;   /* the typed C function, or NULL */
  const char* name;          /* "at_native_view": shown by traces and dumps */
  bool fallthrough;
  /* A boxed functor's state, which its boxed function reads through the
   * `kernel` it is given (a Python kernel's function: PythonKernelHolder in
   * csrc/utils/python_dispatch.c); NULL for a plain function.  Whoever
   * registered the kernel owns it and keeps it alive while registered.
   * PyTorch 1.13: KernelFunction::functor_ (an OperatorKernel) */
  void* functor;
};

/* PyTorch 1.13: KernelFunction::makeFromUnboxedFunction */
KernelFunction KernelFunction_makeUnboxed(UnboxedFunction fn, const char* name);
/* PyTorch 1.13: KernelFunction::makeFromBoxedFunction */
KernelFunction KernelFunction_makeBoxed(BoxedKernelFunction fn, const char* name);
/* A boxed kernel with state: `fn` finds `functor` in kernel->functor.
 * PyTorch 1.13: KernelFunction::makeFromBoxedFunctor */
KernelFunction KernelFunction_makeFromBoxedFunctor(BoxedKernelFunction fn, void* functor, const char* name);
/* PyTorch 1.13: KernelFunction::makeFallthrough */
KernelFunction KernelFunction_makeFallthrough(void);

static inline bool KernelFunction_isValid(const KernelFunction* k) {
  return k->boxed != NULL || k->unboxed != NULL || k->fallthrough;
}

/* Prepares the libffi call interface through which an unboxed kernel of
 * `op` is called boxed (op->ffi, from op->schema), see Note [Calling
 * unboxed kernels from a boxed stack] in KernelFunction.c.  Called by
 * Dispatcher_registerDef once per schema.  Cannot fail: a schema with a type
 * minaten cannot pass to C leaves op->ffi NULL, and then only boxed kernels
 * can serve it (a boxed call of an unboxed one raises RuntimeError). */
void KernelFunction_prepareFfi(OperatorEntry* op);
/* Frees what KernelFunction_prepareFfi made and sets op->ffi to NULL;
 * called by Dispatcher_cleanup. */
void KernelFunction_freeFfi(OperatorEntry* op);

/* Calls the kernel with boxed arguments; one that has only an unboxed
 * function through op->boxed_from_unboxed, or else libffi.  Returns 0 or -1 (error indicator set).
 * PyTorch 1.13: ATen/core/boxing/KernelFunction_impl.h KernelFunction::callBoxed */
int KernelFunction_callBoxed(const KernelFunction* k, const OperatorEntry* op, DispatchKeySet ks,
                             IValue* args, IValue* rets);

#endif
