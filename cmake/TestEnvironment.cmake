# The LLVM that find_package(MLIR) found, handed to every ctest as
# MEMLINT_LLVM_BIN (mlir-opt, FileCheck, lit, mlir-runner, clang) and
# MEMLINT_LLVM_LIB (libMLIR, the runner utils). Scripts read them through
# test/lib/llvm_tools.py, shell scripts as ${MEMLINT_LLVM_BIN:-...}, so
# nothing under test/ or bench/ names an install path of its own.
set(MEMLINT_LLVM_BIN "${LLVM_TOOLS_BINARY_DIR}")
set(MEMLINT_LLVM_LIB "${LLVM_LIBRARY_DIR}")

# Adds both variables to the environment of every test of the current
# directory; call it at the end of each CMakeLists.txt that adds tests
# (set_property(TEST ... DIRECTORY) needs CMake 3.28).
function(memlint_test_environment)
  get_property(tests DIRECTORY PROPERTY TESTS)
  if(tests)
    set_property(TEST ${tests} APPEND PROPERTY ENVIRONMENT
      "MEMLINT_LLVM_BIN=${MEMLINT_LLVM_BIN}"
      "MEMLINT_LLVM_LIB=${MEMLINT_LLVM_LIB}")
  endif()
endfunction()
