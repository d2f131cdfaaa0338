//===- GpuWaits.cpp - The device work a host-side wait ends ---------------===//
#include "analysis/GpuWaits.h"

#include "analysis/Ownership.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"

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

/// Whether `op` (a wait on the host) is the first to wait for the work
/// behind `token`, made in its block before it: every op that takes the
/// token comes after `op` in its block, or is an async GPU op before it
/// whose own token `op` is the first to wait for (that op starts after the
/// work and ends no wait: only a wait for it would end the work too). One
/// before it that waits (a wait, a synchronous GPU op), or one elsewhere (in
/// a region, another block, a yield or branch passing it on) may end the
/// access, or order it, on some path. A chain longer than `budget` tokens is
/// not followed (a miss only).
/// `after` gets the async ops before `op` that take the token (or a token
/// made after it), which run once its work has ended.
static bool isFirstWait(Operation *op, Value token, unsigned &budget,
                        SmallVectorImpl<Operation *> &after) {
  SmallVector<Value> work{token};
  DenseSet<Value> seen{token};
  while (!work.empty()) {
    Value t = work.pop_back_val();
    for (Operation *user : t.getUsers()) {
      if (user == op)
        continue;
      if (user->getBlock() != op->getBlock())
        return false;
      if (op->isBeforeInBlock(user))
        continue;
      auto async = dyn_cast<gpu::AsyncOpInterface>(user);
      if (!async || !async.getAsyncToken() || budget == 0)
        return false;
      --budget;
      if (seen.insert(async.getAsyncToken()).second) {
        work.push_back(async.getAsyncToken());
        after.push_back(user);
      }
    }
  }
  return true;
}

/// Whether `a` and `b` are distinct buffers: views of the results of two
/// different allocations.
static bool distinctBuffers(Value a, Value b) {
  Value ra = viewRoot(a), rb = viewRoot(b);
  auto fresh = [](Value v) {
    Operation *def = v.getDefiningOp();
    return def && llvm::is_contained(heapAllocatedResults(def), v);
  };
  return ra != rb && fresh(ra) && fresh(rb);
}

/// An async op ordered after the work (`after`) frees on the device only
/// once the work has ended (`gpu.dealloc async [%copy] %d`): the wait does
/// not use what it frees. A memref that may be a view of what such an op
/// frees, without being that buffer for sure, is dropped too (a miss only).
static void dropFreedAfter(MutableArrayRef<AwaitedGpuWork> works,
                           ArrayRef<Operation *> after) {
  SmallVector<Value> freed;
  for (Operation *async : after)
    for (OpOperand *o : freedOperands(async))
      freed.push_back(o->get());
  if (freed.empty())
    return;
  for (AwaitedGpuWork &work : works)
    llvm::erase_if(work.memrefs, [&](Value m) {
      return llvm::any_of(freed,
                          [&](Value f) { return !distinctBuffers(m, f); });
    });
}

const SmallVector<Operation *, 2> *StreamFrees::of(Value root) {
  auto [it, inserted] = frees.try_emplace(root);
  if (inserted) {
    std::optional<SmallVector<Value>> views = viewsOf(root, 64);
    if (views) {
      it->second.emplace();
      for (Value v : *views)
        for (OpOperand &use : v.getUses()) {
          Operation *user = use.getOwner();
          auto async = dyn_cast<gpu::AsyncOpInterface>(user);
          if (async && async.getAsyncToken() &&
              llvm::is_contained(freedOperands(user), &use) &&
              !llvm::is_contained(*it->second, user))
            it->second->push_back(user);
        }
    }
  }
  return it->second ? &*it->second : nullptr;
}

/// Whether an async GPU op in `wait`'s block, before it, frees `m` (or a
/// view of the buffer under it) in a stream. Such a free is ordered on the
/// device by its tokens, not by the host's wait; one not ordered after the
/// work (`gpu.dealloc async [%fresh] %m`, as upstream's sparse GPU code
/// generation writes after a launch) races with it on paper, but the GPU
/// runtimes free synchronously with the device. memlint stays silent on it
/// (a miss at worst). True too where the views are too many to look at.
static bool freedInStreamBefore(Value m, Operation *wait,
                                StreamFrees &streamFrees) {
  const SmallVector<Operation *, 2> *frees = streamFrees.of(viewRoot(m));
  return !frees || llvm::any_of(*frees, [&](Operation *free) {
    return free->getBlock() == wait->getBlock() && free->isBeforeInBlock(wait);
  });
}

SmallVector<AwaitedGpuWork> gpuWorkAwaited(Operation *op,
                                           StreamFrees &streamFrees) {
  SmallVector<AwaitedGpuWork> out;
  // A GPU op that runs on the host (`gpu.wait`, a synchronous GPU op with
  // dependencies) waits for its dependencies; one run `async` only orders
  // its own work after them, and any other op (a branch passing the token
  // on) waits for nothing.
  auto waiter = dyn_cast<gpu::AsyncOpInterface>(op);
  if (!waiter || waiter.getAsyncToken())
    return out;
  WorkFinder finder(out);
  // The tokens waited for, and the dependencies of the async GPU ops that
  // made them: such an op starts once the work behind its dependencies has
  // ended, so waiting for it waits for that work too (`gpu.dealloc async
  // [%copy]`, then `gpu.wait [%that]`; a join, `gpu.wait async [%a, %b]`).
  constexpr unsigned MaxTokens = 256;
  unsigned budget = MaxTokens;
  SmallVector<Value> todo(waiter.getAsyncDependencies());
  DenseSet<Value> visited;
  while (!todo.empty()) {
    Value token = todo.pop_back_val();
    if (!visited.insert(token).second || visited.size() > MaxTokens)
      continue;
    Operation *producer = token.getDefiningOp();
    SmallVector<Operation *> after;
    if (!producer || producer->getBlock() != op->getBlock() ||
        !producer->isBeforeInBlock(op) ||
        !isFirstWait(op, token, budget, after))
      continue;
    size_t first = out.size();
    finder.find(token, DenseMap<Value, Value>(), nullptr, 0);
    dropFreedAfter(MutableArrayRef(out).drop_front(first), after);
    auto async = dyn_cast<gpu::AsyncOpInterface>(producer);
    if (async && async.getAsyncToken() == token)
      llvm::append_range(todo, async.getAsyncDependencies());
  }
  for (AwaitedGpuWork &work : out)
    llvm::erase_if(work.memrefs, [&](Value m) {
      return freedInStreamBefore(m, op, streamFrees);
    });
  llvm::erase_if(out,
                 [](const AwaitedGpuWork &w) { return w.memrefs.empty(); });
  return out;
}

} // namespace memlint
