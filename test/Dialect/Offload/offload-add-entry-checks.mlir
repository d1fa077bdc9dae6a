// RUN: offload-opt %s -split-input-file --offload-add-entry-checks=remarks=1 --canonicalize --cse -verify-diagnostics | FileCheck %s

// A kernel launched in a loop: y must cover what the kernel reaches (x's
// size) when the loop runs; x and y must not overlap (y is written).
// CHECK-DAG: llvm.mlir.global private constant @[[TOO_SMALL:.*]]("run(): argument 'arg2' is too small: dimension 0 has size %ld, but run needs %ld\00")
// CHECK-DAG: llvm.mlir.global private constant @[[OVERLAP:.*]]("run(): arguments 'arg1' and 'arg2' overlap in memory, and run writes 'arg2'; pass distinct arrays\00")
// CHECK-LABEL: func.func @run(
// CHECK-SAME: offload_capi.entry_check = @__offload_check_run
// CHECK-LABEL: func.func @__offload_check_run(
// CHECK-SAME: %[[A:.*]]: f32, %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[STEPS:.*]]: index, %[[MSG:.*]]: !llvm.ptr, %[[SIZE:.*]]: i64) -> i32
// CHECK-SAME: attributes {llvm.emit_c_interface, offload_capi.checker}
// CHECK-DAG: %[[FMT_SMALL:.*]] = llvm.mlir.addressof @[[TOO_SMALL]] :
// CHECK-DAG: %[[FMT_OVERLAP:.*]] = llvm.mlir.addressof @[[OVERLAP]] :
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[LOOP:.*]] = arith.cmpi sgt, %[[STEPS]], %[[C0]] : index
// CHECK: %[[N:.*]] = memref.dim %[[X]], %[[C0]]
// CHECK: %[[KERNEL:.*]] = arith.cmpi sgt, %[[N]], %[[C0]] : index
// CHECK: %[[RUNS:.*]] = arith.andi %[[LOOP]], %[[KERNEL]] : i1
// CHECK: arith.select %[[RUNS]], %[[N]], %[[C0]] : index
// CHECK: %[[NY:.*]] = memref.dim %[[Y]], %[[C0]]
// CHECK: %[[BAD:.*]] = arith.cmpi sgt, %{{.*}}, %[[NY]] : index
// CHECK: cf.cond_br %[[BAD]], ^[[FAIL:.*]], ^
// CHECK: ^[[FAIL]]:
// CHECK: llvm.call @snprintf(%[[MSG]], %[[SIZE]], %[[FMT_SMALL]], %{{.*}}, %{{.*}})
// CHECK-NEXT: return %{{.*}} : i32
// CHECK: memref.extract_aligned_pointer_as_index %[[X]]
// CHECK: memref.extract_aligned_pointer_as_index %[[Y]]
// CHECK: llvm.call @snprintf(%[[MSG]], %[[SIZE]], %[[FMT_OVERLAP]])
module {
  offload.kernel @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %xi = memref.load %x[%i] : memref<?xf32>
      %yi = memref.load %y[%i] : memref<?xf32>
      %ax = arith.mulf %a, %xi : f32
      %r = arith.addf %ax, %yi : f32
      memref.store %r, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @run(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %steps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %k = %c0 to %steps step %c1 {
      offload.launch @saxpy(%a, %x, %y) : (f32, memref<?xf32>, memref<?xf32>) -> ()
    }
    return
  }
}

// -----

