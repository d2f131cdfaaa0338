//===- OutputFormats.cpp - Findings as text, JSON and SARIF ---------------===//
#include "cli/OutputFormats.h"
#include "cli/Utf16Columns.h"

#include "analysis/checks/CheckInfo.h"
#include "cli/StreamedJson.h"
#include "memlint/Version.h"
#include <cctype>

namespace memlint {

/// `text` with its control characters escaped (`\n`, `\x1b`): a finding
/// is one line, and a symbol or path that holds a newline or a terminal
/// escape must not forge another finding or recolour the terminal.
static std::string oneLine(llvm::StringRef text) {
  static const char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u != 0x7f) {
      out += c;
      continue;
    }
    switch (c) {
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    }
  }
  return out;
}

static std::string position(const std::string &file, const SourceRange &r) {
  return oneLine(file) + ":" + std::to_string(r.start.line) + ":" +
         std::to_string(r.start.column);
}

void writeTextFinding(std::ostream &os, const std::string &file,
                      const Finding &f, bool color, std::string &out) {
  const char *bold = color ? "\033[1m" : "";
  const char *reset = color ? "\033[0m" : "";
  out.clear();
  const char *sevColor = "";
  if (color)
    sevColor = f.severity == Severity::Error     ? "\033[1;31m"
               : f.severity == Severity::Warning ? "\033[1;35m"
                                                 : "\033[1;36m";
  out += std::string(bold) + position(file, f.range) + ": " + reset + sevColor +
         severityName(f.severity) + ":" + reset + " " + bold +
         oneLine(f.message.str()) + " [" + f.check + "]" + reset + "\n";
  for (const RelatedLocation &rel : f.related)
    out += std::string(bold) + position(file, rel.range) + ": " + reset +
           (color ? "\033[1;30m" : "") + "note:" + reset + " " +
           oneLine(rel.message.str()) + "\n";
  os << out;
}

void writeText(std::ostream &os, const std::vector<FileReport> &reports,
               bool color) {
  // A finding at a time: the text of a large report is never one string.
  std::string out;
  for (const FileReport &r : reports)
    for (const Finding &f : r.findings)
      writeTextFinding(os, r.file, f, color, out);
}

// Objects are built by moving their members in: nlohmann's initializer
// lists copy every nested value, which made the JSON of a large report cost
// more than linting it.
static nlohmann::json positionToJson(const SourcePos &p) {
  nlohmann::json j = nlohmann::json::object();
  j["line"] = p.line;
  j["column"] = p.column;
  return j;
}

nlohmann::json rangeToJson(const SourceRange &r) {
  nlohmann::json j = nlohmann::json::object();
  j["start"] = positionToJson(r.start);
  j["end"] = positionToJson(r.end);
  return j;
}

nlohmann::json findingToJson(const Finding &f) {
  nlohmann::json related = nlohmann::json::array();
  for (const RelatedLocation &r : f.related) {
    nlohmann::json rel = nlohmann::json::object();
    rel["message"] = r.message.str();
    rel["range"] = rangeToJson(r.range);
    related.push_back(std::move(rel));
  }
  nlohmann::json fixes = nlohmann::json::array();
  for (const Fix &fix : f.fixes) {
    nlohmann::json edits = nlohmann::json::array();
    for (const TextEdit &e : fix.edits) {
      nlohmann::json edit = nlohmann::json::object();
      edit["range"] = rangeToJson(e.range);
      edit["newText"] = e.newText;
      edits.push_back(std::move(edit));
    }
    nlohmann::json j = nlohmann::json::object();
    j["title"] = fix.title;
    j["safe"] = fix.safe;
    j["edits"] = std::move(edits);
    fixes.push_back(std::move(j));
  }
  nlohmann::json j = nlohmann::json::object();
  j["check"] = f.check;
  j["severity"] = severityName(f.severity);
  j["message"] = f.message.str();
  j["range"] = rangeToJson(f.range);
  j["related"] = std::move(related);
  j["fixes"] = std::move(fixes);
  return j;
}

