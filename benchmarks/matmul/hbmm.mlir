// Batched bf16 and f16 matmuls (f32 accumulation and output) as offload
// kernels (linalg.fill + linalg.batch_matmul: the tensor-core contraction
// strategy on sm_90, batch as the tensor maps' outermost dimension), timed
// like hgemm.mlir:
//   hbmm BATCH N REPS ->  RESULT bmm bf16 BATCHxN <us per launch> <TFLOP/s> ok|FAIL
//                         RESULT bmm f16 BATCHxN <us per launch> <TFLOP/s> ok|FAIL
//                         RESULT bmm bf16_out BATCHxN <us per launch> <TFLOP/s> ok|FAIL
// (bf16_out: C in bf16, as torch.matmul of bf16 tensors writes it; the
// first two write f32, twice the bytes.)
// A[l, i, k] = ((i + 3(k + l)) mod 7 - 3) / 4 and B[l, k, j] =
// ((2k + j + l) mod 5 - 2) / 4 are exact in bf16 and f16 and their products
// multiples of 1/16, so every partial sum is exact in f32 (N <= 8192) and
// 64 sampled elements are compared exactly with the host's f32 sums.
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">, #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @atol(!llvm.ptr) -> i64
  llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
  llvm.mlir.global private constant @fmt("RESULT bmm %s %ldx%ld %.3f %.2f %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_ok("ok\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_fail("FAIL\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_bf16("bf16\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_f16("f16\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_bf16_out("bf16_out\00") {addr_space = 0 : i32}

  offload.kernel @hbmm_bf16(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?x?xf32>)
    linalg.batch_matmul ins(%a, %b : memref<?x?x?xbf16>, memref<?x?x?xbf16>) outs(%c : memref<?x?x?xf32>)
    offload.return
  }

  // bf16 output, as torch.matmul of bf16 tensors gives it (the peer).
  offload.kernel @hbmm_bf16_out(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xbf16>) {
    %zero = arith.constant 0.0 : bf16
    linalg.fill ins(%zero : bf16) outs(%c : memref<?x?x?xbf16>)
    linalg.batch_matmul ins(%a, %b : memref<?x?x?xbf16>, memref<?x?x?xbf16>) outs(%c : memref<?x?x?xbf16>)
    offload.return
  }

  offload.kernel @hbmm_f16(%a: memref<?x?x?xf16>, %b: memref<?x?x?xf16>, %c: memref<?x?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?x?xf32>)
    linalg.batch_matmul ins(%a, %b : memref<?x?x?xf16>, memref<?x?x?xf16>) outs(%c : memref<?x?x?xf32>)
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

  // x[l, i, j] = val(i, j + l, p, q, r): each batch differs.
  func.func @init(%x: memref<?x?x?xf32>, %p: index, %q: index, %r: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %nb = memref.dim %x, %c0 : memref<?x?x?xf32>
    %n = memref.dim %x, %c1 : memref<?x?x?xf32>
    %m = memref.dim %x, %c2 : memref<?x?x?xf32>
    scf.for %l = %c0 to %nb step %c1 {
      scf.for %i = %c0 to %n step %c1 {
        scf.for %j = %c0 to %m step %c1 {
          %jb = arith.addi %j, %l : index
          %v = func.call @val(%i, %jb, %p, %q, %r) : (index, index, index, index, index) -> f32
          memref.store %v, %x[%l, %i, %j] : memref<?x?x?xf32>
        }
      }
    }
    return
  }

  func.func @to_bf16(%x: memref<?x?x?xf32>, %y: memref<?x?x?xbf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %nb = memref.dim %x, %c0 : memref<?x?x?xf32>
    %n = memref.dim %x, %c1 : memref<?x?x?xf32>
    %m = memref.dim %x, %c2 : memref<?x?x?xf32>
    scf.for %l = %c0 to %nb step %c1 {
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %m step %c1 {
        %v = memref.load %x[%l, %i, %j] : memref<?x?x?xf32>
        %bits = arith.bitcast %v : f32 to i32
        %c16 = arith.constant 16 : i32
        %hi = arith.shrui %bits, %c16 : i32
        %h16 = arith.trunci %hi : i32 to i16
        %h = arith.bitcast %h16 : i16 to bf16
        memref.store %h, %y[%l, %i, %j] : memref<?x?x?xbf16>
      }
    }
    }
    return
  }

  // Times `reps` launches of @hbmm_bf16 after one, checks 64 elements.
  func.func @bench_bf16(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %reps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %nb = memref.dim %a, %c0 : memref<?x?x?xf32>
    %n = memref.dim %a, %c1 : memref<?x?x?xf32>
    %ah = memref.alloc(%nb, %n, %n) : memref<?x?x?xbf16>
    %bh = memref.alloc(%nb, %n, %n) : memref<?x?x?xbf16>
    %c = memref.alloc(%nb, %n, %n) : memref<?x?x?xf32>
    func.call @to_bf16(%a, %ah) : (memref<?x?x?xf32>, memref<?x?x?xbf16>) -> ()
    func.call @to_bf16(%b, %bh) : (memref<?x?x?xf32>, memref<?x?x?xbf16>) -> ()
    offload.enter_data map(to: %ah : memref<?x?x?xbf16>, to: %bh : memref<?x?x?xbf16>, alloc: %c : memref<?x?x?xf32>)
    offload.launch @hbmm_bf16(%ah, %bh, %c) : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xf32>) -> ()
    offload.wait
    %t0 = func.call @now() : () -> f64
    scf.for %k = %c0 to %reps step %c1 {
      offload.launch @hbmm_bf16(%ah, %bh, %c) nowait : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xf32>) -> ()
    }
    offload.wait
    %t1 = func.call @now() : () -> f64
    offload.exit_data map(release: %ah : memref<?x?x?xbf16>, release: %bh : memref<?x?x?xbf16>, from: %c : memref<?x?x?xf32>)
    %true = arith.constant true
    %ok = scf.for %s = %c0 to %c64 step %c1 iter_args(%acc = %true) -> i1 {
      %c977 = arith.constant 977 : index
      %c631 = arith.constant 631 : index
      %c13 = arith.constant 13 : index
      %si = arith.muli %s, %c977 : index
      %sj = arith.muli %s, %c631 : index
      %sl = arith.muli %s, %c13 : index
      %i = arith.remui %si, %n : index
      %j = arith.remui %sj, %n : index
      %l = arith.remui %sl, %nb : index
      %zero = arith.constant 0.0 : f32
      %want = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> f32 {
        %x = memref.load %a[%l, %i, %k] : memref<?x?x?xf32>
        %y = memref.load %b[%l, %k, %j] : memref<?x?x?xf32>
        %p = arith.mulf %x, %y : f32
        %t = arith.addf %sum, %p : f32
        scf.yield %t : f32
      }
      %got = memref.load %c[%l, %i, %j] : memref<?x?x?xf32>
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
    %n64 = arith.index_cast %n : index to i64
    %nb64 = arith.index_cast %nb : index to i64
    %nf = arith.sitofp %n64 : i64 to f64
    %nbf = arith.sitofp %nb64 : i64 to f64
    %two = arith.constant 2.0 : f64
    %n2 = arith.mulf %nf, %nf : f64
    %n3 = arith.mulf %n2, %nf : f64
    %n3b = arith.mulf %n3, %nbf : f64
    %flop = arith.mulf %n3b, %two : f64
    %e12 = arith.constant 1.0e12 : f64
    %fps = arith.divf %flop, %per : f64
    %tflops = arith.divf %fps, %e12 : f64
    %okp = llvm.mlir.addressof @s_ok : !llvm.ptr
    %failp = llvm.mlir.addressof @s_fail : !llvm.ptr
    %verdict = arith.select %ok, %okp, %failp : !llvm.ptr
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %tname = llvm.mlir.addressof @s_bf16 : !llvm.ptr
    %x = llvm.call @printf(%fmt, %tname, %nb64, %n64, %us, %tflops, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, f64, f64, !llvm.ptr) -> i32
    memref.dealloc %ah : memref<?x?x?xbf16>
    memref.dealloc %bh : memref<?x?x?xbf16>
    memref.dealloc %c : memref<?x?x?xf32>
    return
  }

  // The same for @hbmm_bf16_out: C in bf16, compared with the f32 sum
  // rounded to bf16 (to nearest even on both sides).
  func.func @bench_bf16_out(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %reps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %nb = memref.dim %a, %c0 : memref<?x?x?xf32>
    %n = memref.dim %a, %c1 : memref<?x?x?xf32>
    %ah = memref.alloc(%nb, %n, %n) : memref<?x?x?xbf16>
    %bh = memref.alloc(%nb, %n, %n) : memref<?x?x?xbf16>
    %c = memref.alloc(%nb, %n, %n) : memref<?x?x?xbf16>
    func.call @to_bf16(%a, %ah) : (memref<?x?x?xf32>, memref<?x?x?xbf16>) -> ()
    func.call @to_bf16(%b, %bh) : (memref<?x?x?xf32>, memref<?x?x?xbf16>) -> ()
    offload.enter_data map(to: %ah : memref<?x?x?xbf16>, to: %bh : memref<?x?x?xbf16>, alloc: %c : memref<?x?x?xbf16>)
    offload.launch @hbmm_bf16_out(%ah, %bh, %c) : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>) -> ()
    offload.wait
    %t0 = func.call @now() : () -> f64
    scf.for %k = %c0 to %reps step %c1 {
      offload.launch @hbmm_bf16_out(%ah, %bh, %c) nowait : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xbf16>) -> ()
    }
    offload.wait
    %t1 = func.call @now() : () -> f64
    offload.exit_data map(release: %ah : memref<?x?x?xbf16>, release: %bh : memref<?x?x?xbf16>, from: %c : memref<?x?x?xbf16>)
    %true = arith.constant true
    %ok = scf.for %s = %c0 to %c64 step %c1 iter_args(%acc = %true) -> i1 {
      %c977 = arith.constant 977 : index
      %c631 = arith.constant 631 : index
      %c13 = arith.constant 13 : index
      %si = arith.muli %s, %c977 : index
      %sj = arith.muli %s, %c631 : index
      %sl = arith.muli %s, %c13 : index
      %i = arith.remui %si, %n : index
      %j = arith.remui %sj, %n : index
      %l = arith.remui %sl, %nb : index
      %zero = arith.constant 0.0 : f32
      %want = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> f32 {
        %x = memref.load %a[%l, %i, %k] : memref<?x?x?xf32>
        %y = memref.load %b[%l, %k, %j] : memref<?x?x?xf32>
        %p = arith.mulf %x, %y : f32
        %t = arith.addf %sum, %p : f32
        scf.yield %t : f32
      }
      %gotb = memref.load %c[%l, %i, %j] : memref<?x?x?xbf16>
      %got = arith.extf %gotb : bf16 to f32
      %wantb = arith.truncf %want : f32 to bf16
      %wantr = arith.extf %wantb : bf16 to f32
      %eq = arith.cmpf oeq, %got, %wantr : f32
      %r = arith.andi %acc, %eq : i1
      scf.yield %r : i1
    }
    %dt = arith.subf %t1, %t0 : f64
    %r64 = arith.index_cast %reps : index to i64
    %rf = arith.sitofp %r64 : i64 to f64
    %per = arith.divf %dt, %rf : f64
    %e6 = arith.constant 1.0e6 : f64
    %us = arith.mulf %per, %e6 : f64
    %n64 = arith.index_cast %n : index to i64
    %nb64 = arith.index_cast %nb : index to i64
    %nf = arith.sitofp %n64 : i64 to f64
    %nbf = arith.sitofp %nb64 : i64 to f64
    %two = arith.constant 2.0 : f64
    %n2 = arith.mulf %nf, %nf : f64
    %n3 = arith.mulf %n2, %nf : f64
    %n3b = arith.mulf %n3, %nbf : f64
    %flop = arith.mulf %n3b, %two : f64
    %e12 = arith.constant 1.0e12 : f64
    %fps = arith.divf %flop, %per : f64
    %tflops = arith.divf %fps, %e12 : f64
    %okp = llvm.mlir.addressof @s_ok : !llvm.ptr
    %failp = llvm.mlir.addressof @s_fail : !llvm.ptr
    %verdict = arith.select %ok, %okp, %failp : !llvm.ptr
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %tname = llvm.mlir.addressof @s_bf16_out : !llvm.ptr
    %x = llvm.call @printf(%fmt, %tname, %nb64, %n64, %us, %tflops, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, f64, f64, !llvm.ptr) -> i32
    memref.dealloc %ah : memref<?x?x?xbf16>
    memref.dealloc %bh : memref<?x?x?xbf16>
    memref.dealloc %c : memref<?x?x?xbf16>
    return
  }

  func.func @to_f16(%x: memref<?x?x?xf32>, %y: memref<?x?x?xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %nb = memref.dim %x, %c0 : memref<?x?x?xf32>
    %n = memref.dim %x, %c1 : memref<?x?x?xf32>
    %m = memref.dim %x, %c2 : memref<?x?x?xf32>
    scf.for %l = %c0 to %nb step %c1 {
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %m step %c1 {
        %v = memref.load %x[%l, %i, %j] : memref<?x?x?xf32>
        %h = arith.truncf %v : f32 to f16
        memref.store %h, %y[%l, %i, %j] : memref<?x?x?xf16>
      }
    }
    }
    return
  }

  // Times `reps` launches of @hbmm_f16 after one, checks 64 elements.
  func.func @bench_f16(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %reps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %nb = memref.dim %a, %c0 : memref<?x?x?xf32>
    %n = memref.dim %a, %c1 : memref<?x?x?xf32>
    %ah = memref.alloc(%nb, %n, %n) : memref<?x?x?xf16>
    %bh = memref.alloc(%nb, %n, %n) : memref<?x?x?xf16>
    %c = memref.alloc(%nb, %n, %n) : memref<?x?x?xf32>
    func.call @to_f16(%a, %ah) : (memref<?x?x?xf32>, memref<?x?x?xf16>) -> ()
    func.call @to_f16(%b, %bh) : (memref<?x?x?xf32>, memref<?x?x?xf16>) -> ()
    offload.enter_data map(to: %ah : memref<?x?x?xf16>, to: %bh : memref<?x?x?xf16>, alloc: %c : memref<?x?x?xf32>)
    offload.launch @hbmm_f16(%ah, %bh, %c) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf32>) -> ()
    offload.wait
    %t0 = func.call @now() : () -> f64
    scf.for %k = %c0 to %reps step %c1 {
      offload.launch @hbmm_f16(%ah, %bh, %c) nowait : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf32>) -> ()
    }
    offload.wait
    %t1 = func.call @now() : () -> f64
    offload.exit_data map(release: %ah : memref<?x?x?xf16>, release: %bh : memref<?x?x?xf16>, from: %c : memref<?x?x?xf32>)
    %true = arith.constant true
    %ok = scf.for %s = %c0 to %c64 step %c1 iter_args(%acc = %true) -> i1 {
      %c977 = arith.constant 977 : index
      %c631 = arith.constant 631 : index
      %c13 = arith.constant 13 : index
      %si = arith.muli %s, %c977 : index
      %sj = arith.muli %s, %c631 : index
      %sl = arith.muli %s, %c13 : index
      %i = arith.remui %si, %n : index
      %j = arith.remui %sj, %n : index
      %l = arith.remui %sl, %nb : index
      %zero = arith.constant 0.0 : f32
      %want = scf.for %k = %c0 to %n step %c1 iter_args(%sum = %zero) -> f32 {
        %x = memref.load %a[%l, %i, %k] : memref<?x?x?xf32>
        %y = memref.load %b[%l, %k, %j] : memref<?x?x?xf32>
        %p = arith.mulf %x, %y : f32
        %t = arith.addf %sum, %p : f32
        scf.yield %t : f32
      }
      %got = memref.load %c[%l, %i, %j] : memref<?x?x?xf32>
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
    %n64 = arith.index_cast %n : index to i64
    %nb64 = arith.index_cast %nb : index to i64
    %nf = arith.sitofp %n64 : i64 to f64
    %nbf = arith.sitofp %nb64 : i64 to f64
    %two = arith.constant 2.0 : f64
    %n2 = arith.mulf %nf, %nf : f64
    %n3 = arith.mulf %n2, %nf : f64
    %n3b = arith.mulf %n3, %nbf : f64
    %flop = arith.mulf %n3b, %two : f64
    %e12 = arith.constant 1.0e12 : f64
    %fps = arith.divf %flop, %per : f64
    %tflops = arith.divf %fps, %e12 : f64
    %okp = llvm.mlir.addressof @s_ok : !llvm.ptr
    %failp = llvm.mlir.addressof @s_fail : !llvm.ptr
    %verdict = arith.select %ok, %okp, %failp : !llvm.ptr
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %tname = llvm.mlir.addressof @s_f16 : !llvm.ptr
    %x = llvm.call @printf(%fmt, %tname, %nb64, %n64, %us, %tflops, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, f64, f64, !llvm.ptr) -> i32
    memref.dealloc %ah : memref<?x?x?xf16>
    memref.dealloc %bh : memref<?x?x?xf16>
    memref.dealloc %c : memref<?x?x?xf32>
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
    %nb = func.call @arg(%argv, %i1) : (!llvm.ptr, i64) -> index
    %n = func.call @arg(%argv, %i2) : (!llvm.ptr, i64) -> index
    %reps = func.call @arg(%argv, %i3) : (!llvm.ptr, i64) -> index
    %a = memref.alloc(%nb, %n, %n) : memref<?x?x?xf32>
    %b = memref.alloc(%nb, %n, %n) : memref<?x?x?xf32>
    func.call @init(%a, %c1, %c3, %c7) : (memref<?x?x?xf32>, index, index, index) -> ()
    func.call @init(%b, %c2, %c1, %c5) : (memref<?x?x?xf32>, index, index, index) -> ()
    func.call @bench_bf16(%a, %b, %reps) : (memref<?x?x?xf32>, memref<?x?x?xf32>, index) -> ()
    func.call @bench_f16(%a, %b, %reps) : (memref<?x?x?xf32>, memref<?x?x?xf32>, index) -> ()
    func.call @bench_bf16_out(%a, %b, %reps) : (memref<?x?x?xf32>, memref<?x?x?xf32>, index) -> ()
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
