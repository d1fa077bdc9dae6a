// section_loop: 5 iterations of three launches that all reach only
// [lo, hi) = [1000, 90000) of x (100000 i32) and of a temporary t:
// t = x + 1, t = 2 t, x = t. The compiler keeps only that section of x on
// the device around the loop (entered and copied back once, 356000 bytes
// each way), and only allocates t's: each iteration's first launch writes
// all of it before anything reads it. Every element of x is checked:
// x[i] = i outside [lo, hi), 32 i + 62 inside.
//
//   offload-cc section_loop.mlir -o section_loop && ./section_loop
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  // y[i] = x[i] + c on [lo, hi).
  offload.kernel @add(%x: memref<?xi32>, %y: memref<?xi32>, %lo: index, %hi: index, %c: i32) {
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%lo) to (%hi) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32>
      %u = arith.addi %v, %c : i32
      memref.store %u, %y[%i] : memref<?xi32>
    }
    offload.return
  }

  // x[i] = 2 x[i] on [lo, hi).
  offload.kernel @twice(%x: memref<?xi32>, %lo: index, %hi: index) {
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i32
    scf.parallel (%i) = (%lo) to (%hi) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32>
      %u = arith.muli %v, %two : i32
      memref.store %u, %x[%i] : memref<?xi32>
    }
    offload.return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("section_loop: n = %ld, 5 iterations on [%ld, %ld): %ld of %ld elements as expected: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %n = arith.constant 100000 : index
    %lo = arith.constant 1000 : index
    %hi = arith.constant 90000 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %x[%i] : memref<?xi32>
    }
    %t = memref.alloc(%n) : memref<?xi32>
    scf.for %it = %c0 to %c5 step %c1 {
      offload.launch @add(%x, %t, %lo, %hi, %one) : (memref<?xi32>, memref<?xi32>, index, index, i32) -> ()
      offload.launch @twice(%t, %lo, %hi) : (memref<?xi32>, index, index) -> ()
      offload.launch @add(%t, %x, %lo, %hi, %zero) : (memref<?xi32>, memref<?xi32>, index, index, i32) -> ()
    }
    memref.dealloc %t : memref<?xi32>
    %zero64 = arith.constant 0 : i64
    %one64 = arith.constant 1 : i64
    %c32 = arith.constant 32 : i32
    %c62 = arith.constant 62 : i32
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero64) -> i64 {
      %v = arith.index_cast %i : index to i32
      %in0 = arith.cmpi sge, %i, %lo : index
      %in1 = arith.cmpi slt, %i, %hi : index
      %in = arith.andi %in0, %in1 : i1
      %m = arith.muli %v, %c32 : i32
      %s = arith.addi %m, %c62 : i32
      %e = arith.select %in, %s, %v : i32
      %g = memref.load %x[%i] : memref<?xi32>
      %eq = arith.cmpi eq, %g, %e : i32
      %inc = arith.addi %acc, %one64 : i64
      %next = arith.select %eq, %inc, %acc : i64
      scf.yield %next : i64
    }
    %n64 = arith.index_cast %n : index to i64
    %lo64 = arith.index_cast %lo : index to i64
    %hi64 = arith.index_cast %hi : index to i64
    %all = arith.cmpi eq, %ok, %n64 : i64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %passp = llvm.mlir.addressof @pass : !llvm.ptr
    %failp = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = llvm.select %all, %passp, %failp : i1, !llvm.ptr
    llvm.call @printf(%fmt, %n64, %lo64, %hi64, %ok, %n64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr) -> i32
    memref.dealloc %x : memref<?xi32>
    %o = arith.constant 1 : i32
    %rc = arith.select %all, %zero, %o : i32
    return %rc : i32
  }
}
