// A launch over the host plugin's four devices whose shares take long
// enough to time: y[i] = x[i] iterated 100000 times through a * 0.999 +
// 0.001, n = 4000. run.sh builds it with two compilers and times both.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @work(%x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %steps = arith.constant 100000 : index
    %k = arith.constant 0.999 : f32
    %b = arith.constant 0.001 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %r = scf.for %s = %c0 to %steps step %c1 iter_args(%a = %v) -> f32 {
        %m = arith.mulf %a, %k : f32
        %p = arith.addf %m, %b : f32
        scf.yield %p : f32
      }
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
  llvm.mlir.global private constant @fmt("work: n = %ld, sum(y) = %.6f, launch %.3f s\0A\00") {addr_space = 0 : i32}

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
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.constant 4000 : index
    %x = memref.alloc(%n) : memref<?xf32>
    %y = memref.alloc(%n) : memref<?xf32>
    %c1000 = arith.constant 1000 : index
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c1000 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %x[%i] : memref<?xf32>
    }
    // Loads the images on every device first, so that only the launch is
    // timed.
    %warm = arith.constant 8 : index
    %xw = memref.alloc(%warm) : memref<?xf32>
    %yw = memref.alloc(%warm) : memref<?xf32>
    offload.launch @work(%xw, %yw) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    %t0 = func.call @now() : () -> f64
    offload.launch @work(%x, %y) devices(all) : (memref<?xf32>, memref<?xf32>) -> ()
    %t1 = func.call @now() : () -> f64
    %dt = arith.subf %t1, %t0 : f64
    %zero = arith.constant 0.0 : f64
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f64 {
      %v = memref.load %y[%i] : memref<?xf32>
      %d = arith.extf %v : f32 to f64
      %a = arith.addf %acc, %d : f64
      scf.yield %a : f64
    }
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    llvm.call @printf(%fmt, %n64, %sum, %dt) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, f64, f64) -> i32
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
