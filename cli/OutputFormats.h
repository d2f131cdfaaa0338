//===- OutputFormats.h - Findings as text, JSON and SARIF -------*- C++ -*-===//
#ifndef MEMLINT_CLI_OUTPUTFORMATS_H
#define MEMLINT_CLI_OUTPUTFORMATS_H

#include "analysis/Finding.h"
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace memlint {

class Utf16Columns;

struct FileReport {
  std::string file;
  /// A deque: a large file's findings are gathered into it without a
  /// second copy (lintDocumentForOutput).
  std::deque<Finding> findings;
  /// For SARIF, which counts columns in UTF-16 code units (null: the file
  /// is taken for ASCII).
  std::shared_ptr<const Utf16Columns> columns;
};

/// clang style: FILE:LINE:COL: SEVERITY: MESSAGE [CHECK], then notes;
/// written a finding at a time.
void writeText(std::ostream &os, const std::vector<FileReport> &reports,
               bool color);
/// One finding of `file` as writeText writes it; `out`: scratch space.
void writeTextFinding(std::ostream &os, const std::string &file,
                      const Finding &f, bool color, std::string &out);
nlohmann::json rangeToJson(const SourceRange &r);
nlohmann::json findingToJson(const Finding &f);
/// The contract's report JSON ({"version": 1, "files": [...]}).
nlohmann::json formatJson(const std::vector<FileReport> &reports);
/// `os << std::setw(2) << formatJson(reports)`, a block of findings at a
/// time, each rendered on up to `threads` threads (StreamedJson.h): a
/// large report is never a tree in memory.
void writeJson(std::ostream &os, const std::vector<FileReport> &reports,
               unsigned threads = 1);
/// SARIF 2.1.0, one run, one rule per check.
nlohmann::json formatSarif(const std::vector<FileReport> &reports);
/// `os << std::setw(2) << formatSarif(reports)`, likewise.
void writeSarif(std::ostream &os, const std::vector<FileReport> &reports,
                unsigned threads = 1);

} // namespace memlint

#endif
