// A loop of launches on a and b, then a call of a recursive function that
// launches on them too. The recursive function only launches on them and
// passes them on to itself, so its copy can be entered with them on the
// device: they enter once before the loop and leave once after the call.
// rec_after_loop.test compares the copies with those of the C + OpenMP twin
// rec_after_loop.c.
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global internal constant @result("rec_after_loop: n = %ld, a[i] == %d and b[i] == %d for %ld and %ld of %ld elements: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @fail("FAIL\00") {addr_space = 0 : i32}

  // b[i] += a[i]
  offload.kernel @inc(%a: memref<?xi32>, %b: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = memref.load %a[%i] : memref<?xi32>
      %y = memref.load %b[%i] : memref<?xi32>
      %s = arith.addi %x, %y : i32
      memref.store %s, %b[%i] : memref<?xi32>
    }
    offload.return
  }

  func.func private @rec(%a: memref<?xi32>, %b: memref<?xi32>, %d: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %go = arith.cmpi sgt, %d, %c0 : index
    scf.if %go {
      offload.launch @inc(%a, %b) : (memref<?xi32>, memref<?xi32>) -> ()
      %d1 = arith.subi %d, %c1 : index
      func.call @rec(%a, %b, %d1) : (memref<?xi32>, memref<?xi32>, index) -> ()
    }
    return
  }

  // How many elements of `buf` hold `v`.
  func.func private @count(%buf: memref<?xi32>, %v: i32) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %buf, %c0 : memref<?xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
      %x = memref.load %buf[%i] : memref<?xi32>
      %eq = arith.cmpi eq, %x, %v : i32
      %inc = arith.addi %acc, %one : i64
      %next = arith.select %eq, %inc, %acc : i64
      scf.yield %next : i64
    }
    return %r : i64
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 1048576 : index
    %one = arith.constant 1 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %one, %a[%i] : memref<?xi32>
      memref.store %one, %b[%i] : memref<?xi32>
    }
    scf.for %s = %c0 to %c10 step %c1 {
      offload.launch @inc(%a, %b) : (memref<?xi32>, memref<?xi32>) -> ()
      offload.launch @inc(%b, %a) : (memref<?xi32>, memref<?xi32>) -> ()
    }
    func.call @rec(%a, %b, %c2) : (memref<?xi32>, memref<?xi32>, index) -> ()

    // The same steps on one pair of scalars.
    %ea, %eb = scf.for %s = %c0 to %c10 step %c1
        iter_args(%x = %one, %y = %one) -> (i32, i32) {
      %y1 = arith.addi %x, %y : i32
      %x1 = arith.addi %y1, %x : i32
      scf.yield %x1, %y1 : i32, i32
    }
    %eb1 = arith.addi %ea, %eb : i32
    %eb2 = arith.addi %ea, %eb1 : i32

    %na = func.call @count(%a, %ea) : (memref<?xi32>, i32) -> i64
    %nb = func.call @count(%b, %eb2) : (memref<?xi32>, i32) -> i64
    %n64 = arith.index_cast %n : index to i64
    %oka = arith.cmpi eq, %na, %n64 : i64
    %okb = arith.cmpi eq, %nb, %n64 : i64
    %all = arith.andi %oka, %okb : i1
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %passp = llvm.mlir.addressof @pass : !llvm.ptr
    %failp = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = llvm.select %all, %passp, %failp : i1, !llvm.ptr
    llvm.call @printf(%fmt, %n64, %ea, %eb2, %na, %nb, %n64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i32, i32, i64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?xi32>
    memref.dealloc %b : memref<?xi32>
    %z = arith.constant 0 : i32
    %rc = arith.select %all, %z, %one : i32
    return %rc : i32
  }
}
