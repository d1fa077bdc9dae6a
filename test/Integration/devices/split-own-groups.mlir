// Two stencils on buffers of their own in one loop, split over the host
// plugin's four devices: a 1-D one (n = 1001, i32, with a sum over the
// devices that the host keeps after every iteration) and a 2-D one (37 x
// 29, i32), their launches interleaved. Their loops have other bounds
// ([1, 1000) and [1, 36)): each problem is a group of its own, each device
// with its equal share of each group's loop (250, 250, 250, 249 rows of
// the 1-D grids and 9, 9, 9, 8 of the 2-D ones, not parts of one hull), and
// the sections of all four grids stay on the devices from the first
// iteration to the last. The computation is resident.mlir's, with the same
// results; every element and every sum is compared with the host's.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=3 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: offload-cc %s --offload-check -o %t.check
// RUN: %t.check | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: %python %S/../Inputs/copies_per_device.py < %t.info | FileCheck %s --check-prefix=COPIES --match-full-lines

// CHECK: 1-D: 1001 of 1001 elements of a and 1001 of 1001 of b equal to the host's; 100 of 100 sums equal, last 498409597
// CHECK-NEXT: 2-D: 1073 of 1073 elements of a and 1073 of 1073 of b equal to the host's, a[18][14] = 874089

// Exactly what resident.mlir moves with the two problems in loops of their
// own: each device enters its rows of each grid once and copies back those
// of its shares once; between steps one halo row each way per neighbour
// (through the host on the host plugin); its partial sum 100 times.
// COPIES: device 0: host->device 404 copies 28568 bytes: 1276 x2, 1008 x2, 116 x200, 4 x200
// COPIES-NEXT: device 0: device->host 504 copies 28888 bytes: 1044 x2, 1000 x2, 116 x200, 8 x100, 4 x200
// COPIES-NEXT: device 0: launches: step1_share x200, step2_share x200, total_share x100
// COPIES-NEXT: device 1: host->device 804 copies 52568 bytes: 1276 x2, 1008 x2, 116 x400, 4 x400
// COPIES-NEXT: device 1: device->host 904 copies 52888 bytes: 1044 x2, 1000 x2, 116 x400, 8 x100, 4 x400
// COPIES-NEXT: device 1: launches: step1_share x200, step2_share x200, total_share x100
// COPIES-NEXT: device 2: host->device 804 copies 52568 bytes: 1276 x2, 1008 x2, 116 x400, 4 x400
// COPIES-NEXT: device 2: device->host 904 copies 52888 bytes: 1044 x2, 1000 x2, 116 x400, 8 x100, 4 x400
// COPIES-NEXT: device 2: launches: step1_share x200, step2_share x200, total_share x100
// COPIES-NEXT: device 3: host->device 404 copies 28328 bytes: 1160 x2, 1004 x2, 116 x200, 4 x200
// COPIES-NEXT: device 3: device->host 504 copies 28648 bytes: 996 x2, 928 x2, 116 x200, 8 x100, 4 x200
// COPIES-NEXT: device 3: launches: step1_share x200, step2_share x200, total_share x100

