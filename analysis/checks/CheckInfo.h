//===- CheckInfo.h - What is known of each check ----------------*- C++ -*-===//
//
// Ids, default severities, fixes, summaries and doc pages of the checks, as
// CheckTable.def lists them. Front ends and fixes/ ask here instead of
// spelling check names themselves.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_CHECKS_CHECKINFO_H
#define MEMLINT_ANALYSIS_CHECKS_CHECKINFO_H

#include "analysis/Finding.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace memlint {

enum class CheckId {
#define MEMLINT_CHECK(E, ID, SEV, FIX, SUMMARY) E,
#include "analysis/checks/CheckTable.def"
};

/// How fixes/ repairs a finding of a check.
enum class CheckFix {
  None,
  Frees, // moves, adds or drops frees: the buffer-lifetime bugs
  Merge, // merges two buffers into one
};

struct CheckInfo {
  CheckId id;
  const char *name; // the stable id: "leak", "double-free", ...
  Severity severity;
  CheckFix fix;
  /// One line: what the check finds (help text, SARIF rule description).
  const char *summary;

  bool fixable() const { return fix != CheckFix::None; }
  /// The check's page, relative to the repository root.
  std::string docPath() const;
  /// The published page (LSP codeDescription.href, SARIF helpUri).
  std::string docUrl() const;
};

/// Every check, in the table's order.
llvm::ArrayRef<CheckInfo> checkTable();
const CheckInfo &checkInfo(CheckId id);
/// The row named `name`, or null.
const CheckInfo *findCheckInfo(llvm::StringRef name);

/// Where memlint's pages are published; a check's page is under checks/.
inline constexpr const char *DocsBaseUrl = "https://memlint.dev";

} // namespace memlint

#endif
