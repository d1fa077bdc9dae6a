// alias_iterarg: a launch in a loop takes a buffer by its own name (%a,
// read) and through a loop iteration argument that is %a at run time
// (written): loop 1 carries %a unchanged, loop 2 is a ping-pong over %a and
// %b. The launch passes one buffer twice under two names; keeping %a on
// the device by its name alone ("exit 'release'") lost what the launch
// wrote through the other (a[0] = 10 instead of 12, and 10 instead of 11).
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @f1("a[0] = %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @f2("a[0] = %ld b[0] = %ld\0A\00") {addr_space = 0 : i32}
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
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %n = arith.constant 16 : index
    %ten = arith.constant 10 : i64
    %a = memref.alloc(%n) : memref<?xi64>
    %b = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %ten, %a[%i] : memref<?xi64>
      memref.store %ten, %b[%i] : memref<?xi64>
    }
    // 1. a carried unchanged: a = a + 1, twice
    %r = scf.for %k = %c0 to %c2 step %c1 iter_args(%cur = %a) -> (memref<?xi64>) {
      offload.launch @inc(%a, %cur) : (memref<?xi64>, memref<?xi64>) -> ()
      scf.yield %cur : memref<?xi64>
    }
    %v = memref.load %a[%c0] : memref<?xi64>
    %f1 = llvm.mlir.addressof @f1 : !llvm.ptr
    llvm.call @printf(%f1, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    // 2. ping-pong, a reset to 10: k=0 b = a+1 = 11; k=1 (nxt = a) a = 11;
    //    k=2 b = a+1 = 12
    scf.for %i = %c0 to %n step %c1 {
      memref.store %ten, %a[%i] : memref<?xi64>
    }
    %s:2 = scf.for %k = %c0 to %c3 step %c1 iter_args(%cur = %a, %nxt = %b) -> (memref<?xi64>, memref<?xi64>) {
      offload.launch @inc(%a, %nxt) : (memref<?xi64>, memref<?xi64>) -> ()
      scf.yield %nxt, %cur : memref<?xi64>, memref<?xi64>
    }
    %va = memref.load %a[%c0] : memref<?xi64>
    %vb = memref.load %b[%c0] : memref<?xi64>
    %f2 = llvm.mlir.addressof @f2 : !llvm.ptr
    llvm.call @printf(%f2, %va, %vb) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
