//===- Features.h - Hover, inlay hints and code actions ---------*- C++ -*-===//
//
// Editor features computed from an AnalysisResult, in memlint positions
// (1-based lines, byte columns). No LSP types: the protocol layer converts.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_FEATURES_H
#define MEMLINT_SERVER_FEATURES_H

#include "server/AnalysisResult.h"
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

/// Quick fixes for the `findings` (with their fixes) touching `range`, and
/// the file's fix-all action (every safe fix that does not overlap an
/// earlier one) when `findings` are all the file's.
std::vector<CodeActionInfo> codeActions(const std::vector<Finding> &findings,
                                        SourceRange range,
                                        const std::vector<std::string> &only);

} // namespace memlint

#endif
