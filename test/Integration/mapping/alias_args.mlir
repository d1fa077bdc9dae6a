// alias_args: functions whose launches read one buffer argument and write
// another, called with one buffer as both (the same memref, or a section of
// it), where the function cannot see it: through a function pointer, so
// that nothing is kept on the device around the calls. Each launch then
// maps the buffer twice, 'to' and 'from'; libomptarget maps it once, for
// the first, and copied nothing back: the results were lost. Where the two
// overlap at run time, each takes the other's copies.
//
//   offload-cc alias_args.mlir -o alias_args && ./alias_args
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s: %ld %ld %ld, %ld of %ld as expected\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @same("scale(a, a)\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @section("shift(a, a[1:])\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @direct("scale(b, b) x3, called directly\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @distinct("scale(b, c)\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @boxfmt("box(m, m): %ld of %ld as expected\0A\00") {addr_space = 0 : i32}
  // y[i] = 2 x[i] + 1
  offload.kernel @aff(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %y, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = arith.muli %v, %two : i64
      %u = arith.addi %w, %one : i64
      memref.store %u, %y[%i] : memref<?xi64>
    }
    offload.return
  }
  // y[i] = x[i + 1] + 10, for the n - 1 elements of y.
  offload.kernel @shifted(%x: memref<?xi64>, %y: memref<?xi64, strided<[1], offset: ?>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ten = arith.constant 10 : i64
    %n = memref.dim %y, %c0 : memref<?xi64, strided<[1], offset: ?>>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %j = arith.addi %i, %c1 : index
      %v = memref.load %x[%j] : memref<?xi64>
      %u = arith.addi %v, %ten : i64
      memref.store %u, %y[%i] : memref<?xi64, strided<[1], offset: ?>>
    }
    offload.return
  }
  // y[i][j] = x[i][j] + 1 on rows [2, 6) and columns [3, 7) (a box: each
  // row maps only its 4 elements).
  offload.kernel @boxinc(%x: memref<?x?xi64>, %y: memref<?x?xi64>) {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    scf.parallel (%i, %j) = (%c2, %c3) to (%c6, %c7) step (%c1, %c1) {
      %v = memref.load %x[%i, %j] : memref<?x?xi64>
      %w = arith.addi %v, %one : i64
      memref.store %w, %y[%i, %j] : memref<?x?xi64>
    }
    offload.return
  }
  func.func @box_step(%x: memref<?x?xi64>, %y: memref<?x?xi64>) {
    offload.launch @boxinc(%x, %y) : (memref<?x?xi64>, memref<?x?xi64>) -> ()
    return
  }
  func.func @scale(%x: memref<?xi64>, %y: memref<?xi64>) {
    offload.launch @aff(%x, %y) : (memref<?xi64>, memref<?xi64>) -> ()
    return
  }
  func.func @shift(%x: memref<?xi64>, %y: memref<?xi64, strided<[1], offset: ?>>) {
    offload.launch @shifted(%x, %y) : (memref<?xi64>, memref<?xi64, strided<[1], offset: ?>>) -> ()
    return
  }
  // Prints x[0], x[n/2], x[n-1] and how many x[i] equal scale * i + offset
  // (from element `from` on; those before equal i).
  func.func private @report(%tag: !llvm.ptr, %x: memref<?xi64>, %scale: i64, %offset: i64, %from: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %x[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %s = arith.muli %ii, %scale : i64
      %e = arith.addi %s, %offset : i64
      %before = arith.cmpi ult, %i, %from : index
      %want = arith.select %before, %ii, %e : i64
      %eq = arith.cmpi eq, %v, %want : i64
      %inc = arith.addi %acc, %one : i64
      %r = arith.select %eq, %inc, %acc : i64
      scf.yield %r : i64
    }
    %half = arith.divui %n, %c2 : index
    %last = arith.subi %n, %c1 : index
    %v0 = memref.load %x[%c0] : memref<?xi64>
    %vh = memref.load %x[%half] : memref<?xi64>
    %vl = memref.load %x[%last] : memref<?xi64>
    %n64 = arith.index_cast %n : index to i64
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %tag, %v0, %vh, %vl, %ok, %n64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64) -> i32
    return
  }
  func.func private @iota(%x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i64
      memref.store %ii, %x[%i] : memref<?xi64>
    }
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %n = arith.constant 100000 : index
    %m = arith.constant 99999 : index
    %z = arith.constant 0 : i64
    %a = memref.alloc(%n) : memref<?xi64>
    %b = memref.alloc(%n) : memref<?xi64>
    %c = memref.alloc(%n) : memref<?xi64>
    %two = arith.constant 2 : i64
    %one = arith.constant 1 : i64
    %eight = arith.constant 8 : i64
    %seven = arith.constant 7 : i64
    %eleven = arith.constant 11 : i64
    %three = arith.constant 3 : i64

    // Through a pointer: the callee maps a as x ('to') and as y ('from').
    func.call @iota(%a) : (memref<?xi64>) -> ()
    %scale = func.constant @scale : (memref<?xi64>, memref<?xi64>) -> ()
    func.call_indirect %scale(%a, %a) : (memref<?xi64>, memref<?xi64>) -> ()
    %t0 = llvm.mlir.addressof @same : !llvm.ptr
    func.call @report(%t0, %a, %two, %one, %c0) : (!llvm.ptr, memref<?xi64>, i64, i64, index) -> ()

    // y = a[1:], y[i] = x[i + 1] + 10: each element of a from 1 on becomes
    // its index + 10 (each reads and writes only its own element).
    func.call @iota(%a) : (memref<?xi64>) -> ()
    %tail1 = memref.subview %a[1] [%m] [1] : memref<?xi64> to memref<?xi64, strided<[1], offset: 1>>
    %tail = memref.cast %tail1 : memref<?xi64, strided<[1], offset: 1>> to memref<?xi64, strided<[1], offset: ?>>
    %shift = func.constant @shift : (memref<?xi64>, memref<?xi64, strided<[1], offset: ?>>) -> ()
    func.call_indirect %shift(%a, %tail) : (memref<?xi64>, memref<?xi64, strided<[1], offset: ?>>) -> ()
    %t1 = llvm.mlir.addressof @section : !llvm.ptr
    %ten = arith.constant 10 : i64
    func.call @report(%t1, %a, %one, %ten, %c1) : (!llvm.ptr, memref<?xi64>, i64, i64, index) -> ()

    // Called directly, three times: b = 8 b + 7.
    func.call @iota(%b) : (memref<?xi64>) -> ()
    scf.for %k = %c0 to %c3 step %c1 {
      func.call @scale(%b, %b) : (memref<?xi64>, memref<?xi64>) -> ()
    }
    %t2 = llvm.mlir.addressof @direct : !llvm.ptr
    func.call @report(%t2, %b, %eight, %seven, %c0) : (!llvm.ptr, memref<?xi64>, i64, i64, index) -> ()

    // Distinct buffers through the pointer: c = 2 b + 1 = 16 i + 15.
    func.call_indirect %scale(%b, %c) : (memref<?xi64>, memref<?xi64>) -> ()
    %t3 = llvm.mlir.addressof @distinct : !llvm.ptr
    %sixteen = arith.constant 16 : i64
    %fifteen = arith.constant 15 : i64
    func.call @report(%t3, %c, %sixteen, %fifteen, %c0) : (!llvm.ptr, memref<?xi64>, i64, i64, index) -> ()
    // A 16 x 16 matrix m[i][j] = 16 i + j, box_step(m, m) through the
    // pointer: the box's 16 elements + 1, the others unchanged.
    %c16 = arith.constant 16 : index
    %m2 = memref.alloc(%c16, %c16) : memref<?x?xi64>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %k = arith.muli %i, %c16 : index
        %kj = arith.addi %k, %j : index
        %v = arith.index_cast %kj : index to i64
        memref.store %v, %m2[%i, %j] : memref<?x?xi64>
      }
    }
    %boxstep = func.constant @box_step : (memref<?x?xi64>, memref<?x?xi64>) -> ()
    func.call_indirect %boxstep(%m2, %m2) : (memref<?x?xi64>, memref<?x?xi64>) -> ()
    %c2i = arith.constant 2 : index
    %c6i = arith.constant 6 : index
    %c7i = arith.constant 7 : index
    %good = scf.for %i = %c0 to %c16 step %c1 iter_args(%g = %z) -> i64 {
      %row = scf.for %j = %c0 to %c16 step %c1 iter_args(%h = %g) -> i64 {
        %k = arith.muli %i, %c16 : index
        %kj = arith.addi %k, %j : index
        %base = arith.index_cast %kj : index to i64
        %r0 = arith.cmpi uge, %i, %c2i : index
        %r1 = arith.cmpi ult, %i, %c6i : index
        %q0 = arith.cmpi uge, %j, %c3 : index
        %q1 = arith.cmpi ult, %j, %c7i : index
        %in0 = arith.andi %r0, %r1 : i1
        %in1 = arith.andi %q0, %q1 : i1
        %in = arith.andi %in0, %in1 : i1
        %plus = arith.addi %base, %one : i64
        %want = arith.select %in, %plus, %base : i64
        %v = memref.load %m2[%i, %j] : memref<?x?xi64>
        %eq = arith.cmpi eq, %v, %want : i64
        %inc = arith.addi %h, %one : i64
        %nh = arith.select %eq, %inc, %h : i64
        scf.yield %nh : i64
      }
      scf.yield %row : i64
    }
    %all = arith.constant 256 : i64
    %bf = llvm.mlir.addressof @boxfmt : !llvm.ptr
    llvm.call @printf(%bf, %good, %all) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    memref.dealloc %m2 : memref<?x?xi64>
    memref.dealloc %a : memref<?xi64>
    memref.dealloc %b : memref<?xi64>
    memref.dealloc %c : memref<?xi64>
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
