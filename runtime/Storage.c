/*
 * Storage.c - reference-counted byte buffers.  PyTorch 1.13: c10/core/StorageImpl.h
 */
#include "runtime/Storage.h"

#include <stdlib.h>
#include <string.h>

#include "runtime/Allocator.h"
#include "runtime/Exception.h"

Storage* Storage_new(size_t nbytes) {
  Storage* s = malloc(sizeof *s);
  if (s == NULL) {
    Error_set(ErrorType_RuntimeError, "DefaultCPUAllocator: not enough memory");
    return NULL;
  }
  s->data = Allocator_allocate(nbytes);
  if (s->data == NULL) {
    free(s);
    return NULL;
  }
  s->refcount = 1;
  s->nbytes = nbytes;
  return s;
}

int Storage_resize(Storage* s, size_t nbytes) {
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
  Allocator_free(s->data, s->nbytes);
  free(s);
}
