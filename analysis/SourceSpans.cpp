//===- SourceSpans.cpp - What range queries need of the parser's record ---===//
#include "analysis/SourceSpans.h"

#include <limits>

namespace memlint {

OffsetSpan offsetsOf(llvm::SMRange r, OffsetOfLoc offsetOf) {
  OffsetSpan s;
  if (std::optional<size_t> at = offsetOf(r.Start))
    s.start = *at;
  if (std::optional<size_t> at = offsetOf(r.End))
    s.end = *at;
  return s;
}

OpSpans spansOf(const mlir::AsmParserState::OperationDefinition &def,
                OffsetOfLoc offsetOf) {
  OpSpans spans;
  spans.scope = offsetsOf(def.scopeLoc, offsetOf);
  spans.name = offsetsOf(def.loc, offsetOf);
  for (const auto &group : def.resultGroups)
    spans.groups.push_back(
        {group.startIndex, offsetsOf(group.definition.loc, offsetOf)});
  return spans;
}

bool SourceSpanIndex::add(const mlir::AsmParserState &state,
                          OffsetOfLoc offsetOf) {
  for (const auto &def : state.getOpDefs())
    if (!addOp(def.op, spansOf(def, offsetOf)))
      return false;
  llvm::SmallVector<OffsetSpan, 4> args;
  for (const auto &def : state.getBlockDefs()) {
    args.clear();
    for (const auto &arg : def.arguments)
      args.push_back(offsetsOf(arg.loc, offsetOf));
    if (!addBlock(def.block, args))
      return false;
  }
  return true;
}

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
  // At most three quarters full, so probes stay short.
  if ((ops.size() + 1) * 4 > slots.size() * 3)
    growSlots(ops.size() + 1);
  uint32_t &slot = slotOf(op);
  if (slot)
    return true; // the parser records an op once
  slot = uint32_t(ops.size()) + 1;
  ops.push_back({op, packSpan(spans.scope), packSpan(spans.name),
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

static size_t hashOf(mlir::Operation *op) {
  return llvm::DenseMapInfo<mlir::Operation *>::getHashValue(op);
}

uint32_t &SourceSpanIndex::slotOf(mlir::Operation *op) {
  size_t mask = slots.size() - 1;
  for (size_t i = hashOf(op) & mask;; i = (i + 1) & mask)
    if (!slots[i] || ops[slots[i] - 1].op == op)
      return slots[i];
}

const uint32_t *SourceSpanIndex::findSlot(mlir::Operation *op) const {
  if (slots.empty())
    return nullptr;
  size_t mask = slots.size() - 1;
  for (size_t i = hashOf(op) & mask;; i = (i + 1) & mask) {
    if (!slots[i])
      return nullptr;
    if (ops[slots[i] - 1].op == op)
      return &slots[i];
  }
}

void SourceSpanIndex::growSlots(size_t atLeast) {
  size_t size = std::max<size_t>(slots.size(), 64);
  while (atLeast * 4 > size * 3)
    size *= 2;
  if (size == slots.size())
    return;
  slots.assign(size, 0);
  size_t mask = size - 1;
  for (size_t k = 0; k < ops.size(); ++k) {
    size_t i = hashOf(ops[k].op) & mask;
    while (slots[i])
      i = (i + 1) & mask;
    slots[i] = uint32_t(k) + 1;
  }
}

void SourceSpanIndex::reserve(size_t numOps, size_t numBlocks,
                              size_t numArguments) {
  growSlots(numOps);
  ops.reserve(numOps);
  // Most ops with results have one group.
  groups.reserve(numOps);
  blockIndex.reserve(numBlocks);
  arguments.reserve(numArguments);
}

std::optional<OpSpans> SourceSpanIndex::op(mlir::Operation *op) const {
  const uint32_t *slot = findSlot(op);
  if (!slot)
    return std::nullopt;
  const PackedOp &p = ops[*slot - 1];
  OpSpans spans;
  spans.scope = unpackSpan(p.scope);
  spans.name = unpackSpan(p.name);
  for (uint32_t i = 0; i < p.numGroups; ++i) {
    const PackedGroup &g = groups[p.firstGroup + i];
    spans.groups.push_back({g.startIndex, unpackSpan(g.name)});
  }
  return spans;
}

std::optional<OffsetSpan> SourceSpanIndex::blockArgument(mlir::Block *block,
                                                         unsigned n) const {
  auto it = blockIndex.find(block);
  if (it == blockIndex.end() || n >= it->second.second)
    return std::nullopt;
  return unpackSpan(arguments[it->second.first + n]);
}

} // namespace memlint
