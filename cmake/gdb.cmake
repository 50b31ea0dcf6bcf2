# gdb.cmake - gdb's auto-load scripts for the build tree (docs/debugging.md,
# "The gdb extension"): with build/gdb/auto-load among gdb's auto-load
# script directories and in its safe-path,
#
#   gdb --args build/minaten run script.py
#   PYTHONPATH=build/python gdb --args /usr/bin/python3 script.py
#
# load tools/gdb/minaten.py by themselves.  gdb looks for
# DIR/<real path of each program and library it loads>-gdb.py in each such
# DIR: here build/gdb/auto-load/<build>/minaten-gdb.py, and the one for
# build/python/minaten/_C.cpython-311-*.so, read when a python3 imports
# minaten and the library is loaded.  The same layout as an install's
# share/gdb/auto-load (cmake/install.cmake), and, like it, looked at only
# when told (two lines of ~/.gdbinit), so a gdb that is not told prints no
# warning about a script it declines.
file(REAL_PATH ${CMAKE_BINARY_DIR} minaten_real_build)
foreach(target minaten minaten_C)
  if(TARGET ${target})
    file(GENERATE OUTPUT ${CMAKE_BINARY_DIR}/gdb/auto-load${minaten_real_build}/$<PATH:RELATIVE_PATH,$<TARGET_FILE:${target}>,${CMAKE_BINARY_DIR}>-gdb.py
      CONTENT
"# Written by cmake/gdb.cmake: gdb auto-loads this for $<TARGET_FILE_NAME:${target}>
# of the build tree, and it runs minaten's gdb extension from the source
# tree (docs/debugging.md, \"The gdb extension\").
path = '${CMAKE_SOURCE_DIR}/tools/gdb/minaten.py'
with open(path) as f:
    exec(compile(f.read(), path, 'exec'), {'__file__': path, '__name__': 'minaten_gdb'})
")
  endif()
endforeach()
