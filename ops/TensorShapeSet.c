/*
 * TensorShapeSet.c - Tensor.set_: a tensor takes another storage (or
 * another tensor's storage and geometry, or a fresh empty storage) in place,
 * keeping its dtype; and is_set_to, whether two tensors are set to the same
 * storage and geometry.
 *
 *   set_(source_storage)                 the whole storage: nbytes / itemsize elements,
 *                                        contiguous, offset 0
 *   set_(source_storage, offset, size, stride=[])   the geometry given
 *   set_(source_tensor)                  the tensor's storage, offset, sizes, strides
 *   set_(source_tensor, offset, size, stride=[])    CompositeImplicitAutograd: the
 *                                        contiguous tensor's storage, at offset past its own
 *   set_()                               a new empty storage, size (0,)
 *
 * Every form ends in set_.source_Storage_storage_offset, a dispatched call
 * (set_storage_cpu_ on CPU), which does what 1.13's checkSetStorage and
 * resize_impl_cpu_ do, in their order:
 *
 *   1. strides given (a non-empty list): as many as sizes, else "unequal
 *      size length ... and stride length ..." (nothing changed yet);
 *   2. the tensor takes the storage (a reference to it);
 *   3. a negative offset fails now, with the storage already taken;
 *   4. the offset is set; then, unless the sizes (and the strides given)
 *      are the tensor's already, the sizes and strides (contiguous when
 *      none are given) are set, and the storage grows in place to hold the
 *      geometry (a storage that cannot grow: "Trying to resize storage that
 *      is not resizable").  Note [set_ does not check the offset]: when the
 *      sizes are unchanged, 1.13 returns before the storage is grown, so a
 *      tensor set to its own sizes at a far offset reads past its storage
 *      (garbage, or a crash).  NB(minaten): minaten grows the storage then
 *      too (its size differs from 1.13's; the values read are zeros or
 *      garbage in both).
 *
 * An empty stride list means "no strides" (1.13 tests stride.data(), which
 * an empty list from Python leaves NULL): `t.set_(s, 0, (2,), ())` is
 * contiguous.
 *
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp (set_, set_storage_cpu_,
 * set_tensor_, set_cpu_, set__symint), aten/src/ATen/native/Resize.h
 * (checkSetStorage, resize_impl_cpu_, maybe_resize_storage_cpu),
 * aten/src/ATen/native/TensorProperties.cpp (is_set_to)
 */
#include "Functions.h"
#include "NativeFunctions.h"
#include "ops/AutogenFunctional.h"
#include "ops/EmptyTensor.h"
#include "ops/TensorUtils.h"
#include "runtime/Exception.h"
#include "runtime/safe_numerics.h"

#define FMT_INTS(a) IntArrayRef_format((a), (char[1536]){0}, 1536)

/* Whether a and b hold the same ints. */
static bool ints_equal(IntArrayRef a, IntArrayRef b) {
  if (a.size != b.size) return false;
  for (size_t i = 0; i < a.size; i++)
    if (a.data[i] != b.data[i]) return false;
  return true;
}

/* The tensor's storage becomes `storage` (its dtype kept).
 * PyTorch 1.13: c10/core/TensorImpl.h set_storage_keep_dtype */
static void set_storage_keep_dtype(Tensor* self, Storage* storage) {
  if (self->storage == storage) return;
  Storage* old = self->storage;
  self->storage = Storage_retain(storage);
  Storage_release(old);
}

/* Steps 1-3 above.  PyTorch 1.13: aten/src/ATen/native/Resize.h checkSetStorage */
static int checkSetStorage(Tensor* self, Storage* storage, int64_t storage_offset, IntArrayRef size,
                           IntArrayRef stride) {
  if (stride.size > 0)
    TORCH_CHECK(size.size == stride.size, "unequal size length (%zu) and stride length (%zu)", size.size,
                stride.size);
  /* a storage is on the cpu, or meta (a meta tensor's) */
  if (self->storage != NULL && Storage_isMeta(self->storage) != Storage_isMeta(storage))
    TORCH_CHECK(false,
                "Attempted to set the storage of a tensor on device \"%s\" to a storage on different device "
                "\"%s\".  This is no longer allowed; the devices must match.",
                Storage_isMeta(self->storage) ? "meta" : "cpu", Storage_isMeta(storage) ? "meta" : "cpu");
  set_storage_keep_dtype(self, storage);
  TORCH_CHECK(storage_offset >= 0, "Tensor: invalid storage offset %lld", (long long)storage_offset);
  return 0;
fail:
  return -1;
}

