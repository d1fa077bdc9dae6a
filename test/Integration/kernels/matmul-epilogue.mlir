// Matmuls with an elementwise op after them in the same kernel: the op runs
// in the contraction's epilogue (on an sm_90 GPU, the tensor-core
// contraction's: each element of the f32 tile in shared memory goes through
// the op's body before it is stored; in the tiled contraction where the
// runtime makes no tensor maps; here on the host device, the kernels' host
// copies, which run the ops one after the other). Small integer values, so
// every result is exact and must equal the host's reference:
//   - mm_bias_relu: bf16 inputs, C (f32) = A B after a fill with 0, then
//     D = max(C + bias[n], 0) * 0.5 into an f32 D (C is written too):
//     200 x 136 x 72, 333 x 264 x 136 (odd M, N, K past whole tiles) and
//     200 x 136 x 71 (rows TMA cannot read: no tensor maps);
//   - mm_bias_inplace: f16 inputs, C (f16) += A B, then
//     C = max(C + bias[n], 0) in place: 200 x 136 x 72;
//   - mm_scale_bf16: bf16 inputs, C (f32) = A B after a fill, then a bf16
//     D = C * 0.25 (rounded to bf16): 333 x 264 x 136.
//   - mm_bias_gelu_erf: bf16 inputs, C (f32) = A B after a fill, then
//     D = gelu(C + bias[n]) in its erf form, 0.5 y (1 + erf(y / sqrt 2)),
//     into an f32 D: 200 x 136 x 72 (erf from libdevice on the GPU, libm on
//     the host, so within 1e-5 relative + 1e-4 of the host's reference).
// Each line prints the number of elements that differ from the reference
// and the sum of the result. scripts/gpu-tests.sh runs it on the GPU.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-targets=nvptx:sm_90,host --offload-remarks \
// RUN:   --emit=mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// REMARK-DAG: remark: 'linalg.generic' kept whole as the epilogue of the contraction before it
// REMARK-DAG: remark: kernel @mm_bias_relu: strategy 'tensor-core-contraction': {{.*}}; epilogue fused into the tensor-core contraction: 'linalg.generic' computed on each element of the tile before it is stored
// REMARK-DAG: remark: kernel @mm_bias_inplace: strategy 'tensor-core-contraction': {{.*}}; epilogue fused into the tensor-core contraction
// REMARK-DAG: remark: kernel @mm_scale_bf16: strategy 'tensor-core-contraction': {{.*}}; epilogue fused into the tensor-core contraction
// REMARK-DAG: remark: kernel @mm_bias_gelu_erf: strategy 'tensor-core-contraction': {{.*}}; epilogue fused into the tensor-core contraction

// CHECK: mm_bias_relu C 200x136x72: 0 wrong, sum 1957376
// CHECK: mm_bias_relu D 200x136x72: 0 wrong, sum 1253680
// CHECK: mm_bias_relu C 333x264x136: 0 wrong, sum 11956428
// CHECK: mm_bias_relu D 333x264x136: 0 wrong, sum 7670111
// CHECK: mm_bias_relu C 200x136x71: 0 wrong, sum 1929360
// CHECK: mm_bias_relu D 200x136x71: 0 wrong, sum 1236271
// CHECK: mm_bias_inplace C 200x136x72: 0 wrong, sum 2516315
// CHECK: mm_scale_bf16 D 333x264x136: 0 wrong, sum 2987218
// CHECK: mm_bias_gelu_erf D 200x136x72: 0 wrong

