// Boxes (docs/DataMovement.md, "Sections in two dimensions"): @bump adds
// 1000 to a[i][j] for rows [r0, r1) and columns [c0, c1), the bounds given
// at run time, so each launch maps the box it reaches. Four 64 x 32 i32
// matrices, a[i][j] = 100 i + j, one launch each:
//   - m1: rows [8, 40) x columns [4, 12), narrower than its rows: one copy
//     of 32 bytes per row each way (32 rows);
//   - m2: rows [48, 50) x columns [0, 32), as wide as its rows: one
//     contiguous copy of 256 bytes each way;
//   - m3: row 60, columns [3, 29): one copy of 104 bytes each way;
//   - m4: rows [16, 48) x columns [20, 28) over devices(all): four shares
//     of 8 rows, each device copying its 8 row pieces of 32 bytes each way.
// Every element of every matrix is checked: 2048 per matrix, inside the
// box bumped, outside as the host wrote it (what a device allocated but
// never received must not come back). Run through the runtime on the host
// device, with offloading disabled (the host copies), and counted (with one
// host thread: the messages of m4's devices, which run at the same time,
// interleave otherwise).
//
// REQUIRES: libomptarget
// RUN: offload-cc %s --offload-remarks -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t | FileCheck %s
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s
// RUN: env LIBOMPTARGET_INFO=-1 OMP_THREAD_LIMIT=1 %t 2> %t.info > /dev/null
// RUN: grep -o "from host to device.*Size=[0-9]*" %t.info | sed "s/.*Size=//" | sort -n | uniq -c | FileCheck %s --check-prefix=IN
// RUN: grep -o "from device to host.*Size=[0-9]*" %t.info | sed "s/.*Size=//" | sort -n | uniq -c | FileCheck %s --check-prefix=OUT

// CHECK: m1 2048 m2 2048 m3 2048 m4 2048 of 2048

// REMARKS-DAG: remark: argument #4 mapped 'tofrom': kernel @bump reads and writes it; only the box its parallel loop reaches moves, rows [lb, ub) of dimension 0 by columns [lb, ub) of dimension 1 (one copy per row where the gaps between rows exceed a sixteenth of a row)
// REMARKS-DAG: remark: launch of @bump split over every device present
// REMARKS-DAG: remark: argument #4 mapped 'tofrom': kernel @bump_share reads and writes it; only the box its parallel loop reaches moves

