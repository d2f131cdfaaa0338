//===- LiftedForms.h - The shapes -lift-cf-to-scf writes --------*- C++ -*-===//
//
// -lift-cf-to-scf turns a CFG loop into an scf.while whose test is a flag
// yielded by an scf.if, and -convert-scf-to-cf lowers that again into a
// join block the loop's latch and exit both enter, branching back on a
// flag argument. The loop counters (CarriedCounters.cpp) read through
// these shapes: what the flag is, which entries of the join take the back
// edge, and what a value is on that edge.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_LIFTEDFORMS_H
#define MEMLINT_ANALYSIS_LIFETIME_LIFTEDFORMS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Value.h"

namespace memlint {

/// `v`, or the one value from outside the op that every region of the
/// scf.if (with an else) or scf.index_switch making it yields for it:
/// -lift-cf-to-scf writes such an scf.if for a join both of whose edges
/// pass the counter (canonicalize would fold it).
mlir::Value throughSameYields(mlir::Value v);

/// The condition of the scf.if that yields `test` (an i1, or an integer
/// an `arith.trunci` takes the i1 of) as a constant per branch, where the
/// two differ in their low bit: what -lift-cf-to-scf writes for a loop's
/// test (`scf.if %cmp -> 1 else 0`, `trunci`; or `-> true else false`,
/// the flag beside the value an scf.while forwards). `negated` when the
/// then branch yields the even one.
mlir::Value liftedFlagCondition(mlir::Value test, bool &negated);

/// The comparison a loop's `condition` stands for: the one an scf.if
/// yielding it as a flag tests (liftedFlagCondition, `negated` as there),
/// else `condition` itself (`negated` false).
mlir::Value testOfCondition(mlir::Value condition, bool &negated);

/// What `v`, a result of an scf.if (with an else) on `test`, is where
/// `test` is `holds`: what the branch then taken yields for it (how
/// -lift-cf-to-scf passes on a loop's values, per way out of its test).
/// Null where `v` is no such result.
mlir::Value yieldedWhere(mlir::Value v, mlir::Value test, bool holds);

/// An scf.while's `before` region as -lift-cf-to-scf writes it: the
/// loop's body in an scf.if on its test (the region's only op with
/// regions), whose other way, without ops with regions, yields what
/// leaves the loop. The scf.if, and in `leavesOnFalse` whether that other
/// way is its else. Null otherwise.
mlir::scf::IfOp liftedTestIf(mlir::Region &head, bool &leavesOnFalse);

/// The flag a block's two-way terminator branches on, where it is (a
/// `trunci` of) an argument of that block or of one above it that alone
/// enters it (through blocks each entered from one block):
/// -lift-cf-to-scf's join of a loop's latch and exit, lowered again by
/// -convert-scf-to-cf (`^join(%next, 1)` from the latch, `^join(poison,
/// 0)` from the exit, then `cond_br (trunci %k), ^header(%v), ^exit`).
/// Null otherwise.
mlir::BlockArgument joinFlag(mlir::Block *block);

/// What the predecessor `it` of a block passes for its argument `index`
/// as it enters it, if it says.
mlir::Value passedOn(mlir::Block::pred_iterator it, unsigned index);

/// Whether an entry `it` into `flag`'s block may go on to the successor
/// `succ` of the block branching on it: not where it passes a constant
/// for the flag that takes the other way.
bool mayGoOnTo(mlir::BlockArgument flag, mlir::Block::pred_iterator it,
               unsigned succ);

/// What `v` is on the edge from `block` to its successor `succ`: where
/// the block branches on its joinFlag and `v` is an argument of the
/// flag's block, only the entries into that block whose flag takes the
/// edge can come before it; if they all pass one value for `v`, that
/// value. Else `v`.
mlir::Value onFlaggedEdge(mlir::Value v, mlir::Block *block, unsigned succ);

} // namespace memlint

#endif
