module {
  func.func @f() {
    %x = arith.constant 1 : i32
    return %x i32
  }
}
