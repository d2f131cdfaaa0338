//===- TransferSameness.cpp - Which values are one buffer -----------------===//
//
// The transfer functions that ask whether two memrefs hold the same
// buffer: address comparisons (upstream's deallocation compares aligned
// pointers), the outputs of its deallocation helper, and
// bufferization.dealloc with its conditions and retained memrefs.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/Transfer.h"

#include "analysis/Ownership.h"
#include "analysis/lifetime/IntegerFacts.h"
#include "analysis/lifetime/ModuleLifetimes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

namespace memlint::lifetime {
/// The op that took the address `v` holds, also behind the lossless casts
/// that lowering arith to LLVM before memref leaves (index <-> i64
/// `unrealized_conversion_cast`, `arith.index_cast` to 64 bits or more).
static memref::ExtractAlignedPointerAsIndexOp addressTakenBy(Value v) {
  for (unsigned step = 0; step < 8; ++step) {
    v = throughIndexI64Casts(v);
    if (auto p = v.getDefiningOp<memref::ExtractAlignedPointerAsIndexOp>())
      return p;
    // An index_cast that widens an index (IntegerFacts' extensionOf).
    Operation *cast = v.getDefiningOp();
    if (!isa_and_nonnull<arith::IndexCastOp, arith::IndexCastUIOp>(cast) ||
        !cast->getOperand(0).getType().isIndex() ||
        extensionOf(cast) == Extension::None)
      return {};
    v = cast->getOperand(0);
  }
  return {};
}

/// Whether `cmp` tests its operands for equality (`eq`), inequality
/// (`ne`), or neither.
static std::optional<bool> testsEquality(Operation *cmp) {
  if (auto c = dyn_cast_or_null<arith::CmpIOp>(cmp)) {
    if (c.getPredicate() == arith::CmpIPredicate::eq)
      return true;
    if (c.getPredicate() == arith::CmpIPredicate::ne)
      return false;
  }
  if (auto c = dyn_cast_or_null<LLVM::ICmpOp>(cmp)) {
    if (c.getPredicate() == LLVM::ICmpPredicate::eq)
      return true;
    if (c.getPredicate() == LLVM::ICmpPredicate::ne)
      return false;
  }
  return std::nullopt;
}

// `cmpi eq|ne` of two `memref.extract_aligned_pointer_as_index`: upstream's
// deallocation pipeline compares addresses to learn which buffer a loop or
// branch replaced; the addresses are equal exactly when both values hold
// the same buffer. Lowering arith to LLVM first makes it an `llvm.icmp` of
// the addresses cast to i64.
bool Transfer::pointerEquality(Value r, Bdd &out) {
  Operation *cmp = r.getDefiningOp();
  std::optional<bool> eq = testsEquality(cmp);
  if (!eq)
    return false;
  auto lhs = addressTakenBy(cmp->getOperand(0));
  auto rhs = addressTakenBy(cmp->getOperand(1));
  if (!lhs || !rhs)
    return false;
  Bdd same = pointersEqual(cmp, lhs.getSource(), rhs.getSource());
  out = *eq ? same : ctx.bdd.negate(same);
  return true;
}

const LibraryCall *Transfer::libraryCallFor(Value array) {
  CallOpInterface call = libraryCallWriting(array);
  if (!call)
    return nullptr;
  // Read once for both its output arrays.
  auto [it, first] = libraryCalls.try_emplace(call.getOperation());
  if (first) {
    FunctionOpInterface callee = ctx.module.calleeOf(call);
    if (callee && ctx.module.isDeallocationLibrary(callee))
      it->second = readLibraryCall(call);
  }
  return it->second ? &*it->second : nullptr;
}

bool Transfer::libraryOutput(Value r, Bdd &out) {
  auto load = r.getDefiningOp<memref::LoadOp>();
  const LibraryCall *call = load ? libraryCallFor(load.getMemRef()) : nullptr;
  std::optional<LibraryOutput> read =
      call ? outputRead(*call, r) : std::nullopt;
  if (!read)
    return false;
  // The helper computes what the bufferization.dealloc it was lowered from
  // means.
  DeallocList list{call->call, call->memrefs, call->conditions, call->retained};
  out = read->freeOut ? freedByDealloc(list, read->index)
                      : ownedAfterDealloc(list, read->index);
  return true;
}

void Transfer::handleDealloc(bufferization::DeallocOp op, PathState &st) {
  DeallocList list{op, op.getMemrefs(), op.getConditions(), op.getRetained()};
  for (auto [i, memref] : llvm::enumerate(op.getMemrefs()))
    handleFree(op, memref, st, freedByDealloc(list, i));
  for (auto [r, updated] : llvm::enumerate(op.getUpdatedConditions()))
    flow.pinFormula(updated, ownedAfterDealloc(list, r));
}

// As bufferization.dealloc defines it: memref i is freed when its condition
// holds and none of the retained memrefs nor of the memrefs before it in
// the list is the same buffer ("if two memrefs alias each other, only one
// will be deallocated").
Bdd Transfer::freedByDealloc(const DeallocList &list, unsigned i) {
  BddManager &bdd = ctx.bdd;
  Value m = list.memrefs[i];
  Bdd f = ctx.conds.formulaOf(list.conditions[i]);
  for (Value kept : list.retained)
    if (!bdd.exhausted())
      f = bdd.conj(f, bdd.negate(pointersEqual(list.op, m, kept)));
  for (Value earlier : list.memrefs.take_front(i))
    if (!bdd.exhausted())
      f = bdd.conj(f, bdd.negate(pointersEqual(list.op, m, earlier)));
  return f;
}

// The updated condition of retained memref r: some listed memref whose
// condition holds is the same buffer.
Bdd Transfer::ownedAfterDealloc(const DeallocList &list, unsigned r) {
  BddManager &bdd = ctx.bdd;
  Bdd own = BddManager::False;
  for (auto [m, c] : llvm::zip(list.memrefs, list.conditions))
    if (!bdd.exhausted())
      own =
          bdd.disj(own, bdd.conj(ctx.conds.formulaOf(c),
                                 pointersEqual(list.op, m, list.retained[r])));
  return own;
}

// Pair by pair this is |a| x |b| conjunctions, and upstream's
// deallocation of n buffers asks it for n^2 pairs of values that may each
// hold any of n buffers (80 chained scf.ifs outgrew the budget). Instead
// each entry of `a` meets the disjunctions of the entries of `b` it pairs
// with. Pairs of one origin may also count as unknown: pointersEqual is
// `same or (unknown and atom)`, which that leaves as it is.
Transfer::Sameness Transfer::samenessOf(Value a, Value b) {
  BddManager &bdd = ctx.bdd;
  Sameness out;
  // A step of work, mostly without a BDD operation: a bufferization.dealloc
  // of n memrefs asks n^2 / 2 pairs (8,000: 11 s uncounted, helper-105).
  // Past the budget the analysis is stopping: nothing more is asked.
  bdd.charge();
  if (bdd.exhausted())
    return out;
  const AliasSet &ys = flow.aliasOf(b);
  if (ys.empty())
    return out;
  auto isUnknown = [&](const Origin &o) {
    return o.kind == OriginKind::Unknown;
  };
  // All of b; the entries that make any pair unknown (unknown or foreign
  // memory); those not this function's own (unknown beside another such).
  Bdd all = BddManager::False, strange = BddManager::False,
      notOwned = BddManager::False;
  SmallVector<std::pair<unsigned, Bdd>, 4> byOrigin;
  for (const AliasEntry &y : ys) {
    const Origin &oy = ctx.origins[y.origin];
    all = bdd.disj(all, y.cond);
    if (isUnknown(oy) || isForeign(oy))
      strange = bdd.disj(strange, y.cond);
    if (oy.kind != OriginKind::Owned)
      notOwned = bdd.disj(notOwned, y.cond);
    if (isUnknown(oy))
      continue;
    auto it = llvm::find_if(byOrigin,
                            [&](const auto &p) { return p.first == y.origin; });
    if (it == byOrigin.end())
      byOrigin.push_back({y.origin, y.cond});
    else
      it->second = bdd.disj(it->second, y.cond);
  }
  for (const AliasEntry &x : flow.aliasOf(a)) {
    const Origin &ox = ctx.origins[x.origin];
    if (!isUnknown(ox))
      for (const auto &[origin, cond] : byOrigin)
        if (origin == x.origin)
          out.same = bdd.disj(out.same, bdd.conj(x.cond, cond));
    Bdd with = isUnknown(ox) || isForeign(ox) ? all
               : ox.kind != OriginKind::Owned ? bdd.disj(strange, notOwned)
                                              : strange;
    out.unknown = bdd.disj(out.unknown, bdd.conj(x.cond, with));
  }
  return out;
}

Bdd Transfer::pointersEqual(Operation *op, Value a, Value b) {
  Sameness s = samenessOf(a, b);
  if (s.unknown == BddManager::False)
    return s.same;
  return ctx.bdd.disj(
      s.same, ctx.bdd.conj(s.unknown, ctx.conds.sameBufferAtom(op, a, b)));
}

} // namespace memlint::lifetime
