# find_package(minaten): the imported target minaten::minaten (libminaten.so,
# with -I<prefix>/include -I<prefix>/include/minaten), written by
# `cmake --install` (cmake/install.cmake), for a program; and
# minaten::extension, the same include directories and no library, for an
# operator library that minaten loads (its calls bind to the loading
# program's copy: docs/operator-libraries.md; minaten-extension.pc is the
# same for pkg-config).  Its headers need uthash.h (header-only: Debian's
# uthash-dev) in the default include path.
include(${CMAKE_CURRENT_LIST_DIR}/minatenTargets.cmake)
if(NOT TARGET minaten::extension)
  get_target_property(_minaten_include_dirs minaten::minaten INTERFACE_INCLUDE_DIRECTORIES)
  add_library(minaten::extension INTERFACE IMPORTED)
  set_target_properties(minaten::extension PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_minaten_include_dirs}")
  unset(_minaten_include_dirs)
endif()
