//===- Results.h - What the lifetime analysis of a function yields -*- C++
//-*-===//
//
// Buffers, origins, events and summaries: the facts checks and callers read
// from a LifetimeAnalysis.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_LIFETIME_RESULTS_H
#define MEMLINT_ANALYSIS_LIFETIME_RESULTS_H

#include "analysis/Ownership.h"
#include "analysis/lifetime/Bdd.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <tuple>
#include <vector>

namespace memlint {

/// A buffer a function allocates: one allocation site.
struct BufferInfo {
  mlir::Value value;
  mlir::Operation *allocOp = nullptr;
  /// False once the buffer flows where memlint cannot follow every instance
  /// (e.g. around a loop back edge); no finding is reported for it then,
  /// but for those that happen before it is lost (untrackedAt).
  bool tracked = true;
  /// The ops at which it stopped being followed; null among them where
  /// that was no one op (a loop value that may be it or another).
  llvm::SmallVector<mlir::Operation *, 1> untrackedAt;
  /// For a loop allocation, the buffer standing for the instance a previous
  /// iteration allocated and carried into this one (iter_args, back-edge
  /// block arguments) is a second BufferInfo whose `earlierOf` names the
  /// allocation's own index.
  int earlierOf = -1;
  /// A call result that is the callee's fresh buffer only where this i1
  /// result of the call holds (FunctionSummary::ownedWhen); a free of it
  /// must be guarded by that flag.
  mlir::Value ownershipFlag;
  /// Memory the function did not allocate and whose owner it cannot know:
  /// a memref returned by a call to a body-less function. Its frees are
  /// followed (a second free, or a use after one, is a bug whoever owns it),
  /// but it is never reported as leaked or as freed by the wrong owner, and
  /// never planned.
  bool foreign = false;
  /// A memref argument the function takes over at its entry: a coroutine
  /// (`-async-to-async-runtime`'s outlined `async.execute` body) that frees
  /// what the body captured (ownership followed the buffer into the task).
  /// `value` is the argument; `allocOp` the entry block's first op. It is
  /// owned from the entry, never planned nor merged.
  bool takenArgument = false;
  /// The op that must free it (Ownership.h's matchingFreeOpName of its
  /// allocation; for a call result, what its callee's summary says); empty
  /// where unknown. A free by another runtime is an invalid free.
  llvm::StringRef freeOp;
};

struct Origin {
  OriginKind kind;
  mlir::Value value; // the allocation, argument, alloca or global
  int buffer = -1;   // index into buffers() for Owned
};

enum class EventKind { Leak, DoubleFree, UseAfterFree, InvalidFree };

struct Event {
  EventKind kind;
  /// Leak: the exit reached (return, loop back edge). Others: the free or
  /// the use.
  mlir::Operation *op = nullptr;
  /// The buffer; -1 for memory that is none (an invalid free of an
  /// argument, stack memory returned: a UseAfterFree with `origin` set).
  int buffer = -1;
  unsigned origin = 0;
  Bdd cond = BddManager::False; // the paths on which it happens
  mlir::Operation *firstFree = nullptr;
  mlir::Value via;           // the value used or freed
  bool backEdge = false;     // leak at a loop back edge
  /// A leak at a back edge: the paths that take the edge (judged once
  /// taken, as a return is once reached).
  Bdd edgePath = BddManager::False;
  bool interiorView = false; // invalid free through an interior view
  /// Invalid free by an op of another runtime than the allocation's
  /// (`memref.dealloc` of a `gpu.alloc` buffer, `gpu.dealloc` of a
  /// `memref.alloc` one).
  bool wrongDeallocator = false;
  /// UseAfterFree at a return: the `async.execute` nothing awaits whose
  /// body may use the buffer after the host freed it.
  mlir::Operation *unawaitedBody = nullptr;
};

/// What callers need to know of a function.
/// An i1 result that is `arith.cmpi predicate, %argument, value` (or
/// `%argument, %otherArgument`) on every path (a C predicate helper,
/// `is_big(k)`, `less(a, b)`): callers ask it of what they pass, related
/// to their own comparisons of it.
struct ArgumentComparison {
  unsigned argument;
  unsigned predicate; // an mlir::arith::CmpIPredicate
  llvm::APInt value;  // when otherArgument is unset
  std::optional<unsigned> otherArgument;
};

struct FunctionSummary {
  /// Per result: a buffer the function allocated, returned on every path.
  std::vector<bool> fresh;
  /// Per result: the value of an i1 that is the same constant on every
  /// path; nullopt when it varies, is no i1, or the analysis gave up.
  std::vector<std::optional<bool>> constant;
  /// Per i1 result: the comparison of an argument with a constant it is.
  std::vector<std::optional<ArgumentComparison>> comparesArgument;
  /// Per memref result that is not always fresh: the index of an i1 result
  /// that holds exactly when this one is a buffer the function allocated
  /// (and, when it does not hold, memory the function does not own). This
  /// is the ownership flag upstream's dynamic ownership returns beside each
  /// memref of a private function.
  std::vector<std::optional<unsigned>> ownedWhen;
  /// Per result: an i1 that equals one of the function's i1 arguments on
  /// every path (`second`: its negation), so callers know it from what they
  /// pass. An ownedWhen flag is one, or (argumentUnlessOwned) a value of
  /// the callee's own: a flag that depends on the caller's i1s in other
  /// ways would be an atom unrelated to them, and paths the caller's values
  /// rule out would be reported.
  std::vector<std::optional<std::pair<unsigned, bool>>> sameAsArgument;
  /// Per memref result with an ownedWhen flag that is no i1 argument: the
  /// memref argument it is wherever the flag does not hold (`second`: a
  /// view that may start past its first byte), on every path; the flag
  /// itself computed from no i1 argument. The sparse compiler's insertion
  /// helpers under dynamic ownership: the buffer passed in, or a grown
  /// copy the caller then owns. Callers see a flag whose value they cannot
  /// know (a value of memory), and the result as their buffer where it is
  /// false.
  std::vector<std::optional<std::pair<unsigned, bool>>> argumentUnlessOwned;
  /// Per i1 result: an earlier i1 result it equals on every path (a flag
  /// returned twice), so callers see one value through both.
  std::vector<std::optional<unsigned>> sameI1As;
  /// Per memref result: an earlier result that holds the same fresh
  /// buffer on every path (`return %b, %b`, as upstream's bufferization
  /// returns one tensor twice; `second`: a view that may start past the
  /// buffer's first byte). It is not fresh itself: callers see one buffer
  /// returned through both, and free it once.
  std::vector<std::optional<std::pair<unsigned, bool>>> sameFreshAs;
  /// Per memref result: the memref argument it is on every path (the
  /// argument itself, or a cast or view of it; `second`: a view that may
  /// start past the argument's first byte), so callers see the buffer they
  /// passed there (`%r = call @id(%a)` is `%a`).
  std::vector<std::optional<std::pair<unsigned, bool>>> returnsArgument;
  /// Per memref result without a returnsArgument: the memref arguments it
  /// may be (or be a cast or view of) on some path. Callers cannot tell
  /// which buffer they get back: they stop tracking those they pass there.
  std::vector<llvm::SmallVector<unsigned, 2>> mayReturnArguments;
  /// Per result: foreign memory (BufferInfo::foreign) on every path, such
  /// as what a wrapper of a body-less getter returns; its callers follow it
  /// as foreign memory too.
  std::vector<bool> foreign;
  /// Per memref result: the op that must free the buffers the function
  /// returns there (BufferInfo::freeOp, the same for each of them); empty
  /// where unknown or mixed.
  std::vector<llvm::StringRef> freeOp;
  /// The memref arguments the function may free (a wrapper of
  /// `memref.dealloc`, a free under an ownership flag it is passed, a
  /// realloc): the buffer a caller passes there may be gone after the
  /// call, so callers stop tracking it (no leak of what the callee freed;
  /// the callee's free of memory it does not own is its own finding).
  llvm::SmallVector<unsigned, 2> mayFreeArguments;
  /// Of those, the ones a private function takes over to grow them
  /// (`memref.realloc %arg`, the result handed back: the sparse compiler's
  /// insertion helpers). Not its invalid free: a call that passes memory
  /// the caller does not own there is.
  llvm::SmallVector<unsigned, 1> takesArguments;
  /// Per memref result: a taken-over argument (takesArguments) that the
  /// result is, or a buffer the function allocated in its place, on every
  /// path (the insertion helper: grown by a realloc or left as it is).
  /// Callers see a realloc: the buffer they passed ends at the call and the
  /// result is a fresh buffer of theirs.
  std::vector<std::optional<unsigned>> growsArgument;
  /// Of mayFreeArguments, those freed on every path that returns (a free
  /// wrapper, `my_free(p)`): callers see the buffer they pass freed at the
  /// call (a use after it, a second free), rather than stop tracking it.
  llvm::SmallVector<unsigned, 1> freesArguments;
  /// Of freesArguments, those of a private function (a release helper):
  /// all its callers are in sight, so its free is not reported as freeing
  /// what it does not own; a call that passes it memory its caller does
  /// not own is the invalid free instead.
  llvm::SmallVector<unsigned, 1> releasesArguments;
  /// Per result: the memref argument the `!async.value` returned there
  /// holds (`async.runtime.store`d into it: an outlined `async.execute`
  /// body yielding what it captured), where it is one value the function
  /// creates and fills with that argument alone. A caller's
  /// `async.runtime.load` of it is the buffer the call passed.
  std::vector<std::optional<unsigned>> valueHoldsArgument;
  /// Whether the function is a coroutine (AsyncRuntime.h): lowered to
  /// LLVM, the `!llvm.ptr` it returns is its task's token, which holds no
  /// buffer.
  bool coroutine = false;
  /// Per taken-over argument (takesArguments) not freed on every path: the
  /// i1 argument (and whether negated) that holds exactly where the
  /// function frees it, on every path that returns (a body freeing its
  /// capture under a flag it captured too). Callers free what they pass
  /// there where what they pass for that flag holds.
  std::vector<std::tuple<unsigned, unsigned, bool>> freesArgumentWhen;
  /// A coroutine's memref arguments that it packs into another type or
  /// stores into memory (an `async.runtime.store` into a value of
  /// valueHoldsArgument aside): its callers, which read its `!llvm.ptr`
  /// results as tokens, stop following what they pass there.
  llvm::SmallVector<unsigned, 1> escapesArguments;
  /// A coroutine's memref arguments whose memory the task accesses once it
  /// runs, on every run (AsyncRuntime.h's argumentsUsedByTask): until the
  /// caller awaits the token the call returns, the task may still use
  /// them, so a free in between races with it.
  llvm::SmallVector<unsigned, 1> usesArgumentsUntilAwaited;
  /// The function is upstream's deallocation library function
  /// (lifetime/DeallocLibrary.h): callers know what its outputs hold.
  bool deallocLibrary = false;
  /// The function computes its results from its arguments alone
  /// (ModuleLifetimes::isPureFunction): two calls with the same operands
  /// return the same values.
  bool pure = false;
};

} // namespace memlint

#endif
