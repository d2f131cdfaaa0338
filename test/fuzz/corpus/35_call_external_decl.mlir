// A call to an external declaration (no body): upstream must assume the
// returned buffer may alias the argument and may or may not be owned.
func.func private @ext(memref<4xf32>) -> memref<4xf32>

func.func @call_external(%i: index) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %b = call @ext(%a) : (memref<4xf32>) -> memref<4xf32>
  %r = memref.load %b[%i] : memref<4xf32>
  return %r : f32
}
