// lintDocumentStreamed: the findings lintDocument gives, in its order, handed
// over as soon as no earlier one can come.
#include "RepositoryFiles.h"
#include "analysis/Config.h"
#include "analysis/Document.h"
#include "analysis/Engine.h"
#include "analysis/LifetimeAnalysis.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

std::string describe(const std::vector<Finding> &fs) {
  std::string out;
  for (const Finding &f : fs) {
    out += f.check + " " + std::to_string(f.range.start.line) + ":" +
           std::to_string(f.range.start.column) + " " + f.message.str() + "\n";
    for (const auto &r : f.related)
      out += "  " + std::to_string(r.range.start.line) + " " + r.message.str() +
             "\n";
  }
  return out;
}

struct Streamed {
  std::vector<Finding> findings;
  unsigned calls = 0;
};

Streamed stream(Document &doc, unsigned threads) {
  LintOptions opts;
  opts.threads = threads;
  ModuleLifetimes lifetimes(doc.module(),
                            [&doc](mlir::Value v) { return doc.nameOf(v); });
  Streamed s;
  lintDocumentStreamed(doc, opts, lifetimes, [&](std::vector<Finding> &batch) {
    ++s.calls;
    for (Finding &f : batch)
      s.findings.push_back(std::move(f));
  });
  return s;
}

TEST(StreamedFindingsTest, SameFindingsInTheSameOrderOnEveryRepositoryFile) {
  unsigned files = 0, withFindings = 0;
  for (const auto &[path, text] : test::repositoryMlirFiles()) {
    SCOPED_TRACE(path);
    auto doc = Document::parse(text, "f.mlir", 1);
    if (!doc->isValid())
      continue;
    ++files;
    std::string expected = describe(lintDocument(*doc, LintOptions()));
    withFindings += !expected.empty();
    for (unsigned threads : {1u, 3u}) {
      auto fresh = Document::parse(text, "f.mlir", threads);
      EXPECT_EQ(describe(stream(*fresh, threads).findings), expected);
    }
  }
  EXPECT_GT(files, 200u);
  EXPECT_GT(withFindings, 100u);
}

const char *const threeLeaks = R"(func.func @a() {
  %a = memref.alloc() : memref<4xf32>
  return
}
func.func @b() {
  %b = memref.alloc() : memref<4xf32>
  return
}
func.func @c() {
  %c = memref.alloc() : memref<4xf32>
  return
}
)";

// One thread checks the functions in file order: each one's findings go
// out as soon as it is checked, not at the end.
TEST(StreamedFindingsTest, EachFunctionsFindingsGoOutWhenItIsChecked) {
  auto doc = Document::parse(threeLeaks, "t.mlir", 1);
  ASSERT_TRUE(doc->isValid());
  Streamed s = stream(*doc, 1);
  ASSERT_EQ(s.findings.size(), 3u);
  EXPECT_EQ(s.calls, 3u);
}

// A caller is checked after its callees: when it starts before them, their
// findings wait for it (they come after the caller's), and leave together.
TEST(StreamedFindingsTest, FindingsWaitForAFunctionThatStartsBeforeThem) {
  std::string text = std::string("func.func @main() {\n"
                                 "  %m = memref.alloc() : memref<4xf32>\n"
                                 "  func.call @c() : () -> ()\n"
                                 "  return\n"
                                 "}\n") +
                     threeLeaks;
  auto doc = Document::parse(text, "t.mlir", 1);
  ASSERT_TRUE(doc->isValid());
  Streamed s = stream(*doc, 1);
  std::vector<unsigned> lines;
  for (const Finding &f : s.findings)
    lines.push_back(f.range.start.line);
  EXPECT_EQ(lines, (std::vector<unsigned>{2, 7, 11, 15}));
  // @main starts first and is checked last: nothing goes out before it.
  EXPECT_EQ(s.calls, 1u);
}

// A function nested in another's body is listed (and checked) before it:
// its findings wait for the outer function's earlier ones.
TEST(StreamedFindingsTest, NestedFunctionWaitsForTheOneAroundIt) {
  auto doc = Document::parse("func.func @outer() {\n"
                             "  %a = memref.alloc() : memref<4xf32>\n"
                             "  builtin.module {\n"
                             "    func.func @inner() {\n"
                             "      %b = memref.alloc() : memref<4xf32>\n"
                             "      return\n"
                             "    }\n"
                             "  }\n"
                             "  return\n"
                             "}\n"
                             "func.func @after() {\n"
                             "  %c = memref.alloc() : memref<4xf32>\n"
                             "  return\n"
                             "}\n",
                             "t.mlir", 1);
  ASSERT_TRUE(doc->isValid());
  Streamed s = stream(*doc, 1);
  std::vector<unsigned> lines;
  for (const Finding &f : s.findings)
    lines.push_back(f.range.start.line);
  EXPECT_EQ(lines, (std::vector<unsigned>{2, 5, 12}));
}

} // namespace
