//===- Finding.cpp --------------------------------------------------------===//
#include "analysis/Finding.h"

namespace memlint {

const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "warning";
}

bool parseSeverity(const std::string &name, Severity &out) {
  if (name == "error")
    out = Severity::Error;
  else if (name == "warning")
    out = Severity::Warning;
  else if (name == "note" || name == "info" || name == "information")
    out = Severity::Note;
  else
    return false;
  return true;
}

bool findingLess(const Finding &a, const Finding &b) {
  if (!(a.range == b.range))
    return a.range < b.range;
  return a.check < b.check;
}

} // namespace memlint
