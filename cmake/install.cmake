# install.cmake - what `cmake --install build --prefix P` puts under P, from
# the top-level CMakeLists.txt (which defines minaten_shared / minaten_static):
#
#   bin/minaten, bin/minaten-codegen         the command line; tools/codegen (the
#                                            build tree's minaten_codegen, renamed)
#   lib/python3/dist-packages/minaten/       the Python package (python/minaten/*.py and
#                                            _C.cpython-311-*.so): MINATEN_INSTALL_PYTHONDIR,
#                                            where bin/minaten and libminaten find it, and
#                                            what a plain python3 puts on PYTHONPATH
#                                            (already on it for the /usr prefix)
#   lib/libminaten.so.0.17.0 (+ .so.0, .so), lib/libminaten.a
#   include/minaten/minaten.h                the one header a program includes, and
#   include/minaten/runtime/*.h, ...         exactly the headers it reaches, at their
#                                            paths in this tree (Functions.h: generated)
#   lib/pkgconfig/minaten.pc                 pkg-config, for a program (-lminaten)
#   lib/pkgconfig/minaten-extension.pc       pkg-config, for an operator library that
#                                            minaten loads (the headers, no -lminaten)
#   lib/cmake/minaten/                       find_package(minaten): minaten::minaten,
#                                            minaten::extension (its headers alone)
#   share/minaten/yaml/*.yaml                the operator YAML (minaten-codegen --source-root P/share/minaten)
#   share/minaten/gdb/minaten*.py            the gdb extension (tools/gdb): printers,
#                                            the `minaten` commands, the libffi frame filter;
#                                            minaten_source.py: the source tree it was built
#                                            from, where gdb finds the sources
#   share/gdb/auto-load/P/bin/minaten-gdb.py gdb's auto-load script for bin/minaten
#                                            (P: the prefix's real path), which runs
#                                            share/minaten/gdb/minaten.py; and one for
#                                            the Python package's _C*.so, which gdb
#                                            runs when a python3 imports minaten
#
# lib/ is CMAKE_INSTALL_LIBDIR (GNUInstallDirs: lib/<multiarch> for a /usr prefix on Debian).

