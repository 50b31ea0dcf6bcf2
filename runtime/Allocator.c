/*
 * Allocator.c - the CPU allocator and its cache of freed large blocks; see
 * Allocator.h, Note [Keeping freed memory].
 *
 * The cache is an array in the order blocks were freed, oldest first: a
 * lookup scans it from the newest end (a chain of operators takes back the
 * block it just freed, still warm in the cache), an eviction drops from the
 * oldest end.  kMaxCachedBlocks is small, so a scan costs less than the
 * posix_memalign it saves.
 *
 * PyTorch 1.13: c10/core/impl/alloc_cpu.cpp, c10/mobile/CPUCachingAllocator.cpp
 */
#include "runtime/Allocator.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/Exception.h"
#include "runtime/Sanitizer.h"

/* PyTorch aligns CPU memory to 64 bytes (c10/core/alignment.h gAlignment). */
enum { kAlignment = 64 };

/* The cache's bounds (Note [Keeping freed memory]). */
enum { kMaxCachedBlocks = 16 };
static const size_t kMinCachedBytes = (size_t)128 << 10; /* glibc's default M_MMAP_THRESHOLD */
static const size_t kMaxCachedBytes = (size_t)256 << 20;
static const size_t kPageBytes = (size_t)4 << 10;

typedef struct CachedBlock {
  void* ptr;
  size_t size; /* its size class: bytes rounded up to whole pages */
} CachedBlock;

static _Thread_local AllocatorStats stats;
static _Thread_local CachedBlock cache[kMaxCachedBlocks];
static _Thread_local int num_cached;


/* valgrind's client request, when its header is installed: a few
 * instructions that say whether the program runs under valgrind. */
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define MINATEN_HAVE_VALGRIND_H 1
#endif
#endif

/* Whether freed large blocks are kept: not under ASan or valgrind, nor with
 * MINATEN_NO_CPU_MEMORY_CACHING=1.  Decided at the first call, then fixed.
 * NB(minaten): PyTorch reads PYTORCH_NO_CUDA_MEMORY_CACHING for its CUDA
 * caching allocator; 1.13's CPU allocator has no cache to turn off. */
static bool caching_enabled(void) {
  static _Thread_local int enabled = -1;
  if (enabled < 0) {
#if defined(MINATEN_ASAN)
    enabled = 0;
#else
    const char* no_caching = getenv("MINATEN_NO_CPU_MEMORY_CACHING");
    enabled = !(no_caching != NULL && strcmp(no_caching, "1") == 0);
#if defined(MINATEN_HAVE_VALGRIND_H)
    if (RUNNING_ON_VALGRIND) enabled = 0;
#endif
#endif
  }
  return enabled;
}

/* The size class of a large block: nbytes rounded up to whole pages; 0 for
 * a small block, which the cache never holds. */
static size_t size_class(size_t nbytes) {
  if (nbytes < kMinCachedBytes || nbytes > kMaxCachedBytes) return 0;
  return (nbytes + kPageBytes - 1) / kPageBytes * kPageBytes;
}

/* Takes the most recently cached block of size class `size` out of the
 * cache, or returns NULL. */
static void* cache_take(size_t size) {
  for (int i = num_cached - 1; i >= 0; i--) {
    if (cache[i].size != size) continue;
    void* p = cache[i].ptr;
    memmove(&cache[i], &cache[i + 1], (size_t)(num_cached - 1 - i) * sizeof cache[0]);
    num_cached--;
    stats.bytes_cached -= (int64_t)size;
    return p;
  }
  return NULL;
}

/* Frees the oldest cached block. */
static void cache_evict_oldest(void) {
  free(cache[0].ptr);
  stats.bytes_cached -= (int64_t)cache[0].size;
  memmove(&cache[0], &cache[1], (size_t)(num_cached - 1) * sizeof cache[0]);
  num_cached--;
}

/* Keeps a freed block of size class `size`, making room first. */
static void cache_put(void* ptr, size_t size) {
  while (num_cached == kMaxCachedBlocks || (size_t)stats.bytes_cached + size > kMaxCachedBytes)
    cache_evict_oldest();
  cache[num_cached++] = (CachedBlock){ptr, size};
  stats.bytes_cached += (int64_t)size;
}

void Allocator_emptyCache(void) {
  while (num_cached > 0) cache_evict_oldest();
}

/* posix_memalign, as alloc_cpu calls it: 0 or its error number. */
static int system_allocate(void** p, size_t bytes) { return posix_memalign(p, kAlignment, bytes); }

void* Allocator_allocate(size_t nbytes) {
  if ((int64_t)nbytes < 0) { /* PyTorch 1.13: alloc_cpu.cpp alloc_cpu's first check */
    Error_set(ErrorType_RuntimeError,
              "[enforce fail at alloc_cpu.cpp:52] ((ptrdiff_t)nbytes) >= 0. alloc_cpu() seems to have been called "
              "with negative number: %zu",
              nbytes);
    return NULL;
  }
  size_t size = size_class(nbytes);
  void* p = NULL;
  if (size != 0 && caching_enabled()) {
    p = cache_take(size);
    if (p != NULL) {
      stats.cache_hits++;
    } else {
      stats.cache_misses++;
    }
  }
  if (p == NULL) {
    size_t bytes = size != 0 ? size : nbytes == 0 ? kAlignment : nbytes;
    int err = system_allocate(&p, bytes);
    if (err == ENOMEM && num_cached > 0) { /* give the cache back, then try again */
      Allocator_emptyCache();
      err = system_allocate(&p, bytes);
    }
    if (err != 0) {
      Error_set(ErrorType_RuntimeError,
                "[enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: "
                "you tried to allocate %zu bytes. Error code 12 (Cannot allocate memory)",
                nbytes);
      return NULL;
    }
  }
  stats.allocations++;
  stats.bytes_current += (int64_t)nbytes;
  stats.bytes_total += (int64_t)nbytes;
  return p;
}

void Allocator_free(void* ptr, size_t nbytes) {
  if (ptr == NULL) return;
  stats.frees++;
  stats.bytes_current -= (int64_t)nbytes;
  size_t size = size_class(nbytes);
  if (size != 0 && caching_enabled()) {
    cache_put(ptr, size);
  } else {
    free(ptr);
  }
}

AllocatorStats Allocator_stats(void) { return stats; }

#if defined(MINATEN_ASAN)
/* NB(minaten): AddressSanitizer aborts on an allocation above its limit (1 TiB)
 * unless told to return NULL, as malloc does; then a huge torch.empty fails
 * with PyTorch's out-of-memory error under ASan as in the other builds.  An
 * ASAN_OPTIONS setting of the same flag still wins. */
const char* __asan_default_options(void);
const char* __asan_default_options(void) { return "allocator_may_return_null=1"; }
#endif
