/*
 * DispatchKey.c - names of the keys, from the one list in DispatchKey.h.
 * PyTorch 1.13: c10/core/DispatchKey.cpp
 */
#include "runtime/DispatchKey.h"

#include <string.h>

static const char* const kKeyNames[] = {
#define RUNTIME_NAME(name, is_backend) #name,
    MINATEN_FORALL_RUNTIME_DISPATCH_KEYS(RUNTIME_NAME)
#undef RUNTIME_NAME
    "NumRuntimeKeys",
#define ALIAS_NAME(name) #name,
    MINATEN_FORALL_ALIAS_DISPATCH_KEYS(ALIAS_NAME)
#undef ALIAS_NAME
};
_Static_assert(sizeof kKeyNames / sizeof kKeyNames[0] == DispatchKey_EndOfAliasKeys,
               "one name per key");

static const bool kIsBackend[] = {
#define RUNTIME_BACKEND(name, is_backend) is_backend,
    MINATEN_FORALL_RUNTIME_DISPATCH_KEYS(RUNTIME_BACKEND)
#undef RUNTIME_BACKEND
};

const char* DispatchKey_name(DispatchKey k) {
  return (unsigned)k < DispatchKey_EndOfAliasKeys ? kKeyNames[k] : "UNKNOWN_DISPATCH_KEY";
}

DispatchKey DispatchKey_parse(const char* name) {
  for (int k = 0; k < DispatchKey_EndOfAliasKeys; k++)
    if (k != DispatchKey_NumRuntimeKeys && strcmp(kKeyNames[k], name) == 0) return (DispatchKey)k;
  return DispatchKey_EndOfAliasKeys;
}

bool DispatchKey_isBackend(DispatchKey k) {
  return k < DispatchKey_NumRuntimeKeys && kIsBackend[k];
}
