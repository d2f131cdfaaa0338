//===- PositionSlice.h - Part of a file, on its own lines -------*- C++ -*-===//
//-*-===//
//
// Three places parse part of a file: a large file is cut into chunks parsed
// side by side (ParseChunks), the language server re-parses only the
// top-level operations that changed (server/IncrementalLinter), and the fix
// search proves its edits on one function and what it calls (fixes/
// FunctionSlice). Each wants what the parser reports (line:column, in
// locations, diagnostics and parser state) to be the file's own, so the
// part parsed keeps every line it holds on that line's number and column.
//
// A slice is made of stretches of the file, each copied at its line and
// column: lines between them are left empty, and the rest of a line a
// stretch shares with others is spaces. In a blank a slice may instead
// hold a stub (a short stand-in, such as a declaration for a function left
// out) placed at a given line and column. The slice also maps its offsets
// back to the file's, for parser state that points into the slice's text.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_POSITIONSLICE_H
#define MEMLINT_ANALYSIS_POSITIONSLICE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// The text of a slice and where its copied bytes come from.
struct PositionSlice {
  std::string text;
  /// Stretches copied from the file: text[at, at + length) is
  /// file[from, from + length). Sorted by `at`; between them are newlines
  /// and stubs.
  struct Piece {
    size_t at, from, length;
  };
  std::vector<Piece> pieces;

  /// The file offset of offset `at` of `text` (the end of a piece counts as
  /// in it); nullopt for what is not copied from the file.
  std::optional<size_t> fileOffset(size_t at) const;
};

/// The offset of each line's first byte in `text`: 0, then one past every
/// newline (so a text ending in a newline has an empty last line).
std::vector<size_t> lineStartsOf(llvm::StringRef text);

/// Collects the lines to keep and the stubs, then lays them out.
class PositionSlicer {
public:
  /// `lineStarts` as lineStartsOf(file) gives them; computed when empty.
  /// Both must outlive the slicer.
  explicit PositionSlicer(llvm::StringRef file,
                          llvm::ArrayRef<size_t> lineStarts = {});
  PositionSlicer(const PositionSlicer &) = delete;
  PositionSlicer &operator=(const PositionSlicer &) = delete;

  /// Keeps file[from, to), at its line and column. Overlapping ranges are
  /// copied once.
  void keep(size_t from, size_t to);

  /// Writes `text` (no newline in it) at the line and column of file offset
  /// `at`, where no kept range or other stub is.
  void stub(size_t at, std::string text);

  /// The slice. It ends after the last kept line or stub, unless
  /// `allLines`: then the lines after it are there too, empty, and the
  /// slice has as many lines as the file.
  PositionSlice build(bool allLines = false) const;

  /// The 0-based line holding file offset `at`.
  size_t lineOf(size_t at) const;

private:
  llvm::StringRef file;
  std::vector<size_t> ownLineStarts;
  llvm::ArrayRef<size_t> lineStarts;
  std::vector<std::pair<size_t, size_t>> ranges;
  std::vector<std::pair<size_t, std::string>> stubs;
};

} // namespace memlint

#endif
