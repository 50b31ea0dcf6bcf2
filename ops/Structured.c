/*
 * Structured.c - the object of a structured kernel's meta and impl
 * functions; see Note [Structured kernels] in Structured.h.
 */
#include "ops/Structured.h"

#include <string.h>

#include "ops/EmptyTensor.h"
#include "ops/Resize.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"

static void init(StructuredOp* op, StructuredKind kind, DeviceType device, int num_outputs) {
  TORCH_INTERNAL_ASSERT(num_outputs >= 1 && num_outputs <= Structured_MAX_OUTPUTS);
  memset(op->outputs, 0, sizeof op->outputs);
  op->kind = kind;
  op->device = device;
  op->num_outputs = num_outputs;
  op->built = false;
  op->owned_input = NULL;
  op->precomputed = NULL;
  op->precomputed_free = NULL;
}

void StructuredOp_initFunctional(StructuredOp* op, DeviceType device, int num_outputs) {
  init(op, StructuredKind_Functional, device, num_outputs);
}

void StructuredOp_initInplace(StructuredOp* op, DeviceType device, Tensor* self) {
  init(op, StructuredKind_Inplace, device, 1);
  op->outputs[0] = Tensor_retain(self);
}

void StructuredOp_initOut(StructuredOp* op, DeviceType device, Tensor* const* outs, int num_outputs) {
  init(op, StructuredKind_Out, device, num_outputs);
  for (int i = 0; i < num_outputs; i++) op->outputs[i] = Tensor_retain(outs[i]);
}

void StructuredOp_initCpu(StructuredOp* op, Tensor* out, bool resize_out) {
  if (out == NULL) StructuredOp_initFunctional(op, DeviceType_CPU, 1);
  else if (resize_out) StructuredOp_initOut(op, DeviceType_CPU, &out, 1);
  else StructuredOp_initInplace(op, DeviceType_CPU, out);
}

void StructuredOp_setPrecomputed(StructuredOp* op, void* p, void (*free_fn)(void*)) {
  TORCH_INTERNAL_ASSERT(op->precomputed == NULL);
  op->precomputed = p;
  op->precomputed_free = free_fn;
}

Tensor* StructuredOp_ownInput(StructuredOp* op, Tensor* t) {
  TORCH_INTERNAL_ASSERT(op->owned_input == NULL);
  op->owned_input = t;
  return t;
}

Tensor* StructuredOp_maybeGetOutput(const StructuredOp* op, int i) { return op->outputs[i]; }

/* PyTorch 1.13: RegisterCPU.cpp check_inplace */
static int check_inplace(const Tensor* self, IntArrayRef sizes, ScalarType dtype, DeviceType device) {
  char b1[1536], b2[1536];
  TORCH_CHECK(dtype == self->dtype, "Bad in-place call: input tensor dtype %s and output tensor dtype %s should match",
              ScalarType_typeMetaName(self->dtype), ScalarType_typeMetaName(dtype));
  TORCH_CHECK(device == self->device.type,
              "Bad in-place call: input tensor device %s and output tensor device %s should match",
              DeviceType_name(self->device.type), DeviceType_name(device));
  TORCH_CHECK(Tensor_hasSizes(self, sizes), "Bad in-place call: input tensor size %s and output tensor size %s should match",
              IntArrayRef_format(Tensor_sizes(self), b1, sizeof b1), IntArrayRef_format(sizes, b2, sizeof b2));
  return 0;
fail:
  return -1;
}

/* Only an out= tensor that had to be resized takes the meta function's
 * strides or memory format: they are advisory.
 * PyTorch 1.13: RegisterCPU.cpp resize_out */
static int resize_out(Tensor* out, IntArrayRef sizes, IntArrayRef strides, OptionalMemoryFormat format,
                      ScalarType dtype, DeviceType device) {
  TRY(check_out_dtype(out, dtype) == 0);
  TORCH_CHECK(out->device.type == device, "Expected out tensor to have device %s, but got %s instead",
              DeviceType_name(device), DeviceType_name(out->device.type));
  int resized = strides.data != NULL ? resize_output_restrided(out, sizes, strides) : resize_output(out, sizes);
  TRY(resized >= 0);
  if (resized == 1 && format.has_value) TRY(Tensor_emptyTensorRestride(out, format.value) == 0);
  return 0;
fail:
  return -1;
}

