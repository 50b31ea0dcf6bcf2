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
  if ((int64_t)nbytes < 0) { /* PyTorch 1.13: alloc_cpu.cpp alloc_cpu's first check */
    Error_set(ErrorType_RuntimeError,
              "[enforce fail at alloc_cpu.cpp:52] ((ptrdiff_t)nbytes) >= 0. alloc_cpu() seems to have been called "
              "with negative number: %zu",
              nbytes);
    return NULL;
  }
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
            "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: "
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

/* An ASan build: gcc says __SANITIZE_ADDRESS__, clang __has_feature. */
#if defined(__SANITIZE_ADDRESS__)
#define MINATEN_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MINATEN_ASAN 1
#endif
#endif

#if defined(MINATEN_ASAN)
/* NB(minaten): AddressSanitizer aborts on an allocation above its limit (1 TiB)
 * unless told to return NULL, as malloc does; then a huge torch.empty fails
 * with PyTorch's out-of-memory error under ASan as in the other builds.  An
 * ASAN_OPTIONS setting of the same flag still wins. */
const char* __asan_default_options(void);
const char* __asan_default_options(void) { return "allocator_may_return_null=1"; }
#endif
