//===- Document.h - One parsed .mlir buffer with source ranges --*- C++ -*-===//
//
// A Document owns everything one parse produces: the context, the source
// buffer, the module and the AsmParserState that maps operations and values
// back to exact source ranges. Checks, fixes and the language server all
// read the IR through a Document, so ranges are computed one way everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_ANALYSIS_DOCUMENT_H
#define MEMLINT_ANALYSIS_DOCUMENT_H

#include "analysis/Finding.h"
#include "analysis/SourceSpans.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/SourceMgr.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class BlockArgument;
class Operation;
class Value;
} // namespace mlir

namespace memlint {

struct LocationRanges;

/// The dialect registry every Document uses: all upstream dialects and their
/// interface models. Built once per process.
const mlir::DialectRegistry &getDialectRegistry();

class Document {
public:
  /// Parses and verifies `text`, on up to `threads` of the WorkPool's
  /// threads (0: all of them): a file of `minChunkedBytes` or more is parsed
  /// in chunks (see ParseChunks.h) and functions are verified side by side.
  /// Never crashes on bad input: failures are returned through errors() and
  /// isValid() is false.
  /// With `context` (from newContext()), the document parses into that
  /// context, on the calling thread, instead of one of its own: the fix
  /// search parses a slice per candidate edit, and a context costs more to
  /// set up than a small function costs to parse.
  ///
  /// With an `origin`, the text is a window of a file that starts there:
  /// every position the document takes or gives (ranges, offsetOf) is the
  /// file's (see TextOrigin). (The parser's own diagnostics and op
  /// locations still count from the text's first line and column.) The fix
  /// search parses one function this way.
  static std::unique_ptr<Document>
  parse(std::string text, std::string fileName, unsigned threads = 1,
        size_t minChunkedBytes = 256 * 1024,
        std::shared_ptr<mlir::MLIRContext> context = nullptr,
        TextOrigin origin = {});
  /// The size of the chunks parseForFindings() cuts a large file into,
  /// whatever the threads: small enough that the records of the chunks
  /// being parsed are a small part of the whole file's.
  static constexpr size_t ChunkBytesForFindings = 1 << 20;
  /// As parse(), for a document that serves range queries only: it keeps
  /// of the parser's record what those read (see dropParserState()). A
  /// file larger than `chunkBytes` is parsed in chunks of about that size
  /// even on one thread, each chunk's record dropped as soon as the chunk
  /// is parsed, so the whole file's record is never held at once.
  static std::unique_ptr<Document>
  parseForFindings(std::string text, std::string fileName, unsigned threads = 1,
                   size_t minChunkedBytes = 256 * 1024,
                   size_t chunkBytes = ChunkBytesForFindings);
  /// A context as parse() makes one (every dialect memlint knows,
  /// unregistered ones allowed, no threads), to share between documents
  /// used on one thread at a time.
  static std::shared_ptr<mlir::MLIRContext> newContext();
  /// A view of `module`, IR that lives elsewhere (a pass pipeline's) and
  /// has no text of its own (AttachedDocument.cpp): ranges come from op
  /// locations, names from printing. With `origin`, ops whose location is
  /// one the origin's parser gave get the origin's ranges, and its text
  /// holds the suppression comments. The module must outlive the view.
  static std::unique_ptr<Document>
  attach(mlir::ModuleOp module,
         std::shared_ptr<const LocationRanges> origin = nullptr);
  /// For an attached view: the location a range it handed out came from
  /// (the module's own location for one it did not hand out).
  mlir::Location locationOf(const SourceRange &range) const;

  bool isValid() const { return valid; }
  const std::vector<InputError> &errors() const { return inputErrors; }

  const std::string &fileName() const { return name; }
  llvm::StringRef text() const { return contents; }
  /// The top-level module (files without one get an implicit module, as
  /// mlir-opt does). Null when !isValid().
  mlir::ModuleOp module() { return mod ? *mod : borrowed; }
  /// What the parser recorded of `op` / `block` (null for ops and blocks it
  /// made up, such as implicit terminators). Not after dropParserState().
  const mlir::AsmParserState::OperationDefinition *
  opDef(mlir::Operation *op) const;
  const mlir::AsmParserState::BlockDefinition *
  blockDef(mlir::Block *block) const;
  /// Every block the parser recorded.
  void forEachBlockDef(
      llvm::function_ref<void(const mlir::AsmParserState::BlockDefinition &)>
          fn) const;
  mlir::MLIRContext &context() { return ctx ? *ctx : *borrowed->getContext(); }

  /// The range a diagnostic on `op` should cover: the whole op when it fits
  /// on one line, else its name.
  SourceRange rangeOf(mlir::Operation *op) const;
  /// The whole textual extent of `op`, from its first result name (or its
  /// name) to its end.
  SourceRange fullRangeOf(mlir::Operation *op) const;
  /// Range of the op name only.
  SourceRange nameRangeOf(mlir::Operation *op) const;
  /// Range of `@name` in the header of a symbol op (a function), where
  /// diagnostics on the whole function are anchored; the op name's range
  /// when the symbol is not written on the op's first line as `@name`
  /// (generic form, quoted names).
  SourceRange symbolNameRangeOf(mlir::Operation *op) const;
  /// Range of the SSA name defining `v` (result or block argument).
  SourceRange definitionRangeOf(mlir::Value v) const;
  /// The SSA name of `v` as written in the source ("%a", "%0#1"), or a
  /// printed fallback.
  std::string nameOf(mlir::Value v) const;

