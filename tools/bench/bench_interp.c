/*
 * bench_interp.c - what one interpreted line costs: `minaten run` against
 * CPython 3.11 with torch 1.13 on the same script.
 *
 * The line is `b = a.reshape(6, 4)` after `a = torch.arange(24.)`, in two
 * scripts of N lines' worth of work (N = 100000 unless given):
 *
 *   unrolled   N copies of the line: each is lexed, parsed and run (minaten
 *              runs a script statement by statement; CPython compiles the
 *              whole file first, and its compile time counts too)
 *   for loop   `for i in range(N):` around the line: parsed once, its body
 *              run N times
 *
 * Each side's fixed costs (start-up, `import torch`) are taken out by
 * running the same script with 0 lines (an empty loop) and subtracting:
 * minaten as a whole process (`minaten run SCRIPT`, output to /dev/null);
 * CPython inside one process that imports torch first and then times
 * `exec(compile(text))` of each script, since its start-up (about 4 s,
 * varying by a second) would drown the difference.  Best of three rounds,
 * each running both sides on the four scripts, so that a busy moment of the
 * machine slows both.
 *
 * The floor is the boxed call the interpreter ends in for each line,
 * Dispatcher_callBoxed(aten::reshape) with its IValues (as bench_dispatch
 * times it): everything above it is the interpreter's.
 *
 * Usage: build-release/tools/bench/bench_interp [--rows] [N]
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Functions.h"
#include "runtime/CPUCapability.h"
#include "tools/bench/bench.h"

#ifndef MINATEN_BENCH_MINATEN_PATH
#error "MINATEN_BENCH_MINATEN_PATH: the minaten executable (tools/bench/CMakeLists.txt)"
#endif

static const char kPython[] = "/usr/bin/python3";

enum { kReps = 3 };

static void* check(void* p) { return bench_check("bench_interp", p); }

/* Writes the unrolled (loop false) or for-loop script of n lines to path. */
static void write_script(const char* path, long n, bool loop) {
  FILE* f = fopen(path, "w");
  if (f == NULL) {
    perror(path);
    exit(1);
  }
  fprintf(f, "import torch\na = torch.arange(24.)\n");
  if (loop) {
    fprintf(f, "for i in range(%ld):\n    b = a.reshape(6, 4)\n", n);
  } else {
    for (long i = 0; i < n; i++) fputs("b = a.reshape(6, 4)\n", f);
  }
  fclose(f);
}

/* The wall-clock time of `minaten run path`, in ns; -1 if it failed. */
static double time_minaten(const char* path) {
  double t0 = now_ns();
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) return perror("fork"), -1;
  if (pid == 0) {
    if (freopen("/dev/null", "w", stdout) == NULL) _exit(127);
    execl(MINATEN_BENCH_MINATEN_PATH, MINATEN_BENCH_MINATEN_PATH, "run", path, (char*)NULL);
    _exit(127);
  }
  int status;
  waitpid(pid, &status, 0);
  double dt = now_ns() - t0;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "bench_interp: %s run %s failed (status %d)\n", MINATEN_BENCH_MINATEN_PATH, path, status);
    return -1;
  }
  return dt;
}

/* CPython's side: one process imports torch (one thread, as minaten), then
 * prints the time of exec(compile(text)) of each script, in ns, one per
 * line, then its CPU capability ("avx2"). */
static const char kPythonDriver[] =
    "import sys, time, torch\n"
    "torch.set_num_threads(1)\n"
    "for path in sys.argv[1:]:\n"
    "    text = open(path).read()\n"
    "    t = time.perf_counter_ns()\n"
    "    exec(compile(text, path, 'exec'), {})\n"
    "    print(time.perf_counter_ns() - t)\n"
    "cap = [l for l in torch.__config__.show().splitlines() if 'CPU capability usage' in l]\n"
    "print(cap[0].split(':')[1].strip().lower() if cap else '-')\n";

/* Runs the driver on the four scripts: 0 with times[4] and capability
 * filled, or -1 (no torch for /usr/bin/python3). */
static int time_python(char* const scripts[4], double times[4], char* capability, size_t capability_size) {
  if (access(kPython, X_OK) != 0) return -1;
  char* argv[] = {(char*)kPython, "-c", (char*)kPythonDriver, scripts[0], scripts[1], scripts[2], scripts[3], NULL};
  char out[512];
  if (bench_run_child(argv, out, sizeof out) < 0) return -1;
  char* p = out;
  for (int i = 0; i < 4; i++) {
    char* end;
    times[i] = strtod(p, &end);
    if (end == p) return -1;
    p = end;
  }
  if (sscanf(p, "%31s", capability) != 1 || capability_size < 32) return -1;
  return 0;
}

