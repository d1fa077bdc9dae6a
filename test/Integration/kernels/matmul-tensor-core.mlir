// Matmuls with f16 and bf16 inputs (the tensor-core contraction strategy on
// an sm_90 GPU: TMA, mbarrier stages and wgmma for 128x256 tiles; the tiled
// contraction where the runtime makes no tensor maps; here on the host
// device, the kernels' host copies), with sizes that are not multiples of
// the tiles. The values are small integers, so every product and partial
// sum is exact in f32 (and, for the f16 and bf16 outputs, in the output
// type): the results must equal the host's f32 reference exactly.
//   - mm_bf16: bf16 inputs, f32 output after a fill with 0 (C only
//     written), 200 x 136 x 72, 1000 x 1000 x 1000, 333 x 264 x 136 (odd
//     M, N and K past whole tiles), and 200 x 136 x 71, whose rows of 142
//     bytes TMA cannot read (the runtime makes no tensor maps: the tiled
//     contraction runs);
//   - mm_f16: f16 inputs, f32 output, C += A B, 200 x 136 x 72 and
//     1000 x 1000 x 1000;
//   - mm_f16_out: f16 inputs and output, C += A B, 200 x 136 x 72;
//   - mm_f16_fill: f16 inputs and output after a fill, 256 x 512 x 64 (whole
//     tiles: the quads' 16-byte stores) and 200 x 136 x 72 (edges);
//   - mm_odd_k: bf16 inputs of static shapes 40 x 71 and 71 x 24: rows TMA
//     cannot read, known at compile time (a remark says why the kernel
//     does not use tensor cores; the tiled contraction);
//   - mm_n96, mm_n128: B and C of static widths 96 and 128 (128-wide tiles
//     chosen from the sizes: wgmma m64n128 and 6 stages), bf16 inputs with
//     an f32 output after a fill, 1000 x 96 x 200 (edges everywhere), and
//     f16 inputs and output after a fill, 256 x 128 x 64 (whole tiles: the
//     quads' 16-byte stores) and 333 x 128 x 72;
//   - bmm_bf16: batch_matmul, bf16 inputs, f32 output after a fill, 3
//     batches of 200 x 136 x 72 (3-D tensor maps, the batch outermost) and
//     2 of 72 x 264 x 71 (no tensor maps: the tiled contraction);
//   - bmm_f16: a generic batched matmul, f16 inputs, f32 output, C += A B,
//     2 batches of 130 x 264 x 136;
// (bf16 outputs are covered by test/Conversion/OffloadToGPU: their host
// copies round to bf16, which x86-64 hosts do in a runtime function,
// __truncsfbf2, that programs are not linked with yet.)
// Each line prints the number of elements that differ from the reference
// and the sum of the result (batched ones: the rows of all batches as one
// matrix). scripts/gpu-tests.sh runs it on the GPU.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-targets=nvptx:sm_90,host --offload-remarks \
// RUN:   --emit=mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// REMARK-DAG: remark: kernel @mm_bf16: strategy 'tensor-core-contraction'
// REMARK-DAG: remark: kernel @mm_odd_k: strategy 'tiled-contraction': {{.*}} (not on tensor cores: A's rows are not a multiple of 16 bytes apart (TMA))
// REMARK-DAG: remark: kernel @mm_n96: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x128 (N fits) output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[k][n], k in slices of 64 loaded by TMA through 6 shared-memory stages
// REMARK-DAG: remark: kernel @mm_n128: strategy 'tensor-core-contraction': 'linalg.matmul' of f16 on tensor cores where the target has wgmma: 128x128 (N fits)
// REMARK-DAG: remark: kernel @bmm_bf16: strategy 'tensor-core-contraction': 'linalg.batch_matmul' of bf16
// REMARK-DAG: remark: kernel @bmm_f16: strategy 'tensor-core-contraction': 'linalg.generic' of f16