  /// The offset in text() of a location the parser recorded (or of a
  /// pointer into text()); nullopt for none.
  std::optional<size_t> fileOffset(llvm::SMLoc loc) const;
  SourcePos posOf(llvm::SMLoc loc) const;
  /// The position of byte `offset` of text() (clamped to it).
  SourcePos posAtOffset(size_t offset) const;
  SourceRange rangeOf(llvm::SMRange r) const;
  /// Byte offset of a 1-based position; clamps to the buffer.
  size_t offsetOf(SourcePos pos) const;
  /// The offset of each line's first byte in text() (lineStartsOf).
  llvm::ArrayRef<size_t> lineStartOffsets() const { return lineStarts; }
  /// Where text() starts in its file (see parse()).
  const TextOrigin &origin() const { return textOrigin; }
  /// The file's attribute and type alias definitions (`#map = ...`,
  /// `!t = ...`), each printed on one line with its value written out (no
  /// alias in it), in the order of the file.
  std::vector<std::string> aliasDefinitions() const;
  /// Indentation (leading whitespace) of the line holding `pos`.
  std::string indentationOfLine(unsigned line) const;

  ~Document();

  /// The deepest bracket nesting of the text (see NestingDepth.h).
  unsigned nestingDepth() const { return nesting; }

  /// True when the file was parsed in chunks (ParseChunks.h).
  bool parsedInChunks() const { return chunked; }

  /// Keeps of the parser's record (AsmParserState) only what the range
  /// queries above read (SourceSpans.h), and frees the rest with the
  /// chunks' texts: on a large file, a third of what the parse leaves
  /// behind. For a document that serves findings only (`memlint lint`'s
  /// text output): opDef(), blockDef(), forEachBlockDef() and
  /// aliasDefinitions(), what fixes and the editor read, are gone after.
  /// Every range query answers as before. Does nothing to an attached view
  /// or a text of 4 GiB or more.
  void dropParserState();
  bool keepsParserState() const { return !spanIndex; }

private:
  Document(); // out of line: the members' types are complete there
  struct ChunkParse;
  struct Attached;
  /// An attached view's range of `op`'s location (`symbol`: where a
  /// diagnostic on the whole symbol goes), of a block argument's, and the
  /// printed name of a value.
  SourceRange attachedRangeOf(mlir::Operation *op, bool symbol) const;
  SourceRange attachedRangeOf(mlir::BlockArgument arg) const;
  std::string attachedNameOf(mlir::Value v) const;
  /// Parses the file in at most `parts` chunks on `threads` threads (see
  /// ParseChunks.h) into `into`; false, with nothing parsed, when the file
  /// cannot be cut or a chunk does not parse. With rangesOnly, each chunk's
  /// record goes into spanIndex as soon as the chunk is parsed.
  bool parseInChunks(mlir::Block &into, unsigned threads, unsigned parts);
  mlir::ModuleOp wrapInModule(mlir::Block &topLevel);
  /// Verifies what was parsed as mlir-opt does, but for the uses of
  /// symbols inside an unregistered op with one region: MLIR takes such an
  /// op for a possible symbol table, where a call's callee resolves to
  /// nothing, and rejects IR the tool that knows the op accepts.
  mlir::LogicalResult verifyParsed();
  /// What the parser recorded of `op` (from spanIndex once the record is
  /// dropped), and of a block argument's name.
  std::optional<OpSpans> opSpans(mlir::Operation *op) const;
  std::optional<OffsetSpan> argumentSpan(mlir::BlockArgument arg) const;
  SourcePos posAtOffsetOrNone(size_t offset) const;
  SourceRange rangeOf(OffsetSpan s) const;
  // The steps of parse(), in order.
  /// Line starts, the context and the source buffer of `contents`.
  void setUpSource();
  /// An input error, and true, when nesting goes past MaxNestingDepth at
  /// `firstTooDeep` (npos: it does not).
  bool refuseIfTooDeep(size_t firstTooDeep);
  /// The module from chunks parsed side by side, verified; false (and no
  /// errors kept) when that fails, so the whole file is parsed instead.
  bool parseChunked(unsigned threads, unsigned parts);
  static std::unique_ptr<Document>
  parseImpl(std::string text, std::string fileName, unsigned threads,
            size_t minChunkedBytes, std::shared_ptr<mlir::MLIRContext> context,
            TextOrigin origin, bool rangesOnly, size_t chunkBytes);
  /// The module from the whole file in one piece, verified.
  bool parseWhole();
  std::string name;
  std::string contents;
  std::shared_ptr<mlir::MLIRContext> ctx;
  llvm::SourceMgr sourceMgr;
  unsigned bufferId = 0;
  mlir::AsmParserState state;
  std::vector<std::unique_ptr<ChunkParse>> chunks;
  bool chunked = false;
  /// Made by parseForFindings().
  bool rangesOnly = false;
  /// What range queries read once the parser's record is dropped (by
  /// dropParserState(), or chunk by chunk in parseInChunks()).
  std::unique_ptr<SourceSpanIndex> spanIndex;
  mlir::OwningOpRef<mlir::ModuleOp> mod;
  std::unique_ptr<Attached> attached;
  mlir::ModuleOp borrowed;
  std::vector<InputError> inputErrors;
  std::vector<size_t> lineStarts;
  TextOrigin textOrigin;
  bool valid = false;
  unsigned nesting = 0;
};

/// The ranges a parsed Document gives its ops and block arguments, keyed by
/// the file:line:col its parser gave each, taken before passes rewrite the
/// module: an op that keeps its location keeps the range `memlint lint`
/// reports for it.
struct LocationRanges {
  using Key = std::pair<unsigned, unsigned>; // line, column
  std::string file;
  std::string text;
  std::map<Key, SourceRange> ops, symbols, arguments;
  static std::shared_ptr<const LocationRanges> of(const Document &doc);
};

} // namespace memlint

#endif
