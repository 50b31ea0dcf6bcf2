/*
 * AccumulateGrad.c - see AccumulateGrad.h.
 * PyTorch 1.13: torch/csrc/autograd/functions/accumulate_grad.cpp,
 * accumulate_grad.h (accumulateGrad)
 */
#include "autograd/functions/AccumulateGrad.h"

#include "Functions.h"
#include "autograd/variable.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/GradMode.h"

/* Whether grad's strides are the leaf's, so that storing it as the leaf's
 * .grad keeps the gradient layout contract.
 * PyTorch 1.13: torch/csrc/autograd/utils/grad_layout_contract.h obeys_layout_contract */
static bool obeys_layout_contract(const Tensor* grad, const Tensor* variable) {
  if (Tensor_isNonOverlappingAndDense(variable)) {
    /* Only look at stride for dimensions that are not of size 1. */
    for (int64_t d = 0; d < grad->dim; d++) {
      if (grad->sizes[d] != 1) {
        if (grad->strides[d] != variable->strides[d]) return false;
      } else if (grad->strides[d] == 0) {
        /* 0-strided Tensors of size 1 are actually views for ops like cat. */
        return false;
      }
    }
    return true;
  }
  return grad->is_contiguous;
}

/* A copy of new_grad with the leaf's strides.
 * PyTorch 1.13: torch/csrc/autograd/utils/grad_layout_contract.h clone_obey_contract */
static Tensor* clone_obey_contract(const Tensor* new_grad, const Tensor* variable) {
  if (Tensor_isNonOverlappingAndDense(variable)) {
    Tensor* result = at_new_empty_strided(new_grad, Tensor_sizes(variable), Tensor_strides(variable), kNoDtype,
                                          kNoLayout, kNoDevice, kNoPinMemory);
    if (result == NULL) return NULL;
    Tensor* copied = at_copy_(result, new_grad, false); /* result itself, one more reference */
    Tensor_release(result);
    return copied;
  }
  OptionalMemoryFormat contiguous = {true, MemoryFormat_Contiguous};
  return at_clone(new_grad, contiguous);
}

/*
 * Adds new_grad into variable's .grad by the rules of AccumulateGrad.h;
 * `num_expected_refs` is how many references to new_grad are the engine's
 * own (the input buffer's: 1).  Returns 0, or -1 with the error set.
 * PyTorch 1.13: torch/csrc/autograd/functions/accumulate_grad.h
 * AccumulateGrad::accumulateGrad
 */
static int accumulateGrad(Tensor* variable, Tensor* new_grad, int64_t num_expected_refs) {
  Tensor* variable_grad = Tensor_grad(variable);
  Tensor* update = NULL;
  if (variable_grad == NULL) {
    if (!GradMode_is_enabled() && new_grad->refcount <= num_expected_refs &&
        obeys_layout_contract(new_grad, variable)) {
      /* we aren't setting up for double-backward, no other user-visible
       * tensor references new_grad, and it obeys the layout contract:
       * steal it without a deep copy */
      update = at_detach(new_grad);
    } else {
      update = clone_obey_contract(new_grad, variable);
    }
    TRY(update != NULL);
  } else if (!GradMode_is_enabled()) {
    /* In this case we can avoid changing the grad tensor. */
    TRY((update = at_add__Tensor(variable_grad, new_grad, Scalar_fromLong(1))) != NULL);
    Tensor_release(update); /* variable_grad itself */
    return 0;
  } else {
    TRY((update = at_add_Tensor(variable_grad, new_grad, Scalar_fromLong(1))) != NULL);
  }
  TRY(set_grad(variable, update) == 0);
  Tensor_release(update);
  return 0;
fail:
  Tensor_release(update);
  return -1;
}

