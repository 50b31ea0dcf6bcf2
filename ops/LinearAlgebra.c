/*
 * LinearAlgebra.c - mm, mv, bmm, dot, and matmul's decomposition into them.
 *
 * matmul is CompositeImplicitAutograd: what a trace shows is what it
 * decomposes into, chosen by the ranks as PyTorch 1.13's _matmul_impl does:
 *   1-D @ 1-D  dot                   2-D @ 1-D  mv
 *   1-D @ 2-D  unsqueeze, mm, squeeze_
 *   2-D @ 2-D  mm
 *   N-D @ 1-D/2-D (N >= 3), or the mirror: "fold" the batch into the rows of
 *              one matrix: reshape, mm or mv, _unsafe_view (the mirror case
 *              transposes both sides and transposes the result back)
 *   otherwise  expand both batches to their broadcast shape, reshape to 3-D,
 *              bmm, _unsafe_view
 * A 3-D left side whose last two dims are transposed is not folded (the fold
 * would copy), so permuted batches go through bmm.
 *
 * mm, bmm and addmm are structured (Note [Structured kernels] in
 * ops/Structured.h): their meta functions check the ranks and shapes and
 * give the output's sizes (set_output_raw_strided), the impls check the
 * dtypes and compute, so a meta tensor passes the shape checks alone.
 *
 * Float and Double products run the blocked gemm of ops/cpu/BlasKernel.c
 * (Note [BLIS loops]) on the operands where they are, whatever their
 * strides; the other dtypes run plain loops over contiguous copies.
 *
 * PyTorch 1.13: aten/src/ATen/native/LinearAlgebra.cpp (matmul, _matmul_impl,
 * should_fold, mm, bmm, addmm), Blas.cpp (mv, dot)
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/Copy.h"
#include "ops/EmptyTensor.h"
#include "ops/MetaMode.h"
#include "ops/Resize.h"
#include "ops/Structured.h"
#include "ops/TensorUtils.h"
#include "ops/cpu/BlasKernel.h"
#include "runtime/Exception.h"
#include "runtime/TypeCast.h"
#include "runtime/Parallel.h"
#include "runtime/safe_numerics.h"

#define FMT_INTS(a) IntArrayRef_format((a), (char[1536]){0}, 1536)

/* A contiguous version of t (t itself, retained, when it already is);
 * internal, so it does not go through the dispatcher. */
static Tensor* contiguous_copy(const Tensor* t) {
  if (t->is_contiguous) return Tensor_retain(t);
  OptionalMemoryFormat f = {true, MemoryFormat_Contiguous};
  return at_native_clone(t, f);
}

/* C[m x p] = A[m x n] @ B[n x p], int64, all contiguous. */
static void gemm_long(const int64_t* A, const int64_t* B, int64_t* C, int64_t m, int64_t n, int64_t p) {
  memset(C, 0, (size_t)(m * p) * sizeof(int64_t));
  for (int64_t i = 0; i < m; i++)
    for (int64_t k = 0; k < n; k++) {
      /* int64 wraps as PyTorch's does: multiply and add as unsigned */
      uint64_t a = (uint64_t)A[i * n + k];
      for (int64_t j = 0; j < p; j++) C[i * p + j] = (int64_t)((uint64_t)C[i * p + j] + a * (uint64_t)B[k * p + j]);
    }
}

/* Integer types other than int64 multiply through int64 (wrapping on store). */
static void gemm_generic(const Tensor* a, const Tensor* b, Tensor* c, int64_t m, int64_t n, int64_t p,
                         int64_t a_off, int64_t b_off, int64_t c_off) {
  (void)a_off, (void)b_off, (void)c_off;
  size_t sz = Tensor_itemsize(a);
  const char* A = Tensor_data(a) + a_off * (int64_t)sz;
  const char* B = Tensor_data(b) + b_off * (int64_t)sz;
  char* C = Tensor_data(c) + c_off * (int64_t)sz;
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < p; j++) {
      uint64_t acc = 0;
      for (int64_t k = 0; k < n; k++) {
        int64_t x = 0, y = 0;
        memcpy(&x, A + (i * n + k) * (int64_t)sz, sz);
        memcpy(&y, B + (k * p + j) * (int64_t)sz, sz);
        if (a->dtype == ScalarType_Char) x = (int8_t)x, y = (int8_t)y;
        if (a->dtype == ScalarType_Short) x = (int16_t)x, y = (int16_t)y;
        if (a->dtype == ScalarType_Int) x = (int32_t)x, y = (int32_t)y;
        acc += (uint64_t)x * (uint64_t)y;
      }
      memcpy(C + (i * p + j) * (int64_t)sz, &acc, sz);
    }
}

/* BFloat16, as 1.13's naive gemm loops compute it: each product in float
 * (at::opmath_type), accumulated in k order either in float and rounded
 * once (`float_acc`: gemm_transa_, which 1.13 takes when a is row-major
 * and b column-major) or into the BFloat16 output, rounding at every step
 * (gemm_notrans_, gemm_transb_, gemm_transab_, and dot).
 * PyTorch 1.13: native/BlasKernel.cpp gemm_notrans_, gemm_transa_, dot_naive */
static void gemm_reduced(const Tensor* a, const Tensor* b, Tensor* c, int64_t m, int64_t n, int64_t p, int64_t a_off,
                         int64_t b_off, int64_t c_off, bool float_acc) {
  ScalarType t = a->dtype;
  int64_t sz = (int64_t)Tensor_itemsize(a);
  const char* A = Tensor_data(a) + a_off * sz;
  const char* B = Tensor_data(b) + b_off * sz;
  char* C = Tensor_data(c) + c_off * sz;
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < p; j++) {
      char* out = C + (i * p + j) * sz;
      float acc = 0;
      for (int64_t k = 0; k < n; k++) {
        acc += (float)load_double(t, A + (i * n + k) * sz) * (float)load_double(t, B + (k * p + j) * sz);
        if (!float_acc) acc = reduced_round(t, acc); /* c += a * b into the BFloat16 output */
      }
      store_from_double(t, out, acc);
    }
}

/* c (contiguous, fresh) = a @ b for `batch` stacked matrices, all
 * contiguous, in a dtype other than Float and Double. */
