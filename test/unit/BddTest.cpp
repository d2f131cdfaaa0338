#include "analysis/lifetime/Bdd.h"

#include <atomic>
#include <bitset>
#include <gtest/gtest.h>
#include <map>
#include <random>
#include <string>

using namespace memlint;

TEST(BddTest, CanonicalForms) {
  BddManager m;
  Bdd x = m.var(m.newVar()), y = m.var(m.newVar());
  EXPECT_EQ(m.conj(x, y), m.conj(y, x));
  EXPECT_EQ(m.negate(m.conj(x, y)), m.disj(m.negate(x), m.negate(y)));
  EXPECT_EQ(m.disj(x, m.negate(x)), BddManager::True);
  EXPECT_EQ(m.conj(x, m.negate(x)), BddManager::False);
  EXPECT_EQ(m.xorOf(x, x), BddManager::False);
  EXPECT_EQ(m.ite(x, y, y), y);
}

TEST(BddTest, Quantifiers) {
  BddManager m;
  unsigned vx = m.newVar(), vy = m.newVar();
  Bdd x = m.var(vx), y = m.var(vy);
  auto isX = [&](unsigned v) { return v == vx; };
  EXPECT_EQ(m.exists(m.conj(x, y), isX), y);
  EXPECT_EQ(m.forall(m.conj(x, y), isX), BddManager::False);
  EXPECT_EQ(m.forall(m.disj(x, y), isX), y);
  EXPECT_TRUE(m.implies(m.conj(x, y), x));
  EXPECT_FALSE(m.implies(x, m.conj(x, y)));
}

TEST(BddTest, ShortestCubeSatisfies) {
  BddManager m;
  unsigned a = m.newVar(), b = m.newVar(), c = m.newVar();
  Bdd f = m.disj(m.conj(m.var(a), m.var(b)), m.negate(m.var(c)));
  auto cube = m.shortestCube(f);
  ASSERT_FALSE(cube.empty());
  EXPECT_LE(cube.size(), 2u);
  Bdd lits = BddManager::True;
  for (auto [v, val] : cube)
    lits = m.conj(lits, val ? m.var(v) : m.negate(m.var(v)));
  EXPECT_TRUE(m.implies(lits, f));
  EXPECT_TRUE(m.shortestCube(BddManager::False).empty());
}

TEST(BddTest, RenameToAdjacentCopiesMatchesCompose) {
  BddManager m;
  unsigned a = m.newVar(), b = m.newVar(), c = m.newVar();
  unsigned a1 = m.newVarAfter(a), b1 = m.newVarAfter(b);
  // f mentions both the originals and (for b) the copy already.
  Bdd f = m.disj(m.conj(m.var(a), m.negate(m.var(b1))),
                 m.xorOf(m.var(b), m.var(c)));
  Bdd expected = m.compose(m.compose(f, a, m.var(a1)), b, m.var(b1));
  Bdd got = m.rename(f, [&](unsigned v) {
    return v == a ? a1 : v == b ? b1 : v;
  });
  EXPECT_EQ(got, expected);
  // Identity renaming changes nothing.
  EXPECT_EQ(m.rename(f, [](unsigned v) { return v; }), f);
}

TEST(BddTest, VarAfterIsOrderedBetweenNeighbours) {
  BddManager m;
  unsigned a = m.newVar(), b = m.newVar();
  unsigned a1 = m.newVarAfter(a), a2 = m.newVarAfter(a);
  unsigned a11 = m.newVarAfter(a1);
  // Each goes right after what it copies: a < a2 < a1 < a11 < b. A
  // conjunction of all five is one chain in that order.
  Bdd f = m.conj(m.conj(m.var(b), m.var(a2)),
                 m.conj(m.conj(m.var(a1), m.var(a11)), m.var(a)));
  auto cube = m.shortestCube(f);
  ASSERT_EQ(cube.size(), 5u);
  EXPECT_EQ(cube[0].first, a);
  EXPECT_EQ(cube[1].first, a2);
  EXPECT_EQ(cube[2].first, a1);
  EXPECT_EQ(cube[3].first, a11);
  EXPECT_EQ(cube[4].first, b);
}

