//===- OpEdits.h - Text edits that remove, replace or guard ops -*- C++ -*-===//
//
// The text side of fixing: the statement that frees a buffer, edits that
// delete, rewrite or put under `scf.if` one written op without touching
// anything else on its lines, fresh SSA names for the values they
// introduce, and where a terminator's successors and a block's arguments
// are spelled.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_OPEDITS_H
#define MEMLINT_FIXES_OPEDITS_H

#include "fixes/SourceText.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// The function with a body that a call runs, where the IR at hand has only
/// a declaration of it (the fix search's slices declare callees); null to
/// resolve the call where it is.
using CalleeLookup =
    llvm::function_ref<mlir::FunctionOpInterface(mlir::CallOpInterface)>;

/// The op that frees a buffer from `allocOp` ("memref.dealloc",
/// "gpu.dealloc"), or empty when memlint does not know how to free it (an
/// async gpu.alloc, an allocator of an unknown dialect). A buffer a call
/// returns is freed the way its callee allocated it (found by `lookup`
/// first, when given).
std::string freeOpNameFor(mlir::Operation *allocOp, mlir::Value buffer,
                          CalleeLookup lookup = nullptr);

/// `memref.dealloc %x : memref<4xf32>`; empty when `v` has no usable name.
std::string freeStatement(Document &doc, llvm::StringRef opName, mlir::Value v);

/// True when `op` does nothing but free one operand (memref.dealloc, a sync
/// gpu.dealloc), so removing it changes nothing else.
bool isPlainFree(mlir::Operation *op);

/// Edits deleting `op` (its whole lines when it stands alone on them); when
/// that leaves an scf.if without results empty, the scf.if goes too.
std::optional<std::vector<TextEdit>> removeOpEdits(const SourceText &src,
                                                   mlir::Operation *op);

/// For a `memref.realloc` with static sizes and no alignment: edits that
/// write it as what it does without the free, an alloc of the new size and
/// a copy of the common prefix (`memref.subview` + `memref.copy`), so the
/// old buffer stays valid.
std::optional<std::vector<TextEdit>> reallocAsAllocEdits(const SourceText &src,
                                                         mlir::Operation *op);

/// Edits replacing `op` (its text as written) with `newText`.
std::optional<std::vector<TextEdit>> replaceOpEdits(const SourceText &src,
                                                    mlir::Operation *op,
                                                    const std::string &newText);

/// An SSA name (`%stem0`, `%stem1`, ...) that no value of the function
/// around `op` has (SSA names are scoped by the function, an isolated
/// region) and that is not in `reserved` (names an edit set introduces).
std::string freshValueName(const SourceText &src, mlir::Operation *op,
                           llvm::StringRef stem,
                           const llvm::StringSet<> &reserved = {});

/// Edits putting the written op `op` under `scf.if cond { ... }` (in its
/// else region when !whenTrue); on one line when the op shares its line.
std::optional<std::vector<TextEdit>> guardOpEdits(const SourceText &src,
                                                  mlir::Operation *op,
                                                  llvm::StringRef cond,
                                                  bool whenTrue);

/// Where successor `index` of the written terminator `term` is spelled, as
/// byte offsets: the label use `^bb` and the operand group `(%a : T)` after
/// it (groupBegin == groupEnd == labelEnd when none is written).
struct SuccessorText {
  size_t labelBegin, labelEnd;
  size_t groupBegin, groupEnd;
};
std::optional<SuccessorText>
successorText(const SourceText &src, mlir::Operation *term, unsigned index);

/// Offset of the `)` that closes the argument list of `block`'s label as
/// written (`^bb1(%a: T):`); nullopt when the label has no argument list.
std::optional<size_t> blockArgumentsEnd(const SourceText &src,
                                        mlir::Block *block);

} // namespace memlint

#endif
