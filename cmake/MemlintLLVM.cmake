# memlint_llvm: what memlint's targets link for LLVM and MLIR. Debian's
# shared libMLIR and libLLVM, or with MEMLINT_STATIC their static archives
# (StaticLLVM.cmake). Included by the top-level CMakeLists.txt and by the
# standalone fuzz build (test/fuzz), which builds analysis/ unchanged.
if(MEMLINT_STATIC)
  include(${CMAKE_CURRENT_LIST_DIR}/StaticLLVM.cmake)
else()
  add_library(memlint_llvm INTERFACE)
  target_link_libraries(memlint_llvm INTERFACE MLIR LLVM)
endif()
