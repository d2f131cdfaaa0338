//===- RangeSolver.cpp - Upstream's range analysis, made safe -------------===//
//
// The data-flow solver IntegerFacts reads integer ranges from: upstream's
// IntegerRangeAnalysis and constant propagation, with the loops and ops
// they would read wrongly left out. Cut from IntegerFacts.cpp.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/RangeSolver.h"
#include "analysis/Ownership.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"

using namespace mlir;

namespace memlint {

namespace {
/// Loops whose induction variable upstream's IntegerRangeAnalysis bounds
/// correctly: it takes [lower, upper - 1] in the signed order, assuming a
/// positive step. That is wrong for an scf.for with `unsignedCmp` (an upper
/// bound of -1 runs to 2^64 - 2) and for loops of other dialects that may
/// count down. An affine.for with a bound that is not a constant crashes it
/// (LLVM 22: `mlir-opt --int-range-optimizations` on
/// `affine.for %j = 0 to %n {}`).
bool rangeAnalysisKnowsLoop(Operation *op) {
  if (auto f = dyn_cast<scf::ForOp>(op))
    return !f.getUnsignedCmp();
  if (auto f = dyn_cast<affine::AffineForOp>(op))
    return f.hasConstantLowerBound() && f.hasConstantUpperBound();
  return isa<scf::ParallelOp, scf::ForallOp, affine::AffineParallelOp>(op);
}

/// Upstream's range analysis, except for the induction variables of the
/// loops it would bound wrongly or crash on (rangeAnalysisKnowsLoop): any
/// value. Declining the whole function instead left every function with
/// such a loop (`affine.for %j = 0 to %n`, what tiling and unrolling
/// leave) without integer facts (helper-77 class F).
class LoopSafeRanges : public dataflow::IntegerRangeAnalysis {
public:
  using IntegerRangeAnalysis::IntegerRangeAnalysis;

  void visitNonControlFlowArguments(
      Operation *op, const RegionSuccessor &successor,
      ArrayRef<dataflow::IntegerValueRangeLattice *> argLattices,
      unsigned firstIndex) override {
    if (isa<LoopLikeOpInterface>(op) && !rangeAnalysisKnowsLoop(op)) {
      // An affine.for counts up from a constant lower bound, whatever its
      // upper one.
      auto f = dyn_cast<affine::AffineForOp>(op);
      if (f && f.hasConstantLowerBound() && argLattices.size() == 1) {
        unsigned w = IndexType::kInternalStorageBitWidth;
        ConstantIntRanges from = ConstantIntRanges::fromSigned(
            APInt(w, f.getConstantLowerBound(), /*isSigned=*/true),
            APInt::getSignedMaxValue(w));
        dataflow::IntegerValueRangeLattice *iv = argLattices.front();
        propagateIfChanged(iv, iv->join(IntegerValueRange(from)));
        return;
      }
      for (dataflow::IntegerValueRangeLattice *lattice : argLattices)
        setToEntryState(lattice);
      return;
    }
    IntegerRangeAnalysis::visitNonControlFlowArguments(op, successor,
                                                       argLattices, firstIndex);
  }
};

/// SparseConstantPropagation without folding. DeadCodeAnalysis reads a
/// constant state for every operand of a branch; IntegerRangeAnalysis gives
/// integer values theirs (a one-value range is a constant), so only other
/// values need one, and since they are not integers no branch memlint
/// follows depends on their value: unknown. Upstream's passes load
/// SparseConstantPropagation itself, which folds every op with constant
/// operands; a fold may update the op in place (cmpi moving a constant to
/// the right, a memref.cast folded into its user) and is undone afterwards,
/// which still reorders use lists. memlint never writes to the IR it lints:
/// in mlir-opt it belongs to the pipeline.
class UnfoldedConstants : public dataflow::SparseConstantPropagation {
public:
  using SparseConstantPropagation::SparseConstantPropagation;

  LogicalResult visitOperation(
      Operation *op,
      ArrayRef<const dataflow::Lattice<dataflow::ConstantValue> *>,
      ArrayRef<dataflow::Lattice<dataflow::ConstantValue> *> results) override {
    for (auto [r, lattice] : llvm::zip(op->getResults(), results))
      if (ConstantIntRanges::getStorageBitwidth(r.getType()) == 0)
        setToEntryState(lattice);
    return success();
  }
};

} // namespace

/// Whether `op` hands an integer its regions yield out as a result of
/// another type (`async.execute` yielding an i1 as `!async.value<i1>`):
/// upstream's range analysis then gives that result the integer's range
/// and, where it is one value, dies making a constant of the result's type
/// (LLVM ERROR, abort; helper-79). Results matched to the yielded operands
/// by position where their counts agree; otherwise any result not of an
/// integer, index, float, memref or shaped type counts.
bool yieldsIntoOtherTypes(Operation *op) {
  if (!isa<RegionBranchOpInterface>(op) || op->getNumResults() == 0)
    return false;
  auto integer = [](Type t) {
    return ConstantIntRanges::getStorageBitwidth(t) != 0;
  };
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>())
        continue;
      Operation *term = &block.back();
      if (!isa<RegionBranchTerminatorOpInterface>(term) ||
          llvm::none_of(term->getOperandTypes(), integer))
        continue;
      if (term->getNumOperands() == op->getNumResults()) {
        for (auto [yielded, result] :
             llvm::zip(term->getOperandTypes(), op->getResultTypes()))
          if (integer(yielded) && yielded != result)
            return true;
        continue;
      }
      if (llvm::any_of(op->getResultTypes(), [&](Type t) {
            return !integer(t) &&
                   !isa<FloatType, BaseMemRefType, ShapedType>(t);
          }))
        return true;
    }
  return false;
}

std::unique_ptr<DataFlowSolver> solveRanges(Operation *fn) {
  auto s = std::make_unique<DataFlowSolver>(
      DataFlowConfig().setInterprocedural(false));
  s->load<dataflow::DeadCodeAnalysis>();
  s->load<UnfoldedConstants>();
  s->load<LoopSafeRanges>();
  if (failed(s->initializeAndRun(fn)))
    return nullptr;
  return s;
}

} // namespace memlint
