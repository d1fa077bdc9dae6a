// Two split launches in a function whose buffers are its arguments:
// smooth(a -> b) then smooth(b -> c), each over the odd rows [1, n - 1)
// step 2 of its input. Loops of another step than 1 join a run only with
// the same shares, and whether the two have them (a and b as long) is only
// known at run time: the function compares the two loops' bounds first,
// keeps the sections on the devices when they are equal, and otherwise
// runs a copy of the two launches that each move their own sections.
// @main calls it with a, b and c of 101 elements (equal shares: 26, 26,
// 26 and 21 rows over the host plugin's four devices), then with b and c
// of 103 (the lengths through memory: the compiler cannot tell them apart).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_THREAD_LIMIT=1 %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: %python %S/../Inputs/copies_per_device.py < %t.info | FileCheck %s --check-prefix=COPIES --match-full-lines

// CHECK: equal lengths: 101 of 101 elements of b and 101 of 101 of c equal to the host's
// CHECK-NEXT: b and c longer: 103 of 103 elements of b and 103 of 103 of c equal to the host's

// REMARKS: remark: split launches of @smooth keep their sections on every device present across 2 launch(es): {{.*}}; argument #0 of @smooth: rows [lo - 1, hi + 1) entered 'to', released; argument #1 of @smooth: rows [lo - 1, hi + 1) entered 'to', rows [lo, hi) copied back; argument #1 of @smooth (launch 2 of it): rows [lo, hi) entered 'to', rows [lo, hi) copied back; halo rows move device to device before 1 launch(es); when the shares of @smooth differ from those of @smooth at run time, a copy of these ops runs instead, each launch moving its own sections

