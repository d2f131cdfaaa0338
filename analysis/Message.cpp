//===- Message.cpp --------------------------------------------------------===//
#include "analysis/Message.h"

namespace memlint {

static std::string render(SourcePos pos) {
  return std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

Message Message::position(SourcePos pos) {
  Message m;
  m.appendPosition(pos);
  return m;
}

Message &Message::operator+=(const Message &m) {
  for (Quote q : m.quoted) {
    q.offset += text.size();
    quoted.push_back(q);
  }
  text += m.text;
  return *this;
}

Message &Message::appendPosition(SourcePos pos) {
  std::string words = render(pos);
  quoted.push_back({text.size(), words.size(), pos});
  text += words;
  return *this;
}

void Message::shiftLines(int delta) {
  if (quoted.empty() || delta == 0)
    return;
  // The text between quotes is copied as it is; each quote is written
  // anew, so later offsets follow when a line number gains or loses a
  // digit.
  std::string out;
  size_t from = 0;
  for (Quote &q : quoted) {
    out.append(text, from, q.offset - from);
    from = q.offset + q.length;
    q.pos.line += delta;
    std::string words = render(q.pos);
    q.offset = out.size();
    q.length = words.size();
    out += words;
  }
  out.append(text, from, std::string::npos);
  text = std::move(out);
}

} // namespace memlint
