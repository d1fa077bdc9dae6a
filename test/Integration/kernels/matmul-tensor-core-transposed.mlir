// Transposed operands on tensor cores (f16 and bf16): A stored A[k][m]
// (C = A^T B), B stored B[n][k] (C = A B^T), and both, as linalg.matmul and
// linalg.batch_matmul with indexing_maps (MLIR 22 spells transposed matmuls
// that way), a linalg.generic and a loop nest that offload-raise-contractions
// raises; sizes that are not multiples of the tiles: odd M and N (333 x 131
// with B[n][k]) and odd K (71 with A[k][m] and B[k][n]) on tensor cores,
// and operands whose rows TMA cannot read (the runtime makes no tensor
// maps: the tiled contraction runs): K = 71 with A[m][k], M = 333 with a
// 16-bit A[k][m] (666-byte rows; 328 takes them). The values are small integers, so every product and
// partial sum is exact in f32: the results must equal the host's f32
// reference exactly. Here on the host device (the kernels' host copies);
// scripts/gpu-tests.sh runs it on an H100, where the kernels run TMA +
// wgmma with the operands' layouts (test/Integration/GPU/CUDA).
//   - mm_at: bf16 A[k][m] and B[k][n], f32 C after a fill with 0;
//   - mm_bt: f16 A[m][k] and B[n][k], C += A B^T;
//   - mm_atbt: bf16 A[k][m] and B[n][k], f32 C after a fill;
//   - bmm_bt: batch_matmul of bf16 A[b][m][k] and B[b][n][k], after a fill;
//   - gen_at: a generic of f16 A[k][m] and B[k][n] into an f16 C (C += A B);
//   - raised_bt: a loop nest C[i][j] += A[i][k] * B[j][k] (bf16, static
//     shapes), raised to a generic with B[n][k].
// Each line prints the number of elements that differ from the reference
// and the sum of the result.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-targets=nvptx:sm_90,host --offload-remarks \
// RUN:   --emit=mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// On sm_80 (mma.sync; test/Integration/GPU/CUDA/matmul-mma-sync.test runs
// it on a GPU): the program with an sm_80 image, and the layouts named.
// RUN: offload-cc %s --offload-targets=nvptx:sm_80,host --offload-remarks \
// RUN:   -o %t80 2>&1 | FileCheck %s --check-prefix=REMARK80
// RUN: %t80 | FileCheck %s

// REMARK80-DAG: remark: kernel @mm_at: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has mma.sync (sm_80 and later): 128x256 output tiles per block of 8 warps (64x64 each, mma.sync m16n8k16), A[k][m] and B[k][n], k in slices of 32 loaded by cp.async through 3 shared-memory stages and read by ldmatrix (transposed for A and B)
// REMARK80-DAG: remark: kernel @mm_bt: strategy 'tensor-core-contraction': 'linalg.matmul' of f16 on tensor cores where the target has mma.sync (sm_80 and later): {{.*}}, A[m][k] and B[n][k], k in slices of 32 loaded by cp.async through 3 shared-memory stages and read by ldmatrix;
// REMARK80-DAG: remark: kernel @mm_atbt: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has mma.sync (sm_80 and later): {{.*}}, A[k][m] and B[n][k], {{.*}} read by ldmatrix (transposed for A);
// REMARK80-DAG: remark: kernel @bmm_bt: strategy 'tensor-core-contraction': 'linalg.batch_matmul' of bf16 on tensor cores where the target has mma.sync (sm_80 and later): {{.*}}, A[b][m][k] and B[b][n][k],
// REMARK80-DAG: remark: kernel @gen_at: strategy 'tensor-core-contraction': 'linalg.generic' of f16 on tensor cores where the target has mma.sync (sm_80 and later): {{.*}}, A[k][m] and B[k][n], {{.*}} (transposed for A and B);
// REMARK80-DAG: remark: kernel @raised_bt: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has mma.sync (sm_80 and later): {{.*}}, A[m][k] and B[n][k],

