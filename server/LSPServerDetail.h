//===- LSPServerDetail.h - Helpers the LSPServer*.cpp share -----*- C++ -*-===//
//
// Private to server/LSPServer*.cpp: reading LSP params and converting
// positions and severities. LSPServer.cpp defines them.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_LSPSERVERDETAIL_H
#define MEMLINT_SERVER_LSPSERVERDETAIL_H

#include "server/AnalysisResult.h"
#include "server/TextLines.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Protocol.h"
#include <optional>
#include <string>
#include <utility>

namespace memlint {
namespace lspdetail {

llvm::Error invalidParams(const llvm::Twine &what);
/// A request id as a map key.
std::string idKey(const llvm::json::Value &id);
const llvm::json::Object *objectAt(const llvm::json::Value &v,
                                   llvm::StringRef key);
/// params.textDocument.uri.
std::optional<std::string> documentUri(const llvm::json::Value &params);
std::optional<LspPosition> readPosition(const llvm::json::Object *o);
std::optional<std::pair<LspPosition, LspPosition>>
readRange(const llvm::json::Object *o);
/// The file a URI names, for finding its .memlint.json; empty when it names
/// none (an untitled buffer).
std::string filePathOf(const std::string &uri);
llvm::lsp::Position toPosition(const AnalysisResult &r, SourcePos p,
                               PositionEncoding enc);
llvm::lsp::Range toRange(const AnalysisResult &r, const SourceRange &range,
                         PositionEncoding enc);
llvm::lsp::DiagnosticSeverity toSeverity(Severity s);

} // namespace lspdetail
} // namespace memlint

#endif
