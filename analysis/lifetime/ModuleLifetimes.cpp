//===- ModuleLifetimes.cpp - Every function's analysis, callees first -----===//
#include "analysis/lifetime/ModuleLifetimes.h"

#include "analysis/LifetimeAnalysis.h"
#include "analysis/WorkPool.h"
#include "analysis/lifetime/DeallocLibrary.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace memlint {

ModuleLifetimes::ModuleLifetimes(Operation *module, ValueNamer namer)
    : root(module), namer(std::move(namer)) {
  lifetime::DeallocLibraryMatcher library;
  module->walk([&](FunctionOpInterface fn) {
    if (fn.isExternal())
      return;
    functionIndex[fn.getOperation()] = funcs.size();
    funcs.push_back(fn);
    if (library.matches(fn))
      deallocLibraries.insert(fn.getOperation());
  });
}

bool ModuleLifetimes::isDeallocationLibrary(FunctionOpInterface callee) const {
  if (const FunctionSummary *preset = presetSummaryOf(callee))
    return preset->deallocLibrary;
  return deallocLibraries.contains(callee.getOperation());
}

ModuleLifetimes::~ModuleLifetimes() = default;

SmallVector<FunctionOpInterface>
ModuleLifetimes::calleesToAnalyse(FunctionOpInterface fn) {
  // The walk and the tests of FunctionAnalysis::collectBuffers and
  // readCallResults: the callees its summaryOf calls may analyse, in the
  // order it asks for them.
  SmallVector<FunctionOpInterface> out;
  fn->walk([&](Operation *op) {
    if (op != fn.getOperation() && isa<FunctionOpInterface>(op))
      return WalkResult::skip();
    if (auto call = dyn_cast<CallOpInterface>(op))
      if (FunctionOpInterface callee = calleeOf(call);
          callee && !callee.isExternal() && !presetSummaryOf(callee))
        out.push_back(callee);
    return WalkResult::advance();
  });
  return out;
}

LifetimeAnalysis &ModuleLifetimes::analyse(FunctionOpInterface fn) {
  auto analysis = std::make_unique<LifetimeAnalysis>(fn, *this, namer);
  std::unique_lock<std::mutex> guard(lock, std::defer_lock);
  if (concurrent)
    guard.lock();
  inProgress.erase(fn.getOperation());
  return *(done[fn.getOperation()] = std::move(analysis));
}

bool ModuleLifetimes::claim(Operation *fn) {
  std::unique_lock<std::mutex> guard(lock, std::defer_lock);
  if (concurrent)
    guard.lock();
  if (auto it = done.find(fn); it != done.end() && it->second)
    return false;
  if (inProgress.contains(fn))
    return false;
  inProgress.insert(fn);
  return true;
}

LifetimeAnalysis &ModuleLifetimes::get(FunctionOpInterface fn) {
  return get(fn, nullptr);
}

LifetimeAnalysis &
ModuleLifetimes::get(FunctionOpInterface fn,
                     function_ref<void(FunctionOpInterface)> analysed) {
  {
    std::unique_lock<std::mutex> guard(lock, std::defer_lock);
    if (concurrent)
      guard.lock();
    if (auto it = done.find(fn.getOperation()); it != done.end() && it->second)
      return *it->second;
    inProgress.insert(fn.getOperation());
  }
  // An analysis asks for the summaries of the functions it calls, and
  // summaryOf would analyse those not known yet: recursion as deep as the
  // longest chain of calls not analysed, which the input chooses (all the
  // callers above a call cycle, entered at the first of them). The same
  // depth-first order runs here on an explicit stack instead: callees in
  // the order the analysis asks for them, each analysed once its own
  // callees are, those on the stack in progress (a call back to one of
  // them gets no summary, as it did in the recursion). ThreadSanitizer's
  // build records the stack of every allocation: 1,500 such callers took
  // it 18 GB.
  struct Frame {
    FunctionOpInterface fn;
    SmallVector<FunctionOpInterface> callees;
    unsigned next = 0;
  };
  std::vector<Frame> stack;
  stack.push_back({fn, calleesToAnalyse(fn)});
  for (;;) {
    Frame &top = stack.back();
    if (top.next < top.callees.size()) {
      FunctionOpInterface callee = top.callees[top.next++];
      if (claim(callee.getOperation()))
        stack.push_back({callee, calleesToAnalyse(callee)});
      continue;
    }
    FunctionOpInterface finished = top.fn;
    LifetimeAnalysis &result = analyse(finished);
    if (analysed)
      analysed(finished);
    if (stack.size() == 1)
      return result;
    stack.pop_back();
  }
}

