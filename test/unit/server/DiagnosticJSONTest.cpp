//===- DiagnosticJSONTest.cpp - Encoded diagnostics move with their lines -===//
//
// The server encodes a cached operation's findings once and writes them at
// whatever lines the operation has moved to. Written out at a delta, they
// must read exactly as the findings moved by that delta, encoded afresh:
// ranges, related locations and the positions the messages quote.
//
//===----------------------------------------------------------------------===//
#include "server/DiagnosticJSON.h"

#include "server/AnalysisResult.h"
#include "llvm/Support/JSON.h"
#include <gtest/gtest.h>

using namespace memlint;

namespace {

/// A finding at `line` whose message quotes line `line + 2` and whose
/// related location is on `line + 1`; its words hold characters that JSON
/// escapes and one that UTF-16 counts as two units.
Finding sample(unsigned line) {
  Finding f;
  f.check = "leak";
  f.severity = Severity::Warning;
  f.range = {{line, 3}, {line, 9}};
  f.message = Message("\"%a\" is never freed \\ when the loop at ") +
              Message::position({line + 2, 5}) + Message(" runs\tonce");
  RelatedLocation r;
  r.range = {{line + 1, 1}, {line + 1, 4}};
  r.message = Message("allocated at ") + Message::position({line + 1, 1});
  f.related.push_back(r);
  return f;
}

/// Forty lines alike (an operation moved by whole lines keeps its text),
/// or, with `emojiLine`, that line starting with a character of 4 bytes
/// and two UTF-16 units.
std::string text(int emojiLine = -1) {
  std::string t;
  for (int i = 1; i <= 40; ++i)
    t += i == emojiLine ? "\xF0\x9F\x98\x80 x = y\n" : "  abcdefghij\n";
  return t;
}

llvm::json::Value parseArray(const std::string &objects) {
  llvm::Expected<llvm::json::Value> v = llvm::json::parse("[" + objects + "]");
  if (!v) {
    ADD_FAILURE() << llvm::toString(v.takeError()) << "\n" << objects;
    return nullptr;
  }
  return std::move(*v);
}

TEST(DiagnosticJSON, WrittenAtADeltaReadsAsTheMovedFindingsEncoded) {
  std::string t = text();
  TextLines lines(t);
  DiagnosticContext ctx{"file:///a.mlir", PositionEncoding::UTF16, ""};
  std::vector<Finding> findings = {sample(10), sample(12)};
  EncodedDiagnostics encoded = encodeFindings(findings, 0, lines, ctx);
  for (int delta : {0, 5, 9, -3}) {
    std::vector<Finding> moved = findings;
    for (Finding &f : moved)
      moveFinding(f, delta);
    std::string fresh, reused;
    encodeFindings(moved, 0, lines, ctx).appendTo(fresh, 0, false);
    encoded.appendTo(reused, delta, false);
    EXPECT_EQ(parseArray(reused), parseArray(fresh)) << "delta " << delta;
  }
}

TEST(DiagnosticJSON, QuotedLinesInMessagesMove) {
  std::string t = text();
  TextLines lines(t);
  DiagnosticContext ctx{"file:///a.mlir", PositionEncoding::UTF16, ""};
  std::string out;
  encodeFindings(sample(3), 0, lines, ctx).appendTo(out, 100, false);
  llvm::json::Value v = parseArray(out);
  const llvm::json::Object *d = v.getAsArray()->front().getAsObject();
  EXPECT_EQ(*d->getString("message"),
            "\"%a\" is never freed \\ when the loop at 105:5 runs\tonce");
  EXPECT_EQ(*d->getObject("range")->getObject("start")->getInteger("line"),
            102);
  const llvm::json::Object *rel =
      d->getArray("relatedInformation")->front().getAsObject();
  EXPECT_EQ(*rel->getString("message"), "allocated at 104:1");
  EXPECT_EQ(*rel->getObject("location")->getString("uri"), "file:///a.mlir");
  EXPECT_EQ(*d->getObject("codeDescription")->getString("href"),
            "https://memlint.dev/checks/leak");
}

TEST(DiagnosticJSON, ColumnsAreCodeUnitsOfTheEncoding) {
  std::string t = text(22);
  TextLines lines(t);
  Finding f = sample(22);
  f.range = {{22, 5}, {22, 6}};
  for (auto [enc, column] : {std::pair{PositionEncoding::UTF16, 2},
                             std::pair{PositionEncoding::UTF8, 4}}) {
    std::string out;
    encodeFindings(f, 0, lines, {"u", enc, ""}).appendTo(out, 0, false);
    llvm::json::Value v = parseArray(out);
    const llvm::json::Object *start =
        v.getAsArray()->front().getAsObject()->getObject("range")->getObject(
            "start");
    EXPECT_EQ(*start->getInteger("character"), column);
  }
}

TEST(DiagnosticJSON, DocsUrlTemplate) {
  DiagnosticContext ctx;
  EXPECT_EQ(checkDocsUrl(ctx, "leak"), "https://memlint.dev/checks/leak");
  ctx.docsUrl = "file:///ext/docs/checks/{check}.md";
  EXPECT_EQ(checkDocsUrl(ctx, "double-free"),
            "file:///ext/docs/checks/double-free.md");
  ctx.docsUrl = "https://example.org/memlint";
  EXPECT_EQ(checkDocsUrl(ctx, "leak"), "https://example.org/memlint/leak");
}

TEST(DiagnosticJSON, CacheReencodesOnlyNewGroupsAndForgetsOldOnes) {
  std::string t = text();
  TextLines lines(t);
  DiagnosticContext ctx{"file:///a.mlir", PositionEncoding::UTF16, ""};
  auto a = std::make_shared<const std::vector<Finding>>(
      std::vector<Finding>{sample(2)});
  auto b = std::make_shared<const std::vector<Finding>>(
      std::vector<Finding>{sample(20)});
  DiagnosticCache cache;
  std::string first;
  cache.append(first, a, 0, false, lines, ctx);
  cache.append(first, b, 0, true, lines, ctx);
  cache.sweep();
  EXPECT_EQ(cache.size(), 2u);
  // b moves down two lines; a is gone.
  std::string second;
  cache.append(second, b, 2, false, lines, ctx);
  cache.sweep();
  EXPECT_EQ(cache.size(), 1u);
  std::vector<Finding> moved = *b;
  moveFinding(moved.front(), 2);
  std::string expected;
  encodeFindings(moved, 0, lines, ctx).appendTo(expected, 0, false);
  EXPECT_EQ(parseArray(second), parseArray(expected));
  EXPECT_EQ(parseArray(first).getAsArray()->size(), 2u);
}

TEST(DiagnosticJSON, ErrorsShowTheFirstLineAndNotes) {
  std::string t = text();
  TextLines lines(t);
  InputError e;
  e.message = "expected ':'\nsee the op here";
  e.range = {{4, 2}, {4, 3}};
  RelatedLocation note;
  note.message = Message("see the op here");
  e.notes.push_back(note); // no range: the error's own
  std::string out;
  encodeErrors(e, "parse-error", lines, {"u", PositionEncoding::UTF16, ""})
      .appendTo(out, 0, false);
  llvm::json::Value v = parseArray(out);
  const llvm::json::Object *d = v.getAsArray()->front().getAsObject();
  EXPECT_EQ(*d->getString("message"), "expected ':'");
  EXPECT_EQ(*d->getString("code"), "parse-error");
  EXPECT_EQ(*d->getInteger("severity"), 1);
  const llvm::json::Object *rel =
      d->getArray("relatedInformation")->front().getAsObject();
  EXPECT_EQ(*rel->getObject("location")
                 ->getObject("range")
                 ->getObject("start")
                 ->getInteger("line"),
            3);
}

} // namespace
