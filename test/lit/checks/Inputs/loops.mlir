// Loops that carry buffers, without frees: upstream's deallocation pipeline
// places them (see upstream-loops.mlir).
func.func @for_carried(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>) -> memref<2xf32> {
  %r = scf.for %i = %lb to %ub step %step iter_args(%b = %buf) -> memref<2xf32> {
    %new = memref.alloc() : memref<2xf32>
    memref.copy %b, %new : memref<2xf32> to memref<2xf32>
    scf.yield %new : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @while_carried(%buf: memref<2xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%b = %buf, %i = %c0) : (memref<2xf32>, index) -> (memref<2xf32>, index) {
    %c = arith.cmpi slt, %i, %n : index
    scf.condition(%c) %b, %i : memref<2xf32>, index
  } do {
  ^bb0(%b2: memref<2xf32>, %i2: index):
    %new = memref.alloc() : memref<2xf32>
    memref.copy %b2, %new : memref<2xf32> to memref<2xf32>
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %new, %i3 : memref<2xf32>, index
  }
  %v = memref.load %r#0[%c0] : memref<2xf32>
  return %v : f32
}

func.func @nested(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %lb to %ub step %step iter_args(%b = %buf) -> memref<2xf32> {
    %r2 = scf.for %j = %lb to %ub step %step iter_args(%b2 = %b) -> memref<2xf32> {
      %new = memref.alloc() : memref<2xf32>
      memref.copy %b2, %new : memref<2xf32> to memref<2xf32>
      scf.yield %new : memref<2xf32>
    }
    scf.yield %r2 : memref<2xf32>
  }
  %v = memref.load %r[%c0] : memref<2xf32>
  return %v : f32
}

func.func private @step(%b: memref<2xf32>) -> memref<2xf32> {
  %new = memref.alloc() : memref<2xf32>
  memref.copy %b, %new : memref<2xf32> to memref<2xf32>
  return %new : memref<2xf32>
}

func.func @calls_in_loop(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %lb to %ub step %step iter_args(%b = %buf) -> memref<2xf32> {
    %new = func.call @step(%b) : (memref<2xf32>) -> memref<2xf32>
    scf.yield %new : memref<2xf32>
  }
  %v = memref.load %r[%c0] : memref<2xf32>
  return %v : f32
}
