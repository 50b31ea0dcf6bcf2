/*
 * Allocator.h - the CPU allocator: 64-byte aligned blocks, a small cache of
 * freed large blocks, and counters of what it hands out.
 *
 * Every storage's bytes come from here, so a test can prove that a view path
 * copied nothing: read the counters, run the view, read them again.
 *
 * What PyTorch does.  c10's DefaultCPUAllocator (c10/core/CPUAllocator.cpp)
 * calls alloc_cpu and free_cpu (c10/core/impl/alloc_cpu.cpp): posix_memalign
 * with 64-byte alignment (c10/core/alignment.h gAlignment, enough for
 * AVX-512), then free.  1.13 keeps nothing itself and sets none of glibc's
 * thresholds (no mallopt); what happens to freed memory is glibc's business.
 *
 * Note [Keeping freed memory]
 * ~~~~~~~~~~~~~~~~~~~~~~~~~~~
 * glibc serves a block of 128 KiB or more with mmap, and on free gives it
 * back to the kernel; its dynamic threshold then moves blocks of that size
 * into the heap, whose free top it trims (sbrk with a negative size) once
 * it exceeds twice the threshold.  Either way, memory freed by one tensor
 * goes back to the kernel, and the next tensor of that size gets fresh
 * zeroed pages, one minor fault per 4 KiB (about 1,000 faults and a
 * millisecond or more per 4 MiB on a virtual machine).  Measured with
 * tools/bench/bench_alloc (a chain of 8 elementwise operators on 1M floats,
 * run alone in its process): with plain glibc minaten took ~3,500 faults per
 * chain, libtorch 1.13 ~1,250 (its own small objects, allocated between the
 * big blocks, keep the heap's top from being trimmed as often: luck of
 * layout).  glibc's thresholds raised once (MALLOC_TRIM_THRESHOLD_ and
 * MALLOC_MMAP_THRESHOLD_, or mallopt) are not enough either: small objects
 * then split the freed big chunks, the next big block no longer fits in
 * them, and the heap grows (still ~400 faults per chain for minaten, ~640
 * for libtorch); and a library should not change its host's malloc.
 *
 * So minaten keeps, per thread, up to 16 freed blocks of 128 KiB or more,
 * 256 MiB in all (Allocator.c: kMaxCachedBlocks, kMaxCachedBytes), as PyTorch's CPUCachingAllocator
 * (c10/mobile/CPUCachingAllocator.h) and CUDA caching allocator keep theirs:
 *
 *   - a large block's size is rounded up to whole 4 KiB pages, its size
 *     class; an allocation takes the most recently freed cached block of
 *     exactly its class (a hit), or asks posix_memalign (a miss);
 *   - a freed large block joins the cache; when the cache would exceed
 *     either bound, its oldest blocks are freed first (a program that moves
 *     on to other sizes does not keep the old ones);
 *   - small blocks go straight to malloc and free: glibc's own free lists
 *     reuse them without the kernel;
 *   - when posix_memalign fails, the cache is emptied and the allocation
 *     tried once more, as the CUDA caching allocator does before reporting
 *     out of memory;
 *   - Allocator_emptyCache() frees the cache: the `minaten` command calls it at
 *     exit (tools/minaten/main.c), the unit tests after each group; until
 *     then a cached block is still reachable, never a leak.
 *
 * With it bench_alloc's chain takes ~26 faults per chain (once: the timed
 * loop holds one block more than the chain before it) and the same time
 * whatever MALLOC_* says.
 *
 * The cache is off under AddressSanitizer and valgrind, so that a use after
 * free hits memory their own allocator has poisoned, and off when
 * MINATEN_NO_CPU_MEMORY_CACHING=1 (NB(minaten): named after PyTorch's
 * PYTORCH_NO_CUDA_MEMORY_CACHING; lets a reader compare, e.g. with
 * bench_alloc).
 *
 * The counters count storage, not the system: an allocation is one call of
 * Allocator_allocate whether the cache served it or not, and bytes_current
 * counts the bytes storages asked for and still hold (a cached block is not
 * in it: it is in bytes_cached).
 *
 * Note [Out of memory]
 * ~~~~~~~~~~~~~~~~~~~~
 * minaten's one policy when memory runs out, after 1.13's:
 *
 *   - a tensor's storage (Allocator_allocate): the RuntimeError of 1.13's
 *     alloc_cpu, "[enforce fail at alloc_cpu.cpp:75] err == 0.
 *     DefaultCPUAllocator: can't allocate memory: you tried to allocate N
 *     bytes. Error code 12 (Cannot allocate memory)" (recorded from 1.13 by
 *     tests/conformance/hardening/shape_out_of_memory.py), and its message
 *     for a size above INT64_MAX;
 *   - any other allocation on the way of a call (a tensor header, an
 *     autograd node, a list, a buffer, a copy of an argument): the error
 *     1.13 gives when `operator new` fails, std::bad_alloc, which its
 *     bindings turn into `RuntimeError: std::bad_alloc` (CATCH_ALL_ERRORS,
 *     torch/csrc/Exceptions.h): TORCH_CHECK_ALLOC(p != NULL), or
 *     Error_setBadAlloc() where no `fail` label is at hand
 *     (runtime/Exception.h);
 *   - an allocation while operators and libraries register (the registry,
 *     schemas, dispatch tables, an operator library's blocks) or in the
 *     `minaten` command's own tools (pictures, --dot): TORCH_INTERNAL_ASSERT,
 *     an abort, as 1.13's std::bad_alloc thrown from a static initializer
 *     ends the process (std::terminate).
 *
 * NB(minaten): some small allocations on the way of a call still abort,
 * where the function has no error to return yet: IValue_copyString and the
 * copied lists of IValue.c, Tensor_versionCounter, and the Lazy backend's
 * IR and graph runner (ops/lazy/); and ops/cpu/BlasKernel.c's packing
 * buffer still raises with minaten's older words, "DefaultCPUAllocator: not
 * enough memory".  Each is to become a TORCH_CHECK_ALLOC.
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
  int64_t bytes_current; /* bytes held by storage right now */
  int64_t bytes_total;   /* bytes handed out since start */
  int64_t cache_hits;    /* large allocations served by a cached block */
  int64_t cache_misses;  /* large allocations that asked the system */
  int64_t bytes_cached;  /* bytes of freed blocks kept for reuse right now */
} AllocatorStats;

/* Returns nbytes of 64-byte aligned memory (a unique non-NULL pointer for 0
 * bytes), or NULL with PyTorch's RuntimeError when memory is exhausted or
 * nbytes is "negative" (above INT64_MAX: alloc_cpu's first check).
 * PyTorch 1.13: c10/core/impl/alloc_cpu.cpp alloc_cpu */
void* Allocator_allocate(size_t nbytes);
/* Releases a block of Allocator_allocate(nbytes), to the cache when large.
 * PyTorch 1.13: c10/core/impl/alloc_cpu.cpp free_cpu */
void Allocator_free(void* ptr, size_t nbytes);
/* Frees every cached block of the calling thread.
 * PyTorch 1.13: c10/cuda/CUDACachingAllocator.cpp emptyCache */
void Allocator_emptyCache(void);
AllocatorStats Allocator_stats(void);

#endif
