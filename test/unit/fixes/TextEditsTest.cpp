//===- TextEditsTest.cpp - Applying and diffing text edits ----------------===//
#include "fixes/TextEdits.h"

#include <gtest/gtest.h>
#include <random>

using namespace memlint;

namespace {

TextEdit edit(unsigned l1, unsigned c1, unsigned l2, unsigned c2,
              std::string text) {
  TextEdit e;
  e.range.start = {l1, c1};
  e.range.end = {l2, c2};
  e.newText = std::move(text);
  return e;
}

TEST(LineTable, OffsetsAndPositions) {
  LineTable t("ab\ncd\n");
  EXPECT_EQ(t.offsetOf({1, 1}), 0u);
  EXPECT_EQ(t.offsetOf({1, 3}), 2u); // the newline
  EXPECT_EQ(t.offsetOf({2, 2}), 4u);
  EXPECT_EQ(t.offsetOf({3, 1}), 6u); // end of text
  EXPECT_FALSE(t.offsetOf({1, 4}).has_value());
  EXPECT_FALSE(t.offsetOf({4, 1}).has_value());
  EXPECT_FALSE(t.offsetOf({0, 1}).has_value());
  EXPECT_EQ(t.posOf(4), (SourcePos{2, 2}));
  EXPECT_EQ(t.posOf(6), (SourcePos{3, 1}));
}

TEST(ApplyEdits, InsertReplaceDelete) {
  std::string text = "line one\nline two\nline three\n";
  auto out = applyEdits(text, {edit(2, 1, 2, 1, "  new\n"),
                               edit(1, 6, 1, 9, "1"),
                               edit(3, 1, 4, 1, "")});
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, "line 1\n  new\nline two\n");
}

TEST(ApplyEdits, NoEditsIsIdentity) {
  EXPECT_EQ(applyEdits("abc", {}), std::optional<std::string>("abc"));
}

TEST(ApplyEdits, OverlappingEditsAreRejected) {
  std::string text = "abcdef\n";
  EXPECT_FALSE(applyEdits(text, {edit(1, 1, 1, 4, "x"),
                                 edit(1, 3, 1, 5, "y")}));
  // The same range twice overlaps too.
  EXPECT_FALSE(applyEdits(text, {edit(1, 2, 1, 3, "x"),
                                 edit(1, 2, 1, 3, "y")}));
  // An insertion strictly inside a replaced range.
  EXPECT_FALSE(applyEdits(text, {edit(1, 1, 1, 4, "x"),
                                 edit(1, 2, 1, 2, "y")}));
  EXPECT_FALSE(editsCompatible(text, {edit(1, 1, 1, 4, "x")},
                               {edit(1, 3, 1, 3, "y")}));
}

TEST(ApplyEdits, TouchingEditsAreFine) {
  std::string text = "abcdef\n";
  auto out = applyEdits(text, {edit(1, 4, 1, 7, "Z"), edit(1, 1, 1, 4, "X")});
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, "XZ\n");
  EXPECT_TRUE(editsCompatible(text, {edit(1, 1, 1, 4, "X")},
                              {edit(1, 4, 1, 4, "Y")}));
}

TEST(LineTable, AWindowOfTheFileTakesTheFilesPositions) {
  // "cd\n" is line 8 of a file whose first 7 lines are not in the text.
  LineTable t("ab\ncd\n", TextOrigin::afterLines(6));
  EXPECT_EQ(t.offsetOf({8, 2}), 4u);
  EXPECT_EQ(t.posOf(4), (SourcePos{8, 2}));
  EXPECT_FALSE(t.offsetOf({6, 1}).has_value());
  auto out = applyEdits("ab\ncd\n", {edit(8, 1, 8, 2, "X")},
                        TextOrigin::afterLines(6));
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, "ab\nXd\n");
  std::vector<TextEdit> back =
      editsBetween("ab\ncd\n", *out, TextOrigin::afterLines(6));
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].range.start, (SourcePos{8, 1}));
}

