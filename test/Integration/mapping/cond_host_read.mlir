// A loop of 100 launches (a += 1 on 2^20 i32) in which the host loads
// a[2] inside an scf.if taken every 25 steps: the 1-element update goes
// inside the scf.if, next to the load. Twin: cond_host_read.c.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @inc(%a: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = arith.addi %v, %one : i32
      memref.store %w, %a[%i] : memref<?xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("cond_host_read: sum of a[2] every 25 steps %d (expected 258), a[9] %d (expected 109)\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c9 = arith.constant 9 : index
    %c24 = arith.constant 24 : index
    %c25 = arith.constant 25 : index
    %c100 = arith.constant 100 : index
    %n = arith.constant 1048576 : index
    %z = arith.constant 0 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %a[%i] : memref<?xi32>
    }
    %s = scf.for %k = %c0 to %c100 step %c1 iter_args(%acc = %z) -> i32 {
      offload.launch @inc(%a) : (memref<?xi32>) -> ()
      %m = arith.remui %k, %c25 : index
      %chk = arith.cmpi eq, %m, %c24 : index
      %r = scf.if %chk -> i32 {
        %x = memref.load %a[%c2] : memref<?xi32>
        %t = arith.addi %acc, %x : i32
        scf.yield %t : i32
      } else {
        scf.yield %acc : i32
      }
      scf.yield %r : i32
    }
    %a9 = memref.load %a[%c9] : memref<?xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %s, %a9) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32) -> i32
    %e1 = arith.constant 258 : i32
    %e2 = arith.constant 109 : i32
    %b1 = arith.cmpi ne, %s, %e1 : i32
    %b2 = arith.cmpi ne, %a9, %e2 : i32
    %b = arith.ori %b1, %b2 : i1
    %rc = arith.extui %b : i1 to i32
    memref.dealloc %a : memref<?xi32>
    return %rc : i32
  }
}
