//===- PureFunctions.cpp - Results that only the arguments decide --------===//
//
// C-derived and hand-written IR asks a helper the same question twice: a
// bounds or shape check called before an allocation and again before its
// free (`%c1 = call @fits(%n)` ... `%c2 = call @fits(%n)`). As two atoms,
// every path where they differ (which no run takes) had a leak and a double
// free. A call of a pure function is a pure op to SameValues: the same
// callee on the same operands gives the same results.
//
// Pure: no op of the body has a memory effect (a read neither: memory may
// change between the calls) or may give another value per run (undef,
// freeze), and every call in it calls a pure function. Found for the whole
// module at once, as a reachability over the call graph: a function is
// impure when its own ops are, or when it calls (through any chain) one
// that is. Recursion alone leaves a function pure: a run that returns
// computed its results from its arguments all the same.
//
//===----------------------------------------------------------------------===//
#include "analysis/lifetime/ModuleLifetimes.h"

#include "analysis/lifetime/SameValues.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace memlint {

bool ModuleLifetimes::callsPureFunction(Operation *op) {
  auto call = dyn_cast<CallOpInterface>(op);
  if (!call)
    return false;
  FunctionOpInterface callee = calleeOf(call);
  if (!callee)
    return false;
  if (const FunctionSummary *preset = presetSummaryOf(callee))
    return preset->pure;
  return !callee.isExternal() && isPureFunction(callee);
}

bool replaceableAtLinkTime(FunctionOpInterface fn) {
  auto linkage = fn->getAttrOfType<LLVM::LinkageAttr>("linkage");
  if (!linkage)
    return false;
  switch (linkage.getLinkage()) {
  case LLVM::Linkage::Weak:
  case LLVM::Linkage::Linkonce:
  case LLVM::Linkage::Common:
  case LLVM::Linkage::ExternWeak:
    return true;
  default:
    return false;
  }
}

bool ModuleLifetimes::isPureFunction(FunctionOpInterface fn) {
  std::lock_guard<std::mutex> guard(lock);
  if (!impure) {
    impure.emplace();
    // Per function, its callers with bodies; the worklist spreads
    // impurity from the functions impure by their own ops to them.
    llvm::DenseMap<Operation *, SmallVector<Operation *>> callers;
    SmallVector<Operation *> work;
    for (FunctionOpInterface f : funcs) {
      bool own = replaceableAtLinkTime(f);
      f.getFunctionBody().walk([&](Operation *op) {
        if (own)
          return WalkResult::interrupt();
        if (auto call = dyn_cast<CallOpInterface>(op)) {
          FunctionOpInterface callee = calleeOfLocked(call);
          if (callee && !callee.isExternal()) {
            callers[callee.getOperation()].push_back(f.getOperation());
            return WalkResult::advance();
          }
          const FunctionSummary *preset =
              callee ? presetSummaryOf(callee) : nullptr;
          own = !preset || !preset->pure;
        } else {
          // Ops whose effects are those of the ops they hold are judged
          // by those ops, which the walk visits too.
          own = mayDifferPerRun(op) ||
                (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
                 !isMemoryEffectFree(op));
        }
        return own ? WalkResult::interrupt() : WalkResult::advance();
      });
      if (own && impure->insert(f.getOperation()).second)
        work.push_back(f.getOperation());
    }
    while (!work.empty()) {
      Operation *f = work.pop_back_val();
      for (Operation *caller : callers.lookup(f))
        if (impure->insert(caller).second)
          work.push_back(caller);
    }
  }
  // A body outside the analysed root was never looked at: not pure.
  return functionIndex.count(fn.getOperation()) &&
         !impure->contains(fn.getOperation());
}

} // namespace memlint