/* The bytes the geometry needs from the start of the storage, offset
 * included (0 when a size is 0); -1 with 1.13's overflow error.
 * PyTorch 1.13: aten/src/ATen/EmptyTensor.cpp computeStorageNbytes (with its storage_offset) */
static int64_t storage_nbytes_strided(IntArrayRef size, IntArrayRef stride, size_t itemsize, int64_t offset) {
  int64_t nbytes = computeStorageNbytes(size, stride, itemsize);
  uint64_t total = 0;
  bool overflowed = nbytes < 0;
  if (!overflowed && nbytes > 0) {
    overflowed = mul_overflows_u64((uint64_t)offset, (uint64_t)itemsize, &total);
    overflowed |= add_overflows_u64(total, (uint64_t)nbytes, &total);
    overflowed |= total > (uint64_t)INT64_MAX;
  }
  if (overflowed) {
    Error_set(ErrorType_RuntimeError, "Storage size calculation overflowed with sizes=%s and strides=%s",
              FMT_INTS(size), FMT_INTS(stride));
    return -1;
  }
  return (int64_t)total;
}

/* Step 4 above: sizes and strides first, then the storage grown to fit.
 * 0, or -1 with the error set (the sizes may be set already, as in 1.13).
 * PyTorch 1.13: aten/src/ATen/native/Resize.h resize_impl_cpu_, maybe_resize_storage_cpu */
