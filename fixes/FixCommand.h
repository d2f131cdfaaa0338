//===- FixCommand.h - memlint fix -------------------------------*- C++ -*-===//
#ifndef MEMLINT_FIXES_FIXCOMMAND_H
#define MEMLINT_FIXES_FIXCOMMAND_H

#include <string>
#include <vector>

namespace memlint {

/// `memlint fix [--unsafe-fixes] [-i] [--diff] [--check] [--checks=LIST]
/// [--config=FILE] FILE`. Exit codes: 0 nothing left to report; 1 findings
/// remain that no applicable fix removes (or, with --check or --diff,
/// something would change); 2 bad usage, unreadable file, input that does
/// not parse or verify, or a failed write.
int runFixCommand(const std::vector<std::string> &args);

/// Help text for `memlint help`.
extern const char *const fixCommandHelp;

} // namespace memlint

#endif
