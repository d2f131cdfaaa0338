//===- Results.h - What the lifetime analysis of a function yields -*- C++
//-*-===//
//
// Buffers, origins, events and summaries: the facts checks and callers read
// from a LifetimeAnalysis.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_RESULTS_H
#define MEMLINT_ANALYSIS_LIFETIME_RESULTS_H

#include "analysis/lifetime/Bdd.h"
#include "analysis/Ownership.h"
#include "mlir/IR/Operation.h"
#include <optional>
#include <vector>

namespace memlint {

/// A buffer a function allocates: one allocation site.
struct BufferInfo {
  mlir::Value value;
  mlir::Operation *allocOp = nullptr;
  /// False once the buffer flows where memlint cannot follow every instance
  /// (e.g. around a loop back edge); no finding is reported for it then.
  bool tracked = true;
  /// For a loop allocation, the buffer standing for the instance a previous
  /// iteration allocated and carried into this one (iter_args, back-edge
  /// block arguments) is a second BufferInfo whose `earlierOf` names the
  /// allocation's own index.
  int earlierOf = -1;
};

struct Origin {
  OriginKind kind;
  mlir::Value value; // the allocation, argument, alloca or global
  int buffer = -1;   // index into buffers() for Owned
};

enum class EventKind { Leak, DoubleFree, UseAfterFree, InvalidFree };

struct Event {
  EventKind kind;
  /// Leak: the exit reached (return, loop back edge). Others: the free or
  /// the use.
  mlir::Operation *op = nullptr;
  int buffer = -1;
  unsigned origin = 0;
  Bdd cond = BddManager::False; // the paths on which it happens
  mlir::Operation *firstFree = nullptr;
  mlir::Value via;           // the value used or freed
  bool backEdge = false;     // leak at a loop back edge
  bool interiorView = false; // invalid free through an interior view
};

/// What callers need to know of a function.
struct FunctionSummary {
  /// Per result: a buffer the function allocated, returned on every path.
  std::vector<bool> fresh;
  /// Per result: the value of an i1 that is the same constant on every
  /// path; nullopt when it varies, is no i1, or the analysis gave up.
  std::vector<std::optional<bool>> constant;
};

} // namespace memlint

#endif
