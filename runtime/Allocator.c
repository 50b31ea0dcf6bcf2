/*
 * Allocator.c - counting CPU allocator; see Allocator.h.
 * PyTorch 1.13: c10/core/impl/alloc_cpu.cpp
 */
#include "runtime/Allocator.h"

#include <stdlib.h>

#include "runtime/Exception.h"

/* PyTorch aligns CPU memory to 64 bytes (c10/core/alignment.h gAlignment). */
enum { kAlignment = 64 };

static _Thread_local AllocatorStats stats;

void* Allocator_allocate(size_t nbytes) {
  size_t rounded = (nbytes + kAlignment - 1) / kAlignment * kAlignment;
  if (rounded < nbytes || (int64_t)rounded < 0) goto oom;
  void* p = aligned_alloc(kAlignment, rounded ? rounded : kAlignment);
  if (p == NULL) goto oom;
  stats.allocations++;
  stats.bytes_current += (int64_t)nbytes;
  stats.bytes_total += (int64_t)nbytes;
  return p;
oom:
  Error_set(ErrorType_RuntimeError,
            "[enforce fail at alloc_cpu.cpp:73] . DefaultCPUAllocator: can't allocate memory: "
            "you tried to allocate %zu bytes. Error code 12 (Cannot allocate memory)",
            nbytes);
  return NULL;
}

void Allocator_free(void* ptr, size_t nbytes) {
  if (ptr == NULL) return;
  stats.frees++;
  stats.bytes_current -= (int64_t)nbytes;
  free(ptr);
}

AllocatorStats Allocator_stats(void) { return stats; }
