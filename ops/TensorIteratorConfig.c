/*
 * TensorIteratorConfig.c - TensorIteratorBase::build and its steps; see
 * Note [TensorIteratorConfig] in TensorIteratorConfig.h.
 * PyTorch 1.13: aten/src/ATen/TensorIterator.cpp
 */
#include "ops/TensorIteratorConfig.h"

#include <string.h>

#include "ops/EmptyTensor.h"
#include "ops/ExpandUtils.h"
#include "ops/MemoryOverlap.h"
#include "ops/Resize.h"
#include "ops/TypeProperties.h"
#include "runtime/DefaultDtype.h"
#include "runtime/Device.h"
#include "runtime/Exception.h"

void TensorIteratorConfig_init(TensorIteratorConfig* config) {
  memset(config, 0, sizeof *config);
  config->check_mem_overlap = true;
  config->check_all_same_dtype = true;
  config->resize_outputs = true;
  config->static_dtype = ScalarType_Undefined;
}

void TensorIteratorConfig_add_output(TensorIteratorConfig* config, Tensor* output) {
  /* outputs before inputs */
  TORCH_INTERNAL_ASSERT(config->num_inputs == 0 && config->num_outputs < TensorIterator_MAX_OPERANDS);
  config->tensors[config->num_outputs++] = output;
}

void TensorIteratorConfig_add_input(TensorIteratorConfig* config, const Tensor* input) {
  int n = config->num_outputs + config->num_inputs;
  TORCH_INTERNAL_ASSERT(input != NULL && n < TensorIterator_MAX_OPERANDS);
  config->tensors[n] = (Tensor*)input;
  config->num_inputs++;
}

/* PyTorch 1.13: TensorIterator.cpp BINARY_OP_CONFIG */
void TensorIteratorConfig_binary_op(TensorIteratorConfig* config) {
  TensorIteratorConfig_init(config);
  config->check_all_same_dtype = false;
  config->allow_cpu_scalars = true;
  config->promote_inputs_to_common_dtype = true;
  config->cast_common_dtype_to_outputs = true;
  config->enforce_safe_casting_to_output = true;
}

/* PyTorch 1.13: TensorIterator.cpp build_borrowing_binary_float_op, UNARY_FLOAT_OP_CONFIG */
void TensorIteratorConfig_float_op(TensorIteratorConfig* config) {
  TensorIteratorConfig_binary_op(config);
  config->promote_integer_inputs_to_float = true;
}

/* PyTorch 1.13: TensorIterator.cpp UNARY_OP_CONFIG */
void TensorIteratorConfig_unary_op(TensorIteratorConfig* config) {
  TensorIteratorConfig_init(config);
  config->check_all_same_dtype = true;
}

/* PyTorch 1.13: TensorIterator.cpp NULLARY_OP_CONFIG */
void TensorIteratorConfig_nullary_op(TensorIteratorConfig* config) {
  TensorIteratorConfig_init(config);
  config->check_all_same_dtype = false;
  config->resize_outputs = false;
}

int TensorIterator_borrowing_nullary_op(TensorIteratorBase* iter, Tensor* self) {
  TensorIteratorConfig config;
  TensorIteratorConfig_nullary_op(&config);
  TensorIteratorConfig_add_output(&config, self);
  return TensorIterator_build(iter, &config);
}

/* What build() knows about its operands between the steps. */
typedef struct BuildState {
  int ntensors;
  bool is_read_write[TensorIterator_MAX_OPERANDS];
  bool will_resize[TensorIterator_MAX_OPERANDS];
  int64_t shape[MINATEN_MAX_DIM];
  size_t ndim;
} BuildState;

static bool is_output(const TensorIteratorBase* iter, int arg) { return arg < iter->num_outputs; }

/* PyTorch 1.13: TensorIterator.cpp mark_outputs */
static void mark_outputs(const TensorIteratorBase* iter, BuildState* st) {
  for (int i = 0; i < iter->num_outputs; i++) {
    st->is_read_write[i] = false;
    for (int arg = iter->num_outputs; arg < st->ntensors; arg++)
      st->is_read_write[i] = st->is_read_write[i] || (iter->tensors[i] != NULL && iter->tensors[i] == iter->tensors[arg]);
  }
}