static void batched_gemm(const Tensor* a, const Tensor* b, Tensor* c, int64_t batch, int64_t m, int64_t n, int64_t p,
                         bool float_acc) {
  for (int64_t t = 0; t < batch; t++) {
    int64_t ao = t * m * n, bo = t * n * p, co = t * m * p;
    if (a->dtype == ScalarType_Long)
      gemm_long((const int64_t*)Tensor_data(a) + ao, (const int64_t*)Tensor_data(b) + bo,
                (int64_t*)Tensor_data(c) + co, m, n, p);
    else if (ScalarType_isReducedFloating(a->dtype))
      gemm_reduced(a, b, c, m, n, p, ao, bo, co, float_acc);
    else
      gemm_generic(a, b, c, m, n, p, ao, bo, co);
  }
}

/* Where the elements of `batch` stacked matrices are: element (i, j) of
 * matrix t at data + t * batch + i * row + j * col (in elements). */
typedef struct MatrixStrides {
  int64_t batch, row, col;
} MatrixStrides;

/* One strided_gemm: its operands, and whether a product could not get its
 * memory. */
typedef struct StridedGemm {
  const Tensor *a, *b;
  MatrixStrides sa, sb;
  Tensor* c;
  int64_t m, n, p;
  atomic_bool failed;
} StridedGemm;

/* The products of matrices [begin, end). */
static void strided_gemm_range(void* ctx, int64_t begin, int64_t end) {
  StridedGemm* g = ctx;
  int64_t m = g->m, n = g->n, p = g->p;
  for (int64_t t = begin; t < end; t++) {
    int r;
    if (g->a->dtype == ScalarType_Float)
      r = cpublas_gemm_float(m, p, n, 1.0f, (const float*)Tensor_data(g->a) + t * g->sa.batch, g->sa.row, g->sa.col,
                             (const float*)Tensor_data(g->b) + t * g->sb.batch, g->sb.row, g->sb.col, 0.0f,
                             (float*)Tensor_data(g->c) + t * m * p, p, 1);
    else
      r = cpublas_gemm_double(m, p, n, 1.0, (const double*)Tensor_data(g->a) + t * g->sa.batch, g->sa.row,
                              g->sa.col, (const double*)Tensor_data(g->b) + t * g->sb.batch, g->sb.row, g->sb.col,
                              0.0, (double*)Tensor_data(g->c) + t * m * p, p, 1);
    if (r < 0) atomic_store(&g->failed, true);
  }
}

/* c (contiguous, fresh: batch x m x p) = a @ b, Float or Double, a's
 * matrices m x n and b's n x p read where they are (strides sa and sb) by
 * the blocked gemm.  Several matrices go to the intra-op threads a range of
 * matrices each (each product then runs on its thread: Note [A gemm on
 * threads] in ops/cpu/BlasKernel.c).  0, or -1 with the error set.
 * NB(minaten): 1.13's bmm calls its BLAS matrix by matrix, and only the
 * BLAS's own threads (none with the reference BLAS) run a product. */
static int strided_gemm(const Tensor* a, MatrixStrides sa, const Tensor* b, MatrixStrides sb, Tensor* c,
                        int64_t batch, int64_t m, int64_t n, int64_t p) {
  StridedGemm g = {a, b, sa, sb, c, m, n, p, false};
  if (batch == 1)
    strided_gemm_range(&g, 0, 1);
  else
    at_parallel_for(0, batch, 1, strided_gemm_range, &g);
  TORCH_CHECK_ALLOC(!atomic_load(&g.failed));
  return 0;
fail:
  return -1;
}

/* The operands' common dtype, and the refusal of the AT_DISPATCH macro of
 * the kernel that computes (`kernel`: mm's addmm_impl_cpu_, mv's
 * addmv_impl_cpu, bmm's bmm, dot's dot) for a dtype it has no loop for
 * (Bool, Half: 1.13's CPU gemm has BFloat16 but no Half). */
static int check_same_dtype(const Tensor* a, const Tensor* b, const char* kernel) {
  TORCH_CHECK(a->dtype == b->dtype, "expected scalar type %s but found %s", ScalarType_name(a->dtype),
              ScalarType_name(b->dtype));
  TORCH_CHECK(a->dtype != ScalarType_Bool && a->dtype != ScalarType_Half && !ScalarType_isQuantized(a->dtype),
              "\"%s\" not implemented for '%s'", kernel, ScalarType_name(a->dtype));
  /* NB(minaten): 1.13 multiplies complex matrices (its gemm reads a
   * conjugated operand itself); minaten's loops are real */
  TORCH_CHECK(!ScalarType_isComplex(a->dtype), "minaten: %s has no kernel for '%s' yet", kernel,
              ScalarType_name(a->dtype));
  return 0;
fail:
  return -1;
}

/* c (contiguous: batch x m x p) = self @ other, the shared loops of mm,
 * bmm, mv and dot: the blocked gemm on the operands as they are for Float
 * and Double, plain loops on contiguous copies otherwise.  0, or -1 with
 * the error set. */
static int matmul_compute(Tensor* c, const Tensor* self, MatrixStrides sa, const Tensor* other, MatrixStrides sb,
                          int64_t batch, int64_t m, int64_t n, int64_t p) {
  if (self->dtype == ScalarType_Float || self->dtype == ScalarType_Double)
    return strided_gemm(self, sa, other, sb, c, batch, m, n, p);
  bool float_acc = sa.col == 1 && sb.row == 1 && sb.col != 1; /* gemm_reduced */
  Tensor* a = contiguous_copy(self);
  Tensor* b = a ? contiguous_copy(other) : NULL;
  if (b != NULL) batched_gemm(a, b, c, batch, m, n, p, float_acc);
  Tensor_release(a);
  Tensor_release(b);
  return b != NULL ? 0 : -1;
}

/* mv's and dot's body: a fresh result of out_sizes, then the loops
 * (skipped in a shape run, ops/MetaMode.h). */
static Tensor* matmul_fresh(const Tensor* self, MatrixStrides sa, const Tensor* other, MatrixStrides sb, int64_t batch,
                            int64_t m, int64_t n, int64_t p, IntArrayRef out_sizes) {
  Tensor* c = empty_cpu(out_sizes, self->dtype);
  if (c == NULL || MetaMode_isEnabled()) return c;
  if (matmul_compute(c, self, sa, other, sb, batch, m, n, p) == 0) return c;
  Tensor_release(c);
  return NULL;
}

