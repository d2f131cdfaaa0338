//===- TextLines.h - Offsets, lines and LSP columns -------------*- C++ -*-===//
//
// LSP positions are 0-based lines and columns counted in the code units of
// the negotiated encoding (UTF-16 unless client and server agree on UTF-8);
// memlint positions are 1-based lines and byte columns. TextLines converts
// between the two for one immutable text, and withContentChange applies an
// LSP edit to a text.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_TEXTLINES_H
#define MEMLINT_SERVER_TEXTLINES_H

#include "analysis/SourceRange.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace memlint {

enum class PositionEncoding { UTF16, UTF8 };

/// A 0-based LSP position, protocol-neutral.
struct LspPosition {
  unsigned line = 0;
  unsigned character = 0;
};

/// Code units of `enc` in the UTF-8 text `s`. Malformed bytes count as one
/// unit each.
unsigned codeUnitsIn(llvm::StringRef s, PositionEncoding enc);
/// The byte length of the longest prefix of `s` holding at most `units` code
/// units of `enc` (never splits a character).
size_t bytesForCodeUnits(llvm::StringRef s, unsigned units,
                         PositionEncoding enc);

class TextLines {
public:
  /// `text` must outlive the table.
  explicit TextLines(llvm::StringRef text);
  /// With the offsets of the lines' first bytes already known (as
  /// lineStartsOf gives them: the first is 0).
  TextLines(llvm::StringRef text, std::vector<size_t> lineStarts)
      : text(text), starts(std::move(lineStarts)) {}

  unsigned numLines() const { return starts.size(); }
  /// Line `line` (0-based) without its line terminator.
  llvm::StringRef line(unsigned line) const;

  /// Byte offset of an LSP position. A column past the end of its line means
  /// the end of the line; a line past the end of the text means its end.
  size_t offsetOf(LspPosition pos, PositionEncoding enc) const;
  /// memlint position (1-based line, 1-based byte column) of an LSP one.
  SourcePos sourcePosOf(LspPosition pos, PositionEncoding enc) const;
  /// LSP position of a memlint one. Invalid positions map to (0, 0).
  LspPosition lspPositionOf(SourcePos pos, PositionEncoding enc) const;

private:
  llvm::StringRef text;
  std::vector<size_t> starts;
};

/// `text` with one LSP content change applied: [start, end) replaced when a
/// range is given, else the whole text. None when the range is reversed.
std::optional<std::string>
withContentChange(llvm::StringRef text,
                  std::optional<std::pair<LspPosition, LspPosition>> range,
                  llvm::StringRef newText, PositionEncoding enc);

} // namespace memlint

#endif
