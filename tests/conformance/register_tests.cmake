# register_tests.cmake - the conformance tests, registered each time ctest
# runs (the TEST_INCLUDE_FILES of tests/conformance/CMakeLists.txt), so that
# a script recorded a moment ago is a test at once: `ctest -R NAME` finds it
# with no build and no configure in between.  Runs inside ctest, where
# add_test and set_tests_properties take the test name first; the paths come
# from the build tree's conformance_tests.cmake, which sets
#   MINATEN PYTHON SOURCE_DIR BINARY_DIR
#   VALGRIND_SCRIPTS (empty without valgrind: tests/CMakeLists.txt's MINATEN_VALGRIND_SCRIPTS)
#   SANITIZE (MINATEN_SANITIZE: the ASan+UBSan build)
# and includes this file.  What it registers: tests/conformance/CMakeLists.txt.
set(corpus ${SOURCE_DIR}/tests/conformance)
set(scratch ${BINARY_DIR}/tests/conformance/scratch)
set(run_case ${corpus}/run_case.sh)
set(compare ${SOURCE_DIR}/tools/oracle/compare.py)
# The scripts that import NumPy.  NumPy's extension modules do not free
# their objects when CPython finalizes, so in the ASan+UBSan build these run
# without LeakSanitizer (the rest of ASan and UBSan still check them), and
# valgrind leaves them out: importing NumPy in the embedded libpython3.11
# makes memcheck report uninitialised reads inside CPython's own int objects
# (long_bitwise, PyLong_FromString, int.from_bytes), none of them minaten's,
# where a plain python3 reports none.
set(numpy_scripts ${corpus}/python/numpy_dlpack.py ${corpus}/half/numpy_half.py ${corpus}/complex/basics.py
                  ${corpus}/complex/views.py)

# Scripts whose bits depend on the capability (below): their tests run at AVX2.
set(capability_pinned elementwise/exp_sin_bits reductions/norm_lastdim reductions/extremes_order threads/sum_threads
    threads/norm_threads threads/unary_threads threads/extremes_threads threads/softmax_threads half/speed_paths
    complex/unary complex/neg complex/sum complex/mean pointwise_more/fmod_atan2_bits nn/gelu elementwise/sinh_cosh
    quantized_ops/gelu)
set(pinned_scripts "")
foreach(case ${capability_pinned})
  list(APPEND pinned_scripts ${corpus}/${case}.py)
endforeach()

# (the ASan+UBSan build runs the threads scripts several times slower)
set(case_timeout 60)
if(SANITIZE)
  set(case_timeout 180)
endif()

