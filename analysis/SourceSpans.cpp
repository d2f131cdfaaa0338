//===- SourceSpans.cpp - What range queries need of the parser's record ---===//
#include "analysis/SourceSpans.h"

#include <limits>

namespace memlint {

bool SourceSpanIndex::fits(const OffsetSpan &s) {
  auto one = [](size_t offset) {
    return offset == OffsetSpan::npos || offset < size_t(None);
  };
  return one(s.start) && one(s.end);
}

bool SourceSpanIndex::addOp(mlir::Operation *op, const OpSpans &spans) {
  if (!fits(spans.scope) || !fits(spans.name))
    return false;
  for (const ResultGroupSpan &g : spans.groups)
    if (!fits(g.name))
      return false;
  constexpr size_t most = std::numeric_limits<uint32_t>::max();
  if (ops.size() >= most || groups.size() + spans.groups.size() >= most)
    return false;
  auto [it, inserted] = opIndex.try_emplace(op, uint32_t(ops.size()));
  if (!inserted)
    return true; // the parser records an op once
  ops.push_back({packSpan(spans.scope), packSpan(spans.name),
                 uint32_t(groups.size()), uint32_t(spans.groups.size())});
  for (const ResultGroupSpan &g : spans.groups)
    groups.push_back({g.startIndex, packSpan(g.name)});
  return true;
}

bool SourceSpanIndex::addBlock(mlir::Block *block,
                               llvm::ArrayRef<OffsetSpan> args) {
  for (const OffsetSpan &a : args)
    if (!fits(a))
      return false;
  if (arguments.size() + args.size() >= std::numeric_limits<uint32_t>::max())
    return false;
  auto [it, inserted] = blockIndex.try_emplace(
      block, uint32_t(arguments.size()), uint32_t(args.size()));
  if (!inserted)
    return true;
  for (const OffsetSpan &a : args)
    arguments.push_back(packSpan(a));
  return true;
}

void SourceSpanIndex::reserve(size_t numOps, size_t numBlocks,
                              size_t numArguments) {
  opIndex.reserve(numOps);
  ops.reserve(numOps);
  // Most ops with results have one group.
  groups.reserve(numOps);
  blockIndex.reserve(numBlocks);
  arguments.reserve(numArguments);
}

std::optional<OpSpans> SourceSpanIndex::op(mlir::Operation *op) const {
  auto it = opIndex.find(op);
  if (it == opIndex.end())
    return std::nullopt;
  const PackedOp &p = ops[it->second];
  OpSpans spans;
  spans.scope = unpackSpan(p.scope);
  spans.name = unpackSpan(p.name);
  for (uint32_t i = 0; i < p.numGroups; ++i) {
    const PackedGroup &g = groups[p.firstGroup + i];
    spans.groups.push_back({g.startIndex, unpackSpan(g.name)});
  }
  return spans;
}

std::optional<llvm::SmallVector<OffsetSpan, 4>>
SourceSpanIndex::blockArguments(mlir::Block *block) const {
  auto it = blockIndex.find(block);
  if (it == blockIndex.end())
    return std::nullopt;
  llvm::SmallVector<OffsetSpan, 4> out;
  for (uint32_t i = 0; i < it->second.second; ++i)
    out.push_back(unpackSpan(arguments[it->second.first + i]));
  return out;
}

void SourceSpanIndex::shrink() {
  ops.shrink_to_fit();
  groups.shrink_to_fit();
  arguments.shrink_to_fit();
}

} // namespace memlint