void writeJson(std::ostream &os, const std::vector<FileReport> &reports,
               unsigned threads) {
  nlohmann::json top = nlohmann::json::object();
  top["version"] = 1;
  top["files"] = nlohmann::json::array();
  writeStreamedJson(
      os, std::move(top), nlohmann::json::json_pointer("/files"),
      reports.size(), [&](std::ostream &os, size_t i, const std::string &in) {
        const FileReport &r = reports[i];
        nlohmann::json file = nlohmann::json::object();
        file["file"] = r.file;
        file["diagnostics"] = nlohmann::json::array();
        RenderedElements findings(r.findings.size(), threads, [&](size_t k) {
          return findingToJson(r.findings[k]);
        });
        writeStreamedJson(
            os, std::move(file), nlohmann::json::json_pointer("/diagnostics"),
            r.findings.size(),
            [&](std::ostream &os, size_t k, const std::string &in) {
              findings.write(os, k, in);
            },
            in);
      });
}

nlohmann::json formatJson(const std::vector<FileReport> &reports) {
  nlohmann::json files = nlohmann::json::array();
  for (const FileReport &r : reports) {
    nlohmann::json diags = nlohmann::json::array();
    for (const Finding &f : r.findings)
      diags.push_back(findingToJson(f));
    nlohmann::json file = nlohmann::json::object();
    file["file"] = r.file;
    file["diagnostics"] = std::move(diags);
    files.push_back(std::move(file));
  }
  nlohmann::json j = nlohmann::json::object();
  j["version"] = 1;
  j["files"] = std::move(files);
  return j;
}

static nlohmann::json sarifRegion(const SourceRange &r,
                                  const Utf16Columns *cols) {
  auto column = [&](const SourcePos &p) {
    return cols ? cols->column(p.line, p.column) : p.column;
  };
  nlohmann::json j = nlohmann::json::object();
  j["startLine"] = r.start.line;
  j["startColumn"] = column(r.start);
  j["endLine"] = r.end.line;
  j["endColumn"] = column(r.end);
  return j;
}

/// {"text": text}.
static nlohmann::json sarifText(std::string text) {
  nlohmann::json j = nlohmann::json::object();
  j["text"] = std::move(text);
  return j;
}

/// A path as a URI reference (RFC 3986): every byte but the unreserved
/// ones and `/` percent-encoded, so a space, `#` or `%` in a file name
/// stays part of the path.
static std::string sarifUri(const std::string &path) {
  static const char hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' ||
        c == '/') {
      out += c;
      continue;
    }
    out += '%';
    out += hex[c >> 4];
    out += hex[c & 15];
  }
  return out;
}

/// {"uri": ...} of `file`.
static nlohmann::json sarifArtifact(const std::string &file) {
  nlohmann::json j = nlohmann::json::object();
  j["uri"] = sarifUri(file);
  return j;
}

static nlohmann::json sarifLocation(const std::string &file,
                                    const SourceRange &r,
                                    const Utf16Columns *cols) {
  nlohmann::json physical = nlohmann::json::object();
  physical["artifactLocation"] = sarifArtifact(file);
  physical["region"] = sarifRegion(r, cols);
  nlohmann::json j = nlohmann::json::object();
  j["physicalLocation"] = std::move(physical);
  return j;
}

// SARIF's levels use the same words as memlint's severities.
static const char *sarifLevel(Severity s) { return severityName(s); }