void ModuleLifetimes::addCost(const BddCost &c) {
  std::lock_guard<std::mutex> guard(costLock);
  total.operations += c.operations;
  total.nodes = std::max(total.nodes, c.nodes);
  total.bytes = std::max(total.bytes, c.bytes);
}

BddCost ModuleLifetimes::totalCost() {
  std::lock_guard<std::mutex> guard(costLock);
  return total;
}

const FunctionSummary *
ModuleLifetimes::presetSummaryOf(FunctionOpInterface callee) const {
  if (presets && isa_and_nonnull<ModuleOp>(callee->getParentOp()) &&
      !callee->getParentOp()->getParentOp())
    if (auto it = presets->find(callee.getName().str()); it != presets->end())
      return &it->second;
  return nullptr;
}

void ModuleLifetimes::setAllocators(ArrayRef<std::string> patterns) {
  allocators.clear();
  for (const std::string &p : patterns) {
    llvm::Expected<llvm::GlobPattern> glob = llvm::GlobPattern::create(p);
    if (glob)
      allocators.push_back(std::move(*glob));
    else
      llvm::consumeError(glob.takeError()); // the config refuses these
  }
}

bool ModuleLifetimes::isAllocator(FunctionOpInterface callee) const {
  if (allocators.empty() || !callee.isExternal())
    return false;
  StringRef name = callee.getName();
  return llvm::any_of(allocators, [&](const llvm::GlobPattern &glob) {
    return glob.match(name);
  });
}

FunctionSummary
ModuleLifetimes::allocatorSummary(FunctionOpInterface callee) const {
  FunctionSummary sum;
  for (Type t : callee.getResultTypes())
    sum.fresh.push_back(isa<BaseMemRefType>(t));
  return sum;
}

FunctionSummary ModuleLifetimes::summaryOf(FunctionOpInterface callee) {
  // A preset summary first: the fix search's slices turn callees it knows
  // into declarations.
  if (const FunctionSummary *preset = presetSummaryOf(callee))
    return *preset;
  if (callee.isExternal())
    return isAllocator(callee) ? allocatorSummary(callee) : FunctionSummary();
  {
    std::unique_lock<std::mutex> guard(lock, std::defer_lock);
    if (concurrent)
      guard.lock();
    if (inProgress.count(callee.getOperation()))
      return {};
  }
  return get(callee).summary();
}

std::shared_ptr<const ModuleLifetimes::SummaryMap>
ModuleLifetimes::allSummaries() {
  auto out = std::make_shared<SummaryMap>();
  for (FunctionOpInterface fn : funcs)
    if (isa_and_nonnull<ModuleOp>(fn->getParentOp()) &&
        !fn->getParentOp()->getParentOp()) {
      FunctionSummary summary = get(fn).summary();
      summary.pure = isPureFunction(fn);
      (*out)[fn.getName().str()] = std::move(summary);
    }
  // Declarations the allocators name: a window of the file that calls one
  // reads its results as the file does.
  if (!allocators.empty() && root->getNumRegions() == 1 &&
      !root->getRegion(0).empty())
    for (Operation &op : root->getRegion(0).front())
      if (auto fn = dyn_cast<FunctionOpInterface>(op); fn && isAllocator(fn))
        (*out)[fn.getName().str()] = allocatorSummary(fn);
  return out;
}

FunctionOpInterface ModuleLifetimes::calleeOf(CallOpInterface call) {
  std::lock_guard<std::mutex> guard(lock);
  return calleeOfLocked(call);
}

