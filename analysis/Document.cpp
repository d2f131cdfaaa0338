//===- Document.cpp - Parsing with source ranges --------------------------===//
#include "analysis/Document.h"

#include "analysis/AttachedDocument.h"
#include "analysis/Dialects.h"
#include "analysis/IRTeardown.h"
#include "analysis/ParseChunks.h"
#include "analysis/PositionSlice.h"
#include "analysis/WorkPool.h"

#include "analysis/NestingDepth.h"
#include "analysis/Ownership.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <mutex>

using namespace mlir;

namespace memlint {

const DialectRegistry &getDialectRegistry() {
  static const DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    registerMemlintDialects(*r);
    return r;
  }();
  return *registry;
}

/// The parser's or verifier's error `diag` as memlint reports it: the
/// message with its notes, at the first file location inside.
static InputError inputErrorOf(Diagnostic &diag) {
  auto rangeOf = [](Location loc) {
    SourceRange r;
    auto fl = dyn_cast<FileLineColLoc>(loc);
    if (!fl)
      fl = loc->findInstanceOf<FileLineColLoc>();
    if (fl) {
      r.start = {fl.getLine(), fl.getColumn()};
      r.end = {fl.getLine(), fl.getColumn() + 1};
    }
    return r;
  };
  InputError err;
  std::string msg;
  llvm::raw_string_ostream os(msg);
  os << diag;
  for (Diagnostic &note : diag.getNotes()) {
    os << "\n  note: " << note;
    err.notes.push_back({note.str(), rangeOf(note.getLocation())});
  }
  err.message = msg;
  err.range = rangeOf(diag.getLocation());
  return err;
}

std::shared_ptr<MLIRContext> Document::newContext() {
  auto ctx = std::make_shared<MLIRContext>(getDialectRegistry(),
                                           MLIRContext::Threading::DISABLED);
  ctx->allowUnregisteredDialects();
  // Keep the parser from printing op-attached notes such as the op itself.
  ctx->printOpOnDiagnostic(false);
  ctx->printStackTraceOnDiagnostic(false);
  return ctx;
}

void Document::setUpSource() {
  lineStarts = lineStartsOf(contents);
  if (!ctx)
    ctx = newContext();
  auto buffer = llvm::MemoryBuffer::getMemBuffer(contents, name,
                                                 /*RequiresNullTerminator=*/
                                                 false);
  bufferId = sourceMgr.AddNewSourceBuffer(std::move(buffer), SMLoc());
}

bool Document::refuseIfTooDeep(size_t firstTooDeep) {
  if (firstTooDeep == llvm::StringRef::npos)
    return false;
  InputError err;
  err.message = "brackets nested deeper than " +
                std::to_string(maxNestingDepth()) +
                " levels (each of `{`, `(`, `[` and `<` counts; an op in "
                "generic form opens two per region): memlint does not "
                "analyse input this deep";
  auto line = llvm::upper_bound(lineStarts, firstTooDeep);
  size_t lineStart = *std::prev(line);
  err.range.start = {unsigned(line - lineStarts.begin()),
                     unsigned(firstTooDeep - lineStart + 1)};
  err.range.end = {err.range.start.line, err.range.start.column + 1};
  inputErrors.push_back(std::move(err));
  return true;
}

bool Document::parseChunked(unsigned threads, unsigned parts) {
  Block topLevel;
  if (parseInChunks(topLevel, threads, parts)) {
    mod = OwningOpRef<ModuleOp>(wrapInModule(topLevel));
    if (succeeded(verifyParsed()))
      return true;
    // Report it exactly as a parse of the whole file does.
    inputErrors.clear();
    mod = nullptr;
    chunks.clear();
    chunked = false;
    spanIndex.reset();
  }
  return false;
}