#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s %ldx%ldx%ld: %ld wrong, sum %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_relu_c("mm_bias_relu C\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_relu_d("mm_bias_relu D\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_inplace("mm_bias_inplace C\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_scale("mm_scale_bf16 D\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_close("%s %ldx%ldx%ld: %ld wrong\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_gelu("mm_bias_gelu_erf D\00") {addr_space = 0 : i32}

  // gelu in its erf form: 0.5 y (1 + erf(y / sqrt 2)).
  func.func @gelu_erf(%y: f32) -> f32 {
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rsqrt2 = arith.constant 0.70710678118654752 : f32
    %s = arith.mulf %y, %rsqrt2 : f32
    %e = math.erf %s : f32
    %p = arith.addf %e, %one : f32
    %h = arith.mulf %y, %half : f32
    %g = arith.mulf %h, %p : f32
    return %g : f32
  }

  offload.kernel @mm_bias_gelu_erf(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %bias: memref<?xf32>, %c: memref<?x?xf32>, %d: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : memref<?x?xf32>, memref<?xf32>) outs(%d : memref<?x?xf32>) {
    ^bb0(%x: f32, %bv: f32, %out: f32):
      %y = arith.addf %x, %bv : f32
      %half = arith.constant 0.5 : f32
      %one = arith.constant 1.0 : f32
      %rsqrt2 = arith.constant 0.70710678118654752 : f32
      %s = arith.mulf %y, %rsqrt2 : f32
      %e = math.erf %s : f32
      %p = arith.addf %e, %one : f32
      %h = arith.mulf %y, %half : f32
      %g = arith.mulf %h, %p : f32
      linalg.yield %g : f32
    }
    offload.return
  }

  // Prints the number of elements where |got - want| > 1e-5 |want| + 1e-4.
  func.func @report_close(%name: !llvm.ptr, %got: memref<?x?xf32>, %want: memref<?x?xf32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %rel = arith.constant 1.0e-5 : f32
    %abs = arith.constant 1.0e-4 : f32
    %m = memref.dim %got, %c0 : memref<?x?xf32>
    %n = memref.dim %got, %c1 : memref<?x?xf32>
    %res = scf.for %i = %c0 to %m step %c1 iter_args(%w0 = %zero) -> (i64) {
      %r = scf.for %j = %c0 to %n step %c1 iter_args(%w1 = %w0) -> (i64) {
        %g = memref.load %got[%i, %j] : memref<?x?xf32>
        %e = memref.load %want[%i, %j] : memref<?x?xf32>
        %diff = arith.subf %g, %e : f32
        %ad = math.absf %diff : f32
        %ae = math.absf %e : f32
        %t0 = arith.mulf %ae, %rel : f32
        %tol = arith.addf %t0, %abs : f32
        // Also wrong when got is NaN.
        %ok = arith.cmpf ole, %ad, %tol : f32
        %bad = arith.select %ok, %zero, %one : i64
        %w2 = arith.addi %w1, %bad : i64
        scf.yield %w2 : i64
      }
      scf.yield %r : i64
    }
    %fmt = llvm.mlir.addressof @fmt_close : !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %rc = llvm.call @printf(%fmt, %name, %m64, %n64, %k64, %res) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64) -> i32
    return
  }

  func.func @run_bias_gelu_erf(%m: index, %n: index, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    %zero = arith.constant 0.0 : f32
    %a, %b, %c, %want = func.call @operands(%m, %n, %k, %false, %zero) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %bias = func.call @bias(%n) : (index) -> memref<?xf32>
    %d = memref.alloc(%m, %n) : memref<?x?xf32>
    %wantd = memref.alloc(%m, %n) : memref<?x?xf32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %v = memref.load %want[%i, %j] : memref<?x?xf32>
        %bv = memref.load %bias[%j] : memref<?xf32>
        %y = arith.addf %v, %bv : f32
        %g = func.call @gelu_erf(%y) : (f32) -> f32
        memref.store %g, %wantd[%i, %j] : memref<?x?xf32>
      }
    }
    %ah = memref.alloc(%m, %k) : memref<?x?xbf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xbf16>
    func.call @convert_f32_bf16(%a, %ah) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @convert_f32_bf16(%b, %bh) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    offload.launch @mm_bias_gelu_erf(%ah, %bh, %bias, %c, %d) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    %nd = llvm.mlir.addressof @s_gelu : !llvm.ptr
    func.call @report_close(%nd, %d, %wantd, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %d : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %wantd : memref<?x?xf32>
    memref.dealloc %bias : memref<?xf32>
    memref.dealloc %ah : memref<?x?xbf16>
    memref.dealloc %bh : memref<?x?xbf16>
    return
  }

  offload.kernel @mm_bias_relu(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %bias: memref<?xf32>, %c: memref<?x?xf32>, %d: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
        ins(%c, %bias : memref<?x?xf32>, memref<?xf32>) outs(%d : memref<?x?xf32>) {
    ^bb0(%x: f32, %bv: f32, %out: f32):
      %y = arith.addf %x, %bv : f32
      %z = arith.constant 0.0 : f32
      %r = arith.maximumf %y, %z : f32
      %half = arith.constant 0.5 : f32
      %s = arith.mulf %r, %half : f32
      linalg.yield %s : f32
    }
    offload.return
  }

  offload.kernel @mm_bias_inplace(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %bias: memref<?xf32>, %c: memref<?x?xf16>) {
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf16>)
    linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
        ins(%bias : memref<?xf32>) outs(%c : memref<?x?xf16>) {
    ^bb0(%bv: f32, %x: f16):
      %xf = arith.extf %x : f16 to f32
      %y = arith.addf %xf, %bv : f32
      %z = arith.constant 0.0 : f32
      %r = arith.maximumf %y, %z : f32
      %h = arith.truncf %r : f32 to f16
      linalg.yield %h : f16
    }
    offload.return
  }

  offload.kernel @mm_scale_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>, %d: memref<?x?xbf16>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%c : memref<?x?xf32>) outs(%d : memref<?x?xbf16>) {
    ^bb0(%x: f32, %out: bf16):
      %q = arith.constant 0.25 : f32
      %y = arith.mulf %x, %q : f32
      %h = arith.truncf %y : f32 to bf16
      linalg.yield %h : bf16
    }
    offload.return
  }

  func.func @convert_f32_bf16(%x: memref<?x?xf32>, %y: memref<?x?xbf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        // The values are exact in bf16: its bits are the upper half of the
        // f32 (no truncf: x86-64 hosts need a runtime function for it).
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        %bits = arith.bitcast %v : f32 to i32
        %c16 = arith.constant 16 : i32
        %hi = arith.shrui %bits, %c16 : i32
        %h16 = arith.trunci %hi : i32 to i16
        %w = arith.bitcast %h16 : i16 to bf16
        memref.store %w, %y[%i, %j] : memref<?x?xbf16>
      }
    }
    return
  }

  func.func @convert_f32_f16(%x: memref<?x?xf32>, %y: memref<?x?xf16>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        %w = arith.truncf %v : f32 to f16
        memref.store %w, %y[%i, %j] : memref<?x?xf16>
      }
    }
    return
  }

  func.func @convert_f16_f32(%x: memref<?x?xf16>, %y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x, %c0 : memref<?x?xf16>
    %c = memref.dim %x, %c1 : memref<?x?xf16>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %v = memref.load %x[%i, %j] : memref<?x?xf16>
        %w = arith.extf %v : f16 to f32
        memref.store %w, %y[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  func.func @fill(%x: memref<?x?xf32>, %v: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        memref.store %v, %x[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // x[i, j] = ((p * i + q * j) mod 7) - 2, or mod 3 minus 1 when `small`.
  func.func @values(%x: memref<?x?xf32>, %p: index, %q: index, %small: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %mod = arith.select %small, %c3, %c7 : index
    %off = arith.select %small, %one, %two : f32
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %pi = arith.muli %p, %i : index
        %qj = arith.muli %q, %j : index
        %s = arith.addi %pi, %qj : index
        %v = arith.remui %s, %mod : index
        %v64 = arith.index_cast %v : index to i64
        %f = arith.sitofp %v64 : i64 to f32
        %w = arith.subf %f, %off : f32
        memref.store %w, %x[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // c += a b in f32 (the reference), rows of b streamed.
  func.func @reference(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = memref.dim %a, %c0 : memref<?x?xf32>
    %k = memref.dim %a, %c1 : memref<?x?xf32>
    %n = memref.dim %b, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %l = %c0 to %k step %c1 {
        %x = memref.load %a[%i, %l] : memref<?x?xf32>
        scf.for %j = %c0 to %n step %c1 {
          %y = memref.load %b[%l, %j] : memref<?x?xf32>
          %acc = memref.load %c[%i, %j] : memref<?x?xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %acc, %p : f32
          memref.store %s, %c[%i, %j] : memref<?x?xf32>
        }
      }
    }
    return
  }

  // Prints the number of elements where got != want, and the sum of got.
  func.func @report(%name: !llvm.ptr, %got: memref<?x?xf32>, %want: memref<?x?xf32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %m = memref.dim %got, %c0 : memref<?x?xf32>
    %n = memref.dim %got, %c1 : memref<?x?xf32>
    %res:2 = scf.for %i = %c0 to %m step %c1 iter_args(%w0 = %zero, %t0 = %zero) -> (i64, i64) {
      %r:2 = scf.for %j = %c0 to %n step %c1 iter_args(%w1 = %w0, %t1 = %t0) -> (i64, i64) {
        %g = memref.load %got[%i, %j] : memref<?x?xf32>
        %e = memref.load %want[%i, %j] : memref<?x?xf32>
        %ne = arith.cmpf une, %g, %e : f32
        %bad = arith.select %ne, %one, %zero : i64
        %w2 = arith.addi %w1, %bad : i64
        %gi = arith.fptosi %g : f32 to i64
        %t2 = arith.addi %t1, %gi : i64
        scf.yield %w2, %t2 : i64, i64
      }
      scf.yield %r#0, %r#1 : i64, i64
    }
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %rc = llvm.call @printf(%fmt, %name, %m64, %n64, %k64, %res#0, %res#1) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> i32
    return
  }

  // Operands in f32: A (m x k), B (k x n), C (m x n), and the reference
  // C + A B (or fill + A B when `fill` is not NaN).
  func.func @operands(%m: index, %n: index, %k: index, %small: i1, %fill: f32)
      -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %a = memref.alloc(%m, %k) : memref<?x?xf32>
    %b = memref.alloc(%k, %n) : memref<?x?xf32>
    %c = memref.alloc(%m, %n) : memref<?x?xf32>
    %want = memref.alloc(%m, %n) : memref<?x?xf32>
    func.call @values(%a, %c1, %c3, %small) : (memref<?x?xf32>, index, index, i1) -> ()
    func.call @values(%b, %c2, %c1, %small) : (memref<?x?xf32>, index, index, i1) -> ()
    func.call @values(%c, %c1, %c2, %small) : (memref<?x?xf32>, index, index, i1) -> ()
    %isnan = arith.cmpf uno, %fill, %fill : f32
    scf.if %isnan {
      memref.copy %c, %want : memref<?x?xf32> to memref<?x?xf32>
    } else {
      func.call @fill(%want, %fill) : (memref<?x?xf32>, f32) -> ()
    }
    func.call @reference(%a, %b, %want) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return %a, %b, %c, %want : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  }

  func.func @convert_bf16_f32(%x: memref<?x?xbf16>, %y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x, %c0 : memref<?x?xbf16>
    %c = memref.dim %x, %c1 : memref<?x?xbf16>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %v = memref.load %x[%i, %j] : memref<?x?xbf16>
        %w = arith.extf %v : bf16 to f32
        memref.store %w, %y[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // bias[j] = (j mod 5) - 2
  func.func @bias(%n: index) -> memref<?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %two = arith.constant 2.0 : f32
    %bias = memref.alloc(%n) : memref<?xf32>
    scf.for %j = %c0 to %n step %c1 {
      %m = arith.remui %j, %c5 : index
      %m64 = arith.index_cast %m : index to i64
      %f = arith.sitofp %m64 : i64 to f32
      %v = arith.subf %f, %two : f32
      memref.store %v, %bias[%j] : memref<?xf32>
    }
    return %bias : memref<?xf32>
  }

  // out[i, j] = max(x[i, j] + bias[j], 0) * scale, then rounded to bf16
  // when `bf16` (x86-64 hosts round bf16 with integer arithmetic).
  func.func @epilogue_ref(%x: memref<?x?xf32>, %bias: memref<?xf32>, %relu: i1, %scale: f32, %bf16: i1, %out: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        %w = scf.if %relu -> f32 {
          %bv = memref.load %bias[%j] : memref<?xf32>
          %y = arith.addf %v, %bv : f32
          %m = arith.maximumf %y, %zero : f32
          scf.yield %m : f32
        } else {
          scf.yield %v : f32
        }
        %s = arith.mulf %w, %scale : f32
        %t = scf.if %bf16 -> f32 {
          %h = arith.truncf %s : f32 to bf16
          %e = arith.extf %h : bf16 to f32
          scf.yield %e : f32
        } else {
          scf.yield %s : f32
        }
        memref.store %t, %out[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  func.func @run_bias_relu(%m: index, %n: index, %k: index) {
    %false = arith.constant false
    %true = arith.constant true
    %zero = arith.constant 0.0 : f32
    %half = arith.constant 0.5 : f32
    %a, %b, %c, %want = func.call @operands(%m, %n, %k, %false, %zero) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %bias = func.call @bias(%n) : (index) -> memref<?xf32>
    %d = memref.alloc(%m, %n) : memref<?x?xf32>
    %wantd = memref.alloc(%m, %n) : memref<?x?xf32>
    func.call @epilogue_ref(%want, %bias, %true, %half, %false, %wantd) : (memref<?x?xf32>, memref<?xf32>, i1, f32, i1, memref<?x?xf32>) -> ()
    %ah = memref.alloc(%m, %k) : memref<?x?xbf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xbf16>
    func.call @convert_f32_bf16(%a, %ah) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @convert_f32_bf16(%b, %bh) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    offload.launch @mm_bias_relu(%ah, %bh, %bias, %c, %d) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    %nc = llvm.mlir.addressof @s_relu_c : !llvm.ptr
    func.call @report(%nc, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    %nd = llvm.mlir.addressof @s_relu_d : !llvm.ptr
    func.call @report(%nd, %d, %wantd, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %d : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %wantd : memref<?x?xf32>
    memref.dealloc %bias : memref<?xf32>
    memref.dealloc %ah : memref<?x?xbf16>
    memref.dealloc %bh : memref<?x?xbf16>
    return
  }

  func.func @run_bias_inplace(%m: index, %n: index, %k: index) {
    %false = arith.constant false
    %true = arith.constant true
    %one = arith.constant 1.0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %a, %b, %c, %want = func.call @operands(%m, %n, %k, %false, %nan) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %bias = func.call @bias(%n) : (index) -> memref<?xf32>
    %wantc = memref.alloc(%m, %n) : memref<?x?xf32>
    func.call @epilogue_ref(%want, %bias, %true, %one, %false, %wantc) : (memref<?x?xf32>, memref<?xf32>, i1, f32, i1, memref<?x?xf32>) -> ()
    %ah = memref.alloc(%m, %k) : memref<?x?xf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xf16>
    %ch = memref.alloc(%m, %n) : memref<?x?xf16>
    func.call @convert_f32_f16(%a, %ah) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%b, %bh) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%c, %ch) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    offload.launch @mm_bias_inplace(%ah, %bh, %bias, %ch) : (memref<?x?xf16>, memref<?x?xf16>, memref<?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f16_f32(%ch, %c) : (memref<?x?xf16>, memref<?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_inplace : !llvm.ptr
    func.call @report(%name, %c, %wantc, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %wantc : memref<?x?xf32>
    memref.dealloc %bias : memref<?xf32>
    memref.dealloc %ah : memref<?x?xf16>
    memref.dealloc %bh : memref<?x?xf16>
    memref.dealloc %ch : memref<?x?xf16>
    return
  }

  func.func @run_scale_bf16(%m: index, %n: index, %k: index) {
    %false = arith.constant false
    %true = arith.constant true
    %zero = arith.constant 0.0 : f32
    %quarter = arith.constant 0.25 : f32
    %a, %b, %c, %want = func.call @operands(%m, %n, %k, %false, %zero) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %bias = func.call @bias(%n) : (index) -> memref<?xf32>
    %wantd = memref.alloc(%m, %n) : memref<?x?xf32>
    func.call @epilogue_ref(%want, %bias, %false, %quarter, %true, %wantd) : (memref<?x?xf32>, memref<?xf32>, i1, f32, i1, memref<?x?xf32>) -> ()
    %ah = memref.alloc(%m, %k) : memref<?x?xbf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xbf16>
    %dh = memref.alloc(%m, %n) : memref<?x?xbf16>
    func.call @convert_f32_bf16(%a, %ah) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @convert_f32_bf16(%b, %bh) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    offload.launch @mm_scale_bf16(%ah, %bh, %c, %dh) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @convert_bf16_f32(%dh, %c) : (memref<?x?xbf16>, memref<?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_scale : !llvm.ptr
    func.call @report(%name, %c, %wantd, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %wantd : memref<?x?xf32>
    memref.dealloc %bias : memref<?xf32>
    memref.dealloc %ah : memref<?x?xbf16>
    memref.dealloc %bh : memref<?x?xbf16>
    memref.dealloc %dh : memref<?x?xbf16>
    return
  }

  func.func @main() -> i32 {
    %c71 = arith.constant 71 : index
    %c72 = arith.constant 72 : index
    %c136 = arith.constant 136 : index
    %c200 = arith.constant 200 : index
    %c264 = arith.constant 264 : index
    %c333 = arith.constant 333 : index
    func.call @run_bias_relu(%c200, %c136, %c72) : (index, index, index) -> ()
    func.call @run_bias_relu(%c333, %c264, %c136) : (index, index, index) -> ()
    func.call @run_bias_relu(%c200, %c136, %c71) : (index, index, index) -> ()
    func.call @run_bias_inplace(%c200, %c136, %c72) : (index, index, index) -> ()
    func.call @run_scale_bf16(%c333, %c264, %c136) : (index, index, index) -> ()
    func.call @run_bias_gelu_erf(%c200, %c136, %c72) : (index, index, index) -> ()
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
