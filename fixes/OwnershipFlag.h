//===- OwnershipFlag.h - Guarding a free with an ownership flag -*- C++ -*-===//
//
// The fix for a free that is right on some paths and invalid on others when
// no i1 in scope tells them apart: a block argument that merges a heap
// buffer from one predecessor with stack, global or argument memory from
// another (a `cf.switch` case, say), and is freed after the merge. The
// merge block gets an i1 argument saying whether the buffer is owned; each
// predecessor passes `true` or `false` (an i1 constant already in scope, or
// a new `arith.constant` just before its branch); the frees of the merged
// value go under `scf.if` on that flag. This is how upstream's ownership-based
// deallocation carries ownership through control flow, written as a minimal
// text edit. Whether the result is right is decided by re-running the
// analysis (FixEngine.cpp); this file only proposes the edits.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_OWNERSHIPFLAG_H
#define MEMLINT_FIXES_OWNERSHIPFLAG_H

#include "analysis/Finding.h"
#include "fixes/FreePlacement.h"
#include <optional>
#include <vector>

namespace memlint {

class LifetimeAnalysis;

struct OwnershipFlagEdits {
  std::vector<TextEdit> edits;
  /// Some predecessor passes memory of a function argument: with the flag
  /// false there, the function stops freeing it, which is only right if
  /// the caller did not mean to hand it over (an unsafe fix).
  bool borrowsArgument = false;
};

/// Edits that guard `free` (and every other plain free of the same merged
/// value) with an ownership flag, when the value it frees is, through views
/// and casts, an argument of a block whose predecessors (branch ops) each
/// pass a buffer that `la` knows to be owned, one known not to be owned, or
/// another such block argument (a merge of merges, also around a loop: that
/// argument gets a flag too, passed on), and both kinds reach it. Nullopt
/// otherwise: an edge passing a value whose ownership depends on more than
/// the edge (an `arith.select`, an external call's result), more than 8
/// merges, ops not written in the text, generic-form branches.
std::optional<OwnershipFlagEdits> ownershipFlagEdits(const SourceText &src,
                                                     LifetimeAnalysis &la,
                                                     mlir::Operation *free);

} // namespace memlint

#endif
