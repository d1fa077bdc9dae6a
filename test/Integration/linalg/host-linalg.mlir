// Linalg ops left in host code: @on_host is marked offload.host, so its
// fill and matmul stay on the host (the host pipeline lowers them to loops,
// convert-linalg-to-loops); @on_device's are outlined and launched. Both
// compute the same product; only @on_device's kernel is launched.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=16 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=LAUNCH
// RUN: offload-opt %s --offload-pipeline="targets=host" | FileCheck %s --check-prefix=LOWERED

// CHECK: host-linalg: 13 x 17 times 17 x 11, sum = 33.0, 143 of 143 elements equal: PASS

// LAUNCH: Launching kernel __linalg_on_device_matmul_0
// LAUNCH-NOT: Launching kernel

// No linalg op is left (kernel names start with __linalg_).
// LOWERED-NOT: {{^ *(%[^ ]+ = )?"?linalg\.}}

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("host-linalg: %ld x %ld times %ld x %ld, sum = %.1f, %ld of %ld elements equal: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @on_host(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>)
      attributes {offload.host} {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    return
  }

  func.func @on_device(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %m = arith.constant 13 : index
    %k = arith.constant 17 : index
    %n = arith.constant 11 : index
    %a = memref.alloc(%m, %k) : memref<?x?xf32>
    %b = memref.alloc(%k, %n) : memref<?x?xf32>
    %ch = memref.alloc(%m, %n) : memref<?x?xf32>
    %cd = memref.alloc(%m, %n) : memref<?x?xf32>
    // a[i, p] = ((i + p) mod 5) - 2, b[p, j] = ((p * j) mod 3) - 1
    scf.for %i = %c0 to %m step %c1 {
      scf.for %p = %c0 to %k step %c1 {
        %s = arith.addi %i, %p : index
        %r = arith.remui %s, %c5 : index
        %v = arith.index_cast %r : index to i32
        %f = arith.sitofp %v : i32 to f32
        %two = arith.constant 2.0 : f32
        %e = arith.subf %f, %two : f32
        memref.store %e, %a[%i, %p] : memref<?x?xf32>
      }
    }
    scf.for %p = %c0 to %k step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %s = arith.muli %p, %j : index
        %r = arith.remui %s, %c3 : index
        %v = arith.index_cast %r : index to i32
        %f = arith.sitofp %v : i32 to f32
        %one = arith.constant 1.0 : f32
        %e = arith.subf %f, %one : f32
        memref.store %e, %b[%p, %j] : memref<?x?xf32>
      }
    }
    func.call @on_host(%a, %b, %ch) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    func.call @on_device(%a, %b, %cd) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    %zero = arith.constant 0.0 : f32
    %same, %sum = scf.for %i = %c0 to %m step %c1
        iter_args(%cnt = %c0, %acc = %zero) -> (index, f32) {
      %row, %rsum = scf.for %j = %c0 to %n step %c1
          iter_args(%r = %cnt, %racc = %acc) -> (index, f32) {
        %h = memref.load %ch[%i, %j] : memref<?x?xf32>
        %d = memref.load %cd[%i, %j] : memref<?x?xf32>
        %eq = arith.cmpf oeq, %h, %d : f32
        %inc = arith.addi %r, %c1 : index
        %next = arith.select %eq, %inc, %r : index
        %racc1 = arith.addf %racc, %d : f32
        scf.yield %next, %racc1 : index, f32
      }
      scf.yield %row, %rsum : index, f32
    }
    %total = arith.muli %m, %n : index
    %all = arith.cmpi eq, %same, %total : index
    %v64 = arith.extf %sum : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %k64 = arith.index_cast %k : index to i64
    %n64 = arith.index_cast %n : index to i64
    %same64 = arith.index_cast %same : index to i64
    %total64 = arith.index_cast %total : index to i64
    llvm.call @printf(%fmt, %m64, %k64, %k64, %n64, %v64, %same64, %total64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, f64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %ch : memref<?x?xf32>
    memref.dealloc %cd : memref<?x?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
