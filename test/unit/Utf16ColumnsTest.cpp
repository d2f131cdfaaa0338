//===- Utf16ColumnsTest.cpp - Byte columns as UTF-16 code units -----------===//
#include "cli/Utf16Columns.h"
#include "gtest/gtest.h"

using namespace memlint;

namespace {

// The column just after `prefix` on a line that starts with it.
unsigned columnAfter(llvm::StringRef prefix) {
  std::string line = prefix.str() + "x\n";
  return Utf16Columns(line).column(1, prefix.size() + 1);
}

TEST(Utf16Columns, AsciiLinesKeepTheirColumns) {
  Utf16Columns cols("abc\ndef\n");
  EXPECT_EQ(cols.column(1, 3), 3u);
  EXPECT_EQ(cols.column(2, 0), 0u);
}

TEST(Utf16Columns, WellFormedSequences) {
  EXPECT_EQ(columnAfter("\xC3\xA9"), 2u);         // é: one unit
  EXPECT_EQ(columnAfter("\xE2\x82\xAC"), 2u);     // €: one unit
  EXPECT_EQ(columnAfter("\xF0\x9F\x98\x80"), 3u); // an emoji: a pair
}

// What is not UTF-8 shows as U+FFFD, one unit per maximal subpart: a stray
// continuation byte is a character of its own, not part of the one before.
TEST(Utf16Columns, IllFormedBytesAreOneUnitEach) {
  EXPECT_EQ(columnAfter("\x80"), 2u);
  EXPECT_EQ(columnAfter("a\x80\x80"), 4u);
  EXPECT_EQ(columnAfter("\xFF\xBF"), 3u);
  EXPECT_EQ(columnAfter("\xC0\xAF"), 3u);     // overlong: two
  EXPECT_EQ(columnAfter("\xE2\x82"), 2u);     // a truncated € is one
  EXPECT_EQ(columnAfter("\xED\xA0\x80"), 4u); // a surrogate: three
  EXPECT_EQ(columnAfter("\xF0\x9F\x98"), 2u); // a truncated emoji: one
  EXPECT_EQ(columnAfter("\xC3\xA9\x80"), 3u);
}

TEST(Utf16Columns, PastTheLineCountsBytes) {
  Utf16Columns cols("\xC3\xA9\n");
  EXPECT_EQ(cols.column(1, 3), 2u); // the newline
  EXPECT_EQ(cols.column(1, 5), 4u);
}

} // namespace
