/*
 * Parallel.c - the intra-op thread pool and parallel_for; see
 * runtime/Parallel.h.
 *
 * The pool: kMaxWorkers threads at most, made as a region first needs
 * them.  A region is one Job on the caller's stack: the caller publishes
 * it (pool.published) and wakes the workers that sleep; worker w (1 <= w <
 * num_threads) runs chunk w, the caller chunk 0; the caller then waits
 * until `pending` falls to 0.  Regions do not
 * overlap: a region's caller is the one thread that runs parallel_for
 * outside a region (the Python thread), and nested calls run serially.
 * NB(minaten): two Python threads calling kernels at once would share the
 * pool; the mutex `region` makes the second wait for the first.
 *
 * PyTorch 1.13: aten/src/ATen/ParallelOpenMP.cpp, ParallelOpenMP.h
 * (invoke_parallel), ParallelCommon.cpp, Parallel-inl.h
 */
#include "runtime/Parallel.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "runtime/Exception.h"

enum { kMaxWorkers = 255 }; /* threads besides the caller */

typedef struct Job {
  ParallelForBody f;
  void* ctx;
  int64_t begin, end, chunk_size;
  int num_threads; /* the caller and num_threads - 1 workers */
} Job;

/*
 * The pool's state.  `published` is the one word a worker waits on: a
 * region's number (bits 16 and up) and how many threads take part in it
 * (the low 16 bits), stored with release order after `job`, so that a worker
 * that reads it with acquire order sees the job; only the workers taking part
 * read `job`, and the region does not end (nor `job` go out of scope) before
 * each of them has counted `pending` down.  Waiting spins first, as OpenMP's
 * threads do (a region of a quarter millisecond would otherwise spend most
 * of it waking the workers up), then sleeps on a condition variable.
 */
static struct {
  pthread_mutex_t mutex;
  pthread_cond_t work; /* a new region was published (for the sleeping workers) */
  pthread_cond_t done; /* pending fell to 0 (for a sleeping caller) */
  const Job* job;
  _Atomic uint64_t published;
  _Atomic int pending;   /* workers still running the current region's chunks */
  int sleepers;          /* workers asleep on `work` (under mutex) */
  bool caller_sleeping;  /* the caller asleep on `done` (under mutex) */
  uint64_t regions;      /* regions published so far (the caller's) */
  int num_workers;       /* threads made */
  pthread_t workers[kMaxWorkers];
} pool = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0, 0, 0, false, 0, 0,
          {0}};

/* One region at a time (see the file's comment). */
static pthread_mutex_t region = PTHREAD_MUTEX_INITIALIZER;

static _Thread_local int thread_num;
static _Thread_local bool in_region;

/* 0 before the first use; then the count get_num_threads reports. */
static int num_threads;

enum { kSpins = 1 << 14 }; /* a waiter's polls before it sleeps: a few hundred microseconds */

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

/* ---- the thread count ------------------------------------------------------ */

/*
 * The variable `name` as 1.13 reads it: unset gives fallback; a value
 * std::stoi cannot read, or one that is not positive, warns and gives
 * fallback; otherwise stoi's number (leading blanks and a sign allowed,
 * anything after the digits ignored: "3x" is 3).
 * PyTorch 1.13: ParallelCommon.cpp get_env_num_threads
 */
static int get_env_num_threads(const char* name, int fallback) {
  const char* value = getenv(name);
  if (value == NULL) return fallback;
  char* end;
  errno = 0;
  long n = strtol(value, &end, 10);
  if (end == value || errno == ERANGE || n > INT_MAX || n < INT_MIN) {
    Warning_warn("Invalid %s variable value, stoi", name);
    return fallback;
  }
  if (n <= 0) {
    Warning_warn("Invalid %s variable value, Expected nthreads > 0 to be true, but got false.  (Could this error "
                 "message be improved?  If so, please report an enhancement request to PyTorch.)",
                 name);
    return fallback;
  }
  return (int)n;
}

/* PyTorch 1.13: ParallelCommon.cpp intraop_default_num_threads,
 * c10/core/thread_pool.cpp TaskThreadPoolBase::defaultNumThreads */
static int intraop_default_num_threads(void) {
  int n = get_env_num_threads("OMP_NUM_THREADS", 0);
  n = get_env_num_threads("MKL_NUM_THREADS", n);
  if (n == 0) {
    long processors = sysconf(_SC_NPROCESSORS_ONLN); /* std::thread::hardware_concurrency() */
#if defined(__x86_64__)
    processors /= 2; /* 1.13's guess that x86 CPUs run two hyperthreads per core */
#endif
    n = processors >= 1 ? (int)processors : 1; /* NB(minaten): 1.13 leaves OpenMP's default, 1 here */
  }
  return n;
}

int at_get_num_threads(void) {
  if (num_threads == 0) num_threads = intraop_default_num_threads();
  return num_threads;
}

void at_set_num_threads(int n) { num_threads = n > kMaxWorkers + 1 ? kMaxWorkers + 1 : n; }

int at_get_thread_num(void) { return thread_num; }

bool at_in_parallel_region(void) { return in_region; }

/* ---- the pool ---------------------------------------------------------------- */

/* Runs the chunk numbered tid of job, as 1.13's invoke_parallel does. */
static void run_chunk(const Job* job, int tid) {
  int64_t begin = job->begin + tid * job->chunk_size;
  if (begin >= job->end) return;
  int64_t end = job->end - begin < job->chunk_size ? job->end : begin + job->chunk_size;
  thread_num = tid;
  in_region = true;
  job->f(job->ctx, begin, end);
  in_region = false;
  thread_num = 0;
}