/* The impl of mm and bmm into result, the meta function's output (batch x
 * m x p, any strides), in 1.13's order: nothing to do for an empty result;
 * an empty contraction (n == 0) zeroes it (result.zero_(), whatever the
 * dtypes); else the kernel's dtype checks (`kernel` names its AT_DISPATCH),
 * then the product, into result itself when it is contiguous, else into a
 * contiguous temporary copied into it.  0, or -1 with the error set.
 * PyTorch 1.13: LinearAlgebra.cpp addmm_impl_cpu_, bmm_out_or_baddbmm_ */
static int matmul_product_into(Tensor* result, const Tensor* self, MatrixStrides sa, const Tensor* other,
                               MatrixStrides sb, int64_t batch, int64_t m, int64_t n, int64_t p, const char* kernel) {
  if (result->numel == 0 || MetaMode_isEnabled()) return 0;
  if (n == 0) return done_in_place(at_zero_(result));
  if (check_same_dtype(self, other, kernel) < 0) return -1;
  if (result->is_contiguous) return matmul_compute(result, self, sa, other, sb, batch, m, n, p);
  Tensor* c = empty_cpu(Tensor_sizes(result), result->dtype);
  if (c == NULL) return -1;
  int r = matmul_compute(c, self, sa, other, sb, batch, m, n, p) == 0 ? copy_into(result, c) : -1;
  Tensor_release(c);
  return r;
}

/* PyTorch 1.13: LinearAlgebra.cpp TORCH_META_FUNC(mm) */
int at_meta_mm(StructuredOp* op, const Tensor* self, const Tensor* mat2) {
  TORCH_CHECK(self->dim == 2, "self must be a matrix");
  TORCH_CHECK(mat2->dim == 2, "mat2 must be a matrix");
  TORCH_CHECK(self->sizes[1] == mat2->sizes[0], "mat1 and mat2 shapes cannot be multiplied (%lldx%lld and %lldx%lld)",
              (long long)self->sizes[0], (long long)self->sizes[1], (long long)mat2->sizes[0], (long long)mat2->sizes[1]);
  int64_t sizes[2] = {self->sizes[0], mat2->sizes[1]};
  return StructuredOp_setOutputRawStrided(op, 0, IntArrayRef_make(sizes, 2), kNoStrides, self->dtype);
fail:
  return -1;
}
/* PyTorch 1.13: LinearAlgebra.cpp TORCH_IMPL_FUNC(mm_out_cpu) (addmm_impl_cpu_ with beta 0, alpha 1) */
int at_impl_mm_out_cpu(StructuredOp* op, const Tensor* self, const Tensor* mat2, Tensor* out) {
  (void)op;
  MatrixStrides sa = {0, self->strides[0], self->strides[1]}, sb = {0, mat2->strides[0], mat2->strides[1]};
  return matmul_product_into(out, self, sa, mat2, sb, 1, self->sizes[0], self->sizes[1], mat2->sizes[1], "addmm_impl_cpu_");
}

/* PyTorch 1.13: LinearAlgebra.cpp TORCH_META_FUNC(bmm) (common_checks_baddbmm_bmm) */
int at_meta_bmm(StructuredOp* op, const Tensor* self, const Tensor* mat2) {
  TORCH_CHECK(self->dim == 3, "batch1 must be a 3D tensor");
  TORCH_CHECK(mat2->dim == 3, "batch2 must be a 3D tensor");
  TORCH_CHECK(mat2->sizes[0] == self->sizes[0] && mat2->sizes[1] == self->sizes[2],
              "Expected size for first two dimensions of batch2 tensor to be: [%lld, %lld] but got: [%lld, %lld].",
              (long long)self->sizes[0], (long long)self->sizes[2], (long long)mat2->sizes[0], (long long)mat2->sizes[1]);
  int64_t sizes[3] = {self->sizes[0], self->sizes[1], mat2->sizes[2]};
  /* batch2.options(): bmm's output takes mat2's dtype */
  return StructuredOp_setOutputRawStrided(op, 0, IntArrayRef_make(sizes, 3), kNoStrides, mat2->dtype);
fail:
  return -1;
}
/* PyTorch 1.13: LinearAlgebra.cpp TORCH_IMPL_FUNC(bmm_out_cpu) (bmm_out_or_baddbmm_) */
int at_impl_bmm_out_cpu(StructuredOp* op, const Tensor* self, const Tensor* mat2, Tensor* out) {
  (void)op;
  MatrixStrides sa = {self->strides[0], self->strides[1], self->strides[2]};
  MatrixStrides sb = {mat2->strides[0], mat2->strides[1], mat2->strides[2]};
  return matmul_product_into(out, self, sa, mat2, sb, self->sizes[0], self->sizes[1], self->sizes[2], mat2->sizes[2], "bmm");
}

/* PyTorch 1.13: Blas.cpp at::native::mv (via addmv) */
Tensor* at_native_mv(const Tensor* self, const Tensor* vec) {
  TORCH_CHECK(self->dim == 2 && vec->dim == 1, "vector + matrix @ vector expected, got 1, %lld, %lld",
              (long long)self->dim, (long long)vec->dim);
  TORCH_CHECK(self->sizes[1] == vec->sizes[0], "size mismatch, got %lld, %lldx%lld,%lld", (long long)self->sizes[0],
              (long long)self->sizes[0], (long long)self->sizes[1], (long long)vec->sizes[0]);
  TRY(check_same_dtype(self, vec, "addmv_impl_cpu") == 0);
  int64_t out_size = self->sizes[0];
  MatrixStrides sa = {0, self->strides[0], self->strides[1]}, sb = {0, vec->strides[0], 1};
  return matmul_fresh(self, sa, vec, sb, 1, out_size, self->sizes[1], 1, IntArrayRef_make(&out_size, 1));
fail:
  return NULL;
}

