//===- NestingDepth.cpp - How deep a text's brackets nest -----------------===//
#include "analysis/NestingDepth.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/thread.h"
#include <algorithm>
#include <sys/resource.h>
#include <vector>

namespace memlint {

NestingScan scanNesting(llvm::StringRef text, unsigned limit) {
  NestingScan scan;
  unsigned depth = 0, angles = 0;
  std::vector<unsigned> outerAngles;
  auto deeper = [&](size_t i) {
    unsigned d = depth + angles;
    if (d > scan.maxDepth)
      scan.maxDepth = d;
    if (d > limit && scan.firstTooDeep == llvm::StringRef::npos)
      scan.firstTooDeep = i;
  };
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
    bool equalsNext = i + 1 < e && text[i + 1] == '=';
    // Braces open a region or a dictionary: inside, angles count afresh;
    // after it, those around it count again (`#enc<{...}>`), and what
    // custom syntax left unpaired inside is forgotten.
    if (c == '{') {
      outerAngles.push_back(angles);
      angles = 0;
    } else if (c == '}' && !outerAngles.empty()) {
      angles = outerAngles.back();
      outerAngles.pop_back();
    }
    if (c == '{' || c == '(' || c == '[') {
      ++depth;
      deeper(i);
    } else if ((c == '}' || c == ')' || c == ']') && depth > 0) {
      --depth;
    } else if (c == '<' && !equalsNext) {
      ++angles;
      deeper(i);
    } else if (c == '>' && angles > 0 && !equalsNext &&
               !(i > 0 && text[i - 1] == '-')) {
      --angles;
    }
  }
  return scan;
}

/// The process's address-space limit in bytes, if it has one.
static std::optional<uint64_t> addressSpaceLimit() {
  struct rlimit r;
  if (getrlimit(RLIMIT_AS, &r) != 0 || r.rlim_cur == RLIM_INFINITY)
    return std::nullopt;
  return uint64_t(r.rlim_cur);
}

size_t workStackBytes() {
  static const size_t bytes = [] {
    std::optional<uint64_t> limit = addressSpaceLimit();
    if (!limit)
      return size_t(LargeStackBytes);
    uint64_t quarter = *limit / 4 & ~uint64_t((1u << 20) - 1);
    return size_t(
        std::clamp<uint64_t>(quarter, uint64_t(16) << 20, LargeStackBytes));
  }();
  return bytes;
}

unsigned maxNestingDepth() {
  return unsigned(uint64_t(MaxNestingDepth) * workStackBytes() /
                  LargeStackBytes);
}

unsigned threadsThatFit(unsigned wanted) {
  std::optional<uint64_t> limit = addressSpaceLimit();
  if (!limit)
    return wanted;
  // Half the space for stacks, one of them the caller's.
  uint64_t stacks = *limit / 2 / workStackBytes();
  uint64_t room = std::max<uint64_t>(stacks, 2) - 1;
  return unsigned(std::max<uint64_t>(1, std::min<uint64_t>(wanted, room)));
}

void runWithLargeStack(llvm::function_ref<void()> fn) {
  llvm::thread worker(std::optional<unsigned>(workStackBytes()), [&] { fn(); });
  worker.join();
}

unsigned deepestChain(mlir::Operation *root,
                      llvm::function_ref<bool(mlir::Operation *)> counts) {
  // Each op's count is its parent's plus its own; only ops with regions
  // have children to read it.
  llvm::DenseMap<mlir::Operation *, unsigned> depth;
  unsigned deepest = 0;
  root->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    unsigned d = (op == root ? 0 : depth.lookup(op->getParentOp())) +
                 (counts(op) ? 1 : 0);
    if (op->getNumRegions())
      depth[op] = d;
    deepest = std::max(deepest, d);
  });
  return deepest;
}

} // namespace memlint
