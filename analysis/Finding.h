//===- Finding.h - What a check reports -------------------------*- C++ -*-===//
#ifndef MEMLINT_ANALYSIS_FINDING_H
#define MEMLINT_ANALYSIS_FINDING_H

#include "analysis/Message.h"
#include "analysis/SourceRange.h"
#include <string>
#include <vector>

namespace memlint {

enum class Severity { Error, Warning, Note };

const char *severityName(Severity s); // "error", "warning", "note"
bool parseSeverity(const std::string &name, Severity &out);

struct TextEdit {
  SourceRange range; // replaced text; empty range = insertion
  std::string newText;
};

struct Fix {
  std::string title;
  /// Safe fixes keep behaviour and only change memory management; unsafe ones
  /// may change what the program does (ruff's convention).
  bool safe = true;
  std::vector<TextEdit> edits;
};

struct RelatedLocation {
  /// Words that may quote positions (see Message): shown as message.str().
  Message message;
  SourceRange range;
};

struct Finding {
  std::string check; // stable name: "leak", "double-free", ...
  Severity severity = Severity::Warning;
  Message message;
  SourceRange range;
  std::vector<RelatedLocation> related;
  std::vector<Fix> fixes;
};

/// The order findings are reported in, everywhere: by range, then check
/// name (a stable sort keeps each check's own order for the rest).
bool findingLess(const Finding &a, const Finding &b);

/// A problem with the input itself (does not parse or verify).
struct InputError {
  std::string message;
  SourceRange range; // may be invalid when the error has no location
  /// The diagnostic's notes (also in `message`, one per line after the
  /// first), each with its own location when it has one.
  std::vector<RelatedLocation> notes;
};

} // namespace memlint

#endif