// A stencil with a scalar bound and the launcher's argument names: x is
// read at i - 1 and i + 1 for i in [1, n), so it needs n + 1 elements when
// n > 1; i - 2 would reach index -1.
// CHECK-DAG: llvm.mlir.global private constant @[[SMALL:.*]]("stencil(): argument 'x' is too small: dimension 0 has size %ld, but stencil needs %ld\00")
// CHECK-DAG: llvm.mlir.global private constant @[[NEG:.*]]("stencil(): argument 'x' would be accessed at index %ld in dimension 0\00")
// CHECK-LABEL: func.func @__offload_check_stencil(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[Y:.*]]: memref<?xf32>, %[[N:.*]]: index,
// CHECK-DAG: llvm.mlir.addressof @[[SMALL]]
// CHECK-DAG: llvm.mlir.addressof @[[NEG]]
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK-DAG: %[[RUNS:.*]] = arith.cmpi sgt, %[[N]], %[[C1]] : index
// CHECK-DAG: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK-DAG: %[[END64:.*]] = arith.addi %[[N64]], %{{.*}} : i64
// CHECK-DAG: %[[END:.*]] = arith.index_cast %[[END64]] : i64 to index
// CHECK-DAG: arith.select %[[RUNS]], %[[END]], %[[C0]] : index
// CHECK-DAG: arith.select %[[RUNS]], %[[CM1]], %[[C0]] : index
// CHECK: cf.cond_br
module {
  offload.kernel @stencil(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) attributes {offload_capi.arg_names = ["x", "y", "n"]} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.parallel (%i) = (%c1) to (%n) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %imm = arith.subi %i, %c2 : index
      %a = memref.load %x[%im] : memref<?xf32>
      %b = memref.load %x[%ip] : memref<?xf32>
      %c = memref.load %x[%imm] : memref<?xf32>
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %c : f32
      memref.store %t, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @__offload_launch_stencil(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) attributes {offload_capi.arg_names = ["x", "y", "n"]} {
    offload.launch @stencil(%x, %y, %n) : (memref<?xf32>, memref<?xf32>, index) -> ()
    return
  }
}

// -----

// Row-major indexing i * n + j over loops of m and n, with a step of 2 on
// j: the last j is the largest even number below n.
// The arithmetic is on i64, each addition, subtraction and multiplication
// checked for overflow (a wrapped range would pass a call that then reads
// far outside the buffer): the first check refuses such calls.
// CHECK-DAG: llvm.mlir.global private constant @[[OVERFLOW:.*]]("flat(): the indices of its accesses overflow 64-bit integers with these arguments\00")
// CHECK-LABEL: func.func @__offload_check_flat(
// CHECK-SAME: %[[X:.*]]: memref<?xf64>, %[[M:.*]]: index, %[[N:.*]]: index,
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C2_64:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[M64:.*]] = arith.index_cast %[[M]] : index to i64
// CHECK-DAG: %[[MLAST:.*]] = arith.subi %[[M64]], %{{.*}} : i64
// CHECK-DAG: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK-DAG: %[[NSPAN:.*]] = arith.subi %[[N64]], %{{.*}} : i64
// CHECK-DAG: %[[NSPANI:.*]] = arith.index_cast %[[NSPAN]] : i64 to index
// CHECK-DAG: %[[Q:.*]] = arith.floordivsi %[[NSPANI]], %[[C2]] : index
// CHECK-DAG: %[[Q64:.*]] = arith.index_cast %[[Q]] : index to i64
// CHECK-DAG: %[[JLAST:.*]], %[[JHIGH:.*]] = arith.mulsi_extended %[[Q64]], %[[C2_64]] : i64
// CHECK-DAG: %[[ROW:.*]], %[[ROWHIGH:.*]] = arith.mulsi_extended %[[MLAST]], %[[N64]] : i64
// CHECK-DAG: llvm.mlir.addressof @[[OVERFLOW]]
// CHECK: cf.cond_br
// CHECK-NOT: extract_aligned_pointer
// CHECK: return
module {
  func.func @flat(%x: memref<?xf64>, %m: index, %n: index) -> f64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %z = arith.constant 0.0 : f64
    %r = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %z) -> f64 {
      %r2 = scf.for %j = %c0 to %n step %c2 iter_args(%acc2 = %acc) -> f64 {
        %t = arith.muli %i, %n : index
        %k = arith.addi %t, %j : index
        %v = memref.load %x[%k] : memref<?xf64>
        %s = arith.addf %acc2, %v : f64
        scf.yield %s : f64
      }
      scf.yield %r2 : f64
    }
    return %r : f64
  }
}

// -----