/* set_output_raw_strided of either public form: strides (data NULL: none)
 * or a memory format (has_value false: none), never both.
 * PyTorch 1.13: the generated structured classes' set_output_raw_strided */
static int set_output(StructuredOp* op, int i, IntArrayRef sizes, IntArrayRef strides, OptionalMemoryFormat format,
                      ScalarType dtype) {
  TORCH_INTERNAL_ASSERT(i >= 0 && i < op->num_outputs && !op->built);
  switch (op->kind) {
  case StructuredKind_Functional: { /* create_out */
    Tensor* made = strides.data != NULL ? empty_strided_on(op->device, sizes, strides, dtype)
                                        : empty_on(op->device, sizes, dtype);
    if (made != NULL && format.has_value && Tensor_emptyTensorRestride(made, format.value) < 0) {
      Tensor_release(made);
      made = NULL;
    }
    if (made == NULL) return -1;
    Tensor_release(op->outputs[i]);
    op->outputs[i] = made;
    return 0;
  }
  case StructuredKind_Inplace:
    return check_inplace(op->outputs[i], sizes, dtype, op->device);
  case StructuredKind_Out:
    return resize_out(op->outputs[i], sizes, strides, format, dtype, op->device);
  }
  return 0;
}

int StructuredOp_setOutputRawStrided(StructuredOp* op, int i, IntArrayRef sizes, IntArrayRef strides,
                                     ScalarType dtype) {
  return set_output(op, i, sizes, strides, (OptionalMemoryFormat){false, MemoryFormat_Contiguous}, dtype);
}

int StructuredOp_setOutputMemoryFormat(StructuredOp* op, int i, IntArrayRef sizes, ScalarType dtype,
                                       MemoryFormat format) {
  return set_output(op, i, sizes, kNoStrides, (OptionalMemoryFormat){true, format}, dtype);
}

int StructuredOp_build(StructuredOp* op, TensorIteratorConfig* config) {
  TORCH_INTERNAL_ASSERT(!op->built && config->num_outputs == op->num_outputs);
  /* 1.13's out= wrapper resizes in set_output_raw_strided; the in-place
   * one only checks; a functional one has nothing to resize. */
  config->resize_outputs = op->kind == StructuredKind_Out;
  TRY(TensorIterator_build(&op->iter, config) == 0);
  op->built = true;
  for (int i = 0; i < op->num_outputs; i++) {
    Tensor* made = TensorIterator_output(&op->iter, i);
    Tensor_release(op->outputs[i]);
    op->outputs[i] = made;
  }
  return 0;
fail:
  return -1;
}

Tensor* StructuredOp_release(StructuredOp* op) {
  if (op->built) TensorIterator_release(&op->iter);
  op->built = false;
  for (int i = 0; i < op->num_outputs; i++) {
    Tensor_release(op->outputs[i]);
    op->outputs[i] = NULL;
  }
  Tensor_release(op->owned_input);
  op->owned_input = NULL;
  if (op->precomputed != NULL) op->precomputed_free(op->precomputed);
  op->precomputed = NULL;
  return NULL;
}

Tensor* StructuredOp_output(StructuredOp* op, int i) {
  Tensor* r = Tensor_retain(op->outputs[i]);
  StructuredOp_release(op);
  return r;
}

TensorTuple2 StructuredOp_outputs2(StructuredOp* op) {
  TORCH_INTERNAL_ASSERT(op->num_outputs == 2);
  TensorTuple2 r = {{Tensor_retain(op->outputs[0]), Tensor_retain(op->outputs[1])}};
  StructuredOp_release(op);
  return r;
}

TensorTuple2 StructuredOp_release2(StructuredOp* op) {
  StructuredOp_release(op);
  return (TensorTuple2){{NULL, NULL}};
}