/* PyTorch 1.13: Blas.cpp at::native::dot */
Tensor* at_native_dot(const Tensor* self, const Tensor* tensor) {
  TORCH_CHECK(self->dim == 1 && tensor->dim == 1, "1D tensors expected, but got %lldD and %lldD tensors",
              (long long)self->dim, (long long)tensor->dim);
  TORCH_CHECK(self->dtype == tensor->dtype, "dot : expected both vectors to have same dtype, but found %s and %s",
              ScalarType_name(self->dtype), ScalarType_name(tensor->dtype));
  TORCH_CHECK(self->numel == tensor->numel,
              "inconsistent tensor size, expected tensor [%lld] and src [%lld] to have the same number of "
              "elements, but got %lld and %lld elements respectively",
              (long long)self->numel, (long long)tensor->numel, (long long)self->numel, (long long)tensor->numel);
  TRY(check_same_dtype(self, tensor, "dot") == 0);
  MatrixStrides sa = {0, 0, self->strides[0]}, sb = {0, tensor->strides[0], 1};
  return matmul_fresh(self, sa, tensor, sb, 1, 1, self->sizes[0], 1, IntArrayRef_make(NULL, 0));
fail:
  return NULL;
}

/* PyTorch 1.13: LinearAlgebra.cpp should_fold */
static bool should_fold(const Tensor* t1, int64_t dim_t2) {
  if (t1->dim >= 3 && (dim_t2 == 1 || dim_t2 == 2)) {
    /* A batch whose last two dims are transposed would have to be copied
     * to fold: bmm handles it with transposed GEMMs instead. */
    bool transposed_batch = t1->dim == 3 && dim_t2 == 2 && t1->strides[2] != 1 &&
                            t1->strides[0] == t1->sizes[1] * t1->sizes[2];
    return !transposed_batch;
  }
  return false;
}

/* Releases up to four tensors (NULL allowed). */
static void release4(Tensor* a, Tensor* b, Tensor* c, Tensor* d) {
  Tensor_release(a);
  Tensor_release(b);
  Tensor_release(c);
  Tensor_release(d);
}

/* t.reshape(shape) and t._unsafe_view(shape) called with an int list, as
 * _matmul_impl calls them: the list is converted to SymInts first, which
 * refuses a size that wrapped to [-2**63, -2**62).
 * PyTorch 1.13: aten/src/ATen/core/TensorBody.h Tensor::reshape (c10::fromIntArrayRef) */
static Tensor* reshape_ints(const Tensor* t, IntArrayRef shape) {
  return SymInt_checkArrayRef(shape) == 0 ? at_reshape(t, shape) : NULL;
}

static Tensor* unsafe_view_ints(const Tensor* t, IntArrayRef shape) {
  return SymInt_checkArrayRef(shape) == 0 ? at__unsafe_view(t, shape) : NULL;
}

/*
 * matmul's out= tail, once the product's inputs are ready: out takes the
 * result's shape (resize_, a traced operator here: matmul is composite),
 * `target` (out, or out transposed) is reshaped to what mm/mv/bmm write,
 * which writes there; when the reshape had to copy, the product is copied
 * back (view, then copy_).  `kind` is 'm' (mm), 'v' (mv) or 'b' (bmm).
 * PyTorch 1.13: LinearAlgebra.cpp _matmul_impl (has_out)
 */
static Tensor* matmul_into(Tensor* out, bool transposed, const int64_t* shape, int64_t nshape, const Tensor* a,
                           const Tensor* b, char kind, IntArrayRef written_shape) {
  Tensor *target = NULL, *reshaped = NULL, *product = NULL, *back = NULL, *copied = NULL;
  if (!Tensor_hasSizes(out, IntArrayRef_make(shape, (size_t)nshape))) {
    Tensor* r = at_resize_(out, IntArrayRef_make(shape, (size_t)nshape), kNoMemoryFormat);
    TRY(r != NULL);
    Tensor_release(r);
  }
  target = transposed ? at_transpose_int(out, -2, -1) : Tensor_retain(out);
  TRY(target != NULL);
  reshaped = reshape_ints(target, written_shape);
  TRY(reshaped != NULL);
  product = kind == 'm' ? at_mm_out(a, b, reshaped) : kind == 'v' ? at_mv_out(a, b, reshaped) : at_bmm_out(a, b, reshaped);
  TRY(product != NULL);
  if (reshaped->storage != out->storage) {
    back = at_view(reshaped, Tensor_sizes(target));
    TRY(back != NULL);
    copied = at_copy_(target, back, false);
    TRY(copied != NULL);
  }
  release4(target, reshaped, product, back);
  Tensor_release(copied);
  return Tensor_retain(out);
fail:
  release4(target, reshaped, product, back);
  Tensor_release(copied);
  return NULL;
}

/* The fold branch: N-D @ 1-D/2-D (or its mirror, transposed). */
static Tensor* matmul_fold(Tensor* out, const Tensor* tensor1, const Tensor* tensor2) {
  bool transpose = tensor2->dim > tensor1->dim;
  Tensor *t1 = NULL, *t2 = NULL, *folded = NULL, *product = NULL, *output = NULL, *result = NULL;
  t1 = transpose ? at_transpose_int(tensor2, -2, -1) : Tensor_retain(tensor1);
  TRY(t1 != NULL);
  t2 = !transpose ? Tensor_retain(tensor2) : tensor1->dim == 2 ? at_t(tensor1) : Tensor_retain(tensor1);
  TRY(t2 != NULL);
  int64_t output_shape[MINATEN_MAX_DIM];
  int64_t n = t1->dim - 1, folded_dim1 = 1;
  for (int64_t i = 0; i < n; i++) folded_dim1 = mul_wrap(folded_dim1, output_shape[i] = t1->sizes[i]);
  bool t2_is_matrix = t2->dim == 2;
  if (t2_is_matrix) output_shape[n++] = t2->sizes[1];
  int64_t fold[2] = {folded_dim1, t1->sizes[t1->dim - 1]};
  folded = reshape_ints(t1, IntArrayRef_make(fold, 2));
  TRY(folded != NULL);
  if (out != NULL) {
    /* out has the final shape: the mirror's is output_shape transposed */
    bool transposed = transpose && t2_is_matrix;
    if (transposed) {
      int64_t tmp = output_shape[n - 1];
      output_shape[n - 1] = output_shape[n - 2];
      output_shape[n - 2] = tmp;
    }
    int64_t flat[2] = {-1, t2_is_matrix ? t2->sizes[1] : 0};
    result = matmul_into(out, transposed, output_shape, n, folded, t2, t2_is_matrix ? 'm' : 'v',
                         IntArrayRef_make(flat, t2_is_matrix ? 2 : 1));
    release4(t1, t2, folded, NULL);
    return result;
  }
  product = t2_is_matrix ? at_mm(folded, t2) : at_mv(folded, t2);
  TRY(product != NULL);
  output = unsafe_view_ints(product, IntArrayRef_make(output_shape, (size_t)n));
  TRY(output != NULL);
  if (!transpose || !t2_is_matrix) {
    result = output;
    output = NULL;
  } else {
    Tensor* mt = at_transpose_int(output, -2, -1);
    TRY(mt != NULL);
    result = at_contiguous(mt, MemoryFormat_Contiguous);
    Tensor_release(mt);
  }
fail: /* and success: result is NULL on failure */
  release4(t1, t2, folded, product);
  Tensor_release(output);
  return result;
}

