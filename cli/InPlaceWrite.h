//===- InPlaceWrite.h - Rewriting a user's file safely ----------*- C++ -*-===//
#ifndef MEMLINT_CLI_INPLACEWRITE_H
#define MEMLINT_CLI_INPLACEWRITE_H

#include <string>

namespace memlint {

/// Replaces the contents of `path`, which held `original` when it was read,
/// by `text` (`memlint fix -i`):
///  - through a symbolic link: the link stays, the file it names changes;
///  - atomically: a temporary file beside the target, renamed over it, so
///    an interrupted run leaves the old or the new file (the temporary file
///    is removed on failure and on SIGINT/SIGTERM);
///  - a read-only file is refused unless `force`;
///  - a file that no longer holds `original` (edited while memlint worked)
///    is refused: the user's edit wins.
/// Returns false with `error` set ("PATH: why").
bool writeInPlace(const std::string &path, const std::string &original,
                  const std::string &text, bool force, std::string &error);

} // namespace memlint

#endif
