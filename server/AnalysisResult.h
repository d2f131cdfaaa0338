//===- AnalysisResult.h - What the server knows about one version -*- C++ -*-=//
//
// The feature layer's view of one version of one document: plain data (no
// MLIR objects, no LSP types), so it can be cached per top-level operation,
// shared between threads and outlive the MLIRContext it came from.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_ANALYSISRESULT_H
#define MEMLINT_SERVER_ANALYSISRESULT_H

#include "analysis/Finding.h"
#include "server/TextLines.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class Operation;
} // namespace mlir

namespace memlint {

class Document;
class LifetimeAnalysis;
class ModuleLifetimes;
struct LintOptions;

struct FreeSite {
  SourceRange range;
  std::string opName;
  /// The paths on which it frees the buffer, as the analysis words them
  /// ("when %c is true"); empty: whenever it runs (or not known).
  Message when;
};

/// What hover and inlay hints show about one allocation (and, as other
/// kinds, about one function or one memref argument).
struct BufferFacts {
  enum class Kind { Buffer, Function, Argument } kind = Kind::Buffer;
  std::string name;   // "%a"
  std::string opName; // "memref.alloc"
  std::string type;   // "memref<64x64xf32>"
  SourceRange opRange;
  SourceRange nameRange;
  std::vector<SourceRange> uses; // mentions of the SSA name
  SourcePos hintPos;             // end of the op, for the inlay hint
  /// Bytes when every dimension is static, else the symbolic form in
  /// `sizeText` ("64 × %n bytes").
  std::optional<uint64_t> bytes;
  std::string sizeText;
  std::string space; // "default" or the printed memory space
  bool stack = false;
  std::vector<FreeSite> frees;
  /// Lines from the allocation to its last use or free.
  unsigned liveFrom = 0, liveTo = 0;

  /// A function's arena plan per memory space, as `memlint plan` makes it
  /// (analysis/MemoryPlan): for Kind::Function.
  struct SpaceSummary {
    std::string space;
    unsigned buffers = 0, unplanned = 0;
    int64_t peakBytes = 0, lowerBoundBytes = 0, noReuseBytes = 0;
    /// The planner's input, for `memlint/plan` (PlanView), which plans
    /// the arena again with the exact search `memlint plan` runs: the
    /// numbers above are the heuristics' (hover must stay cheap).
    struct Entry {
      std::string name;   // "%a"
      SourceRange range;  // the allocating op
      unsigned startLine = 0, endLine = 0; // as `memlint plan` prints them
      int64_t lower = 0, upper = 0; // program points, half open
      std::optional<int64_t> bytes; // static size
      /// What the arena reserves (`bytes`, or a dynamic size's bound
      /// under the assumptions); none when not in the arena.
      std::optional<int64_t> arenaBytes;
      /// Why it is not in the arena; empty when it is.
      std::string unplanned;
    };
    /// In allocation order, as MemoryPlan lists them.
    std::vector<Entry> entries;
    /// The most bytes live at once and the line of the first op where that
    /// happens (0 when the arena is empty).
    int64_t maxLiveBytes = 0;
    unsigned maxLiveLine = 0;
    /// Not empty when the arena cannot be planned (SpacePlan::error).
    std::string error;
  };
  std::vector<SpaceSummary> spaces;
  /// The alignment the plan was made with (Kind::Function).
  int64_t planAlignment = 64;
};

/// What the facts read of one function's path-sensitive analysis: the
/// function's and its memref arguments' facts (its plan), and what each
/// free frees by allocating value, with the words for its paths. Taken
/// while the analysis holds its state (LintOptions::beforeRelease).
struct FunctionSemantics {
  std::vector<BufferFacts> functionFacts;
  llvm::DenseMap<mlir::Value,
                 std::vector<std::pair<mlir::Operation *, Message>>>
      freesOf;
};
using SemanticsByFunction = llvm::DenseMap<mlir::Operation *, FunctionSemantics>;
FunctionSemantics functionSemantics(Document &doc, LifetimeAnalysis &la,
                                    const LintOptions &options);

/// Facts for every allocation (heap or stack) nested in `root`; with
/// `semantics`, also for each function in it (its plan), its memref
/// arguments, and the frees the analysis found.
void collectBufferFacts(Document &doc, mlir::Operation *root,
                        std::vector<BufferFacts> &out,
                        const SemanticsByFunction *semantics);
/// The same, taking the semantics from `lifetimes` (analysing as needed).
void collectBufferFacts(Document &doc, mlir::Operation *root,
                        std::vector<BufferFacts> &out,
                        ModuleLifetimes *lifetimes = nullptr,
                        const LintOptions *options = nullptr);

/// Moves every position of `b` by `delta` lines.
void moveLines(BufferFacts &b, int delta);
/// Moves a valid range by `delta` lines.
void moveRange(SourceRange &r, int delta);
/// Moves every position of `f` by `delta` lines, those its words quote
/// included.
void moveFinding(Finding &f, int delta);

/// "16 KiB", "1.5 MiB", "100 B": a short human size.
std::string formatBytes(uint64_t bytes);

struct AnalysisResult {
  int64_t version = 0;
  std::shared_ptr<const std::string> text;
  /// Lines of `text`, for position conversions.
  std::unique_ptr<TextLines> lines;
  /// Non-empty when the text does not parse or verify: findings and buffers
  /// are empty then (the last good results are kept out of the way).
  std::vector<InputError> errors;
  /// The diagnostic code of `errors`.
  std::string errorCode = "parse-error";
  /// Findings in groups (one per top-level operation, in line order), each
  /// shared with the analysis cache and to be moved by `lineDelta` lines,
  /// like the buffer groups below. They may carry fixes; what is published
  /// ignores them (IncrementalLinter::findingsWithFixes is where fixes come
  /// from: checking them costs far more than linting).
  struct FindingGroup {
    std::shared_ptr<const std::vector<Finding>> findings;
    int lineDelta = 0;
  };
  std::vector<FindingGroup> findingGroups;
  /// Findings in no group, positioned for this version: all of them after
  /// a whole-file analysis. In findingLess order.
  std::vector<Finding> ungroupedFindings;
  /// Every finding, positioned for this version, in findingLess order and
  /// without fixes. Made on first use (publishing does not need it).
  const std::vector<Finding> &findings() const;
  size_t findingCount() const;