/* The floor: ns per Dispatcher_callBoxed(aten::reshape, [a, [6, 4]]). */
static double time_boxed_reshape(void) {
  int64_t sizes[] = {24}, shape[] = {6, 4};
  OptionalScalarType dtype = {true, ScalarType_Float};
  Tensor* a = check(at_empty_memory_format(IntArrayRef_make(sizes, 1), dtype, kNoLayout, kNoDevice, kNoPinMemory,
                                           kNoMemoryFormat));
  OperatorEntry* op = check(Dispatcher_findSchema("aten::reshape"));
  IntArrayRef shape_ref = IntArrayRef_make(shape, 2);
  double boxed;
  BEST_NS_PER_CALL(boxed, 5, 1000000, {
    IValue args[2] = {IValue_borrowTensor(a), IValue_borrowIntList(shape_ref)};
    IValue rets[1];
    if (Dispatcher_callBoxed(op, args, rets) == 0) IValue_release(&rets[0]);
  });
  Tensor_release(a);
  return boxed;
}

int main(int argc, char** argv) {
  bool rows = false;
  long n = 100000;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--rows") == 0) {
      rows = true;
    } else if ((n = atol(argv[i])) < 1) {
      fprintf(stderr, "usage: bench_interp [--rows] [LINES (default 100000)]\n");
      return 2;
    }
  }
  if (at_register_all() < 0) check(NULL);

  char dir[] = "/tmp/bench_interp.XXXXXX";
  if (mkdtemp(dir) == NULL) return perror("mkdtemp"), 1;
  static const char* const names[4] = {"unrolled.py", "unrolled0.py", "loop.py", "loop0.py"};
  char paths[4][64];
  char* scripts[4];
  for (int i = 0; i < 4; i++) {
    snprintf(paths[i], sizeof paths[i], "%s/%s", dir, names[i]);
    scripts[i] = paths[i];
    write_script(paths[i], i % 2 == 0 ? n : 0, i >= 2);
  }

  /* the best of kReps rounds, per script and side */
  double m[4], py[4];
  char py_capability[32] = "-";
  bool have_python = true;
  for (int r = 0; r < kReps; r++) {
    for (int i = 0; i < 4; i++) {
      double t = time_minaten(paths[i]);
      if (t < 0) return 1;
      m[i] = r == 0 || t < m[i] ? t : m[i];
    }
    double round[4];
    have_python = have_python && time_python(scripts, round, py_capability, sizeof py_capability) == 0;
    for (int i = 0; i < 4 && have_python; i++) py[i] = r == 0 || round[i] < py[i] ? round[i] : py[i];
  }
  double floor_ns = time_boxed_reshape();
  for (int i = 0; i < 4; i++) remove(paths[i]);
  remove(dir);

  /* us per line, startup subtracted */
  double m_unrolled = (m[0] - m[1]) / (double)n / 1e3, m_loop = (m[2] - m[3]) / (double)n / 1e3;
  double p_unrolled = have_python ? (py[0] - py[1]) / (double)n / 1e3 : BENCH_NONE;
  double p_loop = have_python ? (py[2] - py[3]) / (double)n / 1e3 : BENCH_NONE;
  double floor_us = floor_ns / 1e3;
  if (rows) {
    bench_row("interp line unrolled (vs CPython)", "us", m_unrolled, p_unrolled, "boxed reshape", floor_us);
    bench_row("interp line for-loop (vs CPython)", "us", m_loop, p_loop, "boxed reshape", floor_us);
    printf("capability\tminaten\t%s\n", CPUCapability_name(CPUCapability_get()));
    printf("capability\tlibtorch\t%s\n", py_capability);
  } else {
    printf("`b = a.reshape(6, 4)`, us per line, %ld lines (start-up subtracted, best of %d)\n", n, kReps);
    printf("  %-22s %10s %14s %8s %14s\n", "", "minaten", "CPython+torch", "ratio", "floor (boxed)");
    const char* labels[2] = {"unrolled", "for loop"};
    double mv[2] = {m_unrolled, m_loop}, pv[2] = {p_unrolled, p_loop};
    for (int i = 0; i < 2; i++) {
      if (have_python)
        printf("  %-22s %10.3f %14.3f %7.2fx %14.3f\n", labels[i], mv[i], pv[i], mv[i] / pv[i], floor_us);
      else
        printf("  %-22s %10.3f %14s %8s %14.3f\n", labels[i], mv[i], "-", "-", floor_us);
    }
    if (!have_python) printf("(CPython side not measured: %s cannot import torch)\n", kPython);
  }
  Dispatcher_cleanup();
  return 0;
}
