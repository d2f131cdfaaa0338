//===- FixFinder.h - The search for one finding's fix -------------*- C++
//-*-===//
//
// Candidate edits for one finding, cheapest and earliest first, each
// proven by re-analysing the edited function (FixSnapshot.h); the first
// that passes is the fix. FixEngine.cpp drives it per function and says
// what each check's candidates are.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_FIXFINDER_H
#define MEMLINT_FIXES_FIXFINDER_H

#include "analysis/Finding.h"
#include "analysis/LiveRanges.h"
#include "fixes/FixSnapshot.h"
#include "fixes/MergeBuffers.h"
#include "mlir/IR/SymbolTable.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlint {
namespace fixsearch {

using llvm::ArrayRef;
using mlir::Operation;
using mlir::SymbolTable;

class FixFinder {
public:
  /// `work`, when given, is shared by every search on the file: the ops
  /// left to parse and re-analyse (each candidate costs the ops of the text
  /// it parses: the function's window).
  /// `file`, when given, is the symbol table of the whole file's module:
  /// the window `base` declares the functions its function calls, and how to
  /// free what they return is read from their bodies there.
  FixFinder(Snapshot &base, unsigned budgetPerFinding, uint64_t *work,
            SymbolTable *file = nullptr)
      : base(base), budgetPerFinding(budgetPerFinding), work(work),
        fileSymbols(file) {}

  std::optional<Fix> fixFor(const Group &g);
  /// A leak whose step-by-step repair leads nowhere (its first free, the
  /// earliest that leaves the buffer leaking on fewer paths, leaves no
  /// place for the others) is searched again taking only frees that end
  /// it at once. Off by default: `memlint fix` asks for it only in a last
  /// round, for the leaks the usual one left (elsewhere the other
  /// findings' fixes often end such a leak, and read better).
  void setWholeLeakRetry(bool on) { wholeLeakRetry = on; }
  /// Some candidate was not checked for want of work: what was found may
  /// not be all there is to find.
  bool starved() const { return refused; }
  /// Candidates analysed, and how many of them parsed and verified. A view
  /// of a window (Snapshot::window) whose every candidate failed may be a
  /// window that does not parse at all.
  unsigned candidatesTried() const { return tried; }
  unsigned candidatesParsed() const { return parsed; }
  /// Fixes for the leak findings `groups` of function `fn` that are proven
  /// together (LeaksTogether.cpp): each leaked buffer's first place for a
  /// free, all inserted at once, one analysis for the lot. A fix given is
  /// proven only together with the others given: whoever takes a part of
  /// them proves that part (memlint fix takes them all, then proves the
  /// whole). The groups without one are for fixFor.
  ///
  /// `alone`: only frees that name the allocation's own value and add no
  /// block go in, and a buffer leaves at its first place that does not:
  /// then each fix given is proven on its own too (LeaksTogether.cpp), and
  /// is the one its own search would find first.
  std::vector<std::optional<Fix>> leaksTogether(unsigned fn,
                                                ArrayRef<const Group *> groups,
                                                bool alone = false);
  /// Fixes for the use-after-free findings `groups` of function `fn` that
  /// are proven together (UsesAfterFreeTogether.cpp): each finding's free
  /// removed and its buffer's leak repaired (leaksTogether), three
  /// analyses or so for the lot. `alone` and what a fix given proves: as
  /// for leaksTogether. The groups without one are for fixFor.
  std::vector<std::optional<Fix>>
  usesAfterFreeTogether(unsigned fn, ArrayRef<const Group *> groups,
                        bool alone = false);
  /// Fixes for the double-free findings `groups` of function `fn` that are
  /// proven together (DoubleFreesTogether.cpp): every second free removed
  /// at once, one analysis for the lot; each fix given holds alone. The
  /// groups without one are for fixFor.
  std::vector<std::optional<Fix>>
  doubleFreesTogether(unsigned fn, ArrayRef<const Group *> groups);
  /// The merge fixes of the `missed-reuse` findings of function `fn`,
  /// whose ops are `pairs` (one result per pair).
  std::vector<std::optional<Fix>> mergesFor(unsigned fn,
                                            ArrayRef<MergePair> pairs);

private:
  /// Takes one analysis from the budgets (the finding's, the file's
  /// work); false when none is left.
  bool spend() {
    if (budget == 0)
      return false;
    if (work) {
      uint64_t cost = costOfTarget();
      if (*work < cost) {
        budget = 0;
        refused = true;
        return false;
      }
      *work -= cost;
    }
    --budget;
    ++tried;
    return true;
  }
  std::unique_ptr<Snapshot> analyze(const std::string &text) {
    if (!spend())
      return nullptr;
    return analyzeSpent(text);
  }
  /// analyze, for an analysis already spent.
  std::unique_ptr<Snapshot> analyzeSpent(const std::string &text) {
    std::unique_ptr<Snapshot> s =
        analyzeText(text, base.doc->fileName(), targetFn, base.summaries,
                    base.context, base.origin());
    parsed += s != nullptr;
    return s;
  }
  std::unique_ptr<Snapshot> analyzeEdits(const Snapshot &s,
                                         const std::vector<TextEdit> &edits) {
    std::optional<std::string> t = applyEdits(s.text(), edits, s.origin());
    if (!t || *t == s.text())
      return nullptr;
    return analyze(*t);
  }