// REMARK-DAG: remark: kernel @mm_at: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[k][m] and B[k][n], k in slices of 64
// REMARK-DAG: remark: kernel @mm_bt: strategy 'tensor-core-contraction': 'linalg.matmul' of f16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[n][k], k in slices of 64
// REMARK-DAG: remark: kernel @mm_atbt: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[k][m] and B[n][k]
// REMARK-DAG: remark: kernel @bmm_bt: strategy 'tensor-core-contraction': 'linalg.batch_matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[b][m][k] and B[b][n][k]
// REMARK-DAG: remark: kernel @gen_at: strategy 'tensor-core-contraction': 'linalg.generic' of f16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[k][m] and B[k][n]
// REMARK-DAG: remark: kernel @raised_bt: strategy 'tensor-core-contraction': 'linalg.matmul' of bf16 on tensor cores where the target has wgmma: 128x256 output tiles per block of 2 consumer warpgroups and a producer warpgroup that issues the loads, A[m][k] and B[n][k]

// CHECK: mm_at 200x136x72: 0 wrong, sum 1957376
// CHECK: mm_at 333x264x136: 0 wrong, sum 11956428
// CHECK: mm_at 328x264x136: 0 wrong, sum 11776201
// CHECK: mm_at 1000x1000x1000: 0 wrong, sum 1000002001
// CHECK: mm_at 200x136x71: 0 wrong, sum 1929360
// CHECK: mm_bt 200x136x72: 0 wrong, sum 1984575
// CHECK: mm_bt 333x131x136: 0 wrong, sum 5977140
// CHECK: mm_bt 200x136x71: 0 wrong, sum 1956559
// CHECK: mm_atbt 333x264x136: 0 wrong, sum 11956428
// CHECK: mm_atbt 328x264x136: 0 wrong, sum 11776201
// CHECK: mm_atbt 1000x1000x1000: 0 wrong, sum 1000002001
// CHECK: bmm_bt 600x136x72: 0 wrong, sum 5872198
// CHECK: bmm_bt 144x264x136: 0 wrong, sum 5169859
// CHECK: gen_at 200x136x72: 0 wrong, sum -1
// CHECK: gen_at 333x264x136: 0 wrong, sum 0
// CHECK: gen_at 328x264x136: 0 wrong, sum 0
// CHECK: raised_bt 200x136x72: 0 wrong, sum 1957376

