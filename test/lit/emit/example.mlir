// examples/transformer_block_gpu.mlir, the README's numbers: 13 gpu.alloc
// before, one arena of 786432 bytes after (1443840 bytes without reuse);
// it lints clean, lowers, translates, and its PTX assembles. The GPU
// program and its runtime build (running them needs a GPU:
// test/emit/run_on_gpu.sh).
//
// RUN: grep -c "^ *%[a-z0-9_]* = gpu[.]alloc" %S/../../../examples/transformer_block_gpu.mlir \
// RUN:   | FileCheck %s --check-prefix=BEFORE
// BEFORE: {{^}}13{{$}}
//
// RUN: %memlint lint %S/../../../examples/transformer_block_gpu.mlir
// RUN: %memlint emit --target=cuda --emit=arena --stats %S/../../../examples/transformer_block_gpu.mlir 2>%t.stats \
// RUN:   | FileCheck %s
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// STATS: memlint emit: @transformer_block space default: 13 gpu.alloc -> 1; 13 buffers, 1443840 bytes without reuse, 786432 live at most, arena 786432 (lower bound 786432)
//
// RUN: %memlint emit --target=cuda %S/../../../examples/transformer_block_gpu.mlir -o %t.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.mlir -o /dev/null
// RUN: bash %S/../../emit/check_ptxas.sh %memlint %S/../../../examples/transformer_block_gpu.mlir \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// PTXAS: {{^(ptxas -arch=sm_90: ok|ptxas not found, skipping)$}}
//
// The arena's offsets hold on a real run: the kernels as CPU loops, with
// and without the arena, print the same 32768 values.
// RUN: python3 %S/../../emit/cpu_arena_check.py %memlint %S/../../../examples/transformer_block_gpu.mlir \
// RUN:   | FileCheck %s --check-prefix=CPU
// CPU: same output (32768 values), arena: 13 -> 1 allocations
//
// RUN: bash %S/../../emit/run_on_gpu.sh --build-only %memlint | FileCheck %s --check-prefix=BUILD
// BUILD: {{^(built: arena and baseline programs link against libcuda|cuda.h not found under .*, skipping)$}}

// CHECK-LABEL: func.func @transformer_block
// CHECK:         %[[ARENA:.*]] = gpu.alloc () : memref<786432xi8>
// CHECK-NOT:     gpu.alloc
// CHECK-COUNT-13: memref.view %[[ARENA]]
// CHECK-NOT:     gpu.dealloc
// CHECK:         gpu.dealloc %[[ARENA]] : memref<786432xi8>
// CHECK-NEXT:    return
