//===- FreePlacement.h - Where a free can go, as text edits -----*- C++ -*-===//
//
// The IR side of fixing: the program points where a buffer could be freed
// (before an op, at the end of a block whose terminator is implicit, in a
// new `else` region of an scf.if, or in a new block splitting a CFG edge),
// which of them come after every use of the buffer, and the text edits that
// insert or remove a free at them without touching anything else on the
// line. Whether a candidate is right is decided by re-running the lifetime
// analysis on the edited text (FixEngine.cpp); this file only proposes.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_FREEPLACEMENT_H
#define MEMLINT_FIXES_FREEPLACEMENT_H

#include "analysis/Document.h"
#include "analysis/Finding.h"
#include "fixes/TextEdits.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// Byte-offset views of a Document's text used to build edits.
class SourceText {
public:
  explicit SourceText(Document &doc) : doc(doc), text(doc.text()) {}
  /// [start, end) of the op as written (from its first result name); none
  /// for ops the parser created (implicit terminators).
  std::optional<std::pair<size_t, size_t>> opRange(mlir::Operation *op) const;
  size_t lineStart(size_t off) const;
  /// Offset of the line's '\n' (or of the end of the text).
  size_t lineEnd(size_t off) const;
  bool onlySpaceBefore(size_t off) const;
  /// Only blanks, or blanks and a `//` comment, up to the end of the line.
  bool onlySpaceOrCommentAfter(size_t off) const;
  std::string indentAt(size_t off) const;
  /// Skips blanks, newlines and `//` comments.
  size_t skipSpaceAndComments(size_t off) const;
  /// A single-position insertion or a replacement, in Document positions.
  TextEdit edit(size_t start, size_t end, std::string newText) const;
  llvm::StringRef str() const { return text; }
  Document &document() const { return doc; }

private:
  Document &doc;
  llvm::StringRef text;
  /// Built on first use: a fix search makes many edits in one text.
  mutable std::optional<LineTable> lines;
  mutable std::optional<bool> crlf;
};

/// The op that frees a buffer from `allocOp` ("memref.dealloc",
/// "gpu.dealloc"), or empty when memlint does not know how to free it (an
/// async gpu.alloc, an allocator of an unknown dialect).
std::string freeOpNameFor(mlir::Operation *allocOp, mlir::Value buffer);

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

/// Values that are `v` or views/casts of it (transitively): a use of any of
/// them uses `v`'s memory on every path.
std::vector<mlir::Value> viewClosure(mlir::Value v);

/// `v` and the values it is forwarded to (block arguments, region
/// arguments and results), which may name the same buffer on some paths.
std::vector<mlir::Value> forwardedAliases(mlir::Value v);

/// Candidate edit sets that each insert `freeOpName` of the buffer `v` (or
/// of a value it is forwarded to) at one program point of `fn`, in text
/// order. A point is proposed for a value when the value dominates it, no
/// use of the value (or a view of it) can follow it before the value is
/// defined anew, and `exit` can follow it. `guarded`: the free goes under
/// `scf.if` on an i1 in scope (then or else), for a buffer that other
/// paths free already (e.g. through an `arith.select`).
std::vector<std::vector<TextEdit>>
freeInsertionCandidates(const SourceText &src, mlir::FunctionOpInterface fn,
                        mlir::Value v, mlir::Operation *exit,
                        llvm::StringRef freeOpName, bool guarded = false);

/// Candidate edit sets that each put the free `free` under an `scf.if` on
/// an i1 value in scope (then or else branch): for a free that is right on
/// some paths only.
std::vector<std::vector<TextEdit>>
guardFreeCandidates(const SourceText &src, mlir::FunctionOpInterface fn,
                    mlir::Operation *free);

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
