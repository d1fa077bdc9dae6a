// Four host threads (omp.parallel), each launching @work over its 1000 of
// 4000 rows on device = its thread number, as the shares of a split launch
// do; each prints when its launch started and returned, in seconds from
// before the region. Part of run.sh.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @work(%lo: index, %hi: index, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %steps = arith.constant 100000 : index
    %k = arith.constant 0.999 : f32
    %b = arith.constant 0.001 : f32
    scf.parallel (%i) = (%lo) to (%hi) step (%c1) {
      %r = scf.for %s = %c0 to %steps step %c1 iter_args(%a = %b) -> f32 {
        %m = arith.mulf %a, %k : f32
        %p = arith.addf %m, %b : f32
        scf.yield %p : f32
      }
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func private @omp_get_thread_num() -> i32
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
  llvm.mlir.global private constant @fmt("thread %d: [%.3f, %.3f]\0A\00") {addr_space = 0 : i32}
  func.func @now() -> f64 {
    %one = llvm.mlir.constant(1 : i64) : i64
    %ts = llvm.alloca %one x !llvm.struct<(i64, i64)> : (i64) -> !llvm.ptr
    %clock = llvm.mlir.constant(1 : i32) : i32
    %rc = llvm.call @clock_gettime(%clock, %ts) : (i32, !llvm.ptr) -> i32
    %t = llvm.load %ts : !llvm.ptr -> !llvm.struct<(i64, i64)>
    %s = llvm.extractvalue %t[0] : !llvm.struct<(i64, i64)>
    %ns = llvm.extractvalue %t[1] : !llvm.struct<(i64, i64)>
    %sf = arith.sitofp %s : i64 to f64
    %nsf = arith.sitofp %ns : i64 to f64
    %e9 = arith.constant 1.0e9 : f64
    %frac = arith.divf %nsf, %e9 : f64
    %r = arith.addf %sf, %frac : f64
    return %r : f64
  }
  func.func @main() -> i32 {
    %c1000 = arith.constant 1000 : index
    %n = arith.constant 4000 : index
    %y = memref.alloc(%n) : memref<?xf32>
    %four = arith.constant 4 : i32
    %base = func.call @now() : () -> f64
    omp.parallel num_threads(%four : i32) {
      %t = func.call @omp_get_thread_num() : () -> i32
      %ti = arith.index_cast %t : i32 to index
      %lo = arith.muli %ti, %c1000 : index
      %hi = arith.addi %lo, %c1000 : index
      %t0 = func.call @now() : () -> f64
      offload.launch @work(%lo, %hi, %y) device(%t : i32) : (index, index, memref<?xf32>) -> ()
      %t1 = func.call @now() : () -> f64
      %a = arith.subf %t0, %base : f64
      %b = arith.subf %t1, %base : f64
      %f = llvm.mlir.addressof @fmt : !llvm.ptr
      llvm.call @printf(%f, %t, %a, %b) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, f64, f64) -> i32
      omp.terminator
    }
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
