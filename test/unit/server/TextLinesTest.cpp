//===- TextLinesTest.cpp - LSP positions and content changes --------------===//
#include "server/TextLines.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

std::optional<std::string>
change(llvm::StringRef text, LspPosition b, LspPosition e,
       llvm::StringRef newText,
       PositionEncoding enc = PositionEncoding::UTF16) {
  return withContentChange(text, std::pair{b, e}, newText, enc);
}

TEST(ContentChange, ReplacesWithinALineAndAcrossLines) {
  std::string t = "ab\ncd\nef\n";
  EXPECT_EQ(change(t, {1, 1}, {1, 2}, "X"), "ab\ncX\nef\n");
  EXPECT_EQ(change(t, {0, 1}, {2, 1}, "-"), "a-f\n");
  EXPECT_EQ(change(t, {1, 0}, {1, 0}, "new\n"), "ab\nnew\ncd\nef\n");
  EXPECT_EQ(change(t, {0, 0}, {3, 0}, ""), "");
}

TEST(ContentChange, PositionsPastTheEndMeanTheEnd) {
  std::string t = "ab\ncd";
  EXPECT_EQ(change(t, {1, 9}, {1, 9}, "!"), "ab\ncd!");
  EXPECT_EQ(change(t, {7, 0}, {9, 0}, "\nz"), "ab\ncd\nz");
  EXPECT_EQ(change(t, {0, 2}, {9, 0}, ""), "ab");
}

TEST(ContentChange, ReversedRangesAreRefused) {
  std::string t = "ab\ncd\n";
  EXPECT_EQ(change(t, {1, 1}, {0, 1}, "x"), std::nullopt);
  EXPECT_EQ(change(t, {1, 2}, {1, 1}, "x"), std::nullopt);
}

TEST(ContentChange, ColumnsAreCodeUnitsOfTheEncoding) {
  // U+1F600 is four bytes, two UTF-16 units; CRLF ends the line.
  std::string t = "\xF0\x9F\x98\x80"
                  "a\r\nb\r\n";
  EXPECT_EQ(change(t, {0, 2}, {0, 3}, "Z"), "\xF0\x9F\x98\x80"
                                            "Z\r\nb\r\n");
  EXPECT_EQ(change(t, {0, 4}, {0, 5}, "Z", PositionEncoding::UTF8),
            "\xF0\x9F\x98\x80"
            "Z\r\nb\r\n");
  // A column past the line's end stops before its CR.
  EXPECT_EQ(change(t, {0, 40}, {0, 40}, "!"), "\xF0\x9F\x98\x80"
                                              "a!\r\nb\r\n");
}

TEST(ContentChange, WholeTextWithoutARange) {
  EXPECT_EQ(
      withContentChange("old", std::nullopt, "new", PositionEncoding::UTF16),
      "new");
}

TEST(TextLines, GivenLineStartsActAsComputedOnes) {
  std::string t = "a\nbc\n\nd";
  TextLines computed(t), given(t, {0, 2, 5, 6});
  for (unsigned l = 0; l < 4; ++l)
    EXPECT_EQ(computed.line(l), given.line(l));
  EXPECT_EQ(given.numLines(), computed.numLines());
}

} // namespace
