// The arena rewrite alone (--emit=arena): one allocation per function,
// memory space and kind, each buffer a memref.view at its planned offset,
// the buffers' own allocations and frees gone, the arena freed before each
// return. The output is valid IR.
//
// RUN: %memlint emit --target=cuda --emit=arena %s | FileCheck %s
// RUN: %memlint emit --target=cuda --emit=arena %s | %mlir-opt > /dev/null
// RUN: %memlint emit --target=cuda --emit=arena --stats %s 2>%t.stats >/dev/null
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
//
// gpu.alloc ops before the rewrite: 3 in @device_temps, 1 in @single,
// 3 in @nested_temps.
// RUN: grep -c "^ *%[a-z0-9_]* = gpu[.]alloc" %s | FileCheck %s --check-prefix=BEFORE
// BEFORE: {{^}}7{{$}}

// Three device temporaries; %a is dead before %c is born, %b overlaps both.
// CHECK-LABEL: func.func @device_temps
// CHECK-NEXT:    %[[ARENA:.*]] = gpu.alloc () : memref<768xi8>
// CHECK-NOT:     gpu.alloc
// CHECK:         memref.view %[[ARENA]][%{{.*}}][] : memref<768xi8> to memref<64xf32>
// CHECK:         memref.view %[[ARENA]][%{{.*}}][] : memref<768xi8> to memref<64xf32>
// CHECK-NOT:     gpu.dealloc
// CHECK:         memref.view %[[ARENA]][%{{.*}}][] : memref<768xi8> to memref<128xf32>
// CHECK-NOT:     gpu.alloc
// CHECK:         gpu.dealloc %[[ARENA]] : memref<768xi8>
// CHECK-NEXT:    return
// STATS: @device_temps space default: 3 gpu.alloc -> 1; 3 buffers, 1024 bytes without reuse, 768 live at most, arena 768 (lower bound 768)
func.func @device_temps(%x: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %two = arith.constant 2.0 : f32
  %a = gpu.alloc () : memref<64xf32>
  %b = gpu.alloc () : memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %x[%tx] : memref<64xf32>
    %d = arith.mulf %v, %two : f32
    memref.store %d, %a[%tx] : memref<64xf32>
    %e = memref.load %a[%tx] : memref<64xf32>
    %f = arith.addf %e, %two : f32
    memref.store %f, %b[%tx] : memref<64xf32>
    gpu.terminator
  }
  gpu.dealloc %a : memref<64xf32>
  %c = gpu.alloc () : memref<128xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %v = memref.load %b[%tx] : memref<64xf32>
    memref.store %v, %c[%tx] : memref<128xf32>
    %w = memref.load %c[%tx] : memref<128xf32>
    memref.store %w, %x[%tx] : memref<64xf32>
    gpu.terminator
  }
  gpu.dealloc %b : memref<64xf32>
  gpu.dealloc %c : memref<128xf32>
  return
}

// Host buffers get a memref.alloc arena with the plan's alignment; a
// returned buffer and an unbounded dynamic one stay as written, and so do
// the frees of what stays. Two returns: the arena is freed before each.
// CHECK-LABEL: func.func @host_temps
// CHECK-NEXT:    %[[HOST:.*]] = memref.alloc() {alignment = 64 : i64} : memref<128xi8>
// CHECK:         %[[KEPT:.*]] = memref.alloc() : memref<16xf32>
// CHECK:         memref.view %[[HOST]][%{{.*}}][] : memref<128xi8> to memref<16xf32>
// CHECK:         %[[DYN:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK:         memref.view %[[HOST]][%{{.*}}][] : memref<128xi8> to memref<8xf64>
// CHECK:         memref.dealloc %[[DYN]] : memref<?xf32>
// CHECK:         cf.cond_br
// CHECK:         memref.dealloc %[[HOST]] : memref<128xi8>
// CHECK-NEXT:    return %[[KEPT]]
// CHECK:         memref.dealloc %[[HOST]] : memref<128xi8>
// CHECK-NEXT:    return %[[KEPT]]
// STATS: @host_temps space default: 4 memref.alloc -> 3; 2 buffers, 128 bytes without reuse, 128 live at most, arena 128 (lower bound 128)
func.func @host_temps(%n: index, %p: i1) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %onef64 = arith.constant 1.0 : f64
  %kept = memref.alloc() : memref<16xf32>
  %t = memref.alloc() : memref<16xf32>
  memref.store %one, %t[%c0] : memref<16xf32>
  %dyn = memref.alloc(%n) : memref<?xf32>
  %u = memref.alloc() : memref<8xf64>
  memref.store %onef64, %u[%c0] : memref<8xf64>
  %v = memref.load %t[%c0] : memref<16xf32>
  memref.store %v, %kept[%c0] : memref<16xf32>
  memref.store %v, %dyn[%c0] : memref<?xf32>
  memref.dealloc %t : memref<16xf32>
  memref.dealloc %u : memref<8xf64>
  memref.dealloc %dyn : memref<?xf32>
  cf.cond_br %p, ^early, ^late
^early:
  return %kept : memref<16xf32>
^late:
  return %kept : memref<16xf32>
}

// One buffer: nothing to gain, left alone.
// CHECK-LABEL: func.func @single
// CHECK-NEXT:    %[[A:.*]] = gpu.alloc () : memref<32xf32>
// CHECK-NEXT:    gpu.dealloc %[[A]] : memref<32xf32>
// CHECK-NEXT:    return
// STATS: @single space default: 1 gpu.alloc -> 1 (nothing placed)
func.func @single() {
  %a = gpu.alloc () : memref<32xf32>
  gpu.dealloc %a : memref<32xf32>
  return
}

// A buffer allocated and freed in each iteration has one live instance at a
// time, and one in an scf.if is live only there: both become views inside
// their regions, of an arena allocated at the top of the function.
// CHECK-LABEL: func.func @nested_temps
// CHECK-NEXT:    %[[ARENA:.*]] = gpu.alloc () : memref<512xi8>
// CHECK:         memref.view %[[ARENA]][%{{.*}}][] : memref<512xi8> to memref<64xf32>
// CHECK:         scf.for
// CHECK:           memref.view %[[ARENA]][%{{.*}}][] : memref<512xi8> to memref<64xf32>
// CHECK-NOT:       gpu.dealloc
// CHECK:         scf.if
// CHECK:           memref.view %[[ARENA]][%{{.*}}][] : memref<512xi8> to memref<32xf32>
// CHECK-NOT:       gpu.dealloc
// CHECK:         gpu.dealloc %[[ARENA]] : memref<512xi8>
// CHECK-NEXT:    return
// STATS: @nested_temps space default: 3 gpu.alloc -> 1; 3 buffers, 640 bytes without reuse, 512 live at most, arena 512 (lower bound 512)
func.func @nested_temps(%x: memref<64xf32>, %p: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %acc = gpu.alloc () : memref<64xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %t = gpu.alloc () : memref<64xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %v = memref.load %x[%tx] : memref<64xf32>
      memref.store %v, %t[%tx] : memref<64xf32>
      %w = memref.load %t[%tx] : memref<64xf32>
      memref.store %w, %acc[%tx] : memref<64xf32>
      gpu.terminator
    }
    gpu.dealloc %t : memref<64xf32>
  }
  scf.if %p {
    %u = gpu.alloc () : memref<32xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %w = memref.load %acc[%tx] : memref<64xf32>
      memref.store %w, %u[%c0] : memref<32xf32>
      gpu.terminator
    }
    gpu.dealloc %u : memref<32xf32>
  }
  gpu.dealloc %acc : memref<64xf32>
  return
}
