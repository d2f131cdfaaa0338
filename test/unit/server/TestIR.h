//===- TestIR.h - Small IR documents for the server's tests -----*- C++ -*-===//
#ifndef MEMLINT_TEST_UNIT_SERVER_TESTIR_H
#define MEMLINT_TEST_UNIT_SERVER_TESTIR_H

#include <string>

namespace memlint::test {

/// A function whose buffer %a leaks (one `leak` finding, on its alloc).
inline std::string leakyFunction(const std::string &name) {
  return "func.func @" + name +
         "() {\n"
         "  %a = memref.alloc() : memref<16xf32>\n"
         "  return\n"
         "}\n";
}

/// `n` leaky functions: slow enough to analyse that an edit arrives while
/// it runs.
inline std::string manyFunctions(unsigned n) {
  std::string text;
  for (unsigned i = 0; i < n; ++i)
    text += leakyFunction("f" + std::to_string(i));
  return text;
}

} // namespace memlint::test

#endif
