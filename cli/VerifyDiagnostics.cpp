//===- VerifyDiagnostics.cpp - expected-* comments, as mlir-opt -----------===//
#include "cli/VerifyDiagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include <regex>

namespace memlint {
namespace {

struct Expectation {
  Severity severity;
  unsigned line;  // the line the diagnostic must be on
  unsigned where; // the line of the comment
  std::string text;
  bool matched = false;
};

std::vector<Expectation> parseExpectations(const std::string &text,
                                           std::vector<std::string> &problems,
                                           const std::string &file) {
  std::vector<Expectation> out;
  static const std::regex re(
      R"(expected-(error|warning|note|remark)\s*(@(above|below|[+-][0-9]+|[0-9]+))?\s*\{\{(.*?)\}\})");
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(text).split(lines, '\n');
  std::vector<unsigned> pendingBelow;
  unsigned lastCode = 0;
  for (unsigned i = 0; i < lines.size(); ++i) {
    unsigned lineNo = i + 1;
    std::string line = lines[i].str();
    size_t comment = line.find("//");
    bool hasCode = llvm::StringRef(line.substr(0, comment)).trim().size() > 0;
    if (comment != std::string::npos) {
      std::string c = line.substr(comment);
      for (std::sregex_iterator it(c.begin(), c.end(), re), end; it != end;
           ++it) {
        const std::smatch &m = *it;
        Expectation e;
        std::string sev = m[1];
        e.severity = sev == "error"     ? Severity::Error
                     : sev == "warning" ? Severity::Warning
                                        : Severity::Note;
        e.where = lineNo;
        e.text = m[4];
        std::string off = m[3];
        if (off.empty()) {
          e.line = lineNo;
        } else if (off == "above") {
          e.line = lastCode;
        } else if (off == "below") {
          e.line = 0;
          pendingBelow.push_back(out.size());
        } else if (off[0] == '+' || off[0] == '-') {
          // An offset past the first or the last line is the comment's
          // mistake: mlir-opt reports it at the comment, not on a line
          // that wrapped around.
          long long d = 0;
          bool huge = llvm::StringRef(off)
                          .drop_front(off[0] == '+')
                          .getAsInteger(10, d);
          long long target = lineNo + d;
          if (huge || target < 1 ||
              target > static_cast<long long>(lines.size())) {
            problems.push_back(file + ":" + std::to_string(lineNo) +
                               ": error: expected-* @" + off +
                               " points outside the file");
            continue;
          }
          e.line = static_cast<unsigned>(target);
        } else {
          unsigned line = 0;
          (void)llvm::StringRef(off).getAsInteger(10, line); // 0: no line
          e.line = line;
        }
        out.push_back(e);
      }
    }
    if (hasCode) {
      lastCode = lineNo;
      for (unsigned idx : pendingBelow)
        if (out[idx].where != lineNo)
          out[idx].line = lineNo;
      pendingBelow.erase(std::remove_if(pendingBelow.begin(),
                                        pendingBelow.end(),
                                        [&](unsigned idx) {
                                          return out[idx].line != 0;
                                        }),
                         pendingBelow.end());
    }
  }
  for (unsigned idx : pendingBelow)
    problems.push_back(file + ":" + std::to_string(out[idx].where) +
                       ": error: expected-* @below has no line below it");
  return out;
}

} // namespace

bool verifyDiagnostics(const std::string &file, const std::string &text,
                       const std::vector<Finding> &findings,
                       std::vector<std::string> &problems) {
  size_t before = problems.size();
  std::vector<Expectation> expected = parseExpectations(text, problems, file);
  auto claim = [&](Severity sev, unsigned line, const std::string &msg) {
    for (Expectation &e : expected)
      if (!e.matched && e.severity == sev && e.line == line &&
          msg.find(e.text) != std::string::npos) {
        e.matched = true;
        return true;
      }
    return false;
  };
  for (const Finding &f : findings) {
    std::string msg = f.message.str() + " [" + f.check + "]";
    if (!claim(f.severity, f.range.start.line, msg))
      problems.push_back(file + ":" + std::to_string(f.range.start.line) +
                         ":" + std::to_string(f.range.start.column) +
                         ": error: unexpected " + severityName(f.severity) +
                         ": " + msg);
  }
  // Related notes: matched when a test lists them, never required.
  for (const Finding &f : findings)
    for (const RelatedLocation &r : f.related)
      claim(Severity::Note, r.range.start.line, r.message.str());
  for (const Expectation &e : expected)
    if (!e.matched)
      problems.push_back(file + ":" + std::to_string(e.where) +
                         ": error: expected " + severityName(e.severity) +
                         " \"" + e.text + "\" on line " +
                         std::to_string(e.line) + " was not produced");
  return problems.size() == before;
}

} // namespace memlint
