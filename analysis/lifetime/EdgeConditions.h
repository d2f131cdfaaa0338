//===- EdgeConditions.h - On which paths each edge is taken -----*- C++ -*-===//
//
// The condition of each outgoing edge of a branch: cf.cond_br and scf.if
// follow their i1 operand, cf.switch and scf.index_switch compare against
// their cases (as questions on the selector's value, ConditionTable::valueIn),
// scf.condition decides between the loop body and the exit, a
// loop may run zero times, an affine.if whose integer set IntegerFacts
// decides takes one region, and ops that do not say how they choose get one
// opaque choice atom per alternative. The conditions of one op's edges are
// disjoint and cover every path, except where noted.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_EDGECONDITIONS_H
#define MEMLINT_ANALYSIS_LIFETIME_EDGECONDITIONS_H

#include "analysis/lifetime/BranchForms.h"
#include "analysis/lifetime/Context.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include <map>
#include <string>

namespace memlint::lifetime {

class EdgeConditions {
public:
  explicit EdgeConditions(FunctionContext &ctx) : ctx(ctx) {}

  /// Per successor of a block terminator.
  std::vector<Bdd> ofBranch(mlir::Operation *term);
  /// Per entry successor of a region op (a RegionBranchOpInterface op, or
  /// one whose bodies repeat: RepeatedBodies.h).
  std::vector<Bdd> ofRegionEntry(mlir::Operation *op,
                                 llvm::ArrayRef<mlir::RegionSuccessor> succs);
  /// Per successor of a region terminator. In a loop (`inLoop`) both the
  /// repeating and the exiting edge keep every path: neither excludes the
  /// other over the whole loop.
  std::vector<Bdd>
  ofRegionTerminator(mlir::Operation *term, bool inLoop,
                     llvm::ArrayRef<mlir::RegionSuccessor> succs);
  /// The bookkeeping atom "this is the first iteration of the loop whose
  /// head starts with `keyOp`", one per loop; `place` says where the loop
  /// is (asked once, when the atom is made).
  Bdd firstIteration(mlir::Operation *keyOp,
                     llvm::function_ref<ConditionTable::LoopPlace()> place);
  /// "Region `idx` of `op` runs", for an op with several regions that
  /// does not say which of them run (an unregistered op): a data atom, as
  /// the op may decide from anything, memory included.
  Bdd opaqueRegionRuns(mlir::Operation *op, unsigned idx);

private:
  /// The atom of choice `idx` of `op`, made once.
  Bdd choice(mlir::Operation *op, unsigned idx, Message whenTrue,
             Message whenFalse, bool data = false);
  /// Conditions for n alternatives nobody tells us how to choose between.
  std::vector<Bdd> opaque(mlir::Operation *op, unsigned n);
  /// "Switch `op` takes its case `idx`" (`selector` equals `value`), made
  /// once: a question on the selector's cells, so switches and comparisons
  /// of one value with constants relate.
  /// `numCases`: how many cases `op` has (taking none is its default).
  Bdd caseTaken(mlir::Operation *op, unsigned idx, unsigned numCases,
                mlir::Value selector, const llvm::APInt &value,
                llvm::StringRef what);
  /// Per case of `op` (a switch on `selector` with case `values`), then
  /// for its default, the paths that take it: codedCases where it reads
  /// them, else case by case (caseTaken), each where none before it is.
  llvm::SmallVector<Bdd> casesTaken(mlir::Operation *op, mlir::Value selector,
                                    llvm::ArrayRef<llvm::APInt> values,
                                    llvm::StringRef what);
  /// Per case of `op`, then for its default, the paths that take it, as
  /// ConditionTable::casesOfSwitch reads a switch of at least
  /// MinCodedCases cases (made once); nullopt where it reads none, or the
  /// cases are few (each an atom then, worded case by case).
  std::optional<llvm::SmallVector<Bdd>>
  codedCases(mlir::Operation *op, mlir::Value selector,
             llvm::ArrayRef<llvm::APInt> values, llvm::StringRef what);
  static constexpr unsigned MinCodedCases = 8;
  std::vector<Bdd> ofSwitch(mlir::Operation *term, const SwitchForm &sw);
  /// "The set of `op` holds": the conjunction of its constraints, made
  /// once per integer set and operands, so two affine.ifs asking the same
  /// question take the same branch.
  Bdd affineSetHolds(mlir::affine::AffineIfOp op);
  /// The paths on which an affine.for runs at least once; `made` makes an
  /// atom of its own where its bounds are not a constant or an operand.
  Bdd affineForRuns(mlir::affine::AffineForOp f,
                    llvm::function_ref<Bdd()> made);
  /// Constraint `i` of `op`'s set: a comparison of one operand with a
  /// constant (`d0 - 1 >= 0`) or of two operands (`d0 - s0 == 0`) is a
  /// question on their cells, as the same arith.cmpi would be; any other
  /// is `atom`.
  Bdd constraintHolds(mlir::affine::AffineIfOp op, unsigned i,
                      llvm::function_ref<Bdd()> atom);
  std::vector<Bdd> ofIndexSwitch(mlir::Operation *op,
                                 llvm::ArrayRef<mlir::RegionSuccessor> succs);
  /// The entry of an op with one i1 operand that decides it (the op's
  /// getEntrySuccessorRegions with that operand constant gives one region
  /// for true, another for false): that operand, or its negation; nullopt
  /// for any other op.
  std::optional<std::vector<Bdd>>
  ofI1Operand(mlir::RegionBranchOpInterface op,
              llvm::ArrayRef<mlir::RegionSuccessor> succs);

  FunctionContext &ctx;
  llvm::DenseMap<std::pair<mlir::Operation *, unsigned>, Bdd> choices;
  llvm::DenseMap<std::pair<mlir::Operation *, unsigned>, Bdd> cases;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<Bdd>> coded;
  std::map<std::pair<const void *, std::vector<const void *>>, Bdd> affineSets;
};

} // namespace memlint::lifetime

#endif
