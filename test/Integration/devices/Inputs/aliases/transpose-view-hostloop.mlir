// A host loop summing h through a memref.transpose view of it, between two split
// launches that keep h on the devices.
// Expected: "h21 1 g21 2 ld 32" (rows 1..8 of h are 1 after the first launch)
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @inc(%x: memref<10x4xi32>, %y: memref<10x4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c9 = arith.constant 9 : index
    %one = arith.constant 1 : i32
    scf.parallel (%r, %c) = (%c1, %c0) to (%c9, %c4) step (%c1, %c1) {
      %v = memref.load %x[%r, %c] : memref<10x4xi32>
      %w = arith.addi %v, %one : i32
      memref.store %w, %y[%r, %c] : memref<10x4xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("h21 %d g21 %d ld %d\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c10 = arith.constant 10 : index
    %z = arith.constant 0 : i32
    %k = arith.constant 1000 : i32
    %g = memref.alloc() : memref<10x4xi32>
    %h = memref.alloc() : memref<10x4xi32>
    scf.for %r = %c0 to %c10 step %c1 {
      scf.for %c = %c0 to %c4 step %c1 {
        memref.store %z, %g[%r, %c] : memref<10x4xi32>
        memref.store %z, %h[%r, %c] : memref<10x4xi32>
      }
    }
    offload.launch @inc(%g, %h) devices(all) : (memref<10x4xi32>, memref<10x4xi32>) -> ()
    %tr = memref.transpose %h (d0, d1) -> (d1, d0) : memref<10x4xi32> to memref<4x10xi32, strided<[1, 4]>>
    %ld = scf.for %i = %c0 to %c4 step %c1 iter_args(%s = %z) -> i32 {
      %s2 = scf.for %j = %c0 to %c10 step %c1 iter_args(%q = %s) -> i32 {
        %v = memref.load %tr[%i, %j] : memref<4x10xi32, strided<[1, 4]>>
        %q1 = arith.addi %q, %v : i32
        scf.yield %q1 : i32
      }
      scf.yield %s2 : i32
    }
    offload.launch @inc(%h, %g) devices(all) : (memref<10x4xi32>, memref<10x4xi32>) -> ()
    %h21 = memref.load %h[%c2, %c1] : memref<10x4xi32>
    %g21 = memref.load %g[%c2, %c1] : memref<10x4xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %h21, %g21, %ld) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
    return %z : i32
  }
}
