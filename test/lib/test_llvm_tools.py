#!/usr/bin/env python3
"""Unit tests of test/lib/llvm_tools.py: the order in which it looks for
LLVM 22, and its errors.  Run: python3 test/lib/test_llvm_tools.py"""

import os
import stat
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm_tools  # noqa: E402


def make_exe(path, text="#!/bin/sh\n"):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)


class LlvmToolsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        # A fake LLVM: bin/mlir-opt and lib/.
        self.bin = os.path.join(self.root, "bin")
        self.lib = os.path.join(self.root, "lib")
        os.makedirs(self.bin)
        os.makedirs(self.lib)
        make_exe(os.path.join(self.bin, "mlir-opt"))
        # PATH without any llvm-config, and no Debian default, unless a
        # test puts them there.
        self.path = os.path.join(self.root, "path")
        os.makedirs(self.path)
        env = {k: v for k, v in os.environ.items()
               if k not in (llvm_tools.ENV_BIN, llvm_tools.ENV_LIB)}
        env["PATH"] = self.path
        self.patches = [
            mock.patch.dict(os.environ, env, clear=True),
            mock.patch.object(llvm_tools, "DEBIAN_PREFIX",
                              os.path.join(self.root, "no-debian")),
        ]
        for p in self.patches:
            p.start()

    def tearDown(self):
        for p in reversed(self.patches):
            p.stop()
        self.tmp.cleanup()

    def llvm_config(self, name, version="22.1.0"):
        make_exe(os.path.join(self.path, name),
                 "#!/bin/sh\ncase $1 in --version) echo %s;; "
                 "--bindir) echo %s;; --libdir) echo %s;; esac\n"
                 % (version, self.bin, self.lib))

    def test_explicit_wins(self):
        os.environ[llvm_tools.ENV_BIN] = "/nonexistent"
        self.assertEqual(llvm_tools.bin_dir(self.bin), self.bin)
        exe = os.path.join(self.bin, "mlir-opt")
        self.assertEqual(llvm_tools.tool("mlir-opt", exe), exe)

    def test_environment(self):
        os.environ[llvm_tools.ENV_BIN] = self.bin
        os.environ[llvm_tools.ENV_LIB] = self.lib
        self.assertEqual(llvm_tools.bin_dir(), self.bin)
        self.assertEqual(llvm_tools.lib_dir(), self.lib)
        self.assertEqual(llvm_tools.tool("mlir-opt"),
                         os.path.join(self.bin, "mlir-opt"))

    def test_bad_environment_is_an_error(self):
        os.environ[llvm_tools.ENV_BIN] = os.path.join(self.root, "missing")
        with self.assertRaises(llvm_tools.NotFound) as e:
            llvm_tools.bin_dir()
        self.assertIn("MEMLINT_LLVM_BIN", str(e.exception.code))

    def test_llvm_config_22(self):
        self.llvm_config("llvm-config-22")
        self.assertEqual(llvm_tools.bin_dir(), self.bin)
        self.assertEqual(llvm_tools.lib_dir(), self.lib)

    def test_plain_llvm_config_only_if_22(self):
        self.llvm_config("llvm-config", "21.1.0")
        with self.assertRaises(llvm_tools.NotFound):
            llvm_tools.bin_dir()
        self.llvm_config("llvm-config", "22.0.0git")
        self.assertEqual(llvm_tools.bin_dir(), self.bin)

    def test_debian_default_last(self):
        llvm_tools.DEBIAN_PREFIX = self.root
        self.assertEqual(llvm_tools.bin_dir(), self.bin)

    def test_nothing_found(self):
        with self.assertRaises(llvm_tools.NotFound) as e:
            llvm_tools.lib_dir()
        msg = str(e.exception.code)
        self.assertTrue(msg.startswith("error: no LLVM 22 library directory"),
                        msg)
        self.assertIn("MEMLINT_LLVM_LIB", msg)

    def test_missing_tool(self):
        os.environ[llvm_tools.ENV_BIN] = self.bin
        with self.assertRaises(llvm_tools.NotFound) as e:
            llvm_tools.tool("mlir-runner")
        self.assertIn("mlir-runner not found in " + self.bin,
                      str(e.exception.code))
        with self.assertRaises(llvm_tools.NotFound):
            llvm_tools.tool("mlir-opt", os.path.join(self.bin, "nope"))


if __name__ == "__main__":
    unittest.main()
