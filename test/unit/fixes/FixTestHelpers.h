//===- FixTestHelpers.h - What the fix tests check of texts and fixes -----===//
//
// Shared by the tests of fixes proven together: occurrences in a text, and
// that each fix a finding is offered (JSON, the editor) holds alone.
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

/// Every finding of `text` is a `check` with one fix, and that fix applied
/// alone ends its finding and adds none: `count` findings, `count - 1`
/// after each fix.
inline void expectEachFixHoldsAlone(const std::string &text,
                                    const std::string &check, unsigned count) {
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  std::vector<Finding> findings = lintWithFixes(*doc, LintOptions());
  ASSERT_EQ(findings.size(), count);
  for (const Finding &f : findings) {
    ASSERT_EQ(f.check, check);
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
}

} // namespace memlint

#endif
