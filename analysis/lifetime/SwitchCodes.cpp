//===- SwitchCodes.cpp - A switch's cases read as one binary code ---------===//
//
// Asked case by case, the N cases of a switch split their selector's cells
// one atom at a time: case k is "not case 0, ..., not case k-1, and case
// k", a chain of k atoms, so the cases cost N^2 nodes, and so does every
// formula built from them (the states merged after the switch). Read
// together, they split each cell of the selector once, by a code of
// log2(N + 1) atoms whose values number the cases the cell holds: each
// case is a conjunction of those atoms, and a union of cases in order a
// diagram of about as many nodes. The cells stay the one account of the
// selector: a later question on it (`%k == 3`, another switch) reads them.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/Conditions.h"
#include "analysis/lifetime/QuestionSource.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>

using namespace mlir;
using llvm::APInt;

namespace memlint {

namespace {
/// Builds the formulas of one code's values over its atoms.
class CodeFormulas {
public:
  CodeFormulas(BddManager &bdd, ArrayRef<unsigned> vars)
      : bdd(bdd), vars(vars) {}

  /// Bit i of the code, counting from its lowest.
  Bdd bit(unsigned i) const { return bdd.var(vars[vars.size() - 1 - i]); }

  /// The code is `k`.
  Bdd equals(uint64_t k) const {
    Bdd f = BddManager::True;
    for (unsigned i = 0, e = vars.size(); i < e; ++i)
      f = bdd.conj(f, k >> i & 1 ? bit(i) : bdd.negate(bit(i)));
    return f;
  }

  /// The code is `k` or more.
  Bdd atLeast(uint64_t k) const {
    // Below k in its lowest i+1 bits, from the lowest bit up.
    Bdd below = BddManager::False;
    for (unsigned i = 0, e = vars.size(); i < e; ++i)
      below = k >> i & 1 ? bdd.disj(bdd.negate(bit(i)), below)
                         : bdd.conj(bdd.negate(bit(i)), below);
    return bdd.negate(below);
  }

private:
  BddManager &bdd;
  ArrayRef<unsigned> vars;
};
} // namespace

std::optional<SmallVector<Bdd>>
ConditionTable::casesOfSwitch(Operation *sw, Value selector,
                              ArrayRef<APInt> cases, const Message &where) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(selector.getType());
  if (width <= 1 || cases.empty())
    return std::nullopt;
  SmallVector<ValueSet> parts;
  SmallVector<Message> labels;
  llvm::DenseSet<APInt> seen;
  for (const APInt &c : cases) {
    if (c.getBitWidth() != width || !seen.insert(c).second)
      return std::nullopt;
    parts.push_back(ValueSet::single(c));
    labels.push_back("case " + llvm::toString(c, 10, /*Signed=*/true));
  }
  parts.push_back(ValueSet::unionOf(parts, width).complement());
  labels.push_back("its default case");
  return partsOf(sw, selector, parts, labels, where, Truncation::Follow);
}

std::optional<SmallVector<Bdd>>
ConditionTable::partsOf(Operation *sw, Value v, ArrayRef<ValueSet> sets,
                        ArrayRef<Message> labels, const Message &where,
                        Truncation truncation) {
  // Each part as valueIn asks it: of the value its questions go to.
  Value x;
  SmallVector<ValueSet> parts;
  for (const ValueSet &s : sets) {
    Value y = v;
    ValueSet set = s;
    askOfSource(y, set, [this](Value v) { return facts.rangeOf(v); });
    if ((x && y != x) || (!parts.empty() && set.width() != parts[0].width()))
      return std::nullopt;
    x = y;
    parts.push_back(std::move(set));
  }
  Operation *def = x.getDefiningOp();
  if (x.getType().isInteger(1) ||
      ConstantIntRanges::getStorageBitwidth(x.getType()) != parts[0].width())
    return std::nullopt;
  if (Value wide = def ? truncated(def) : Value();
      wide && truncation != Truncation::OwnCells)
    return truncation == Truncation::Follow
               ? partsOfTruncation(sw, x, wide, parts, labels, where)
               : std::nullopt;
  // (valueIn reads these another way: a select's condition, a loop
  // counter's first iteration, a counter's pair cells with its loop's
  // bound.)
  if ((isa_and_nonnull<arith::SelectOp, LLVM::SelectOp>(def) &&
       def->getOperand(0).getType().isInteger(1)) ||
      facts.firstIterationValue(x))
    return std::nullopt;
  x = same.representative(x);
  if (constantPartners.count(x))
    return std::nullopt;
  auto [it, first] = valueCells.try_emplace(x);
  if (first)
    it->second = initialValueCells(x);
  SmallVector<ValueCell, 4> cells = it->second;
  if (cells.empty() || cells.front().values.width() != parts[0].width())
    return std::nullopt;

  unsigned defaultPart = parts.size() - 1;
  // The part of each single value a case asks about.
  llvm::DenseMap<APInt, unsigned> partOf;
  bool allSingle = true;
  for (unsigned j = 0; j < defaultPart; ++j) {
    if (std::optional<APInt> v = parts[j].singleValue())
      partOf[*v] = j;
    else
      allSingle = false;
  }

  SmallVector<Bdd> out(parts.size(), BddManager::False);
  SmallVector<ValueCell, 4> split;
  for (const ValueCell &c : cells) {
    SmallVector<unsigned, 4> present;
    if (std::optional<APInt> v = c.values.singleValue(); v && allSingle) {
      auto p = partOf.find(*v);
      present.push_back(p != partOf.end() ? p->second : defaultPart);
    } else {
      for (unsigned j = 0, e = parts.size(); j < e; ++j)
        if (!c.values.intersect(parts[j]).empty())
          present.push_back(j);
    }
    if (present.size() <= 1) {
      if (!present.empty())
        out[present.front()] = bdd.disj(out[present.front()], c.cond);
      split.push_back(c);
      continue;
    }
    if (split.size() + present.size() > MaxCodedCells)
      return std::nullopt;
    // Code k is present[k]; the last also takes the codes past it.
    SwitchCode code;
    code.where = where;
    for (unsigned j : present)
      code.labels.push_back(labels[j]);
    unsigned numBits = llvm::Log2_64_Ceil(present.size());
    unsigned setIndex = codes.size();
    for (unsigned b = 0; b < numBits; ++b) {
      Atom a;
      a.op = sw;
      a.codeSet = setIndex;
      a.codeBit = b;
      code.vars.push_back(newAtomVar(std::move(a)));
    }
    codes.push_back(std::move(code));
    CodeFormulas formulas(bdd, codes.back().vars);
    for (auto [k, j] : llvm::enumerate(present)) {
      Bdd is =
          k + 1 == present.size() ? formulas.atLeast(k) : formulas.equals(k);
      Bdd cond = bdd.conj(c.cond, is);
      split.push_back({cond, c.values.intersect(parts[j])});
      out[j] = bdd.disj(out[j], cond);
    }
  }
  valueCells[x] = std::move(split);
  return out;
}

