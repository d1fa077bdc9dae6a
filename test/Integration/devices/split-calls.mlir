// Split launches in functions the program calls from loops: @sweep makes
// two stencil steps over every device (a -> b, b -> a); main calls it 50
// times in a loop, and @relax (public: a library's entry, which main also
// calls) loops over it too. offload-split-devices inlines the calls of
// functions that make split launches, so each loop keeps its sections on
// the devices as the same loop written with the launches inline does:
// each device enters its rows of both grids once per loop and copies its
// share back once, halos moving device to device in between.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: %python %S/../Inputs/copies_per_device.py < %t.info | FileCheck %s --check-prefix=COPIES --match-full-lines
//
// CHECK: 1001 of 1001 elements of a and 1001 of 1001 of b equal to the host's
//
// REMARKS-DAG: remark: call of @sweep inlined: its launches over several devices can keep their sections on the devices with those around the call
// REMARKS-DAG: remark: call of @relax inlined: its launches over several devices can keep their sections on the devices with those around the call
// REMARKS-DAG: remark: split launches of @step keep their sections on every device present across 2 launch(es) (2 in loops)
// REMARKS-DAG: remark: split launches of @step keep their sections on every device present across 4 launch(es) (4 in loops)
//
// main's loop and the inlined @relax make one run: each device enters its
// rows of both grids once (252 rows of 4 bytes, the last device 251) for
// all 140 launches, receives and sends one halo row per neighbour before
// each launch (the host plugin's copies between devices go through the
// host), and copies its share back once (before: both grids' rows in and
// out at every call).
// COPIES: device 0: host->device 142 copies 2576 bytes: 1008 x2, 4 x140
// COPIES-NEXT: device 0: device->host 142 copies 2560 bytes: 1000 x2, 4 x140
// COPIES-NEXT: device 0: launches: step_share x140
// COPIES-NEXT: device 1: host->device 282 copies 3136 bytes: 1008 x2, 4 x280
// COPIES-NEXT: device 1: device->host 282 copies 3120 bytes: 1000 x2, 4 x280
// COPIES-NEXT: device 1: launches: step_share x140
// COPIES-NEXT: device 2: host->device 282 copies 3136 bytes: 1008 x2, 4 x280
// COPIES-NEXT: device 2: device->host 282 copies 3120 bytes: 1000 x2, 4 x280
// COPIES-NEXT: device 2: launches: step_share x140
// COPIES-NEXT: device 3: host->device 142 copies 2568 bytes: 1004 x2, 4 x140
// COPIES-NEXT: device 3: device->host 142 copies 2552 bytes: 996 x2, 4 x140
// COPIES-NEXT: device 3: launches: step_share x140
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%ld of %ld elements of a and %ld of %ld of b equal to the host's\0A\00") {addr_space = 0 : i32}

  // y[i] = (x[i-1] + 2 x[i] + x[i+1] + 1) mod 1000003, i in [1, n - 1).
  offload.kernel @step(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    %k1 = arith.constant 1 : i32
    %p = arith.constant 1000003 : i32
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi32>
      %c = memref.load %x[%i] : memref<?xi32>
      %r = memref.load %x[%ip] : memref<?xi32>
      %cc = arith.addi %c, %c : i32
      %s1 = arith.addi %l, %cc : i32
      %s2 = arith.addi %s1, %r : i32
      %s3 = arith.addi %s2, %k1 : i32
      %v = arith.remui %s3, %p : i32
      memref.store %v, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  // The same point on the host.
  func.func private @point(%x: memref<?xi32>, %i: index) -> i32 {
    %c1 = arith.constant 1 : index
    %k1 = arith.constant 1 : i32
    %p = arith.constant 1000003 : i32
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %l = memref.load %x[%im] : memref<?xi32>
    %c = memref.load %x[%i] : memref<?xi32>
    %r = memref.load %x[%ip] : memref<?xi32>
    %cc = arith.addi %c, %c : i32
    %s1 = arith.addi %l, %cc : i32
    %s2 = arith.addi %s1, %r : i32
    %s3 = arith.addi %s2, %k1 : i32
    %v = arith.remui %s3, %p : i32
    return %v : i32
  }
  func.func private @sweep(%a: memref<?xi32>, %b: memref<?xi32>) {
    offload.launch @step(%a, %b) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
    offload.launch @step(%b, %a) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
    return
  }
  func.func @relax(%a: memref<?xi32>, %b: memref<?xi32>, %steps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %k = %c0 to %steps step %c1 {
      func.call @sweep(%a, %b) : (memref<?xi32>, memref<?xi32>) -> ()
    }
    return
  }
  // The same steps on the host.
  func.func private @host_step(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.for %i = %c1 to %last step %c1 {
      %v = func.call @point(%x, %i) : (memref<?xi32>, index) -> i32
      memref.store %v, %y[%i] : memref<?xi32>
    }
    return
  }
  func.func private @init(%x: memref<?xi32>, %shift: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k = arith.constant 7919 : i32
    %p = arith.constant 1000 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %m = arith.muli %ii, %k : i32
      %s = arith.addi %m, %shift : i32
      %v = arith.remui %s, %p : i32
      memref.store %v, %x[%i] : memref<?xi32>
    }
    return
  }
  func.func private @count_equal(%x: memref<?xi32>, %y: memref<?xi32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
      %u = memref.load %x[%i] : memref<?xi32>
      %v = memref.load %y[%i] : memref<?xi32>
      %eq = arith.cmpi eq, %u, %v : i32
      %inc = arith.addi %acc, %one : i64
      %next = arith.select %eq, %inc, %acc : i64
      scf.yield %next : i64
    }
    return %r : i64
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c20 = arith.constant 20 : index
    %c50 = arith.constant 50 : index
    %c70 = arith.constant 70 : index
    %n = arith.constant 1001 : index
    %k0 = arith.constant 0 : i32
    %k5 = arith.constant 5 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    %ha = memref.alloc(%n) : memref<?xi32>
    %hb = memref.alloc(%n) : memref<?xi32>
    func.call @init(%a, %k0) : (memref<?xi32>, i32) -> ()
    func.call @init(%b, %k5) : (memref<?xi32>, i32) -> ()
    func.call @init(%ha, %k0) : (memref<?xi32>, i32) -> ()
    func.call @init(%hb, %k5) : (memref<?xi32>, i32) -> ()
    // 50 sweeps from a loop here, then 20 through @relax.
    scf.for %k = %c0 to %c50 step %c1 {
      func.call @sweep(%a, %b) : (memref<?xi32>, memref<?xi32>) -> ()
    }
    func.call @relax(%a, %b, %c20) : (memref<?xi32>, memref<?xi32>, index) -> ()
    scf.for %k = %c0 to %c70 step %c1 {
      func.call @host_step(%ha, %hb) : (memref<?xi32>, memref<?xi32>) -> ()
      func.call @host_step(%hb, %ha) : (memref<?xi32>, memref<?xi32>) -> ()
    }
    %ea = func.call @count_equal(%a, %ha) : (memref<?xi32>, memref<?xi32>) -> i64
    %eb = func.call @count_equal(%b, %hb) : (memref<?xi32>, memref<?xi32>) -> i64
    %n64 = arith.index_cast %n : index to i64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %ea, %n64, %eb, %n64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64) -> i32
    memref.dealloc %a : memref<?xi32>
    memref.dealloc %b : memref<?xi32>
    memref.dealloc %ha : memref<?xi32>
    memref.dealloc %hb : memref<?xi32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
