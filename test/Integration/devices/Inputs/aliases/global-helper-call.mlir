// A helper taking no arguments reads and writes an element of a global (through
// its own memref.get_global) between two split launches that keep the global
// on the devices. The helper is inlined as an element accessor, but the
// accesses are not moved. Expected: "ld 1 a5 1000 b5 1001"
module attributes {offload.targets = [#offload.host]} {
  memref.global "private" @ga : memref<12xi32> = dense<0>
  memref.global "private" @gb : memref<12xi32> = dense<0>
  offload.kernel @inc(%x: memref<12xi32>, %y: memref<12xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c12 = arith.constant 12 : index
    %one = arith.constant 1 : i32
    scf.parallel (%i) = (%c0) to (%c12) step (%c1) {
      %v = memref.load %x[%i] : memref<12xi32>
      %w = arith.addi %v, %one : i32
      memref.store %w, %y[%i] : memref<12xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("ld %d a5 %d b5 %d\0A\00") {addr_space = 0 : i32}
  func.func private @peek() -> i32 {
    %c5 = arith.constant 5 : index
    %g = memref.get_global @ga : memref<12xi32>
    %v = memref.load %g[%c5] : memref<12xi32>
    %k = arith.constant 1000 : i32
    memref.store %k, %g[%c5] : memref<12xi32>
    return %v : i32
  }
  func.func @main() -> i32 {
    %c5 = arith.constant 5 : index
    %z = arith.constant 0 : i32
    %k = arith.constant 1000 : i32
    %a = memref.get_global @ga : memref<12xi32>
    %b = memref.get_global @gb : memref<12xi32>
    offload.launch @inc(%b, %a) devices(all) : (memref<12xi32>, memref<12xi32>) -> ()
    %ld = func.call @peek() : () -> i32
    offload.launch @inc(%a, %b) devices(all) : (memref<12xi32>, memref<12xi32>) -> ()
    %a5 = memref.load %a[%c5] : memref<12xi32>
    %b5 = memref.load %b[%c5] : memref<12xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %ld, %a5, %b5) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
    return %z : i32
  }
}
