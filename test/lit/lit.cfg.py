import os
import lit.formats

config.name = "memlint"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs"]
if hasattr(config, "memlint"):
    config.test_exec_root = os.path.join(os.path.dirname(config.memlint), "..", "test", "lit-out")
    config.substitutions.append(("%memlint", config.memlint))
    config.environment["PATH"] = os.pathsep.join(
        [os.path.dirname(config.memlint), config.llvm_bin, os.environ.get("PATH", "")])
    # The LLVM CMake found, for scripts run from RUN lines
    # (test/lib/llvm_tools.py).
    config.environment["MEMLINT_LLVM_BIN"] = config.llvm_bin
    config.environment["MEMLINT_LLVM_LIB"] = config.llvm_lib
    config.substitutions.append(("%mlir-opt", os.path.join(config.llvm_bin, "mlir-opt")))
    config.substitutions.append(("%mlir_opt", os.path.join(config.llvm_bin, "mlir-opt")))
    config.substitutions.append(("%test_plugin", config.test_plugin))
    config.substitutions.append(("%plugin", config.plugin))
