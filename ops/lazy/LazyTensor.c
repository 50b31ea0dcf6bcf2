/*
 * LazyTensor.c - lazy tensor headers, aliases, and the IR value a tensor
 * stands for; see LazyTensor.h.  Replaying a view chain is in LazyView.c,
 * running graphs in LazyGraphExecutor.c.
 * PyTorch 1.13: torch/csrc/lazy/core/tensor.cpp, tensor_impl.cpp,
 * aten/src/ATen/FunctionalTensorWrapper.cpp
 */
#include "ops/lazy/LazyTensor.h"

#include <stdlib.h>

#include "Functions.h"
#include "Operators.h"
#include "ops/lazy/LazyView.h"
#include "runtime/Exception.h"

static void LazyAlias_release(LazyAlias* a) {
  if (a == NULL || --a->refcount > 0) return;
  LazyNode_release(a->base.node);
  free(a);
}

/* The header's lazy destructor (Tensor_releaseLazy). */
static void LazyTensor_release(LazyTensor* lt) {
  LazyNode_release(lt->value.node);
  LazyAlias_release(lt->alias);
  LazyViewSteps_free(lt->steps, lt->num_steps);
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

/* A storage-less header with lazy strides for the shape of v.
 * PyTorch 1.13: torch/csrc/lazy/core/tensor_impl.cpp LTCTensorImpl::LTCTensorImpl */
static Tensor* new_header(LazyValue v, int64_t offset) {
  const LazyShape* s = LazyValue_shape(v);
  int64_t strides[MINATEN_MAX_DIM];
  IntArrayRef sizes = IntArrayRef_make(s->sizes, (size_t)s->dim);
  compute_array_strides(sizes, strides);
  Device lazy = {DeviceType_Lazy, 0};
  Tensor* t = Tensor_new(NULL, offset, sizes, IntArrayRef_make(strides, (size_t)s->dim), s->dtype, lazy,
                         DispatchKey_Lazy);
  if (t == NULL) return NULL;
  LazyTensor_registerHooks();
  LazyTensor* lt = calloc(1, sizeof *lt);
  TORCH_INTERNAL_ASSERT(lt != NULL);
  lt->value = LazyValue_make(LazyNode_retain(v.node), v.index);
  t->lazy = lt;
  /* Lazy strides are contiguous by construction; so is the tensor. */
  t->is_contiguous = true;
  return t;
}

/* Tensor_shallowCopyLazy: a second header over the same alias, view chain
 * and value as t, so it reads what t reads and builds no node.
 * PyTorch 1.13: FunctionalTensorWrapper::shallow_copy_and_detach */
static Tensor* LazyTensor_shallowCopy(const Tensor* t) {
  const LazyTensor* src = t->lazy;
  Tensor* copy = new_header(src->value, t->storage_offset);
  if (copy == NULL) return NULL;
  LazyTensor* lt = copy->lazy;
  lt->alias = src->alias;
  lt->alias->refcount++;
  lt->generation = src->generation;
  lt->steps = LazyViewSteps_copy(src->steps, src->num_steps, 0);
  lt->num_steps = src->num_steps;
  copy->is_contiguous = t->is_contiguous;
  return copy;
}

Tensor* LazyTensor_create(LazyValue v) {
  Tensor* t = new_header(v, 0);
  if (t == NULL) return NULL;
  LazyAlias* a = calloc(1, sizeof *a);
  TORCH_INTERNAL_ASSERT(a != NULL);
  a->refcount = 1;
  a->base = LazyValue_make(LazyNode_retain(v.node), v.index);
  t->lazy->alias = a;
  return t;
}

Tensor* LazyTensor_createView(const Tensor* base, LazyViewStep step, LazyValue v, int64_t offset) {
  Tensor* t = new_header(v, offset);
  if (t == NULL) {
    for (size_t i = 0; i < step.num_args; i++) IValue_release(&step.args[i]);
    free(step.args);
    return NULL;
  }
  const LazyTensor* b = base->lazy;
  LazyTensor* lt = t->lazy;
  lt->alias = b->alias;
  lt->alias->refcount++;
  lt->generation = b->generation;
  lt->steps = LazyViewSteps_copy(b->steps, b->num_steps, 1);
  lt->steps[b->num_steps] = step;
  lt->num_steps = b->num_steps + 1;
  return t;
}

static void set_value(LazyTensor* lt, LazyValue v) {
  LazyNode_retain(v.node);
  LazyNode_release(lt->value.node);
  lt->value = v;
}

int LazyTensor_mutateView(Tensor* t, LazyViewStep step) {
  LazyTensor* lt = t->lazy;
  LazyValue cur = LazyTensor_value(t);
  Tensor* self = cur.node != NULL ? LazyTensor_create(cur) : NULL;
  LazyValue next;
  int r = self != NULL ? LazyView_replay(&step, self, LazyTensor_operand, &next) : -1;
  Tensor_release(self);
  if (r == 0) {
    const LazyShape* shape = LazyValue_shape(next);
    r = set_lazy_sizes(t, IntArrayRef_make(shape->sizes, (size_t)shape->dim));
    if (r == 0) {
      set_value(lt, next);
      LazyViewStep* steps = LazyViewSteps_copy(lt->steps, lt->num_steps, 1);
      steps[lt->num_steps] = step;
      LazyViewSteps_free(lt->steps, lt->num_steps);
      lt->steps = steps;
      lt->num_steps++;
      t->is_contiguous = true;
    }
    LazyNode_release(next.node);
  }
  if (r < 0) {
    for (size_t i = 0; i < step.num_args; i++) IValue_release(&step.args[i]);
    free(step.args);
  }
  return r;
}

/* Replays the view chain on the alias base's current value: each step
 * on a lazy tensor holding the previous step's value (LazyView_replay
 * builds the step's node).
 * PyTorch 1.13: aten/src/ATen/FunctionalTensorWrapper.cpp
 * FunctionalTensorWrapper::regenerate_from_base */
static int regenerate_from_base(Tensor* t) {
  LazyTensor* lt = t->lazy;
  LazyValue v = lt->alias->base;
  LazyNode_retain(v.node);
  for (size_t s = 0; s < lt->num_steps; s++) {
    LazyValue next;
    Tensor* self = LazyTensor_create(v);
    int r = self ? LazyView_replay(&lt->steps[s], self, LazyTensor_operand, &next) : -1;
    Tensor_release(self);
    LazyNode_release(v.node);
    if (r < 0) return -1;
    v = next;
  }
  set_value(lt, v);
  LazyNode_release(v.node);
  lt->generation = lt->alias->generation;
  return 0;
}

LazyValue LazyTensor_value(Tensor* t) {
  LazyTensor* lt = t->lazy;
  if (lt->generation != lt->alias->generation && regenerate_from_base(t) < 0) {
    LazyValue none = {NULL, 0};
    return none;
  }
  return lt->value;
}

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
  LazyTensor* lt = t->lazy;
  LazyAlias* a = lt->alias;
  const LazyShape* shape = LazyValue_shape(v);
  if (!Tensor_hasSizes(t, IntArrayRef_make(shape->sizes, (size_t)shape->dim))) {
    /* A write that changes the shape (resize_, an out= argument resized, as
     * resize_output does on the CPU): the tensor leaves its alias group with
     * the new value as its own base; its old base and the other views keep
     * theirs, as they keep the old storage on the CPU. */
    LazyAlias* fresh = calloc(1, sizeof *fresh);
    TORCH_INTERNAL_ASSERT(fresh != NULL);
    fresh->refcount = 1;
    fresh->base = LazyValue_make(LazyNode_retain(v.node), v.index);
    LazyAlias_release(a);
    lt->alias = fresh;
    LazyViewSteps_free(lt->steps, lt->num_steps);
    lt->steps = NULL;
    lt->num_steps = 0;
    TORCH_INTERNAL_ASSERT(set_lazy_sizes(t, IntArrayRef_make(shape->sizes, (size_t)shape->dim)) == 0);
    set_value(lt, v);
    lt->generation = fresh->generation;
    t->storage_offset = 0;
    t->is_contiguous = true;
    return;
  }
  if (lt->num_steps == 0) {
    LazyNode_retain(v.node);
    LazyNode_release(a->base.node);
    a->base = v;
  } else {
    /* base' = the base with the view's elements replaced by v.
     * PyTorch 1.13: FunctionalStorageImpl::apply_updates */
    LazyNode* n = LazyNode_new(LazyNodeKind_ViewScatter, 2, 1);
    n->operands[0] = LazyValue_make(LazyNode_retain(a->base.node), a->base.index);
    n->operands[1] = LazyValue_make(LazyNode_retain(v.node), v.index);
    n->shapes[0] = *LazyValue_shape(a->base);
    n->steps = LazyViewSteps_copy(lt->steps, lt->num_steps, 0);
    n->num_steps = lt->num_steps;
    LazyNode_release(a->base.node);
    a->base = LazyValue_make(n, 0);
  }
  a->generation++;
  set_value(lt, v);
  lt->generation = a->generation;
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
    LazyValue dv = LazyValue_make(data, 0);
    LazyTensor* lt = t->lazy;
    if (lt->num_steps == 0 && lt->alias->base.node == v.node && lt->alias->base.index == v.index) {
      LazyNode_retain(data);
      LazyNode_release(lt->alias->base.node);
      lt->alias->base = dv;
    }
    set_value(lt, dv);
    LazyNode_release(data);
  }
  return r;
}
