/*
 * Linear.c - einsum and linear, as 1.13's CompositeImplicitAutograd decompositions
 * (linear: see at_native_linear).
 *
 * einsum never shows in a trace: it parses the equation, then calls view
 * operators and bmm, which do.  Three steps:
 *   1. each operand's labels ([A-Za-z], "..." for the broadcast dims);
 *      every label gets an index in one common order: the output's labels
 *      first (the explicit `->` list, or without one the ellipsis dims and
 *      the labels seen once, in alphabetical order, uppercase first), then
 *      the contracted labels;
 *   2. each operand is brought to that order: a repeated label takes a
 *      diagonal (diagonal, movedim), a missing label becomes a size-1 dim
 *      (unsqueeze), then one permute;
 *   3. left to right, two operands at a time are multiplied and summed
 *      over the labels no later operand has (sumproduct_pair: permute,
 *      reshape, bmm, view, permute; a dim only one side has is summed
 *      first with sum), the result replacing them at the front; the
 *      contracted dims (size 1 by then) are dropped with view, or for one
 *      operand summed with sum.
 * `path` gives the pairs to contract in another order (opt_einsum's
 * format); torch.einsum passes none on this machine, where opt_einsum is
 * not installed.
 *
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp (einsum, sumproduct_pair),
 * torch/functional.py einsum
 */
#include <ctype.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "dispatch/TorchDispatchModeTLS.h"
#include "runtime/Exception.h"

enum { kLetters = 26, kTotalLabels = 2 * kLetters, kEllipsis = kTotalLabels, kMaxLabels = 64 };

static int label_to_subscript(unsigned char c) { return isupper(c) ? c - 'A' : c - 'a' + kLetters; }
static char subscript_to_label(int s) { return (char)(s < kLetters ? s + 'A' : s + 'a' - kLetters); }

/* *t replaced by next (released first); next, NULL on error. */
static Tensor* replace(Tensor** t, Tensor* next) {
  Tensor_release(*t);
  *t = next;
  return next;
}

