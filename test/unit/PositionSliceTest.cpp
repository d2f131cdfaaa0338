//===- PositionSliceTest.cpp - Part of a file, on the file's own lines ----===//
#include "analysis/PositionSlice.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

const char *File = "line one\n"   // 0
                   "line two\n"   // 9
                   "line three\n" // 18
                   "line four\n"  // 29
                   "line five";   // 39, no newline at the end

} // namespace

TEST(PositionSlice, LineStarts) {
  EXPECT_EQ(lineStartsOf(""), (std::vector<size_t>{0}));
  EXPECT_EQ(lineStartsOf("a\nb"), (std::vector<size_t>{0, 2}));
  EXPECT_EQ(lineStartsOf("a\n"), (std::vector<size_t>{0, 2}));
  EXPECT_EQ(lineStartsOf(File), (std::vector<size_t>{0, 9, 18, 29, 39}));
}

TEST(PositionSlice, KeptLinesStayOnTheirLinesOthersAreEmpty) {
  llvm::StringRef file(File);
  PositionSlicer slicer(file);
  slicer.keep(29, 39); // line four
  slicer.keep(9, 18);  // line two
  PositionSlice slice = slicer.build();
  EXPECT_EQ(slice.text, "\nline two\n\nline four\n");
  ASSERT_EQ(slice.pieces.size(), 2u);
  EXPECT_EQ(slice.pieces[0].at, 1u);
  EXPECT_EQ(slice.pieces[0].from, 9u);
  EXPECT_EQ(slice.pieces[1].at, 11u);
  EXPECT_EQ(slice.pieces[1].from, 29u);
  // Offsets map back into the file; the end of a piece counts as in it.
  EXPECT_EQ(slice.fileOffset(1), 9u);
  EXPECT_EQ(slice.fileOffset(6), 14u);
  EXPECT_EQ(slice.fileOffset(10), 18u);
  EXPECT_EQ(slice.fileOffset(11), 29u);
  EXPECT_FALSE(slice.fileOffset(0)); // a blank line
  // With every line: as many lines as the file, the last one empty here.
  EXPECT_EQ(slicer.build(/*allLines=*/true).text, "\nline two\n\nline four\n");
  PositionSlicer first(file);
  first.keep(0, 9);
  EXPECT_EQ(first.build().text, "line one\n");
  EXPECT_EQ(first.build(/*allLines=*/true).text, "line one\n\n\n\n");
}

TEST(PositionSlice, AdjacentAndOverlappingRangesAreCopiedOnce) {
  llvm::StringRef file(File);
  PositionSlicer slicer(file);
  slicer.keep(9, 29);
  slicer.keep(0, 18);
  slicer.keep(29, file.size());
  slicer.keep(18, 18); // empty: nothing
  PositionSlice slice = slicer.build();
  EXPECT_EQ(slice.text, file);
  ASSERT_EQ(slice.pieces.size(), 1u); // one stretch of the file
  EXPECT_EQ(slice.pieces[0].length, file.size());
  EXPECT_EQ(slice.fileOffset(file.size()), file.size());
}

TEST(PositionSlice, StubsGoAtTheirColumnOnABlankedLine) {
  std::string file = "keep\n"
                     "  func.func @f() {\n"
                     "    return\n"
                     "  }\n"
                     "keep too\n";
  std::vector<size_t> starts = lineStartsOf(file);
  PositionSlicer slicer(file, starts);
  slicer.keep(0, 5);
  slicer.keep(file.find("keep too"), file.size());
  slicer.stub(file.find("func.func"), "func.func private @f()");
  PositionSlice slice = slicer.build();
  EXPECT_EQ(slice.text, "keep\n"
                        "  func.func private @f()\n"
                        "\n"
                        "\n"
                        "keep too\n");
  // A stub is not the file's text.
  EXPECT_FALSE(slice.fileOffset(slice.text.find("private")));
  EXPECT_EQ(slice.fileOffset(slice.text.find("keep too")),
            file.find("keep too"));

  // A stub after the last kept line; with every line, the rest follow.
  PositionSlicer tail(file);
  tail.keep(0, 5);
  tail.stub(file.find("return"), "stub");
  EXPECT_EQ(tail.build().text, "keep\n\n    stub");
  EXPECT_EQ(tail.build(/*allLines=*/true).text, "keep\n\n    stub\n\n\n");
}

// Minified IR: several functions on one line. What is kept of a line stays
// at its columns, what is not becomes spaces, and a stub may go between
// two kept stretches of the line.
TEST(PositionSlice, PartsOfALineKeepTheirColumns) {
  llvm::StringRef file("f a {x} f b {y} f c {z}\nend\n");
  PositionSlicer slicer(file);
  slicer.keep(0, 8); // "f a {x} "
  slicer.stub(8, "d b");
  slicer.keep(15, 16); // " "
  slicer.keep(16, file.size());
  PositionSlice slice = slicer.build();
  EXPECT_EQ(slice.text, "f a {x} d b     f c {z}\nend\n");
  ASSERT_EQ(slice.text.size(), file.size());
  EXPECT_EQ(slice.fileOffset(16), 16u);
  EXPECT_FALSE(slice.fileOffset(12)); // blanked
  // A stretch starting inside a line after blank lines.
  PositionSlicer later(file);
  later.keep(20, 24);
  EXPECT_EQ(later.build().text, "                    {z}\n");
  EXPECT_EQ(*later.build().fileOffset(20), 20u);
}
