//===- GpuWaits.cpp - The device work a host-side wait ends ---------------===//
#include "analysis/GpuWaits.h"

#include "analysis/Ownership.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace memlint {

namespace {
/// Finds the GPU ops run `async` whose tokens a value hands out.
class WorkFinder {
public:
  explicit WorkFinder(SmallVectorImpl<AwaitedGpuWork> &out) : out(out) {}

  /// Work behind `token` (a value of the waiting function), its memrefs
  /// seen through `mapped` (a callee's arguments to the call's operands).
  void find(Value token, const DenseMap<Value, Value> &mapped,
            Operation *namedAs, unsigned depth) {
    // (A call chain or nesting this deep is not followed: a miss only.)
    if (depth > 8 || !seen.insert(token).second)
      return;
    Operation *producer = token.getDefiningOp();
    if (!producer)
      return;
    // Inside a region or a callee, a token that anything but the exits
    // takes may be waited for there: its work may have ended.
    if (depth > 0 && llvm::any_of(token.getUsers(), [](Operation *user) {
          return !user->hasTrait<OpTrait::IsTerminator>();
        }))
      return;
    if (auto async = dyn_cast<gpu::AsyncOpInterface>(producer)) {
      if (async.getAsyncToken() == token)
        addWork(producer, mapped, namedAs);
      return;
    }
    unsigned index = cast<OpResult>(token).getResultNumber();
    // A region op's result is what its regions' exits yield for it. (Its
    // body ran on the host: only the async ops it hands tokens out of
    // stand for work, not the ops around them.)
    if (isa<RegionBranchOpInterface>(producer)) {
      for (Region &region : producer->getRegions())
        for (Block &block : region)
          if (auto exit = dyn_cast<RegionBranchTerminatorOpInterface>(
                  block.getTerminator()))
            for (RegionSuccessor s : successorsOf(exit))
              if (s.isParent() && index < exit.getSuccessorOperands(s).size())
                find(exit.getSuccessorOperands(s)[index], mapped, namedAs,
                     depth + 1);
      return;
    }
    // A call's result is what its callee returns; the callee's arguments
    // are the call's operands.
    if (auto call = dyn_cast<CallOpInterface>(producer)) {
      auto callee =
          dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
      if (!callee || callee.isExternal() ||
          !callee.getFunctionBody().hasOneBlock())
        return;
      Block &body = callee.getFunctionBody().front();
      DenseMap<Value, Value> args;
      for (auto [arg, operand] :
           llvm::zip(body.getArguments(), call.getArgOperands()))
        if (Value v = inCaller(operand, mapped, namedAs))
          args[arg] = v;
      Operation *ret = body.getTerminator();
      if (!ret->hasTrait<OpTrait::ReturnLike>() ||
          index >= ret->getNumOperands())
        return;
      find(ret->getOperand(index), args, namedAs ? namedAs : producer,
           depth + 1);
    }
  }

private:
  /// `v` as the waiting function sees it: itself there; inside a callee
  /// (`namedAs` the call) the call's operand its argument is, else none.
  static Value inCaller(Value v, const DenseMap<Value, Value> &mapped,
                        Operation *namedAs) {
    return namedAs ? mapped.lookup(v) : v;
  }

  static SmallVector<RegionSuccessor>
  successorsOf(RegionBranchTerminatorOpInterface exit) {
    SmallVector<RegionSuccessor> successors;
    SmallVector<Attribute> operands(exit->getNumOperands(), Attribute());
    exit.getSuccessorRegions(operands, successors);
    return successors;
  }

  /// `async`'s memrefs (not those it frees itself), and for an async
  /// `gpu.launch` those its kernel body uses.
  void addWork(Operation *async, const DenseMap<Value, Value> &mapped,
               Operation *namedAs) {
    AwaitedGpuWork work;
    work.op = namedAs ? namedAs : async;
    SmallVector<OpOperand *> freed = freedOperands(async);
    auto add = [&](Value v) {
      v = inCaller(v, mapped, namedAs);
      if (v && !llvm::is_contained(work.memrefs, v))
        work.memrefs.push_back(v);
    };
    SmallPtrSet<Value, 4> viewed = viewedOperands(async);
    for (OpOperand &o : async->getOpOperands())
      if (isMemRef(o.get()) && !llvm::is_contained(freed, &o) &&
          accessesMemory(o, viewed))
        add(o.get());
    if (async->getNumRegions() != 0)
      for (Value v : asyncBodyCapturedUses(async))
        add(v);
    if (!work.memrefs.empty())
      out.push_back(std::move(work));
  }

  SmallVectorImpl<AwaitedGpuWork> &out;
  llvm::SmallPtrSet<Value, 8> seen;
};
} // namespace

SmallVector<AwaitedGpuWork> gpuWorkAwaited(Operation *op) {
  SmallVector<AwaitedGpuWork> out;
  // A GPU op that runs on the host (`gpu.wait`, a synchronous GPU op with
  // dependencies) waits for its dependencies; one run `async` only orders
  // its own work after them, and any other op (a branch passing the token
  // on) waits for nothing.
  auto waiter = dyn_cast<gpu::AsyncOpInterface>(op);
  if (!waiter || waiter.getAsyncToken())
    return out;
  WorkFinder finder(out);
  for (Value token : waiter.getAsyncDependencies()) {
    Operation *producer = token.getDefiningOp();
    if (!producer || producer->getBlock() != op->getBlock() ||
        !producer->isBeforeInBlock(op))
      continue;
    // The first to take the token, and every other taker after it in its
    // block: one before it (a wait, an async op ordered after the
    // producer), or one elsewhere (in a region, another block), may end the
    // access or order it on some path.
    bool first = llvm::all_of(token.getUsers(), [&](Operation *user) {
      return user == op ||
             (user->getBlock() == op->getBlock() && op->isBeforeInBlock(user));
    });
    if (first)
      finder.find(token, DenseMap<Value, Value>(), nullptr, 0);
  }
  return out;
}

} // namespace memlint
