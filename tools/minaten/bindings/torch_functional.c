/*
 * torch_functional.c - the functions torch/functional.py defines in
 * Python around an operator: torch.norm (and Tensor.norm, which calls it)
 * and torch.einsum.
 *
 * torch.norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None)
 * picks the operator by p: "fro" is frobenius_norm (over every dim when
 * none is given: dim=() when nothing else is, which becomes norm(self, 2,
 * [])), a number or None is norm with dim a list (every dim when None),
 * with dtype and out passed on; "nuc" is nuclear_norm, which minaten does
 * not have.  So `a.norm()` traces norm.ScalarOpt_dim, as in 1.13.
 *
 * torch.einsum(equation, *operands) calls aten::einsum with the operands
 * as one list (also when given as one list or tuple); the sublist format
 * (operand, [0, 1], ...) is not modelled.  opt_einsum is not installed on
 * the reference machine, so no contraction path is passed.
 *
 * Both then go through the generated binding (the Python argument parser
 * over the operator's overloads, resolve.c).
 *
 * PyTorch 1.13: torch/functional.py (norm, einsum), torch/_tensor.py Tensor.norm
 */
#include <string.h>

#include "runtime/Exception.h"
#include "tools/minaten/bindings/bindings.h"

/* Binds Python arguments to the named parameters (positional first): slots
 * get borrowed values, NULL when absent.  0, or -1 with a TypeError. */
static int bind_params(const char* fname, const char* const* names, int n, Value** args, int nargs, char** kwnames,
                       Value** kwargs, int nkw, Value** slots) {
  for (int i = 0; i < n; i++) slots[i] = NULL;
  if (nargs > n) {
    Error_set(ErrorType_TypeError, "%s() takes from 1 to %d positional arguments but %d were given", fname, n,
              nargs);
    return -1;
  }
  for (int i = 0; i < nargs; i++) slots[i] = args[i];
  for (int k = 0; k < nkw; k++) {
    int i = 0;
    while (i < n && strcmp(names[i], kwnames[k]) != 0) i++;
    if (i == n) {
      Error_set(ErrorType_TypeError, "%s() got an unexpected keyword argument '%s'", fname, kwnames[k]);
      return -1;
    }
    if (slots[i] != NULL) {
      Error_set(ErrorType_TypeError, "%s() got multiple values for argument '%s'", fname, kwnames[k]);
      return -1;
    }
    slots[i] = kwargs[k];
  }
  return 0;
}

static bool is_none(const Value* v) { return v == NULL || v->kind == Value_None; }

/* _VF.NAME(args..., keyword=value...): the generated binding of aten::NAME. */
static Value* call_vf(const char* name, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  Value* ops = Value_ops("aten", name, NULL, false, false);
  if (ops == NULL) return NULL;
  Value* r = call_python(ops, NULL, args, nargs, kwnames, kwargs, nkw);
  Value_release(ops);
  return r;
}

/* list(range(ndim)) */
static Value* all_dims(const Tensor* t) {
  Value* l = Value_seq(Value_List, (int)t->dim);
  for (int64_t i = 0; l != NULL && i < t->dim; i++) l->u.seq.items[i] = Value_int(i);
  return l;
}

/* PyTorch 1.13: torch/functional.py norm */
static Value* functional_norm(Value* input, Value* p, Value* dim, Value* keepdim_v, Value* out, Value* dtype) {
  Value* keepdim = keepdim_v ? Value_retain(keepdim_v) : Value_bool(false);
  Value *dims = NULL, *r = NULL;
  char* kw[2] = {"keepdim", NULL};
  Value* kv[2] = {keepdim, NULL};
  TORCH_CHECK_TYPE(input != NULL && input->kind == Value_Tensor, "norm(): argument 'input' must be Tensor");
  const Tensor* t = input->u.tensor;
  bool p_is_str = p == NULL || p->kind == Value_Str;
  const char* p_str = p == NULL ? "fro" : p_is_str ? p->u.s : NULL;
  if (is_none(dim) && is_none(out) && is_none(dtype) && (p == NULL || p->kind != Value_None)) {
    if (p_is_str && strcmp(p_str, "fro") == 0) {
      /* _VF.frobenius_norm(input, dim=(), keepdim=keepdim) */
      dims = Value_seq(Value_Tuple, 0);
      Value* a[2] = {input, dims};
      r = call_vf("frobenius_norm", a, 2, kw, kv, 1);
      goto done;
    }
    if (!p_is_str) {
      dims = all_dims(t);
      Value* a[3] = {input, p, dims};
      r = call_vf("norm", a, 3, kw, kv, 1);
      goto done;
    }
  }
  if (!is_none(dim)) {
    if (dim->kind == Value_Int) {
      dims = Value_seq(Value_List, 1);
      dims->u.seq.items[0] = Value_retain(dim);
    } else {
      dims = Value_retain(dim);
    }
  }
  if (p_is_str) {
    if (strcmp(p_str, "fro") == 0) {
      TORCH_CHECK_VALUE(is_none(dtype), "dtype argument is not supported in frobenius norm");
      if (dims == NULL) dims = all_dims(t);
      Value* a[2] = {input, dims};
      if (!is_none(out)) kw[1] = "out", kv[1] = out;
      r = call_vf("frobenius_norm", a, 2, kw, kv, is_none(out) ? 1 : 2);
      goto done;
    }
    TORCH_CHECK_NOT_IMPLEMENTED(strcmp(p_str, "nuc") != 0, "minaten has no operator aten::nuclear_norm");
    TORCH_CHECK(false, "only valid string values are 'fro' and 'nuc', found %s", p_str);
  }
  if (dims == NULL) dims = all_dims(t);
  {
    Value* a[3] = {input, p, dims};
    char* kw2[3] = {"keepdim", NULL, NULL};
    Value* kv2[3] = {keepdim, NULL, NULL};
    int nkw = 1;
    if (!is_none(dtype)) kw2[nkw] = "dtype", kv2[nkw++] = dtype;
    if (!is_none(out)) kw2[nkw] = "out", kv2[nkw++] = out;
    r = call_vf("norm", a, 3, kw2, kv2, nkw);
  }
done:
fail:
  Value_release(dims);
  Value_release(keepdim);
  return r;
}