// A copy of a copy is placed where another copy of the original may be
// (v's second copy and the copy of v's first copy): they must still be two
// variables. Sharing a level, the operations took a cofactor by the one
// for the other (the restrict of a join came out wrong, and a loop nest's
// fixpoint in upstream's lowered output never settled).
TEST(BddTest, CopiesOfCopiesAreDistinctVariables) {
  BddManager m;
  unsigned v = m.newVar();
  unsigned v1 = m.newVarAfter(v), v2 = m.newVarAfter(v);
  unsigned v11 = m.newVarAfter(v1);
  Bdd x = m.var(v2), y = m.var(v11);
  EXPECT_NE(m.conj(x, m.negate(y)), BddManager::False);
  EXPECT_NE(m.conj(m.negate(x), y), BddManager::False);
  EXPECT_NE(m.conj(x, y), x);
  EXPECT_NE(m.disj(x, y), x);
  // restrict agrees with its argument wherever the care set holds.
  Bdd care = m.disj(m.var(v), y);
  Bdd f = m.xorOf(x, m.conj(y, m.var(v1)));
  EXPECT_EQ(m.conj(m.restrict(f, care), care), m.conj(f, care));
}

// Copies of one variable halve the room after it; past that they go last.
// Every one of them stays a variable of its own.
TEST(BddTest, ManyCopiesStayDistinct) {
  BddManager m;
  unsigned v = m.newVar(), w = m.newVar();
  std::vector<unsigned> copies;
  for (int i = 0; i < 80; ++i)
    copies.push_back(m.newVarAfter(i % 2            ? v
                                   : copies.empty() ? v
                                                    : copies.back()));
  Bdd all = m.var(w);
  for (unsigned c : copies) {
    EXPECT_NE(m.conj(m.var(c), m.negate(m.var(v))), BddManager::False);
    all = m.conj(all, m.var(c));
  }
  // A conjunction of distinct variables is a chain of all of them.
  EXPECT_EQ(m.shortestCube(all).size(), copies.size() + 1);
}

// Thousands of random formulas over 10 variables: enough nodes and
// operations to grow the unique table and to make the lossy computed table
// overwrite entries. Every diagram must still match its truth table, and
// equal functions must get equal ids.
TEST(BddTest, RandomFormulasMatchTruthTablesThroughTableGrowth) {
  constexpr unsigned Vars = 10, Rows = 1u << Vars;
  BddManager m;
  std::vector<Bdd> vars;
  for (unsigned i = 0; i < Vars; ++i)
    vars.push_back(m.var(m.newVar()));
  // The value of diagram `f` under the assignment `row` (bit i: var i),
  // read by restricting with a full minterm.
  auto eval = [&](Bdd f, unsigned row) {
    Bdd cube = BddManager::True;
    for (unsigned i = 0; i < Vars; ++i)
      cube = m.conj(cube, (row >> i) & 1 ? vars[i] : m.negate(vars[i]));
    return m.conj(f, cube) != BddManager::False;
  };
  using Table = std::bitset<Rows>;
  std::vector<std::pair<Bdd, Table>> pool;
  for (unsigned i = 0; i < Vars; ++i) {
    Table t;
    for (unsigned row = 0; row < Rows; ++row)
      t[row] = (row >> i) & 1;
    pool.push_back({vars[i], t});
  }
  std::mt19937 rng(7);
  std::map<std::string, Bdd> idOf; // truth table -> the id it first got
  for (unsigned step = 0; step < 3000; ++step) {
    auto &[a, ta] = pool[rng() % pool.size()];
    auto &[b, tb] = pool[rng() % pool.size()];
    Bdd f;
    Table t;
    switch (rng() % 4) {
    case 0:
      f = m.conj(a, b), t = ta & tb;
      break;
    case 1:
      f = m.disj(a, b), t = ta | tb;
      break;
    case 2:
      f = m.xorOf(a, b), t = ta ^ tb;
      break;
    default:
      f = m.negate(a), t = ~ta;
      break;
    }
    auto [it, fresh] = idOf.insert({t.to_string(), f});
    ASSERT_EQ(it->second, f) << "two ids for one function at step " << step;
    if (fresh)
      pool.push_back({f, t});
  }
  EXPECT_GT(m.size(), 4096u); // the tables grew several times
  for (unsigned k = 0; k < 40; ++k) {
    auto &[f, t] = pool[rng() % pool.size()];
    for (unsigned row = 0; row < Rows; row += 7)
      ASSERT_EQ(eval(f, row), bool(t[row]));
  }
}

