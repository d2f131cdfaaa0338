//===- BufferCarriers.h - Values holding buffers, not memrefs -*- C++ -*-===//
//
// Part of the ownership model (docs/ownership-model.md, "Aliases"): which
// non-memref values memlint follows as holding a buffer, and which ones a
// buffer may be packed into beyond what memlint follows.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_BUFFERCARRIERS_H
#define MEMLINT_ANALYSIS_BUFFERCARRIERS_H

#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"

namespace memlint {

/// A value that holds a buffer memlint follows: a memref, or a future of one
/// (`!async.value<memref<...>>`), which holds the buffer its producer yields.
/// Tokens and groups hold none.
bool carriesMemRef(mlir::Value v);
/// True when a result of type `t`, made from a buffer, may hold that buffer
/// in a form memlint does not follow: LLVM descriptors and pointers, types of
/// unregistered dialects, any type with a memref inside it other than a
/// future. The buffer is then no longer tracked (no guess where it goes).
bool mayPackBuffer(mlir::Type t);
/// True when a value of type `t` is a box typed by the buffers it holds: a
/// memref of memrefs, a type with a memref parameter other than a future,
/// a type of an unregistered dialect that names a memref
/// (`!enzyme.Cache<memref<4xf64>>`). An op memlint cannot see into that is
/// handed a buffer and such a box may put the buffer into it.
bool holdsBuffers(mlir::Type t);

} // namespace memlint

#endif