// CHECK: mm_bf16 200x136x72: 0 wrong, sum 1957376
// CHECK: mm_bf16 1000x1000x1000: 0 wrong, sum 1000002001
// CHECK: mm_bf16 333x264x136: 0 wrong, sum 11956428
// CHECK: mm_bf16 200x136x71: 0 wrong, sum 1929360
// CHECK: mm_f16 200x136x72: 0 wrong, sum 1984575
// CHECK: mm_f16 1000x1000x1000: 0 wrong, sum 1001002002
// CHECK: mm_f16_out 200x136x72: 0 wrong, sum -1
// CHECK: mm_f16_fill 256x512x64: 0 wrong, sum 1
// CHECK: mm_f16_fill 200x136x72: 0 wrong, sum 0
// CHECK: mm_odd_k 40x24x71: 0 wrong, sum 67900
// CHECK: mm_n96 1000x96x200: 0 wrong, sum 19198408
// CHECK: mm_n128 256x128x64: 0 wrong, sum 1
// CHECK: mm_n128 333x128x72: 0 wrong, sum 0
// CHECK: bmm_bf16 600x136x72: 0 wrong, sum 5874609
// CHECK: bmm_bf16 144x264x71: 0 wrong, sum 2697712
// CHECK: bmm_f16 260x264x136: 0 wrong, sum 9404672

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s %ldx%ldx%ld: %ld wrong, sum %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_bf16("mm_bf16\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_f16("mm_f16\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_f16_out("mm_f16_out\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_f16_fill("mm_f16_fill\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_odd_k("mm_odd_k\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_n96("mm_n96\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_n128("mm_n128\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_bmm_bf16("bmm_bf16\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_bmm_f16("bmm_f16\00") {addr_space = 0 : i32}

  offload.kernel @mm_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  offload.kernel @mm_f16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  // f16 output after a fill: where a tile lies inside C and C is aligned to
  // 8 elements, the lanes of each quad trade their pairs and store 16 bytes.
  offload.kernel @mm_f16_fill(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
    %zero = arith.constant 0.0 : f16
    linalg.fill ins(%zero : f16) outs(%c : memref<?x?xf16>)
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf16>)
    offload.return
  }

  offload.kernel @mm_f16_out(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf16>)
    offload.return
  }

  offload.kernel @mm_odd_k(%a: memref<40x71xbf16>, %b: memref<71x24xbf16>, %c: memref<40x24xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<40x24xf32>)
    linalg.matmul ins(%a, %b : memref<40x71xbf16>, memref<71x24xbf16>) outs(%c : memref<40x24xf32>)
    offload.return
  }

  // N known to fit a 128-wide tile.
  offload.kernel @mm_n96(%a: memref<?x?xbf16>, %b: memref<?x96xbf16>, %c: memref<?x96xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x96xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xbf16>, memref<?x96xbf16>) outs(%c : memref<?x96xf32>)
    offload.return
  }

  offload.kernel @mm_n128(%a: memref<?x?xf16>, %b: memref<?x128xf16>, %c: memref<?x128xf16>) {
    %zero = arith.constant 0.0 : f16
    linalg.fill ins(%zero : f16) outs(%c : memref<?x128xf16>)
    linalg.matmul ins(%a, %b : memref<?x?xf16>, memref<?x128xf16>) outs(%c : memref<?x128xf16>)
    offload.return
  }

  offload.kernel @bmm_bf16(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?x?xf32>)
    linalg.batch_matmul ins(%a, %b : memref<?x?x?xbf16>, memref<?x?x?xbf16>) outs(%c : memref<?x?x?xf32>)
    offload.return
  }

  offload.kernel @bmm_f16(%a: memref<?x?x?xf16>, %b: memref<?x?x?xf16>, %c: memref<?x?x?xf32>) {
    linalg.generic {indexing_maps = [affine_map<(l, m, n, k) -> (l, m, k)>, affine_map<(l, m, n, k) -> (l, k, n)>, affine_map<(l, m, n, k) -> (l, m, n)>],
                    iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<?x?x?xf16>, memref<?x?x?xf16>) outs(%c : memref<?x?x?xf32>) {
    ^bb0(%x: f16, %y: f16, %acc: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : f16 to f32
      %p = arith.mulf %xf, %yf : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
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

  func.func @run_bf16(%m: index, %n: index, %k: index) {
    %false = arith.constant false
    %zero = arith.constant 0.0 : f32
    %a, %b, %c, %want = func.call @operands(%m, %n, %k, %false, %zero) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%m, %k) : memref<?x?xbf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xbf16>
    func.call @convert_f32_bf16(%a, %ah) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @convert_f32_bf16(%b, %bh) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    offload.launch @mm_bf16(%ah, %bh, %c) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_bf16 : !llvm.ptr
    func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %ah : memref<?x?xbf16>
    memref.dealloc %bh : memref<?x?xbf16>
    return
  }

  func.func @run_f16(%m: index, %n: index, %k: index) {
    %false = arith.constant false
    %nan = arith.constant 0x7FC00000 : f32
    %a, %b, %c, %want = func.call @operands(%m, %n, %k, %false, %nan) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%m, %k) : memref<?x?xf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xf16>
    func.call @convert_f32_f16(%a, %ah) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%b, %bh) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    offload.launch @mm_f16(%ah, %bh, %c) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_f16 : !llvm.ptr
    func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %ah : memref<?x?xf16>
    memref.dealloc %bh : memref<?x?xf16>
    return
  }

  func.func @run_f16_out(%m: index, %n: index, %k: index) {
    %true = arith.constant true
    %nan = arith.constant 0x7FC00000 : f32
    %a, %b, %c, %want = func.call @operands(%m, %n, %k, %true, %nan) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%m, %k) : memref<?x?xf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xf16>
    %ch = memref.alloc(%m, %n) : memref<?x?xf16>
    func.call @convert_f32_f16(%a, %ah) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%b, %bh) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%c, %ch) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    offload.launch @mm_f16_out(%ah, %bh, %ch) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
    func.call @convert_f16_f32(%ch, %c) : (memref<?x?xf16>, memref<?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_f16_out : !llvm.ptr
    func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %ah : memref<?x?xf16>
    memref.dealloc %bh : memref<?x?xf16>
    memref.dealloc %ch : memref<?x?xf16>
    return
  }

  func.func @run_f16_fill(%m: index, %n: index, %k: index) {
    %true = arith.constant true
    %zero = arith.constant 0.0 : f32
    %a, %b, %c, %want = func.call @operands(%m, %n, %k, %true, %zero) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%m, %k) : memref<?x?xf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xf16>
    %ch = memref.alloc(%m, %n) : memref<?x?xf16>
    func.call @convert_f32_f16(%a, %ah) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%b, %bh) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%c, %ch) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    offload.launch @mm_f16_fill(%ah, %bh, %ch) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
    func.call @convert_f16_f32(%ch, %c) : (memref<?x?xf16>, memref<?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_f16_fill : !llvm.ptr
    func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %ah : memref<?x?xf16>
    memref.dealloc %bh : memref<?x?xf16>
    memref.dealloc %ch : memref<?x?xf16>
    return
  }

  func.func @run_odd_k() {
    %false = arith.constant false
    %zero = arith.constant 0.0 : f32
    %c24 = arith.constant 24 : index
    %c40 = arith.constant 40 : index
    %c71 = arith.constant 71 : index
    %a, %b, %c, %want = func.call @operands(%c40, %c24, %c71, %false, %zero) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%c40, %c71) : memref<?x?xbf16>
    %bh = memref.alloc(%c71, %c24) : memref<?x?xbf16>
    func.call @convert_f32_bf16(%a, %ah) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @convert_f32_bf16(%b, %bh) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    %as = memref.cast %ah : memref<?x?xbf16> to memref<40x71xbf16>
    %bs = memref.cast %bh : memref<?x?xbf16> to memref<71x24xbf16>
    %cs = memref.cast %c : memref<?x?xf32> to memref<40x24xf32>
    offload.launch @mm_odd_k(%as, %bs, %cs) : (memref<40x71xbf16>, memref<71x24xbf16>, memref<40x24xf32>) -> ()
    %name = llvm.mlir.addressof @s_odd_k : !llvm.ptr
    func.call @report(%name, %c, %want, %c71) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %ah : memref<?x?xbf16>
    memref.dealloc %bh : memref<?x?xbf16>
    return
  }

  func.func @run_n96(%m: index, %k: index) {
    %false = arith.constant false
    %zero = arith.constant 0.0 : f32
    %n = arith.constant 96 : index
    %a, %b, %c, %want = func.call @operands(%m, %n, %k, %false, %zero) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%m, %k) : memref<?x?xbf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xbf16>
    func.call @convert_f32_bf16(%a, %ah) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @convert_f32_bf16(%b, %bh) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    %bs = memref.cast %bh : memref<?x?xbf16> to memref<?x96xbf16>
    %cs = memref.cast %c : memref<?x?xf32> to memref<?x96xf32>
    offload.launch @mm_n96(%ah, %bs, %cs) : (memref<?x?xbf16>, memref<?x96xbf16>, memref<?x96xf32>) -> ()
    %name = llvm.mlir.addressof @s_n96 : !llvm.ptr
    func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %ah : memref<?x?xbf16>
    memref.dealloc %bh : memref<?x?xbf16>
    return
  }

  func.func @run_n128(%m: index, %k: index) {
    %true = arith.constant true
    %zero = arith.constant 0.0 : f32
    %n = arith.constant 128 : index
    %a, %b, %c, %want = func.call @operands(%m, %n, %k, %true, %zero) : (index, index, index, i1, f32) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%m, %k) : memref<?x?xf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xf16>
    %ch = memref.alloc(%m, %n) : memref<?x?xf16>
    func.call @convert_f32_f16(%a, %ah) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%b, %bh) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%c, %ch) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    %bs = memref.cast %bh : memref<?x?xf16> to memref<?x128xf16>
    %cs = memref.cast %ch : memref<?x?xf16> to memref<?x128xf16>
    offload.launch @mm_n128(%ah, %bs, %cs) : (memref<?x?xf16>, memref<?x128xf16>, memref<?x128xf16>) -> ()
    func.call @convert_f16_f32(%ch, %c) : (memref<?x?xf16>, memref<?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_n128 : !llvm.ptr
    func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %ah : memref<?x?xf16>
    memref.dealloc %bh : memref<?x?xf16>
    memref.dealloc %ch : memref<?x?xf16>
    return
  }

  // c[l] += a[l] b[l] in f32 for every batch l (the reference).
  func.func @reference3(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %c: memref<?x?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %nb = memref.dim %a, %c0 : memref<?x?x?xf32>
    %m = memref.dim %a, %c1 : memref<?x?x?xf32>
    %k = memref.dim %a, %c2 : memref<?x?x?xf32>
    %n = memref.dim %b, %c2 : memref<?x?x?xf32>
    scf.for %l = %c0 to %nb step %c1 {
      scf.for %i = %c0 to %m step %c1 {
        scf.for %kk = %c0 to %k step %c1 {
          %x = memref.load %a[%l, %i, %kk] : memref<?x?x?xf32>
          scf.for %j = %c0 to %n step %c1 {
            %y = memref.load %b[%l, %kk, %j] : memref<?x?x?xf32>
            %acc = memref.load %c[%l, %i, %j] : memref<?x?x?xf32>
            %p = arith.mulf %x, %y : f32
            %s = arith.addf %acc, %p : f32
            memref.store %s, %c[%l, %i, %j] : memref<?x?x?xf32>
          }
        }
      }
    }
    return
  }

  // Batched operands in f32 (values over the rows of all batches, so each
  // batch differs) and the reference, as @operands.
  func.func @operands3(%nb: index, %m: index, %n: index, %k: index, %fill: f32)
      -> (memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>) {
    %false = arith.constant false
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %a = memref.alloc(%nb, %m, %k) : memref<?x?x?xf32>
    %b = memref.alloc(%nb, %k, %n) : memref<?x?x?xf32>
    %c = memref.alloc(%nb, %m, %n) : memref<?x?x?xf32>
    %want = memref.alloc(%nb, %m, %n) : memref<?x?x?xf32>
    %a2 = memref.collapse_shape %a [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %b2 = memref.collapse_shape %b [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %c2d = memref.collapse_shape %c [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %w2 = memref.collapse_shape %want [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    func.call @values(%a2, %c1, %c3, %false) : (memref<?x?xf32>, index, index, i1) -> ()
    func.call @values(%b2, %c2, %c1, %false) : (memref<?x?xf32>, index, index, i1) -> ()
    func.call @values(%c2d, %c1, %c2, %false) : (memref<?x?xf32>, index, index, i1) -> ()
    %isnan = arith.cmpf uno, %fill, %fill : f32
    scf.if %isnan {
      memref.copy %c, %want : memref<?x?x?xf32> to memref<?x?x?xf32>
    } else {
      func.call @fill(%w2, %fill) : (memref<?x?xf32>, f32) -> ()
    }
    func.call @reference3(%a, %b, %want) : (memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>) -> ()
    return %a, %b, %c, %want : memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>
  }

  func.func @run_bmm_bf16(%nb: index, %m: index, %n: index, %k: index) {
    %zero = arith.constant 0.0 : f32
    %a, %b, %c, %want = func.call @operands3(%nb, %m, %n, %k, %zero) : (index, index, index, index, f32) -> (memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>)
    %ah = memref.alloc(%nb, %m, %k) : memref<?x?x?xbf16>
    %bh = memref.alloc(%nb, %k, %n) : memref<?x?x?xbf16>
    %a2 = memref.collapse_shape %a [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %b2 = memref.collapse_shape %b [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %ah2 = memref.collapse_shape %ah [[0, 1], [2]] : memref<?x?x?xbf16> into memref<?x?xbf16>
    %bh2 = memref.collapse_shape %bh [[0, 1], [2]] : memref<?x?x?xbf16> into memref<?x?xbf16>
    func.call @convert_f32_bf16(%a2, %ah2) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @convert_f32_bf16(%b2, %bh2) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    offload.launch @bmm_bf16(%ah, %bh, %c) : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_bmm_bf16 : !llvm.ptr
    %c2d = memref.collapse_shape %c [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %w2 = memref.collapse_shape %want [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    func.call @report(%name, %c2d, %w2, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?x?xf32>
    memref.dealloc %b : memref<?x?x?xf32>
    memref.dealloc %c : memref<?x?x?xf32>
    memref.dealloc %want : memref<?x?x?xf32>
    memref.dealloc %ah : memref<?x?x?xbf16>
    memref.dealloc %bh : memref<?x?x?xbf16>
    return
  }

  func.func @run_bmm_f16(%nb: index, %m: index, %n: index, %k: index) {
    %nan = arith.constant 0x7FC00000 : f32
    %a, %b, %c, %want = func.call @operands3(%nb, %m, %n, %k, %nan) : (index, index, index, index, f32) -> (memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>, memref<?x?x?xf32>)
    %ah = memref.alloc(%nb, %m, %k) : memref<?x?x?xf16>
    %bh = memref.alloc(%nb, %k, %n) : memref<?x?x?xf16>
    %a2 = memref.collapse_shape %a [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %b2 = memref.collapse_shape %b [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %ah2 = memref.collapse_shape %ah [[0, 1], [2]] : memref<?x?x?xf16> into memref<?x?xf16>
    %bh2 = memref.collapse_shape %bh [[0, 1], [2]] : memref<?x?x?xf16> into memref<?x?xf16>
    func.call @convert_f32_f16(%a2, %ah2) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%b2, %bh2) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    offload.launch @bmm_f16(%ah, %bh, %c) : (memref<?x?x?xf16>, memref<?x?x?xf16>, memref<?x?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_bmm_f16 : !llvm.ptr
    %c2d = memref.collapse_shape %c [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %w2 = memref.collapse_shape %want [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    func.call @report(%name, %c2d, %w2, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a : memref<?x?x?xf32>
    memref.dealloc %b : memref<?x?x?xf32>
    memref.dealloc %c : memref<?x?x?xf32>
    memref.dealloc %want : memref<?x?x?xf32>
    memref.dealloc %ah : memref<?x?x?xf16>
    memref.dealloc %bh : memref<?x?x?xf16>
    return
  }

  func.func @main() -> i32 {
    %c71 = arith.constant 71 : index
    %c72 = arith.constant 72 : index
    %c136 = arith.constant 136 : index
    %c200 = arith.constant 200 : index
    %c1000 = arith.constant 1000 : index
    func.call @run_bf16(%c200, %c136, %c72) : (index, index, index) -> ()
    func.call @run_bf16(%c1000, %c1000, %c1000) : (index, index, index) -> ()
    %c264 = arith.constant 264 : index
    %c333 = arith.constant 333 : index
    func.call @run_bf16(%c333, %c264, %c136) : (index, index, index) -> ()
    func.call @run_bf16(%c200, %c136, %c71) : (index, index, index) -> ()
    func.call @run_f16(%c200, %c136, %c72) : (index, index, index) -> ()
    func.call @run_f16(%c1000, %c1000, %c1000) : (index, index, index) -> ()
    func.call @run_f16_out(%c200, %c136, %c72) : (index, index, index) -> ()
    %c256f = arith.constant 256 : index
    %c512f = arith.constant 512 : index
    %c64f = arith.constant 64 : index
    func.call @run_f16_fill(%c256f, %c512f, %c64f) : (index, index, index) -> ()
    func.call @run_f16_fill(%c200, %c136, %c72) : (index, index, index) -> ()
    func.call @run_odd_k() : () -> ()
    %c200n = arith.constant 200 : index
    func.call @run_n96(%c1000, %c200n) : (index, index) -> ()
    func.call @run_n128(%c256f, %c64f) : (index, index) -> ()
    %c333n = arith.constant 333 : index
    func.call @run_n128(%c333n, %c72) : (index, index) -> ()
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c130 = arith.constant 130 : index
    func.call @run_bmm_bf16(%c3, %c200, %c136, %c72) : (index, index, index, index) -> ()
    func.call @run_bmm_bf16(%c2, %c72, %c264, %c71) : (index, index, index, index) -> ()
    func.call @run_bmm_f16(%c2, %c130, %c264, %c136) : (index, index, index, index) -> ()
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