/* PyTorch 1.13: torch/csrc/autograd/functions/accumulate_grad.cpp AccumulateGrad::apply */
static int AccumulateGrad_apply(Node* self, Tensor* const* grads, Tensor** grad_inputs) {
  (void)grad_inputs; /* no next edges */
  Tensor* variable = ((AccumulateGrad*)self)->variable;
  Tensor* new_grad = grads[0];
  if (new_grad == NULL) return 0;
  /* NB(minaten): 1.13 throws std::logic_error, which Python shows as a
   * RuntimeError; it needs an in-place operation on a leaf (issue 15), or
   * an operator returning its input (Note [A leaf moved into the graph
   * interior]: a NULL variable is such a leaf, gone). */
  TORCH_CHECK(variable != NULL && grad_fn(variable) == NULL, "leaf variable has been moved into the graph interior");
  if (!requires_grad(variable)) return 0;
  /* the leaf's own hooks (Tensor.register_hook), each on what the one
   * before returned */
  const AutogradMeta* meta = get_autograd_meta(variable);
  if (meta == NULL || meta->num_hooks == 0) {
    /* The one reference the engine's input buffer holds (1.13: 1 +
     * !post_hooks().empty(), its engine's copy of the inputs for the
     * post-hooks; minaten's buffer is that copy, always). */
    return accumulateGrad(variable, new_grad, 1);
  }
  Tensor* hooked = Tensor_retain(new_grad);
  for (uint32_t i = 0; i < meta->num_hooks && meta == get_autograd_meta(variable); i++) {
    FunctionPreHook* hook = meta->hooks[i];
    if (hook->type->call(hook, &hooked, 1) < 0) {
      Tensor_release(hooked);
      return -1;
    }
  }
  /* ours, and the buffer's if no hook replaced it */
  int rc = hooked != NULL ? accumulateGrad(variable, hooked, 1 + (hooked == new_grad)) : 0;
  Tensor_release(hooked);
  return rc;
fail:
  return -1;
}

static void AccumulateGrad_destroy(Node* self) {
  AccumulateGrad* node = (AccumulateGrad*)self;
  if (node->variable == NULL) return; /* a leaf moved into the graph interior, gone */
  AutogradMeta* meta = get_autograd_meta(node->variable);
  /* the leaf's weak pointer expires */
  if (meta != NULL && meta->grad_accumulator == self) meta->grad_accumulator = NULL;
  if (node->owns_variable) Tensor_release(node->variable);
}

/* See the Note in AccumulateGrad.h.  The caller holds the leaf, so dropping
 * the node's reference frees nothing. */
void AccumulateGrad_weakenVariable(Node* self) {
  AccumulateGrad* node = (AccumulateGrad*)self;
  TORCH_INTERNAL_ASSERT(self->type == &AccumulateGrad_type && node->owns_variable && node->variable->refcount > 1);
  node->owns_variable = false;
  Tensor_release(node->variable);
}

void AccumulateGrad_strengthenVariable(Node* self) {
  AccumulateGrad* node = (AccumulateGrad*)self;
  TORCH_INTERNAL_ASSERT(self->type == &AccumulateGrad_type && !node->owns_variable && node->variable != NULL);
  node->owns_variable = true;
  Tensor_retain(node->variable);
}

void AccumulateGrad_forgetVariable(Node* self) {
  AccumulateGrad* node = (AccumulateGrad*)self;
  TORCH_INTERNAL_ASSERT(self->type == &AccumulateGrad_type && !node->owns_variable);
  node->variable = NULL;
}

const NodeType AccumulateGrad_type = {
    .name = "torch::autograd::AccumulateGrad",
    .apply = AccumulateGrad_apply,
    .release_variables = NULL,
    .destroy = AccumulateGrad_destroy,
};

Node* AccumulateGrad_new(Tensor* variable) {
  AccumulateGrad* node =
      (AccumulateGrad*)Node_newWithSequenceNr(&AccumulateGrad_type, sizeof *node, UINT64_MAX);
  if (node == NULL) return NULL;
  node->variable = Tensor_retain(variable);
  node->owns_variable = true;
  if (Node_add_input_metadata(&node->base, variable) < 0) {
    Node_release(&node->base);
    return NULL;
  }
  return &node->base;
}
