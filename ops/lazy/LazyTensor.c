/*
 * LazyTensor.c - lazy tensor headers and the IR value a tensor stands for;
 * see LazyTensor.h.  Running graphs is in LazyGraphExecutor.c.
 * PyTorch 1.13: torch/csrc/lazy/core/tensor.cpp, tensor_impl.cpp
 */
#include "ops/lazy/LazyTensor.h"

#include <stdlib.h>

#include "Functions.h"
#include "Operators.h"
#include "runtime/Exception.h"

/* The header's lazy destructor (Tensor_releaseLazy): the last header
 * standing for the tensor frees it. */
static void LazyTensor_release(LazyTensor* lt) {
  if (--lt->refcount > 0) return;
  LazyNode_release(lt->value.node);
  free(lt);
}

static Tensor* LazyTensor_shallowCopy(const Tensor* t);

void LazyTensor_registerHooks(void) {
  Tensor_releaseLazy = LazyTensor_release;
  Tensor_shallowCopyLazy = LazyTensor_shallowCopy;
}

/* The strides a lazy tensor reports: row-major products of the sizes
 * after each dimension, with no clamping of sizes 0 and 1 (a [3, 0] tensor
 * reports [0, 1], where a CPU one reports [1, 1]).
 * PyTorch 1.13: torch/csrc/lazy/core/helpers.cpp ComputeArrayStrides */
static void compute_array_strides(IntArrayRef sizes, int64_t* strides) {
  for (size_t i = sizes.size; i-- > 0;)
    strides[i] = i + 1 == sizes.size ? 1 : strides[i + 1] * sizes.data[i + 1];
}

/* Gives the header these sizes and lazy strides (compute_array_strides).
 * PyTorch 1.13: torch/csrc/lazy/core/tensor_impl.cpp
 * LTCTensorImpl::setup_size_properties */
static int set_lazy_sizes(Tensor* t, IntArrayRef sizes) {
  int64_t strides[MINATEN_MAX_DIM];
  compute_array_strides(sizes, strides);
  return Tensor_setSizesAndStrides(t, sizes, IntArrayRef_make(strides, sizes.size));
}

/* A storage-less header with lazy strides for the shape of v, standing
 * for `lt` (one more reference; a fresh LazyTensor holding v when NULL).
 * PyTorch 1.13: torch/csrc/lazy/core/tensor_impl.cpp LTCTensorImpl::LTCTensorImpl */
static Tensor* new_header(LazyValue v, LazyTensor* lt) {
  const LazyShape* s = LazyValue_shape(v);
  int64_t strides[MINATEN_MAX_DIM];
  IntArrayRef sizes = IntArrayRef_make(s->sizes, (size_t)s->dim);
  compute_array_strides(sizes, strides);
  Device lazy = {DeviceType_Lazy, 0};
  Tensor* t = Tensor_new(NULL, 0, sizes, IntArrayRef_make(strides, (size_t)s->dim), s->dtype, lazy,
                         DispatchKey_Lazy);
  if (t == NULL) return NULL;
  LazyTensor_registerHooks();
  if (lt == NULL) {
    lt = calloc(1, sizeof *lt);
    TORCH_INTERNAL_ASSERT(lt != NULL);
    lt->value = LazyValue_make(LazyNode_retain(v.node), v.index);
  }
  lt->refcount++;
  t->lazy = lt;
  /* Lazy strides are contiguous by construction; so is the tensor. */
  t->is_contiguous = true;
  return t;
}

/* Tensor_shallowCopyLazy: a second header standing for the same tensor as
 * t (detach, alias), so it reads what t reads, sees t's writes, and builds
 * no node.
 * PyTorch 1.13: LTCTensorImpl::shallow_copy_and_detach */
static Tensor* LazyTensor_shallowCopy(const Tensor* t) {
  Tensor* copy = new_header(t->lazy->value, t->lazy);
  if (copy == NULL) return NULL;
  copy->is_contiguous = t->is_contiguous;
  return copy;
}

Tensor* LazyTensor_create(LazyValue v) { return new_header(v, NULL); }

static void set_value(LazyTensor* lt, LazyValue v) {
  LazyNode_retain(v.node);
  LazyNode_release(lt->value.node);
  lt->value = v;
}