/* (left * right).sum(sum_dims) through bmm, keepdim: both operands have the
 * same number of dims (broadcastable, size 1 where absent).
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp sumproduct_pair */
static Tensor* sumproduct_pair(const Tensor* left_, const Tensor* right_, const int64_t* sum_dims_, int64_t nsum) {
  Tensor *left = NULL, *right = NULL, *result = NULL, *lp = NULL, *rp = NULL;
  TORCH_CHECK(left_->dim == right_->dim, "number of dimensions must match");
  if (nsum == 0) return at_mul_Tensor(left_, right_);
  int64_t dim = left_->dim;
  bool sum_dims[MINATEN_MAX_DIM] = {false};
  for (int64_t k = 0; k < nsum; k++) sum_dims[sum_dims_[k]] = true;
  int64_t lro[MINATEN_MAX_DIM], lo[MINATEN_MAX_DIM], ro[MINATEN_MAX_DIM], nlro = 0, nlo = 0, nro = 0;
  int64_t lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
  left = Tensor_retain(left_);
  right = Tensor_retain(right_);
  for (int64_t i = 0; i < dim; i++) {
    bool sl = left->sizes[i] != 1, sr = right->sizes[i] != 1;
    if (sum_dims[i]) {
      if (sl && sr) {
        TORCH_CHECK(left->sizes[i] == right->sizes[i], "non-broadcast dimensions must match");
        sum_size *= left->sizes[i];
      } else if (sl) {
        TRY(replace(&left, at_sum_dim_IntList(left, (OptionalIntArrayRef){true, {&i, 1}}, true, kNoDtype)) != NULL);
      } else if (sr) {
        TRY(replace(&right, at_sum_dim_IntList(right, (OptionalIntArrayRef){true, {&i, 1}}, true, kNoDtype)) != NULL);
      }
    } else if (sl && sr) {
      TORCH_CHECK(left->sizes[i] == right->sizes[i], "non-broadcast dimensions must match");
      lro[nlro++] = i;
      lro_size *= left->sizes[i];
    } else if (sl) {
      lo[nlo++] = i;
      lo_size *= left->sizes[i];
    } else {
      ro[nro++] = i;
      ro_size *= right->sizes[i];
    }
  }
  /* output "lro, lo, 1 per summed dim, ro"; left "lro, lo, summed"; right "lro, summed, ro" */
  int64_t out_size[MINATEN_MAX_DIM], lperm[MINATEN_MAX_DIM], rperm[MINATEN_MAX_DIM], operm[MINATEN_MAX_DIM];
  int64_t n = 0, nl = 0, nr = 0;
  for (int64_t k = 0; k < nlro; k++) out_size[n++] = left->sizes[lro[k]], lperm[nl++] = lro[k], rperm[nr++] = lro[k];
  for (int64_t k = 0; k < nlo; k++) out_size[n++] = left->sizes[lo[k]], lperm[nl++] = lo[k];
  for (int64_t k = 0; k < nsum; k++) out_size[n++] = 1, lperm[nl++] = sum_dims_[k], rperm[nr++] = sum_dims_[k];
  for (int64_t k = 0; k < nro; k++) out_size[n++] = right->sizes[ro[k]], lperm[nl++] = ro[k];
  for (int64_t k = 0; k < nro; k++) rperm[nr++] = ro[k];
  for (int64_t k = 0; k < nlo; k++) rperm[nr++] = lo[k];
  int64_t i = 0;
  for (int64_t k = 0; k < nlro; k++) operm[lro[k]] = i++;
  for (int64_t k = 0; k < nlo; k++) operm[lo[k]] = i++;
  for (int64_t k = 0; k < nsum; k++) operm[sum_dims_[k]] = i++;
  for (int64_t k = 0; k < nro; k++) operm[ro[k]] = i++;
  int64_t lshape[3] = {lro_size, lo_size, sum_size}, rshape[3] = {lro_size, sum_size, ro_size};
  TRY((lp = at_permute(left, (IntArrayRef){lperm, (size_t)nl})) != NULL);
  TRY(replace(&left, at_reshape(lp, (IntArrayRef){lshape, 3})) != NULL);
  TRY((rp = at_permute(right, (IntArrayRef){rperm, (size_t)nr})) != NULL);
  TRY(replace(&right, at_reshape(rp, (IntArrayRef){rshape, 3})) != NULL);
  TRY((result = at_bmm(left, right)) != NULL);
  TRY(replace(&result, at_view(result, (IntArrayRef){out_size, (size_t)n})) != NULL);
  TRY(replace(&result, at_permute(result, (IntArrayRef){operm, (size_t)n})) != NULL);
  Tensor_release(left);
  Tensor_release(right);
  Tensor_release(lp);
  Tensor_release(rp);
  return result;
fail:
  Tensor_release(left);
  Tensor_release(right);
  Tensor_release(lp);
  Tensor_release(rp);
  Tensor_release(result);
  return NULL;
}

/* Step 1 and 2 for operand i: its labels op_labels (nl of them) brought to
 * the common order of perm_index dims; dim_counts/label_size/ell_sizes
 * updated.  A new reference, or NULL with the error set. */
typedef struct EinsumState {
  int64_t label_perm_index[kTotalLabels];
  int64_t label_size[kTotalLabels];
  int64_t ell_sizes[MINATEN_MAX_DIM];
  int64_t dim_counts[kMaxLabels + MINATEN_MAX_DIM];
  int64_t ell_num_dim, ell_index, perm_index;
  int64_t out_num_dim; /* the output's dims: the first of the common order */
} EinsumState;