/* The batched branch: broadcast the batches, reshape to 3-D, bmm. */
static Tensor* matmul_batched(Tensor* out, const Tensor* tensor1, const Tensor* tensor2) {
  int64_t d1 = tensor1->dim, d2 = tensor2->dim;
  int64_t n = d1 > 1 ? tensor1->sizes[d1 - 2] : 1, m1 = tensor1->sizes[d1 - 1];
  int64_t m2 = d2 > 1 ? tensor2->sizes[d2 - 2] : tensor2->sizes[0], p = d2 > 1 ? tensor2->sizes[d2 - 1] : 1;
  int64_t nb1 = d1 > 2 ? d1 - 2 : 0, nb2 = d2 > 2 ? d2 - 2 : 0;
  int64_t out_shape[MINATEN_MAX_DIM], e1[MINATEN_MAX_DIM], e2[MINATEN_MAX_DIM];
  Tensor *x1 = NULL, *r1 = NULL, *x2 = NULL, *r2 = NULL, *prod = NULL, *result = NULL;
  /* infer_size of the two batch shapes */
  int64_t nb = nb1 > nb2 ? nb1 : nb2, batch = 1;
  for (int64_t i = 0; i < nb; i++) {
    int64_t a = i - (nb - nb1) >= 0 ? tensor1->sizes[i - (nb - nb1)] : 1;
    int64_t b = i - (nb - nb2) >= 0 ? tensor2->sizes[i - (nb - nb2)] : 1;
    TORCH_CHECK(a == b || a == 1 || b == 1,
                "The size of tensor a (%lld) must match the size of tensor b (%lld) at non-singleton dimension %lld",
                (long long)a, (long long)b, (long long)i);
    out_shape[i] = a == 1 ? b : a;
    batch = mul_wrap(batch, out_shape[i]); /* wraps as PyTorch's does */
  }
  memcpy(e1, out_shape, (size_t)nb * sizeof(int64_t));
  e1[nb] = n, e1[nb + 1] = m1;
  x1 = at_expand(tensor1, IntArrayRef_make(e1, (size_t)nb + 2), false);
  TRY(x1 != NULL);
  int64_t s1[3] = {batch, n, m1};
  r1 = reshape_ints(x1, IntArrayRef_make(s1, 3));
  TRY(r1 != NULL);
  bool vector_rhs = d2 == 1;
  memcpy(e2, out_shape, (size_t)nb * sizeof(int64_t));
  e2[nb] = m2;
  if (!vector_rhs) e2[nb + 1] = p;
  x2 = at_expand(tensor2, IntArrayRef_make(e2, (size_t)nb + (vector_rhs ? 1 : 2)), false);
  TRY(x2 != NULL);
  if (vector_rhs) {
    int64_t s2[2] = {batch, m2};
    Tensor* flat = reshape_ints(x2, IntArrayRef_make(s2, 2));
    TRY(flat != NULL);
    r2 = at_unsqueeze(flat, 2);
    Tensor_release(flat);
  } else {
    int64_t s2[3] = {batch, m2, p};
    r2 = reshape_ints(x2, IntArrayRef_make(s2, 3));
  }
  TRY(r2 != NULL);
  int64_t nout = nb;
  if (d1 > 1) out_shape[nout++] = n;
  if (d2 > 1) out_shape[nout++] = p;
  if (out != NULL) {
    int64_t s3[3] = {batch, n, p};
    result = matmul_into(out, false, out_shape, nout, r1, r2, 'b', IntArrayRef_make(s3, 3));
    goto fail; /* releases the intermediates */
  }
  prod = at_bmm(r1, r2);
  TRY(prod != NULL);
  if (vector_rhs) {
    Tensor* sq = at_squeeze_dim(prod, -1);
    TRY(sq != NULL);
    Tensor_release(prod);
    prod = sq;
  }
  result = unsafe_view_ints(prod, IntArrayRef_make(out_shape, (size_t)nout));
fail:
  release4(x1, r1, x2, r2);
  Tensor_release(prod);
  return result;
}

/* matmul, into `out` when it is not NULL (each case then calls the out=
 * form of its operator).  PyTorch 1.13: LinearAlgebra.cpp _matmul_impl */
static Tensor* matmul_impl(Tensor* out, const Tensor* tensor1, const Tensor* tensor2) {
  int64_t d1 = tensor1->dim, d2 = tensor2->dim;
  TORCH_CHECK(d1 != 0 && d2 != 0, "both arguments to matmul need to be at least 1D, but they are %lldD and %lldD",
              (long long)d1, (long long)d2);
  if (d1 == 1 && d2 == 1) return out ? at_dot_out(tensor1, tensor2, out) : at_dot(tensor1, tensor2);
  if (d1 == 2 && d2 == 1) return out ? at_mv_out(tensor1, tensor2, out) : at_mv(tensor1, tensor2);
  if (d1 == 1 && d2 == 2) {
    Tensor* row = at_unsqueeze(tensor1, 0);
    if (row == NULL) return NULL;
    Tensor* product = out ? at_mm_out(row, tensor2, out) : at_mm(row, tensor2);
    Tensor_release(row);
    if (product == NULL) return NULL;
    Tensor* r = at_squeeze__dim(product, 0);
    Tensor_release(product);
    return r;
  }
  if (d1 == 2 && d2 == 2) return out ? at_mm_out(tensor1, tensor2, out) : at_mm(tensor1, tensor2);
  if (should_fold(tensor1, d2) || should_fold(tensor2, d1)) return matmul_fold(out, tensor1, tensor2);
  return matmul_batched(out, tensor1, tensor2);
fail:
  return NULL;
}

