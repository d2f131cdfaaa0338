//===- ParseChunks.h - Split a large file to parse it on several threads --===//
//
// Parsing is most of a lint of a large file, and MLIR's parser is
// sequential. But a file's top-level operations (or those of the one module
// that wraps them all) are independent to the parser when none of them
// defines a value (functions, globals, modules: symbols are resolved later,
// by the verifier). So such a file can be cut between two of them and the
// pieces parsed side by side in one context, then put back together in
// order. A file with a top-level `%x = ...` is not cut: later ops may use
// %x, and no function may define a %x again (the parser refuses names that
// shadow), which pieces parsed apart would not see. (An indented one looks
// like a line of a body here; Document finds it among the parsed pieces'
// top-level ops and parses the whole file instead.)
//
// Each chunk is a PositionSlice of the file: every line it holds keeps its
// line number and column, the lines that belong to other chunks are left
// empty. The locations the parser gives ops (line:col) and every diagnostic
// are then those of the whole file. Every chunk also holds the file's
// top-level alias definitions (`#map = ...`, `!t = ...`, wherever they
// are), and the first chunk of a wrapped file holds the module's header and
// its closing brace.
//
// Cutting is textual: a cut goes only before a line that starts, at the
// indentation of the top-level statements, with what can start an op (a
// letter, `_`, `%` or `"`); files with resource sections (`{-# ... #-}`)
// are not cut. Only line starts are read, so a cut may land inside a
// statement (an op body written without indentation); its chunk then does
// not parse: an open brace or parenthesis is left unclosed. Any chunk that
// fails to parse makes the caller parse the whole file again, in one piece,
// for the parser's own error.
//
// The cut points are not taken from TopLevelLayout (which the language
// server splits files with, brackets, strings and comments read): reading
// line starts only costs nothing next to the parse of a large file, where a
// lexical pass reads every byte before the threads start, and a wrong cut is
// caught anyway. ParseChunksTest's CutsInsideUnindentedBodiesFallBack-
// ToAWholeParse pins that fallback: its file gets a cut inside a body, which
// the layout would not make.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_PARSECHUNKS_H
#define MEMLINT_ANALYSIS_PARSECHUNKS_H

#include "analysis/PositionSlice.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// One piece of a file, as the parser is to see it.
using ParseChunk = PositionSlice;

struct ChunkPlan {
  /// In file order. With `wrappedModule`, chunk 0 holds the module op and
  /// the others hold top-level ops that go at the end of its body, in
  /// order; otherwise every chunk holds top-level ops of the file.
  std::vector<ParseChunk> chunks;
  bool wrappedModule = false;
};

/// Cuts `file` into at most `parts` chunks of similar size; nullopt when it
/// cannot be cut (or `parts` < 2). `lineStarts` holds the offset of each
/// line's first byte (lineStarts[0] == 0). Every chunk parses all the
/// file's aliases again: with `leastParts` below `parts`, large aliases
/// make it fewer chunks, down to `leastParts`, each holding at least eight
/// times the aliases' size of its own.
std::optional<ChunkPlan> planParseChunks(llvm::StringRef file,
                                         llvm::ArrayRef<size_t> lineStarts,
                                         unsigned parts,
                                         unsigned leastParts = ~0u);

/// The names a text may use dialects by: every identifier followed by `.`
/// (`memref.alloc`, `"gpu.launch"`, `!llvm.ptr`, `#gpu.address_space`) or
/// written as `#name<` / `!name<`, each once, in order of first
/// appearance. Chunks are parsed on several threads, and the parser loads
/// a dialect the first time it meets it, which is not safe from several
/// threads: the dialects so named are loaded before (a region op's default
/// dialect is its own, named by it; a dialect's dependents are loaded with
/// it). Loading every registered dialect instead costs a large file 16 MB.
std::vector<llvm::StringRef> dialectNamesIn(llvm::StringRef text);

} // namespace memlint

#endif