/* PyTorch 1.13: TensorIterator.cpp compute_mem_overlaps */
static int compute_mem_overlaps(const TensorIteratorBase* iter, const TensorIteratorConfig* config,
                                const BuildState* st) {
  if (!config->check_mem_overlap) return 0;
  for (int i = 0; i < iter->num_outputs; i++) {
    const Tensor* output = iter->tensors[i];
    if (output == NULL) continue;
    if (assert_no_internal_overlap(output) < 0) return -1;
    for (int arg = iter->num_outputs; arg < st->ntensors; arg++)
      if (iter->tensors[arg] != output && assert_no_partial_overlap(output, iter->tensors[arg]) < 0) return -1;
  }
  return 0;
}

/* The inputs broadcast in order ("tensor a" is the shape so far), outputs
 * too when they are not resized.  PyTorch 1.13: TensorIterator.cpp compute_shape */
static int compute_shape(const TensorIteratorBase* iter, const TensorIteratorConfig* config, BuildState* st) {
  bool first = true;
  for (int arg = 0; arg < st->ntensors; arg++) {
    const Tensor* t = iter->tensors[arg];
    if (t == NULL || (config->resize_outputs && is_output(iter, arg))) continue;
    if (first) {
      memcpy(st->shape, t->sizes, (size_t)t->dim * sizeof(int64_t));
      st->ndim = (size_t)t->dim;
      first = false;
      continue;
    }
    int64_t out[MINATEN_MAX_DIM * 2];
    size_t ndim;
    if (broadcast_shape(IntArrayRef_make(st->shape, st->ndim), Tensor_sizes(t), out, &ndim) < 0) return -1;
    TORCH_CHECK(ndim <= MINATEN_MAX_DIM, "too many dimensions");
    memcpy(st->shape, out, ndim * sizeof(int64_t));
    st->ndim = ndim;
  }
  if (first) st->ndim = 0; /* no defined operand: a 0-dim iteration */
  return 0;
fail:
  return -1;
}

/* PyTorch 1.13: TensorIterator.cpp mark_resize_outputs */
static int mark_resize_outputs(const TensorIteratorBase* iter, const TensorIteratorConfig* config, BuildState* st) {
  IntArrayRef shape = IntArrayRef_make(st->shape, st->ndim);
  for (int i = 0; i < iter->num_outputs; i++) {
    const Tensor* output = iter->tensors[i];
    st->will_resize[i] = false;
    if (output == NULL || Tensor_hasSizes(output, shape)) continue;
    if (config->resize_outputs && !st->is_read_write[i]) {
      st->will_resize[i] = true;
      continue;
    }
    char b1[256], b2[256];
    TORCH_CHECK(false, "output with shape %s doesn't match the broadcast shape %s",
                IntArrayRef_format(Tensor_sizes(output), b1, sizeof b1), IntArrayRef_format(shape, b2, sizeof b2));
  }
  return 0;
fail:
  return -1;
}

/* The inputs' result_type (wrapped numbers and 0-dim tensors ranked as
 * result_type ranks them).  PyTorch 1.13: TensorIterator.cpp compute_common_dtype */
static ScalarType compute_common_dtype(const TensorIteratorBase* iter, const BuildState* st) {
  int n = st->ntensors - iter->num_outputs;
  if (n == 2) return result_type(iter->tensors[iter->num_outputs], iter->tensors[iter->num_outputs + 1]);
  return result_type_list((TensorList){iter->tensors + iter->num_outputs, (size_t)n});
}

