/*
 * Storage.c - reference-counted byte buffers.  PyTorch 1.13: c10/core/StorageImpl.h
 */
#include "runtime/Storage.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Allocator.h"
#include "runtime/Exception.h"

Storage* Storage_new(size_t nbytes) {
  Storage* s = malloc(sizeof *s);
  if (s == NULL) {
    Error_setBadAlloc();
    return NULL;
  }
  s->data = Allocator_allocate(nbytes);
  if (s->data == NULL) {
    free(s);
    return NULL;
  }
  s->refcount = 1;
  s->nbytes = nbytes;
  s->deleter = NULL;
  s->deleter_ctx = NULL;
  s->resizable = true;
  return s;
}

Storage* Storage_newFromBlob(void* data, size_t nbytes, void (*deleter)(void* ctx), void* ctx) {
  Storage* s = malloc(sizeof *s);
  if (s == NULL) {
    Error_setBadAlloc();
    return NULL;
  }
  s->refcount = 1;
  s->nbytes = nbytes;
  s->data = data;
  s->deleter = deleter;
  s->deleter_ctx = ctx;
  s->resizable = false;
  return s;
}

/* The deleter of a meta storage: it has no data to free. */
static void meta_data_deleter(void* ctx) { (void)ctx; }

Storage* Storage_newMeta(size_t nbytes) {
  Storage* s = Storage_newFromBlob(NULL, nbytes, meta_data_deleter, NULL);
  if (s != NULL) s->resizable = true;
  return s;
}

bool Storage_isMeta(const Storage* s) { return s->deleter == meta_data_deleter; }

/* PyTorch 1.13: aten/src/ATen/native/Resize.cpp resize_bytes_cpu, resize_bytes_meta */
int Storage_resize(Storage* s, size_t nbytes) {
  if (!s->resizable) {
    Error_set(ErrorType_RuntimeError, "Trying to resize storage that is not resizable");
    return -1;
  }
  if (Storage_isMeta(s)) { /* resize_bytes_meta: nothing to copy */
    s->nbytes = nbytes;
    return 0;
  }
  void* data = Allocator_allocate(nbytes);
  if (data == NULL) return -1;
  memcpy(data, s->data, nbytes < s->nbytes ? nbytes : s->nbytes);
  Allocator_free(s->data, s->nbytes);
  s->data = data;
  s->nbytes = nbytes;
  return 0;
}

Storage* Storage_retain(Storage* s) {
  s->refcount++;
  return s;
}

void Storage_release(Storage* s) {
  if (s == NULL || --s->refcount > 0) return;
  if (s->deleter != NULL) s->deleter(s->deleter_ctx);
  else Allocator_free(s->data, s->nbytes);
  free(s);
}
