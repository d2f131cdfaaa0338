//===- Message.h - Words that quote source positions ------------*- C++ -*-===//
//
// A finding's words may name other places in the source: "when the loop at
// 12:3 runs". A Message keeps its text together with where each quoted
// position sits in it, so that moving the source by whole lines (the
// language server reusing a function's findings after an edit above it)
// updates exactly the positions the analysis quoted. Text that merely
// looks like a position (an op named "test.use at 3:4") stays as written.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_MESSAGE_H
#define MEMLINT_ANALYSIS_MESSAGE_H

#include "analysis/SourceRange.h"
#include <cstddef>
#include <string>
#include <vector>

namespace memlint {

class Message {
public:
  /// A quoted position: `str().substr(offset, length)` reads
  /// "LINE:COLUMN" of `pos`.
  struct Quote {
    size_t offset = 0, length = 0;
    SourcePos pos;
    bool operator==(const Quote &o) const {
      return offset == o.offset && length == o.length && pos == o.pos;
    }
  };

  Message() = default;
  /// Plain text: quotes no position, whatever it reads like.
  Message(std::string text) : text(std::move(text)) {}
  Message(const char *text) : text(text) {}

  /// The message reading "LINE:COLUMN" of `pos`, quoting it.
  static Message position(SourcePos pos);

  Message &operator+=(const Message &m);
  Message &operator+=(const std::string &s) {
    text += s;
    return *this;
  }
  Message &operator+=(const char *s) {
    text += s;
    return *this;
  }
  Message &appendPosition(SourcePos pos);

  /// The words as every front end shows them.
  const std::string &str() const { return text; }
  bool empty() const { return text.empty(); }
  /// The quoted positions, in the order they appear.
  const std::vector<Quote> &quotes() const { return quoted; }

  /// Moves every quoted position by `delta` lines, rewriting its words.
  void shiftLines(int delta);

  /// Gives back what building the message left unused: a finding kept
  /// until the file's output is written is a few hundred bytes, and a
  /// large file has a hundred thousand.
  void shrinkToFit() {
    text.shrink_to_fit();
    quoted.shrink_to_fit();
  }

  // No operator==: with plain text converting to a Message, `m == "..."`
  // would compare quotes the text cannot have. Compare str() or quotes().

  // Found only for Messages (no "a" + "b" by accident); either side may be
  // plain text.
  friend Message operator+(Message a, const Message &b) {
    a += b;
    return a;
  }

private:
  std::string text;
  std::vector<Quote> quoted;
};

} // namespace memlint

#endif