// REMARKS: remark: split launches of @step1, @step2, @total keep their sections on every device present across 5 launch(es) (5 in loops) in 2 groups that share no buffer, each device with its share of each group's loop (that of @step1, @step2):

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt1("1-D: %ld of %ld elements of a and %ld of %ld of b equal to the host's; %ld of 100 sums equal, last %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt2("2-D: %ld of %ld elements of a and %ld of %ld of b equal to the host's, a[18][14] = %d\0A\00") {addr_space = 0 : i32}

  // y[i] = (x[i-1] + 2 x[i] + x[i+1] + 1) mod 1000003, i in [1, n - 1).
  offload.kernel @step1(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i32
    %one = arith.constant 1 : i32
    %p = arith.constant 1000003 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi32>
      %m = memref.load %x[%i] : memref<?xi32>
      %r = memref.load %x[%ip] : memref<?xi32>
      %m2 = arith.muli %m, %two : i32
      %s1 = arith.addi %l, %m2 : i32
      %s2 = arith.addi %s1, %r : i32
      %s3 = arith.addi %s2, %one : i32
      %v = arith.remsi %s3, %p : i32
      memref.store %v, %y[%i] : memref<?xi32>
    }
    offload.return
  }

  // t[0] = the sum of x inside the boundary (the shares of step1).
  offload.kernel @total(%x: memref<?xi32>, %t: memref<1xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    %s = scf.parallel (%i) = (%c1) to (%last) step (%c1) init (%zero) -> i64 {
      %v = memref.load %x[%i] : memref<?xi32>
      %w = arith.extsi %v : i32 to i64
      scf.reduce(%w : i64) {
      ^bb0(%l: i64, %r: i64):
        %q = arith.addi %l, %r : i64
        scf.reduce.return %q : i64
      }
    }
    memref.store %s, %t[%c0] : memref<1xi64>
    offload.return
  }

  // y[i][j] = (x[i-1][j] + x[i+1][j] + x[i][j-1] + x[i][j+1] + 3 x[i][j])
  // mod 1000003 inside the boundary.
  offload.kernel @step2(%x: memref<?x?xi32>, %y: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i32
    %p = arith.constant 1000003 : i32
    %m = memref.dim %x, %c0 : memref<?x?xi32>
    %n = memref.dim %x, %c1 : memref<?x?xi32>
    %mlast = arith.subi %m, %c1 : index
    %nlast = arith.subi %n, %c1 : index
    scf.parallel (%i, %j) = (%c1, %c1) to (%mlast, %nlast) step (%c1, %c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %up = memref.load %x[%im, %j] : memref<?x?xi32>
      %down = memref.load %x[%ip, %j] : memref<?x?xi32>
      %left = memref.load %x[%i, %jm] : memref<?x?xi32>
      %right = memref.load %x[%i, %jp] : memref<?x?xi32>
      %mid = memref.load %x[%i, %j] : memref<?x?xi32>
      %mid3 = arith.muli %mid, %three : i32
      %s1 = arith.addi %up, %down : i32
      %s2 = arith.addi %s1, %left : i32
      %s3 = arith.addi %s2, %right : i32
      %s4 = arith.addi %s3, %mid3 : i32
      %v = arith.remsi %s4, %p : i32
      memref.store %v, %y[%i, %j] : memref<?x?xi32>
    }
    offload.return
  }

  // The same on the host.
  func.func @host_step1(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i32
    %one = arith.constant 1 : i32
    %p = arith.constant 1000003 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.for %i = %c1 to %last step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi32>
      %m = memref.load %x[%i] : memref<?xi32>
      %r = memref.load %x[%ip] : memref<?xi32>
      %m2 = arith.muli %m, %two : i32
      %s1 = arith.addi %l, %m2 : i32
      %s2 = arith.addi %s1, %r : i32
      %s3 = arith.addi %s2, %one : i32
      %v = arith.remsi %s3, %p : i32
      memref.store %v, %y[%i] : memref<?xi32>
    }
    return
  }

  func.func @host_total(%x: memref<?xi32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    %s = scf.for %i = %c1 to %last step %c1 iter_args(%acc = %zero) -> i64 {
      %v = memref.load %x[%i] : memref<?xi32>
      %w = arith.extsi %v : i32 to i64
      %r = arith.addi %acc, %w : i64
      scf.yield %r : i64
    }
    return %s : i64
  }

  func.func @host_step2(%x: memref<?x?xi32>, %y: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i32
    %p = arith.constant 1000003 : i32
    %m = memref.dim %x, %c0 : memref<?x?xi32>
    %n = memref.dim %x, %c1 : memref<?x?xi32>
    %mlast = arith.subi %m, %c1 : index
    %nlast = arith.subi %n, %c1 : index
    scf.for %i = %c1 to %mlast step %c1 {
      scf.for %j = %c1 to %nlast step %c1 {
        %im = arith.subi %i, %c1 : index
        %ip = arith.addi %i, %c1 : index
        %jm = arith.subi %j, %c1 : index
        %jp = arith.addi %j, %c1 : index
        %up = memref.load %x[%im, %j] : memref<?x?xi32>
        %down = memref.load %x[%ip, %j] : memref<?x?xi32>
        %left = memref.load %x[%i, %jm] : memref<?x?xi32>
        %right = memref.load %x[%i, %jp] : memref<?x?xi32>
        %mid = memref.load %x[%i, %j] : memref<?x?xi32>
        %mid3 = arith.muli %mid, %three : i32
        %s1 = arith.addi %up, %down : i32
        %s2 = arith.addi %s1, %left : i32
        %s3 = arith.addi %s2, %right : i32
        %s4 = arith.addi %s3, %mid3 : i32
        %v = arith.remsi %s4, %p : i32
        memref.store %v, %y[%i, %j] : memref<?x?xi32>
      }
    }
    return
  }

  // x[i] = (37 i + k) mod 101.
  func.func @init1(%x: memref<?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c37 = arith.constant 37 : i32
    %c101 = arith.constant 101 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %a = arith.muli %ii, %c37 : i32
      %b = arith.addi %a, %k : i32
      %v = arith.remsi %b, %c101 : i32
      memref.store %v, %x[%i] : memref<?xi32>
    }
    return
  }

  // x[i][j] = (13 i + 7 j + k) mod 97.
  func.func @init2(%x: memref<?x?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c13 = arith.constant 13 : i32
    %c7 = arith.constant 7 : i32
    %c97 = arith.constant 97 : i32
    %m = memref.dim %x, %c0 : memref<?x?xi32>
    %n = memref.dim %x, %c1 : memref<?x?xi32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %ii = arith.index_cast %i : index to i32
        %jj = arith.index_cast %j : index to i32
        %a = arith.muli %ii, %c13 : i32
        %b = arith.muli %jj, %c7 : i32
        %s = arith.addi %a, %b : i32
        %t = arith.addi %s, %k : i32
        %v = arith.remsi %t, %c97 : i32
        memref.store %v, %x[%i, %j] : memref<?x?xi32>
      }
    }
    return
  }

  // How many elements of x equal those of y.
  func.func @equal1(%x: memref<?xi32>, %y: memref<?xi32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
      %a = memref.load %x[%i] : memref<?xi32>
      %b = memref.load %y[%i] : memref<?xi32>
      %eq = arith.cmpi eq, %a, %b : i32
      %add = arith.select %eq, %one, %zero : i64
      %next = arith.addi %acc, %add : i64
      scf.yield %next : i64
    }
    return %r : i64
  }

  func.func @equal2(%x: memref<?x?xi32>, %y: memref<?x?xi32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %m = memref.dim %x, %c0 : memref<?x?xi32>
    %n = memref.dim %x, %c1 : memref<?x?xi32>
    %r = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %zero) -> i64 {
      %row = scf.for %j = %c0 to %n step %c1 iter_args(%racc = %acc) -> i64 {
        %a = memref.load %x[%i, %j] : memref<?x?xi32>
        %b = memref.load %y[%i, %j] : memref<?x?xi32>
        %eq = arith.cmpi eq, %a, %b : i32
        %add = arith.select %eq, %one, %zero : i64
        %next = arith.addi %racc, %add : i64
        scf.yield %next : i64
      }
      scf.yield %row : i64
    }
    return %r : i64
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c14 = arith.constant 14 : index
    %c18 = arith.constant 18 : index
    %iters = arith.constant 100 : index
    %n1 = arith.constant 1001 : index
    %m2 = arith.constant 37 : index
    %n2 = arith.constant 29 : index
    %k0 = arith.constant 0 : i32
    %k5 = arith.constant 5 : i32
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64

    %a1 = memref.alloc(%n1) : memref<?xi32>
    %b1 = memref.alloc(%n1) : memref<?xi32>
    %ha1 = memref.alloc(%n1) : memref<?xi32>
    %hb1 = memref.alloc(%n1) : memref<?xi32>
    %t = memref.alloc() : memref<1xi64>
    %sums = memref.alloc(%iters) : memref<?xi64>
    %a2 = memref.alloc(%m2, %n2) : memref<?x?xi32>
    %b2 = memref.alloc(%m2, %n2) : memref<?x?xi32>
    %ha2 = memref.alloc(%m2, %n2) : memref<?x?xi32>
    %hb2 = memref.alloc(%m2, %n2) : memref<?x?xi32>
    func.call @init1(%a1, %k0) : (memref<?xi32>, i32) -> ()
    func.call @init1(%b1, %k5) : (memref<?xi32>, i32) -> ()
    func.call @init1(%ha1, %k0) : (memref<?xi32>, i32) -> ()
    func.call @init1(%hb1, %k5) : (memref<?xi32>, i32) -> ()
    func.call @init2(%a2, %k0) : (memref<?x?xi32>, i32) -> ()
    func.call @init2(%b2, %k5) : (memref<?x?xi32>, i32) -> ()
    func.call @init2(%ha2, %k0) : (memref<?x?xi32>, i32) -> ()
    func.call @init2(%hb2, %k5) : (memref<?x?xi32>, i32) -> ()

    // Both problems in one loop: per iteration two 1-D steps and a sum
    // (the host keeps the sums), two 2-D steps in between.
    scf.for %k = %c0 to %iters step %c1 {
      offload.launch @step1(%a1, %b1) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      offload.launch @step2(%a2, %b2) devices(all) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
      offload.launch @step1(%b1, %a1) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
      offload.launch @step2(%b2, %a2) devices(all) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
      offload.launch @total(%a1, %t) devices(all) : (memref<?xi32>, memref<1xi64>) -> ()
      %s = memref.load %t[%c0] : memref<1xi64>
      memref.store %s, %sums[%k] : memref<?xi64>
    }

    // The same on the host.
    %sumsOk = scf.for %k = %c0 to %iters step %c1 iter_args(%acc = %zero) -> i64 {
      func.call @host_step1(%ha1, %hb1) : (memref<?xi32>, memref<?xi32>) -> ()
      func.call @host_step1(%hb1, %ha1) : (memref<?xi32>, memref<?xi32>) -> ()
      %h = func.call @host_total(%ha1) : (memref<?xi32>) -> i64
      %d = memref.load %sums[%k] : memref<?xi64>
      %eq = arith.cmpi eq, %h, %d : i64
      %add = arith.select %eq, %one, %zero : i64
      %next = arith.addi %acc, %add : i64
      scf.yield %next : i64
    }
    scf.for %k = %c0 to %iters step %c1 {
      func.call @host_step2(%ha2, %hb2) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
      func.call @host_step2(%hb2, %ha2) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
    }

    %eqa1 = func.call @equal1(%a1, %ha1) : (memref<?xi32>, memref<?xi32>) -> i64
    %eqb1 = func.call @equal1(%b1, %hb1) : (memref<?xi32>, memref<?xi32>) -> i64
    %eqa2 = func.call @equal2(%a2, %ha2) : (memref<?x?xi32>, memref<?x?xi32>) -> i64
    %eqb2 = func.call @equal2(%b2, %hb2) : (memref<?x?xi32>, memref<?x?xi32>) -> i64
    %lastk = arith.subi %iters, %c1 : index
    %lastSum = memref.load %sums[%lastk] : memref<?xi64>
    %probe = memref.load %a2[%c18, %c14] : memref<?x?xi32>
    %size1 = arith.index_cast %n1 : index to i64
    %mn = arith.muli %m2, %n2 : index
    %size2 = arith.index_cast %mn : index to i64
    %f1 = llvm.mlir.addressof @fmt1 : !llvm.ptr
    %p1 = llvm.call @printf(%f1, %eqa1, %size1, %eqb1, %size1, %sumsOk, %lastSum) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, i64) -> i32
    %f2 = llvm.mlir.addressof @fmt2 : !llvm.ptr
    %p2 = llvm.call @printf(%f2, %eqa2, %size2, %eqb2, %size2, %probe) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i32) -> i32
    memref.dealloc %a1 : memref<?xi32>
    memref.dealloc %b1 : memref<?xi32>
    memref.dealloc %ha1 : memref<?xi32>
    memref.dealloc %hb1 : memref<?xi32>
    memref.dealloc %t : memref<1xi64>
    memref.dealloc %sums : memref<?xi64>
    memref.dealloc %a2 : memref<?x?xi32>
    memref.dealloc %b2 : memref<?x?xi32>
    memref.dealloc %ha2 : memref<?x?xi32>
    memref.dealloc %hb2 : memref<?x?xi32>
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