install(TARGETS minaten RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The Python package: its files (not the build tree's links to them) and the
# extension module, which bin/minaten never loads (minaten._C is built into
# it) but a plain python3 does.
file(GLOB_RECURSE MINATEN_INSTALLED_PY CONFIGURE_DEPENDS RELATIVE ${CMAKE_SOURCE_DIR}/python
     ${CMAKE_SOURCE_DIR}/python/minaten/*.py)
foreach(f ${MINATEN_INSTALLED_PY})
  get_filename_component(dir ${f} DIRECTORY)
  install(FILES python/${f} DESTINATION ${MINATEN_INSTALL_PYTHONDIR}/${dir})
endforeach()
install(TARGETS minaten_C LIBRARY DESTINATION ${MINATEN_INSTALL_PYTHONDIR}/minaten)
install(CODE "message(STATUS \"minaten's Python package: \${CMAKE_INSTALL_PREFIX}/${MINATEN_INSTALL_PYTHONDIR}/minaten \"
  \"(bin/minaten finds it; for a plain python3: PYTHONPATH=\${CMAKE_INSTALL_PREFIX}/${MINATEN_INSTALL_PYTHONDIR})\")")
install(PROGRAMS $<TARGET_FILE:minaten_codegen> DESTINATION ${CMAKE_INSTALL_BINDIR} RENAME minaten-codegen)
install(TARGETS minaten_shared EXPORT minatenTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS minaten_static ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})

# The headers include/minaten/minaten.h reaches, transitively.  The test
# install.consumer compiles a file that includes only <minaten/minaten.h>
# against the installed prefix (a missing header fails it) and compares this
# list with what the compiler read (an extra one fails it too).
set(MINATEN_PUBLIC_HEADERS
  runtime/ArrayRef.h runtime/CPUGeneratorImpl.h runtime/Device.h runtime/DispatchKey.h runtime/DispatchKeySet.h
  runtime/MT19937RNGEngine.h
  runtime/Exception.h runtime/IValue.h runtime/LocalDispatchKeySet.h runtime/MemoryFormat.h
  runtime/Quantizer.h runtime/Scalar.h runtime/ScalarType.h runtime/Half.h runtime/BFloat16.h runtime/Complex.h runtime/Storage.h runtime/TensorImpl.h
  dispatch/Dispatcher.h dispatch/FunctionSchema.h dispatch/KernelFunction.h dispatch/Library.h
  dispatch/OperatorEntry.h dispatch/OperatorLibrary.h ops/lazy/LazyNativeFunctions.h ops/lazy/LazyEagerFallback.h)
set(MINATEN_GENERATED_PUBLIC_HEADERS Functions.h)
set(incdir ${CMAKE_INSTALL_INCLUDEDIR}/minaten)
install(FILES include/minaten/minaten.h DESTINATION ${incdir})
foreach(header ${MINATEN_PUBLIC_HEADERS})
  get_filename_component(dir ${header} DIRECTORY)
  install(FILES ${header} DESTINATION ${incdir}/${dir})
endforeach()
foreach(header ${MINATEN_GENERATED_PUBLIC_HEADERS})
  install(FILES ${CMAKE_BINARY_DIR}/generated/${header} DESTINATION ${incdir})
endforeach()

file(GLOB MINATEN_INSTALLED_YAML CONFIGURE_DEPENDS yaml/*.yaml)
install(FILES ${MINATEN_INSTALLED_YAML} DESTINATION ${CMAKE_INSTALL_DATADIR}/minaten/yaml)
# The build records source paths relative to the source tree
# (-ffile-prefix-map: `ops/TensorShape.c`); minaten_source.py tells the
# installed extension where that tree is, so gdb lists the sources of the
# installed minaten from any folder.
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/gdb/minaten_source.py CONTENT
"# Written by cmake/install.cmake: the source tree the installed minaten was built
# from.  The build records source paths relative to it (ops/TensorShape.c,
# build/generated/Functions.c); minaten.py adds it to gdb's source path.
SOURCE_DIR = '@CMAKE_SOURCE_DIR@'
" @ONLY)
install(FILES tools/gdb/minaten.py tools/gdb/minaten_commands.py tools/gdb/minaten_frames.py
  ${CMAKE_BINARY_DIR}/gdb/minaten_source.py
  DESTINATION ${CMAKE_INSTALL_DATADIR}/minaten/gdb)
# gdb loads <dir>/<real path of the program or library>-gdb.py for each of its
# auto-load script directories ($datadir/auto-load: /usr/share/gdb/auto-load,
# so a /usr install is loaded as it is; another prefix adds its own with
# add-auto-load-scripts-directory and add-auto-load-safe-path: see
# docs/debugging.md).  The prefix is known only at install time (--prefix),
# hence install(CODE).
set(DATADIR ${CMAKE_INSTALL_DATADIR})
set(BINDIR ${CMAKE_INSTALL_BINDIR})
set(PYTHONDIR ${MINATEN_INSTALL_PYTHONDIR})
set(C_MODULE $<TARGET_FILE_NAME:minaten_C>)   # _C.cpython-311-x86_64-linux-gnu.so
string(CONFIGURE [[
  get_filename_component(minaten_prefix "${CMAKE_INSTALL_PREFIX}" REALPATH)
  set(minaten_gdb_script
    "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/@DATADIR@/gdb/auto-load${minaten_prefix}/@BINDIR@/minaten-gdb.py")
  foreach(program "@BINDIR@/minaten" "@PYTHONDIR@/minaten/@C_MODULE@")
    set(minaten_gdb_script "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/@DATADIR@/gdb/auto-load${minaten_prefix}/${program}-gdb.py")
    message(STATUS "Installing: ${minaten_gdb_script}")
    file(WRITE "${minaten_gdb_script}"
      "# gdb auto-loads this for ${minaten_prefix}/${program}: minaten's gdb extension.\n"
      "# (Run with its own __file__, which `source` would not give it.)\n"
      "path = '${minaten_prefix}/@DATADIR@/minaten/gdb/minaten.py'\n"
      "with open(path) as f:\n"
      "    exec(compile(f.read(), path, 'exec'), {'__file__': path, '__name__': 'minaten_gdb'})\n")
  endforeach()
]] minaten_gdb_autoload_code @ONLY)
install(CODE "${minaten_gdb_autoload_code}")

# pkg-config: prefix relative to the .pc file (${pcfiledir}), so that
# `cmake --install --prefix P` needs no reconfiguring.
file(RELATIVE_PATH MINATEN_PC_TO_PREFIX /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
configure_file(cmake/minaten.pc.in ${CMAKE_BINARY_DIR}/minaten.pc @ONLY)
configure_file(cmake/minaten-extension.pc.in ${CMAKE_BINARY_DIR}/minaten-extension.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/minaten.pc ${CMAKE_BINARY_DIR}/minaten-extension.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# find_package(minaten): minatenTargets.cmake (install(EXPORT): relocatable,
# the imported target minaten::minaten, libminaten.so with its include
# directories), minatenConfig.cmake including it, and the version file.
# The headers need no package's headers but uthash's (/usr/include), and the
# shared library carries its own dependencies (libffi, libpython3.11: DT_NEEDED),
# so the config finds nothing.
install(EXPORT minatenTargets NAMESPACE minaten:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/minaten)
include(CMakePackageConfigHelpers)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/minatenConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES cmake/minatenConfig.cmake ${CMAKE_BINARY_DIR}/minatenConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/minaten)
