// linalg.softmax on tensors, as torch-mlir hands over torch.softmax: the
// compiler decomposes it (offload-decompose-linalg), bufferizes the module
// and outlines the ops into kernels. main compares every element with the
// host's own softmax (the same formula in loops): equal within 1e-6.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=16 %t 2>&1 | FileCheck %s --check-prefix=LAUNCHES

// CHECK: softmax 37 x 53: row sums 37.000, 1961 of 1961 elements as the host's: PASS
// LAUNCHES: Launching kernel __linalg_scores_generic

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("softmax %ld x %ld: row sums %.3f, %ld of %ld elements as the host's: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  // softmax(x * 0.5) along the rows.
  func.func @scores(%x: tensor<37x53xf32>) -> tensor<37x53xf32> {
    %half = arith.constant 0.5 : f32
    %e = tensor.empty() : tensor<37x53xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<37x53xf32>) outs(%e : tensor<37x53xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = arith.mulf %v, %half : f32
      linalg.yield %t : f32
    } -> tensor<37x53xf32>
    %e2 = tensor.empty() : tensor<37x53xf32>
    %r = linalg.softmax dimension(1) ins(%s : tensor<37x53xf32>) outs(%e2 : tensor<37x53xf32>) -> tensor<37x53xf32>
    return %r : tensor<37x53xf32>
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c19 = arith.constant 19 : index
    %rows = arith.constant 37 : index
    %cols = arith.constant 53 : index
    %half = arith.constant 0.5 : f32
    %lowest = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %tol = arith.constant 1.0e-6 : f32
    %x = memref.alloc() : memref<37x53xf32>
    // x[i][j] = ((7 i + 19 j) mod 23) - 11
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %a = arith.muli %i, %c7 : index
        %b = arith.muli %j, %c19 : index
        %s = arith.addi %a, %b : index
        %c23 = arith.constant 23 : index
        %m = arith.remui %s, %c23 : index
        %mi = arith.index_cast %m : index to i32
        %f = arith.sitofp %mi : i32 to f32
        %c11 = arith.constant 11.0 : f32
        %v = arith.subf %f, %c11 : f32
        memref.store %v, %x[%i, %j] : memref<37x53xf32>
      }
    }
    %xt = bufferization.to_tensor %x restrict : memref<37x53xf32> to tensor<37x53xf32>
    %y = func.call @scores(%xt) : (tensor<37x53xf32>) -> tensor<37x53xf32>
    %zero64 = arith.constant 0.0 : f64
    %zi = arith.constant 0 : i64
    %res:2 = scf.for %i = %c0 to %rows step %c1 iter_args(%total = %zero64, %good = %zi) -> (f64, i64) {
      %max = scf.for %j = %c0 to %cols step %c1 iter_args(%m = %lowest) -> f32 {
        %v = memref.load %x[%i, %j] : memref<37x53xf32>
        %t = arith.mulf %v, %half : f32
        %n = arith.maximumf %m, %t : f32
        scf.yield %n : f32
      }
      %sum = scf.for %j = %c0 to %cols step %c1 iter_args(%s = %zero) -> f32 {
        %v = memref.load %x[%i, %j] : memref<37x53xf32>
        %t = arith.mulf %v, %half : f32
        %d = arith.subf %t, %max : f32
        %e = math.exp %d : f32
        %n = arith.addf %s, %e : f32
        scf.yield %n : f32
      }
      %row:2 = scf.for %j = %c0 to %cols step %c1 iter_args(%rs = %zero64, %g = %good) -> (f64, i64) {
        %v = memref.load %x[%i, %j] : memref<37x53xf32>
        %t = arith.mulf %v, %half : f32
        %d = arith.subf %t, %max : f32
        %e = math.exp %d : f32
        %want = arith.divf %e, %sum : f32
        %got = tensor.extract %y[%i, %j] : tensor<37x53xf32>
        %diff = arith.subf %got, %want : f32
        %ad = math.absf %diff : f32
        %ok = arith.cmpf ole, %ad, %tol : f32
        %one = arith.constant 1 : i64
        %g1 = arith.addi %g, %one : i64
        %g2 = arith.select %ok, %g1, %g : i64
        %got64 = arith.extf %got : f32 to f64
        %rs1 = arith.addf %rs, %got64 : f64
        scf.yield %rs1, %g2 : f64, i64
      }
      %t1 = arith.addf %total, %row#0 : f64
      scf.yield %t1, %row#1 : f64, i64
    }
    %n = arith.muli %rows, %cols : index
    %n64 = arith.index_cast %n : index to i64
    %all = arith.cmpi eq, %res#1, %n64 : i64
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %fl = llvm.mlir.addressof @fail : !llvm.ptr
    %word = llvm.select %all, %p, %fl : i1, !llvm.ptr
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %r64 = arith.index_cast %rows : index to i64
    %c64 = arith.index_cast %cols : index to i64
    %pr = llvm.call @printf(%fmt, %r64, %c64, %res#0, %res#1, %n64, %word) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, f64, i64, i64, !llvm.ptr) -> i32
    %ret = arith.constant 0 : i32
    return %ret : i32
  }
}