#mk = affine_map<(m, n, k) -> (m, k)>
#km = affine_map<(m, n, k) -> (k, m)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s %ldx%ldx%ld: %ld wrong, sum %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_at("mm_at\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_bt("mm_bt\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_atbt("mm_atbt\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_bmm_bt("bmm_bt\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_gen_at("gen_at\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_raised_bt("raised_bt\00") {addr_space = 0 : i32}

  offload.kernel @mm_at(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul indexing_maps = [#km, #kn, #mn]
        ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  offload.kernel @mm_bt(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
    linalg.matmul indexing_maps = [#mk, #nk, #mn]
        ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  offload.kernel @mm_atbt(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul indexing_maps = [#km, #nk, #mn]
        ins(%a, %b : memref<?x?xbf16>, memref<?x?xbf16>) outs(%c : memref<?x?xf32>)
    offload.return
  }

  offload.kernel @bmm_bt(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?x?xf32>)
    linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>]
        ins(%a, %b : memref<?x?x?xbf16>, memref<?x?x?xbf16>) outs(%c : memref<?x?x?xf32>)
    offload.return
  }

  offload.kernel @gen_at(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
    linalg.generic {indexing_maps = [#km, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%a, %b : memref<?x?xf16>, memref<?x?xf16>) outs(%c : memref<?x?xf16>) {
    ^bb0(%x: f16, %y: f16, %acc: f16):
      %p = arith.mulf %x, %y : f16
      %s = arith.addf %acc, %p : f16
      linalg.yield %s : f16
    }
    offload.return
  }

  offload.kernel @raised_bt(%a: memref<200x72xbf16>, %b: memref<136x72xbf16>, %c: memref<200x136xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c72 = arith.constant 72 : index
    %c136 = arith.constant 136 : index
    %c200 = arith.constant 200 : index
    scf.parallel (%i, %j) = (%c0, %c0) to (%c200, %c136) step (%c1, %c1) {
      %init = memref.load %c[%i, %j] : memref<200x136xf32>
      %r = scf.for %k = %c0 to %c72 step %c1 iter_args(%acc = %init) -> f32 {
        %x = memref.load %a[%i, %k] : memref<200x72xbf16>
        %y = memref.load %b[%j, %k] : memref<136x72xbf16>
        %xf = arith.extf %x : bf16 to f32
        %yf = arith.extf %y : bf16 to f32
        %p = arith.mulf %xf, %yf : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %r, %c[%i, %j] : memref<200x136xf32>
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
        // f32.
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

  // y[j, i] = x[i, j].
  func.func @transpose(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %x, %c0 : memref<?x?xf32>
    %c = memref.dim %x, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        memref.store %v, %y[%j, %i] : memref<?x?xf32>
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

  // c += a b in f32 (the reference).
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

  // Operands in f32: A (m x k), B (k x n), C (m x n), the reference
  // C + A B (or fill + A B when `fill` is not NaN), and A^T (k x m) and
  // B^T (n x k).
  func.func @operands(%m: index, %n: index, %k: index, %small: i1, %fill: f32, %shift: index)
      -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %a = memref.alloc(%m, %k) : memref<?x?xf32>
    %b = memref.alloc(%k, %n) : memref<?x?xf32>
    %c = memref.alloc(%m, %n) : memref<?x?xf32>
    %want = memref.alloc(%m, %n) : memref<?x?xf32>
    %at = memref.alloc(%k, %m) : memref<?x?xf32>
    %bt = memref.alloc(%n, %k) : memref<?x?xf32>
    %pa = arith.addi %c1, %shift : index
    func.call @values(%a, %pa, %c3, %small) : (memref<?x?xf32>, index, index, i1) -> ()
    func.call @values(%b, %c2, %c1, %small) : (memref<?x?xf32>, index, index, i1) -> ()
    func.call @values(%c, %c1, %c2, %small) : (memref<?x?xf32>, index, index, i1) -> ()
    func.call @transpose(%a, %at) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    func.call @transpose(%b, %bt) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    %isnan = arith.cmpf uno, %fill, %fill : f32
    scf.if %isnan {
      memref.copy %c, %want : memref<?x?xf32> to memref<?x?xf32>
    } else {
      func.call @fill(%want, %fill) : (memref<?x?xf32>, f32) -> ()
    }
    func.call @reference(%a, %b, %want) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return %a, %b, %c, %want, %at, %bt : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>
  }

  func.func @release(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %want: memref<?x?xf32>, %at: memref<?x?xf32>, %bt: memref<?x?xf32>) {
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %c : memref<?x?xf32>
    memref.dealloc %want : memref<?x?xf32>
    memref.dealloc %at : memref<?x?xf32>
    memref.dealloc %bt : memref<?x?xf32>
    return
  }

  // mm_at (A^T stored, bf16), or mm_atbt (both stored transposed) when
  // `both`.
  func.func @run_at(%m: index, %n: index, %k: index, %both: i1) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %zero = arith.constant 0.0 : f32
    %a, %b, %c, %want, %at, %bt = func.call @operands(%m, %n, %k, %false, %zero, %c0) : (index, index, index, i1, f32, index) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%k, %m) : memref<?x?xbf16>
    func.call @convert_f32_bf16(%at, %ah) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    scf.if %both {
      %bh = memref.alloc(%n, %k) : memref<?x?xbf16>
      func.call @convert_f32_bf16(%bt, %bh) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
      offload.launch @mm_atbt(%ah, %bh, %c) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>) -> ()
      %name = llvm.mlir.addressof @s_atbt : !llvm.ptr
      func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      memref.dealloc %bh : memref<?x?xbf16>
    } else {
      %bh = memref.alloc(%k, %n) : memref<?x?xbf16>
      func.call @convert_f32_bf16(%b, %bh) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
      offload.launch @mm_at(%ah, %bh, %c) : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xf32>) -> ()
      %name = llvm.mlir.addressof @s_at : !llvm.ptr
      func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
      memref.dealloc %bh : memref<?x?xbf16>
    }
    memref.dealloc %ah : memref<?x?xbf16>
    func.call @release(%a, %b, %c, %want, %at, %bt) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }

  func.func @run_bt(%m: index, %n: index, %k: index) {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %nan = arith.constant 0x7FC00000 : f32
    %a, %b, %c, %want, %at, %bt = func.call @operands(%m, %n, %k, %false, %nan, %c0) : (index, index, index, i1, f32, index) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%m, %k) : memref<?x?xf16>
    %bh = memref.alloc(%n, %k) : memref<?x?xf16>
    func.call @convert_f32_f16(%a, %ah) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%bt, %bh) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    offload.launch @mm_bt(%ah, %bh, %c) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_bt : !llvm.ptr
    func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %ah : memref<?x?xf16>
    memref.dealloc %bh : memref<?x?xf16>
    func.call @release(%a, %b, %c, %want, %at, %bt) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }

  // gen_at: f16 A^T, B and C (small values, so that C stays exact in f16).
  func.func @run_gen_at(%m: index, %n: index, %k: index) {
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %nan = arith.constant 0x7FC00000 : f32
    %a, %b, %c, %want, %at, %bt = func.call @operands(%m, %n, %k, %true, %nan, %c0) : (index, index, index, i1, f32, index) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%k, %m) : memref<?x?xf16>
    %bh = memref.alloc(%k, %n) : memref<?x?xf16>
    %ch = memref.alloc(%m, %n) : memref<?x?xf16>
    func.call @convert_f32_f16(%at, %ah) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%b, %bh) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    func.call @convert_f32_f16(%c, %ch) : (memref<?x?xf32>, memref<?x?xf16>) -> ()
    offload.launch @gen_at(%ah, %bh, %ch) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>) -> ()
    func.call @convert_f16_f32(%ch, %c) : (memref<?x?xf16>, memref<?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_gen_at : !llvm.ptr
    func.call @report(%name, %c, %want, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %ah : memref<?x?xf16>
    memref.dealloc %bh : memref<?x?xf16>
    memref.dealloc %ch : memref<?x?xf16>
    func.call @release(%a, %b, %c, %want, %at, %bt) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }

  func.func @run_raised_bt() {
    %c0 = arith.constant 0 : index
    %false = arith.constant false
    %zero = arith.constant 0.0 : f32
    %c72 = arith.constant 72 : index
    %c136 = arith.constant 136 : index
    %c200 = arith.constant 200 : index
    %a, %b, %c, %want, %at, %bt = func.call @operands(%c200, %c136, %c72, %false, %zero, %c0) : (index, index, index, i1, f32, index) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
    %ah = memref.alloc(%c200, %c72) : memref<?x?xbf16>
    %bh = memref.alloc(%c136, %c72) : memref<?x?xbf16>
    func.call @convert_f32_bf16(%a, %ah) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @convert_f32_bf16(%bt, %bh) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @fill(%c, %zero) : (memref<?x?xf32>, f32) -> ()
    %as = memref.cast %ah : memref<?x?xbf16> to memref<200x72xbf16>
    %bs = memref.cast %bh : memref<?x?xbf16> to memref<136x72xbf16>
    %cs = memref.cast %c : memref<?x?xf32> to memref<200x136xf32>
    offload.launch @raised_bt(%as, %bs, %cs) : (memref<200x72xbf16>, memref<136x72xbf16>, memref<200x136xf32>) -> ()
    %name = llvm.mlir.addressof @s_raised_bt : !llvm.ptr
    func.call @report(%name, %c, %want, %c72) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %ah : memref<?x?xbf16>
    memref.dealloc %bh : memref<?x?xbf16>
    func.call @release(%a, %b, %c, %want, %at, %bt) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }

  // dst[l] = src.
  func.func @to_batch(%src: memref<?x?xf32>, %dst: memref<?x?x?xf32>, %l: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = memref.dim %src, %c0 : memref<?x?xf32>
    %c = memref.dim %src, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %v = memref.load %src[%i, %j] : memref<?x?xf32>
        memref.store %v, %dst[%l, %i, %j] : memref<?x?x?xf32>
      }
    }
    return
  }

  // bmm_bt: batches of A (m x k) and B^T (n x k), bf16, after a fill.
  func.func @run_bmm_bt(%nb: index, %m: index, %n: index, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %false = arith.constant false
    %zero = arith.constant 0.0 : f32
    %a3 = memref.alloc(%nb, %m, %k) : memref<?x?x?xf32>
    %bt3 = memref.alloc(%nb, %n, %k) : memref<?x?x?xf32>
    %c = memref.alloc(%nb, %m, %n) : memref<?x?x?xf32>
    %want = memref.alloc(%nb, %m, %n) : memref<?x?x?xf32>
    // Batch l: the operands of @operands with A's values at p = 1 + l.
    scf.for %l = %c0 to %nb step %c1 {
      %a, %b, %cl, %w, %at, %bt = func.call @operands(%m, %n, %k, %false, %zero, %l) : (index, index, index, i1, f32, index) -> (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>)
      func.call @to_batch(%a, %a3, %l) : (memref<?x?xf32>, memref<?x?x?xf32>, index) -> ()
      func.call @to_batch(%bt, %bt3, %l) : (memref<?x?xf32>, memref<?x?x?xf32>, index) -> ()
      func.call @to_batch(%w, %want, %l) : (memref<?x?xf32>, memref<?x?x?xf32>, index) -> ()
      func.call @release(%a, %b, %cl, %w, %at, %bt) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    }
    %ah = memref.alloc(%nb, %m, %k) : memref<?x?x?xbf16>
    %bh = memref.alloc(%nb, %n, %k) : memref<?x?x?xbf16>
    %a2 = memref.collapse_shape %a3 [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %b2 = memref.collapse_shape %bt3 [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %ah2 = memref.collapse_shape %ah [[0, 1], [2]] : memref<?x?x?xbf16> into memref<?x?xbf16>
    %bh2 = memref.collapse_shape %bh [[0, 1], [2]] : memref<?x?x?xbf16> into memref<?x?xbf16>
    func.call @convert_f32_bf16(%a2, %ah2) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    func.call @convert_f32_bf16(%b2, %bh2) : (memref<?x?xf32>, memref<?x?xbf16>) -> ()
    offload.launch @bmm_bt(%ah, %bh, %c) : (memref<?x?x?xbf16>, memref<?x?x?xbf16>, memref<?x?x?xf32>) -> ()
    %name = llvm.mlir.addressof @s_bmm_bt : !llvm.ptr
    %c2d = memref.collapse_shape %c [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    %w2 = memref.collapse_shape %want [[0, 1], [2]] : memref<?x?x?xf32> into memref<?x?xf32>
    func.call @report(%name, %c2d, %w2, %k) : (!llvm.ptr, memref<?x?xf32>, memref<?x?xf32>, index) -> ()
    memref.dealloc %a3 : memref<?x?x?xf32>
    memref.dealloc %bt3 : memref<?x?x?xf32>
    memref.dealloc %ah : memref<?x?x?xbf16>
    memref.dealloc %bh : memref<?x?x?xbf16>
    memref.dealloc %c : memref<?x?x?xf32>
    memref.dealloc %want : memref<?x?x?xf32>
    return
  }

  func.func @main() -> i32 {
    %true = arith.constant true
    %false = arith.constant false
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c71 = arith.constant 71 : index
    %c72 = arith.constant 72 : index
    %c136 = arith.constant 136 : index
    %c200 = arith.constant 200 : index
    %c264 = arith.constant 264 : index
    %c333 = arith.constant 333 : index
    %c1000 = arith.constant 1000 : index
    %c131 = arith.constant 131 : index
    %c328 = arith.constant 328 : index
    func.call @run_at(%c200, %c136, %c72, %false) : (index, index, index, i1) -> ()
    func.call @run_at(%c333, %c264, %c136, %false) : (index, index, index, i1) -> ()
    func.call @run_at(%c328, %c264, %c136, %false) : (index, index, index, i1) -> ()
    func.call @run_at(%c1000, %c1000, %c1000, %false) : (index, index, index, i1) -> ()
    func.call @run_at(%c200, %c136, %c71, %false) : (index, index, index, i1) -> ()
    func.call @run_bt(%c200, %c136, %c72) : (index, index, index) -> ()
    func.call @run_bt(%c333, %c131, %c136) : (index, index, index) -> ()
    func.call @run_bt(%c200, %c136, %c71) : (index, index, index) -> ()
    func.call @run_at(%c333, %c264, %c136, %true) : (index, index, index, i1) -> ()
    func.call @run_at(%c328, %c264, %c136, %true) : (index, index, index, i1) -> ()
    func.call @run_at(%c1000, %c1000, %c1000, %true) : (index, index, index, i1) -> ()
    func.call @run_bmm_bt(%c3, %c200, %c136, %c72) : (index, index, index, index) -> ()
    func.call @run_bmm_bt(%c2, %c72, %c264, %c136) : (index, index, index, index) -> ()
    func.call @run_gen_at(%c200, %c136, %c72) : (index, index, index) -> ()
    func.call @run_gen_at(%c333, %c264, %c136) : (index, index, index) -> ()
    func.call @run_gen_at(%c328, %c264, %c136) : (index, index, index) -> ()
    func.call @run_raised_bt() : () -> ()
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