FunctionOpInterface ModuleLifetimes::calleeOfLocked(CallOpInterface call) {
  // func.call_indirect of a func.constant calls that function.
  if (auto v = dyn_cast_if_present<Value>(call.getCallableForCallee()))
    if (auto c = v.getDefiningOp<func::ConstantOp>())
      return dyn_cast_or_null<FunctionOpInterface>(
          tables.lookupNearestSymbolFrom(call, c.getValueAttr()));
  if (auto callee = dyn_cast_or_null<FunctionOpInterface>(
          call.resolveCallableInTable(&tables)))
    return callee;
  // Inside an unregistered op with one region (which MLIR takes for a
  // possible symbol table, where the name resolves to nothing): the
  // module's function of that name, as the tool that knows the op reads
  // it, where its type is the call's (no verifier checked that there).
  auto name = dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
  auto module = call->getParentOfType<ModuleOp>();
  if (!name || !module)
    return {};
  Operation *callee = tables.lookupSymbolIn(module, name);
  if (!callsAsTyped(call, callee))
    return {};
  return cast<FunctionOpInterface>(callee);
}

std::pair<std::vector<SmallVector<unsigned>>, std::vector<unsigned>>
ModuleLifetimes::callerCounts() {
  std::vector<SmallVector<unsigned>> dependents(funcs.size());
  std::vector<unsigned> waiting(funcs.size(), 0);
  for (auto [i, fn] : llvm::enumerate(funcs)) {
    SmallVector<unsigned> callees;
    fn->walk([&, i = i](CallOpInterface call) {
      if (FunctionOpInterface callee = calleeOf(call))
        if (std::optional<unsigned> c = indexOf(callee);
            c && *c != i && !llvm::is_contained(callees, *c))
          callees.push_back(*c);
    });
    waiting[i] = callees.size();
    for (unsigned c : callees)
      dependents[c].push_back(i);
  }
  return {std::move(dependents), std::move(waiting)};
}

std::vector<bool> ModuleLifetimes::inCallCycle() {
  size_t n = funcs.size();
  std::vector<SmallVector<unsigned>> callees(n);
  std::vector<bool> out(n, false);
  for (auto [i, fn] : llvm::enumerate(funcs))
    fn->walk([&, i = i](CallOpInterface call) {
      if (FunctionOpInterface callee = calleeOf(call))
        if (std::optional<unsigned> c = indexOf(callee)) {
          if (*c == i)
            out[i] = true; // calls itself
          else if (!llvm::is_contained(callees[i], *c))
            callees[i].push_back(*c);
        }
    });
  // Tarjan's strongly connected components, with an explicit stack: the
  // depth of a call chain is the input's to choose.
  constexpr unsigned Unvisited = ~0u;
  std::vector<unsigned> index(n, Unvisited), low(n, 0);
  std::vector<bool> onStack(n, false);
  std::vector<unsigned> stack;
  unsigned next = 0;
  struct Frame {
    unsigned fn;
    unsigned edge;
  };
  for (unsigned root = 0; root < n; ++root) {
    if (index[root] != Unvisited)
      continue;
    std::vector<Frame> frames{{root, 0}};
    index[root] = low[root] = next++;
    stack.push_back(root);
    onStack[root] = true;
    while (!frames.empty()) {
      Frame &f = frames.back();
      if (f.edge < callees[f.fn].size()) {
        unsigned c = callees[f.fn][f.edge++];
        if (index[c] == Unvisited) {
          index[c] = low[c] = next++;
          stack.push_back(c);
          onStack[c] = true;
          frames.push_back({c, 0});
        } else if (onStack[c]) {
          low[f.fn] = std::min(low[f.fn], index[c]);
        }
        continue;
      }
      unsigned v = f.fn;
      frames.pop_back();
      if (!frames.empty())
        low[frames.back().fn] = std::min(low[frames.back().fn], low[v]);
      if (low[v] != index[v])
        continue;
      // v roots a component: pop it; more than one function is a cycle.
      size_t start = stack.size();
      while (stack[--start] != v)
        ;
      bool cycle = stack.size() - start > 1;
      for (size_t k = start; k < stack.size(); ++k) {
        onStack[stack[k]] = false;
        out[stack[k]] = out[stack[k]] || cycle;
      }
      stack.resize(start);
    }
  }
  return out;
}