  /// Buffer facts in groups (one per top-level operation) shared with the
  /// analysis cache, each to be moved by `lineDelta` lines: copying them all
  /// on every edit of a large file costs more than the analysis.
  struct BufferGroup {
    std::shared_ptr<const std::vector<BufferFacts>> facts;
    int lineDelta = 0;
    unsigned firstLine = 0, lastLine = 0; // the lines it covers now
  };
  std::vector<BufferGroup> bufferGroups;
  /// The buffers of the groups overlapping lines [from, to], positioned for
  /// this version.
  std::vector<BufferFacts> buffersIn(unsigned from, unsigned to) const;
  size_t bufferCount() const;

  /// Findings with their fixes, kept per operation (an index into `ops`;
  /// npos for a whole-file analysis) once a fix search for this version
  /// finished on it, so later code actions are answered at once, on any
  /// thread (IncrementalLinter, which finds them, is its worker's alone).
  void keepFixes(size_t op, std::vector<Finding> findings) const;
  /// The kept findings with fixes touching `range` (all when invalid), in
  /// findingLess order; none unless every operation `range` overlaps has
  /// them kept.
  std::optional<std::vector<Finding>> keptFixes(SourceRange range) const;

  /// The top-level operations as analysed incrementally (empty after a
  /// whole-file analysis): their cache keys and lines.
  struct OpSpan {
    uint64_t key = 0;
    unsigned firstLine = 0, lastLine = 0;
    /// It does not parse, or reaches one that does not: not analysed.
    bool broken = false;
  };
  std::vector<OpSpan> ops;
  /// The analysis was cancelled (a newer version came): never published.
  bool cancelled = false;

  /// How the result was computed, for tests and the benchmark.
  struct Stats {
    std::string mode; // "incremental" or "whole-file"
    unsigned opsTotal = 0;
    unsigned opsAnalysed = 0;
    double milliseconds = 0;
    std::string note; // why incremental analysis was not used
  } stats;

private:
  mutable std::once_flag allFindingsOnce;
  mutable std::vector<Finding> allFindings;
  mutable std::mutex fixesMutex;
  mutable std::map<size_t, std::vector<Finding>> fixesByOp;
};

/// Whether `r` touches `range` (every valid `r` does when `range` is
/// invalid): the findings a code action request is about.
bool touchesRange(const SourceRange &range, const SourceRange &r);

/// The result for a document over the size limit: one error, nothing
/// analysed.
std::shared_ptr<AnalysisResult>
tooLargeResult(std::shared_ptr<const std::string> text, int64_t version,
               uint64_t limit);

} // namespace memlint

#endif
