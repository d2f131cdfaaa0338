# MEMLINT_STATIC: what `cmake --install` and CPack put in the packages
# (scripts/package.sh): bin/memlint and its documentation. The Debian
# package installs /usr/bin/memlint; the self-contained binary needs glibc
# only (dpkg-shlibdeps writes that Depends line), no LLVM or MLIR.
include(GNUInstallDirs)
install(TARGETS memlint RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/
  DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME memlint)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The memlint authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "linter, autofixer and language server for buffer-lifetime bugs in MLIR")
set(CPACK_PACKAGE_DESCRIPTION
  "memlint finds leaks, double frees, use after free and invalid frees in MLIR memref IR, explains each with the path that causes it, fixes them, plans arena reuse, and serves it all to editors over LSP (memlint lsp). LLVM and MLIR are linked in: the package depends on nothing else.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)          # memlint_<version>_amd64.deb
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE amd64)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "The memlint authors")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)            # glibc only
# Not CPACK_STRIP_FILES: the binary is linked stripped, and stripping it
# again would make the .deb's differ from the .tar.gz's and the .vsix's.
set(CPACK_OUTPUT_FILE_PREFIX ${PROJECT_BINARY_DIR}/packages)
include(CPack)
