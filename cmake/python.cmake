# The Python extension (docs/python.md): minaten._C, built from csrc/ (the
# model of torch/csrc), and the package around it, python/minaten/ (torch/).
#
#   build/python/minaten/      the package a plain python3 imports:
#                              PYTHONPATH=build/python python3 -c 'import minaten as torch'
#     _C.cpython-311-*.so      the extension module
#     *.py                     links to python/minaten/*.py (edits need no build)
#
# The same csrc/ objects (minaten_python) are linked into the `minaten`
# executable, which embeds CPython (tools/minaten/main.c).  Python is
# Debian's python3 with python3-dev: Python3_EXECUTABLE (/usr/bin/python3,
# set in the top-level CMakeLists.txt) picks which one.
find_package(Python3 3.9 REQUIRED COMPONENTS Interpreter Development.Module Development.Embed)
# DLPack's header (Debian's libdlpack-dev, header-only): the struct through
# which torch.from_dlpack / Tensor.__dlpack__ lend memory (csrc/DLConvertor.c).
find_path(DLPACK_INCLUDE_DIR dlpack/dlpack.h REQUIRED)

file(GLOB_RECURSE MINATEN_PYTHON_C_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/csrc/*.c)
list(REMOVE_ITEM MINATEN_PYTHON_C_SOURCES ${CMAKE_SOURCE_DIR}/csrc/stub.c)
add_library(minaten_python STATIC ${MINATEN_PYTHON_C_SOURCES})
target_include_directories(minaten_python PUBLIC ${Python3_INCLUDE_DIRS} ${DLPACK_INCLUDE_DIR})
target_link_libraries(minaten_python PUBLIC minaten_autograd minaten_aten minaten_core)
set_target_properties(minaten_python PROPERTIES POSITION_INDEPENDENT_CODE ON)
# CPython's headers cast function pointers (PyCFunction) and compare signed
# with unsigned in their inline functions.
target_compile_options(minaten_python PRIVATE -Wno-cast-function-type)

# minaten._C: every object of the archives (WHOLE_ARCHIVE), as in the
# executable, because an operator library that torch.ops.load_library opens
# may call any of minaten's exported (prefixed) functions (Note [Operator libraries in a python3
# process] in csrc/utils/python_dispatch.c).
set(MINATEN_PYTHON_ARCHIVES minaten_python minaten_autograd minaten_aten minaten_core)
Python3_add_library(minaten_C MODULE WITH_SOABI ${CMAKE_SOURCE_DIR}/csrc/stub.c)
target_link_libraries(minaten_C PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,${MINATEN_PYTHON_ARCHIVES}>")
foreach(lib ${MINATEN_PYTHON_ARCHIVES})
  set_target_properties(minaten_C PROPERTIES LINK_LIBRARY_OVERRIDE_${lib} WHOLE_ARCHIVE)
endforeach()
set_target_properties(minaten_C PROPERTIES OUTPUT_NAME _C LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/python/minaten)
minaten_export_prefixed_names(minaten_C) # prefixed names only (PyInit__C among them): cmake/exports.cmake

# the package's Python files, linked into build/python/minaten
file(GLOB_RECURSE MINATEN_PY_FILES CONFIGURE_DEPENDS RELATIVE ${CMAKE_SOURCE_DIR}/python ${CMAKE_SOURCE_DIR}/python/*.py)
foreach(f ${MINATEN_PY_FILES})
  get_filename_component(dir ${CMAKE_BINARY_DIR}/python/${f} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  file(CREATE_LINK ${CMAKE_SOURCE_DIR}/python/${f} ${CMAKE_BINARY_DIR}/python/${f} SYMBOLIC)
endforeach()

# ... and compiled (build/python/minaten/**/__pycache__) at each build, so
# that a test never compiles them and writes their .pyc itself: which test
# does it first would then depend on the order ctest runs them in, and
# under valgrind CPython's compiling and .pyc writing read the digit slot
# of a 0 (tests/valgrind/cpython.supp) in more places than its .pyc reading.
# A file edited after the build is compiled again when it is imported, as
# Python always does.
add_custom_target(minaten_python_bytecode ALL
  COMMAND ${Python3_EXECUTABLE} -m compileall -q ${CMAKE_BINARY_DIR}/python/minaten
  COMMENT "Compiling build/python/minaten's Python files"
  VERBATIM)
add_dependencies(minaten_python_bytecode minaten_C)
