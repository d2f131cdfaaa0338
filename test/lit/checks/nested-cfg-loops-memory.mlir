// N blocks that each branch back to the one before: N CFG loops nested in
// one another, whose loop bodies hold N^2 / 2 blocks and whose allocations
// an instance per loop around them (3,000: 3.2 GB; 20,000: 6 GB and 99 s,
// past the 256 MiB budget). Past LoopModel::MaxLoopBlocks and MaxBuffers
// the memory budget is spent up front: the function is checked coarsely,
// said so, within 1 GB of address space.
// RUN: python3 %S/Inputs/back_edge_chain.py 3000 > %t.3k.mlir
// RUN: python3 %S/Inputs/back_edge_chain.py 20000 > %t.20k.mlir
// RUN: ulimit -v 1000000; not %memlint lint %t.3k.mlir | FileCheck %s
// RUN: ulimit -v 1000000; not %memlint lint %t.20k.mlir | FileCheck %s
// CHECK: warning: @chain was checked only coarsely: its path conditions outgrew the memory budget
// CHECK-NOT: warning