/* PyTorch 1.13: LinearAlgebra.cpp at::native::matmul */
Tensor* at_native_matmul(const Tensor* tensor1, const Tensor* tensor2) { return matmul_impl(NULL, tensor1, tensor2); }

/* PyTorch 1.13: LinearAlgebra.cpp at::native::matmul_out */
Tensor* at_native_matmul_out(const Tensor* tensor1, const Tensor* tensor2, Tensor* out) {
  return matmul_impl(out, tensor1, tensor2);
}

/* ---- out= variants ---------------------------------------------------------- */

/* The structured kernels' output check (out must have the result's dtype),
 * then the result moved into out. */
static Tensor* check_dtype_and_copy_out(Tensor* out, Tensor* result) {
  if (result == NULL) return NULL;
  if (check_out_dtype(out, result->dtype) < 0) {
    Tensor_release(result);
    return NULL;
  }
  return resize_and_copy_out(out, result);
}

/* PyTorch 1.13: Blas.cpp at::native::mv_out (through addmv_out) */
Tensor* at_native_mv_out(const Tensor* self, const Tensor* vec, Tensor* out) {
  return check_dtype_and_copy_out(out, at_native_mv(self, vec));
}

/* out takes dot's 0-dim result: the three tensors on one device, out
 * resized to [] (the warning for one that held elements), then its dtype
 * checked, then filled with self.dot(tensor), dispatched: a meta out gets
 * the Python meta kernel's dot.
 * PyTorch 1.13: Blas.cpp at::native::dot_out (CompositeExplicitAutograd) */
Tensor* at_native_dot_out(const Tensor* self, const Tensor* tensor, Tensor* out) {
  char b1[32], b2[32], b3[32];
  TORCH_CHECK(Device_equal(out->device, self->device) && Device_equal(self->device, tensor->device),
              "dot: Expected the output and input tensors to be on the same device, but got the output tensor on %s, "
              "the 'input' tensor on %s, and the 'other' tensor on %s",
              Device_format(out->device, b1, sizeof b1), Device_format(self->device, b2, sizeof b2),
              Device_format(tensor->device, b3, sizeof b3));
  IntArrayRef scalar_shape = IntArrayRef_make(NULL, 0);
  /* resize_output: natively on the CPU, through resize_ elsewhere */
  TRY((out->device.type == DeviceType_CPU ? resize_output(out, scalar_shape)
                                          : resize_output_dispatched(out, scalar_shape)) >= 0);
  TORCH_CHECK(out->dtype == self->dtype, "result dtype %s does not match input dtype %s", ScalarType_name(out->dtype),
              ScalarType_name(self->dtype));
  Tensor* d = at_dot(self, tensor);
  TRY(d != NULL);
  Tensor* r = at_fill__Tensor(out, d);
  Tensor_release(d);
  return r;
fail:
  return NULL;
}

/* ---- addmm ------------------------------------------------------------------------ */

/* addmm's checks, in 1.13's order: the dtypes, then the ranks and shapes.
 * 0, or -1 with the error set.
 * PyTorch 1.13: LinearAlgebra.cpp TORCH_META_FUNC(addmm) */
static int addmm_meta(const Tensor* self, const Tensor* mat1, const Tensor* mat2) {
  TORCH_CHECK(self->dtype == mat2->dtype, "self and mat2 must have the same dtype");
  TORCH_CHECK(mat1->dtype == mat2->dtype, "mat1 and mat2 must have the same dtype");
  TORCH_CHECK(!ScalarType_isComplex(mat1->dtype), "minaten: addmm has no kernel for '%s' yet",
              ScalarType_name(mat1->dtype));
  TORCH_CHECK(mat1->dim == 2, "mat1 must be a matrix, got %lld-D tensor", (long long)mat1->dim);
  TORCH_CHECK(mat2->dim == 2, "mat2 must be a matrix, got %lld-D tensor", (long long)mat2->dim);
  TORCH_CHECK(mat1->sizes[1] == mat2->sizes[0], "mat1 and mat2 shapes cannot be multiplied (%lldx%lld and %lldx%lld)",
              (long long)mat1->sizes[0], (long long)mat1->sizes[1], (long long)mat2->sizes[0],
              (long long)mat2->sizes[1]);
  return 0;
fail:
  return -1;
}

/* c[i][j] = beta * s[i][j] + alpha * p[i][j] (beta * s left out when beta
 * is 0; alpha * p when p is NULL, the empty product) over c's m x n
 * elements, in c's dtype: integers wrap as 1.13's gemm loops wrap (the sum in 64 bits,
 * truncated on store: the same value modulo the type's width), BFloat16
 * computes in float and rounds once.  p is contiguous, c fresh and
 * contiguous, s any strides.
 * NB(minaten): 1.13's BFloat16 gemm scales c by beta and then adds the
 * products into it one at a time (gemm_notrans_), rounding at each step;
 * here the product is rounded first and beta * s + alpha * p once. */
static void addmm_combine(Tensor* c, const Tensor* s, const Tensor* p, Scalar beta, Scalar alpha, bool beta_zero) {
  ScalarType t = c->dtype;
  int64_t sz = (int64_t)Tensor_itemsize(c), m = c->sizes[0], n = c->sizes[1];
  const char* S = Tensor_data(s);
  const char* P = p != NULL ? Tensor_data(p) : NULL;
  char* C = Tensor_data(c);
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      const char* sij = S + (i * s->strides[0] + j * s->strides[1]) * sz;
      const char* pij = P != NULL ? P + (i * n + j) * sz : NULL;
      char* cij = C + (i * n + j) * sz;
      if (t == ScalarType_Double) {
        double acc = P != NULL ? Scalar_toDouble(alpha) * load_double(t, pij) : 0.0;
        if (!beta_zero) acc += Scalar_toDouble(beta) * load_double(t, sij);
        store_from_double(t, cij, acc);
      } else if (ScalarType_isFloating(t)) {
        float acc = P != NULL ? (float)Scalar_toDouble(alpha) * (float)load_double(t, pij) : 0.0f;
        if (!beta_zero) acc += (float)Scalar_toDouble(beta) * (float)load_double(t, sij);
        store_from_double(t, cij, acc);
      } else {
        uint64_t acc = P != NULL ? (uint64_t)Scalar_toLong(alpha) * (uint64_t)load_int(t, pij) : 0;
        if (!beta_zero) acc += (uint64_t)Scalar_toLong(beta) * (uint64_t)load_int(t, sij);
        store_from_int64(t, cij, (int64_t)acc);
      }
    }
}