static Value* torch_functional_norm(Value* self, Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  Value* s[6];
  if (self != NULL) {
    /* torch/_tensor.py Tensor.norm(self, p="fro", dim=None, keepdim=False, dtype=None) */
    static const char* const names[] = {"p", "dim", "keepdim", "dtype"};
    if (bind_params("norm", names, 4, args, nargs, kwnames, kwargs, nkw, s) < 0) return NULL;
    return functional_norm(self, s[0], s[1], s[2], NULL, s[3]);
  }
  static const char* const names[] = {"input", "p", "dim", "keepdim", "out", "dtype"};
  if (bind_params("norm", names, 6, args, nargs, kwnames, kwargs, nkw, s) < 0) return NULL;
  return functional_norm(s[0], s[1], s[2], s[3], s[4], s[5]);
}

/* PyTorch 1.13: torch/functional.py einsum */
static Value* torch_functional_einsum(Value** args, int nargs, char** kwnames, Value** kwargs, int nkw) {
  (void)kwnames;
  (void)kwargs;
  if (nkw > 0) {
    Error_set(ErrorType_TypeError, "einsum() got an unexpected keyword argument '%s'", kwnames[0]);
    return NULL;
  }
  if (nargs < 2) {
    Error_set(ErrorType_ValueError,
              "einsum(): must specify the equation string and at least one operand, or at least one operand and "
              "its subscripts list");
    return NULL;
  }
  if (args[0]->kind == Value_Tensor) {
    Error_set(ErrorType_NotImplementedError, "minaten: einsum's sublist format is not modelled");
    return NULL;
  }
  if (nargs == 2 && (args[1]->kind == Value_List || args[1]->kind == Value_Tuple)) {
    /* the old interface: the operands as one list */
    Value* l = args[1];
    Value* a[kMaxArgs];
    if (l->u.seq.n + 1 > kMaxArgs) {
      Error_set(ErrorType_ValueError, "minaten: einsum of more than %d operands", kMaxArgs - 1);
      return NULL;
    }
    a[0] = args[0];
    for (int i = 0; i < l->u.seq.n; i++) a[i + 1] = l->u.seq.items[i];
    return torch_functional_einsum(a, l->u.seq.n + 1, NULL, NULL, 0);
  }
  Value* operands = Value_seq(Value_Tuple, nargs - 1);
  if (operands == NULL) return NULL;
  for (int i = 1; i < nargs; i++) operands->u.seq.items[i - 1] = Value_retain(args[i]);
  Value* a[2] = {args[0], operands};
  Value* r = call_vf("einsum", a, 2, NULL, NULL, 0);
  Value_release(operands);
  return r;
}

bool is_torch_functional(const Value* ops, const Value* self) {
  if (strcmp(ops->u.ops.ns, "aten") != 0 || ops->u.ops.overload != NULL) return false;
  return strcmp(ops->u.ops.name, "norm") == 0 || (strcmp(ops->u.ops.name, "einsum") == 0 && self == NULL);
}

Value* torch_functional(const Value* ops, Value* self, Value** args, int nargs, char** kwnames, Value** kwargs,
                        int nkw) {
  if (strcmp(ops->u.ops.name, "norm") == 0) return torch_functional_norm(self, args, nargs, kwnames, kwargs, nkw);
  return torch_functional_einsum(args, nargs, kwnames, kwargs, nkw);
}