static Tensor* align_operand(EinsumState* S, const Tensor* operand, size_t i, const int* labels, int64_t nl) {
  Tensor* op = Tensor_retain(operand);
  int64_t permutation[kMaxLabels + MINATEN_MAX_DIM];
  TORCH_CHECK(S->perm_index <= MINATEN_MAX_DIM, "minaten: einsum supports at most %d dimensions", MINATEN_MAX_DIM);
  for (int64_t k = 0; k < S->perm_index; k++) permutation[k] = -1;
  int64_t dim = 0;
  for (int64_t k = 0; k < nl; k++) {
    int s = labels[k];
    if (s == kEllipsis) {
      int64_t ndim = operand->dim - (nl - 1);
      for (int64_t j = S->ell_num_dim - ndim; j < S->ell_num_dim; j++) {
        if (op->sizes[dim] != 1) {
          TORCH_CHECK(S->ell_sizes[j] == 1 || S->ell_sizes[j] == op->sizes[dim],
                      "einsum(): dimension %lld covered by ellipsis in operand %zuhas size %lld which does not "
                      "broadcast with previously seen ellipsis with size %lld for the respective dimension",
                      (long long)dim, i, (long long)op->sizes[dim], (long long)S->ell_sizes[j]);
          S->ell_sizes[j] = op->sizes[dim];
          ++S->dim_counts[S->ell_index + j];
        }
        permutation[S->ell_index + j] = dim++;
      }
    } else if (permutation[S->label_perm_index[s]] == -1) {
      if (op->sizes[dim] != 1) {
        TORCH_CHECK(S->label_size[s] == 1 || S->label_size[s] == op->sizes[dim],
                    "einsum(): subscript %c has size %lld for operand %zu which does not broadcast with previously "
                    "seen size %lld",
                    subscript_to_label(s), (long long)op->sizes[dim], i, (long long)S->label_size[s]);
        S->label_size[s] = op->sizes[dim];
        ++S->dim_counts[S->label_perm_index[s]];
      }
      permutation[S->label_perm_index[s]] = dim++;
    } else {
      /* a repeated label: its diagonal, moved to where the label first was */
      int64_t prev_dim = permutation[S->label_perm_index[s]];
      TORCH_CHECK(op->sizes[dim] == op->sizes[prev_dim],
                  "einsum(): subscript %c is repeated for operand %zu but the sizes don't match, %lld != %lld",
                  subscript_to_label(s), i, (long long)op->sizes[dim], (long long)op->sizes[prev_dim]);
      TRY(replace(&op, at_diagonal(op, 0, prev_dim, dim)) != NULL);
      TRY(replace(&op, at_movedim_int(op, -1, prev_dim)) != NULL);
    }
  }
  for (int64_t k = 0; k < S->perm_index; k++) {
    if (permutation[k] != -1) continue;
    TRY(replace(&op, at_unsqueeze(op, dim)) != NULL);
    permutation[k] = dim++;
  }
  TRY(replace(&op, at_permute(op, (IntArrayRef){permutation, (size_t)S->perm_index})) != NULL);
  return op;
fail:
  Tensor_release(op);
  return NULL;
}

/* Step 1: the labels of each operand, from the equation's left-hand side
 * (its first lhs_len characters): op_labels[i] (nlabels[i] of them) holds
 * operand i's subscripts, kEllipsis for "...".  0, or -1 with 1.13's error.
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp einsum ("Labels must be in range [A-Za-z]") */
static int parse_operand_labels(const char* equation, size_t lhs_len, size_t num_ops,
                                int op_labels[][kMaxLabels + 1], int64_t* nlabels) {
  bool ell_in_input = false;
  size_t curr_op = 0;
  for (size_t i = 0; i < lhs_len; ++i) {
    unsigned char label = (unsigned char)equation[i];
    switch (label) {
      case ' ': break;
      case '.':
        TORCH_CHECK(!ell_in_input, "einsum(): found '.' for operand %zu for which an ellipsis was already found",
                    curr_op);
        TORCH_CHECK(i + 2 < lhs_len && equation[++i] == '.' && equation[++i] == '.',
                    "einsum(): found '.' for operand %zu that is not part of any ellipsis", curr_op);
        op_labels[curr_op][nlabels[curr_op]++] = kEllipsis;
        ell_in_input = true;
        break;
      case ',':
        ++curr_op;
        TORCH_CHECK(curr_op < num_ops, "einsum(): fewer operands were provided than specified in the equation");
        ell_in_input = false;
        break;
      default:
        TORCH_CHECK(isalpha(label),
                    "einsum(): invalid subscript given at index %zu in the equation string, subscripts must be in "
                    "[a-zA-Z]",
                    i);
        TORCH_CHECK(nlabels[curr_op] < kMaxLabels, "minaten: einsum supports at most %d labels per operand",
                    kMaxLabels);
        op_labels[curr_op][nlabels[curr_op]++] = label_to_subscript(label);
    }
  }
  TORCH_CHECK(curr_op == num_ops - 1, "einsum(): more operands were provided than specified in the equation");
  return 0;
fail:
  return -1;
}