bool Document::parseWhole() {
  Block block;
  ParserConfig config(ctx.get(), /*verifyAfterParse=*/false);
  if (failed(parseAsmSourceFile(sourceMgr, &block, config, &state))) {
    if (inputErrors.empty())
      inputErrors.push_back({"failed to parse", {}});
    return false;
  }
  mod = OwningOpRef<ModuleOp>(wrapInModule(block));
  if (failed(verifyParsed())) {
    if (inputErrors.empty())
      inputErrors.push_back({"failed to verify", {}});
    return false;
  }
  return true;
}

std::unique_ptr<Document>
Document::parse(std::string text, std::string fileName, unsigned threads,
                size_t minChunkedBytes, std::shared_ptr<MLIRContext> context,
                TextOrigin origin) {
  return parseImpl(std::move(text), std::move(fileName), threads,
                   minChunkedBytes, std::move(context), origin,
                   /*rangesOnly=*/false, /*chunkBytes=*/0);
}

std::unique_ptr<Document> Document::parseForFindings(std::string text,
                                                     std::string fileName,
                                                     unsigned threads,
                                                     size_t minChunkedBytes,
                                                     size_t chunkBytes) {
  return parseImpl(std::move(text), std::move(fileName), threads,
                   minChunkedBytes, nullptr, TextOrigin(), /*rangesOnly=*/true,
                   std::max<size_t>(chunkBytes, 1));
}

std::unique_ptr<Document>
Document::parseImpl(std::string text, std::string fileName, unsigned threads,
                    size_t minChunkedBytes,
                    std::shared_ptr<MLIRContext> context, TextOrigin origin,
                    bool rangesOnly, size_t chunkBytes) {
  std::unique_ptr<Document> doc(new Document());
  doc->rangesOnly = rangesOnly;
  doc->textOrigin = origin;
  doc->name = std::move(fileName);
  doc->contents = std::move(text);
  // A shared context is not given a thread pool: others use it too.
  if (context)
    threads = 1;
  doc->ctx = std::move(context);
  doc->setUpSource();
  Document *d = doc.get();
  ScopedDiagnosticHandler handler(doc->ctx.get(), [d](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      d->inputErrors.push_back(inputErrorOf(diag));
    return success();
  });

  // Large files are parsed in chunks, side by side; the verifier checks
  // functions side by side. A context with threads also gives the analysis
  // (which runs on several threads too) locked uniquers.
  threads = batchThreads(threads);
  // Deeply nested input is refused before the parser recurses into it, and
  // merely deep input is handled on the calling thread alone (see
  // MaxParallelNestingDepth).
  // MLIR bytecode (mlir-opt --emit-bytecode) starts with "ML\xefR": say so
  // rather than fail on its first byte.
  if (llvm::StringRef(doc->contents).starts_with("ML\xefR")) {
    InputError err;
    err.message = "this is MLIR bytecode, which memlint does not read: give "
                  "it the textual form (`mlir-opt FILE -o FILE.mlir` "
                  "prints it)";
    err.range.start = {1, 1};
    err.range.end = {1, 2};
    doc->inputErrors.push_back(std::move(err));
    return doc;
  }
  NestingScan nesting = scanNesting(doc->contents, maxNestingDepth());
  doc->nesting = nesting.maxDepth;
  if (doc->refuseIfTooDeep(nesting.firstTooDeep))
    return doc;
  bool shallow = nesting.maxDepth <= MaxParallelNestingDepth;
  if (!shallow)
    threads = 1;
  if (threads > 1)
    doc->ctx->setThreadPool(workThreadPool());
  // A chunk per thread; for findings only, also chunks small enough that
  // the records of the few parsed at once are small (offsets in the index
  // are 32-bit: a text of 4 GiB is parsed whole, then kept as it is).
  size_t size = doc->contents.size();
  size_t parts = threads;
  if (rangesOnly && shallow && size < (size_t(1) << 32) - 1)
    parts = std::max<size_t>(parts, size / chunkBytes);
  parts = std::min<size_t>(parts, 1024);
  if (parts > 1 && size >= minChunkedBytes &&
      doc->parseChunked(threads, parts)) {
    doc->valid = true;
    return doc;
  }
  doc->valid = doc->parseWhole();
  if (doc->valid && rangesOnly)
    doc->dropParserState();
  return doc;
}

