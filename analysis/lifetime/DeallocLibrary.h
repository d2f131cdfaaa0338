//===- DeallocLibrary.h - Upstream's deallocation helper, understood -*- C++
//-*-===//
//
// When ownership is only known at run time, upstream's
// `-bufferization-lower-deallocations` (part of
// `--buffer-deallocation-pipeline`) lowers a `bufferization.dealloc` to a
// call of a generated function (`@dealloc_helper`): the caller stores the
// aligned base pointers of the memrefs to free, those of the memrefs to
// retain and the free conditions into small local arrays, calls the helper,
// and loads from two output arrays whether to free each memref and the
// updated ownership of each retained one; `scf.if`s on those loads do the
// frees. Read as memory, the loads are values memlint cannot know, so a
// missing or doubled free there went unseen.
//
// The helper's body is fixed by upstream (mlir::bufferization::
// buildDeallocationLibraryFunction documents it): a callee is taken for it
// only when its body is that function's, op for op, so what its outputs hold
// follows from what the caller stored, as for the `bufferization.dealloc` it
// came from: memref i is freed when its condition holds, it is none of the
// retained memrefs and no earlier memref of the list; retained memref r is
// owned afterwards when some listed memref with a true condition is it.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_DEALLOCLIBRARY_H
#define MEMLINT_ANALYSIS_LIFETIME_DEALLOCLIBRARY_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace memlint::lifetime {

/// Tells whether functions have exactly the body upstream generates for
/// the deallocation library function (names and locations aside). Builds
/// that function, once, to compare with: use it where IR may be created in
/// the functions' context (not while other threads use a context without
/// threading), one matcher per context.
/// Whether `fn` has a body and the library function's signature: only
/// such a function can match (and matching it builds IR).
bool hasDeallocLibrarySignature(mlir::FunctionOpInterface fn);

class DeallocLibraryMatcher {
public:
  DeallocLibraryMatcher();
  ~DeallocLibraryMatcher();
  bool matches(mlir::FunctionOpInterface fn);

private:
  bool buildReferences(mlir::MLIRContext *ctx);
  /// The function as upstream's builder makes it, and as parsed from its
  /// printed form.
  mlir::OwningOpRef<mlir::ModuleOp> built, parsed;
};

/// What a call of the library function was given, read from the stores
/// into its local argument arrays.
struct LibraryCall {
  mlir::Operation *call = nullptr;
  /// The memrefs whose base pointers are listed to be freed, with their
  /// conditions.
  llvm::SmallVector<mlir::Value> memrefs;
  llvm::SmallVector<mlir::Value> conditions;
  /// The memrefs whose base pointers are listed as retained.
  llvm::SmallVector<mlir::Value> retained;
  /// The allocations of the two output arrays: per memref, whether to free
  /// it; per retained memref, its updated ownership.
  mlir::Value freeOut, ownershipOut;
};

/// `call` (a call of the library function) and the arrays it reads, when
/// each is a local allocation of static size, cast to its dynamic type for
/// the call alone, whose elements the call's block stores exactly once
/// before the call (pointers from memref.extract_aligned_pointer_as_index)
/// and that nothing else writes; otherwise nullopt.
std::optional<LibraryCall> readLibraryCall(mlir::CallOpInterface call);

/// The call of the library function whose output array `array` is (an
/// allocation passed, cast, to such a call), or null.
mlir::CallOpInterface libraryCallWriting(mlir::Value array);

/// An element of one of a call's output arrays.
struct LibraryOutput {
  unsigned index;
  /// Of the array saying whether to free each memref (else: the updated
  /// ownership of each retained one).
  bool freeOut;
};

/// The element `loaded` (a memref.load's result) reads of `call`'s outputs,
/// when it is one the call wrote: a constant index in range, loaded after
/// the call. Otherwise nullopt.
std::optional<LibraryOutput> outputRead(const LibraryCall &call,
                                        mlir::Value loaded);

} // namespace memlint::lifetime

#endif