// linalg.matmul: B's rows and C's sizes must cover the loops that A's
// sizes define (and B's columns).
// CHECK-DAG: llvm.mlir.global private constant @{{.*}}("mm(): argument 'arg1' is too small: dimension 0 has size %ld, but mm needs %ld\00")
// CHECK-DAG: llvm.mlir.global private constant @{{.*}}("mm(): argument 'arg2' is too small: dimension 0 has size %ld, but mm needs %ld\00")
// CHECK-DAG: llvm.mlir.global private constant @{{.*}}("mm(): argument 'arg2' is too small: dimension 1 has size %ld, but mm needs %ld\00")
// CHECK-LABEL: func.func @__offload_check_mm(
module {
  func.func @mm(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
    return
  }
}

// -----

// What cannot be bounded is reported and not checked: an index read from
// memory, an access under a condition, a triangular loop. The direct read
// of x still is.
// CHECK-LABEL: func.func @__offload_check_hist(
// CHECK: memref.dim
module {
  func.func @hist(%x: memref<?xi32>, %h: memref<?xi32>, %flag: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %x[%i] : memref<?xi32>
      %j = arith.index_cast %v : i32 to index
      // expected-remark@+1 {{@hist: this access of argument 'arg1' is not bounds-checked when @hist is called: its index in dimension 0 is not known before the loops run: it is read from memory ('memref.load')}}
      %o = memref.load %h[%j] : memref<?xi32>
      %p = arith.addi %o, %one : i32
      // expected-remark@+1 {{@hist: this access of argument 'arg1' is not bounds-checked when @hist is called: its index in dimension 0 is not known before the loops run: it is read from memory ('memref.load')}}
      memref.store %p, %h[%j] : memref<?xi32>
      scf.if %flag {
        // expected-remark@+1 {{@hist: this access of argument 'arg1' is not bounds-checked when @hist is called: it is inside 'scf.if', which may not run it}}
        memref.store %one, %h[%i] : memref<?xi32>
      }
      scf.for %k = %c0 to %i step %c1 {
        // expected-remark@+1 {{@hist: this access of argument 'arg1' is not bounds-checked when @hist is called: its index in dimension 0 is not known before the loops run: it depends on a loop variable whose bounds are not known before the loops run (the bounds of an enclosing loop depend on another loop's variable)}}
        memref.store %one, %h[%k] : memref<?xi32>
      }
    }
    return
  }
}

// -----

// Nothing to check: no checker.
// CHECK-LABEL: func.func @scalar(
// CHECK-NOT: offload_capi.entry_check
// CHECK-NOT: func.func @__offload_check_scalar
module {
  func.func @scalar(%a: i32) -> i32 {
    return %a : i32
  }
}

// -----

// A loop whose step is an argument: a step of 0 would divide by zero where
// the launch computes its grid (and never end on the host), a negative one
// would run off the buffer; the checker refuses both, where the loops
// around run.
// CHECK-DAG: llvm.mlir.global private constant @[[STEP:.*]]("every_launch(): the loop at {{.*}}offload-add-entry-checks.mlir:[[@LINE+14]]:5 would run with step %ld; loop steps must be positive\00")
// CHECK-LABEL: func.func @__offload_check_every_launch(
// CHECK-SAME: %[[X:.*]]: memref<?xi64>, %[[LO:.*]]: index, %[[ST:.*]]: index, %[[MSG:.*]]: !llvm.ptr, %[[SIZE:.*]]: i64) -> i32
// CHECK-DAG: %[[FMT:.*]] = llvm.mlir.addressof @[[STEP]] :
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[BAD:.*]] = arith.cmpi sle, %[[ST]], %[[C0]] : index
// CHECK: cf.cond_br %[[BAD]], ^[[FAIL:.*]], ^
// CHECK: ^[[FAIL]]:
// CHECK: %[[V:.*]] = arith.index_cast %[[ST]] : index to i64
// CHECK: llvm.call @snprintf(%[[MSG]], %[[SIZE]], %[[FMT]], %[[V]])
module {
  offload.kernel @every(%x: memref<?xi64>, %lo: index, %st: index) {
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%lo) to (%n) step (%st) {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = arith.addi %v, %v : i64
      memref.store %w, %x[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func @every_launch(%x: memref<?xi64>, %lo: index, %st: index) attributes {offload_capi.arg_names = ["x", "lo", "st"]} {
    offload.launch @every(%x, %lo, %st) : (memref<?xi64>, index, index) -> ()
    return
  }
}