Document::Document() = default;
Document::~Document() {
  if (mod)
    eraseNestedIR(mod.release());
}

ModuleOp Document::wrapInModule(Block &topLevel) {
  // Wrap top-level ops in a module unless the file is exactly one module, as
  // mlir-opt does, so symbol lookups (calls) work.
  ModuleOp module;
  if (llvm::hasSingleElement(topLevel))
    module = dyn_cast<ModuleOp>(&topLevel.front());
  if (module) {
    module->remove();
    return module;
  }
  OpBuilder b(ctx.get());
  module = ModuleOp::create(b, FileLineColLoc::get(ctx.get(), name, 1, 1));
  Block &dst = module.getBodyRegion().front();
  dst.getOperations().splice(dst.end(), topLevel.getOperations());
  return module;
}

/// An unregistered op that MLIR's symbol lookups stop at.
static bool mayBeSymbolTable(Operation *op) {
  return !op->isRegistered() && op->getNumRegions() == 1;
}

/// Verifies `mod` as verify() does, except that the symbol uses inside
/// ops that mayBeSymbolTable are not resolved (the analysis takes a
/// callee there only where its type is the call's: calleeOf).
static LogicalResult verifyButUnknownScopes(ModuleOp mod) {
  llvm::StringSet<> names;
  for (Operation &op : mod.getBody()->getOperations()) {
    if (failed(verify(&op)))
      return failure();
    if (auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
        name && !names.insert(name.getValue()).second)
      return op.emitError()
             << "redefinition of symbol named '" << name.getValue() << "'";
  }
  SymbolTableCollection tables;
  WalkResult r = mod->walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto user = dyn_cast<SymbolUserOpInterface>(op);
    if (user && SymbolTable::getNearestSymbolTable(op) == mod.getOperation() &&
        failed(user.verifySymbolUses(tables)))
      return WalkResult::interrupt();
    // Inside such an op, a call of a function the module has must match
    // it, as the tool that knows the op would require (one of a name the
    // module lacks may be the op's own).
    auto call = dyn_cast<CallOpInterface>(op);
    auto name =
        call ? dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee())
             : SymbolRefAttr();
    if (name && SymbolTable::getNearestSymbolTable(op) != mod.getOperation())
      if (Operation *target = tables.lookupSymbolIn(mod, name);
          target && !callsAsTyped(op, target)) {
        op->emitOpError() << "'" << name
                          << "' does not match the function it calls";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

LogicalResult Document::verifyParsed() {
  if (succeeded(verify(*mod)))
    return success();
  bool usesInUnknownScopes = false;
  mod->walk([&](Operation *op) {
    if (isa<SymbolUserOpInterface>(op))
      for (Operation *p = op->getParentOp(); p && p != mod->getOperation();
           p = p->getParentOp())
        usesInUnknownScopes |= mayBeSymbolTable(p);
  });
  if (!usesInUnknownScopes)
    return failure();
  // The first verifier's errors stand unless the second accepts the IR.
  std::vector<InputError> first = std::move(inputErrors);
  inputErrors.clear();
  if (succeeded(verifyButUnknownScopes(*mod)))
    return success();
  inputErrors = std::move(first);
  return failure();
}

/// One chunk's parse: its text, its own source manager and parser state
/// (what the parser recorded refers into the chunk's text).
struct Document::ChunkParse {
  ParseChunk chunk;
  /// Where chunk.text lies: what the parser recorded points into it.
  /// fileOffset() only compares pointers with it and maps them through
  /// chunk.pieces, so dropParserState() can free the text first.
  const char *textBegin = nullptr;
  size_t textSize = 0;
  llvm::SourceMgr sourceMgr;
  AsmParserState state;
  Block topLevel;

  /// The file offset of a location in the chunk's text; nullopt for one
  /// elsewhere or not copied from the file.
  std::optional<size_t> fileOffsetOf(SMLoc loc) const {
    auto at = reinterpret_cast<uintptr_t>(loc.getPointer());
    auto begin = reinterpret_cast<uintptr_t>(textBegin);
    if (!loc.isValid() || at < begin || at > begin + textSize)
      return std::nullopt;
    return chunk.fileOffset(at - begin);
  }
};

bool Document::parseInChunks(Block &into, unsigned threads, unsigned parts) {
  std::optional<ChunkPlan> plan =
      planParseChunks(contents, lineStarts, parts, /*leastParts=*/threads);
  if (!plan)
    return false;
  // The parser loads dialects as it meets them; loading is not safe from
  // several threads, so those the text names are loaded before (chunks
  // parsed one after another load them as a whole parse does).
  if (threads > 1) {
    const DialectRegistry &registry = ctx->getDialectRegistry();
    for (StringRef name : dialectNamesIn(contents))
      if (registry.getDialectAllocator(name))
        ctx->getOrLoadDialect(name);
  }
  std::atomic<bool> failedChunk{false};
  // A chunk's errors are dropped: the whole file is parsed again for them.
  ScopedDiagnosticHandler quiet(ctx.get(), [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      failedChunk = true;
    return success();
  });
  std::vector<std::unique_ptr<ChunkParse>> parsed;
  for (ParseChunk &chunk : plan->chunks) {
    parsed.push_back(std::make_unique<ChunkParse>());
    parsed.back()->chunk = std::move(chunk);
    parsed.back()->textBegin = parsed.back()->chunk.text.data();
    parsed.back()->textSize = parsed.back()->chunk.text.size();
  }
  std::unique_ptr<SourceSpanIndex> index;
  std::mutex indexLock;
  if (rangesOnly)
    index = std::make_unique<SourceSpanIndex>();
  parallelFor(parsed.size(), threads, [&](size_t i) {
    ChunkParse &p = *parsed[i];
    p.sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(p.chunk.text, name,
                                         /*RequiresNullTerminator=*/false),
        SMLoc());
    ParserConfig config(ctx.get(), /*verifyAfterParse=*/false);
    if (failed(parseAsmSourceFile(p.sourceMgr, &p.topLevel, config, &p.state)))
      failedChunk = true;
    if (!index || failedChunk)
      return;
    {
      std::lock_guard<std::mutex> guard(indexLock);
      if (!index->add(p.state, [&p](SMLoc loc) { return p.fileOffsetOf(loc); }))
        failedChunk = true;
    }
    // What range queries read of this chunk is in the index now. The
    // source manager goes too: it holds an offset for every line of the
    // chunk's text, which has every line of the file before the chunk (a
    // 48 MB file cut in 48 chunks: 130 MB of them).
    p.state = AsmParserState();
    p.sourceMgr = llvm::SourceMgr();
    std::string().swap(p.chunk.text);
  });
  if (failedChunk)
    return false;
  // A top-level op that defines a value (the planner reads only line
  // starts, and such an op may be indented): ops below may use the value,
  // and no function may define its name again. Pieces parsed apart see
  // neither, so the whole file is parsed instead.
  auto definesValues = [](Block &block) {
    return llvm::any_of(block,
                        [](Operation &op) { return op.getNumResults() != 0; });
  };
  for (auto &p : parsed)
    if (definesValues(p->topLevel))
      return false;
  if (plan->wrappedModule) {
    Block &first = parsed.front()->topLevel;
    if (!llvm::hasSingleElement(first) || !isa<ModuleOp>(first.front()))
      return false;
    Block *body = cast<ModuleOp>(first.front()).getBody();
    if (definesValues(*body))
      return false;
    for (auto &p : llvm::drop_begin(parsed))
      body->getOperations().splice(body->end(), p->topLevel.getOperations());
  }
  for (auto &p : parsed)
    into.getOperations().splice(into.end(), p->topLevel.getOperations());
  chunked = true;
  if (index) {
    spanIndex = std::move(index);
    return true;
  }
  chunks = std::move(parsed);
  return true;
}

