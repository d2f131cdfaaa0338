//===- FixTestHelpers.h - What the fix tests check of texts and fixes -----===//
//
// Shared by the tests of fixes proven together: the twelve-buffer function
// they fix, occurrences in a text, and that each fix a finding is offered
// (JSON, the editor) holds alone.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_TEST_UNIT_FIXES_FIXTESTHELPERS_H
#define MEMLINT_TEST_UNIT_FIXES_FIXTESTHELPERS_H

#include "analysis/Engine.h"
#include "fixes/Fixes.h"
#include "fixes/TextEdits.h"

#include <gtest/gtest.h>
#include <string>

namespace memlint {

/// How often `what` occurs in `text`.
inline unsigned occurrences(const std::string &text, const std::string &what) {
  unsigned n = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + 1))
    ++n;
  return n;
}

/// Twelve buffers of one function (a line above it gives it a window), each
/// allocated and filled, then the lines `rest(value, type)` writes.
inline std::string
twelveBuffers(llvm::function_ref<std::string(const std::string &value,
                                             const std::string &type)>
                  rest) {
  std::string text = "// a line above the function: it has a window\n"
                     "func.func @f() {\n";
  for (int i = 0; i < 12; ++i) {
    std::string t = "memref<" + std::to_string(i + 1) + "xf32>";
    std::string v = "%b" + std::to_string(i);
    text += "  " + v + " = memref.alloc() : " + t + "\n";
    text += "  \"npu.fill\"(" + v + ") : (" + t + ") -> ()\n";
    text += rest(v, t);
  }
  return text + "  return\n}\n";
}

/// Finding `f` of `text`, of `count` findings in all, has one fix, and that
/// fix applied alone ends it and adds none: `count - 1` findings after.
inline void expectFixHoldsAlone(const std::string &text, const Finding &f,
                                unsigned count) {
  ASSERT_EQ(f.fixes.size(), 1u) << f.message.str();
  std::optional<std::string> after = applyEdits(text, f.fixes[0].edits);
  ASSERT_TRUE(after);
  std::unique_ptr<Document> d = Document::parse(*after, "t.mlir");
  ASSERT_TRUE(d->isValid());
  std::vector<Finding> left = lintDocument(*d, LintOptions());
  EXPECT_EQ(left.size(), count - 1) << *after;
  for (const Finding &g : left)
    EXPECT_FALSE(g.range == f.range) << *after;
}

/// Every finding of `text` is a `check` whose fix holds alone (above):
/// `count` findings.
inline void expectEachFixHoldsAlone(const std::string &text,
                                    const std::string &check, unsigned count) {
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
  ASSERT_EQ(findings.size(), count);
  for (const Finding &f : findings) {
    ASSERT_EQ(f.check, check);
    expectFixHoldsAlone(text, f, count);
  }
}

} // namespace memlint

#endif
