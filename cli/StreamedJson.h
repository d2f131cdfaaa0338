//===- StreamedJson.h - Large JSON written piece by piece -------*- C++ -*-===//
//
// A report of many findings, each with its fixes, is a JSON document of
// many megabytes. Built as one nlohmann::json tree and then dumped, it costs
// as much as linting the file (every value a node allocated, kept until the
// end and freed one by one). Here the document's one large array is written
// an element at a time: the envelope around it is a small tree, dumped
// around a placeholder; each element is built, dumped and freed in turn.
// The bytes are those of dumping the whole tree with an indent of 2.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_CLI_STREAMEDJSON_H
#define MEMLINT_CLI_STREAMEDJSON_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace memlint {

/// Writes element `i` of the array, as `json.dump(2)` would write it at
/// the start of a line indented by `indent` (its first line's indentation
/// is written already).
using WriteElement = llvm::function_ref<void(std::ostream &os, size_t i,
                                             const std::string &indent)>;

/// Writes `envelope` as `os << std::setw(2) << envelope` would, nested at
/// `indent` (every line but the first starts with it), with the array
/// at `array` (an empty array in `envelope`) holding `count` elements
/// written by `element`.
void writeStreamedJson(std::ostream &os, nlohmann::json envelope,
                       const nlohmann::json::json_pointer &array, size_t count,
                       WriteElement element, const std::string &indent = "");

/// `value` as JSON text. Names from the input may hold bytes that are not
/// UTF-8 (MLIR's `@"mk\FF"`, a file name): they become U+FFFD, never an
/// exception.
template <typename Json>
std::string jsonText(const Json &value, int indent = -1) {
  return value.dump(indent, ' ', /*ensure_ascii=*/false,
                    Json::error_handler_t::replace);
}

/// Writes `value` as `dump(2)` would, nested at `indent`.
void writeIndentedJson(std::ostream &os, const nlohmann::json &value,
                       const std::string &indent);
/// The same, as a string.
std::string indentedJson(const nlohmann::json &value,
                         const std::string &indent);

/// The elements of an array, built by `build(i)` and dumped on up to
/// `threads` threads (WorkPool.h) a block at a time, written in order: an
/// element writer for writeStreamedJson whose elements cost more to build
/// and dump than to write.
class RenderedElements {
public:
  RenderedElements(size_t count, unsigned threads,
                   std::function<nlohmann::json(size_t)> build)
      : count(count), threads(threads), build(std::move(build)) {}
  void write(std::ostream &os, size_t i, const std::string &indent);

private:
  size_t count;
  unsigned threads;
  std::function<nlohmann::json(size_t)> build;
  size_t first = 0; // of the block rendered
  std::string blockIndent;
  std::vector<std::string> block;
};

} // namespace memlint

#endif
