//===- DiagnosticJSON.h - Findings as LSP diagnostics, reusable -*- C++ -*-===//
//
// publishDiagnostics sends a document's whole list on every edit. On a large
// file almost every finding comes from the analysis cache unchanged, only
// moved by whole lines, so encoding them all again each time cost more than
// the analysis of the edit (6-7 ms for 1,400 findings at 100k lines).
//
// EncodedDiagnostics is the JSON of some diagnostics with every line number
// left open: those of ranges and those the messages quote ("at 12:3"). One
// encoding then serves every place the operation moves to; writing it out
// copies text and prints line numbers. Columns stay as encoded: an operation
// moves by whole lines only, and its own lines keep their text.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_SERVER_DIAGNOSTICJSON_H
#define MEMLINT_SERVER_DIAGNOSTICJSON_H

#include "analysis/Finding.h"
#include "server/TextLines.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace memlint {

/// What diagnostics of one document are written with.
struct DiagnosticContext {
  std::string uri;
  PositionEncoding encoding = PositionEncoding::UTF16;
  /// Where `codeDescription.href` points: `{check}` in it is replaced by
  /// the check's name, else the name is appended (after a '/'). Empty: the
  /// check's page on memlint's site (CheckInfo::docUrl).
  std::string docsUrl;
};

/// Appends `s` as a JSON string (quoted; invalid UTF-8 repaired as
/// llvm::json does), or only its body (what goes between the quotes).
void appendJSONString(std::string &out, llvm::StringRef s);
void appendJSONStringBody(std::string &out, llvm::StringRef s);

/// The documentation page of `check` under `ctx.docsUrl`.
std::string checkDocsUrl(const DiagnosticContext &ctx, llvm::StringRef check);

/// LSP Diagnostic objects, comma-separated, with open line numbers.
class EncodedDiagnostics {
public:
  bool empty() const { return text.empty(); }
  /// Appends the objects to `out` with every line number moved by `delta`;
  /// a comma first when `out` already holds an object of the same array.
  void appendTo(std::string &out, int delta, bool comma) const;

private:
  friend class DiagnosticWriter;
  std::string text;
  /// A line number to print at `offset` of `text`: `base + delta`.
  struct Hole {
    size_t offset;
    int64_t base;
  };
  std::vector<Hole> holes;
};

/// Encodes `findings` (LSP diagnostics with `code`, `codeDescription`, and
/// related information in `ctx.uri`), which lie `delta` lines above where
/// `lines` has them: the result is written at their own lines plus delta.
EncodedDiagnostics encodeFindings(llvm::ArrayRef<Finding> findings, int delta,
                                  const TextLines &lines,
                                  const DiagnosticContext &ctx);

/// Encodes input errors (parse and verifier errors) under `code`: the
/// message's first line, its notes as related information.
EncodedDiagnostics encodeErrors(llvm::ArrayRef<InputError> errors,
                                llvm::StringRef code, const TextLines &lines,
                                const DiagnosticContext &ctx);

/// Encodings of shared finding lists, kept while their list lives and is
/// published. Thread-safe.
class DiagnosticCache {
public:
  using Group = std::shared_ptr<const std::vector<Finding>>;
  /// Appends `group`, lying `delta` lines from where its findings say, to
  /// `out` (see EncodedDiagnostics::appendTo), encoding it on first use.
  void append(std::string &out, const Group &group, int delta, bool comma,
              const TextLines &lines, const DiagnosticContext &ctx);
  /// Forgets every list not appended since the last sweep.
  void sweep();
  size_t size() const;

private:
  struct Entry {
    std::weak_ptr<const std::vector<Finding>> owner;
    EncodedDiagnostics encoded;
    bool used = true;
  };
  mutable std::mutex mutex;
  llvm::DenseMap<const void *, Entry> entries;
};

} // namespace memlint

#endif