TEST(LineTable, AShiftedLineTakesTheFilesColumns) {
  // "cd" starts at column 11 of the file's line 8 (a function of minified
  // IR, cut from the middle of its line).
  TextOrigin origin{/*linesBefore=*/6, /*shiftedLine=*/2,
                    /*columnsBefore=*/10};
  LineTable t("ab\ncd\nef\n", origin);
  EXPECT_EQ(t.offsetOf({8, 12}), 4u);
  EXPECT_EQ(t.posOf(4), (SourcePos{8, 12}));
  EXPECT_EQ(t.posOf(7), (SourcePos{9, 2}));      // later lines are not shifted
  EXPECT_EQ(t.offsetOf({7, 2}), 1u);             // nor earlier ones
  EXPECT_FALSE(t.offsetOf({8, 10}).has_value()); // before the text
  auto out = applyEdits("ab\ncd\nef\n", {edit(8, 12, 8, 13, "X")}, origin);
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, "ab\ncX\nef\n");
  std::vector<TextEdit> back = editsBetween("ab\ncd\nef\n", *out, origin);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].range.start, (SourcePos{8, 12}));
  EXPECT_EQ(back[0].range.end, (SourcePos{8, 13}));
  // A part of the text from its second line on keeps the shift.
  TextOrigin rest = origin.fromLine(2);
  EXPECT_EQ(rest.linesBefore, 7u);
  EXPECT_EQ(rest.shiftedLine, 1u);
  EXPECT_EQ(rest.toFile(1, 2), (SourcePos{8, 12}));
  EXPECT_EQ(origin.fromLine(3).shiftedLine, 0u);
}

TEST(EditSpans, AgreesWithEditsCompatible) {
  // Groups of random edits (insertions and replacements, some invalid) on
  // a small text, added one after the other: EditSpans takes a group
  // exactly when editsCompatible accepts it beside all taken so far.
  std::string text = "abcdef\nghij\n\nklmnopq\n";
  std::mt19937 rng(7);
  auto randomPos = [&] {
    unsigned line = 1 + rng() % 5; // line 5 is past the end
    return SourcePos{line, 1 + static_cast<unsigned>(rng() % 9)};
  };
  unsigned taken = 0, refused = 0;
  for (unsigned trial = 0; trial < 200; ++trial) {
    EditSpans spans(text);
    std::vector<TextEdit> all;
    for (unsigned g = 0; g < 6; ++g) {
      std::vector<TextEdit> group;
      for (unsigned k = 0, n = 1 + rng() % 3; k < n; ++k) {
        SourcePos a = randomPos(), b = rng() % 2 ? a : randomPos();
        TextEdit e;
        e.range = {a, b};
        e.newText = "x";
        group.push_back(e);
      }
      bool expected = editsCompatible(text, all, group);
      ASSERT_EQ(spans.tryAdd(group), expected) << "trial " << trial;
      if (expected) {
        all.insert(all.end(), group.begin(), group.end());
        ++taken;
      } else {
        ++refused;
      }
    }
  }
  // Both answers came up often.
  EXPECT_GT(taken, 100u);
  EXPECT_GT(refused, 100u);
}

TEST(EditSpans, AGroupOfManyEditsAgreesWithEditsCompatible) {
  // One group of up to 40 random edits at a time (a chain of merges is
  // one fix of thousands): taken exactly when its edits fit together.
  std::string text;
  for (int i = 0; i < 30; ++i)
    text += "abcdefghij\n";
  std::mt19937 rng(11);
  auto randomPos = [&] {
    return SourcePos{1 + static_cast<unsigned>(rng() % 30),
                     1 + static_cast<unsigned>(rng() % 11)};
  };
  unsigned taken = 0, refused = 0;
  for (unsigned trial = 0; trial < 400; ++trial) {
    std::vector<TextEdit> group;
    for (unsigned k = 0, n = 1 + rng() % 40; k < n; ++k) {
      SourcePos a = randomPos(), b = a;
      if (rng() % 2 && a.column < 11)
        b.column = a.column + 1 + rng() % (11 - a.column);
      TextEdit e;
      e.range = {a, b};
      e.newText = "x";
      group.push_back(e);
    }
    EditSpans spans(text);
    bool expected = editsCompatible(text, {}, group);
    ASSERT_EQ(spans.tryAdd(group), expected) << "trial " << trial;
    ++(expected ? taken : refused);
  }
  EXPECT_GT(taken, 40u);
  EXPECT_GT(refused, 40u);
}