/* PyTorch 1.13: TensorIterator.cpp compute_types */
static int compute_types(TensorIteratorBase* iter, const TensorIteratorConfig* config, const BuildState* st) {
  ScalarType common = ScalarType_Undefined, output_dtype = ScalarType_Undefined;
  bool different_inputs = false, different_outputs = false;
  for (int arg = 0; arg < st->ntensors; arg++) {
    const Tensor* t = iter->tensors[arg];
    if (t == NULL) continue;
    ScalarType* seen = is_output(iter, arg) ? &output_dtype : &common;
    if (*seen == ScalarType_Undefined) *seen = t->dtype;
    else if (*seen != t->dtype) *(is_output(iter, arg) ? &different_outputs : &different_inputs) = true;
  }
  /* 1.13's setters promote_inputs_to_common_dtype(true) and
   * cast_common_dtype_to_outputs(true) turn check_all_same_dtype off */
  bool check_all_same_dtype = config->check_all_same_dtype && !config->promote_inputs_to_common_dtype &&
                              !config->cast_common_dtype_to_outputs;
  if (check_all_same_dtype &&
      (different_inputs || different_outputs || (output_dtype != ScalarType_Undefined && common != output_dtype))) {
    for (int arg = 0; arg < st->ntensors; arg++)
      TORCH_CHECK(iter->tensors[arg] == NULL || iter->tensors[arg]->dtype == common, "Found dtype %s but expected %s",
                  ScalarType_name(iter->tensors[arg]->dtype), ScalarType_name(common));
  }
  if (different_inputs && config->promote_inputs_to_common_dtype) common = compute_common_dtype(iter, st);
  if (config->promote_integer_inputs_to_float && ScalarType_isIntegral(common, true))
    common = get_default_dtype_as_scalartype();
  iter->common_dtype = common;
  for (int i = 0; i < iter->num_outputs; i++) {
    const Tensor* out = iter->tensors[i];
    TORCH_CHECK(!(config->enforce_safe_casting_to_output && out != NULL && out->dtype != common &&
                  !canCast(common, out->dtype)),
                "result type %s can't be cast to the desired output type %s", ScalarType_name(common),
                ScalarType_name(out->dtype));
  }
  /* NB(minaten): an operator whose loops have no complex case refuses
   * complex operands here (1.13's refuse by name, in their dtype switch:
   * "clamp_cpu" not implemented for 'ComplexFloat'), so that no loop reads
   * a complex element as a real one. */
  for (int arg = 0; arg < st->ntensors && !config->complex_kernels; arg++) {
    const Tensor* t = iter->tensors[arg];
    TORCH_CHECK(t == NULL || !ScalarType_isComplex(t->dtype),
                "minaten: this operator has no kernel for '%s' yet", ScalarType_name(t->dtype));
  }
  return 0;
fail:
  return -1;
}

/* The outputs build() makes: an undefined one allocated, an out= of
 * another shape resized, both laid out as the inputs are (output_strides,
 * after the contiguous fast setup).  PyTorch 1.13: TensorIterator.cpp
 * fast_set_up (FastSetupType::CONTIGUOUS), compute_strides,
 * reorder_dimensions, allocate_or_resize_outputs */
static int allocate_or_resize_outputs(TensorIteratorBase* iter, const TensorIteratorConfig* config,
                                      const BuildState* st) {
  IntArrayRef shape = IntArrayRef_make(st->shape, st->ndim);
  int nin = st->ntensors - iter->num_outputs;
  int64_t in_strides[TensorIterator_MAX_OPERANDS][MINATEN_MAX_DIM];
  int64_t* rows[TensorIterator_MAX_OPERANDS];
  for (int k = 0; k < nin; k++) {
    operand_strides(iter->tensors[iter->num_outputs + k], st->shape, (int64_t)st->ndim, in_strides[k]);
    rows[k] = in_strides[k];
  }
  fast_setup_strides((const Tensor* const*)iter->tensors + iter->num_outputs, nin, shape, rows);
  int64_t out_strides[MINATEN_MAX_DIM];
  output_strides((int64_t)st->ndim, st->shape, (const int64_t* const*)rows, nin, out_strides);
  IntArrayRef strides = IntArrayRef_make(out_strides, st->ndim);
  for (int i = 0; i < iter->num_outputs; i++) {
    Tensor* out = iter->tensors[i];
    if (out == NULL) {
      ScalarType dtype = config->static_dtype != ScalarType_Undefined ? config->static_dtype : iter->common_dtype;
      out = empty_strided_on(iter->device, shape, strides, dtype);
    } else if (st->will_resize[i] && resize_output_restrided(out, shape, strides) < 0) {
      out = NULL;
    } else {
      Tensor_retain(out);
    }
    if (out == NULL) {
      for (int k = 0; k < i; k++) Tensor_release(iter->tensors[k]);
      return -1;
    }
    iter->tensors[i] = out;
  }
  return 0;
}