const AsmParserState::OperationDefinition *
Document::opDef(Operation *op) const {
  assert(keepsParserState() && "the parser's record was dropped");
  if (const auto *def = state.getOpDef(op))
    return def;
  for (const auto &c : chunks)
    if (const auto *def = c->state.getOpDef(op))
      return def;
  return nullptr;
}

const AsmParserState::BlockDefinition *Document::blockDef(Block *block) const {
  assert(keepsParserState() && "the parser's record was dropped");
  if (const auto *def = state.getBlockDef(block))
    return def;
  for (const auto &c : chunks)
    if (const auto *def = c->state.getBlockDef(block))
      return def;
  return nullptr;
}

void Document::forEachBlockDef(
    llvm::function_ref<void(const AsmParserState::BlockDefinition &)> fn)
    const {
  assert(keepsParserState() && "the parser's record was dropped");
  for (const auto &def : state.getBlockDefs())
    fn(def);
  for (const auto &c : chunks)
    for (const auto &def : c->state.getBlockDefs())
      fn(def);
}

void Document::dropParserState() {
  if (spanIndex || attached || !valid)
    return;
  // The chunks' texts go first: the index is built where they were.
  for (const auto &c : chunks)
    std::string().swap(c->chunk.text);
  auto index = std::make_unique<SourceSpanIndex>();
  std::vector<const AsmParserState *> states{&state};
  for (const auto &c : chunks)
    states.push_back(&c->state);
  size_t numOps = 0, numBlocks = 0, numArguments = 0;
  for (const AsmParserState *s : states) {
    numOps += llvm::range_size(s->getOpDefs());
    for (const auto &def : s->getBlockDefs()) {
      ++numBlocks;
      numArguments += def.arguments.size();
    }
  }
  index->reserve(numOps, numBlocks, numArguments);
  for (const AsmParserState *s : states)
    if (!index->add(*s, [this](SMLoc l) { return fileOffset(l); }))
      return; // offsets past 4 GiB: keep the record
  spanIndex = std::move(index);
  state = AsmParserState();
  chunks.clear();
}

