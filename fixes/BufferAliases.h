//===- BufferAliases.h - The values a buffer goes by ------------*- C++ -*-===//
//
// Where a free of a buffer can go depends on every name the buffer has:
// views and casts of it (a use of one uses the buffer's memory), and the
// block and region arguments and results it is forwarded to (a free of one
// of those frees it on the paths that forward it).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_BUFFERALIASES_H
#define MEMLINT_FIXES_BUFFERALIASES_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include <vector>

namespace memlint {

/// `v` and the values it is forwarded to (block arguments, region
/// arguments and results), which may name the same buffer on some paths.
std::vector<mlir::Value> forwardedAliases(mlir::Value v);

/// Of `aliases` (forwardedAliases(v), `v` first), those that name `v`'s
/// buffer on every path: `v`, and block arguments every branch into whose
/// block passes one of them (a chain of blocks handing the buffer on, a
/// loop header it enters and comes back to). A region's arguments and
/// results are left out (another branch may yield another buffer).
std::vector<mlir::Value> mustAliases(llvm::ArrayRef<mlir::Value> aliases);

} // namespace memlint

#endif
