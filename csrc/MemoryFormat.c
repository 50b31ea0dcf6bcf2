/*
 * MemoryFormat.c - torch.memory_format (MemoryFormat.h).
 * PyTorch 1.13: torch/csrc/MemoryFormat.cpp, torch/csrc/utils/tensor_memoryformats.cpp initializeMemoryFormats
 */
#include "csrc/MemoryFormat.h"

static const char* const kNames[] = {"contiguous_format", "preserve_format", "channels_last", "channels_last_3d"}; /* by value */
enum { kCount = sizeof kNames / sizeof kNames[0] };
static THPNamedConstant* objects[kCount];

PyObject* THPMemoryFormat_get(MemoryFormat v) { return (PyObject*)objects[v]; }

PyTypeObject THPMemoryFormatType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "torch.memory_format",
    .tp_basicsize = sizeof(THPNamedConstant),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_repr = THPNamedConstant_repr,
};

int THPMemoryFormat_init(PyObject* module) {
  return THPNamedConstant_init(module, &THPMemoryFormatType, "memory_format", kNames, kCount, objects);
}