/* How often each label occurs (label_count), and how many dims the
 * ellipsis covers (S->ell_num_dim, the most of any operand); each operand
 * must have as many dims as labels (at least, with an ellipsis).  0, or -1
 * with 1.13's error.
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp einsum ("Compute label
 * frequency and number of dimensions covered by ellipsis") */
static int count_labels(EinsumState* S, TensorList operands, int op_labels[][kMaxLabels + 1], const int64_t* nlabels,
                        int64_t* label_count) {
  for (size_t i = 0; i < operands.size; i++) {
    int64_t ndims = operands.data[i]->dim, nl = nlabels[i];
    bool has_ellipsis = false;
    for (int64_t k = 0; k < nlabels[i]; k++) {
      if (op_labels[i][k] == kEllipsis) {
        --nl;
        has_ellipsis = true;
        if (ndims - nl > S->ell_num_dim) S->ell_num_dim = ndims - nl;
      } else {
        ++label_count[op_labels[i][k]];
      }
    }
    TORCH_CHECK(has_ellipsis ? nl <= ndims : nl == ndims,
                "einsum(): the number of subscripts in the equation (%lld%s%lld) for operand %zu%s", (long long)nl,
                has_ellipsis ? ") is more than the number of dimensions (" : ") does not match the number of dimensions (",
                (long long)ndims, i, has_ellipsis ? "" : " and no ellipsis was given");
  }
  return 0;
fail:
  return -1;
}

/* The common order of the labels: the output's first (the right-hand side
 * `rhs` of the equation, whose first character is at index rhs_at of it; or,
 * with rhs NULL, the ellipsis dims and the labels seen once, in alphabetical
 * order), then the contracted ones.  Sets S->label_perm_index,
 * S->ell_index, S->out_num_dim and S->perm_index (the dims in all).  0, or
 * -1 with 1.13's error.
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp einsum ("Compute the
 * permutation of output and contraction dims") */
static int order_labels(EinsumState* S, const char* rhs, size_t rhs_at, const int64_t* label_count) {
  for (int s = 0; s < kTotalLabels; s++) S->label_perm_index[s] = -1, S->label_size[s] = 1;
  for (int64_t j = 0; j < MINATEN_MAX_DIM; j++) S->ell_sizes[j] = 1;
  bool ell_in_output = false;
  if (rhs == NULL) {
    S->perm_index = S->ell_num_dim;
    ell_in_output = true;
    for (int s = 0; s < kTotalLabels; s++)
      if (label_count[s] == 1) S->label_perm_index[s] = S->perm_index++;
  } else {
    size_t rhs_len = strlen(rhs);
    for (size_t i = 0; i < rhs_len; ++i) {
      unsigned char label = (unsigned char)rhs[i];
      switch (label) {
        case ' ': break;
        case '.':
          TORCH_CHECK(!ell_in_output, "einsum(): found '.' for output but an ellipsis (...) was already found");
          TORCH_CHECK(i + 2 < rhs_len && rhs[++i] == '.' && rhs[++i] == '.',
                      "einsum(): found '.' for output that is not part of any ellipsis (...)");
          S->ell_index = S->perm_index;
          S->perm_index += S->ell_num_dim;
          ell_in_output = true;
          break;
        default: {
          TORCH_CHECK(isalpha(label),
                      "einsum(): invalid subscript given at index %zu in the equation string, subscripts must be in "
                      "[a-zA-Z]",
                      rhs_at + i);
          int index = label_to_subscript(label);
          TORCH_CHECK(label_count[index] > 0 && S->label_perm_index[index] == -1, "einsum(): output subscript %c%s",
                      label,
                      S->label_perm_index[index] > -1 ? " appears more than once in the output"
                                                      : " does not appear in the equation for any input operand");
          S->label_perm_index[index] = S->perm_index++;
        }
      }
    }
  }
  S->out_num_dim = S->perm_index;
  if (!ell_in_output) {
    S->ell_index = S->perm_index;
    S->perm_index += S->ell_num_dim;
  }
  for (int s = 0; s < kTotalLabels; s++)
    if (label_count[s] > 0 && S->label_perm_index[s] == -1) S->label_perm_index[s] = S->perm_index++;
  return 0;
fail:
  return -1;
}

