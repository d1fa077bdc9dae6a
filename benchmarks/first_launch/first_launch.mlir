// The first launch of a process, after its buffer is mapped (the CUDA
// context exists: the program's constructor made it before main).
//
//   first_launch N
//
// main maps x (N floats, x[i] = i) to the device at once, then times one
// launch of @bump and its wait (the function's return waits), then a
// second one, and prints
//
//   RESULT map_us=<mapping> first_us=<launch 1> second_us=<launch 2> check=ok
//
// check: x[i] = i + 2 after both launches, read back. The CUDA peer is
// first_launch.cu; run.sh runs both (benchmarks/first_launch/README.md).
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">, #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @atol(!llvm.ptr) -> i64
  llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
  llvm.mlir.global private constant @fmt("RESULT map_us=%.1f first_us=%.1f second_us=%.1f check=%s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_ok("ok\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_fail("FAIL\00") {addr_space = 0 : i32}

  // x[i] += 1, one thread per element.
  offload.kernel @bump(%x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %r = arith.addf %v, %one : f32
      memref.store %r, %x[%i] : memref<?xf32>
    }
    offload.return
  }

  // One launch; the function returns when it has finished.
  func.func @once(%x: memref<?xf32>) {
    offload.launch @bump(%x) : (memref<?xf32>) -> ()
    return
  }

  // Microseconds on CLOCK_MONOTONIC.
  func.func @now() -> f64 {
    %one = llvm.mlir.constant(1 : i64) : i64
    %ts = llvm.alloca %one x !llvm.struct<(i64, i64)> : (i64) -> !llvm.ptr
    %clk = llvm.mlir.constant(1 : i32) : i32
    %r = llvm.call @clock_gettime(%clk, %ts) : (i32, !llvm.ptr) -> i32
    %sp = llvm.getelementptr %ts[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, i64)>
    %np = llvm.getelementptr %ts[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, i64)>
    %s = llvm.load %sp : !llvm.ptr -> i64
    %ns = llvm.load %np : !llvm.ptr -> i64
    %sf = arith.sitofp %s : i64 to f64
    %nsf = arith.sitofp %ns : i64 to f64
    %e6 = arith.constant 1.0e6 : f64
    %e3 = arith.constant 1.0e-3 : f64
    %a = arith.mulf %sf, %e6 : f64
    %b = arith.mulf %nsf, %e3 : f64
    %t = arith.addf %a, %b : f64
    return %t : f64
  }

  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %i1 = arith.constant 1 : i64
    %p = llvm.getelementptr %argv[%i1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr
    %arg = llvm.load %p : !llvm.ptr -> !llvm.ptr
    %n64 = llvm.call @atol(%arg) : (!llvm.ptr) -> i64
    %n = arith.index_cast %n64 : i64 to index
    %x = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %i64 = arith.index_cast %i : index to i64
      %f = arith.sitofp %i64 : i64 to f32
      memref.store %f, %x[%i] : memref<?xf32>
    }
    %t0 = func.call @now() : () -> f64
    offload.enter_data map(to: %x : memref<?xf32>)
    %t1 = func.call @now() : () -> f64
    func.call @once(%x) : (memref<?xf32>) -> ()
    %t2 = func.call @now() : () -> f64
    func.call @once(%x) : (memref<?xf32>) -> ()
    %t3 = func.call @now() : () -> f64
    offload.exit_data map(from: %x : memref<?xf32>)
    %true = arith.constant true
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %true) -> (i1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %i64 = arith.index_cast %i : index to i64
      %f = arith.sitofp %i64 : i64 to f32
      %two = arith.constant 2.0 : f32
      %want = arith.addf %f, %two : f32
      %eq = arith.cmpf oeq, %v, %want : f32
      %all = arith.andi %acc, %eq : i1
      scf.yield %all : i1
    }
    memref.dealloc %x : memref<?xf32>
    %map = arith.subf %t1, %t0 : f64
    %first = arith.subf %t2, %t1 : f64
    %second = arith.subf %t3, %t2 : f64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %okp = llvm.mlir.addressof @s_ok : !llvm.ptr
    %failp = llvm.mlir.addressof @s_fail : !llvm.ptr
    %verdict = arith.select %ok, %okp, %failp : !llvm.ptr
    %pr = llvm.call @printf(%fmt, %map, %first, %second, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64, f64, f64, !llvm.ptr) -> i32
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
