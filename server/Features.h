//===- Features.h - Hover, inlay hints and code actions ---------*- C++ -*-===//
//
// Editor features computed from an AnalysisResult, in memlint positions
// (1-based lines, byte columns). No LSP types: the protocol layer converts.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_FEATURES_H
#define MEMLINT_SERVER_FEATURES_H

#include "server/AnalysisResult.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace memlint {

struct HoverInfo {
  SourceRange range; // what the hover is about
  std::string markdown;
};

/// Hover on an allocating op, its SSA name, or a use of that name.
std::optional<HoverInfo> hoverAt(const AnalysisResult &result, SourcePos pos);

struct InlayHintInfo {
  SourcePos pos;
  std::string label;
};

/// One hint after each allocation whose op ends in [fromLine, toLine].
std::vector<InlayHintInfo> inlayHints(const AnalysisResult &result,
                                      unsigned fromLine, unsigned toLine);

constexpr const char *kQuickFixKind = "quickfix";
constexpr const char *kFixAllKind = "source.fixAll.memlint";

struct CodeActionInfo {
  std::string title;
  std::string kind;
  bool preferred = false;
  /// Indices into the findings given of those the action resolves.
  std::vector<size_t> findings;
  std::vector<TextEdit> edits;
};

/// True when an action of `kind` passes an LSP `only` filter (a kind matches
/// itself and its dotted sub-kinds). An empty filter passes everything.
bool kindMatches(const std::string &kind, const std::vector<std::string> &only);

/// The edit that suppresses `finding` in `text`: `// memlint: ignore[check]`
/// appended to the finding's line, or `check` added to the line's existing
/// `memlint: ignore[...]` list. None when the line suppresses it already.
std::optional<TextEdit> suppressEdit(llvm::StringRef text,
                                     const Finding &finding);

/// Quick fixes for the `findings` (with their fixes) touching `range`, each
/// followed by its "suppress" action (edits on `text`), and the file's
/// fix-all action (every safe fix that does not overlap an earlier one) when
/// `findings` are all the file's; only the kinds that pass `only`.
std::vector<CodeActionInfo> codeActions(const std::vector<Finding> &findings,
                                        SourceRange range,
                                        const std::vector<std::string> &only,
                                        llvm::StringRef text);

} // namespace memlint

#endif
