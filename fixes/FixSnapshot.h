//===- FixSnapshot.h - Parsed texts, their analyses and signatures -*- C++
//-*-===//
//
// The fix search proves each candidate edit by parsing the edited text and
// re-running the lifetime analysis on it (FixFinder.h). This file holds
// what that compares: a Snapshot (a parsed text and its analysis) and its
// Signature (per function, the events by (kind, buffer) and the share of
// paths they happen on, and what callers see of it), and the events behind
// each finding (Group).
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_FIXSNAPSHOT_H
#define MEMLINT_FIXES_FIXSNAPSHOT_H

#include "analysis/Document.h"
#include "analysis/LifetimeAnalysis.h"
#include "analysis/lifetime/ModuleLifetimes.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace memlint {
namespace fixsearch {

/// (function index, event kind, buffer index or, for invalid frees, origin
/// index).
using EventKey = std::tuple<unsigned, int, int>;

/// The key of `e`, an event of function `fn`.
EventKey keyOf(unsigned fn, const Event &e);

/// Whether `e` counts in a signature: not in a function the analysis gave
/// up on (its coarse events prove nothing), nor an invalid free of memory
/// of unknown origin.
bool isReported(const LifetimeAnalysis &la, const Event &e);

/// What the analysis says of one function besides its events.
struct FunctionState {
  /// The analysis gave up, or lost paths: its events prove nothing.
  bool gaveUp = false;
  std::vector<bool> tracked; // per buffer
  // What callers see of the function (FunctionSummary).
  std::vector<bool> fresh;
  std::vector<std::optional<bool>> constant;
  bool operator==(const FunctionState &o) const {
    return gaveUp == o.gaveUp && tracked == o.tracked && fresh == o.fresh &&
           constant == o.constant;
  }
  bool operator!=(const FunctionState &o) const { return !(*this == o); }
};

/// Event counts and states of some functions of a module (all of them, or
/// the one a fix edits: an edit inside a function changes no other
/// function's analysis while the function's own summary stays the same).
struct Signature {
  std::map<EventKey, unsigned> counts;
  /// Per key, the summed share of paths its events happen on: a leak
  /// narrowed to fewer paths keeps its count but loses mass.
  std::map<EventKey, double> mass;
  std::map<unsigned, FunctionState> functions;

  unsigned count(const EventKey &k) const {
    auto it = counts.find(k);
    return it == counts.end() ? 0 : it->second;
  }
  double massOf(const EventKey &k) const {
    auto it = mass.find(k);
    return it == mass.end() ? 0.0 : it->second;
  }
  unsigned total() const {
    unsigned n = 0;
    for (auto &[k, c] : counts)
      n += c;
    return n;
  }
  double totalMass() const {
    double m = 0;
    for (auto &[k, x] : mass)
      m += x;
    return m;
  }
  /// Replaces what this says of the functions `other` covers.
  void update(const Signature &other) {
    for (auto &[fn, state] : other.functions) {
      functions[fn] = state;
      for (auto it = counts.begin(); it != counts.end();)
        it = std::get<0>(it->first) == fn ? counts.erase(it) : std::next(it);
      for (auto it = mass.begin(); it != mass.end();)
        it = std::get<0>(it->first) == fn ? mass.erase(it) : std::next(it);
    }
    for (auto &[k, c] : other.counts)
      counts[k] = c;
    for (auto &[k, x] : other.mass)
      mass[k] = x;
  }
  /// This signature restricted to function `fn`.
  Signature of(unsigned fn) const {
    Signature s;
    if (auto it = functions.find(fn); it != functions.end())
      s.functions[fn] = it->second;
    for (auto &[k, c] : counts)
      if (std::get<0>(k) == fn)
        s.counts[k] = c;
    for (auto &[k, x] : mass)
      if (std::get<0>(k) == fn)
        s.mass[k] = x;
    return s;
  }
};

/// Adds function `fn` of `ml` to `s`, keyed as function `as` (its index
/// where the signature is compared: see Snapshot::firstFunction).
void addFunction(Signature &s, ModuleLifetimes &ml, unsigned fn, unsigned as);

/// The signature of function `only`, or of every function.
Signature signatureOf(ModuleLifetimes &ml,
                      std::optional<unsigned> only = std::nullopt);

constexpr double Eps = 1e-9;

/// Nothing in `after` is worse than in `before` (more events of a key, or
/// events of a key on more paths), except possibly `except`.
bool noWorse(const Signature &before, const Signature &after,
             std::optional<EventKey> except = std::nullopt);

/// The keys with more events in `after` than in `before`, or events on
/// more paths; nullopt where what the analysis says of a function besides
/// its events changed (noWorse fails there with no key to blame).
std::optional<std::set<EventKey>> worseKeys(const Signature &before,
                                            const Signature &after);

/// `after` is no worse than `before` and has fewer events, or the same
/// events on fewer paths.
bool better(const Signature &before, const Signature &after);

/// A parsed text and its lifetime analysis.
///
/// Or a view of one function of a file through its window
/// (FunctionSlicer::windowFor), when the file's parse and analysis are at
/// hand: the search's base then costs nothing. Its text() is the window's,
/// its only function (index 0) is the file's function `firstFunction`, and
/// its IR, ranges and analysis are the file's: the window holds that
/// function's lines as the file does, so an edit (by line and column) means
/// the same in both, and the candidates, parsed from edited windows, are
/// compared with it function 0 to function 0.
struct Snapshot {
  /// Bytes of text the parser passes over in the time it parses an op
  /// (measured: 7 ns a byte of spaces, 7 us an op with its analysis). A
  /// slice blanks the functions that share a line with its own as spaces,
  /// so that line, however long, is parsed again for each candidate: the
  /// work a candidate costs is its ops and its bytes in ops.
  static constexpr uint64_t BytesPerOp = 1024;
  /// The work of parsing and analysing text(), given its ops.
  uint64_t parseWork(uint64_t ops) const {
    return ops + text().size() / BytesPerOp;
  }