/* Waits until `published` differs from seen: spinning, then asleep. */
static uint64_t wait_for_region(uint64_t seen) {
  uint64_t word;
  for (int i = 0; i < kSpins; i++) {
    word = atomic_load_explicit(&pool.published, memory_order_acquire);
    if (word != seen) return word;
    cpu_relax();
  }
  pthread_mutex_lock(&pool.mutex);
  pool.sleepers++;
  while ((word = atomic_load_explicit(&pool.published, memory_order_acquire)) == seen)
    pthread_cond_wait(&pool.work, &pool.mutex);
  pool.sleepers--;
  pthread_mutex_unlock(&pool.mutex);
  return word;
}

/* What `published` held when worker tid was made (before the region that
 * made it was published): the worker waits for the next word. */
static uint64_t seen_at_creation[kMaxWorkers + 1];

static void* worker_main(void* arg) {
  int tid = (int)(intptr_t)arg;
  uint64_t seen = seen_at_creation[tid];
  for (;;) {
    seen = wait_for_region(seen);
    if (tid >= (int)(seen & 0xffff)) continue; /* not taking part in this region */
    run_chunk(pool.job, tid);
    if (atomic_fetch_sub_explicit(&pool.pending, 1, memory_order_acq_rel) == 1) {
      pthread_mutex_lock(&pool.mutex);
      if (pool.caller_sleeping) pthread_cond_signal(&pool.done);
      pthread_mutex_unlock(&pool.mutex);
    }
  }
  return NULL;
}

/* A forked child has none of the parent's workers. */
static void forget_workers(void) {
  pthread_mutex_init(&pool.mutex, NULL);
  pthread_cond_init(&pool.work, NULL);
  pthread_cond_init(&pool.done, NULL);
  pthread_mutex_init(&region, NULL);
  pool.num_workers = 0;
  pool.sleepers = 0;
  pool.caller_sleeping = false;
  atomic_store(&pool.pending, 0);
}

/* Makes workers 1 .. n - 1 that do not exist yet; false when a thread
 * cannot be made (the region then runs with the threads there are). */
static int ensure_workers(int n) {
  static bool atfork_registered;
  if (!atfork_registered) {
    pthread_atfork(NULL, NULL, forget_workers);
    atfork_registered = true;
  }
  while (pool.num_workers < n - 1) {
    int tid = pool.num_workers + 1;
    seen_at_creation[tid] = atomic_load_explicit(&pool.published, memory_order_relaxed);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&pool.workers[pool.num_workers], &attr, worker_main, (void*)(intptr_t)tid);
    pthread_attr_destroy(&attr);
    if (rc != 0) break;
    pool.num_workers++;
  }
  return pool.num_workers + 1;
}

/* PyTorch 1.13: ParallelOpenMP.h at::internal::invoke_parallel */
static void invoke_parallel(int64_t begin, int64_t end, int64_t grain_size, ParallelForBody f, void* ctx) {
  pthread_mutex_lock(&region);
  int64_t n = at_get_num_threads();
  if (grain_size > 0 && divup(end - begin, grain_size) < n) n = divup(end - begin, grain_size);
  Job job = {f, ctx, begin, end, divup(end - begin, n), (int)n};
  /* NB(minaten): when fewer threads could be made, the chunks stay the
   * same and the caller runs the ones no worker took. */
  int have = ensure_workers(job.num_threads);
  int taking_part = have < job.num_threads ? have : job.num_threads;
  pool.job = &job;
  atomic_store_explicit(&pool.pending, taking_part - 1, memory_order_relaxed);
  atomic_store_explicit(&pool.published, (++pool.regions << 16) | (uint64_t)taking_part, memory_order_release);
  pthread_mutex_lock(&pool.mutex);
  if (pool.sleepers > 0) pthread_cond_broadcast(&pool.work);
  pthread_mutex_unlock(&pool.mutex);
  run_chunk(&job, 0);
  for (int tid = have; tid < job.num_threads; tid++) run_chunk(&job, tid);
  bool finished = false;
  for (int i = 0; i < kSpins && !finished; i++) {
    finished = atomic_load_explicit(&pool.pending, memory_order_acquire) == 0;
    if (!finished) cpu_relax();
  }
  if (!finished) {
    pthread_mutex_lock(&pool.mutex);
    pool.caller_sleeping = true;
    while (atomic_load_explicit(&pool.pending, memory_order_acquire) > 0) pthread_cond_wait(&pool.done, &pool.mutex);
    pool.caller_sleeping = false;
    pthread_mutex_unlock(&pool.mutex);
  }
  pthread_mutex_unlock(&region);
}

void at_parallel_for(int64_t begin, int64_t end, int64_t grain_size, ParallelForBody f, void* ctx) {
  if (begin >= end) return;
  int64_t numiter = end - begin;
  bool use_parallel = numiter > grain_size && numiter > 1 && !in_region && at_get_num_threads() > 1;
  if (!use_parallel) {
    int saved = thread_num;
    thread_num = 0; /* internal::ThreadIdGuard tid_guard(0) */
    f(ctx, begin, end);
    thread_num = saved;
    return;
  }
  invoke_parallel(begin, end, grain_size, f, ctx);
}
