//===- Fixes.h - Fixes for lifetime findings --------------------*- C++ -*-===//
//
// The one place fixes are computed; `memlint fix`, `lint --format=json` and
// the language server's quick fixes all come from here, so every front end
// offers the same edits.
//
// A fix is a list of minimal text edits on the user's file (formatting,
// comments, SSA names kept; the module is never re-printed). Every fix is
// checked before it is offered: the edited text is parsed and the lifetime
// analysis re-run, and the fix is kept only if its finding is gone and no
// event (leak, double free, use after free, invalid free) appears that was
// not there before. When no candidate passes, the finding gets no fix.
//
// What each check's fix does, and whether it is safe (behaviour kept, only
// memory management changes) is in fixes/README.md.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_FIXES_H
#define MEMLINT_FIXES_FIXES_H

#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/Finding.h"
#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

class ModuleLifetimes;

/// Attaches at most one fix to each leak, double-free, use-after-free,
/// invalid-free and missed-reuse finding of `findings` (as lintDocument
/// returned them for `doc`; other findings are left alone). `lifetimes` must
/// be an analysis of doc.module(); the overload without it builds one.
///
/// Each fix is proven by re-analysing the edited function, per candidate
/// edit. `workOps` bounds that work for the whole document, in operations
/// parsed and analysed (a function's own window costs its ops once, each
/// candidate the ops of the window); findings met once it is spent get no
/// fix, and no function is started that one candidate would overrun.
/// Deterministic, unlike a time limit.
void attachFixes(Document &doc, ModuleLifetimes &lifetimes,
                 std::vector<Finding> &findings,
                 std::optional<uint64_t> workOps = std::nullopt,
                 unsigned threads = 1);
void attachFixes(Document &doc, std::vector<Finding> &findings);
/// attachFixes spending `*work` (what is left stays there; no bound when
/// null), for a bound shared by several documents; stops before the next
/// function once `*cancelled` is set (findings not reached get no fix).
/// False when the bound or the flag left some finding's search unfinished.
/// The functions' searches run on up to `threads` threads (WorkPool.h)
/// where the document's context allows it, each on a share of the work in
/// proportion to its function's size, then one at a time on what is left:
/// the fixes found are the same whatever the threads and the load.
bool attachFixesWithin(Document &doc, ModuleLifetimes &lifetimes,
                       std::vector<Finding> &findings, uint64_t *work,
                       const std::atomic<bool> *cancelled = nullptr,
                       unsigned threads = 1);

/// The work attachFixes may spend on a document of `ops` operations when
/// its fixes are shown with its findings (`memlint lint --format=json`,
/// the editor's fixes): about three times what linting it costs.
constexpr uint64_t defaultFixWork(uint64_t ops) { return 2 * ops + 200000; }

/// lintDocument followed by attachFixes: what the CLI's JSON/SARIF output
/// and the language server show. With `work`, attachFixesWithin's bound;
/// `opts.cancelled` stops the search too; `complete` says whether every
/// finding's search ran to its end.
std::vector<Finding> lintWithFixes(Document &doc, const LintOptions &opts,
                                   uint64_t *work = nullptr,
                                   bool *complete = nullptr);

struct FixRunResult {
  /// False when the input does not parse or verify; `errors` says why and
  /// `text` is the input unchanged.
  bool inputValid = true;
  std::vector<InputError> errors;
  std::string text;     // the fixed text
  unsigned applied = 0; // fixes applied over all rounds
  unsigned rounds = 0;
  /// Texts parsed and analysed to find and prove the fixes (candidates,
  /// groups of fixes or merges taken together, a function's next steps);
  /// the rounds' parses of the whole file are not counted. The work
  /// counter of `memlint fix`: each costs about a lint of the function.
  uint64_t analyses = 0;
  /// Wall seconds of the rounds' parses and lints of the whole file, and
  /// of the functions' searches and proofs (`memlint fix --time-report`).
  double fileSeconds = 0, searchSeconds = 0;
  /// Findings of the fixed text: those no fix could remove, unless
  /// `stoppedAtRoundLimit`.
  std::vector<Finding> remaining;
  /// The rounds ran out while the last one still took fixes: fixing the
  /// output again may take more.
  bool stoppedAtRoundLimit = false;
};

/// Applies fixes until nothing changes (at most `maxRounds` rounds): each
/// round lints the current text, applies the non-overlapping fixes (safe
/// ones; unsafe ones too when `unsafe`) that are still right together
/// (missed-reuse merges only in functions no lifetime fix edits that
/// round), and re-parses. Running it on its own output changes nothing.
FixRunResult fixText(const std::string &text, const std::string &fileName,
                     const LintOptions &opts, bool unsafe,
                     unsigned maxRounds = 8);

} // namespace memlint

#endif
