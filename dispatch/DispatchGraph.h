/*
 * DispatchGraph.h - the dispatch trace as a graph: `minaten --trace=dispatch
 * --dot FILE`.
 *
 * While DispatchGraph_recording is set, every hop the verbose trace prints
 * (Dispatcher_traceEnter/Leave: an operator, the key it dispatched on, the
 * kernel that ran) is also recorded with its place in the call tree.
 * DispatchGraph_writeDot draws the recorded calls: per top-level call, the
 * operator entry -> its dispatch key -> the kernel, then from the kernel to
 * what it called: a redispatch of the same operator to a lower key (through
 * the fallthrough keys it skipped, drawn dashed), or another operator's entry.
 * The calls a CompositeImplicitAutograd kernel ([math kernel]) makes are
 * its decomposition, drawn inside a box of their own; a backend fallback's
 * kernel is drawn shaded.  Node names are numbered by hop, never addresses.
 *
 * NB(minaten): fallthrough keys are drawn only on a redispatch (between the
 * key the operator left and the key it reached); the keys a call's first
 * hop skipped are not known there (the trace receives the key set already
 * masked by OperatorEntry::nonFallthroughKeys) and are not drawn.
 *
 * Costs nothing when off: the hook sits on the verbose path only, which the
 * generated entry points take when Dispatcher_verbose is set.
 *
 * PyTorch 1.13: no counterpart; it draws what aten/src/ATen/core/dispatch/
 * Dispatcher.h Dispatcher::call and redispatch do.
 */
#ifndef MINATEN_DISPATCH_DISPATCHGRAPH_H
#define MINATEN_DISPATCH_DISPATCHGRAPH_H

#include <stdbool.h>
#include <stdio.h>

#include "dispatch/KernelFunction.h"
#include "dispatch/OperatorEntry.h"

extern bool DispatchGraph_recording;

/* A hop starts (op dispatched on `key` to kernel `k`) / ends. */
void DispatchGraph_enter(const OperatorEntry* op, DispatchKey key, const KernelFunction* k);
void DispatchGraph_leave(void);
/* Writes the recorded hops as a DOT digraph. */
void DispatchGraph_writeDot(FILE* out);
/* Number of hops recorded. */
size_t DispatchGraph_numHops(void);
/* Forgets every hop. */
void DispatchGraph_clear(void);

#endif
