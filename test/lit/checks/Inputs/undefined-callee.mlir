func.func @f() {
  func.call @nope() : () -> ()
  return
}