/* The steps of Note [TensorIteratorConfig] before the outputs exist. */
static int build_checks(TensorIteratorBase* iter, const TensorIteratorConfig* config, BuildState* st) {
  mark_outputs(iter, st);
  if (compute_mem_overlaps(iter, config, st) < 0) return -1;
  if (compute_shape(iter, config, st) < 0) return -1;
  if (mark_resize_outputs(iter, config, st) < 0) return -1;
  return compute_types(iter, config, st);
}

/* The operands' device, iter->device: the CPU (a CPU kernel's iterator
 * reads their data), or the meta device (a meta function's iterator only
 * shapes its outputs, made there).  It is the first operand's not on the
 * CPU, else the CPU; every other operand must be on it, except one 0-dim
 * CPU input beside another device's tensors where the config allows CPU
 * scalars (a binary operator's `meta_tensor * torch.tensor(2.)`).  A lazy
 * tensor reaches an iterator only beside CPU tensors (a lazy argument of
 * a quantized operator's default kernel, say): 1.13 refuses the mix.
 * NB(minaten): an iterator over lazy tensors alone is refused too (1.13
 * never builds one on the CPU).
 * PyTorch 1.13: TensorIterator.cpp compute_types (the device check) */
static int check_devices(TensorIteratorBase* iter, const TensorIteratorConfig* config, int ntensors) {
  Device common = Device_cpu();
  for (int i = 0; i < ntensors && common.type == DeviceType_CPU; i++)
    if (config->tensors[i] != NULL && config->tensors[i]->device.type != DeviceType_CPU)
      common = config->tensors[i]->device;
  int cpu_scalars = 0;
  for (int i = 0; i < ntensors; i++) {
    const Tensor* t = config->tensors[i];
    if (t == NULL || t->device.type == common.type) continue;
    if (config->allow_cpu_scalars && i >= config->num_outputs && t->dim == 0 && t->device.type == DeviceType_CPU) {
      TORCH_CHECK(cpu_scalars++ < 1, "Trying to pass too many CPU scalars to non-CPU kernel!");
      continue;
    }
    char a[32], b[32];
    TORCH_CHECK(false, "Expected all tensors to be on the same device, but found at least two devices, %s and %s!",
                Device_format(common, a, sizeof a), Device_format(t->device, b, sizeof b));
  }
  TORCH_CHECK(common.type != DeviceType_Lazy, "minaten: TensorIterator runs on CPU tensors only, not lazy");
  iter->device = common.type;
  return 0;
fail:
  return -1;
}

int TensorIterator_build(TensorIteratorBase* iter, const TensorIteratorConfig* config) {
  BuildState st;
  st.ntensors = config->num_outputs + config->num_inputs;
  TORCH_INTERNAL_ASSERT(st.ntensors >= 1);
  if (check_devices(iter, config, st.ntensors) < 0) {
    for (int i = 0; i < config->num_outputs; i++) iter->tensors[i] = NULL; /* holds nothing */
    iter->num_outputs = config->num_outputs;
    iter->ntensors = st.ntensors;
    return -1;
  }
  memcpy(iter->tensors, config->tensors, (size_t)st.ntensors * sizeof(Tensor*));
  iter->num_outputs = config->num_outputs;
  iter->ntensors = st.ntensors;
  if (build_checks(iter, config, &st) < 0 || allocate_or_resize_outputs(iter, config, &st) < 0) {
    for (int i = 0; i < iter->num_outputs; i++) iter->tensors[i] = NULL; /* holds nothing */
    return -1;
  }
  TensorIterator_initElementwise(iter, iter->tensors, st.ntensors, IntArrayRef_make(st.shape, st.ndim));
  return 0;
}

Tensor* TensorIterator_output(const TensorIteratorBase* iter, int i) { return Tensor_retain(iter->tensors[i]); }

void TensorIterator_release(TensorIteratorBase* iter) {
  for (int i = 0; i < iter->num_outputs; i++) {
    Tensor_release(iter->tensors[i]);
    iter->tensors[i] = NULL;
  }
}
