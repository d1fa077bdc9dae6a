// The 5-point Jacobi step of multi_gpu.mlir on a 16384 x 16384 f32 grid,
// launched in a loop with its grids kept on the device: plainly, and over
// the device list [0] (a run of split launches). Prints t(1) and t(51)
// (1 and 51 iterations of two launches, each call copying the grids in and
// out): (t(51) - t(1)) / 100 is the time per launch. The kernel writes
// y[1..n-1) x [1..n-1): a box narrower than its rows, which a launch maps
// as one entry per row (16382) when the grid is not on the device; on a
// grid the device holds, those rows copy nothing and only cost the
// runtime's lookups.
//
//   offload-cc jacobi_resident.mlir --offload-targets=nvptx:sm_90,host -O3 -o jacobi_resident
//   ./jacobi_resident
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">, #offload.host]} {
  offload.kernel @jacobi(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %q = arith.constant 0.25 : f32
    %m = memref.dim %x, %c0 : memref<?x?xf32>
    %n = memref.dim %x, %c1 : memref<?x?xf32>
    %mlast = arith.subi %m, %c1 : index
    %nlast = arith.subi %n, %c1 : index
    scf.parallel (%i, %j) = (%c1, %c1) to (%mlast, %nlast) step (%c1, %c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %u = memref.load %x[%im, %j] : memref<?x?xf32>
      %d = memref.load %x[%ip, %j] : memref<?x?xf32>
      %l = memref.load %x[%i, %jm] : memref<?x?xf32>
      %r = memref.load %x[%i, %jp] : memref<?x?xf32>
      %s1 = arith.addf %u, %d : f32
      %s2 = arith.addf %l, %r : f32
      %s = arith.addf %s1, %s2 : f32
      %v = arith.mulf %s, %q : f32
      memref.store %v, %y[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }

  func.func @steps(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %list: memref<?xi32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @jacobi(%x, %y) devices(%list : memref<?xi32>) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      offload.launch @jacobi(%y, %x) devices(%list : memref<?xi32>) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    }
    return
  }
  func.func @plain(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @jacobi(%x, %y) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      offload.launch @jacobi(%y, %x) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    }
    return
  }
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
  llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("plain: t(1) %.3f s t(51) %.3f s; list [0]: t(1) %.3f s t(51) %.3f s\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c51 = arith.constant 51 : index
    %n = arith.constant 16384 : index
    %x = memref.alloc(%n, %n) : memref<?x?xf32>
    %y = memref.alloc(%n, %n) : memref<?x?xf32>
    %one = arith.constant 1.0 : f32
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        memref.store %one, %x[%i, %j] : memref<?x?xf32>
        memref.store %one, %y[%i, %j] : memref<?x?xf32>
      }
    }
    %d0 = arith.constant 0 : i32
    %list = memref.alloc(%c1) : memref<?xi32>
    memref.store %d0, %list[%c0] : memref<?xi32>
    %t0 = func.call @now() : () -> f64
    func.call @plain(%x, %y, %c1) : (memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    %t1 = func.call @now() : () -> f64
    func.call @plain(%x, %y, %c51) : (memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    %t2 = func.call @now() : () -> f64
    func.call @steps(%x, %y, %list, %c1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
    %t3 = func.call @now() : () -> f64
    func.call @steps(%x, %y, %list, %c51) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
    %t4 = func.call @now() : () -> f64
    %a = arith.subf %t1, %t0 : f64
    %b = arith.subf %t2, %t1 : f64
    %c = arith.subf %t3, %t2 : f64
    %d = arith.subf %t4, %t3 : f64
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %a, %b, %c, %d) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64, f64) -> i32
    %v = memref.load %x[%c1, %c1] : memref<?x?xf32>
    %r = arith.fptosi %v : f32 to i32
    return %r : i32
  }
}
