/*
 * Parallel.h - at::parallel_for and the intra-op thread pool.
 *
 * 1.13 splits a kernel's work over an intra-op pool of threads.  Debian's
 * 1.13 is built with OpenMP (torch.__config__.parallel_info(): "ATen
 * parallel backend: OpenMP"); its rules, which decide every result that
 * depends on the thread count, are these:
 *
 *  - The thread count (get_num_threads) starts as OMP_NUM_THREADS, else
 *    MKL_NUM_THREADS (the later one wins), else half the processors on
 *    x86-64 (TaskThreadPoolBase::defaultNumThreads: hardware_concurrency()
 *    / 2, 1 on the 2-core development machine).  A value that is not a
 *    positive integer warns "Invalid OMP_NUM_THREADS variable value, ..."
 *    and is ignored.  torch.set_num_threads(n) changes it (n > 0).
 *  - parallel_for(begin, end, grain_size, f) runs f(begin, end) on the
 *    calling thread when the range has at most grain_size elements, when
 *    one thread is set, or when called from inside another parallel_for
 *    (in_parallel_region).  Otherwise it takes
 *        n = min(get_num_threads(), divup(end - begin, grain_size))
 *    threads and cuts the range into chunks of divup(end - begin, n): thread
 *    t (get_thread_num() == t) runs f(begin + t * chunk, min(end, begin +
 *    (t + 1) * chunk)), skipping a chunk that starts at or past end.  The
 *    chunks are the same whatever runs them, so a result depends on the
 *    thread count, never on scheduling.
 *  - GRAIN_SIZE (32768) is the grain of TensorIterator's for_each and
 *    parallel_reduce.
 *
 * minaten keeps those rules and runs the chunks on a pthread pool of its
 * own instead of OpenMP: the calling thread runs chunk 0 and get_num_threads()
 * - 1 workers the others.  A pthread pool is what ThreadSanitizer and
 * valgrind understand (libgomp's spinning barriers are invisible to both),
 * and it needs no OpenMP runtime in the clang builds.  The workers are made
 * at the first parallel region that needs them and live until the process
 * exits (or forks: the child starts a new pool).  The body f must not
 * raise (set the error indicator) or allocate tensors: the error indicator
 * and the allocator's caches are per thread.
 *
 * PyTorch 1.13: aten/src/ATen/Parallel.h, Parallel-inl.h (parallel_for),
 * ParallelOpenMP.h (invoke_parallel), ParallelOpenMP.cpp, ParallelCommon.cpp
 * (get_env_num_threads, intraop_default_num_threads), ParallelThreadPoolNative.cpp,
 * c10/core/thread_pool.cpp (TaskThreadPoolBase::defaultNumThreads)
 */
#ifndef MINATEN_RUNTIME_PARALLEL_H
#define MINATEN_RUNTIME_PARALLEL_H

#include <stdbool.h>
#include <stdint.h>

/* PyTorch 1.13: ATen/Parallel.h at::internal::GRAIN_SIZE */
#define AT_GRAIN_SIZE ((int64_t)32768)

/* One chunk of a parallel_for: [begin, end). */
typedef void (*ParallelForBody)(void* ctx, int64_t begin, int64_t end);

/* PyTorch 1.13: Parallel-inl.h at::parallel_for */
void at_parallel_for(int64_t begin, int64_t end, int64_t grain_size, ParallelForBody f, void* ctx);

/* The intra-op thread count.  PyTorch 1.13: ParallelOpenMP.cpp at::get_num_threads */
int at_get_num_threads(void);
/* Sets it; n must be positive (torch.set_num_threads checks).
 * PyTorch 1.13: ParallelOpenMP.cpp at::set_num_threads */
void at_set_num_threads(int n);
/* The number of the chunk this thread runs inside a parallel_for (0
 * outside one).  PyTorch 1.13: Parallel.h at::get_thread_num */
int at_get_thread_num(void);
/* Whether this thread is inside a parallel_for's region.
 * PyTorch 1.13: ParallelOpenMP.cpp at::in_parallel_region */
bool at_in_parallel_region(void);

/* ceil(x / y) for x >= 0, y > 0.  PyTorch 1.13: c10/util/Math.h divup */
static inline int64_t divup(int64_t x, int64_t y) { return (x + y - 1) / y; }

#endif
