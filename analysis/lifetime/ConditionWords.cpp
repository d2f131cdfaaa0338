//===- ConditionWords.cpp - Path conditions in words ----------------------===//
//
// How ConditionTable words a path for a finding: the cube of atoms that
// leads to an event (pathOf), each literal in words (which branch, which
// case, how often a loop runs), and the whole as one phrase (describe).
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/Conditions.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace memlint {

Message ConditionTable::describe(Bdd cond, Bdd reach, Operation *at) {
  if (bdd.conj(cond, reach) == BddManager::False)
    reach = BddManager::True; // not on a path reaching `at`: word it alone
  Cube cube = pathOf(cond, reach);
  // A switch that takes none of its cases takes its default: one phrase.
  DenseMap<Operation *, unsigned> casesNotTaken;
  for (auto [var, val] : cube)
    if (Operation *sw = atoms[var].caseOf; sw && !val)
      ++casesNotTaken[sw];
  // A switch's code (SwitchCodes.cpp) is worded once, by the cases the
  // described paths take: the cube alone may leave out what `reach`
  // implies ("not case 8" where only case 3 reaches `at`).
  Bdd described = bdd.conj(bdd.conj(cond, reach), bdd.cubeOf(cube));
  llvm::SmallDenseSet<unsigned, 2> codesWorded;
  Message out;
  for (auto [var, val] : cube) {
    Message words;
    Operation *sw = val ? nullptr : atoms[var].caseOf;
    auto cases = sw ? switchCases.find(sw) : switchCases.end();
    if (std::optional<unsigned> set = atoms[var].codeSet) {
      if (!codesWorded.insert(*set).second)
        continue;
      words = wordCode(codes[*set], labelsTaken(codes[*set], described));
    } else if (cases != switchCases.end() &&
               casesNotTaken.lookup(sw) == cases->second.first) {
      words = cases->second.second;
      casesNotTaken[sw] = 0; // worded once
    } else if (sw && casesNotTaken.lookup(sw) == 0) {
      continue;
    } else {
      words = wordLiteral(cube, var, val, at);
    }
    if (words.empty())
      continue;
    if (!out.empty())
      out += " and ";
    out += words;
  }
  return out;
}

ConditionTable::Cube ConditionTable::pathOf(Bdd cond, Bdd reach) {
  // Values of earlier iterations are no SSA value one can point at: name
  // the paths that, for some of their values, lead to the event. Leaving a
  // loop drops them from the path, so how they relate to the other atoms
  // is often gone: "for every value" would count combinations no run takes.
  auto earlier = [this](unsigned v) { return isEarlierCopy(v); };
  Bdd care = bdd.exists(reach, earlier);
  Cube some = bdd.cubeWithin(bdd.exists(bdd.conj(cond, reach), earlier), care);
  if (!some.empty())
    return some;
  // That would be every path reaching `at`. Unless it is, find a path on
  // which it happens whatever earlier iterations' values were (which
  // iteration an earlier one was is bookkeeping: any will do)...
  auto bookkeeping = [this](unsigned v) {
    return isEarlierCopy(v) && atoms[v].loopPlace.has_value();
  };
  Bdd reached = bdd.exists(reach, bookkeeping);
  Bdd happens = bdd.exists(bdd.conj(cond, reach), bookkeeping);
  Bdd sure = bdd.conj(
      bdd.forall(bdd.disj(bdd.negate(reached), happens), earlier), care);
  if (sure != BddManager::False)
    return bdd.cubeWithin(sure, care);
  // ...or name the values of earlier iterations it needs.
  return bdd.cubeWithin(happens, reached);
}

std::optional<bool> ConditionTable::runsLiteral(const Cube &cube,
                                                Operation *loop) const {
  for (auto [var, val] : cube)
    if (loop && atoms[var].runsOf == loop)
      return val;
  return std::nullopt;
}

bool ConditionTable::wordsRunCount(const Atom &a, Operation *at) const {
  const LoopPlace &p = places[*a.loopPlace];
  return !p.testFirst && !p.contains(at);
}

Message ConditionTable::wordFirstIteration(const Cube &cube, const Atom &a,
                                           bool val, Operation *at) {
  const LoopPlace &p = places[*a.loopPlace];
  // Inside the loop the atom tells this iteration from later ones.
  if (p.contains(at))
    return p.name + (val ? " is in its first iteration"
                         : " is past its first iteration");
  // After it, whether it ever went round: for a while loop, whether the
  // body ran; otherwise whether the head ran more than once.
  // Constant bounds: it runs as often on every path, so how often says
  // nothing (where one earlier instance cannot follow what an iteration
  // count decides, as a swap's parity, the model keeps a path for "at most
  // once": that path stands for the others, it is no run of its own).
  if (p.runsSeveralTimes)
    return "";
  if (!wordsRunCount(a, at))
    return p.name + (val ? " runs zero times" : " runs at least once");
  std::optional<bool> runs = runsLiteral(cube, p.where);
  if (runs == false)
    return ""; // "runs zero times" says it all
  if (runs == true)
    return p.name + (val ? " runs exactly once" : " runs more than once");
  return p.name + (val ? " runs at most once" : " runs more than once");
}

Message ConditionTable::wordLiteral(const Cube &cube, unsigned var, bool val,
                                    Operation *at) {
  const Atom &a = atoms[var];
  // Worded alone: the other literals speak of the current iteration.
  if (a.earlierOf)
    return wordLiteral(Cube(), *a.earlierOf, val, nullptr) +
           " in an earlier iteration of the loop at " +
           (a.copyLoopOp ? positionOf(a.copyLoopOp) : Message("?"));
  if (a.loopPlace)
    return wordFirstIteration(cube, a, val, at);
  if (a.codeSet)
    return wordCode(codes[*a.codeSet],
                    labelsTaken(codes[*a.codeSet], bdd.cubeOf({{var, val}})));
  // Outside a loop that tests before each iteration, its first-iteration
  // atom says whether it ran ("runs zero times"): "the loop runs" (its
  // test asked of values fixed before it) says it again.
  if (a.runsOf)
    for (auto [other, otherVal] : cube) {
      const Atom &o = atoms[other];
      if (o.loopPlace && places[*o.loopPlace].where == a.runsOf &&
          !wordsRunCount(o, at) && !places[*o.loopPlace].contains(at))
        return "";
    }
  // "The loop runs" and "it runs more than once" read as one phrase.
  if (a.runsOf && val)
    for (auto [other, otherVal] : cube) {
      const Atom &o = atoms[other];
      if (o.loopPlace && places[*o.loopPlace].where == a.runsOf &&
          wordsRunCount(o, at))
        return "";
    }
  if (a.value)
    return namer(a.value) + (val ? " is true" : " is false");
  return val ? a.whenTrue : a.whenFalse;
}

} // namespace memlint