/* Step 3 for one pair: a * b summed over the contraction dims no later
 * operand has (a dim only one of them has is summed first, with sum);
 * consumes a and b.  A new reference, or NULL with the error set.
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp einsum (the loop over
 * the path: "Sum out or squeeze dimensions that are size 1 for all later
 * operands") */
static Tensor* contract_pair(EinsumState* S, Tensor* a, Tensor* b) {
  int64_t sum_dims[MINATEN_MAX_DIM], a_sum[MINATEN_MAX_DIM], b_sum[MINATEN_MAX_DIM], ns = 0, na = 0, nb = 0;
  for (int64_t dim = S->out_num_dim; dim < S->perm_index; ++dim) {
    if (a->sizes[dim] != 1 && b->sizes[dim] != 1) {
      if (--S->dim_counts[dim] == 1) {
        sum_dims[ns++] = dim;
        S->dim_counts[dim] = 0;
      }
    } else if (S->dim_counts[dim] == 1) {
      if (a->sizes[dim] != 1) {
        a_sum[na++] = dim;
        S->dim_counts[dim] = 0;
      } else if (b->sizes[dim] != 1) {
        b_sum[nb++] = dim;
        S->dim_counts[dim] = 0;
      }
    }
  }
  Tensor* c = NULL;
  if (na > 0 &&
      replace(&a, at_sum_dim_IntList(a, (OptionalIntArrayRef){true, {a_sum, (size_t)na}}, true, kNoDtype)) == NULL)
    goto done;
  if (nb > 0 &&
      replace(&b, at_sum_dim_IntList(b, (OptionalIntArrayRef){true, {b_sum, (size_t)nb}}, true, kNoDtype)) == NULL)
    goto done;
  c = sumproduct_pair(a, b, sum_dims, ns);
done:
  Tensor_release(a);
  Tensor_release(b);
  return c;
}

/* Step 3: the aligned operands ops[0..*nops) contracted two at a time,
 * left to right (the result first), or in the order of `path` (the result
 * last), until one is left in ops[0].  0, or -1 with the error set; ops
 * then holds *nops references.
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp einsum ("Compute result") */
static int contract_operands(EinsumState* S, Tensor** ops, size_t* nops, OptionalIntArrayRef path) {
  size_t path_pos = 0;
  while (*nops > 1) {
    int64_t i = 0, j = 1;
    if (path.has_value) {
      i = path.value.data[path_pos++];
      j = path.value.data[path_pos++];
      if (j < i) {
        int64_t t = i;
        i = j;
        j = t;
      }
      TORCH_CHECK(i != j && i >= 0 && j < (int64_t)*nops, "einsum(): invalid contraction (%lld, %lld%s",
                  (long long)i, (long long)j,
                  i == j ? ") cannot contract an operand with itself" : ") operand index is out of bounds");
    }
    Tensor* a = ops[i];
    Tensor* b = ops[j];
    for (size_t k = (size_t)j; k + 1 < *nops; k++) ops[k] = ops[k + 1];
    (*nops)--;
    for (size_t k = (size_t)i; k + 1 < *nops; k++) ops[k] = ops[k + 1];
    (*nops)--;
    Tensor* c = contract_pair(S, a, b);
    TRY(c != NULL);
    if (path.has_value) {
      ops[(*nops)++] = c;
    } else {
      for (size_t k = *nops; k > 0; k--) ops[k] = ops[k - 1];
      ops[0] = c;
      (*nops)++;
    }
  }
  return 0;
fail:
  return -1;
}

