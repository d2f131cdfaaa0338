// RUN: %memlint lint %s
// RUN: sed 's/affine.if #set0(%n) {/affine.if #set0(%m) {/' %s | not %memlint lint - | FileCheck %s --check-prefix=OTHER
//
// Two affine.ifs on the same integer set and operands take the same
// branch. Each was an opaque choice of its own, so the second one freeing
// the buffer the first did not pick read as a leak and a double free of
// each (Polygeist's output of two `if`s on one condition). Asked of
// another operand, the question is another one: those paths are real.
// OTHER: warning: buffer %a is never freed when the affine.if at 16:10 takes its else branch and the affine.if at 22:3 takes its then branch
// OTHER: error: buffer %a is freed twice (through its alias %sel) when the affine.if at 16:10 takes its then branch and the affine.if at 22:3 takes its else branch [double-free]

#set0 = affine_set<(d0) : (d0 - 1 >= 0)>
func.func @same_set_twice(%n: index, %m: index) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %sel = affine.if #set0(%n) -> memref<4xf32> {
    affine.yield %a : memref<4xf32>
  } else {
    affine.yield %b : memref<4xf32>
  }
  "test.use"(%sel) : (memref<4xf32>) -> ()
  affine.if #set0(%n) {
    memref.dealloc %b : memref<4xf32>
  } else {
    memref.dealloc %a : memref<4xf32>
  }
  memref.dealloc %sel : memref<4xf32>
  return
}
