// Matmuls with N = 128 known to the compiler, against the same with N
// dynamic (hgemm_mnk.mlir's kernels): the tile width is chosen from the
// sizes, so the f16 kernel here (B and C of static width 128) runs on
// 128x128 tiles (wgmma m64n128, 6 stages) and the bf16 one (dynamic N) on
// 128x256 tiles, half of whose columns are zeros:
//   hgemm_n128 M 128 K REPS
//     ->   RESULT matmul bf16 Mx128xK <us per launch> <TFLOP/s> ok|FAIL  (256-wide tiles)
//          RESULT matmul f16 Mx128xK <us per launch> <TFLOP/s> ok|FAIL   (128-wide tiles)
// Values and checks as in hgemm_mnk.mlir (64 sampled elements, exact).
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">, #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @atol(!llvm.ptr) -> i64
  llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
  llvm.mlir.global private constant @fmt("RESULT matmul %s %ldx%ldx%ld %.3f %.2f %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_ok("ok\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_fail("FAIL\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_bf16("bf16\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_f16("f16\00") {addr_space = 0 : i32}

  offload.kernel @hgemm_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  offload.kernel @hgemm_f16(%a: memref<?x?xf16>, %b: memref<?x128xf16>, %c: memref<?x128xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x128xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x128xf16>) outs(%c : memref<?x128xf32>)
    offload.return
  }

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
    %e9 = arith.constant 1.0e-9 : f64
    %t = arith.mulf %nsf, %e9 : f64
    %r2 = arith.addf %sf, %t : f64
    return %r2 : f64
  }

  func.func @arg(%argv: !llvm.ptr, %i: i64) -> index {
    %p = llvm.getelementptr %argv[%i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr
    %s = llvm.load %p : !llvm.ptr -> !llvm.ptr
    %v = llvm.call @atol(%s) : (!llvm.ptr) -> i64
    %r = arith.index_cast %v : i64 to index
    return %r : index
  }

  // ((p * i + q * j) mod r - r / 2) / 4
  func.func @val(%i: index, %j: index, %p: index, %q: index, %r: index) -> f32 {
    %c2 = arith.constant 2 : index
    %quarter = arith.constant 0.25 : f32
    %pi = arith.muli %p, %i : index
    %qj = arith.muli %q, %j : index
    %s = arith.addi %pi, %qj : index
    %m = arith.remui %s, %r : index
    %h = arith.divui %r, %c2 : index
    %m64 = arith.index_cast %m : index to i64
    %h64 = arith.index_cast %h : index to i64
    %d = arith.subi %m64, %h64 : i64
    %f = arith.sitofp %d : i64 to f32
    %v = arith.mulf %f, %quarter : f32
    return %v : f32
  }

  func.func @init(%x: memref<?x?xf32>, %p: index, %q: index, %r: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?x?xf32>
    %m = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %m step %c1 {
        %v = func.call @val(%i, %j, %p, %q, %r) : (index, index, index, index, index) -> f32
        memref.store %v, %x[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  func.func @to_bf16(%x: memref<?x?xf32>, %y: memref<?x?xbf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?x?xf32>
    %m = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %m step %c1 {
        // Exact in bf16: the upper half of the f32's bits (x86-64 hosts
        // have no truncf to bf16 without a runtime function).
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        %bits = arith.bitcast %v : f32 to i32
        %c16 = arith.constant 16 : i32
        %hi = arith.shrui %bits, %c16 : i32
        %h16 = arith.trunci %hi : i32 to i16
        %h = arith.bitcast %h16 : i16 to bf16
        memref.store %h, %y[%i, %j] : memref<?x?xbf16>
      }
    }
    return
  }

  // Times `reps` launches of @hgemm_bf16 after one, checks 64 elements.
  func.func @bench_bf16(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %reps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %kk = memref.dim %a, %c1 : memref<?x?xf32>
    %n = memref.dim %b, %c1 : memref<?x?xf32>
    %ah = memref.alloc(%m, %kk) : memref<?x?xbf16>
    %bh = memref.alloc(%kk, %n) : memref<?x?xbf16>
    %c = memref.alloc(%m, %n) : memref<?x?xf32>
    func.call @to_bf16(%a, %ah) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @to_bf16(%b, %bh) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    offload.enter_data map(to: %ah : memref<?x?xbf16>, to: %bh : memref<?x?xbf16>, alloc: %c : memref<?x?xf32>)
    offload.launch @hgemm_bf16(%ah, %bh, %c) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>) -> ()
    offload.wait
    %t0 = func.call @now() : () -> f64
    scf.for %k = %c0 to %reps step %c1 {
      offload.launch @hgemm_bf16(%ah, %bh, %c) nowait : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>) -> ()
    }
    offload.wait
    %t1 = func.call @now() : () -> f64
    offload.exit_data map(release: %ah : memref<?x?xbf16>, release: %bh : memref<?x?xbf16>, from: %c : memref<?x?xf32>)
    %true = arith.constant true
    %ok = scf.for %s = %c0 to %c64 step %c1 iter_args(%acc = %true) -> i1 {
      %c977 = arith.constant 977 : index
      %c631 = arith.constant 631 : index
      %si = arith.muli %s, %c977 : index
      %sj = arith.muli %s, %c631 : index
      %i = arith.remui %si, %m : index
      %j = arith.remui %sj, %n : index
      %zero = arith.constant 0.0 : f32
      %want = scf.for %k = %c0 to %kk step %c1 iter_args(%sum = %zero) -> f32 {
        %x = memref.load %a[%i, %k] : memref<?x?xf32>
        %y = memref.load %b[%k, %j] : memref<?x?xf32>
        %p = arith.mulf %x, %y : f32
        %t = arith.addf %sum, %p : f32
        scf.yield %t : f32
      }
      %got = memref.load %c[%i, %j] : memref<?x?xf32>
      %eq = arith.cmpf oeq, %got, %want : f32
      %r = arith.andi %acc, %eq : i1
      scf.yield %r : i1
    }
    %dt = arith.subf %t1, %t0 : f64
    %r64 = arith.index_cast %reps : index to i64
    %rf = arith.sitofp %r64 : i64 to f64
    %per = arith.divf %dt, %rf : f64
    %e6 = arith.constant 1.0e6 : f64
    %us = arith.mulf %per, %e6 : f64
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %kk : index to i64
    %mf = arith.sitofp %m64 : i64 to f64
    %nf = arith.sitofp %n64 : i64 to f64
    %kf = arith.sitofp %k64 : i64 to f64
    %two = arith.constant 2.0 : f64
    %n2 = arith.mulf %mf, %nf : f64
    %n3 = arith.mulf %n2, %kf : f64
    %flop = arith.mulf %n3, %two : f64
    %e12 = arith.constant 1.0e12 : f64
    %fps = arith.divf %flop, %per : f64
    %tflops = arith.divf %fps, %e12 : f64
    %okp = llvm.mlir.addressof @s_ok : !llvm.ptr
    %failp = llvm.mlir.addressof @s_fail : !llvm.ptr
    %verdict = arith.select %ok, %okp, %failp : !llvm.ptr
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %tname = llvm.mlir.addressof @s_bf16 : !llvm.ptr
    %x = llvm.call @printf(%fmt, %tname, %m64, %n64, %k64, %us, %tflops, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, f64, f64, !llvm.ptr) -> i32
    memref.dealloc %ah : memref<?x?xbf16>
    memref.dealloc %bh : memref<?x?xbf16>
    memref.dealloc %c : memref<?x?xf32>
    return
  }

  func.func @to_f16(%x: memref<?x?xf32>, %y: memref<?x?xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?x?xf32>
    %m = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %m step %c1 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        %h = arith.truncf %v : f32 to f16
        memref.store %h, %y[%i, %j] : memref<?x?xf16>
      }
    }
    return
  }

  // Times `reps` launches of @hgemm_f16 after one, checks 64 elements.
  func.func @bench_f16(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %reps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %kk = memref.dim %a, %c1 : memref<?x?xf32>
    %n = memref.dim %b, %c1 : memref<?x?xf32>
    %ah = memref.alloc(%m, %kk) : memref<?x?xf16>
    %bh = memref.alloc(%kk, %n) : memref<?x?xf16>
    %c = memref.alloc(%m, %n) : memref<?x?xf32>
    func.call @to_f16(%a, %ah) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @to_f16(%b, %bh) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    offload.enter_data map(to: %ah : memref<?x?xf16>, to: %bh : memref<?x?xf16>, alloc: %c : memref<?x?xf32>)
    %bs = memref.cast %bh : memref<?x?xf16> to memref<?x128xf16>
    %cs = memref.cast %c : memref<?x?xf32> to memref<?x128xf32>
    offload.launch @hgemm_f16(%ah, %bs, %cs) : (memref<?x?xf16>, memref<?x128xf16>, memref<?x128xf32>) -> ()
    offload.wait
    %t0 = func.call @now() : () -> f64
    scf.for %k = %c0 to %reps step %c1 {
      offload.launch @hgemm_f16(%ah, %bs, %cs) nowait : (memref<?x?xf16>, memref<?x128xf16>, memref<?x128xf32>) -> ()
    }
    offload.wait
    %t1 = func.call @now() : () -> f64
    offload.exit_data map(release: %ah : memref<?x?xf16>, release: %bh : memref<?x?xf16>, from: %c : memref<?x?xf32>)
    %true = arith.constant true
    %ok = scf.for %s = %c0 to %c64 step %c1 iter_args(%acc = %true) -> i1 {
      %c977 = arith.constant 977 : index
      %c631 = arith.constant 631 : index
      %si = arith.muli %s, %c977 : index
      %sj = arith.muli %s, %c631 : index
      %i = arith.remui %si, %m : index
      %j = arith.remui %sj, %n : index
      %zero = arith.constant 0.0 : f32
      %want = scf.for %k = %c0 to %kk step %c1 iter_args(%sum = %zero) -> f32 {
        %x = memref.load %a[%i, %k] : memref<?x?xf32>
        %y = memref.load %b[%k, %j] : memref<?x?xf32>
        %p = arith.mulf %x, %y : f32
        %t = arith.addf %sum, %p : f32
        scf.yield %t : f32
      }
      %got = memref.load %c[%i, %j] : memref<?x?xf32>
      %eq = arith.cmpf oeq, %got, %want : f32
      %r = arith.andi %acc, %eq : i1
      scf.yield %r : i1
    }
    %dt = arith.subf %t1, %t0 : f64
    %r64 = arith.index_cast %reps : index to i64
    %rf = arith.sitofp %r64 : i64 to f64
    %per = arith.divf %dt, %rf : f64
    %e6 = arith.constant 1.0e6 : f64
    %us = arith.mulf %per, %e6 : f64
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %kk : index to i64
    %mf = arith.sitofp %m64 : i64 to f64
    %nf = arith.sitofp %n64 : i64 to f64
    %kf = arith.sitofp %k64 : i64 to f64
    %two = arith.constant 2.0 : f64
    %n2 = arith.mulf %mf, %nf : f64
    %n3 = arith.mulf %n2, %kf : f64
    %flop = arith.mulf %n3, %two : f64
    %e12 = arith.constant 1.0e12 : f64
    %fps = arith.divf %flop, %per : f64
    %tflops = arith.divf %fps, %e12 : f64
    %okp = llvm.mlir.addressof @s_ok : !llvm.ptr
    %failp = llvm.mlir.addressof @s_fail : !llvm.ptr
    %verdict = arith.select %ok, %okp, %failp : !llvm.ptr
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %tname = llvm.mlir.addressof @s_f16 : !llvm.ptr
    %x = llvm.call @printf(%fmt, %tname, %m64, %n64, %k64, %us, %tflops, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, f64, f64, !llvm.ptr) -> i32
    memref.dealloc %ah : memref<?x?xf16>
    memref.dealloc %bh : memref<?x?xf16>
    memref.dealloc %c : memref<?x?xf32>
    return
  }

  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %i3 = arith.constant 3 : i64
    %i4 = arith.constant 4 : i64
    %m = func.call @arg(%argv, %i1) : (!llvm.ptr, i64) -> index
    %n = func.call @arg(%argv, %i2) : (!llvm.ptr, i64) -> index
    %k = func.call @arg(%argv, %i3) : (!llvm.ptr, i64) -> index
    %reps = func.call @arg(%argv, %i4) : (!llvm.ptr, i64) -> index
    %a = memref.alloc(%m, %k) : memref<?x?xf32>
    %b = memref.alloc(%k, %n) : memref<?x?xf32>
    func.call @init(%a, %c1, %c3, %c7) : (memref<?x?xf32>, index, index, index) -> ()
    func.call @init(%b, %c2, %c1, %c5) : (memref<?x?xf32>, index, index, index) -> ()
    func.call @bench_bf16(%a, %b, %reps) : (memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    func.call @bench_f16(%a, %b, %reps) : (memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
