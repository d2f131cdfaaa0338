//===- NestingDepth.h - How deep a text's brackets nest ---------*- C++ -*-===//
//
// The parser, the verifier and the analysis all recurse once per nested
// region, so the input decides how deep their stacks go. Before any of them
// runs, a lexical scan bounds that depth: regions, attribute dictionaries,
// operand lists and types all open a bracket, so the deepest bracket nesting
// (outside strings and comments) is at least the deepest region nesting.
// Input deeper than the limit is refused with a message, never a crash.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_NESTINGDEPTH_H
#define MEMLINT_ANALYSIS_NESTINGDEPTH_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <optional>

namespace mlir {
class Operation;
} // namespace mlir

namespace memlint {

/// The deepest bracket nesting memlint accepts: deeper than any generated
/// IR we know of (and than what mlir-opt parses on its default 8 MiB
/// stack), shallow enough for the stack memlint runs its work on (see
/// runWithLargeStack).
constexpr unsigned MaxNestingDepth = 10000;

struct NestingScan {
  unsigned maxDepth = 0;
  /// Offset of the first bracket that went past `limit`; npos if none.
  size_t firstTooDeep = llvm::StringRef::npos;
};

/// Counts `{`, `(` and `[` outside string literals and `//` comments, and
/// angle brackets (`tuple<tuple<...>>`: the parser recurses on those too,
/// over as many lines as they span): `<=`, `>=` and `->` are not brackets,
/// and a `<` that custom syntax leaves unpaired inside braces miscounts
/// only up to their `}`.
NestingScan scanNesting(llvm::StringRef text, unsigned limit);

/// The most ops `counts` accepts on one chain from `root` (included) down
/// to an op nested in it: how deep the parsed IR nests, in the ops that
/// matter to the caller (all but the root, loops); `counts` sees each op
/// once. One pre-order walk,
/// no recursion the input controls.
unsigned deepestChain(mlir::Operation *root,
                      llvm::function_ref<bool(mlir::Operation *)> counts);

/// A stack large enough for input within MaxNestingDepth: each nesting
/// level costs the parser and the analysis a few KiB; the address space is
/// only touched as deep as the input goes.
constexpr unsigned LargeStackBytes = 1u << 30;

/// Above this depth a document is parsed, verified and analysed on the
/// calling thread alone: pool threads get LargeStackBytes only where glibc
/// lets WorkPool set their stack (WorkPool.cpp), and the system's default
/// elsewhere.
constexpr unsigned MaxParallelNestingDepth = 256;

/// The stack memlint's own threads get: LargeStackBytes, or less where the
/// process's address space is limited (`ulimit -v`): a quarter of the
/// limit, at least 16 MiB (threadsThatFit keeps the stacks to
/// half of it). Each thread reserves its whole stack up front,
/// so a pool of 1 GiB stacks under a 3 GB limit could not start (abort).
size_t workStackBytes();
/// The nesting refused as too deep: MaxNestingDepth on a LargeStackBytes
/// stack, proportionally less on a smaller one.
unsigned maxNestingDepth();
/// `wanted` threads, or as many of workStackBytes() as half the address
/// space holds beside the caller's when it is limited (at least one).
unsigned threadsThatFit(unsigned wanted);

/// Runs `fn` on a thread with a workStackBytes() stack, and waits for it.
void runWithLargeStack(llvm::function_ref<void()> fn);

} // namespace memlint

#endif
