/*
 * StandardFallbacks.c - the backend fallbacks every operator shares, which
 * Dispatcher_registerStandardFallbacks registers at start-up (before the
 * generated registrations).  Kept apart from Dispatcher.c so that the
 * places `minaten dispatch` names for them ("registered at
 * dispatch/StandardFallbacks.c:NN") stay put when the registry changes.
 */
#include "dispatch/Dispatcher.h"
#include "dispatch/KernelFunction.h"
#include "dispatch/PythonFallbackKernel.h"

/*
 * Until minaten has autograd, the autograd keys and ADInplaceOrView pass every
 * operator through (composite implicit kernels still land there as math
 * kernels, which take precedence over a fallback); BackendSelect passes
 * operators without tensor options through; Python: Note [The Python key].
 * PyTorch 1.13: aten/src/ATen/core/VariableFallbackKernel.cpp,
 * BackendSelectFallbackKernel.cpp, PythonFallbackKernel.cpp
 */
void Dispatcher_registerStandardFallbacks(void) {
  static const DispatchKey fallthrough_keys[] = {
      DispatchKey_BackendSelect, DispatchKey_ADInplaceOrView, DispatchKey_AutogradOther,
      DispatchKey_AutogradCPU, DispatchKey_AutogradLazy, DispatchKey_AutogradMeta};
  for (size_t i = 0; i < sizeof fallthrough_keys / sizeof fallthrough_keys[0]; i++)
    Dispatcher_registerFallback(fallthrough_keys[i], KernelFunction_makeFallthrough(),
                                "dispatch/StandardFallbacks.c", __LINE__);
  Dispatcher_registerFallback(DispatchKey_Python,
                              /* the TorchDispatchModes, then the trace mode */
                              KernelFunction_makeBoxed(pythonFallback, "pythonFallback"),
                              "dispatch/StandardFallbacks.c", __LINE__);
  Dispatcher_registerFallback(DispatchKey_PythonTLSSnapshot,
                              KernelFunction_makeBoxed(pythonTLSSnapshotFallback, "pythonTLSSnapshotFallback"),
                              "dispatch/StandardFallbacks.c", __LINE__);
}