LazyValue LazyTensor_value(Tensor* t) { return t->lazy->value; }

int LazyTensor_operand(const Tensor* t, LazyValue* out) {
  if (Tensor_isLazy(t)) {
    LazyValue v = LazyTensor_value((Tensor*)t);
    if (v.node == NULL) return -1;
    *out = LazyValue_make(LazyNode_retain(v.node), v.index);
    return 0;
  }
  Tensor* snap = at_clone(t, kNoMemoryFormat);
  if (snap == NULL) return -1;
  snap->is_wrapped_number = t->is_wrapped_number;
  *out = LazyValue_make(LazyNode_deviceData(snap), 0);
  Tensor_release(snap);
  return 0;
}

int LazyTensor_errorDeviceMismatch(void) {
  Error_set(ErrorType_RuntimeError,
            "Expected all tensors to be on the same device, but found at least two devices, "
            "lazy:0 and cpu!");
  return -1;
}

/* Whether argument i of op is an out= argument: written, after `*`. */
static bool is_out_argument(const OperatorEntry* op, int i) {
  const Argument* a = &op->schema.arguments[i];
  return a->alias_info.is_write && a->kwarg_only;
}

int LazyTensor_checkDevices(const OperatorEntry* op, const IValue* args, bool* any_lazy) {
  bool lazy_in = false, cpu_in = false, lazy_out = false, cpu_out = false;
  for (int k = 0; k < op->num_tensor_args; k++) {
    int i = op->tensor_arg_index[k];
    const IValue* v = &args[i];
    bool out = is_out_argument(op, i);
    bool* lazy = out ? &lazy_out : &lazy_in;
    bool* cpu = out ? &cpu_out : &cpu_in;
    if (v->tag == IValueTag_Tensor) {
      const Tensor* t = v->u.tensor;
      if (Tensor_isLazy(t)) *lazy = true;
      else if (t->dim != 0 && !(op == at_op_copy_ && i == 1)) *cpu = true;
    } else if (v->tag == IValueTag_TensorList) {
      TensorList l = IValue_toTensorList(v);
      for (size_t e = 0; e < l.size; e++) {
        if (l.data[e] == NULL) continue;
        if (Tensor_isLazy(l.data[e])) *lazy = true;
        else if (l.data[e]->dim != 0) *cpu = true;
      }
    }
  }
  *any_lazy = lazy_in || lazy_out;
  /* Only the out= arguments lazy: 1.13's functionalization runs the
   * functional operator on the CPU inputs and replaces the outs' values. */
  bool mismatch = lazy_in ? cpu_in || cpu_out : lazy_out && cpu_out;
  return mismatch ? LazyTensor_errorDeviceMismatch() : 0;
}

void LazyTensor_write(Tensor* t, LazyValue v) {
  const LazyShape* shape = LazyValue_shape(v);
  if (!Tensor_hasSizes(t, IntArrayRef_make(shape->sizes, (size_t)shape->dim)))
    TORCH_INTERNAL_ASSERT(set_lazy_sizes(t, IntArrayRef_make(shape->sizes, (size_t)shape->dim)) == 0);
  set_value(t->lazy, v);
  /* 1.13 reports a written tensor as a fresh one: offset 0, contiguous. */
  t->storage_offset = 0;
  t->is_contiguous = true;
}

Tensor* LazyTensor_toCpu(Tensor* t) {
  LazyValue v = LazyTensor_value(t);
  if (v.node == NULL) return NULL;
  if (LazyGraph_run(&v, 1) < 0) return NULL;
  Tensor* r = Tensor_retain(v.node->results[v.index]);
  if (v.node->kind != LazyNodeKind_DeviceData) {
    /* The tensor now holds its data: its value becomes device_data, and the
     * graph behind it is released unless something else needs it.
     * PyTorch 1.13: LazyGraphExecutor::SyncTensorsGraphInternal (SetTensorData) */
    LazyNode* data = LazyNode_deviceData(r);
    data->results = calloc(1, sizeof *data->results);
    TORCH_INTERNAL_ASSERT(data->results != NULL);
    data->results[0] = Tensor_retain(r);
    set_value(t->lazy, LazyValue_make(data, 0));
    LazyNode_release(data);
  }
  return r;
}