/*
 * Note [addmm's summation order]
 * 1.13 hands a Float or Double addmm to the BLAS (Debian's: the reference
 * netlib BLAS), through addmm_impl_cpu_, which casts the result, mat1 and
 * mat2 as column-major matrices and so picks one of sgemm's loops.  Two
 * kinds of loop sum in different orders:
 *   - a transposed A ('T' for transa): each element is a dot product from
 *     zero, then C = alpha * dot + beta * C: the blocked gemm's order
 *     (ops/cpu/BlasKernel.c);
 *   - a plain A ('N'): C is scaled by beta first (zeroed for 0, kept for
 *     1), then each product is added into it in turn, the BLAS's B operand
 *     scaled by alpha first: c = (c + (alpha * b) * a) + ..., each step
 *     rounded: addmm_accumulate.
 * For mm (beta 0, alpha 1) both orders give the same bits.  With the result
 * row-major (a fresh one), 1.13 computes result^T = mat2^T @ mat1^T, A is
 * mat2, and A is plain when mat2 is row-major: what nn.functional.linear's
 * weight.t() gives is column-major, so linear takes the dot-product loop.
 * PyTorch 1.13: LinearAlgebra.cpp addmm_impl_cpu_; CPUBlas.cpp cpublas::gemm;
 * netlib BLAS sgemm.f / dgemm.f
 */

/* Whether 1.13's addmm_impl_cpu_ calls the BLAS with a plain A (transa 'N')
 * for a result of c_strides, mat1 m x k, mat2 k x n; *b_is_mat1 says which
 * operand is the BLAS's B (the one alpha scales).
 * PyTorch 1.13: LinearAlgebra.cpp addmm_impl_cpu_ (transpose_c, transpose_a) */
static bool blas_plain_a(const int64_t* c_strides, const Tensor* mat1, const Tensor* mat2, bool* b_is_mat1) {
  int64_t m = mat1->sizes[0], k = mat1->sizes[1], n = mat2->sizes[1];
  bool transpose_c = false;
  if (c_strides[0] == 1 && (n == 1 || c_strides[1] >= (m > 1 ? m : 1)))
    transpose_c = false;
  else if (c_strides[1] == 1 && (m == 1 || c_strides[0] >= (n > 1 ? n : 1)))
    transpose_c = true;
  const Tensor* a = transpose_c ? mat2 : mat1; /* std::swap(m1, m2) */
  int64_t rows = transpose_c ? n : m;         /* the BLAS's m */
  const int64_t* st = a->strides;
  int64_t s_row = transpose_c ? st[1] : st[0], s_col = transpose_c ? st[0] : st[1];
  *b_is_mat1 = transpose_c;
  if (s_row == 1 && s_col >= (rows > 1 ? rows : 1)) return true;
  if (s_col == 1 && s_row >= (k > 1 ? k : 1)) return false;
  return transpose_c; /* a contiguous clone: transpose_a = !transpose_c */
}

/* c (m x n, contiguous) = beta * s + alpha * (a @ b) in the order of the
 * reference BLAS's plain-A loop (Note [addmm's summation order]), each
 * operation rounded in the type (C11 does not contract them into FMAs).
 * b_is_mat1: alpha scales a's elements (the BLAS's B) rather than b's. */
#define DEFINE_ADDMM_ACCUMULATE(T)                                                                                   \
  static void addmm_accumulate_##T(T* c, const T* s, const int64_t* ss, const T* a, const int64_t* sa, const T* b, \
                                   const int64_t* sb, int64_t m, int64_t k, int64_t n, T beta, T alpha,             \
                                   bool b_is_mat1) {                                                                 \
    for (int64_t i = 0; i < m; i++)                                                                                  \
      for (int64_t j = 0; j < n; j++) {                                                                              \
        T acc = beta == 0 ? (T)0 : beta == 1 ? s[i * ss[0] + j * ss[1]] : beta * s[i * ss[0] + j * ss[1]];      \
        if (alpha != 0)                                                                                              \
          for (int64_t l = 0; l < k; l++) {                                                                          \
            T x = a[i * sa[0] + l * sa[1]], y = b[l * sb[0] + j * sb[1]];                                           \
            T temp = b_is_mat1 ? alpha * x : alpha * y;                                                             \
            acc = acc + temp * (b_is_mat1 ? y : x);                                                                 \
          }                                                                                                          \
        c[i * n + j] = acc;                                                                                          \
      }                                                                                                              \
  }
DEFINE_ADDMM_ACCUMULATE(float)
DEFINE_ADDMM_ACCUMULATE(double)
#undef DEFINE_ADDMM_ACCUMULATE

/* A fresh m x p tensor beta * self + alpha * (mat1 @ mat2), self expanded
 * to m x p; the arguments have passed addmm_meta.  Float and Double sum in
 * the order 1.13's BLAS sums for a result of c_strides (the tensor 1.13
 * writes: Note [addmm's summation order]): the blocked gemm with beta and
 * alpha (self copied into the result first unless beta is 0), or
 * addmm_accumulate.  A new reference, or NULL with the error set.
 * PyTorch 1.13: LinearAlgebra.cpp addmm_impl_cpu_ (and TORCH_IMPL_FUNC(addmm_out_cpu)'s expand_size) */
