//===- TextEdits.h - Applying, diffing and printing text edits --*- C++ -*-===//
//
// Fixes are computed as a whole new text and handed out as the minimal edits
// that turn the user's text into it: a line diff (Myers) narrowed to the
// characters that differ. The same diff prints `memlint fix --diff`.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_FIXES_TEXTEDITS_H
#define MEMLINT_FIXES_TEXTEDITS_H

#include "analysis/Finding.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace memlint {

/// Maps 1-based line/column positions of one text to byte offsets and back.
class LineTable {
public:
  /// `origin`: where `text` starts in its file (Document::parse); the
  /// positions taken and given are the file's.
  explicit LineTable(llvm::StringRef text, TextOrigin origin = {});
  /// Byte offset of `pos`; nullopt when it lies outside the text (a column
  /// past the end of its line, newline excluded, is outside).
  std::optional<size_t> offsetOf(SourcePos pos) const;
  SourcePos posOf(size_t offset) const;

private:
  std::vector<size_t> starts;
  size_t size;
  TextOrigin origin;
};

/// Applies `edits` (ranges in `text`'s coordinates). Insertions at one
/// position keep their order in `edits`; an insertion at the start or end of
/// a replaced range goes before or after it. Returns nullopt when two edits
/// overlap or a range is invalid. `origin`: as for LineTable (here and
/// below).
std::optional<std::string> applyEdits(llvm::StringRef text,
                                      const std::vector<TextEdit> &edits,
                                      TextOrigin origin = {});
/// The same with `text`'s line table made already (a search applies many
/// edits to one text: each table costs a pass over it).
std::optional<std::string> applyEdits(llvm::StringRef text,
                                      const std::vector<TextEdit> &edits,
                                      const LineTable &lines);

/// True when no two edits of `a` and `b` overlap, so both can be applied.
bool editsCompatible(llvm::StringRef text, const std::vector<TextEdit> &a,
                     const std::vector<TextEdit> &b, TextOrigin origin = {});

/// The text a growing set of edits covers, to add edits one group at a
/// time while no two overlap (the overlap rule of applyEdits); each check
/// costs the group's edits, not the set's: editsCompatible over a set that
/// grows to k groups costs k^2.
class EditSpans {
public:
  explicit EditSpans(llvm::StringRef text, TextOrigin origin = {})
      : lines(text, origin) {}
  /// Adds `edits` and returns true when none overlaps an edit already
  /// added or another of `edits`; otherwise adds nothing.
  bool tryAdd(const std::vector<TextEdit> &edits);

private:
  LineTable lines;
  std::map<size_t, size_t> replaced; // start -> end, non-empty, disjoint
  std::multiset<size_t> inserted;    // insertion points
  bool overlaps(size_t start, size_t end) const;
};

/// One differing stretch of lines: old lines [oldStart, oldStart + oldCount)
/// became new lines [newStart, newStart + newCount) (0-based).
struct DiffHunk {
  size_t oldStart, oldCount, newStart, newCount;
};

/// Splits into lines, each keeping its '\n' (the last may lack one).
std::vector<llvm::StringRef> splitLines(llvm::StringRef text);

/// A shortest line diff (Myers' O(ND) algorithm).
std::vector<DiffHunk> diffLines(const std::vector<llvm::StringRef> &a,
                                const std::vector<llvm::StringRef> &b);

/// The edits that turn `before` into `after`: one per differing stretch,
/// trimmed to the characters that differ. applyEdits(before, result) ==
/// after.
std::vector<TextEdit> editsBetween(llvm::StringRef before,
                                   llvm::StringRef after,
                                   TextOrigin origin = {});

/// editsBetween(text, *applyEdits(text, edits, lines), origin), worked
/// out on the lines `edits` touch only: the same edits at the cost of those
/// lines, not of the text (a search writes the edits of thousands of
/// merges of one function). `lines` is `text`'s table, made with
/// `origin`. Nullopt where applyEdits would be.
std::optional<std::vector<TextEdit>>
normalizedEdits(llvm::StringRef text, const std::vector<TextEdit> &edits,
                const LineTable &lines, TextOrigin origin = {});

/// A unified diff (`--- a/NAME`, `+++ b/NAME`, @@ hunks with `context`
/// lines around each change); empty when the texts are equal.
std::string unifiedDiff(llvm::StringRef before, llvm::StringRef after,
                        llvm::StringRef oldName, llvm::StringRef newName,
                        unsigned context = 3);

} // namespace memlint

#endif
