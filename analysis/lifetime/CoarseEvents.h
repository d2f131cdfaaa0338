//===- CoarseEvents.h - Certain bugs of a function too big to trace -*- C++
//-*-===//
//
// When the path-sensitive analysis of a function outgrows its budget, a
// silent function would read as clean, and `not-checked` alone tells the
// user nothing about the bugs it surely has. This pass finds the bugs that
// need no path reasoning at all, in time linear in the function:
//  * a free followed, later in the same block (or nested in a later op of
//    that block), by a free of the same buffer or a read or write of it:
//    whenever the later op runs, the free before it has run;
//  * an allocation whose value and views are only read and written and
//    never freed, passed on, stored, returned or forwarded: it leaks at
//    every return reachable after it.
// "The same buffer" means the allocated value or a view of it that starts
// at its first byte (a must-alias). Nothing is guessed through block
// arguments, region results, calls, stores or bufferization.dealloc, so the
// pass reports less than the full analysis would, never something false.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_COARSEEVENTS_H
#define MEMLINT_ANALYSIS_LIFETIME_COARSEEVENTS_H

#include "analysis/lifetime/Results.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include <vector>

namespace memlint::lifetime {

/// The certain events of `fn` over its allocations `buffers` (instances
/// from earlier loop iterations are skipped), with conditions True, in
/// program order.
std::vector<Event> coarseEvents(mlir::FunctionOpInterface fn,
                                const std::vector<BufferInfo> &buffers);

} // namespace memlint::lifetime

#endif