/// Whether normalizedEdits of `edits` on `text` is the whole texts' diff
/// (editsBetween of the text before and after them), the same edits, range
/// and text, in the same order; false, and nothing compared, where the
/// edits do not apply (trial: which random case, in a failure's message).
static bool normalizesAsWholeDiff(const std::string &text,
                                  const std::vector<TextEdit> &edits,
                                  TextOrigin origin, unsigned trial) {
  LineTable lines(text, origin);
  std::optional<std::string> after = applyEdits(text, edits, origin);
  std::optional<std::vector<TextEdit>> got =
      normalizedEdits(text, edits, lines, origin);
  EXPECT_EQ(got.has_value(), after.has_value()) << "trial " << trial;
  if (!after || !got)
    return false;
  std::vector<TextEdit> want = editsBetween(text, *after, origin);
  EXPECT_EQ(got->size(), want.size()) << "trial " << trial;
  for (size_t i = 0; i < want.size() && i < got->size(); ++i) {
    EXPECT_EQ((*got)[i].range.start, want[i].range.start) << "trial " << trial;
    EXPECT_EQ((*got)[i].range.end, want[i].range.end) << "trial " << trial;
    EXPECT_EQ((*got)[i].newText, want[i].newText) << "trial " << trial;
  }
  return true;
}

TEST(NormalizedEdits, AgreeWithEditsBetweenTheWholeTexts) {
  // Random edits on random texts (repeated lines, so that line diffs have
  // choices; no final newline sometimes; lines before the text): the same
  // edits as a diff of the whole texts, or nullopt where applyEdits is.
  std::mt19937 rng(5);
  const char *pieces[] = {"a\n", "b\n", "  c\n", "}\n", "\n", "ab\n"};
  unsigned compared = 0;
  for (unsigned trial = 0; trial < 2000; ++trial) {
    std::string text;
    for (unsigned i = 0, n = 1 + rng() % 12; i < n; ++i)
      text += pieces[rng() % 6];
    if (rng() % 4 == 0)
      text += "d";
    // Some texts start in the middle of a file line: their first or second
    // line takes the file's columns further right.
    TextOrigin origin = TextOrigin::afterLines(rng() % 3);
    if (rng() % 2) {
      origin.shiftedLine = 1 + rng() % 2;
      origin.columnsBefore = rng() % 5;
    }
    unsigned lineCount = 1 + std::count(text.begin(), text.end(), '\n');
    std::vector<TextEdit> edits;
    for (unsigned k = 0, n = 1 + rng() % 3; k < n; ++k) {
      SourcePos a{1 + static_cast<unsigned>(rng() % lineCount),
                  1 + static_cast<unsigned>(rng() % 4)};
      SourcePos b = a;
      if (rng() % 2)
        b = {a.line + static_cast<unsigned>(rng() % 2),
             1 + static_cast<unsigned>(rng() % 4)};
      if (b < a)
        std::swap(a, b);
      TextEdit e;
      e.range = {origin.toFile(a.line, a.column),
                 origin.toFile(b.line, b.column)};
      e.newText = rng() % 3 ? std::string(pieces[rng() % 6]) : "";
      edits.push_back(e);
    }
    compared += normalizesAsWholeDiff(text, edits, origin, trial);
  }
  EXPECT_GT(compared, 300u);
}