// restrict() may return any diagram that agrees with f on the care set, but
// it must agree there exactly, and it must drop what the care set already
// decides.
TEST(BddTest, RestrictAgreesOnTheCareSet) {
  BddManager m;
  std::vector<Bdd> vars;
  for (unsigned i = 0; i < 8; ++i)
    vars.push_back(m.var(m.newVar()));
  std::mt19937 rng(11);
  std::vector<Bdd> pool(vars);
  for (unsigned i = 0; i < 400; ++i) {
    Bdd a = pool[rng() % pool.size()], b = pool[rng() % pool.size()];
    pool.push_back(rng() % 2 ? m.conj(a, b) : m.disj(a, m.negate(b)));
  }
  for (unsigned i = 0; i < 2000; ++i) {
    Bdd f = pool[rng() % pool.size()], care = pool[rng() % pool.size()];
    Bdd r = m.restrict(f, care);
    ASSERT_EQ(m.conj(r, care), m.conj(f, care));
  }
  // The path (x0 AND x1) decides x0 and x1: only x2 is left.
  Bdd path = m.conj(vars[0], vars[1]);
  EXPECT_EQ(m.restrict(m.conj(path, vars[2]), path), vars[2]);
  EXPECT_EQ(m.restrict(path, path), BddManager::True);
  EXPECT_EQ(m.restrict(vars[3], BddManager::True), vars[3]);
}

// cubeWithin names a path of the care set on which f holds, and keeps no
// literal the care set already decides (what a path explanation must not
// repeat).
TEST(BddTest, CubeWithinDropsWhatTheCareSetDecides) {
  BddManager m;
  std::vector<Bdd> vars;
  for (unsigned i = 0; i < 6; ++i)
    vars.push_back(m.var(m.newVar()));
  // At the exit of `while (c) {...}` c is false on every path: a leak on
  // the paths where the body ran (x1) is named by x1 alone.
  Bdd exit = m.negate(vars[0]);
  Bdd leak = m.conj(exit, vars[1]);
  auto cube = m.cubeWithin(leak, exit);
  ASSERT_EQ(cube.size(), 1u);
  EXPECT_EQ(cube[0], std::make_pair(1u, true));
  EXPECT_TRUE(m.cubeWithin(exit, exit).empty());
  EXPECT_TRUE(m.cubeWithin(BddManager::False, exit).empty());

  std::mt19937 rng(5);
  std::vector<Bdd> pool(vars);
  for (unsigned i = 0; i < 300; ++i) {
    Bdd a = pool[rng() % pool.size()], b = pool[rng() % pool.size()];
    pool.push_back(rng() % 2 ? m.conj(a, b) : m.disj(a, m.negate(b)));
  }
  for (unsigned i = 0; i < 1000; ++i) {
    Bdd care = pool[rng() % pool.size()];
    Bdd f = m.conj(pool[rng() % pool.size()], care);
    if (f == BddManager::False)
      continue;
    auto c = m.cubeWithin(f, care);
    Bdd within = m.conj(m.cubeOf(c), care);
    ASSERT_NE(within, BddManager::False);
    ASSERT_TRUE(m.implies(within, f));
    for (size_t j = 0; j < c.size(); ++j) {
      auto rest = c;
      rest.erase(rest.begin() + j);
      ASSERT_FALSE(m.implies(m.conj(m.cubeOf(rest), care), f));
    }
  }
}

// A cancelled analysis stops within a few thousand operations, as one out
// of budget does (the editor's text changed under a long function).
TEST(BddTest, CancelledStopsWithinAPoll) {
  std::atomic<bool> cancelled{false};
  BddBudget budget;
  budget.cancelled = &cancelled;
  BddManager m;
  m.setBudget(budget);
  for (unsigned i = 0; i < 3 * (BddManager::CancelPollMask + 1); ++i)
    m.charge();
  EXPECT_FALSE(m.exhausted());
  cancelled = true;
  for (unsigned i = 0; i <= BddManager::CancelPollMask; ++i)
    m.charge();
  EXPECT_TRUE(m.exhausted());
}
