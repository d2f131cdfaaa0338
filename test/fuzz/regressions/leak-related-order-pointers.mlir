// Found by the determinism check (MEMLINT_FUZZ_DETERMINISM): the leak
// finding's related locations ("the loop repeats here", "the function exits
// here") came out in a different order from one lint of this text to the
// next, following the addresses the parser gave the ops: LifetimeAnalysis
// keeps its events in a std::map keyed by (kind, Operation *, buffer) and
// LeakCheck appends related locations in event order. Fixed in 28b7ec7
// (LifetimeAnalysis::events() sorts by source position).
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
  }
  return
}
