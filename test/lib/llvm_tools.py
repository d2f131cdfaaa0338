"""Where the LLVM/MLIR 22 tools and libraries are, found the same way by
every test and bench script.

    import llvm_tools
    mlir_opt = llvm_tools.tool("mlir-opt", args.mlir_opt)   # a path
    libdir = llvm_tools.lib_dir()

The directory comes from, in this order:
  1. an explicit value (a script's flag), when given;
  2. the environment: MEMLINT_LLVM_BIN / MEMLINT_LLVM_LIB (ctest sets both
     to the tools and libraries of the LLVM that CMake found);
  3. `llvm-config-22 --bindir` / `--libdir`;
  4. `llvm-config` on PATH, if it is LLVM 22;
  5. Debian's layout, /usr/lib/llvm-22/{bin,lib}.
An explicit value or an environment variable that does not name a directory
is an error, not a reason to look further: the caller asked for that LLVM.
When nothing fits, NotFound (a SystemExit) says what was tried.
"""

import os
import shutil
import subprocess

LLVM_MAJOR = 22
ENV_BIN = "MEMLINT_LLVM_BIN"
ENV_LIB = "MEMLINT_LLVM_LIB"
DEBIAN_PREFIX = "/usr/lib/llvm-%d" % LLVM_MAJOR


class NotFound(SystemExit):
    """No usable LLVM directory or tool; exits a script with the message."""

    def __init__(self, message):
        super().__init__("error: " + message)


def _llvm_config(flag):
    """(output of `llvm-config-22 FLAG` or `llvm-config FLAG`, which one),
    or (None, None)."""
    for name in ("llvm-config-%d" % LLVM_MAJOR, "llvm-config"):
        exe = shutil.which(name)
        if not exe:
            continue
        try:
            if name == "llvm-config":
                ver = subprocess.run([exe, "--version"], capture_output=True,
                                     text=True, timeout=30).stdout.strip()
                if ver.split(".")[0] != str(LLVM_MAJOR):
                    continue  # another LLVM: its mlir-opt would not match
            out = subprocess.run([exe, flag], capture_output=True, text=True,
                                 timeout=30).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            continue
        if out:
            return out, name
    return None, None


def _find_dir(explicit, env, flag, default, what):
    if explicit:
        if not os.path.isdir(explicit):
            raise NotFound("%s %r is not a directory" % (what, explicit))
        return explicit
    if os.environ.get(env):
        d = os.environ[env]
        if not os.path.isdir(d):
            raise NotFound("$%s=%r is not a directory" % (env, d))
        return d
    tried = ["$%s (unset)" % env]
    d, name = _llvm_config(flag)
    if d and os.path.isdir(d):
        return d
    tried.append("%s %s" % (name, flag) if name else
                 "llvm-config-%d / llvm-config %d (not on PATH)"
                 % (LLVM_MAJOR, LLVM_MAJOR))
    if os.path.isdir(default):
        return default
    tried.append(default)
    raise NotFound("no LLVM %d %s found; tried %s. Set $%s or install "
                   "llvm-%d." % (LLVM_MAJOR, what, ", ".join(tried), env,
                                 LLVM_MAJOR))


def bin_dir(explicit=None):
    """The directory of mlir-opt, FileCheck, mlir-runner, ..."""
    return _find_dir(explicit, ENV_BIN, "--bindir",
                     os.path.join(DEBIAN_PREFIX, "bin"), "tools directory")


def lib_dir(explicit=None):
    """The directory of libMLIR, libmlir_runner_utils, ..."""
    return _find_dir(explicit, ENV_LIB, "--libdir",
                     os.path.join(DEBIAN_PREFIX, "lib"), "library directory")


def _executable(path):
    return os.path.isfile(path) and os.access(path, os.X_OK)


def tool(name, explicit=None, bin_explicit=None):
    """The path of tool `name`: `explicit` (a path to the tool itself, e.g.
    a --mlir-opt flag) when given, else `name` in bin_dir(bin_explicit)."""
    if explicit:
        if not _executable(explicit):
            raise NotFound("%s %r is not an executable file"
                           % (name, explicit))
        return explicit
    d = bin_dir(bin_explicit)
    path = os.path.join(d, name)
    if not _executable(path):
        raise NotFound("%s not found in %s (the LLVM %d tools directory; set "
                       "$%s to another)" % (name, d, LLVM_MAJOR, ENV_BIN))
    return path
