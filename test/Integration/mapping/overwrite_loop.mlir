// overwrite_loop: 10 iterations (constant bounds) of a launch that writes all
// of b (b[i] = a[i] + 1). b is kept on the device around the loop and only
// allocated there: the loop surely runs, and its launch overwrites all of b
// before anything reads it (entering it 'to' copied 4 MiB for nothing).
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @mv(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %n = memref.dim %y, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32>
      %u = arith.addi %v, %one : i32
      memref.store %u, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("b[3] = %d (expected 4)\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 1048576 : index
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %a[%i] : memref<?xi32>
    }
    scf.for %k = %c0 to %c10 step %c1 {
      offload.launch @mv(%a, %b) : (memref<?xi32>, memref<?xi32>) -> ()
    }
    %v = memref.load %b[%c3] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    %four = arith.constant 4 : i32
    %ne = arith.cmpi ne, %v, %four : i32
    %r = arith.extui %ne : i1 to i32
    memref.dealloc %a : memref<?xi32>
    memref.dealloc %b : memref<?xi32>
    return %r : i32
  }
}
