//===- StreamedJson.cpp - Large JSON documents written piece by piece -----===//
#include "cli/StreamedJson.h"

#include "analysis/WorkPool.h"
#include "llvm/ADT/StringRef.h"
#include <algorithm>

namespace memlint {

/// Appends `text`, a dump's lines, with `indent` after each newline: raw
/// newlines in a dump are layout only (strings escape theirs).
static void appendIndented(std::string &out, llvm::StringRef text,
                           const std::string &indent) {
  out.reserve(out.size() + text.size() + text.size() / 8);
  // Line by line: a dump is mostly short lines, and appending them whole
  // is several times faster than a character at a time.
  while (!text.empty()) {
    size_t nl = text.find('\n');
    if (nl == llvm::StringRef::npos) {
      out.append(text.data(), text.size());
      return;
    }
    out.append(text.data(), nl + 1);
    out += indent;
    text = text.drop_front(nl + 1);
  }
}

std::string indentedJson(const nlohmann::json &value,
                         const std::string &indent) {
  std::string out;
  if (indent.find_first_not_of(' ') != std::string::npos) {
    appendIndented(out, jsonText(value, 2), indent);
    return out;
  }
  // Dumped at the indentation it is written at: not dumped at none and
  // copied line by line, which cost a third of rendering a finding.
  nlohmann::detail::serializer<nlohmann::json> dump(
      nlohmann::detail::output_adapter<char, std::string>(out), ' ',
      nlohmann::json::error_handler_t::replace);
  dump.dump(value, /*pretty_print=*/true, /*ensure_ascii=*/false,
            /*indent_step=*/2, /*current_indent=*/indent.size());
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
  os << indentedJson(value, indent);
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
  std::string plain = jsonText(envelope, 2);
  std::string mark = "memlint-elements";
  while (plain.find(mark) != std::string::npos)
    mark += "-";
  envelope[array] = nlohmann::json::array({mark});
  std::string text = jsonText(envelope, 2);
  std::string quoted = jsonText(nlohmann::json(mark));
  size_t at = text.find(quoted);
  size_t lineStart = text.rfind('\n', at) + 1;
  std::string elementIndent = text.substr(lineStart, at - lineStart);
  size_t lineEnd = at + quoted.size(); // the placeholder's '\n' follows
  // Before the placeholder's line, then each element on its own lines,
  // then from the placeholder's newline on.
  auto writeNested = [&](size_t from, size_t to) {
    std::string out;
    appendIndented(out, llvm::StringRef(text).slice(from, to), indent);
    os << out;
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
