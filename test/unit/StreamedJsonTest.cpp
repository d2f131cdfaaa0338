//===- StreamedJsonTest.cpp - Streamed JSON is the dumped tree ----------===//
#include "cli/StreamedJson.h"
#include "cli/OutputFormats.h"

#include <gtest/gtest.h>
#include <iomanip>
#include <sstream>

using namespace memlint;
using nlohmann::json;

namespace {

/// What `os << std::setw(2) << j` writes.
std::string dumped(const json &j) {
  std::ostringstream os;
  os << std::setw(2) << j;
  return os.str();
}

/// `envelope` with `elements` at `at`, streamed.
std::string streamed(json envelope, const std::string &at,
                     const std::vector<json> &elements) {
  std::ostringstream os;
  writeStreamedJson(os, std::move(envelope), json::json_pointer(at),
                    elements.size(),
                    [&](std::ostream &os, size_t i, const std::string &in) {
                      writeIndentedJson(os, elements[i], in);
                    });
  return os.str();
}

TEST(StreamedJson, IsTheDumpOfTheWholeTree) {
  std::vector<json> elements = {
      json::object(),
      json::array(),
      json{{"a", 1}, {"b", json::array({1, "two\nlines", json::object()})}},
      "a string with \"quotes\" and \\ and a tab\t",
      json{{"nested", {{"deeper", json::array({json::array({1})})}}}},
  };
  json envelope = {{"version", 1}, {"z", "after"}, {"a", "before"}};
  envelope["files"] = json::array();
  for (size_t n = 0; n <= elements.size(); ++n) {
    std::vector<json> some(elements.begin(), elements.begin() + n);
    json whole = envelope;
    whole["files"] = some;
    EXPECT_EQ(streamed(envelope, "/files", some), dumped(whole)) << n;
  }
}

TEST(StreamedJson, NestedArraysAndPlaceholderLookalikes) {
  // A string in the envelope that looks like the placeholder.
  json envelope = {{"name", "memlint-elements"},
                   {"runs", json::array({{{"results", json::array()},
                                          {"tool", "memlint-elements-"}}})}};
  std::vector<json> elements = {json{{"x", 1}},
                                json{{"y", "memlint-elements"}}};
  json whole = envelope;
  whole["runs"][0]["results"] = elements;
  EXPECT_EQ(streamed(envelope, "/runs/0/results", elements), dumped(whole));

  // An element itself streamed at its own indentation.
  std::ostringstream os;
  json outer = {{"files", json::array()}};
  writeStreamedJson(
      os, outer, json::json_pointer("/files"), 2,
      [&](std::ostream &os, size_t i, const std::string &in) {
        json file = {{"file", "f" + std::to_string(i)},
                     {"diagnostics", json::array()}};
        writeStreamedJson(
            os, file, json::json_pointer("/diagnostics"), i,
            [&](std::ostream &os, size_t k, const std::string &in) {
              writeIndentedJson(os, json{{"k", k}}, in);
            },
            in);
      });
  json expected = outer;
  expected["files"] = {
      {{"file", "f0"}, {"diagnostics", json::array()}},
      {{"file", "f1"}, {"diagnostics", json::array({json{{"k", 0}}})}}};
  EXPECT_EQ(os.str(), dumped(expected));
}

TEST(StreamedJson, ReportsAreTheirTrees) {
  // More findings than a block renders at once (RenderedElements).
  Finding f;
  f.check = "leak";
  f.message = Message("a \"leak\"\nof %a");
  f.range = {{2, 3}, {2, 9}};
  f.related.push_back({Message("here"), {{4, 1}, {4, 2}}});
  Fix fix;
  fix.title = "Free %a";
  fix.edits.push_back({{{6, 1}, {6, 1}}, "  memref.dealloc %a\n"});
  f.fixes.push_back(fix);
  std::vector<FileReport> reports = {
      {"a.mlir", {f, f}}, {"b c.mlir", {}}, {"d.mlir", {f}}};
  for (size_t n = 0; n <= reports.size(); ++n) {
    std::vector<FileReport> some(reports.begin(), reports.begin() + n);
    for (unsigned threads : {1u, 4u}) {
      std::ostringstream json, sarif;
      writeJson(json, some, threads);
      writeSarif(sarif, some, threads);
      EXPECT_EQ(json.str(), dumped(formatJson(some))) << n;
      EXPECT_EQ(sarif.str(), dumped(formatSarif(some))) << n;
    }
  }
}

} // namespace