  /// Whether the base has events of any of `kinds` on `buffer`: findings
  /// whose own fixes move or remove its frees, which a fix proven with
  /// others' must leave to them.
  bool hasFindingsOf(unsigned fn, int buffer,
                     std::initializer_list<EventKind> kinds) const {
    return llvm::any_of(kinds, [&](EventKind k) {
      return base.sig.count({fn, static_cast<int>(k), buffer}) > 0;
    });
  }
  /// For the findings fixed together: the buffer whose `kind` events
  /// make up `g`, all from one free (each event's `freeOf`) that is a plain
  /// free of its allocation's own value, and that free (`*free`); -1 for
  /// any other group (a loop allocation with its earlier instance, a free
  /// through a view or select, memory a callee returned), or where the
  /// buffer has findings of `others` (their own fixes move its frees).
  int soleOwnFree(unsigned fn, const Group &g, EventKind kind,
                  Operation *Event::*freeOf,
                  std::initializer_list<EventKind> others,
                  Operation **free) const;
  /// `fix` given `edits`, normalised on the base's text (sorted, merged);
  /// false where they do not apply or change nothing.
  bool setEdits(Fix &fix, const std::vector<TextEdit> &edits,
                const LineTable &lines) const;
  unsigned leakCount(const Snapshot &s, unsigned fn, int buffer) const {
    return s.sig.count({fn, static_cast<int>(EventKind::Leak), buffer});
  }
  double leakMass(const Snapshot &s, unsigned fn, int buffer) const {
    return s.sig.massOf({fn, static_cast<int>(EventKind::Leak), buffer});
  }

  /// Inserts frees until no exit leaks `buffer` in `cur`; null when some
  /// leak has no acceptable place (or nothing leaked: then `*clean`).
  std::unique_ptr<Snapshot> repairLeaks(const Snapshot &start, unsigned fn,
                                        int buffer, bool &clean);
  /// One try of repairLeaks; `wholeOnly`: each free must end the leak.
  std::unique_ptr<Snapshot> repairLeaksBy(const Snapshot &start, unsigned fn,
                                          int buffer, bool &clean,
                                          bool wholeOnly);
  /// Repairs the leaks of `buffers` and of any other buffer of the
  /// function that leaks more than in the base. Null on failure, or when
  /// nothing needed repair (then `*clean`).
  std::unique_ptr<Snapshot> repairAll(const Snapshot &start, unsigned fn,
                                      ArrayRef<int> buffers, bool &clean);
  bool accept(const Snapshot &s, const Group &g) const;
  /// The title and safety of the fix of a leak of `buf` (edits to come).
  Fix leakFixLabel(unsigned fn, const BufferInfo &buf);
  std::optional<std::string>
  byRemoval(const Group &g, ArrayRef<Operation *> frees, ArrayRef<int> buffers);
  std::optional<std::string> byGuard(const Group &g,
                                     ArrayRef<Operation *> frees);
  /// `free` (a plain free op) rewritten as `opName` of `v`, if that proves.
  std::optional<std::string> replaceFree(const Group &g, Operation *free,
                                         mlir::Value v, llvm::StringRef opName);
  std::optional<std::string> byOwnershipFlag(const Group &g, Operation *free,
                                             bool &borrowsArgument);

  Snapshot &base;
  unsigned budgetPerFinding;
  unsigned budget = 0;
  uint64_t *work;
  bool guardedRepairs = false;
  bool wholeLeakRetry = false;
  std::optional<uint64_t> baseOps;
  /// No analysis fits in the work left: do not even prepare a candidate.
  bool outOfWork() {
    refused |= work && *work < costOfTarget();
    return work && *work < costOfTarget();
  }
  bool refused = false;
  unsigned tried = 0, parsed = 0;
  uint64_t costOfTarget() {
    if (!baseOps && base.ops)
      baseOps = base.ops;
    if (!baseOps) {
      baseOps = 0;
      base.doc->module()->walk([&](Operation *) { ++*baseOps; });
    }
    return base.parseWork(*baseOps);
  }
  unsigned targetFn = 0; // the function of the finding being fixed
  SymbolTable *fileSymbols;
  /// How to free a buffer of `b`'s kind (freeOpNameFor, callees looked up
  /// in the file).
  std::string freeOpOf(const BufferInfo &b);
  /// The function `call` calls, looked up by name in the file (null
  /// without the file's symbols).
  mlir::FunctionOpInterface calleeInFile(mlir::CallOpInterface call) const;
};

} // namespace fixsearch
} // namespace memlint

#endif
