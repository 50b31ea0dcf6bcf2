/*
 * Allocator.h - the CPU allocator, which counts what it hands out.
 *
 * Every storage's bytes come from here, so a test can prove that a view path
 * copied nothing: read the counters, run the view, read them again.
 *
 * PyTorch 1.13: c10/core/CPUAllocator.h (DefaultCPUAllocator), c10/core/Allocator.h
 */
#ifndef MINATEN_RUNTIME_ALLOCATOR_H
#define MINATEN_RUNTIME_ALLOCATOR_H

#include <stddef.h>
#include <stdint.h>

typedef struct AllocatorStats {
  int64_t allocations;   /* calls that returned memory, since start */
  int64_t frees;         /* calls that released memory, since start */
  int64_t bytes_current; /* bytes held right now */
  int64_t bytes_total;   /* bytes handed out since start */
} AllocatorStats;

/* Returns nbytes of 64-byte aligned memory (a unique non-NULL pointer for 0
 * bytes), or NULL with PyTorch's RuntimeError when memory is exhausted or
 * nbytes is "negative" (above INT64_MAX: alloc_cpu's first check).
 * PyTorch 1.13: c10/core/impl/alloc_cpu.cpp alloc_cpu */
void* Allocator_allocate(size_t nbytes);
/* PyTorch 1.13: c10/core/impl/alloc_cpu.cpp free_cpu */
void Allocator_free(void* ptr, size_t nbytes);
AllocatorStats Allocator_stats(void);

#endif
