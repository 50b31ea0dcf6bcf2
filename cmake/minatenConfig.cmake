# find_package(minaten): the imported target minaten::minaten (libminaten.so,
# with -I<prefix>/include -I<prefix>/include/minaten), written by
# `cmake --install` (cmake/install.cmake).  Its headers need uthash.h
# (header-only: Debian's uthash-dev) in the default include path.
include(${CMAKE_CURRENT_LIST_DIR}/minatenTargets.cmake)
