// Recognising upstream's deallocation library function, and reading what a
// call of it was given. The helper is produced here by upstream's own
// -bufferization-lower-deallocations, so the test follows upstream.
#include "analysis/lifetime/DeallocLibrary.h"
#include "analysis/Document.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include <gtest/gtest.h>

using namespace memlint;
using namespace memlint::lifetime;

namespace {

/// Two memrefs freed under two conditions, one retained: upstream lowers
/// that through its helper.
constexpr const char *Program = R"(
func.func @f(%a: memref<2xf32>, %b: memref<2xf32>, %c: i1, %d: i1,
             %r: memref<2xf32>) -> i1 {
  %0 = bufferization.dealloc (%a, %b : memref<2xf32>, memref<2xf32>)
                             if (%c, %d) retain (%r : memref<2xf32>)
  return %0 : i1
}
func.func private @same_signature(%a: memref<?xindex>, %b: memref<?xindex>,
    %c: memref<?xi1>, %d: memref<?xi1>, %e: memref<?xi1>) {
  return
}
)";

struct DeallocLibraryTest : ::testing::Test {
  std::unique_ptr<Document> doc = Document::parse(Program, "lib.mlir");

  void SetUp() override {
    ASSERT_TRUE(doc && doc->module());
    mlir::PassManager pm(doc->module()->getContext());
    pm.addPass(mlir::bufferization::createLowerDeallocationsPass());
    ASSERT_TRUE(mlir::succeeded(pm.run(doc->module())));
  }
  mlir::func::FuncOp function(llvm::StringRef name) {
    return mlir::dyn_cast_or_null<mlir::func::FuncOp>(
        mlir::SymbolTable::lookupSymbolIn(doc->module(), name));
  }
  mlir::func::CallOp helperCall() {
    mlir::func::CallOp found;
    function("f")->walk([&](mlir::func::CallOp c) { found = c; });
    return found;
  }
};

TEST_F(DeallocLibraryTest, RecognisesUpstreamsHelperAndNothingElse) {
  mlir::func::CallOp call = helperCall();
  ASSERT_TRUE(call);
  mlir::func::FuncOp helper = function(call.getCallee());
  ASSERT_TRUE(helper);
  EXPECT_TRUE(DeallocLibraryMatcher().matches(helper));
  EXPECT_FALSE(DeallocLibraryMatcher().matches(function("same_signature")));
  EXPECT_FALSE(DeallocLibraryMatcher().matches(function("f")));

  // One op of the body changed: no longer the helper.
  mlir::arith::AndIOp last;
  helper->walk([&](mlir::arith::AndIOp a) { last = a; });
  ASSERT_TRUE(last);
  mlir::OpBuilder b(last);
  auto other = mlir::arith::OrIOp::create(b, last.getLoc(), last.getLhs(),
                                          last.getRhs());
  last.replaceAllUsesWith(other.getResult());
  last.erase();
  EXPECT_FALSE(DeallocLibraryMatcher().matches(helper));
}

TEST_F(DeallocLibraryTest, ReadsWhatTheCallerStored) {
  mlir::func::FuncOp f = function("f");
  mlir::func::CallOp call = helperCall();
  ASSERT_TRUE(call);
  std::optional<LibraryCall> read = readLibraryCall(call);
  ASSERT_TRUE(read);
  mlir::Block &entry = f.getBody().front();
  ASSERT_EQ(read->memrefs.size(), 2u);
  EXPECT_EQ(read->memrefs[0], entry.getArgument(0));
  EXPECT_EQ(read->memrefs[1], entry.getArgument(1));
  ASSERT_EQ(read->conditions.size(), 2u);
  EXPECT_EQ(read->conditions[0], entry.getArgument(2));
  EXPECT_EQ(read->conditions[1], entry.getArgument(3));
  ASSERT_EQ(read->retained.size(), 1u);
  EXPECT_EQ(read->retained[0], entry.getArgument(4));
  EXPECT_EQ(libraryCallWriting(read->freeOut), call);
  EXPECT_EQ(libraryCallWriting(read->ownershipOut), call);

  // An element the caller does not store: what the call reads is unknown.
  mlir::memref::StoreOp condition;
  f->walk([&](mlir::memref::StoreOp s) {
    if (s.getValueToStore() == entry.getArgument(3))
      condition = s;
  });
  ASSERT_TRUE(condition);
  condition.erase();
  EXPECT_FALSE(readLibraryCall(call));
}

// An argument array of a billion elements, as adversarial input may declare:
// read as unknown at once, without a table of its elements (which took
// 8 GB and 30 s).
TEST_F(DeallocLibraryTest, HugeArraysAreNotRead) {
  mlir::func::CallOp call = helperCall();
  ASSERT_TRUE(call);
  auto cast = call.getOperand(0).getDefiningOp<mlir::memref::CastOp>();
  ASSERT_TRUE(cast);
  mlir::Value alloc = cast.getSource();
  auto type = mlir::cast<mlir::MemRefType>(alloc.getType());
  alloc.setType(mlir::MemRefType::get({1000000000}, type.getElementType()));
  EXPECT_FALSE(readLibraryCall(call));
}

} // namespace
