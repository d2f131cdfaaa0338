//===- FunctionSliceTest.cpp - The part of a module one function needs ----===//
#include "fixes/FunctionSlice.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

const char *module = R"(func.func @h() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  return %a : memref<4xf32>
}
func.func @unrelated() {
  %b = memref.alloc() : memref<8xf32>
  memref.dealloc %b : memref<8xf32>
  return
}
func.func @g() -> memref<4xf32> {
  %r = func.call @h() : () -> memref<4xf32>
  return %r : memref<4xf32>
}
func.func @f() {
  %x = func.call @g() : () -> memref<4xf32>
  memref.dealloc %x : memref<4xf32>
  return
}
)";

mlir::FunctionOpInterface functionNamed(Document &doc, llvm::StringRef name) {
  mlir::FunctionOpInterface found;
  doc.module()->walk([&](mlir::FunctionOpInterface fn) {
    if (fn.getName() == name)
      found = fn;
  });
  return found;
}

TEST(FunctionSlice, DeclaresCalleesDropsTheRest) {
  std::unique_ptr<Document> doc = Document::parse(module, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  std::optional<std::string> slice =
      FunctionSlicer(*doc).sliceFor(functionNamed(*doc, "f"));
  ASSERT_TRUE(slice.has_value());
  // @g, the callee, becomes a declaration (the analysis knows its summary);
  // @h, called only by @g, and @unrelated are gone.
  EXPECT_NE(slice->find("func.func private @g() -> (memref<4xf32>)"),
            std::string::npos);
  EXPECT_EQ(slice->find("%r = func.call @h()"), std::string::npos);
  EXPECT_EQ(slice->find("@h"), std::string::npos);
  EXPECT_EQ(slice->find("@unrelated"), std::string::npos);
  EXPECT_EQ(slice->find("memref<8xf32>"), std::string::npos);

  // Lines and columns of what is kept are those of the file.
  llvm::SmallVector<llvm::StringRef> fileLines, sliceLines;
  llvm::StringRef(module).split(fileLines, '\n');
  llvm::StringRef(*slice).split(sliceLines, '\n');
  ASSERT_EQ(fileLines.size(), sliceLines.size());
  for (unsigned l = 17; l < fileLines.size(); ++l)
    EXPECT_EQ(fileLines[l], sliceLines[l]) << "line " << l + 1;

  // And it parses and verifies on its own.
  std::unique_ptr<Document> sliced = Document::parse(*slice, "t.mlir");
  EXPECT_TRUE(sliced->isValid());
}

TEST(FunctionSlice, NothingToCutIsNone) {
  std::unique_ptr<Document> doc = Document::parse(module, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  // @h calls nothing; everything else would be cut, so there is a slice.
  EXPECT_TRUE(FunctionSlicer(*doc).sliceFor(functionNamed(*doc, "h")).has_value());
  const char *single = "func.func @only() {\n  return\n}\n";
  std::unique_ptr<Document> one = Document::parse(single, "t.mlir");
  ASSERT_TRUE(one->isValid());
  EXPECT_FALSE(FunctionSlicer(*one).sliceFor(functionNamed(*one, "only")).has_value());
}

/// `w` parsed as the window of the file it was cut from.
std::unique_ptr<Document> parseWindow(const FunctionSlicer::Window &w) {
  return Document::parse(w.text, "t.mlir", /*threads=*/1,
                         /*minChunkedBytes=*/256 * 1024, /*context=*/nullptr,
                         w.origin);
}

/// The range of function `name` in `doc`.
SourceRange rangeOfFunction(Document &doc, llvm::StringRef name) {
  return doc.rangeOf(functionNamed(doc, name));
}

TEST(FunctionSlice, WindowHoldsTheFunctionOnItsOwnLines) {
  std::unique_ptr<Document> doc = Document::parse(module, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  FunctionSlicer slicer(*doc);
  std::optional<FunctionSlicer::Window> w =
      slicer.windowFor(functionNamed(*doc, "f"));
  ASSERT_TRUE(w.has_value());
  // The line before @f (line 14) declares @g; then @f's five lines.
  EXPECT_EQ(w->origin.linesBefore, 12u);
  EXPECT_EQ(w->origin.shiftedLine, 0u);
  EXPECT_EQ(w->text, " func.func private @g() -> (memref<4xf32>)\n"
                     "func.func @f() {\n"
                     "  %x = func.call @g() : () -> memref<4xf32>\n"
                     "  memref.dealloc %x : memref<4xf32>\n"
                     "  return\n"
                     "}\n");
  // Parsed as a window, it gives the file's positions.
  std::unique_ptr<Document> window = parseWindow(*w);
  ASSERT_TRUE(window->isValid());
  EXPECT_EQ(rangeOfFunction(*window, "f"), rangeOfFunction(*doc, "f"));
  EXPECT_EQ(window->offsetOf({14, 1}), w->text.find("func.func @f"));
  // A function on the file's first line has no line for the declarations.
  EXPECT_FALSE(slicer.windowFor(functionNamed(*doc, "h")).has_value());
  // A window of the window (`memlint fix` takes a function to its own
  // fixpoint on its window) is the same window, in the file's lines.
  FunctionSlicer inner(*window);
  std::optional<FunctionSlicer::Window> again =
      inner.windowFor(functionNamed(*window, "f"));
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->origin.linesBefore, w->origin.linesBefore);
  EXPECT_EQ(again->text, w->text);
}

TEST(FunctionSlice, WindowKeepsTheModuleHeader) {
  const char *text = R"(module attributes {test.flag} {
  func.func private @ext() -> memref<4xf32>
  memref.global "private" @g : memref<4xf32> = uninitialized
  func.func @f() {
    %a = func.call @ext() : () -> memref<4xf32>
    return
  }
  func.func @usesGlobal() {
    %b = memref.get_global @g : memref<4xf32>
    return
  }
}
)";
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  FunctionSlicer slicer(*doc);
  std::optional<FunctionSlicer::Window> w =
      slicer.windowFor(functionNamed(*doc, "f"));
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->origin.linesBefore, 2u);
  EXPECT_EQ(w->text, "module attributes {test.flag} { func.func private "
                     "@ext() -> (memref<4xf32>)\n"
                     "  func.func @f() {\n"
                     "    %a = func.call @ext() : () -> memref<4xf32>\n"
                     "    return\n"
                     "  }\n"
                     "}\n");
  std::unique_ptr<Document> window = parseWindow(*w);
  ASSERT_TRUE(window->isValid());
  EXPECT_EQ(rangeOfFunction(*window, "f"), rangeOfFunction(*doc, "f"));
  // What is not a function is not declared: no window.
  EXPECT_FALSE(slicer.windowFor(functionNamed(*doc, "usesGlobal")).has_value());
}