/// SARIF's result for finding `f` of `file`.
static nlohmann::json sarifResult(const FileReport &report, const Finding &f,
                                  const std::map<std::string, int> &rules) {
  const std::string &file = report.file;
  const Utf16Columns *cols = report.columns.get();
  nlohmann::json related = nlohmann::json::array();
  int id = 1;
  for (const RelatedLocation &rel : f.related) {
    nlohmann::json loc = sarifLocation(file, rel.range, cols);
    loc["id"] = id++;
    loc["message"] = sarifText(rel.message.str());
    related.push_back(std::move(loc));
  }
  nlohmann::json res = nlohmann::json::object();
  res["ruleId"] = f.check;
  res["level"] = sarifLevel(f.severity);
  res["message"] = sarifText(f.message.str());
  res["locations"] = nlohmann::json::array();
  res["locations"].push_back(sarifLocation(file, f.range, cols));
  res["relatedLocations"] = std::move(related);
  if (auto it = rules.find(f.check); it != rules.end())
    res["ruleIndex"] = it->second;
  nlohmann::json fixes = nlohmann::json::array();
  for (const Fix &fix : f.fixes) {
    nlohmann::json replacements = nlohmann::json::array();
    for (const TextEdit &e : fix.edits) {
      nlohmann::json rep = nlohmann::json::object();
      rep["deletedRegion"] = sarifRegion(e.range, cols);
      rep["insertedContent"] = sarifText(e.newText);
      replacements.push_back(std::move(rep));
    }
    nlohmann::json change = nlohmann::json::object();
    change["artifactLocation"] = sarifArtifact(file);
    change["replacements"] = std::move(replacements);
    nlohmann::json j = nlohmann::json::object();
    j["description"] = sarifText(fix.title);
    j["artifactChanges"] = nlohmann::json::array();
    j["artifactChanges"].push_back(std::move(change));
    fixes.push_back(std::move(j));
  }
  if (!fixes.empty())
    res["fixes"] = std::move(fixes);
  return res;
}

/// The SARIF log without its results (an empty array), and the index of
/// each check's rule.
static nlohmann::json sarifEnvelope(std::map<std::string, int> &ruleIndex) {
  nlohmann::json rules = nlohmann::json::array();
  for (const CheckInfo &c : checkTable()) {
    ruleIndex[c.name] = rules.size();
    rules.push_back(
        {{"id", c.name},
         {"shortDescription", {{"text", c.summary}}},
         {"defaultConfiguration", {{"level", sarifLevel(c.severity)}}},
         {"helpUri", c.docUrl()}});
  }
  nlohmann::json driver = {{"name", "memlint"},
                           {"version", MEMLINT_VERSION},
                           {"informationUri", DocsBaseUrl}};
  driver["rules"] = std::move(rules);
  nlohmann::json tool = nlohmann::json::object();
  tool["driver"] = std::move(driver);
  nlohmann::json run = nlohmann::json::object();
  run["tool"] = std::move(tool);
  run["columnKind"] = "utf16CodeUnits";
  run["results"] = nlohmann::json::array();
  nlohmann::json out = {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"}};
  out["runs"] = nlohmann::json::array();
  out["runs"].push_back(std::move(run));
  return out;
}

nlohmann::json formatSarif(const std::vector<FileReport> &reports) {
  std::map<std::string, int> ruleIndex;
  nlohmann::json out = sarifEnvelope(ruleIndex);
  nlohmann::json &results = out["runs"][0]["results"];
  for (const FileReport &r : reports)
    for (const Finding &f : r.findings)
      results.push_back(sarifResult(r, f, ruleIndex));
  return out;
}

void writeSarif(std::ostream &os, const std::vector<FileReport> &reports,
                unsigned threads) {
  std::map<std::string, int> ruleIndex;
  nlohmann::json out = sarifEnvelope(ruleIndex);
  // The findings of all files, in order, as one array.
  std::vector<std::pair<const FileReport *, const Finding *>> all;
  for (const FileReport &r : reports)
    for (const Finding &f : r.findings)
      all.push_back({&r, &f});
  RenderedElements results(all.size(), threads, [&](size_t i) {
    return sarifResult(*all[i].first, *all[i].second, ruleIndex);
  });
  writeStreamedJson(os, std::move(out),
                    nlohmann::json::json_pointer("/runs/0/results"), all.size(),
                    [&](std::ostream &os, size_t i, const std::string &in) {
                      results.write(os, i, in);
                    });
}

} // namespace memlint
