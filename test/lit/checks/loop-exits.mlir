// Paths after loops: memlint forgets which iteration a loop ended in once
// the loop is left. Correct IR stays silent; bugs after (and across) loops
// are still found.
// RUN: %memlint lint --verify-diagnostics %s

// Ping-pong buffers through iter_args inside a CFG loop, freed after the
// scf.for through its results.
func.func @ping_pong_in_cfg_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^h(%c0 : index)
^h(%i: index):
  %lc = arith.cmpi slt, %i, %n : index
  cf.cond_br %lc, ^body, ^exit
^body:
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %r:2 = scf.for %j = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    "npu.dma"(%x, %y) : (memref<16xf32>, memref<16xf32>) -> ()
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %r#0 : memref<16xf32>
  memref.dealloc %r#1 : memref<16xf32>
  %in = arith.addi %i, %c1 : index
  cf.br ^h(%in : index)
^exit:
  return
}

// A loop nested in a loop body after a buffer of the body was freed.
func.func @while_after_free_in_for(%n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %m step %c1 {
    %a = memref.alloc(%n) : memref<?xf32>
    memref.dealloc %a : memref<?xf32>
    %w = scf.while (%x = %c0) : (index) -> index {
      %wc = arith.cmpi slt, %x, %n : index
      scf.condition(%wc) %x : index
    } do {
    ^b1(%j: index):
      %jn = arith.addi %j, %c1 : index
      scf.yield %jn : index
    }
  }
  return
}

// Many loops in a row, then a buffer freed on both branches.
func.func @loops_in_a_row(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    "npu.touch"(%a) : (memref<8xf32>) -> ()
  }
  cf.br ^h(%c0 : index)
^h(%i: index):
  %lc = arith.cmpi slt, %i, %n : index
  cf.cond_br %lc, ^body, ^next
^body:
  %t = memref.alloc() : memref<8xf32>
  memref.dealloc %t : memref<8xf32>
  %in = arith.addi %i, %c1 : index
  cf.br ^h(%in : index)
^next:
  %w = scf.while (%x = %c0) : (index) -> index {
    %wc = arith.cmpi slt, %x, %n : index
    scf.condition(%wc) %x : index
  } do {
  ^b1(%j: index):
    %jn = arith.addi %j, %c1 : index
    scf.yield %jn : index
  }
  cf.cond_br %c, ^f1, ^f2
^f1:
  memref.dealloc %a : memref<8xf32>
  return
^f2:
  memref.dealloc %a : memref<8xf32>
  return
}

// The same, with the free missing on one branch after the loops.
func.func @loops_then_leak(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @+1 {{buffer %a is never freed (it is freed only on other paths)}}
  %a = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    memref.dealloc %t : memref<8xf32>
  }
  cf.br ^h(%c0 : index)
^h(%i: index):
  %lc = arith.cmpi slt, %i, %n : index
  cf.cond_br %lc, ^body, ^next
^body:
  %in = arith.addi %i, %c1 : index
  cf.br ^h(%in : index)
^next:
  cf.cond_br %c, ^f1, ^f2
^f1:
  memref.dealloc %a : memref<8xf32>
  return
^f2:
  // expected-note @+1 {{the function exits here with %a still allocated}}
  return
}

// Ping-pong results freed twice after the loop: which buffer each result
// holds depends on the iteration, and freeing both results through one of
// them is still a double free.
func.func @ping_pong_double_free(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{%a allocated here}}
  %a = memref.alloc() : memref<16xf32>
  // expected-note @+1 {{%b allocated here}}
  %b = memref.alloc() : memref<16xf32>
  %r:2 = scf.for %j = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  // expected-note @+1 2 {{first freed here}}
  memref.dealloc %r#0 : memref<16xf32>
  // expected-error @+2 {{buffer %a is freed twice (through its alias %r#0) when the loop at 121:10 runs zero times [double-free]}}
  // expected-error @+1 {{buffer %b is freed twice (through its alias %r#0) when the loop at 121:10 runs exactly once [double-free]}}
  memref.dealloc %r#0 : memref<16xf32>
  memref.dealloc %r#1 : memref<16xf32>
  return
}
