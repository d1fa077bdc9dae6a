// calls_overwrite: a loop of 10 steps, each calling @produce(t, k), whose
// launch writes all of the temporary t, then @consume(t, o), whose launch
// adds t into o. t is only ever written first by @produce in each step and
// the loop surely runs: t needs nothing from the host (entered 'alloc') and
// nothing back; o goes in once and back once. Before, t went in ('to') as
// a call's launches might read it.
//
//   offload-cc calls_overwrite.mlir -o calls_overwrite && ./calls_overwrite
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("calls_overwrite: 10 steps over %ld elements, %ld of o[i] = 10 i + 45: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}
  // t[i] = i + k
  offload.kernel @fill(%t: memref<?xi64>, %k: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %t, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %ii = arith.index_cast %i : index to i64
      %v = arith.addi %ii, %k : i64
      memref.store %v, %t[%i] : memref<?xi64>
    }
    offload.return
  }
  // o[i] += t[i]
  offload.kernel @acc(%t: memref<?xi64>, %o: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %t, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %t[%i] : memref<?xi64>
      %w = memref.load %o[%i] : memref<?xi64>
      %s = arith.addi %v, %w : i64
      memref.store %s, %o[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func private @produce(%t: memref<?xi64>, %k: i64) {
    offload.launch @fill(%t, %k) : (memref<?xi64>, i64) -> ()
    return
  }
  func.func private @consume(%t: memref<?xi64>, %o: memref<?xi64>) {
    offload.launch @acc(%t, %o) : (memref<?xi64>, memref<?xi64>) -> ()
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 1048576 : index
    %z = arith.constant 0 : i64
    %t = memref.alloc(%n) : memref<?xi64>
    %o = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %z, %o[%i] : memref<?xi64>
    }
    scf.for %k = %c0 to %c10 step %c1 {
      %kk = arith.index_cast %k : index to i64
      func.call @produce(%t, %kk) : (memref<?xi64>, i64) -> ()
      func.call @consume(%t, %o) : (memref<?xi64>, memref<?xi64>) -> ()
    }
    %ten = arith.constant 10 : i64
    %fortyfive = arith.constant 45 : i64
    %one = arith.constant 1 : i64
    %same = scf.for %i = %c0 to %n step %c1 iter_args(%count = %z) -> i64 {
      %v = memref.load %o[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %e10 = arith.muli %ii, %ten : i64
      %e = arith.addi %e10, %fortyfive : i64
      %eq = arith.cmpi eq, %v, %e : i64
      %inc = arith.addi %count, %one : i64
      %next = arith.select %eq, %inc, %count : i64
      scf.yield %next : i64
    }
    %n64 = arith.index_cast %n : index to i64
    %all = arith.cmpi eq, %same, %n64 : i64
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %fl = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %fl : !llvm.ptr
    llvm.call @printf(%f, %n64, %same, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %t : memref<?xi64>
    memref.dealloc %o : memref<?xi64>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
