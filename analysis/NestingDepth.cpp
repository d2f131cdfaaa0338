//===- NestingDepth.cpp - How deep a text's brackets nest -----------------===//
#include "analysis/NestingDepth.h"

#include "llvm/Support/thread.h"

namespace memlint {

NestingScan scanNesting(llvm::StringRef text, unsigned limit) {
  NestingScan scan;
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '"') {
      // A string literal: skip to its closing quote, past escapes.
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '/' && i + 1 < e && text[i + 1] == '/') {
      size_t nl = text.find('\n', i);
      if (nl == llvm::StringRef::npos)
        break;
      i = nl;
      continue;
    }
    if (c == '{' || c == '(' || c == '[') {
      ++depth;
      if (depth > scan.maxDepth)
        scan.maxDepth = depth;
      if (depth > limit && scan.firstTooDeep == llvm::StringRef::npos)
        scan.firstTooDeep = i;
    } else if ((c == '}' || c == ')' || c == ']') && depth > 0) {
      --depth;
    }
  }
  return scan;
}

void runWithLargeStack(llvm::function_ref<void()> fn) {
  llvm::thread worker(std::optional<unsigned>(LargeStackBytes), [&] { fn(); });
  worker.join();
}

} // namespace memlint
