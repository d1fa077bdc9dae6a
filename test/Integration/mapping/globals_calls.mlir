// A global array (2^20 i32, 4 MiB) that helpers use through
// memref.get_global: @step launches on it, @peek reads one element on the
// host, @poke writes one; main calls the three 10 times in a loop. The
// globals become arguments of the helpers (offload-hoist-transfers), so the
// loop keeps the array on the device and each host access moves its
// element. Twin: globals_calls.c.
module attributes {offload.targets = [#offload.host]} {
  memref.global "private" @A : memref<1048576xi32> = uninitialized

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
  // A += 1 on the device.
  func.func @step() {
    %a = memref.get_global @A : memref<1048576xi32>
    %d = memref.cast %a : memref<1048576xi32> to memref<?xi32>
    offload.launch @inc(%d) : (memref<?xi32>) -> ()
    return
  }
  func.func @peek(%k: index) -> i32 {
    %a = memref.get_global @A : memref<1048576xi32>
    %v = memref.load %a[%k] : memref<1048576xi32>
    return %v : i32
  }
  func.func @poke(%k: index, %v: i32) {
    %a = memref.get_global @A : memref<1048576xi32>
    memref.store %v, %a[%k] : memref<1048576xi32>
    return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("globals_calls: sum of peeks %d, A[5] %d, A[10] %d (expected 4490 900 20)\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c10 = arith.constant 10 : index
    %c97 = arith.constant 97 : index
    %n = arith.constant 1048576 : index
    %z = arith.constant 0 : i32
    %h = arith.constant 100 : i32
    %a = memref.get_global @A : memref<1048576xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %a[%i] : memref<1048576xi32>
    }
    // After call k of @step, A[97 k + 7] = 97 k + 7 + k + 1.
    %s = scf.for %k = %c0 to %c10 step %c1 iter_args(%acc = %z) -> i32 {
      func.call @step() : () -> ()
      %m = arith.muli %k, %c97 : index
      %p = arith.addi %m, %c5 : index
      %q = arith.addi %p, %c1 : index
      %r = arith.addi %q, %c1 : index
      %v = func.call @peek(%r) : (index) -> i32
      %t = arith.addi %acc, %v : i32
      %ki = arith.index_cast %k : index to i32
      %w = arith.muli %ki, %h : i32
      func.call @poke(%c5, %w) : (index, i32) -> ()
      scf.yield %t : i32
    }
    %a5 = memref.load %a[%c5] : memref<1048576xi32>
    %a10 = memref.load %a[%c10] : memref<1048576xi32>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %s, %a5, %a10) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
    %w1 = arith.constant 4490 : i32
    %w2 = arith.constant 900 : i32
    %w3 = arith.constant 20 : i32
    %e1 = arith.cmpi ne, %s, %w1 : i32
    %e2 = arith.cmpi ne, %a5, %w2 : i32
    %e3 = arith.cmpi ne, %a10, %w3 : i32
    %e4 = arith.ori %e1, %e2 : i1
    %e = arith.ori %e4, %e3 : i1
    %rc = arith.extui %e : i1 to i32
    return %rc : i32
  }
}
