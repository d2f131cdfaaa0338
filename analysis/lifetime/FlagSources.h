//===- FlagSources.h - What a returned i1 may be computed from --*- C++ -*-===//
//
// A callee's ownership flag that its callers cannot compute themselves is
// a value of memory to them (FunctionSummary::argumentUnlessOwned). Only
// one whose value they cannot know, and that no i1 of theirs decides, may
// be read so: a flag that is the caller's own i1 in disguise (stored and
// loaded back, passed through an op memlint cannot see into) would be an
// atom unrelated to it, and paths the caller's values rule out would be
// reported.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_FLAGSOURCES_H
#define MEMLINT_ANALYSIS_LIFETIME_FLAGSOURCES_H

#include "mlir/IR/Value.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace memlint::lifetime {

struct FlagSources {
  /// Something callers cannot see: memory contents, an op memlint cannot
  /// see into, a callee's result.
  bool hidden = false;
  /// One of the function's i1 arguments, through any chain of ops,
  /// memory, branches and regions (over-approximated: everything stored
  /// in the function may be what a load reads, every branch condition may
  /// decide a block argument). Also set where the search gave up.
  bool i1Argument = false;
};

/// The sources of `v`, an i1 that `fn` returns.
FlagSources flagSourcesOf(mlir::Value v, mlir::FunctionOpInterface fn);

} // namespace memlint::lifetime

#endif
