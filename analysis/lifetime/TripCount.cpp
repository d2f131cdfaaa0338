//===- TripCount.cpp - How often a loop with constant bounds runs ---------===//
//
// RegionOpWalk keeps only the entry edges a loop with constant bounds can
// take (zero trips: straight to its results; one: no loop at all).
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/TripCount.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace memlint::lifetime {

/// The value of an affine bound whose results fold to constants: the
/// largest of them for a lower bound, the smallest for an upper one.
static std::optional<int64_t> constantBound(AffineMap map, ValueRange operands,
                                            bool lower) {
  SmallVector<Attribute> known;
  for (Value v : operands) {
    Attribute a;
    matchPattern(v, m_Constant(&a));
    known.push_back(a);
  }
  SmallVector<Attribute> folded;
  if (map.getNumResults() == 0 || failed(map.constantFold(known, folded)))
    return std::nullopt;
  std::optional<int64_t> out;
  for (Attribute a : folded) {
    auto i = dyn_cast_or_null<IntegerAttr>(a);
    if (!i)
      return std::nullopt;
    int64_t v = i.getInt();
    out = !out ? v : lower ? std::max(*out, v) : std::min(*out, v);
  }
  return out;
}

std::optional<APInt> staticTripCount(LoopLikeOpInterface loop) {
  // Upstream counts in the induction variable's type, which wraps for a
  // narrow one (an i8 loop from -100 to 100 "runs zero times"); the bounds
  // below are read as 64-bit signed values, right for a signed loop.
  auto narrowSigned = [&] {
    auto f = dyn_cast<scf::ForOp>(loop.getOperation());
    return f && !f.getUnsignedCmp() &&
           f.getInductionVar().getType().isSignlessInteger() &&
           f.getInductionVar().getType().getIntOrFloatBitWidth() < 64;
  };
  if (!narrowSigned())
    if (std::optional<APInt> n = loop.getStaticTripCount())
      return n;
  // affine.parallel gives neither a trip count nor bounds through the
  // interface: each dimension's bounds where they fold to constants (the
  // largest of a lower bound's results, the smallest of an upper one's),
  // and its step.
  if (auto parallel = dyn_cast<affine::AffineParallelOp>(loop.getOperation())) {
    SmallVector<int64_t, 8> steps = parallel.getSteps();
    bool unknown = false;
    uint64_t trips = 1;
    for (unsigned d = 0; d < parallel.getNumDims(); ++d) {
      std::optional<int64_t> lb = constantBound(
          parallel.getLowerBoundMap(d), parallel.getLowerBoundsOperands(),
          /*lower=*/true);
      std::optional<int64_t> ub = constantBound(
          parallel.getUpperBoundMap(d), parallel.getUpperBoundsOperands(),
          /*lower=*/false);
      if (!lb || !ub || d >= steps.size() || steps[d] <= 0) {
        unknown = true;
        continue;
      }
      __int128 span = (__int128)*ub - *lb;
      __int128 n = span > 0 ? (span + steps[d] - 1) / steps[d] : 0;
      // A dimension of no iterations makes the loop run none, whatever
      // the others are.
      if (n == 0)
        return APInt(64, 0);
      trips = std::min<uint64_t>(trips * (n >= 2 ? 2 : 1), 2);
    }
    if (unknown)
      return std::nullopt;
    return APInt(64, trips);
  }
  auto lbs = loop.getLoopLowerBounds(), ubs = loop.getLoopUpperBounds(),
       steps = loop.getLoopSteps();
  if (!lbs || !ubs || !steps || lbs->empty() || lbs->size() != ubs->size() ||
      lbs->size() != steps->size())
    return std::nullopt;
  uint64_t trips = 1;
  for (auto [lb, ub, step] : llvm::zip(*lbs, *ubs, *steps)) {
    std::optional<int64_t> l = getConstantIntValue(lb),
                           u = getConstantIntValue(ub),
                           s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0)
      return std::nullopt;
    uint64_t n = *u > *l ? (uint64_t(*u) - uint64_t(*l) + *s - 1) / *s : 0;
    // Only zero, one and more matter.
    trips = std::min<uint64_t>(trips * std::min<uint64_t>(n, 2), 2);
  }
  return APInt(64, trips);
}

} // namespace memlint::lifetime