file(GLOB_RECURSE conformance_scripts ${corpus}/*.py)
list(SORT conformance_scripts)
list(APPEND conformance_scripts ${SOURCE_DIR}/tools/demo/reshape_routes.py ${SOURCE_DIR}/examples/two_layer_net.py)
set(groups "")
foreach(script ${conformance_scripts})
  string(REGEX REPLACE "\\.py$" ".out" expected ${script})
  if(NOT EXISTS ${expected})
    continue()
  endif()
  get_filename_component(name ${script} NAME_WE)
  get_filename_component(dir ${script} DIRECTORY)
  file(RELATIVE_PATH group ${corpus} ${dir})
  if(group MATCHES "^\\.\\./" OR group STREQUAL "")   # outside the corpus (the demo) or at its top
    get_filename_component(group ${dir} NAME)
  endif()
  string(REPLACE "/" "." group ${group})
  if(NOT DEFINED recorded_${group})
    list(APPEND groups ${group})
  endif()
  list(APPEND recorded_${group} ${script})
  list(FIND numpy_scripts ${script} numpy)  # (ctest runs this file without IN_LIST's policy)
  list(FIND pinned_scripts ${script} pinned)
  if(SANITIZE AND numpy EQUAL -1 AND pinned EQUAL -1)
    list(APPEND sanitized_scripts ${script})  # conformance.asan.K, below
    continue()
  endif()
  add_test(conformance.${group}.${name} ${run_case} ${MINATEN} ${PYTHON} ${compare} ${script}
           ${scratch}/${group}.${name})
  set_tests_properties(conformance.${group}.${name} PROPERTIES LABELS conformance TIMEOUT ${case_timeout})
  if(group STREQUAL "threads")  # the scripts that run kernels on several threads: the tsan preset's
    set_tests_properties(conformance.${group}.${name} PROPERTIES LABELS "conformance;threads")
  endif()
  if(SANITIZE AND numpy GREATER -1)
    set_tests_properties(conformance.${group}.${name} PROPERTIES
                         ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0:abort_on_error=1")
  endif()
endforeach()

# Under valgrind: every recorded script, in shards of one minaten process
# each (tests/valgrind/run_scripts.sh: CPython starts once a shard), the
# scripts dealt out in turn so that the shards take about as long;
# conformance.valgrind.K names each failing script.  Left out, beside the
# NumPy scripts: those whose tensors are sized for the vector blocks and
# parallel_for's chunks (hundreds of thousands of elements, hashed), which
# take from 5 s to 90 s each under valgrind, 250 s of the corpus's 360 s.
# The ASan+UBSan build runs them (and the ThreadSanitizer build the threads/
# ones); the small cases of the same kernels run under valgrind.
set(valgrind_sized ${corpus}/half/speed_paths.py ${corpus}/spine/linspace_sizes.py)
file(GLOB threads_scripts ${corpus}/threads/*.py)
list(APPEND valgrind_sized ${threads_scripts})
if(VALGRIND_SCRIPTS)
  set(shards 4)
  set(k 0)
  foreach(group ${groups})
    foreach(script ${recorded_${group}})
      list(FIND numpy_scripts ${script} numpy)  # above
      list(FIND valgrind_sized ${script} sized)
      if(numpy GREATER -1 OR sized GREATER -1)
        continue()
      endif()
      math(EXPR shard "${k} % ${shards}")
      list(APPEND valgrind_shard_${shard} ${script})
      math(EXPR k "${k} + 1")
    endforeach()
  endforeach()
  math(EXPR last "${shards} - 1")
  foreach(shard RANGE ${last})
    add_test(conformance.valgrind.${shard} ${VALGRIND_SCRIPTS} ${MINATEN} ${scratch}/valgrind.${shard}
             -- ${valgrind_shard_${shard}})
    set_tests_properties(conformance.valgrind.${shard} PROPERTIES LABELS valgrind TIMEOUT 900)
  endforeach()
endif()

# In the ASan+UBSan build, the scripts (but those importing NumPy and those
# run at AVX2, each a test of its own as above) run in shards of one minaten
# process each, as under valgrind (tests/valgrind/run_scripts.sh with
# /usr/bin/env for valgrind: CPython starts once a shard, not once a script,
# a twentieth of the time).  A sanitizer report, an internal assert or a
# leak (LeakSanitizer's check after each script, MINATEN_DRIVER_CLIENT=lsan)
# fails the shard, naming the script; outputs are compared by the Debug
# build's tests.  conformance.asan.K
if(SANITIZE)
  set(shards 2)
  set(k 0)
  foreach(script ${sanitized_scripts})
    math(EXPR shard "${k} % ${shards}")
    list(APPEND asan_shard_${shard} ${script})
    math(EXPR k "${k} + 1")
  endforeach()
  math(EXPR last "${shards} - 1")
  foreach(shard RANGE ${last})
    add_test(conformance.asan.${shard} sh ${SOURCE_DIR}/tests/valgrind/run_scripts.sh /usr/bin/env lsan ${MINATEN}
             ${scratch}/asan.${shard} -- ${asan_shard_${shard}})
    set_tests_properties(conformance.asan.${shard} PROPERTIES LABELS conformance TIMEOUT 900)
  endforeach()
endif()

# A few scripts again with the vector loops forced to the DEFAULT capability
# (ATEN_CPU_CAPABILITY=default; Note [CPU capability dispatch] in
# ops/DispatchStub.h, and the sums' loops, Note [Cascade sum] in
# ops/cpu/SumKernel.c): whichever capability runs, the printed values are the
# same.  conformance.capability_default.<folder>.<NAME>
foreach(case elementwise/comparisons elementwise/division elementwise/unary elementwise/more_unary
        elementwise/pow_clamp_where elementwise/layouts quantized/odd_scales quantized/rounding_extremes
        sum_order/full_sum_sizes sum_order/dim_reductions sum_order/float64 sum_order/noncontiguous
        pointwise_more/fmod pointwise_more/atan2)
  string(REPLACE "/" "." name ${case})
  add_test(conformance.capability_default.${name} ${run_case} ${MINATEN} ${PYTHON} ${compare}
           ${corpus}/${case}.py ${scratch}/capability_default.${name})
  set_tests_properties(conformance.capability_default.${name} PROPERTIES LABELS conformance TIMEOUT 60
                       ENVIRONMENT ATEN_CPU_CAPABILITY=default)
endforeach()

# Scripts whose bits depend on the capability, recorded from PyTorch under
# both: Sleef's functions (Note [Sleef's unary functions] in
# ops/cpu/UnaryOpsKernel.c), the inputs of the thread scripts (which Sleef
# computes), the 2-norm of contiguous rows (fused multiply-adds
# at AVX2 only: Note [The 2-norm of a contiguous row] in
# ops/cpu/ReduceOpsKernel.c) and bfloat16's add (Note [Half and BFloat16
# rows] in ops/cpu/BinaryOpsKernel.c; the randn of half/speed_paths too),
# complex abs/angle/sgn/neg (Note [Complex abs, angle and sgn in 1.13's loops]
# in ops/cpu/UnaryOpsComplexLoops.h), the randn of complex/sum and complex/mean, fmod's and
# atan2's vector blocks (Note [fmod and atan2 in 1.13's vector loops] in
# ops/cpu/BinaryOpsSleefLoops.h) and gelu's Sleef and libm loops (Note
# [gelu's loops in 1.13] in ops/cpu/Activation.c), sinh's and cosh's (Note [The inner loops
# of a Sleef operator] in ops/cpu/UnaryOpsKernel.c) and quantized gelu's (Note [qgelu's two lambdas]
# in ops/quantized/cpu/QuantizedOpKernels.c).
# SCRIPT.out was recorded at AVX2 and runs at AVX2 (ENVIRONMENT overrides an exported ATEN_CPU_CAPABILITY; a CPU without
# AVX2 fails it), and SCRIPT.default.out, recorded with
# ATEN_CPU_CAPABILITY=default, runs at DEFAULT.
foreach(case ${capability_pinned})
  string(REPLACE "/" "." name ${case})
  set_tests_properties(conformance.${name} PROPERTIES ENVIRONMENT ATEN_CPU_CAPABILITY=avx2)
  add_test(conformance.capability_default.${name} ${run_case} ${MINATEN} ${PYTHON} ${compare}
           ${corpus}/${case}.py ${scratch}/capability_default.${name})
  set_tests_properties(conformance.capability_default.${name} PROPERTIES LABELS conformance TIMEOUT ${case_timeout}
    ENVIRONMENT "ATEN_CPU_CAPABILITY=default;EXPECTED=${corpus}/${case}.default.out")
endforeach()
