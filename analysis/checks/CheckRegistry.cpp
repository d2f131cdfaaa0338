//===- CheckRegistry.cpp - The list of checks -----------------------------===//
#include "analysis/checks/Check.h"

#include "analysis/Ownership.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace memlint {

std::unique_ptr<Check> createLeakCheck();
std::unique_ptr<Check> createDoubleFreeCheck();
std::unique_ptr<Check> createUseAfterFreeCheck();
std::unique_ptr<Check> createInvalidFreeCheck();
std::unique_ptr<Check> createMissedReuseCheck();
std::unique_ptr<Check> createOverCapacityCheck();
std::unique_ptr<Check> createNotCheckedCheck();

const std::vector<std::unique_ptr<Check>> &allChecks() {
  static const std::vector<std::unique_ptr<Check>> checks = [] {
    std::vector<std::unique_ptr<Check>> v;
    v.push_back(createLeakCheck());
    v.push_back(createDoubleFreeCheck());
    v.push_back(createUseAfterFreeCheck());
    v.push_back(createInvalidFreeCheck());
    v.push_back(createMissedReuseCheck());
    v.push_back(createOverCapacityCheck());
    v.push_back(createNotCheckedCheck());
    return v;
  }();
  return checks;
}

std::vector<EventGroup> Check::eventGroups(const Document &doc,
                                           const LifetimeAnalysis &la) const {
  std::vector<EventGroup> groups;
  for (const Event &e : la.events()) {
    if (checkOfEvent(e.kind) != row.id)
      continue;
    if (e.kind == EventKind::InvalidFree &&
        la.origins()[e.origin].kind == OriginKind::Unknown)
      continue;
    groups.push_back({doc.rangeOf(e.op), {e}});
  }
  return groups;
}

const Check *findCheck(const std::string &name) {
  for (const auto &c : allChecks())
    if (name == c->name())
      return c.get();
  return nullptr;
}

CheckId checkOfEvent(EventKind kind) {
  switch (kind) {
  case EventKind::Leak:
    return CheckId::Leak;
  case EventKind::DoubleFree:
    return CheckId::DoubleFree;
  case EventKind::UseAfterFree:
    return CheckId::UseAfterFree;
  case EventKind::InvalidFree:
    return CheckId::InvalidFree;
  }
  llvm_unreachable("every event kind has its check");
}

Message describeCondition(LifetimeAnalysis &fn, Bdd cond, mlir::Operation *at) {
  return describeCondition(fn, llvm::ArrayRef<Bdd>(cond), at);
}

Message describeCondition(LifetimeAnalysis &fn, llvm::ArrayRef<Bdd> conds,
                          mlir::Operation *at) {
  Message path = fn.describePath(conds, at);
  return path.empty() ? Message() : "when " + path;
}

std::string calleeName(mlir::CallOpInterface call) {
  if (auto sym = llvm::dyn_cast_if_present<mlir::SymbolRefAttr>(
          call.getCallableForCallee()))
    return "@" + sym.getLeafReference().str();
  return "";
}

std::string bornHereNote(const std::string &name, const BufferInfo &b) {
  if (b.takenArgument)
    return "argument " + name +
           " declared here: this coroutine frees it, so it owns what its "
           "async.execute body captured";
  if (!b.foreign)
    return name + " allocated here";
  if (std::optional<std::string> scope = gpuScopeOf(b.value))
    return name + " allocated here (GPU " + *scope + " memory)";
  std::string note = name + " returned here";
  auto call = llvm::dyn_cast<mlir::CallOpInterface>(b.allocOp);
  if (!call)
    return note + " by " + b.allocOp->getName().getStringRef().str() +
           " (its owner is unknown)";
  if (std::string callee = calleeName(call); !callee.empty())
    note += " by " + callee;
  auto callee = llvm::dyn_cast_if_present<mlir::FunctionOpInterface>(
      call.resolveCallable());
  if (callee && !callee.isExternal())
    return note + " (memory a function without a body returned to it: its "
                  "owner is unknown)";
  return note + " (a function without a body: its owner is unknown)";
}

SourceRange bornRange(const Document &doc, const BufferInfo &b) {
  return b.takenArgument ? doc.definitionRangeOf(b.value)
                         : doc.rangeOf(b.allocOp);
}

std::string bufferName(Document &doc, const BufferInfo &b) {
  if (b.earlierOf >= 0)
    return doc.nameOf(b.value) + " (allocated by an earlier iteration)";
  return doc.nameOf(b.value);
}

} // namespace memlint
