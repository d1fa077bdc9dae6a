// alias_helper: a loop calls a helper @step(%a, %x), %x = arith.select of
// %a and %b (%a at run time), whose launch reads its first argument and
// writes all of its second, and launches in place on %a itself: %x was
// entered 'alloc' around the loop and %a's contents never reached the
// device (garbage; now a[0] = 46).
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @getenv(!llvm.ptr) -> !llvm.ptr
  llvm.mlir.global private constant @fmt("a[0] = %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @name("NEVER_SET_VARIABLE\00") {addr_space = 0 : i32}
  // y[i] = x[i] + 1
  offload.kernel @inc(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %n = memref.dim %y, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %u = arith.addi %v, %one : i64
      memref.store %u, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  // x[i] = 2 x[i]
  offload.kernel @dbl(%x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %u = arith.muli %v, %two : i64
      memref.store %u, %x[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func private @step(%x: memref<?xi64>, %y: memref<?xi64>) {
    offload.launch @inc(%x, %y) : (memref<?xi64>, memref<?xi64>) -> ()
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = arith.constant 16 : index
    %ten = arith.constant 10 : i64
    %a = memref.alloc(%n) : memref<?xi64>
    %b = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %ten, %a[%i] : memref<?xi64>
      memref.store %ten, %b[%i] : memref<?xi64>
    }
    %nm = llvm.mlir.addressof @name : !llvm.ptr
    %p = llvm.call @getenv(%nm) : (!llvm.ptr) -> !llvm.ptr
    %null = llvm.mlir.zero : !llvm.ptr
    %flag = llvm.icmp "eq" %p, %null : !llvm.ptr
    %x = arith.select %flag, %a, %b : memref<?xi64>
    scf.for %k = %c0 to %c2 step %c1 {
      func.call @step(%a, %x) : (memref<?xi64>, memref<?xi64>) -> ()
      offload.launch @dbl(%a) : (memref<?xi64>) -> ()
    }
    %v = memref.load %a[%c0] : memref<?xi64>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
