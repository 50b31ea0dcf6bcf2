# gdb.cmake - gdb's auto-load scripts for the build tree (docs/debugging.md,
# "The gdb extension"): with the build folder in gdb's auto-load safe-path,
#
#   gdb --args build/minaten run script.py
#   PYTHONPATH=build/python gdb --args /usr/bin/python3 script.py
#
# load tools/gdb/minaten.py by themselves.  gdb looks for OBJFILE-gdb.py
# beside each program and library it loads (here: build/minaten-gdb.py, and
# build/python/minaten/_C.cpython-311-*.so-gdb.py, read when a python3
# imports minaten and the library is loaded), and runs it only from a folder
# of its safe-path: `add-auto-load-safe-path /path/to/build` once in
# ~/.gdbinit.  The installed copies: cmake/install.cmake.
foreach(target minaten minaten_C)
  if(TARGET ${target})
    file(GENERATE OUTPUT $<TARGET_FILE:${target}>-gdb.py CONTENT
"# Written by cmake/gdb.cmake: gdb auto-loads this for $<TARGET_FILE_NAME:${target}>
# of the build tree (once the folder is in its auto-load safe-path), and it
# runs minaten's gdb extension from the source tree (docs/debugging.md).
path = '${CMAKE_SOURCE_DIR}/tools/gdb/minaten.py'
with open(path) as f:
    exec(compile(f.read(), path, 'exec'), {'__file__': path, '__name__': 'minaten_gdb'})
")
  endif()
endforeach()
