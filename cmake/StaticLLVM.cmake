# MEMLINT_STATIC: LLVM and MLIR linked from Debian's static archives into the
# memlint binary alone, so that it runs without libLLVM/libMLIR (packages,
# scripts/package.sh).
#
# memlint's targets link `memlint_llvm` (top-level CMakeLists.txt), which is
# Debian's shared `MLIR` + `LLVM` normally. Here it is every libMLIR*.a and
# every static component of LLVM_AVAILABLE_LIBS in one linker group: the
# linker pulls only the archive members something references, so what ends
# up in the binary is what memlint calls and registers (dialects, passes,
# the NVPTX back end of `emit`). The imported component targets (MLIRIR,
# ...) are not used: Debian makes each of them link the shared LLVM.
#
# LLVMSupport's own dependencies are linked statically as well, from their
# Debian -dev packages (zlib1g-dev, libzstd-dev; scripts/bootstrap.sh with
# MEMLINT_PACKAGE=1 installs them), and so are libstdc++ and libgcc: what is
# left is glibc.

file(GLOB _memlint_mlir_archives "${LLVM_LIBRARY_DIR}/libMLIR*.a")
# Test passes, the C API and Python bindings: nothing memlint calls.
list(FILTER _memlint_mlir_archives EXCLUDE REGEX
  "/libMLIR(Test[^/]*|[^/]*TestPasses|[^/]*Test|CAPI[^/]*|Python[^/]*)\\.a$")
set(_memlint_llvm_archives)
foreach(lib ${LLVM_AVAILABLE_LIBS})
  if(lib MATCHES "^LLVM." AND EXISTS "${LLVM_LIBRARY_DIR}/lib${lib}.a")
    list(APPEND _memlint_llvm_archives "${LLVM_LIBRARY_DIR}/lib${lib}.a")
  endif()
endforeach()
if(NOT _memlint_mlir_archives OR NOT _memlint_llvm_archives)
  message(FATAL_ERROR "MEMLINT_STATIC: no static MLIR/LLVM archives in "
    "${LLVM_LIBRARY_DIR} (Debian's libmlir-22-dev and llvm-22-dev have them)")
endif()

set(_memlint_system_archives)
foreach(name z zstd)
  find_library(MEMLINT_STATIC_LIB_${name} NAMES lib${name}.a)
  if(NOT MEMLINT_STATIC_LIB_${name})
    message(FATAL_ERROR "MEMLINT_STATIC: lib${name}.a not found "
      "(apt-get install zlib1g-dev libzstd-dev, or run scripts/bootstrap.sh "
      "with MEMLINT_PACKAGE=1)")
  endif()
  list(APPEND _memlint_system_archives ${MEMLINT_STATIC_LIB_${name}})
endforeach()

list(LENGTH _memlint_mlir_archives _n_mlir)
list(LENGTH _memlint_llvm_archives _n_llvm)
message(STATUS "MEMLINT_STATIC: ${_n_mlir} MLIR and ${_n_llvm} LLVM archives in one link group")

find_package(Threads REQUIRED)
# zlib and zstd inside the group as well: CMake would order them before it.
string(REPLACE ";" "," _memlint_group
  "${_memlint_mlir_archives};${_memlint_llvm_archives};${_memlint_system_archives}")
add_library(memlint_llvm INTERFACE)
target_link_libraries(memlint_llvm INTERFACE
  "$<LINK_GROUP:RESCAN,${_memlint_group}>"
  Threads::Threads ${CMAKE_DL_LIBS} rt m)

# Only what is referenced: every function and datum in its own section
# (Debian's archives are built that way too), unreferenced sections dropped
# at link time, and the symbols stripped.
add_compile_options(-ffunction-sections -fdata-sections)
add_link_options(-Wl,--gc-sections -Wl,-O1 -Wl,--as-needed -s
  -static-libstdc++ -static-libgcc)

# LLD (Debian's lld: ld.lld) links this in seconds where GNU ld takes
# minutes, and folds identical functions (--icf=all: about a third of the
# size; LLVM and MLIR do not compare function addresses, they are built with
# MSVC's /OPT:ICF on Windows). --icf=safe would fold nothing: Debian's
# archives carry address-significance tables LLD cannot use.
option(MEMLINT_STATIC_ICF "MEMLINT_STATIC: fold identical code (LLD --icf=all)" ON)
include(CheckLinkerFlag)
check_linker_flag(CXX "-fuse-ld=lld" MEMLINT_HAVE_LLD)
if(MEMLINT_HAVE_LLD)
  add_link_options(-fuse-ld=lld)
  if(MEMLINT_STATIC_ICF)
    add_link_options(-Wl,--icf=all)
  endif()
else()
  message(STATUS "MEMLINT_STATIC: no ld.lld (apt-get install lld): GNU ld "
    "links for minutes and folds no identical code")
endif()