// 32 + 32 pieces of 32 bytes (m1, m4), one of 104 (m3) and one of 256
// (m2), each way; nothing else.
// IN: {{^ *}}64 32{{$}}
// IN-NEXT: {{^ *}}1 104{{$}}
// IN-NEXT: {{^ *}}1 256{{$}}
// IN-NOT: {{.}}
// OUT: {{^ *}}64 32{{$}}
// OUT-NEXT: {{^ *}}1 104{{$}}
// OUT-NEXT: {{^ *}}1 256{{$}}
// OUT-NOT: {{.}}

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @bump(%r0: index, %r1: index, %c0: index, %c1: index,
                       %a: memref<?x?xi32>) {
    %one = arith.constant 1 : index
    %k = arith.constant 1000 : i32
    scf.parallel (%i, %j) = (%r0, %c0) to (%r1, %c1) step (%one, %one) {
      %x = memref.load %a[%i, %j] : memref<?x?xi32>
      %y = arith.addi %x, %k : i32
      memref.store %y, %a[%i, %j] : memref<?x?xi32>
    }
    offload.return
  }

  func.func @fill(%a: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %m = memref.dim %a, %c0 : memref<?x?xi32>
    %n = memref.dim %a, %c1 : memref<?x?xi32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %r = arith.muli %i, %c100 : index
        %v = arith.addi %r, %j : index
        %vi = arith.index_cast %v : index to i32
        memref.store %vi, %a[%i, %j] : memref<?x?xi32>
      }
    }
    return
  }

  /// How many elements hold what they should after @bump over the box.
  func.func @check(%a: memref<?x?xi32>, %r0: index, %r1: index, %c0: index,
                   %c1: index) -> index {
    %z = arith.constant 0 : index
    %one = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %k = arith.constant 1000 : i32
    %m = memref.dim %a, %z : memref<?x?xi32>
    %n = memref.dim %a, %one : memref<?x?xi32>
    %ok = scf.for %i = %z to %m step %one iter_args(%count = %z) -> index {
      %row = scf.for %j = %z to %n step %one iter_args(%cnt = %count) -> index {
        %r = arith.muli %i, %c100 : index
        %v = arith.addi %r, %j : index
        %vi = arith.index_cast %v : index to i32
        %bumped = arith.addi %vi, %k : i32
        %ge = arith.cmpi uge, %i, %r0 : index
        %lt = arith.cmpi ult, %i, %r1 : index
        %gej = arith.cmpi uge, %j, %c0 : index
        %ltj = arith.cmpi ult, %j, %c1 : index
        %in0 = arith.andi %ge, %lt : i1
        %in1 = arith.andi %gej, %ltj : i1
        %in = arith.andi %in0, %in1 : i1
        %expect = arith.select %in, %bumped, %vi : i32
        %got = memref.load %a[%i, %j] : memref<?x?xi32>
        %eq = arith.cmpi eq, %got, %expect : i32
        %inc = arith.addi %cnt, %one : index
        %next = arith.select %eq, %inc, %cnt : index
        scf.yield %next : index
      }
      scf.yield %row : index
    }
    return %ok : index
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("m1 %ld m2 %ld m3 %ld m4 %ld of %ld\0A\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %c20 = arith.constant 20 : index
    %c28 = arith.constant 28 : index
    %c29 = arith.constant 29 : index
    %c32 = arith.constant 32 : index
    %c40 = arith.constant 40 : index
    %c48 = arith.constant 48 : index
    %c50 = arith.constant 50 : index
    %c60 = arith.constant 60 : index
    %c61 = arith.constant 61 : index
    %c64 = arith.constant 64 : index
    %m1 = memref.alloc(%c64, %c32) : memref<?x?xi32>
    %m2 = memref.alloc(%c64, %c32) : memref<?x?xi32>
    %m3 = memref.alloc(%c64, %c32) : memref<?x?xi32>
    %m4 = memref.alloc(%c64, %c32) : memref<?x?xi32>
    func.call @fill(%m1) : (memref<?x?xi32>) -> ()
    func.call @fill(%m2) : (memref<?x?xi32>) -> ()
    func.call @fill(%m3) : (memref<?x?xi32>) -> ()
    func.call @fill(%m4) : (memref<?x?xi32>) -> ()
    offload.launch @bump(%c8, %c40, %c4, %c12, %m1) : (index, index, index, index, memref<?x?xi32>) -> ()
    offload.launch @bump(%c48, %c50, %c0, %c32, %m2) : (index, index, index, index, memref<?x?xi32>) -> ()
    offload.launch @bump(%c60, %c61, %c3, %c29, %m3) : (index, index, index, index, memref<?x?xi32>) -> ()
    offload.launch @bump(%c16, %c48, %c20, %c28, %m4) devices(all) : (index, index, index, index, memref<?x?xi32>) -> ()
    %k1 = func.call @check(%m1, %c8, %c40, %c4, %c12) : (memref<?x?xi32>, index, index, index, index) -> index
    %k2 = func.call @check(%m2, %c48, %c50, %c0, %c32) : (memref<?x?xi32>, index, index, index, index) -> index
    %k3 = func.call @check(%m3, %c60, %c61, %c3, %c29) : (memref<?x?xi32>, index, index, index, index) -> index
    %k4 = func.call @check(%m4, %c16, %c48, %c20, %c28) : (memref<?x?xi32>, index, index, index, index) -> index
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    %n = arith.muli %c64, %c32 : index
    %k164 = arith.index_cast %k1 : index to i64
    %k264 = arith.index_cast %k2 : index to i64
    %k364 = arith.index_cast %k3 : index to i64
    %k464 = arith.index_cast %k4 : index to i64
    %n64 = arith.index_cast %n : index to i64
    llvm.call @printf(%f, %k164, %k264, %k364, %k464, %n64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64) -> i32
    memref.dealloc %m1 : memref<?x?xi32>
    memref.dealloc %m2 : memref<?x?xi32>
    memref.dealloc %m3 : memref<?x?xi32>
    memref.dealloc %m4 : memref<?x?xi32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