static Tensor* addmm_fresh(const Tensor* self, const Tensor* mat1, const Tensor* mat2, Scalar beta, Scalar alpha,
                           const int64_t* c_strides) {
  int64_t m = mat1->sizes[0], k = mat1->sizes[1], n = mat2->sizes[1];
  int64_t sizes[2] = {m, n};
  bool beta_zero = Scalar_toDouble(beta) == 0.0;
  Tensor *b_self = NULL, *c = NULL, *product = NULL, *a = NULL, *b = NULL;
  b_self = at_native_expand(self, IntArrayRef_make(sizes, 2), false);
  TRY(b_self != NULL);
  c = empty_cpu(IntArrayRef_make(sizes, 2), mat1->dtype);
  TRY(c != NULL);
  if (c->numel == 0 || MetaMode_isEnabled()) goto done;
  if (k == 0) { /* [m, 0] x [0, n]: 1.13's result.copy_(self).mul_(beta), or zero_() */
    addmm_combine(c, b_self, NULL, beta, alpha, beta_zero);
    goto done;
  }
  TRY(check_same_dtype(mat1, mat2, "addmm_impl_cpu_") == 0);
  bool b_is_mat1 = false;
  bool alpha_one = Scalar_toDouble(alpha) == 1.0;
  if (c_strides == NULL) c_strides = c->strides;
  if ((c->dtype == ScalarType_Float || c->dtype == ScalarType_Double) && !(beta_zero && alpha_one) &&
      blas_plain_a(c_strides, mat1, mat2, &b_is_mat1)) {
    if (c->dtype == ScalarType_Float)
      addmm_accumulate_float((float*)Tensor_data(c), (const float*)Tensor_data(b_self), b_self->strides,
                             (const float*)Tensor_data(mat1), mat1->strides, (const float*)Tensor_data(mat2),
                             mat2->strides, m, k, n, (float)Scalar_toDouble(beta), (float)Scalar_toDouble(alpha),
                             b_is_mat1);
    else
      addmm_accumulate_double((double*)Tensor_data(c), (const double*)Tensor_data(b_self), b_self->strides,
                              (const double*)Tensor_data(mat1), mat1->strides, (const double*)Tensor_data(mat2),
                              mat2->strides, m, k, n, Scalar_toDouble(beta), Scalar_toDouble(alpha), b_is_mat1);
    goto done;
  }
  if (c->dtype == ScalarType_Float || c->dtype == ScalarType_Double) {
    if (!beta_zero) TRY(copy_into(c, b_self) == 0);
    int r = c->dtype == ScalarType_Float
                ? cpublas_gemm_float(m, n, k, (float)Scalar_toDouble(alpha), (const float*)Tensor_data(mat1),
                                     mat1->strides[0], mat1->strides[1], (const float*)Tensor_data(mat2),
                                     mat2->strides[0], mat2->strides[1], (float)Scalar_toDouble(beta),
                                     (float*)Tensor_data(c), n, 1)
                : cpublas_gemm_double(m, n, k, Scalar_toDouble(alpha), (const double*)Tensor_data(mat1),
                                      mat1->strides[0], mat1->strides[1], (const double*)Tensor_data(mat2),
                                      mat2->strides[0], mat2->strides[1], Scalar_toDouble(beta),
                                      (double*)Tensor_data(c), n, 1);
    TRY(r == 0);
    goto done;
  }
  bool float_acc = mat1->strides[1] == 1 && mat2->strides[0] == 1 && mat2->strides[1] != 1; /* gemm_reduced */
  a = contiguous_copy(mat1);
  TRY(a != NULL);
  b = contiguous_copy(mat2);
  TRY(b != NULL);
  product = empty_cpu(IntArrayRef_make(sizes, 2), c->dtype);
  TRY(product != NULL);
  batched_gemm(a, b, product, 1, m, k, n, float_acc);
  addmm_combine(c, b_self, product, beta, alpha, beta_zero);
done:
  release4(b_self, product, a, b);
  return c;
fail:
  release4(b_self, product, a, b);
  Tensor_release(c);
  return NULL;
}

/* PyTorch 1.13: LinearAlgebra.cpp TORCH_META_FUNC(addmm) */
int at_meta_addmm(StructuredOp* op, const Tensor* self, const Tensor* mat1, const Tensor* mat2, Scalar beta,
                  Scalar alpha) {
  (void)beta, (void)alpha;
  if (addmm_meta(self, mat1, mat2) < 0) return -1;
  int64_t sizes[2] = {mat1->sizes[0], mat2->sizes[1]};
  return StructuredOp_setOutputRawStrided(op, 0, IntArrayRef_make(sizes, 2), kNoStrides, mat1->dtype);
}

/* The product is computed in the order 1.13's BLAS would sum for out's
 * strides (Note [addmm's summation order]), into a contiguous result then
 * copied into out.
 * PyTorch 1.13: LinearAlgebra.cpp TORCH_IMPL_FUNC(addmm_out_cpu) (expand_size, addmm_impl_cpu_) */
int at_impl_addmm_out_cpu(StructuredOp* op, const Tensor* self, const Tensor* mat1, const Tensor* mat2, Scalar beta,
                          Scalar alpha, Tensor* out) {
  (void)op;
  return done_in_place(resize_and_copy_out(out, addmm_fresh(self, mat1, mat2, beta, alpha, out->strides)));
}

/* ---- outer, ger ------------------------------------------------------------------- */

/* PyTorch 1.13: LinearAlgebra.cpp check_1d */
static int check_1d(const Tensor* t, const char* arg, const char* fn) {
  TORCH_CHECK(t->dim == 1, "%s: Expected 1-D argument %s, but got %lld-D", fn, arg, (long long)t->dim);
  return 0;
fail:
  return -1;
}

/* self as a column times vec2 as a row, broadcast: the trace shows
 * _reshape_alias and mul.Tensor.
 * PyTorch 1.13: LinearAlgebra.cpp at::native::outer */
Tensor* at_native_outer(const Tensor* self, const Tensor* vec2) {
  if (check_1d(self, "self", "outer") < 0 || check_1d(vec2, "vec2", "outer") < 0) return NULL;
  int64_t shape[2] = {self->sizes[0], 1};
  Tensor* column = at_reshape(self, IntArrayRef_make(shape, 2));
  if (column == NULL) return NULL;
  Tensor* r = at_mul_Tensor(column, vec2);
  Tensor_release(column);
  return r;
}

/* PyTorch 1.13: LinearAlgebra.cpp at::native::ger (an alias of outer) */
Tensor* at_native_ger(const Tensor* self, const Tensor* vec2) { return at_outer(self, vec2); }
