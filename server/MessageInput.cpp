//===- MessageInput.cpp - LSP messages in, malformed ones answered --------===//
#include "server/MessageInput.h"

#include "llvm/ADT/StringExtras.h"

namespace memlint {

/// Larger messages are refused (and the body left to be skipped as noise).
static constexpr unsigned long long maxMessageBytes = 256ull << 20;

bool MessageInput::nestedDeeperThan(llvm::StringRef text, unsigned limit) {
  // llvm::json::parse recurses once per level: a message nested tens of
  // thousands deep overflows the stack before any check could run, so the
  // depth is counted on the raw bytes (brackets inside strings excepted).
  unsigned depth = 0;
  bool inString = false, escaped = false;
  for (char c : text) {
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '[' || c == '{') {
      if (++depth > limit)
        return true;
    } else if ((c == ']' || c == '}') && depth)
      --depth;
  }
  return false;
}

MessageInput::MessageInput(std::FILE *in)
    : JSONTransportInput(llvm::lsp::JSONStreamStyle::Standard), in(in) {}

llvm::LogicalResult MessageInput::readDelimitedMessage(std::string &) {
  return llvm::failure(); // only the standard framing is used
}

bool MessageInput::readHeaderLine(std::string &line) {
  line.clear();
  for (int c; (c = std::getc(in)) != EOF;) {
    if (c == '\n')
      return true;
    if (line.size() < 4096)
      line.push_back(static_cast<char>(c));
  }
  return !line.empty();
}

static bool isValidId(const llvm::json::Value &v) {
  return v.kind() == llvm::json::Value::String || v.getAsInteger() ||
         v.kind() == llvm::json::Value::Null;
}

bool MessageInput::check(llvm::StringRef text, int &code,
                         std::string &message, llvm::json::Value &replyId,
                         bool &hasId) {
  replyId = nullptr;
  hasId = false;
  if (nestedDeeperThan(text, kMaxNestingDepth)) {
    code = static_cast<int>(llvm::lsp::ErrorCode::InvalidRequest);
    message = "invalid request: nested deeper than " +
              std::to_string(kMaxNestingDepth) + " levels";
    return false;
  }
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(text);
  if (!parsed) {
    code = static_cast<int>(llvm::lsp::ErrorCode::ParseError);
    message = "parse error: " + llvm::toString(parsed.takeError());
    return false;
  }
  code = static_cast<int>(llvm::lsp::ErrorCode::InvalidRequest);
  const llvm::json::Object *obj = parsed->getAsObject();
  if (!obj) {
    message = "invalid request: a message must be a JSON object";
    return false;
  }
  const llvm::json::Value *idValue = obj->get("id");
  if (idValue && isValidId(*idValue)) {
    replyId = *idValue;
    hasId = true;
  }
  if (obj->getString("jsonrpc") != std::optional<llvm::StringRef>("2.0")) {
    message = "invalid request: \"jsonrpc\" must be \"2.0\"";
    return false;
  }
  if (idValue && !isValidId(*idValue)) {
    message = "invalid request: \"id\" must be a string, a number or null";
    return false;
  }
  const llvm::json::Value *method = obj->get("method");
  if (!method) {
    // A response: it needs an id and a result or an error.
    if (!idValue || (!obj->get("result") && !obj->get("error"))) {
      message = "invalid request: no \"method\", and not a response";
      return false;
    }
    return true;
  }
  if (!method->getAsString()) {
    message = "invalid request: \"method\" must be a string";
    return false;
  }
  if (const llvm::json::Value *params = obj->get("params"))
    if (!params->getAsObject() && !params->getAsArray() &&
        params->kind() != llvm::json::Value::Null) {
      message = "invalid request: \"params\" must be an object or an array";
      return false;
    }
  return true;
}

void MessageInput::replaceWithError(std::string &json, int code,
                                    std::string message,
                                    llvm::json::Value replyId) {
  id = replyId;
  llvm::json::Object request{
      {"jsonrpc", "2.0"},
      {"id", std::move(replyId)},
      {"method", kInvalidMessageMethod},
      {"params", llvm::json::Object{{"code", code},
                                    {"message", std::move(message)}}}};
  json.clear();
  llvm::raw_string_ostream os(json);
  os << llvm::json::Value(std::move(request));
}

llvm::LogicalResult MessageInput::readStandardMessage(std::string &json) {
  id.reset();
  // Headers, up to an empty line. Only Content-Length matters; it is also
  // found after junk on the same line, so a stream resynchronises after a
  // message whose length was wrong.
  std::optional<unsigned long long> length;
  bool sawHeader = false, badLength = false;
  std::string line;
  while (true) {
    if (!readHeaderLine(line))
      return llvm::failure();
    llvm::StringRef l = llvm::StringRef(line).trim();
    if (l.empty()) {
      if (!sawHeader)
        continue; // stray blank lines between messages
      break;
    }
    sawHeader = true;
    size_t at = l.find_insensitive("content-length:");
    if (at == llvm::StringRef::npos)
      continue;
    unsigned long long n;
    if (l.drop_front(at + strlen("content-length:")).trim()
            .getAsInteger(10, n))
      badLength = true;
    else
      length = n, badLength = false;
  }
  if (!length || badLength || *length > maxMessageBytes) {
    replaceWithError(json,
                     static_cast<int>(llvm::lsp::ErrorCode::ParseError),
                     !length || badLength
                         ? "missing or malformed Content-Length header"
                         : "message too large",
                     nullptr);
    return llvm::success();
  }
  json.resize(*length);
  for (size_t pos = 0; pos < *length;) {
    size_t got = std::fread(&json[pos], 1, *length - pos, in);
    if (got == 0) {
      if (std::feof(in) || std::ferror(in))
        return llvm::failure();
      std::clearerr(in);
    }
    pos += got;
  }
  int code;
  std::string message;
  llvm::json::Value replyId = nullptr;
  bool hasId;
  if (!check(json, code, message, replyId, hasId)) {
    replaceWithError(json, code, std::move(message), std::move(replyId));
    return llvm::success();
  }
  if (hasId)
    id = std::move(replyId);
  return llvm::success();
}

} // namespace memlint
