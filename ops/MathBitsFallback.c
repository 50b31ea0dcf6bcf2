/*
 * MathBitsFallback.c - the Conjugate and Negative keys' fallback (Note
 * [Resolving the math bits] in MathBitsFallback.h).
 * PyTorch 1.13: aten/src/ATen/native/MathBitsFallback.h
 */
#include "ops/MathBitsFallback.h"

#include <stdio.h>

#include "Functions.h"
#include "dispatch/Dispatcher.h"
#include "ops/Resize.h"
#include "runtime/Exception.h"

enum { kMaxArguments = 64 };

static bool bit_set(DispatchKey key, const Tensor* t) {
  return t != NULL && DispatchKeySet_has(t->key_set, key);
}

/* Whether the operator writes an argument (Tensor(a!): in place or out=,
 * 1), writes none it aliases (Tensor(a): a view, 0), or aliases none (-1);
 * -2 with 1.13's error for a mix. */
static int write_kind(const FunctionSchema* schema, const char* what) {
  int is_write = -1;
  for (size_t i = 0; i < schema->num_arguments; i++) {
    const AliasInfo* alias = &schema->arguments[i].alias_info;
    if (!alias->present) continue;
    TORCH_CHECK(is_write < 0 || is_write == alias->is_write,
                "Unsupported operator for %s fallback: %s%s%s %s fallback doesn't work for operators with a mix "
                "mutable and non-mutable inputs that alias with outputs, this must be implemented manually.  If "
                "you got this error on a core op, please report a bug to PyTorch.",
                what, schema->name, *schema->overload_name ? "." : "", schema->overload_name, what);
    is_write = alias->is_write;
  }
  return is_write;
fail:
  return -2;
}

/* PyTorch 1.13: MathBitsFallback.h MathOpFallback::fallback_impl */
static int math_bits_fallback(DispatchKey key, const char* what, const OperatorEntry* op, DispatchKeySet ks,
                              IValue* args, IValue* rets) {
  const FunctionSchema* schema = &op->schema;
  const size_t n = schema->num_arguments;
  DispatchKeySet below = DispatchKeySet_and(ks, DispatchKeySet_fullAfter(key));
  int is_write = write_kind(schema, what);
  if (is_write == -2) return -1;
  if (is_write == 0) return Dispatcher_redispatchBoxed(op, below, args, rets);

  TORCH_INTERNAL_ASSERT(n <= kMaxArguments);
  IValue local[kMaxArguments];
  bool made[kMaxArguments] = {false}; /* local[i] is a clone (list) of ours, not the caller's argument */
  Tensor *mutable_input = NULL, *mutable_clone = NULL;
  int rc = -1;
  for (size_t i = 0; i < n; i++) local[i] = args[i];
  for (size_t i = 0; i < n; i++) {
    bool mut = schema->arguments[i].alias_info.present;
    if (args[i].tag == IValueTag_Tensor && bit_set(key, args[i].u.tensor)) {
      Tensor* clone = at_clone(args[i].u.tensor, kNoMemoryFormat);
      if (clone == NULL) goto done;
      if (mut) {
        if (mutable_input != NULL) {
          Tensor_release(clone);
          Error_set(ErrorType_RuntimeError, "%s fallback does not support operators with more than one mutable "
                    "tensors with %sbit set to true.", what, what);
          goto done;
        }
        mutable_input = args[i].u.tensor;
        mutable_clone = clone;
      }
      local[i] = IValue_takeTensor(clone);
      made[i] = true;
    } else if (args[i].tag == IValueTag_TensorList) {
      TensorList l = IValue_toTensorList(&args[i]);
      bool any = false;
      for (size_t j = 0; j < l.size; j++) any = any || bit_set(key, l.data[j]);
      if (!any) continue;
      if (mut) {
        Error_set(ErrorType_RuntimeError, " fallback doesn't currently support mutable TensorLists with %s inputs. "
                  "Please materialize all the %s input tensor(s) in the mutable TensorList inputs before calling %s",
                  what, what, schema->name);
        goto done;
      }
      local[i] = IValue_copyTensorList(l); /* our list, whose flagged tensors become clones */
      made[i] = true;
      Tensor** items = (Tensor**)local[i].u.list.data;
      for (size_t j = 0; j < l.size; j++) {
        if (!bit_set(key, items[j])) continue;
        Tensor* clone = at_clone(items[j], kNoMemoryFormat);
        if (clone == NULL) goto done;
        Tensor_release(items[j]);
        items[j] = clone;
      }
    }
  }
  if (Dispatcher_redispatchBoxed(op, below, local, rets) < 0) goto done;
  if (mutable_input != NULL) {
    /* the clone written, copied back into the argument (an out= resized first) */
    TORCH_INTERNAL_ASSERT(rets[0].tag == IValueTag_Tensor && rets[0].u.tensor == mutable_clone);
    if (resize_output(mutable_input, Tensor_sizes(mutable_clone)) < 0) goto done;
    Tensor* copied = at_copy_(mutable_input, mutable_clone, false);
    if (copied == NULL) goto done;
    IValue_release(&rets[0]);
    rets[0] = IValue_takeTensor(copied);
  }
  rc = 0;
done:
  for (size_t i = 0; i < n; i++)
    if (made[i]) IValue_release(&local[i]);
  return rc;
}

int conjugateFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                      IValue* rets) {
  (void)kernel;
  return math_bits_fallback(DispatchKey_Conjugate, "conjugate", op, ks, args, rets);
}

int negationFallback(const KernelFunction* kernel, const OperatorEntry* op, DispatchKeySet ks, IValue* args,
                     IValue* rets) {
  (void)kernel;
  return math_bits_fallback(DispatchKey_Negative, "negation", op, ks, args, rets);
}

void register_math_bit_fallthroughs(DispatchKey key, const char* const* names, const char* file, int line) {
  for (size_t i = 0; names[i] != NULL; i++) {
    char qualified[128];
    snprintf(qualified, sizeof qualified, "aten::%s", names[i]);
    OperatorEntry* op = Dispatcher_findSchema(qualified);
    if (op != NULL) Dispatcher_registerImpl(op, key, KernelFunction_makeFallthrough(), file, line);
  }
}
