// OPEN. Determinism check: the two related locations of the leak finding
// swap places from one lint of this text to the next. Since 28b7ec7
// LifetimeAnalysis::events() stable-sorts events by the FileLineColLoc of
// their op (now lifetime/FunctionAnalysis.cpp, events()), but ops whose locations are
// equal, or not file locations at all (loc(unknown), fused/name/callsite
// locations, every op of a file printed with shared debug locations), tie
// and keep the order of the std::map keyed by Operation * (record(),
// `events` member) - i.e. heap address order.
// Replay: MEMLINT_FUZZ_DETERMINISM=16 build-fuzz/lint_fuzzer <this file>
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<4xf32>
    scf.yield loc(unknown)
  }
  return loc(unknown)
}
