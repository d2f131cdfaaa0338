//===- UnreadValues.h - Block arguments nothing reads ------------*- C++
//-*-===//
//
// The block arguments and region op results of a function that no op
// reads: every use passes the value on (a branch's operand, a region
// terminator's operand) to another such value, or there is none.
// `--lift-cf-to-scf` makes them: each scf.while it builds carries the
// previous iteration's buffer and flag in arguments nothing uses. A buffer
// held only by such a value can never be freed through it, so an edge
// passing it there does not carry the buffer on: counted as carried, the
// buffer of two iterations back hid behind the earlier instance of its
// allocation, and the leak of every iteration's buffer went unreported.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_UNREADVALUES_H
#define MEMLINT_ANALYSIS_LIFETIME_UNREADVALUES_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"

namespace memlint::lifetime {

class UnreadValues {
public:
  /// Computed once per function (`fn`: its op), in time linear in its
  /// uses. The function's own arguments are never unread.
  explicit UnreadValues(mlir::Operation *fn);
  bool contains(mlir::Value v) const { return unread.contains(v); }

private:
  llvm::DenseSet<mlir::Value> unread;
};

} // namespace memlint::lifetime

#endif