TEST(FunctionSlice, WindowCarriesTheAliases) {
  const char *text = R"(#map = affine_map<(d0) -> (d0 + 1)>
!buf = memref<4xf32>
module {
  func.func @f(%i: index) {
    %a = memref.alloc() : !buf
    %j = affine.apply #map(%i)
    memref.dealloc %a : !buf
    return
  }
}
)";
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  FunctionSlicer slicer(*doc);
  std::optional<FunctionSlicer::Window> w =
      slicer.windowFor(functionNamed(*doc, "f"));
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(w->origin.linesBefore, 2u);
  EXPECT_EQ(
      w->text.substr(0, w->text.find('\n')),
      "#map = affine_map<(d0) -> (d0 + 1)> !buf = memref<4xf32> module {");
  std::unique_ptr<Document> window = parseWindow(*w);
  ASSERT_TRUE(window->isValid());
  EXPECT_EQ(rangeOfFunction(*window, "f"), rangeOfFunction(*doc, "f"));
}

TEST(FunctionSlice, WindowOfAFunctionThatSharesItsLine) {
  // Minified IR: every function on one line, and then on the next.
  const char *text =
      "func.func @a() { return } func.func @b() -> memref<4xf32> { %x = "
      "memref.alloc() : memref<4xf32> return %x : memref<4xf32> } "
      "func.func @c() { %y = func.call @b() : () -> memref<4xf32> return }\n"
      "func.func @d() { return } func.func @e() { %z = func.call @b() : () "
      "-> memref<4xf32> memref.dealloc %z : memref<4xf32> return }\n";
  std::unique_ptr<Document> doc = Document::parse(text, "t.mlir");
  ASSERT_TRUE(doc->isValid());
  FunctionSlicer slicer(*doc);

  // On the file's first line the declaration of @b takes the place of
  // what comes before @c there: the window holds @c alone, and its
  // positions are the file's.
  std::optional<FunctionSlicer::Window> c =
      slicer.windowFor(functionNamed(*doc, "c"));
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->origin.linesBefore, 0u);
  EXPECT_EQ(c->origin.shiftedLine, 1u);
  EXPECT_EQ(c->text, " func.func private @b() -> (memref<4xf32>) func.func "
                     "@c() { %y = func.call @b() : () -> memref<4xf32> return "
                     "}\n");
  std::unique_ptr<Document> cw = parseWindow(*c);
  ASSERT_TRUE(cw->isValid());
  EXPECT_EQ(rangeOfFunction(*cw, "c"), rangeOfFunction(*doc, "c"));
  SourcePos at = rangeOfFunction(*doc, "c").start;
  EXPECT_EQ(cw->offsetOf(at), c->text.find("func.func @c"));
  EXPECT_EQ(cw->posAtOffset(c->text.find("func.func @c")), at);

  // On a later line, the declarations take the line before, and the
  // function's first line is shifted.
  std::optional<FunctionSlicer::Window> e =
      slicer.windowFor(functionNamed(*doc, "e"));
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->origin.linesBefore, 0u);
  EXPECT_EQ(e->origin.shiftedLine, 2u);
  EXPECT_EQ(e->text.substr(e->text.find('\n') + 1, 12), "func.func @e");
  std::unique_ptr<Document> ew = parseWindow(*e);
  ASSERT_TRUE(ew->isValid());
  EXPECT_EQ(rangeOfFunction(*ew, "e"), rangeOfFunction(*doc, "e"));
  // A window of that window (a later round of `memlint fix`) is the same
  // window: the shift of its first function line carries over.
  FunctionSlicer inner(*ew);
  std::optional<FunctionSlicer::Window> again =
      inner.windowFor(functionNamed(*ew, "e"));
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->origin.linesBefore, e->origin.linesBefore);
  EXPECT_EQ(again->origin.shiftedLine, e->origin.shiftedLine);
  EXPECT_EQ(again->origin.columnsBefore, e->origin.columnsBefore);
  EXPECT_EQ(again->text, e->text);

  // Where the declarations do not fit before the function on the first
  // line, there is no window (the slice takes over).
  EXPECT_FALSE(slicer.windowFor(functionNamed(*doc, "a")).has_value());
  const char *tight = "func.func @p() -> memref<4xf32> { %x = memref.alloc() "
                      ": memref<4xf32> return %x : memref<4xf32> } func.func "
                      "@q() { %y = func.call @p() : () -> memref<4xf32> "
                      "memref.dealloc %y : memref<4xf32> return }\n";
  std::unique_ptr<Document> small = Document::parse(tight, "t.mlir");
  ASSERT_TRUE(small->isValid());
  FunctionSlicer smallSlicer(*small);
  std::optional<FunctionSlicer::Window> q =
      smallSlicer.windowFor(functionNamed(*small, "q"));
  ASSERT_TRUE(q.has_value()); // 79 columns before @q, 41 for the header
  EXPECT_TRUE(parseWindow(*q)->isValid());
}
} // namespace
