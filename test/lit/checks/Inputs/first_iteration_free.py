"""The end the loop generators of this folder share: `%a` freed where
`%first` holds, then the loop and the function closed."""


def print_free_under_first():
    print("    scf.if %first {")
    print("      memref.dealloc %a : memref<4xf32>")
    print("    }")
    print("  }")
    print("  return")
    print("}")