// First call: each device enters its rows of a and b ([lo - 1, hi + 1),
// 28 i32 on the first three devices) and of c (its share, 26: the odd rows
// leave c's others as they were), receives one row of b from each
// neighbour, and copies back its share of b and c. Second call: each
// launch moves its own sections, a and b in and b and c back.
// COPIES: device 0: host->device 8 copies 764 bytes: 112 x4, 104 x3, 4 x1
// COPIES-NEXT: device 0: device->host 5 copies 420 bytes: 104 x4, 4 x1
// COPIES-NEXT: device 0: launches: smooth_share x4
// COPIES-NEXT: device 1: host->device 9 copies 768 bytes: 112 x4, 104 x3, 4 x2
// COPIES-NEXT: device 1: device->host 6 copies 424 bytes: 104 x4, 4 x2
// COPIES-NEXT: device 1: launches: smooth_share x4
// COPIES-NEXT: device 2: host->device 9 copies 768 bytes: 112 x4, 104 x3, 4 x2
// COPIES-NEXT: device 2: device->host 6 copies 424 bytes: 104 x4, 4 x2
// COPIES-NEXT: device 2: launches: smooth_share x4
// COPIES-NEXT: device 3: host->device 8 copies 640 bytes: 100 x1, 92 x4, 84 x2, 4 x1
// COPIES-NEXT: device 3: device->host 5 copies 348 bytes: 92 x1, 84 x3, 4 x1
// COPIES-NEXT: device 3: launches: smooth_share x4

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s: %ld of %ld elements of b and %ld of %ld of c equal to the host's\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @equal_label("equal lengths\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @longer_label("b and c longer\00") {addr_space = 0 : i32}

  // y[i] = x[i-1] + 2 x[i] + x[i+1], i in [1, len(x) - 1) step 2 (the odd
  // rows).
  offload.kernel @smooth(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %two = arith.constant 2 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c2) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi32>
      %m = memref.load %x[%i] : memref<?xi32>
      %r = memref.load %x[%ip] : memref<?xi32>
      %m2 = arith.muli %m, %two : i32
      %s1 = arith.addi %l, %m2 : i32
      %s2 = arith.addi %s1, %r : i32
      memref.store %s2, %y[%i] : memref<?xi32>
    }
    offload.return
  }

  func.func @twice(%a: memref<?xi32>, %b: memref<?xi32>, %c: memref<?xi32>) {
    offload.launch @smooth(%a, %b) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
    offload.launch @smooth(%b, %c) devices(all) : (memref<?xi32>, memref<?xi32>) -> ()
    return
  }

  func.func @host_smooth(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %two = arith.constant 2 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.for %i = %c1 to %last step %c2 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi32>
      %m = memref.load %x[%i] : memref<?xi32>
      %r = memref.load %x[%ip] : memref<?xi32>
      %m2 = arith.muli %m, %two : i32
      %s1 = arith.addi %l, %m2 : i32
      %s2 = arith.addi %s1, %r : i32
      memref.store %s2, %y[%i] : memref<?xi32>
    }
    return
  }

  // x[i] = (31 i + k) mod 89.
  func.func @init(%x: memref<?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : i32
    %c89 = arith.constant 89 : i32
    %n = memref.dim %x, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.muli %ii, %c31 : i32
      %w = arith.addi %v, %k : i32
      %r = arith.remsi %w, %c89 : i32
      memref.store %r, %x[%i] : memref<?xi32>
    }
    return
  }

  func.func @equal(%x: memref<?xi32>, %y: memref<?xi32>) -> i64 {
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

  // Runs @twice on a of `na` elements, b and c of `nb`, and the same on
  // the host; prints how many elements agree.
  func.func @check(%label: !llvm.ptr, %na: index, %nb: index) {
    %c0 = arith.constant 0 : index
    %k0 = arith.constant 0 : i32
    %k3 = arith.constant 3 : i32
    %k7 = arith.constant 7 : i32
    %a = memref.alloc(%na) : memref<?xi32>
    %b = memref.alloc(%nb) : memref<?xi32>
    %c = memref.alloc(%nb) : memref<?xi32>
    %hb = memref.alloc(%nb) : memref<?xi32>
    %hc = memref.alloc(%nb) : memref<?xi32>
    func.call @init(%a, %k0) : (memref<?xi32>, i32) -> ()
    func.call @init(%b, %k3) : (memref<?xi32>, i32) -> ()
    func.call @init(%c, %k7) : (memref<?xi32>, i32) -> ()
    func.call @init(%hb, %k3) : (memref<?xi32>, i32) -> ()
    func.call @init(%hc, %k7) : (memref<?xi32>, i32) -> ()
    func.call @twice(%a, %b, %c) : (memref<?xi32>, memref<?xi32>, memref<?xi32>) -> ()
    func.call @host_smooth(%a, %hb) : (memref<?xi32>, memref<?xi32>) -> ()
    func.call @host_smooth(%hb, %hc) : (memref<?xi32>, memref<?xi32>) -> ()
    %eqb = func.call @equal(%b, %hb) : (memref<?xi32>, memref<?xi32>) -> i64
    %eqc = func.call @equal(%c, %hc) : (memref<?xi32>, memref<?xi32>) -> i64
    %n = arith.index_cast %nb : index to i64
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %p = llvm.call @printf(%f, %label, %eqb, %n, %eqc, %n) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64) -> i32
    memref.dealloc %a : memref<?xi32>
    memref.dealloc %b : memref<?xi32>
    memref.dealloc %c : memref<?xi32>
    memref.dealloc %hb : memref<?xi32>
    memref.dealloc %hc : memref<?xi32>
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k101 = arith.constant 101 : index
    %k103 = arith.constant 103 : index
    // The lengths through memory, so that the compiler cannot tell them
    // apart once @check is inlined here.
    %lengths = memref.alloca() : memref<2xindex>
    memref.store %k101, %lengths[%c0] : memref<2xindex>
    memref.store %k103, %lengths[%c1] : memref<2xindex>
    %n101 = memref.load %lengths[%c0] : memref<2xindex>
    %n103 = memref.load %lengths[%c1] : memref<2xindex>
    %equal = llvm.mlir.addressof @equal_label : !llvm.ptr
    %longer = llvm.mlir.addressof @longer_label : !llvm.ptr
    func.call @check(%equal, %n101, %n101) : (!llvm.ptr, index, index) -> ()
    func.call @check(%longer, %n101, %n103) : (!llvm.ptr, index, index) -> ()
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
