// A host function given (an arith.select of) a buffer that split launches keep
// on the devices: the call should end the run, but the run goes on and the
// callee reads the host's stale copy.
// Expected: "sum 12 a5 2"
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @inc(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32>
      %w = arith.addi %v, %one : i32
      memref.store %w, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  func.func private @sumall(%x: memref<?xi32>) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> i32 {
      %v = memref.load %x[%i] : memref<?xi32>
      %a1 = arith.addi %a, %v : i32
      scf.yield %a1 : i32
    }
    return %s : i32
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("sum %d a5 %d\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c12 = arith.constant 12 : index
    %z = arith.constant 0 : i32
    %true = arith.constant true
    %a = memref.alloc(%c12) : memref<?xi32>
    %b = memref.alloc(%c12) : memref<?xi32>
    scf.for %i = %c0 to %c12 step %c1 {
      memref.store %z, %a[%i] : memref<?xi32>
      memref.store %z, %b[%i] : memref<?xi32>
    }
    offload.launch @inc(%b, %a) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
    %sel = arith.select %true, %a, %b : memref<?xi32>
    %s = func.call @sumall(%sel) : (memref<?xi32>) -> i32
    offload.launch @inc(%a, %b) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
    %a5 = memref.load %b[%c5] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %s, %a5) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32) -> i32
    return %z : i32
  }
}
