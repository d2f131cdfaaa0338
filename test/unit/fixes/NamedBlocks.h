//===- NamedBlocks.h - A test function's blocks by name ---------*- C++ -*-===//
//
// The unit tests of CFG facts name a function's blocks by the first value
// each defines.
//
//===----------------------------------------------------------------------===//
#ifndef MEMLINT_TEST_UNIT_FIXES_NAMEDBLOCKS_H
#define MEMLINT_TEST_UNIT_FIXES_NAMEDBLOCKS_H

#include "analysis/Document.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <gtest/gtest.h>
#include <memory>

namespace memlint {

/// The blocks of the first function of `doc`: "entry", and the others by
/// the name of their first op's result.
struct NamedBlocks {
  std::unique_ptr<Document> doc;
  mlir::func::FuncOp fn;
  llvm::StringMap<mlir::Block *> byName;

  explicit NamedBlocks(const char *text)
      : doc(Document::parse(text, "t.mlir")) {
    EXPECT_TRUE(doc->isValid());
    fn = *doc->module().getOps<mlir::func::FuncOp>().begin();
    for (mlir::Block &b : fn.getBody()) {
      std::string name = "entry";
      if (!b.isEntryBlock() && b.front().getNumResults() > 0)
        name = doc->nameOf(b.front().getResult(0));
      byName[name] = &b;
    }
  }
  mlir::Block *operator[](llvm::StringRef name) const {
    mlir::Block *b = byName.lookup(name);
    EXPECT_TRUE(b) << name.str();
    return b;
  }
};

} // namespace memlint

#endif
