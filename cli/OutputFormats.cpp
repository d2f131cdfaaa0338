//===- OutputFormats.cpp - Findings as text, JSON and SARIF ---------------===//
#include "cli/OutputFormats.h"

#include "analysis/checks/CheckInfo.h"
#include "memlint/Version.h"
#include <cctype>

namespace memlint {

static std::string position(const std::string &file, const SourceRange &r) {
  return file + ":" + std::to_string(r.start.line) + ":" +
         std::to_string(r.start.column);
}

std::string formatText(const std::vector<FileReport> &reports, bool color) {
  std::string out;
  const char *bold = color ? "\033[1m" : "";
  const char *reset = color ? "\033[0m" : "";
  for (const FileReport &r : reports) {
    for (const Finding &f : r.findings) {
      const char *sevColor = "";
      if (color)
        sevColor = f.severity == Severity::Error     ? "\033[1;31m"
                   : f.severity == Severity::Warning ? "\033[1;35m"
                                                     : "\033[1;36m";
      out += std::string(bold) + position(r.file, f.range) + ": " + reset +
             sevColor + severityName(f.severity) + ":" + reset + " " + bold +
             f.message.str() + " [" + f.check + "]" + reset + "\n";
      for (const RelatedLocation &rel : f.related)
        out += std::string(bold) + position(r.file, rel.range) + ": " + reset +
               (color ? "\033[1;30m" : "") + "note:" + reset + " " +
               rel.message.str() + "\n";
    }
  }
  return out;
}

nlohmann::json rangeToJson(const SourceRange &r) {
  return {{"start", {{"line", r.start.line}, {"column", r.start.column}}},
          {"end", {{"line", r.end.line}, {"column", r.end.column}}}};
}

nlohmann::json findingToJson(const Finding &f) {
  nlohmann::json related = nlohmann::json::array();
  for (const RelatedLocation &r : f.related)
    related.push_back(
        {{"message", r.message.str()}, {"range", rangeToJson(r.range)}});
  nlohmann::json fixes = nlohmann::json::array();
  for (const Fix &fix : f.fixes) {
    nlohmann::json edits = nlohmann::json::array();
    for (const TextEdit &e : fix.edits)
      edits.push_back({{"range", rangeToJson(e.range)}, {"newText", e.newText}});
    fixes.push_back({{"title", fix.title}, {"safe", fix.safe}, {"edits", edits}});
  }
  return {{"check", f.check},           {"severity", severityName(f.severity)},
          {"message", f.message.str()}, {"range", rangeToJson(f.range)},
          {"related", related},         {"fixes", fixes}};
}

nlohmann::json formatJson(const std::vector<FileReport> &reports) {
  nlohmann::json files = nlohmann::json::array();
  for (const FileReport &r : reports) {
    nlohmann::json diags = nlohmann::json::array();
    for (const Finding &f : r.findings)
      diags.push_back(findingToJson(f));
    files.push_back({{"file", r.file}, {"diagnostics", diags}});
  }
  return {{"version", 1}, {"files", files}};
}

static nlohmann::json sarifRegion(const SourceRange &r) {
  return {{"startLine", r.start.line},
          {"startColumn", r.start.column},
          {"endLine", r.end.line},
          {"endColumn", r.end.column}};
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

static nlohmann::json sarifLocation(const std::string &file,
                                    const SourceRange &r) {
  return {{"physicalLocation",
           {{"artifactLocation", {{"uri", sarifUri(file)}}},
            {"region", sarifRegion(r)}}}};
}

// SARIF's levels use the same words as memlint's severities.
static const char *sarifLevel(Severity s) { return severityName(s); }

nlohmann::json formatSarif(const std::vector<FileReport> &reports) {
  nlohmann::json rules = nlohmann::json::array();
  std::map<std::string, int> ruleIndex;
  for (const CheckInfo &c : checkTable()) {
    ruleIndex[c.name] = rules.size();
    rules.push_back(
        {{"id", c.name},
         {"shortDescription", {{"text", c.summary}}},
         {"defaultConfiguration", {{"level", sarifLevel(c.severity)}}},
         {"helpUri", c.docUrl()}});
  }
  nlohmann::json results = nlohmann::json::array();
  for (const FileReport &r : reports) {
    for (const Finding &f : r.findings) {
      nlohmann::json related = nlohmann::json::array();
      int id = 1;
      for (const RelatedLocation &rel : f.related) {
        nlohmann::json loc = sarifLocation(r.file, rel.range);
        loc["id"] = id++;
        loc["message"] = {{"text", rel.message.str()}};
        related.push_back(loc);
      }
      nlohmann::json res = {{"ruleId", f.check},
                            {"level", sarifLevel(f.severity)},
                            {"message", {{"text", f.message.str()}}},
                            {"locations", {sarifLocation(r.file, f.range)}},
                            {"relatedLocations", related}};
      if (ruleIndex.count(f.check))
        res["ruleIndex"] = ruleIndex[f.check];
      nlohmann::json fixes = nlohmann::json::array();
      for (const Fix &fix : f.fixes) {
        nlohmann::json replacements = nlohmann::json::array();
        for (const TextEdit &e : fix.edits)
          replacements.push_back({{"deletedRegion", sarifRegion(e.range)},
                                  {"insertedContent", {{"text", e.newText}}}});
        fixes.push_back(
            {{"description", {{"text", fix.title}}},
             {"artifactChanges",
              {{{"artifactLocation", {{"uri", sarifUri(r.file)}}},
                {"replacements", replacements}}}}});
      }
      if (!fixes.empty())
        res["fixes"] = fixes;
      results.push_back(res);
    }
  }
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs",
           {{{"tool",
              {{"driver",
                {{"name", "memlint"},
                 {"version", MEMLINT_VERSION},
                 {"informationUri", DocsBaseUrl},
                 {"rules", rules}}}}},
             {"results", results}}}}};
}

} // namespace memlint
