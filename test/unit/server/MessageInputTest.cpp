//===- MessageInputTest.cpp - JSON-RPC checks before parsing --------------===//
#include "server/MessageInput.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

std::string nested(unsigned depth) {
  return "{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":" +
         std::string(depth, '[') + std::string(depth, ']') + "}";
}

TEST(MessageInputTest, DeepNestingIsRefusedWithoutParsing) {
  int code = 0;
  std::string message;
  llvm::json::Value id = nullptr;
  bool hasId = true;
  // Deep enough to overflow the stack of a recursive parser.
  EXPECT_FALSE(MessageInput::check(nested(50000), code, message, id, hasId));
  EXPECT_EQ(code, static_cast<int>(llvm::lsp::ErrorCode::InvalidRequest));
  EXPECT_EQ(message, "invalid request: nested deeper than 128 levels");
  EXPECT_FALSE(hasId);
}

TEST(MessageInputTest, DepthAtTheLimitIsAccepted) {
  // The message object itself is one level.
  EXPECT_FALSE(MessageInput::nestedDeeperThan(nested(kMaxNestingDepth - 1),
                                              kMaxNestingDepth));
  EXPECT_TRUE(MessageInput::nestedDeeperThan(nested(kMaxNestingDepth),
                                             kMaxNestingDepth));
  int code = 0;
  std::string message;
  llvm::json::Value id = nullptr;
  bool hasId = false;
  EXPECT_TRUE(MessageInput::check(nested(kMaxNestingDepth - 1), code, message,
                                  id, hasId));
}

TEST(MessageInputTest, BracketsInStringsDoNotCount) {
  std::string text = "{\"text\":\"" + std::string(1000, '[') + "\\\"{{\"}";
  EXPECT_FALSE(MessageInput::nestedDeeperThan(text, 2));
  EXPECT_TRUE(MessageInput::nestedDeeperThan("[[[\"]\"]]]", 2));
}

} // namespace
