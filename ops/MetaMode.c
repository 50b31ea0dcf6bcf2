/*
 * MetaMode.c - the thread-local switch of MetaMode.h.
 */
#include "ops/MetaMode.h"

_Thread_local bool meta_mode_enabled = false;
