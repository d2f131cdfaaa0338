//===- StreamedJson.cpp - Large JSON documents written piece by piece -----===//
#include "cli/StreamedJson.h"

#include "analysis/WorkPool.h"
#include <algorithm>

namespace memlint {

std::string indentedJson(const nlohmann::json &value,
                         const std::string &indent) {
  std::string text = value.dump(2);
  if (indent.empty())
    return text;
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  // Raw newlines in a dump are layout only: strings escape theirs.
  for (char c : text) {
    out += c;
    if (c == '\n')
      out += indent;
  }
  return out;
}

void RenderedElements::write(std::ostream &os, size_t i,
                             const std::string &indent) {
  // Elements are asked for in order: a block is rendered side by side when
  // the first of it is asked for (or the indentation changed).
  if (i < first || i >= first + block.size() || indent != blockIndent) {
    constexpr size_t BlockSize = 512;
    first = i;
    blockIndent = indent;
    block.assign(std::min(BlockSize, count - i), std::string());
    parallelFor(block.size(), threads, [&](size_t k) {
      block[k] = indentedJson(build(first + k), blockIndent);
    });
  }
  os << block[i - first];
}

void writeIndentedJson(std::ostream &os, const nlohmann::json &value,
                       const std::string &indent) {
  std::string text = value.dump(2);
  if (indent.empty()) {
    os << text;
    return;
  }
  // Raw newlines in a dump are layout only: strings escape theirs.
  size_t from = 0;
  for (size_t nl = text.find('\n'); nl != std::string::npos;
       nl = text.find('\n', from)) {
    os.write(text.data() + from, nl + 1 - from);
    os << indent;
    from = nl + 1;
  }
  os.write(text.data() + from, text.size() - from);
}

void writeStreamedJson(std::ostream &os, nlohmann::json envelope,
                       const nlohmann::json::json_pointer &array, size_t count,
                       WriteElement element, const std::string &indent) {
  if (count == 0) {
    writeIndentedJson(os, envelope, indent);
    return;
  }
  // A placeholder string that nothing else in the envelope contains (a
  // file name could hold any text).
  std::string plain = envelope.dump(2);
  std::string mark = "memlint-elements";
  while (plain.find(mark) != std::string::npos)
    mark += "-";
  envelope[array] = nlohmann::json::array({mark});
  std::string text = envelope.dump(2);
  std::string quoted = nlohmann::json(mark).dump();
  size_t at = text.find(quoted);
  size_t lineStart = text.rfind('\n', at) + 1;
  std::string elementIndent = text.substr(lineStart, at - lineStart);
  size_t lineEnd = at + quoted.size(); // the placeholder's '\n' follows
  // Before the placeholder's line, then each element on its own lines,
  // then from the placeholder's newline on.
  auto writeNested = [&](size_t from, size_t to) {
    for (size_t nl = text.find('\n', from); nl < to;
         nl = text.find('\n', from)) {
      os.write(text.data() + from, nl + 1 - from);
      os << indent;
      from = nl + 1;
    }
    os.write(text.data() + from, to - from);
  };
  writeNested(0, lineStart);
  std::string nested = indent + elementIndent;
  for (size_t i = 0; i < count; ++i) {
    os << elementIndent;
    element(os, i, nested);
    if (i + 1 < count)
      os << ",\n" << indent;
  }
  writeNested(lineEnd, text.size());
}

} // namespace memlint
