// The 5-point Jacobi stencil iterated on one GPU: the one-GPU side of
// issue 13's two-GPU stencil, against the CUDA peer jacobi_peer.cu (run
// both with run.sh in one call).
//
//   jacobi_steps [N] [K]     (default 16384 and 200)
//
// Two grids of N x N f32 stay on device 0 across K steps (each step two
// launches, x -> y and y -> x); the time per step is (t(1 + K) - t(1)) / K,
// each t the best of 3 calls, so that the copies in and out cancel. Two
// ways of writing the launch: `device(0)` and a device list [0] (what
// multi_gpu.mlir's "1 GPU" runs); then `device(0)` again with the grids
// entered on the GPU (offload.enter_data) before each clock starts, so
// that t(1) and t(1 + K) time the steps alone. The sum of x after the last call (1 + K
// steps from fresh grids; f64, row by row) is printed to compare with the
// peer's, which sums the same.
module attributes {offload.targets = [#offload.host]} {
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

  func.func @steps_plain(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d0 = arith.constant 0 : i32
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @jacobi(%x, %y) device(%d0 : i32) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      offload.launch @jacobi(%y, %x) device(%d0 : i32) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    }
    return
  }

  func.func @steps_list(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %list: memref<?xi32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @jacobi(%x, %y) devices(%list : memref<?xi32>) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      offload.launch @jacobi(%y, %x) devices(%list : memref<?xi32>) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    }
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
  llvm.func @atol(!llvm.ptr) -> i64
  llvm.mlir.global private constant @fmt("jacobi %ld x %ld f32, %ld steps on one GPU, %s: %.3f ms/step (%.0f GB/s); one step with its copies %.3f s; sum of x %.17g\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @plain_name("device(0)\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @list_name("devices [0]\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @resident_name("device(0), grids entered before the clock\00") {addr_space = 0 : i32}

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

  // The peer's grids: x[i][j] = ((i * 7 + j * 3) mod 17) / 16, y = 0.
  func.func @init(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c17 = arith.constant 17 : index
    %zero = arith.constant 0.0 : f32
    %sixteenth = arith.constant 0.0625 : f32
    %m = memref.dim %x, %c0 : memref<?x?xf32>
    %n = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %a = arith.muli %i, %c7 : index
        %b = arith.muli %j, %c3 : index
        %s = arith.addi %a, %b : index
        %r = arith.remui %s, %c17 : index
        %ri = arith.index_cast %r : index to i32
        %f = arith.sitofp %ri : i32 to f32
        %v = arith.mulf %f, %sixteenth : f32
        memref.store %v, %x[%i, %j] : memref<?x?xf32>
        memref.store %zero, %y[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  func.func @sum(%x: memref<?x?xf32>) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f64
    %m = memref.dim %x, %c0 : memref<?x?xf32>
    %n = memref.dim %x, %c1 : memref<?x?xf32>
    %r = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %zero) -> f64 {
      %row = scf.for %j = %c0 to %n step %c1 iter_args(%a = %zero) -> f64 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        %w = arith.extf %v : f32 to f64
        %t = arith.addf %a, %w : f64
        scf.yield %t : f64
      }
      %t = arith.addf %acc, %row : f64
      scf.yield %t : f64
    }
    return %r : f64
  }

  func.func @report(%name: !llvm.ptr, %n: index, %k: index, %single: f64, %many: f64, %x: memref<?x?xf32>) {
    %kf0 = arith.index_cast %k : index to i64
    %kf = arith.sitofp %kf0 : i64 to f64
    %d = arith.subf %many, %single : f64
    %per = arith.divf %d, %kf : f64
    %n64 = arith.index_cast %n : index to i64
    %nn = arith.muli %n64, %n64 : i64
    %nnf = arith.sitofp %nn : i64 to f64
    // Per step: two launches, each reading one grid and writing the other.
    %b16 = arith.constant 16.0 : f64
    %bytes = arith.mulf %nnf, %b16 : f64
    %e9 = arith.constant 1.0e9 : f64
    %e3 = arith.constant 1.0e3 : f64
    %gbs0 = arith.divf %bytes, %per : f64
    %gbs = arith.divf %gbs0, %e9 : f64
    %ms = arith.mulf %per, %e3 : f64
    %total = func.call @sum(%x) : (memref<?x?xf32>) -> f64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.call @printf(%fmt, %n64, %n64, %kf0, %name, %ms, %gbs, %single, %total) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, !llvm.ptr, f64, f64, f64, f64) -> i32
    return
  }

  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %reps = arith.constant 3 : index
    %big = arith.constant 1.0e30 : f64
    %d0 = arith.constant 0 : i32
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %nDefault = arith.constant 16384 : i64
    %kDefault = arith.constant 200 : i64
    %hasN = arith.cmpi sge, %argc, %two : i32
    %hasK = arith.cmpi sge, %argc, %three : i32
    %n64 = scf.if %hasN -> i64 {
      %p = llvm.getelementptr %argv[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
      %s = llvm.load %p : !llvm.ptr -> !llvm.ptr
      %v = llvm.call @atol(%s) : (!llvm.ptr) -> i64
      scf.yield %v : i64
    } else {
      scf.yield %nDefault : i64
    }
    %k64 = scf.if %hasK -> i64 {
      %p = llvm.getelementptr %argv[2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
      %s = llvm.load %p : !llvm.ptr -> !llvm.ptr
      %v = llvm.call @atol(%s) : (!llvm.ptr) -> i64
      scf.yield %v : i64
    } else {
      scf.yield %kDefault : i64
    }
    %n = arith.index_cast %n64 : i64 to index
    %k = arith.index_cast %k64 : i64 to index
    %k1 = arith.addi %k, %c1 : index
    %list = memref.alloc(%c1) : memref<?xi32>
    memref.store %d0, %list[%c0] : memref<?xi32>
    %x = memref.alloc(%n, %n) : memref<?x?xf32>
    %y = memref.alloc(%n, %n) : memref<?x?xf32>

    // device(0): each call's steps on freshly initialised grids, so that
    // the sum after the last (1 + K)-step call compares with the peer's.
    %tp:2 = scf.for %r = %c0 to %reps step %c1 iter_args(%s1 = %big, %l1 = %big) -> (f64, f64) {
      func.call @init(%x, %y) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      %t0 = func.call @now() : () -> f64
      func.call @steps_plain(%x, %y, %c1) : (memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      %t1 = func.call @now() : () -> f64
      func.call @init(%x, %y) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      %t2 = func.call @now() : () -> f64
      func.call @steps_plain(%x, %y, %k1) : (memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      %t3 = func.call @now() : () -> f64
      %single = arith.subf %t1, %t0 : f64
      %many = arith.subf %t3, %t2 : f64
      %ns = arith.minimumf %s1, %single : f64
      %nl = arith.minimumf %l1, %many : f64
      scf.yield %ns, %nl : f64, f64
    }
    %plain = llvm.mlir.addressof @plain_name : !llvm.ptr
    func.call @report(%plain, %n, %k, %tp#0, %tp#1, %x) : (!llvm.ptr, index, index, f64, f64, memref<?x?xf32>) -> ()

    %tl:2 = scf.for %r = %c0 to %reps step %c1 iter_args(%s1 = %big, %l1 = %big) -> (f64, f64) {
      func.call @init(%x, %y) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      %t0 = func.call @now() : () -> f64
      func.call @steps_list(%x, %y, %list, %c1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
      %t1 = func.call @now() : () -> f64
      func.call @init(%x, %y) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      %t2 = func.call @now() : () -> f64
      func.call @steps_list(%x, %y, %list, %k1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
      %t3 = func.call @now() : () -> f64
      %single = arith.subf %t1, %t0 : f64
      %many = arith.subf %t3, %t2 : f64
      %ns = arith.minimumf %s1, %single : f64
      %nl = arith.minimumf %l1, %many : f64
      scf.yield %ns, %nl : f64, f64
    }
    %lname = llvm.mlir.addressof @list_name : !llvm.ptr
    func.call @report(%lname, %n, %k, %tl#0, %tl#1, %x) : (!llvm.ptr, index, index, f64, f64, memref<?x?xf32>) -> ()

    // device(0) with the grids entered on the GPU before the clock starts:
    // the steps alone (each call waits for its last launch), no copies.
    %tr:2 = scf.for %r = %c0 to %reps step %c1 iter_args(%s1 = %big, %l1 = %big) -> (f64, f64) {
      func.call @init(%x, %y) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      offload.enter_data map(to: %x : memref<?x?xf32>) device(%d0 : i32)
      offload.enter_data map(to: %y : memref<?x?xf32>) device(%d0 : i32)
      %t0 = func.call @now() : () -> f64
      func.call @steps_plain(%x, %y, %c1) : (memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      %t1 = func.call @now() : () -> f64
      offload.exit_data map(delete: %y : memref<?x?xf32>) device(%d0 : i32)
      offload.exit_data map(delete: %x : memref<?x?xf32>) device(%d0 : i32)
      func.call @init(%x, %y) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      offload.enter_data map(to: %x : memref<?x?xf32>) device(%d0 : i32)
      offload.enter_data map(to: %y : memref<?x?xf32>) device(%d0 : i32)
      %t2 = func.call @now() : () -> f64
      func.call @steps_plain(%x, %y, %k1) : (memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      %t3 = func.call @now() : () -> f64
      offload.exit_data map(delete: %y : memref<?x?xf32>) device(%d0 : i32)
      offload.exit_data map(from: %x : memref<?x?xf32>) device(%d0 : i32)
      %single = arith.subf %t1, %t0 : f64
      %many = arith.subf %t3, %t2 : f64
      %ns = arith.minimumf %s1, %single : f64
      %nl = arith.minimumf %l1, %many : f64
      scf.yield %ns, %nl : f64, f64
    }
    %rname = llvm.mlir.addressof @resident_name : !llvm.ptr
    func.call @report(%rname, %n, %k, %tr#0, %tr#1, %x) : (!llvm.ptr, index, index, f64, f64, memref<?x?xf32>) -> ()
    memref.dealloc %x : memref<?x?xf32>
    memref.dealloc %y : memref<?x?xf32>
    memref.dealloc %list : memref<?xi32>
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