static int resize_impl_cpu_(Tensor* self, IntArrayRef size, IntArrayRef stride) {
  bool has_stride = stride.size > 0;
  size_t itemsize = Tensor_itemsize(self);
  int64_t nbytes;
  if (Tensor_hasSizes(self, size) && (!has_stride || ints_equal(Tensor_strides(self), stride))) {
    /* NB(minaten): 1.13 returns here, its storage not grown (Note [set_ does
     * not check the offset]); minaten grows it, so that no read goes past it. */
    TRY((nbytes = storage_nbytes_strided(size, Tensor_strides(self), itemsize, self->storage_offset)) >= 0);
  } else if (has_stride) {
    TRY(check_numel(size) == 0);
    TRY(Tensor_setSizesAndStrides(self, size, stride) == 0);
    TRY((nbytes = storage_nbytes_strided(size, stride, itemsize, self->storage_offset)) >= 0);
  } else {
    int64_t strides[MINATEN_MAX_DIM];
    TRY(check_numel(size) == 0);
    TRY(check_max_dims((int64_t)size.size) == 0);
    computeContiguousStrides(size, strides);
    TRY(Tensor_setSizesAndStrides(self, size, IntArrayRef_make(strides, size.size)) == 0);
    nbytes = computeStorageNbytesContiguous(size, itemsize, self->storage_offset);
    TRY(check_storage_nbytes(nbytes, size) == 0);
  }
  /* a storage to hold no element is never resized (the offset may be past its end) */
  if (nbytes == 0 || self->storage == NULL || (size_t)nbytes <= self->storage->nbytes) return 0;
  return Storage_resize(self->storage, (size_t)nbytes);
fail:
  return -1;
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::set_storage_cpu_ */
Tensor* at_native_set_storage_cpu_(Tensor* self, Storage* source, int64_t storage_offset, IntArrayRef size,
                                   IntArrayRef stride) {
  TRY(checkSetStorage(self, source, storage_offset, size, stride) == 0);
  self->storage_offset = storage_offset;
  TRY(resize_impl_cpu_(self, size, stride) == 0);
  return Tensor_retain(self);
fail:
  return NULL;
}

/* The same on meta tensors: no data to keep, the same checks and geometry.
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::set_storage_meta__symint */
Tensor* at_native_set_storage_meta__symint(Tensor* self, Storage* source, int64_t storage_offset, IntArrayRef size,
                                           IntArrayRef stride) {
  return at_native_set_storage_cpu_(self, source, storage_offset, size, stride);
}

/* The whole storage, as elements of self's dtype (a partial last one dropped).
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::set_ (Storage) */
Tensor* at_native_set_(Tensor* self, Storage* source) {
  int64_t new_size = (int64_t)(source->nbytes / Tensor_itemsize(self));
  return at_set__source_Storage_storage_offset(self, source, 0, IntArrayRef_make(&new_size, 1),
                                               IntArrayRef_make(NULL, 0));
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::set_tensor_ */
Tensor* at_native_set_tensor_(Tensor* self, const Tensor* source) {
  if (self == source) return Tensor_retain(self);
  return at_set__source_Storage_storage_offset(self, source->storage, source->storage_offset, Tensor_sizes(source),
                                               Tensor_strides(source));
}

/* self over `storage` (taken over: a fresh, empty one), size (0,). */
static Tensor* set_to_empty(Tensor* self, Storage* storage) {
  if (storage == NULL) return NULL;
  int64_t zero = 0;
  Tensor* r = at_set__source_Storage_storage_offset(self, storage, 0, IntArrayRef_make(&zero, 1),
                                                    IntArrayRef_make(NULL, 0));
  Storage_release(storage);
  return r;
}

/* A fresh, empty, resizable storage; size (0,).
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::set_cpu_ */
Tensor* at_native_set_cpu_(Tensor* self) { return set_to_empty(self, Storage_new(0)); }

/* A fresh, empty meta storage; size (0,).
 * PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::set_meta_ */
Tensor* at_native_set_meta_(Tensor* self) { return set_to_empty(self, Storage_newMeta(0)); }

/* The functional forms 1.13 makes from the four set_ operators
 * (`autogen: set.source_Storage, ...`): a clone of self, set
 * (ops/AutogenFunctional.h). */

/* PyTorch 1.13: RegisterCompositeExplicitAutograd.cpp set (autogen) */
Tensor* at_native_set_functional(const Tensor* self) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_set_(out));
}
/* PyTorch 1.13: RegisterCompositeExplicitAutograd.cpp set_source_Storage (autogen) */
Tensor* at_native_set_source_Storage_functional(const Tensor* self, Storage* source) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_set__source_Storage(out, source));
}
/* PyTorch 1.13: RegisterCompositeExplicitAutograd.cpp set_source_Storage_storage_offset (autogen) */
Tensor* at_native_set_source_Storage_storage_offset_functional(const Tensor* self, Storage* source,
                                                               int64_t storage_offset, IntArrayRef size,
                                                               IntArrayRef stride) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  if (out == NULL) return NULL;
  return AutogenFunctional_result(out, at_set__source_Storage_storage_offset(out, source, storage_offset, size, stride));
}
/* PyTorch 1.13: RegisterCompositeExplicitAutograd.cpp set_source_Tensor (autogen) */
Tensor* at_native_set_source_Tensor_functional(const Tensor* self, const Tensor* source) {
  Tensor* out = at_clone(self, kNoMemoryFormat);
  return out == NULL ? NULL : AutogenFunctional_result(out, at_set__source_Tensor(out, source));
}

/* PyTorch 1.13: aten/src/ATen/native/TensorShape.cpp at::native::set__symint */
Tensor* at_native_set__source_Tensor_storage_offset(Tensor* self, const Tensor* source, int64_t storage_offset,
                                                    IntArrayRef size, IntArrayRef stride) {
  TORCH_CHECK(source->is_contiguous, "passed in tensor to be used as storage must be contiguous");
  if (source->storage == NULL) { /* a lazy tensor: 1.13's checkSetStorage on its "meta" storage */
    char self_device[32], source_device[32];
    Error_set(ErrorType_RuntimeError,
              "Attempted to set the storage of a tensor on device \"%s\" to a storage on different device "
              "\"%s\".  This is no longer allowed; the devices must match.",
              self->storage == NULL ? "meta" : Device_format(self->device, self_device, sizeof self_device),
              Device_format(source->device, source_device, sizeof source_device));
    return NULL;
  }
  return at_set__source_Storage_storage_offset(self, source->storage, storage_offset + source->storage_offset, size,
                                               stride);
fail:
  return NULL;
}

/* The same storage, offset, sizes and strides.
 * PyTorch 1.13: aten/src/ATen/native/TensorProperties.cpp at::native::is_set_to */
bool at_native_is_set_to(const Tensor* self, const Tensor* tensor) {
  return self->storage == tensor->storage && self->storage_offset == tensor->storage_offset &&
         ints_equal(Tensor_sizes(self), Tensor_sizes(tensor)) &&
         ints_equal(Tensor_strides(self), Tensor_strides(tensor));
}