std::optional<SmallVector<Bdd>> ConditionTable::partsOfTruncation(
    Operation *sw, Value x, Value wide, ArrayRef<ValueSet> parts,
    ArrayRef<Message> labels, const Message &where) {
  // As valueInTruncation reads one question: where wide fits in x's type,
  // the part is the question on wide; where it does not, on x's own
  // cells (`%k == 1` decides a switch on `index_cast %k to i32`, what
  // -convert-scf-to-cf makes of an scf.index_switch).
  if (!(wide.getType().isSignlessInteger() || wide.getType().isIndex()))
    return std::nullopt;
  unsigned from = ConstantIntRanges::getStorageBitwidth(wide.getType());
  unsigned to = parts[0].width();
  if (to <= 1 || to >= from)
    return std::nullopt;
  ValueSet fits = ValueSet::fitting(to, from);
  // Of wide: each part where it fits, then every value that does not.
  SmallVector<ValueSet> wideParts;
  SmallVector<Message> wideLabels(labels.begin(), labels.end());
  for (const ValueSet &p : parts)
    wideParts.push_back(p.afterExtension(from, /*sign=*/true).intersect(fits));
  wideParts.push_back(fits.complement());
  std::string narrow;
  llvm::raw_string_ostream os(narrow);
  os << x.getType();
  wideLabels.push_back("a value of " + namer(wide) + " that does not fit in " +
                       narrow);
  std::optional<SmallVector<Bdd>> ofWide =
      partsOf(sw, wide, wideParts, wideLabels, where, Truncation::Refuse);
  if (!ofWide)
    return std::nullopt;
  Bdd outside = ofWide->back();
  if (outside == BddManager::False) {
    ofWide->pop_back();
    return ofWide;
  }
  std::optional<SmallVector<Bdd>> own =
      partsOf(sw, x, parts, labels, where, Truncation::OwnCells);
  if (!own)
    return std::nullopt;
  SmallVector<Bdd> out;
  for (unsigned j = 0, e = parts.size(); j < e; ++j)
    out.push_back(bdd.disj((*ofWide)[j], bdd.conj(outside, (*own)[j])));
  return out;
}

llvm::BitVector ConditionTable::labelsTaken(const SwitchCode &code, Bdd paths) {
  // Each value of the code some path allows, its bits from the highest
  // down, cutting off a prefix no path allows: a walk over the labels
  // taken, not over every value.
  unsigned numLabels = code.labels.size(), numBits = code.vars.size();
  llvm::BitVector taken(numLabels);
  SmallVector<std::tuple<Bdd, unsigned, uint64_t>> work{{paths, 0, 0}};
  while (!work.empty()) {
    auto [f, depth, prefix] = work.pop_back_val();
    if (f == BddManager::False)
      continue;
    if (depth == numBits) {
      taken.set(std::min<uint64_t>(prefix, numLabels - 1));
      continue;
    }
    Bdd v = bdd.var(code.vars[depth]);
    work.push_back({bdd.conj(f, bdd.negate(v)), depth + 1, prefix << 1});
    work.push_back({bdd.conj(f, v), depth + 1, prefix << 1 | 1});
  }
  return taken;
}

Message ConditionTable::wordCode(const SwitchCode &code,
                                 const llvm::BitVector &allowed) const {
  unsigned numLabels = code.labels.size();
  unsigned numAllowed = allowed.count();
  if (numAllowed == numLabels)
    return "";
  // The first `limit` labels that are (or are not) taken, joined with
  // "or"; past the limit, how many more.
  auto listOf = [&](bool wanted, unsigned limit) {
    Message out;
    unsigned n = wanted ? numAllowed : numLabels - numAllowed;
    unsigned shown = std::min(n, limit), done = 0;
    for (unsigned i = 0; i < numLabels && done < shown; ++i) {
      if (allowed.test(i) != wanted)
        continue;
      if (done)
        out += done + 1 == shown && shown == n ? " or " : ", ";
      out += code.labels[i];
      ++done;
    }
    if (shown < n)
      out += " or one of " + std::to_string(n - shown) + " more";
    return out;
  };
  constexpr unsigned Named = 6;
  if (numAllowed > Named && numLabels - numAllowed <= 3)
    return code.where + " does not take " + listOf(false, Named);
  return code.where + " takes " + listOf(true, Named);
}

} // namespace memlint