/* The contracted dims of the result: size 1 by now (view), or summed when
 * there was one operand.  A new reference, or NULL with the error set.
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp einsum ("Sum out contraction dims") */
static Tensor* sum_out_contraction_dims(const EinsumState* S, const Tensor* result, size_t num_ops) {
  if (S->perm_index - S->out_num_dim == 0) return Tensor_retain(result);
  if (num_ops > 1) {
    int64_t sizes[MINATEN_MAX_DIM];
    for (int64_t d = 0; d < S->out_num_dim; d++) sizes[d] = result->sizes[d];
    return at_view(result, (IntArrayRef){sizes, (size_t)S->out_num_dim});
  }
  int64_t sum_dims[MINATEN_MAX_DIM];
  for (int64_t d = S->out_num_dim; d < S->perm_index; d++) sum_dims[d - S->out_num_dim] = d;
  return at_sum_dim_IntList(result, (OptionalIntArrayRef){true, {sum_dims, (size_t)(S->perm_index - S->out_num_dim)}},
                            false, kNoDtype);
}

/* PyTorch 1.13: aten/src/ATen/native/Linear.cpp at::native::einsum */
Tensor* at_native_einsum(const char* equation, TensorList operands, OptionalIntArrayRef path) {
  size_t num_ops = operands.size;
  Tensor* ops[kMaxLabels] = {NULL};
  size_t nops = 0;
  Tensor* r = NULL;
  static EinsumState zero_state;
  EinsumState S = zero_state;
  int op_labels[kMaxLabels][kMaxLabels + 1];
  int64_t nlabels[kMaxLabels] = {0};
  int64_t label_count[kTotalLabels] = {0};
  TORCH_CHECK(num_ops > 0, "einsum(): must provide at least one operand");
  TORCH_CHECK(num_ops <= kMaxLabels, "minaten: einsum supports at most %d operands", kMaxLabels);
  if (path.has_value) {
    size_t path_size = num_ops == 1 ? 1 : (num_ops - 1) * 2;
    TORCH_CHECK(path.value.size == path_size,
                "einsum(): expected contraction path given in path parameter to have size %zu but got %zu", path_size,
                path.value.size);
  }
  const char* arrow = strstr(equation, "->");
  size_t lhs_len = arrow ? (size_t)(arrow - equation) : strlen(equation);

  /* 1. the labels of each operand, and their common order: output labels, then contracted ones */
  TRY(parse_operand_labels(equation, lhs_len, num_ops, op_labels, nlabels) == 0);
  TRY(count_labels(&S, operands, op_labels, nlabels, label_count) == 0);
  TRY(order_labels(&S, arrow ? arrow + 2 : NULL, lhs_len + 2, label_count) == 0);

  /* 2. each operand aligned to the common order */
  for (size_t i = 0; i < num_ops; i++) {
    TRY((ops[nops] = align_operand(&S, operands.data[i], i, op_labels[i], nlabels[i])) != NULL);
    nops++;
  }

  /* 3. contract, two at a time; then the contracted dims go */
  TRY(contract_operands(&S, ops, &nops, path) == 0);
  r = sum_out_contraction_dims(&S, ops[0], num_ops);
fail:
  for (size_t k = 0; k < nops; k++) Tensor_release(ops[k]);
  return r;
}

/* ---- linear ------------------------------------------------------------------------ */

