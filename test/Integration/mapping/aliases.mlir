// Other names of a buffer, which map inference and hoisting must see as
// uses of it (docs/DataMovement.md, "Other names of a buffer"):
//   1. a view yielded by scf.if: the host reads what a launch wrote through
//      it, so the launch maps the buffer 'from', not 'alloc';
//   2. the same, between two launches that keep the buffer on the device:
//      the read gets its update;
//   3. the buffer's address taken (memref.extract_aligned_pointer_as_index)
//      before a call that fills it, and read through that pointer after:
//      the fill comes back;
//   4. a function that launches on %x and stores through %y, called with one
//      buffer as both: %x is kept on the device only when the two do not
//      overlap (checked at run time), so the store is not lost.
// Each result is exact, also with offloading disabled (the host runs it
// all): aliases.test.

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("aliases: yielded %d, between launches %d, through a pointer %d, passed twice %d and %d\0A\00") {addr_space = 0 : i32}

  // a[i] = s
  offload.kernel @fill(%a: memref<?xi32>, %s: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %s, %a[%i] : memref<?xi32>
    }
    offload.return
  }
  // a[i] = a[i] + 1
  offload.kernel @inc(%a: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xi32>
      %r = arith.addi %v, %one : i32
      memref.store %r, %a[%i] : memref<?xi32>
    }
    offload.return
  }
  // a[i] = 3 a[i] + 1
  offload.kernel @mul3p1(%a: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %three = arith.constant 3 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xi32>
      %m = arith.muli %v, %three : i32
      %r = arith.addi %m, %one : i32
      memref.store %r, %a[%i] : memref<?xi32>
    }
    offload.return
  }

  func.func private @produce(%t: memref<?xi32>, %v: i32) {
    offload.launch @fill(%t, %v) : (memref<?xi32>, i32) -> ()
    return
  }

  // x + 1, then y[0] = v, then 3 x + 1: with x and y one buffer of zeros,
  // x[0] = 3 v + 1.
  func.func @steps(%x: memref<?xi32>, %y: memref<?xi32>, %v: i32) {
    %c0 = arith.constant 0 : index
    offload.launch @inc(%x) : (memref<?xi32>) -> ()
    memref.store %v, %y[%c0] : memref<?xi32>
    offload.launch @mul3p1(%x) : (memref<?xi32>) -> ()
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %n = arith.constant 16 : index
    %zero = arith.constant 0 : i32
    %five = arith.constant 5 : i32
    %six = arith.constant 6 : i32
    %twelve = arith.constant 12 : i32
    %flag = arith.constant true

    // 1. Read through what scf.if yields.
    %a = memref.alloc(%n) : memref<?xi32>
    %other = memref.alloc(%n) : memref<?xi32>
    %sa = scf.if %flag -> (memref<?xi32>) {
      scf.yield %a : memref<?xi32>
    } else {
      scf.yield %other : memref<?xi32>
    }
    offload.launch @fill(%a, %twelve) : (memref<?xi32>, i32) -> ()
    %r1 = memref.load %sa[%c5] : memref<?xi32>

    // 2. The same between two launches on the buffer.
    %b = memref.alloc(%n) : memref<?xi32>
    %sb = scf.if %flag -> (memref<?xi32>) {
      scf.yield %b : memref<?xi32>
    } else {
      scf.yield %other : memref<?xi32>
    }
    offload.launch @fill(%b, %twelve) : (memref<?xi32>, i32) -> ()
    offload.launch @inc(%b) : (memref<?xi32>) -> ()
    %r2 = memref.load %sb[%c5] : memref<?xi32>
    offload.launch @inc(%b) : (memref<?xi32>) -> ()

    // 3. Through a pointer taken before the call that fills it.
    %t = memref.alloc(%n) : memref<?xi32>
    %p = memref.extract_aligned_pointer_as_index %t : memref<?xi32> -> index
    func.call @produce(%t, %six) : (memref<?xi32>, i32) -> ()
    %pi = arith.index_cast %p : index to i64
    %ptr = llvm.inttoptr %pi : i64 to !llvm.ptr
    %r3 = llvm.load %ptr : !llvm.ptr -> i32

    // 4. One buffer as both arguments of @steps (through an scf.if, so the
    // call itself cannot tell), and once directly.
    %x = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %x[%i] : memref<?xi32>
    }
    %sx = scf.if %flag -> (memref<?xi32>) {
      scf.yield %x : memref<?xi32>
    } else {
      scf.yield %other : memref<?xi32>
    }
    func.call @steps(%sx, %sx, %five) : (memref<?xi32>, memref<?xi32>, i32) -> ()
    %r4 = memref.load %x[%c0] : memref<?xi32>
    %w = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %w[%i] : memref<?xi32>
    }
    func.call @steps(%w, %w, %five) : (memref<?xi32>, memref<?xi32>, i32) -> ()
    %r5 = memref.load %w[%c0] : memref<?xi32>

    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %r1, %r2, %r3, %r4, %r5) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32) -> i32
    memref.dealloc %a : memref<?xi32>
    memref.dealloc %b : memref<?xi32>
    memref.dealloc %t : memref<?xi32>
    memref.dealloc %x : memref<?xi32>
    memref.dealloc %w : memref<?xi32>
    memref.dealloc %other : memref<?xi32>
    return %zero : i32
  }
}
