//===- SourceSpans.h - What range queries need of the parser's record -*-===//
//
// A Document answers range queries (Document::rangeOf, nameOf, ...) from
// what the parser recorded of each op and block: the op's extent, its name,
// its result groups' names, its block arguments' names. The parser keeps
// far more (every use of every value, symbol uses, one heap object per op:
// AsmParserState is the largest thing a large file's parse leaves behind,
// more than the IR). OpSpans is the part range queries read, as offsets in
// the document's text, and SourceSpanIndex keeps it for every op and block
// once the parser's record is dropped (Document::dropParserState).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_SOURCESPANS_H
#define MEMLINT_ANALYSIS_SOURCESPANS_H

#include "mlir/AsmParser/AsmParserState.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/SMLoc.h"
#include <cstdint>
#include <optional>
#include <vector>

namespace mlir {
class Block;
class Operation;
} // namespace mlir

namespace memlint {

/// Offsets in a document's text; npos where the parser recorded nothing.
struct OffsetSpan {
  static constexpr size_t npos = ~size_t(0);
  size_t start = npos, end = npos;
};

/// `%x:2 = ...`: results from `startIndex` on are named by `name`.
struct ResultGroupSpan {
  unsigned startIndex = 0;
  OffsetSpan name;
};

/// What the parser recorded of one op.
struct OpSpans {
  /// From the op's name (or its first result's name) to its end.
  OffsetSpan scope;
  /// The op's name (`memref.alloc`, `"my.op"`).
  OffsetSpan name;
  /// In result order.
  llvm::SmallVector<ResultGroupSpan, 1> groups;
};

/// Where the parser's locations are in a document's text (nullopt: not
/// in it).
using OffsetOfLoc = llvm::function_ref<std::optional<size_t>(llvm::SMLoc)>;

OffsetSpan offsetsOf(llvm::SMRange r, OffsetOfLoc offsetOf);
/// What the parser recorded of one op, as offsets.
OpSpans spansOf(const mlir::AsmParserState::OperationDefinition &def,
                OffsetOfLoc offsetOf);

/// OpSpans of many ops and the argument names of many blocks, packed: a
/// few dozen bytes an op where the parser's record takes a few hundred.
class SourceSpanIndex {
public:
  /// Adds what `state` recorded of its ops and blocks; false when an offset
  /// does not fit (see addOp), with what came before it added.
  bool add(const mlir::AsmParserState &state, OffsetOfLoc offsetOf);
  /// False when an offset does not fit the packed form (a text of 4 GiB or
  /// more); the index is then left as it was before the call.
  bool addOp(mlir::Operation *op, const OpSpans &spans);
  bool addBlock(mlir::Block *block, llvm::ArrayRef<OffsetSpan> arguments);
  /// Room for this many ops and blocks, so the tables grow once.
  void reserve(size_t numOps, size_t numBlocks, size_t numArguments);

  std::optional<OpSpans> op(mlir::Operation *op) const;
  /// The span of argument `n` of `block`; nullopt for a block the index
  /// does not hold or an argument it does not have. (One at a time: a
  /// block of 10,000 arguments asked for each was quadratic as a list.)
  std::optional<OffsetSpan> blockArgument(mlir::Block *block, unsigned n) const;

private:
  using Offset = uint32_t;
  static constexpr Offset None = ~Offset(0);
  static bool fits(const OffsetSpan &s);
  static Offset pack(size_t offset) {
    return offset == OffsetSpan::npos ? None : Offset(offset);
  }
  static size_t unpack(Offset offset) {
    return offset == None ? OffsetSpan::npos : size_t(offset);
  }
  struct PackedSpan {
    Offset start, end;
  };
  struct PackedOp {
    mlir::Operation *op;
    PackedSpan scope, name;
    /// groups[firstGroup, firstGroup + numGroups).
    uint32_t firstGroup, numGroups;
  };
  struct PackedGroup {
    uint32_t startIndex;
    PackedSpan name;
  };
  static PackedSpan packSpan(const OffsetSpan &s) {
    return {pack(s.start), pack(s.end)};
  }
  static OffsetSpan unpackSpan(const PackedSpan &s) {
    return {unpack(s.start), unpack(s.end)};
  }
  /// Open addressing over `ops`: a slot holds an index into it plus one
  /// (0: empty), the key is read from the op found there. Four bytes a
  /// slot where a DenseMap of pointers takes sixteen: a large file has a
  /// million ops.
  std::vector<uint32_t> slots;
  /// The slot of `op`, or the empty slot where it would go.
  uint32_t &slotOf(mlir::Operation *op);
  const uint32_t *findSlot(mlir::Operation *op) const;
  void growSlots(size_t atLeast);
  std::vector<PackedOp> ops;
  std::vector<PackedGroup> groups;
  /// A block's arguments: arguments[first, first + count).
  llvm::DenseMap<mlir::Block *, std::pair<uint32_t, uint32_t>> blockIndex;
  std::vector<PackedSpan> arguments;
};

} // namespace memlint

#endif