/* A 3-D contiguous input with a bias, flattened to 2-D for one addmm:
 * t, view, addmm, view (weight.t() first: GCC evaluates 1.13's
 * at::addmm(bias, input.view(...), weight.t()) from its last argument).
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp _flatten_3d_linear */
static Tensor* flatten_3d_linear(const Tensor* input, const Tensor* weight, const Tensor* bias) {
  Tensor *flat = NULL, *wt = NULL, *result = NULL, *out = NULL;
  int64_t flat_sizes[2] = {input->sizes[0] * input->sizes[1], input->sizes[2]};
  wt = at_t(weight);
  TRY(wt != NULL);
  flat = at_view(input, IntArrayRef_make(flat_sizes, 2));
  TRY(flat != NULL);
  result = at_addmm(bias, flat, wt, Scalar_fromLong(1), Scalar_fromLong(1));
  TRY(result != NULL);
  int64_t sizes[3] = {input->sizes[0], input->sizes[1], result->sizes[1]};
  out = at_view(result, IntArrayRef_make(sizes, 3));
fail:
  Tensor_release(flat);
  Tensor_release(wt);
  Tensor_release(result);
  return out;
}

/* input @ weight.t() + bias, by the route 1.13 takes: one addmm for a 2-D
 * input with a bias (or a 3-D contiguous one, flattened), else matmul and
 * an in-place add_ of the bias, or an out-of-place add when the bias is
 * "subclass-like" (at::isTensorSubclassLike: every tensor while a
 * TorchDispatchMode or the trace is on, so a trace shows add.Tensor).
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp at::native::linear */
Tensor* at_native_linear(const Tensor* input, const Tensor* weight, const Tensor* bias) {
  Tensor *wt = NULL, *output = NULL;
  if (input->dim == 2 && bias != NULL) { /* Fused op is marginally faster. */
    wt = at_t(weight);
    TRY(wt != NULL);
    output = at_addmm(bias, input, wt, Scalar_fromLong(1), Scalar_fromLong(1));
    Tensor_release(wt);
    return output;
  }
  if (bias != NULL && input->is_contiguous && input->dim == 3) return flatten_3d_linear(input, weight, bias);
  wt = at_t(weight);
  TRY(wt != NULL);
  output = at_matmul(input, wt);
  TRY(output != NULL);
  if (bias != NULL && dispatch_mode_enabled()) { /* for composite compliance, the out-of-place add */
    Tensor* sum = at_add_Tensor(output, bias, Scalar_fromLong(1));
    TRY(sum != NULL);
    Tensor_release(output);
    output = sum;
  } else if (bias != NULL) {
    Tensor* r = at_add__Tensor(output, bias, Scalar_fromLong(1));
    TRY(r != NULL);
    Tensor_release(r);
  }
  Tensor_release(wt);
  return output;
fail:
  Tensor_release(wt);
  Tensor_release(output);
  return NULL;
}

/* linear's out= form: addmm's for a 2-D input with a bias, else matmul's,
 * then add_ of the bias.
 * PyTorch 1.13: aten/src/ATen/native/Linear.cpp at::native::linear_out */
Tensor* at_native_linear_out(const Tensor* input, const Tensor* weight, const Tensor* bias, Tensor* out) {
  Tensor *wt = at_t(weight), *r = NULL;
  TRY(wt != NULL);
  if (input->dim == 2 && bias != NULL) {
    r = at_addmm_out(bias, input, wt, Scalar_fromLong(1), Scalar_fromLong(1), out);
    Tensor_release(wt);
    return r;
  }
  r = at_matmul_out(input, wt, out);
  TRY(r != NULL);
  if (bias != NULL) {
    Tensor* added = at_add__Tensor(out, bias, Scalar_fromLong(1));
    TRY(added != NULL);
    Tensor_release(added);
  }
  Tensor_release(wt);
  return r;
fail:
  Tensor_release(wt);
  Tensor_release(r);
  return NULL;
}