std::optional<size_t> Document::fileOffset(SMLoc loc) const {
  if (!loc.isValid())
    return std::nullopt;
  auto p = reinterpret_cast<uintptr_t>(loc.getPointer());
  auto begin = reinterpret_cast<uintptr_t>(contents.data());
  if (p >= begin && p <= begin + contents.size())
    return p - begin;
  for (const auto &c : chunks)
    if (std::optional<size_t> at = c->fileOffsetOf(loc))
      return at;
  return std::nullopt;
}

std::vector<std::string> Document::aliasDefinitions() const {
  assert(keepsParserState() && "the parser's record was dropped");
  // A chunked parse gives every chunk all the aliases (ParseChunks.h).
  const AsmParserState &s = chunks.empty() ? state : chunks.front()->state;
  std::vector<std::pair<const char *, std::string>> defs;
  auto add = [&](const AsmParserState::SMDefinition &def, char sigil,
                 llvm::StringRef name, auto value) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << sigil << name << " = ";
    value.print(os);
    defs.push_back({def.loc.Start.getPointer(), std::move(text)});
  };
  for (const auto &def : s.getAttributeAliasDefs())
    if (def.value)
      add(def.definition, '#', def.name, def.value);
  for (const auto &def : s.getTypeAliasDefs())
    if (def.value)
      add(def.definition, '!', def.name, def.value);
  llvm::stable_sort(defs, [](auto &a, auto &b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (auto &d : defs)
    out.push_back(std::move(d.second));
  return out;
}

} // namespace memlint