void ModuleLifetimes::analyzeAll(unsigned threads,
                                 const std::function<void(unsigned)> &then) {
  // Direct callees with bodies. A function is ready once all of them are
  // analysed, and is then added to the batch (no rounds, so a slow function
  // holds up only its callers); `then` runs on each right after its
  // analysis. Functions left over are in call cycles: the first of them in
  // source order is analysed alone (its get() follows the cycle the way a
  // single thread always does), and a new batch starts.
  //
  // Counting callees here, rather than scheduling the call graph's SCCs,
  // keeps that choice: a cycle is entered at its first function in source
  // order, which is also where the editor's one-function-at-a-time
  // analysis enters it, so the editor, -j 1 and -j N see the same
  // summaries.
  size_t n = funcs.size();
  auto counts = callerCounts();
  std::vector<SmallVector<unsigned>> &dependents = counts.first;
  std::vector<unsigned> &waiting = counts.second;
  std::vector<bool> finished(n, false), thenDone(n, false);
  std::vector<unsigned> ready;
  std::mutex m; // guards the vectors above while a batch runs
  // Marks i analysed (caller holds `m`): callers it was the last callee of
  // are ready.
  auto finish = [&](unsigned i) {
    finished[i] = true;
    for (unsigned d : dependents[i])
      if (--waiting[d] == 0 && !finished[d])
        ready.push_back(d);
  };
  size_t firstLeft = 0;
  for (unsigned i = 0; i < n; ++i)
    if (waiting[i] == 0)
      ready.push_back(i);
  for (;;) {
    concurrent = batchThreads(threads) > 1;
    {
      WorkBatch batch(threads);
      std::function<void(unsigned)> run = [&](unsigned i) {
        get(funcs[i]);
        if (then)
          then(i);
        std::vector<unsigned> next;
        {
          std::lock_guard<std::mutex> guard(m);
          thenDone[i] = true;
          finish(i);
          next.swap(ready);
        }
        for (unsigned d : next)
          batch.add([&run, d] { run(d); });
      };
      // Functions made ready by finishing a cycle may be finished too.
      // (Filtered before the first add: from then on tasks change these.)
      std::vector<unsigned> start;
      for (unsigned i : ready)
        if (!finished[i])
          start.push_back(i);
      ready.clear();
      for (unsigned i : start)
        batch.add([&run, i] { run(i); });
      batch.wait();
    }
    concurrent = false;
    // Left over: call cycles. Functions only ever finish, so the first one
    // left is never before the last one.
    while (firstLeft < n && finished[firstLeft])
      ++firstLeft;
    if (firstLeft == n)
      break;
    // Everything this analyses (the callers above the cycle, all of them
    // waiting for it) gets `then` at once, not at the end: a check
    // releases the analysis's work state.
    std::vector<unsigned> analysed;
    get(funcs[firstLeft], [&](FunctionOpInterface fn) {
      std::optional<unsigned> i = indexOf(fn);
      if (!i || finished[*i])
        return;
      analysed.push_back(*i);
      if (then) {
        then(*i);
        thenDone[*i] = true;
      }
    });
    // Analysed before analyzeAll (a get() of its own), the function gets
    // no callback: then every function analysed is finished, as a sweep.
    if (!llvm::is_contained(analysed, firstLeft)) {
      std::lock_guard<std::mutex> guard(lock);
      for (unsigned i = 0; i < n; ++i)
        if (!finished[i] && done.count(funcs[i].getOperation()) &&
            !llvm::is_contained(analysed, i))
          analysed.push_back(i);
    }
    // Finished in source order, as callers become ready in that order.
    llvm::sort(analysed);
    for (unsigned i : analysed)
      finish(i);
  }
  if (then)
    for (unsigned i = 0; i < n; ++i)
      if (!thenDone[i])
        then(i);
}

} // namespace memlint