  std::unique_ptr<Document> ownedDoc;
  std::unique_ptr<ModuleLifetimes> ownedLifetimes;
  Document *doc = nullptr;
  ModuleLifetimes *lifetimes = nullptr;
  Signature sig;
  /// Callee summaries the analyses use (see ModuleLifetimes::useSummaries).
  std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries;
  /// The context the texts of one search are parsed in (Document::parse).
  std::shared_ptr<mlir::MLIRContext> context;
  /// For a view: the window's text and where it starts in the file, and
  /// the file's index of the function seen.
  std::optional<std::string> window;
  TextOrigin windowOrigin;
  unsigned firstFunction = 0;
  /// The ops text() parses to, where known without walking doc (a view).
  std::optional<uint64_t> ops;

  llvm::StringRef text() const { return window ? *window : doc->text(); }
  /// Where text() starts in the file (a window of it: Document::parse).
  const TextOrigin &origin() const {
    return window ? windowOrigin : doc->origin();
  }
  unsigned functionCount() const {
    return window ? 1 : lifetimes->functions().size();
  }
  mlir::FunctionOpInterface function(unsigned fn) const {
    return lifetimes->functions()[firstFunction + fn];
  }
  LifetimeAnalysis &analysis(unsigned fn) const {
    return lifetimes->get(function(fn));
  }
};

/// The view of function `fn` of `file` (parsed and analysed) through its
/// window `text`, which starts at `origin` in the file; `ops`:
/// what the window parses to.
std::unique_ptr<Snapshot>
viewThroughWindow(Document &file, ModuleLifetimes &lifetimes, unsigned fn,
                  std::string text, TextOrigin origin, uint64_t ops,
                  std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
                  std::shared_ptr<mlir::MLIRContext> context);

ValueNamer namerFor(Document *doc);

/// Parses `text` for analysis (lazily, function by function); null when it
/// does not parse or verify. No signature yet. `context`: see
/// Document::parse; `threads` only without one.
std::unique_ptr<Snapshot>
parseSnapshot(std::string text, const std::string &fileName,
              std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
              std::shared_ptr<mlir::MLIRContext> context, unsigned threads = 1,
              TextOrigin origin = {});

/// Parses and analyses `text`; the signature covers function `only`, or
/// all. Null when the text does not parse or verify, or no longer has the
/// function.
std::unique_ptr<Snapshot>
analyzeText(std::string text, const std::string &fileName,
            std::optional<unsigned> only,
            std::shared_ptr<const ModuleLifetimes::SummaryMap> summaries,
            std::shared_ptr<mlir::MLIRContext> context, TextOrigin origin);

/// The events behind one finding.
struct Group {
  std::string check;
  SourceRange range;
  unsigned fn = 0;
  std::vector<Event> events;
};

/// The events behind each finding, keyed as the checks anchor and group
/// them (Check::eventGroups); findings of one check at one place share a
/// group.
std::map<std::pair<std::string, SourceRange>, Group>
groupEvents(Snapshot &s, std::optional<unsigned> only = std::nullopt);

} // namespace fixsearch
} // namespace memlint

#endif
