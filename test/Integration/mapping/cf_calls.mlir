// A function written as a control-flow graph, as front ends emitting
// blocks write it: an early return when there is nothing to do, then a
// loop of two stencil launches as header and body blocks. main calls it
// four times and reads one element after each call. offload-lift-control-
// flow makes its body structured (scf.if, scf.while), so the buffers stay
// on the device across its loop and across the calls, as for the function
// written with scf. cf_calls.test compares the copies with those of the
// C + OpenMP twin cf_calls.c.
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global internal constant @fmt("cf_calls: after %ld steps a[5] = %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @fmt_end("cf_calls: a[65536] = %ld\0A\00") {addr_space = 0 : i32}

  // y[i] = (x[i-1] + 2 x[i] + x[i+1]) % 1000003 on [1, n - 1)
  offload.kernel @smooth(%x: memref<?xi64>, %y: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i64
    %m = arith.constant 1000003 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c1) to (%last) step (%c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = memref.load %x[%im] : memref<?xi64>
      %c = memref.load %x[%i] : memref<?xi64>
      %r = memref.load %x[%ip] : memref<?xi64>
      %c2 = arith.muli %c, %two : i64
      %s0 = arith.addi %l, %c2 : i64
      %s1 = arith.addi %s0, %r : i64
      %v = arith.remsi %s1, %m : i64
      memref.store %v, %y[%i] : memref<?xi64>
    }
    offload.return
  }

  func.func private @relax(%a: memref<?xi64>, %b: memref<?xi64>, %steps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %none = arith.cmpi eq, %steps, %c0 : index
    cf.cond_br %none, ^done, ^header(%c0 : index)
  ^header(%i: index):
    %more = arith.cmpi ult, %i, %steps : index
    cf.cond_br %more, ^body, ^done
  ^body:
    offload.launch @smooth(%a, %b) : (memref<?xi64>, memref<?xi64>) -> ()
    offload.launch @smooth(%b, %a) : (memref<?xi64>, memref<?xi64>) -> ()
    %next = arith.addi %i, %c1 : index
    cf.br ^header(%next : index)
  ^done:
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c25 = arith.constant 25 : index
    %c65536 = arith.constant 65536 : index
    %c7 = arith.constant 7 : index
    %n = arith.constant 131072 : index
    %a = memref.alloc(%n) : memref<?xi64>
    %b = memref.alloc(%n) : memref<?xi64>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c7 : index
      %x = arith.index_cast %r : index to i64
      memref.store %x, %a[%i] : memref<?xi64>
      memref.store %x, %b[%i] : memref<?xi64>
    }
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    // Steps 25, 0, 25, 25: the second call returns early.
    scf.for %k = %c0 to %c4 step %c1 {
      %odd = arith.cmpi eq, %k, %c1 : index
      %steps = arith.select %odd, %c0, %c25 : index
      func.call @relax(%a, %b, %steps) : (memref<?xi64>, memref<?xi64>, index) -> ()
      %x = memref.load %a[%c5] : memref<?xi64>
      %s = arith.index_cast %steps : index to i64
      llvm.call @printf(%fmt, %s, %x) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    }
    %y = memref.load %a[%c65536] : memref<?xi64>
    %fe = llvm.mlir.addressof @fmt_end : !llvm.ptr
    llvm.call @printf(%fe, %y) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64) -> i32
    memref.dealloc %a : memref<?xi64>
    memref.dealloc %b : memref<?xi64>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