// On a line far longer than the edits on it (minified IR), the diff is
// worked out on a window of bytes around them: the same edits as the whole
// texts' diff, repeats of the text around them included.
TEST(NormalizedEdits, OnLongLinesMatchTheWholeDiff) {
  std::mt19937 rng(11);
  const char *pieces[] = {"a", "b", " c", "ab", "}", "aa"};
  const char *inserted[] = {"a", "ab", "\n", " c", "", "b\na"};
  unsigned compared = 0;
  for (unsigned trial = 0; trial < 300; ++trial) {
    std::string text = rng() % 2 ? "x\n" : "";
    unsigned longLine = text.empty() ? 1 : 2;
    while (text.size() < 40000)
      text += pieces[rng() % 6];
    text += rng() % 2 ? "\ny\n" : "";
    TextOrigin origin = TextOrigin::afterLines(rng() % 3);
    if (rng() % 2) {
      origin.shiftedLine = longLine;
      origin.columnsBefore = rng() % 5;
    }
    std::vector<TextEdit> edits;
    unsigned base = 1 + rng() % 35000;
    for (unsigned k = 0, n = 1 + rng() % 3; k < n; ++k) {
      unsigned a = base + rng() % 1500, b = a + (rng() % 2 ? rng() % 40 : 0);
      TextEdit e;
      e.range = {origin.toFile(longLine, a), origin.toFile(longLine, b)};
      e.newText = inserted[rng() % 6];
      edits.push_back(e);
    }
    compared += normalizesAsWholeDiff(text, edits, origin, trial);
  }
  EXPECT_GT(compared, 100u);
}

TEST(ApplyEdits, InsertionsAtOnePointKeepTheirOrder) {
  std::string text = "ab\n";
  auto out = applyEdits(text, {edit(1, 2, 1, 2, "1"), edit(1, 2, 1, 2, "2"),
                               edit(1, 2, 1, 2, "3")});
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, "a123b\n");
  // An insertion at the start of a replaced range goes before it, one at
  // its end after it.
  out = applyEdits(text, {edit(1, 1, 1, 2, "X"), edit(1, 2, 1, 2, "after"),
                          edit(1, 1, 1, 1, "before")});
  ASSERT_TRUE(out);
  EXPECT_EQ(*out, "beforeXafterb\n");
}

TEST(ApplyEdits, InvalidPositionsAreRejected) {
  EXPECT_FALSE(applyEdits("ab\n", {edit(1, 9, 1, 9, "x")}));
  EXPECT_FALSE(applyEdits("ab\n", {edit(5, 1, 5, 1, "x")}));
  EXPECT_FALSE(applyEdits("ab\n", {edit(1, 3, 1, 1, "x")})); // reversed
}

TEST(EditsBetween, MinimalInsertion) {
  std::string before = "a\n  }\nb\n";
  std::string after = "a\n  } else {\n    x\n  }\nb\n";
  std::vector<TextEdit> edits = editsBetween(before, after);
  // Lines are matched first: the old "  }" pairs with the new last one,
  // so the edit inserts whole lines before it.
  ASSERT_EQ(edits.size(), 1u);
  EXPECT_EQ(edits[0].range.start, (SourcePos{2, 1}));
  EXPECT_EQ(edits[0].range.end, (SourcePos{2, 1}));
  EXPECT_EQ(edits[0].newText, "  } else {\n    x\n");
  EXPECT_EQ(applyEdits(before, edits), std::optional<std::string>(after));
}

TEST(EditsBetween, LineDeletionAndInsertion) {
  std::string before = "f {\n  free a\n  use a\n}\n";
  std::string after = "f {\n  use a\n  free a\n}\n";
  std::vector<TextEdit> edits = editsBetween(before, after);
  EXPECT_EQ(applyEdits(before, edits), std::optional<std::string>(after));
  EXPECT_EQ(edits.size(), 2u);
}

