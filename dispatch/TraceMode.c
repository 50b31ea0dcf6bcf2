/*
 * TraceMode.c - the trace mode's key and fallback; see TraceMode.h.
 * PyTorch 1.13: aten/src/ATen/core/PythonFallbackKernel.cpp
 */
#include "dispatch/TraceMode.h"

#include <string.h>

#include "dispatch/Dispatcher.h"
#include "runtime/LocalDispatchKeySet.h"

static FILE* trace_output = NULL;

void TraceMode_setEnabled(bool enabled) {
  tls_set_dispatch_key_included(DispatchKey_Python, enabled);
}

bool TraceMode_isEnabled(void) { return tls_is_dispatch_key_included(DispatchKey_Python); }

void TraceMode_setOutput(FILE* out) { trace_output = out; }

bool TraceMode_isActive(void) {
  LocalDispatchKeySet tls = tls_local_dispatch_key_set_get();
  return DispatchKeySet_has(tls.included, DispatchKey_Python) &&
         !DispatchKeySet_has(tls.excluded, DispatchKey_Python);
}

void TraceMode_printOp(const char* qualified_name) {
  fprintf(trace_output ? trace_output : stdout, "op %s\n", qualified_name);
}

/*
 * The name the mode sees.  A lazy tensor reaches the mode through 1.13's
 * functionalization layer, which sits above it and turns a view operator into
 * its copying variant (aten::select_copy.int) and an in-place operator into
 * its functional one (aten::add.Tensor for add_.Tensor, aten::zero for
 * zero_).  NB(minaten): 1.13 also shows the select_copy/select_scatter pair a
 * write through a view makes; minaten's lazy backend does that write inside
 * one node (ops/lazy/LazyIr.h ViewScatter) and shows the operator only.
 * PyTorch 1.13: aten/src/ATen/FunctionalizeFallbackKernel.cpp, the generated
 * RegisterFunctionalization_*.cpp
 */
static const char* name_seen(const OperatorEntry* op, const IValue* args, char* buf, size_t size) {
  const FunctionSchema* s = &op->schema;
  if (s->num_arguments == 0 || args[0].tag != IValueTag_Tensor || args[0].u.tensor->lazy == NULL ||
      s->num_returns == 0 || !s->arguments[0].alias_info.present || !s->returns[0].alias_info.present)
    return op->qualified_name;
  size_t len = strlen(s->name);
  const char* overload = s->overload_name[0] ? "." : "";
  if (!s->returns[0].alias_info.is_write) {
    snprintf(buf, size, "%s::%s_copy%s%s", s->ns, s->name, overload, s->overload_name);
    return buf;
  }
  if (len > 1 && s->name[len - 1] == '_') {
    snprintf(buf, size, "%s::%.*s%s%s", s->ns, (int)(len - 1), s->name, overload, s->overload_name);
    return buf;
  }
  return op->qualified_name;
}

/*
 * Prints `op aten::transpose.int` (the default overload without a suffix, as
 * the reference run prints str(func)), then runs the operator below the
 * Python key with the key excluded, so that what the kernel calls in turn is
 * not traced: PyTorch's mode is likewise popped while __torch_dispatch__ runs.
 * PyTorch 1.13: PythonFallbackKernel.cpp pythonFallback
 */
int TraceMode_pythonFallback(const KernelFunction* kernel, const OperatorEntry* op,
                             DispatchKeySet ks, IValue* args, IValue* rets) {
  (void)kernel;
  char name[160];
  TraceMode_printOp(name_seen(op, args, name, sizeof name));
  DispatchKeyGuard guard = ExcludeDispatchKeyGuard_push(DispatchKeySet_of(DispatchKey_Python));
  int r = Dispatcher_redispatchBoxed(op, DispatchKeySet_and(ks, DispatchKeySet_fullAfter(DispatchKey_Python)),
                                     args, rets);
  DispatchKeyGuard_pop(guard);
  return r;
}
