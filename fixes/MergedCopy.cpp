//===- MergedCopy.cpp - Merges proven on a copy of the function's IR -----===//
#include "fixes/MergedCopy.h"

#include "analysis/LifetimeAnalysis.h"
#include "analysis/lifetime/DeallocLibrary.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;

namespace memlint {

/// A module like the function's window: the file module's attributes, a
/// private declaration of each function `fn` references (as the window
/// writes them: name and type only). Null when `fn` references anything
/// but top-level functions.
static OwningOpRef<ModuleOp> windowModule(FunctionOpInterface fn,
                                          SymbolTable &file) {
  Operation *top = fn->getParentOp();
  OpBuilder builder(fn->getContext());
  OwningOpRef<ModuleOp> module = ModuleOp::create(builder.getUnknownLoc());
  module->getOperation()->setAttrs(top->getAttrDictionary());
  builder.setInsertionPointToEnd(module->getBody());
  llvm::DenseSet<Operation *> declared;
  bool onlyFunctions = true;
  fn->walk([&](Operation *inner) {
    for (NamedAttribute attr : inner->getAttrs())
      attr.getValue().walk([&](SymbolRefAttr ref) {
        Operation *target = file.lookup(ref.getRootReference());
        if (!target || target == fn.getOperation() ||
            !declared.insert(target).second)
          return;
        auto callee = dyn_cast<func::FuncOp>(target);
        if (!callee) {
          onlyFunctions = false;
          return;
        }
        auto decl =
            func::FuncOp::create(builder, callee.getLoc(), callee.getName(),
                                 callee.getFunctionType());
        decl.setPrivate();
      });
  });
  if (!onlyFunctions)
    return nullptr;
  return module;
}

MergedCopies::MergedCopies(
    FunctionOpInterface fn, SymbolTable &file,
    std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
    const Document &doc)
    : fn(fn), summaries(std::move(summaries)), doc(doc) {
  if (fn && fn->getParentOp() == file.getOp() &&
      !lifetime::hasDeallocLibrarySignature(fn))
    module = windowModule(fn, file);
}

MergedCopies::~MergedCopies() = default;

std::optional<MergeProofState>
MergedCopies::stateAfter(llvm::ArrayRef<MergePair> pairs) {
  if (!module)
    return std::nullopt;
  IRMapping map;
  Operation *copy = fn->clone(map);
  module->getBody()->push_back(copy);
  // The copy goes with this proof, whatever its outcome.
  llvm::scope_exit erase([&] { copy->erase(); });

  // What each later value becomes: its pair's earlier value, followed
  // through chains.
  llvm::DenseMap<Value, Value> becomes;
  auto rootOf = [&](Value v) {
    for (auto it = becomes.find(v); it != becomes.end(); it = becomes.find(v))
      v = it->second;
    return v;
  };
  llvm::SmallVector<Operation *> erased;
  for (const MergePair &pair : pairs) {
    Operation *later = map.lookupOrNull(pair.laterAlloc);
    Operation *earlier = map.lookupOrNull(pair.earlierAlloc);
    Operation *free = map.lookupOrNull(pair.earlierFree);
    if (!later || !earlier || !free || later->getNumResults() != 1 ||
        earlier->getNumResults() != 1 ||
        later->getResult(0).getType() != earlier->getResult(0).getType() ||
        !free->use_empty())
      return std::nullopt;
    becomes[later->getResult(0)] = earlier->getResult(0);
    erased.push_back(later);
    erased.push_back(free);
  }
  for (const MergePair &pair : pairs) {
    Value later = map.lookup(pair.laterAlloc)->getResult(0);
    later.replaceAllUsesWith(rootOf(later));
  }
  llvm::DenseSet<Operation *> gone;
  for (Operation *op : erased)
    if (gone.insert(op).second) {
      if (!op->use_empty())
        return std::nullopt;
      op->erase();
    }

  // Names are the file's: a value of the copy stands for the file's value
  // it was copied from.
  llvm::DenseMap<Value, Value> original;
  for (auto [from, to] : map.getValueMap())
    original[to] = from;
  ValueNamer namer = [&](Value v) {
    auto it = original.find(v);
    return it == original.end() ? std::string() : doc.nameOf(it->second);
  };
  ModuleLifetimes lifetimes(module->getOperation(), namer);
  if (summaries)
    lifetimes.useSummaries(summaries);
  LifetimeAnalysis &la = lifetimes.get(cast<FunctionOpInterface>(copy));
  return mergeProofStateOf(la, namer);
}

} // namespace memlint