TEST(EditsBetween, EqualTextsGiveNoEdits) {
  EXPECT_TRUE(editsBetween("x\ny\n", "x\ny\n").empty());
  EXPECT_TRUE(editsBetween("", "").empty());
}

TEST(EditsBetween, NoTrailingNewline) {
  std::string before = "a\nb", after = "a\nb\nc";
  EXPECT_EQ(applyEdits(before, editsBetween(before, after)),
            std::optional<std::string>(after));
  EXPECT_EQ(applyEdits(after, editsBetween(after, before)),
            std::optional<std::string>(before));
}

// Random texts over a small alphabet of lines: the edits always reproduce
// the target, and applying them to a text already equal to the target is
// detected by editsBetween returning nothing.
TEST(EditsBetween, RandomRoundTrip) {
  std::mt19937 rng(7);
  const char *lines[] = {"a\n", "b\n", "  c\n", "}\n", "d", "\n"};
  for (int iter = 0; iter < 500; ++iter) {
    auto make = [&] {
      std::string s;
      int n = rng() % 12;
      for (int i = 0; i < n; ++i)
        s += lines[rng() % 5]; // "d" without newline only at the end
      if (rng() % 3 == 0)
        s += "d";
      return s;
    };
    std::string a = make(), b = make();
    std::vector<TextEdit> edits = editsBetween(a, b);
    ASSERT_EQ(applyEdits(a, edits), std::optional<std::string>(b))
        << "from:\n" << a << "\nto:\n" << b;
    EXPECT_TRUE(editsBetween(b, b).empty());
  }
}

// An edit far into a long text, after lines of every length (the lines
// before the edit are counted eight bytes at a time), bytes next to '\n'
// in value and UTF-8: it is reported on its line.
TEST(EditsBetween, LineOfAnEditFarIntoTheText) {
  std::string before;
  const char *pieces[] = {"\x0b", "\t", "\xc3\xa9", "\x8a", "x", "\x09\x0b"};
  for (int i = 0; i < 1000; ++i) {
    for (int k = 0; k < i % 11; ++k)
      before += pieces[(i + k) % 6];
    before += "\n";
  }
  std::string after = before;
  size_t at = 0;
  for (int line = 1; line < 900; ++line)
    at = after.find('\n', at) + 1;
  after.insert(at, "new\n");
  std::vector<TextEdit> edits =
      editsBetween(before, after, TextOrigin::afterLines(10));
  ASSERT_EQ(edits.size(), 1u);
  EXPECT_EQ(edits[0].range.start, (SourcePos{910, 1}));
  EXPECT_EQ(edits[0].newText, "new\n");
}

TEST(DiffLines, ShortestScript) {
  std::vector<llvm::StringRef> a = {"1\n", "2\n", "3\n", "4\n"};
  std::vector<llvm::StringRef> b = {"1\n", "3\n", "4\n", "5\n"};
  std::vector<DiffHunk> hunks = diffLines(a, b);
  ASSERT_EQ(hunks.size(), 2u);
  EXPECT_EQ(hunks[0].oldStart, 1u);
  EXPECT_EQ(hunks[0].oldCount, 1u);
  EXPECT_EQ(hunks[0].newCount, 0u);
  EXPECT_EQ(hunks[1].oldStart, 4u);
  EXPECT_EQ(hunks[1].newCount, 1u);
}

TEST(UnifiedDiff, Format) {
  std::string a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
  std::string b = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
  EXPECT_EQ(unifiedDiff(a, b, "a/f", "b/f"),
            "--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n"
            " 7\n 8\n");
  EXPECT_EQ(unifiedDiff(a, a, "a/f", "b/f"), "");
}

TEST(UnifiedDiff, PureInsertionAndMissingNewline) {
  EXPECT_EQ(unifiedDiff("x\n", "x\ny", "a", "b", 0),
            "--- a\n+++ b\n@@ -1,0 +2,1 @@\n+y\n\\ No newline at end of "
            "file\n");
}

} // namespace
