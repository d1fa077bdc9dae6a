// A loop of 10 launches (a += 1 on 2^20 i32) between which the host resets
// the first 16 elements to 0 (a host loop storing every element of [0, 16))
// and sums a[1000, 1100) (a host loop reading that section). The host
// loops update the sections they reach: 64 bytes to the device, 400 back.
// Twin: host_sections.c.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @inc(%x: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32>
      %u = arith.addi %v, %one : i32
      memref.store %u, %x[%i] : memref<?xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("host_sections: sum %ld, a[3] %d, a[20] %d (expected 1055000 1 31)\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %c16 = arith.constant 16 : index
    %c20 = arith.constant 20 : index
    %lo = arith.constant 1000 : index
    %hi = arith.constant 1100 : index
    %n = arith.constant 1048576 : index
    %z = arith.constant 0 : i32
    %z64 = arith.constant 0 : i64
    %a = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %a[%i] : memref<?xi32>
    }
    %s = scf.for %k = %c0 to %c10 step %c1 iter_args(%acc = %z64) -> i64 {
      offload.launch @inc(%a) : (memref<?xi32>) -> ()
      scf.for %i = %c0 to %c16 step %c1 {
        memref.store %z, %a[%i] : memref<?xi32>
      }
      %t = scf.for %i = %lo to %hi step %c1 iter_args(%u = %acc) -> i64 {
        %v = memref.load %a[%i] : memref<?xi32>
        %w = arith.extsi %v : i32 to i64
        %x = arith.addi %u, %w : i64
        scf.yield %x : i64
      }
      scf.yield %t : i64
    }
    offload.launch @inc(%a) : (memref<?xi32>) -> ()
    %a3 = memref.load %a[%c3] : memref<?xi32>
    %a20 = memref.load %a[%c20] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %s, %a3, %a20) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i32, i32) -> i32
    %w1 = arith.constant 1055000 : i64
    %e1 = arith.cmpi ne, %s, %w1 : i64
    %rc = arith.extui %e1 : i1 to i32
    memref.dealloc %a : memref<?xi32>
    return %rc : i32
  }
}
