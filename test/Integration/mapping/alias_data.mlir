// alias_data: data ops a user wrote ('to' one argument, 'from' or 'alloc'
// another) in functions called through a pointer with one buffer as both
// arguments, or with distinct buffers. libomptarget maps the buffer once,
// for the first clause: the region's results did not come back (0 of
// 1000), and 'alloc' before 'to' left the launch reading uninitialised
// device memory. Where the clauses' bytes overlap each takes the other's
// copies.
//
//   offload-cc alias_data.mlir -o alias_data && ./alias_data
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%s: %ld %ld %ld, %ld of %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @t0("region(a, a)\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @t1("enter/exit(a, a)\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @t2("region(b, c)\00") {addr_space = 0 : i32}
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
  // y = 2 x + 1, in a region mapping x 'to' and y 'from'.
  func.func @region(%x: memref<?xi64>, %y: memref<?xi64>) {
    offload.data map(to: %x : memref<?xi64>, from: %y : memref<?xi64>) {
      offload.launch @aff(%x, %y) : (memref<?xi64>, memref<?xi64>) -> ()
    }
    return
  }
  // The same with enter_data (y 'alloc' first) and exit_data.
  func.func @enterexit(%x: memref<?xi64>, %y: memref<?xi64>) {
    offload.enter_data map(alloc: %y : memref<?xi64>, to: %x : memref<?xi64>)
    offload.launch @aff(%x, %y) : (memref<?xi64>, memref<?xi64>) -> ()
    offload.exit_data map(from: %y : memref<?xi64>, release: %x : memref<?xi64>)
    return
  }
  func.func private @report(%tag: !llvm.ptr, %x: memref<?xi64>, %scale: i64, %offset: i64) {
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
      %eq = arith.cmpi eq, %v, %e : i64
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
    %n = arith.constant 1000 : index
    %a = memref.alloc(%n) : memref<?xi64>
    %two = arith.constant 2 : i64
    %one = arith.constant 1 : i64
    func.call @iota(%a) : (memref<?xi64>) -> ()
    %r = func.constant @region : (memref<?xi64>, memref<?xi64>) -> ()
    func.call_indirect %r(%a, %a) : (memref<?xi64>, memref<?xi64>) -> ()
    %t0 = llvm.mlir.addressof @t0 : !llvm.ptr
    func.call @report(%t0, %a, %two, %one) : (!llvm.ptr, memref<?xi64>, i64, i64) -> ()
    func.call @iota(%a) : (memref<?xi64>) -> ()
    %e = func.constant @enterexit : (memref<?xi64>, memref<?xi64>) -> ()
    func.call_indirect %e(%a, %a) : (memref<?xi64>, memref<?xi64>) -> ()
    %t1 = llvm.mlir.addressof @t1 : !llvm.ptr
    func.call @report(%t1, %a, %two, %one) : (!llvm.ptr, memref<?xi64>, i64, i64) -> ()
    %b = memref.alloc(%n) : memref<?xi64>
    %c = memref.alloc(%n) : memref<?xi64>
    func.call @iota(%b) : (memref<?xi64>) -> ()
    func.call_indirect %r(%b, %c) : (memref<?xi64>, memref<?xi64>) -> ()
    %t2 = llvm.mlir.addressof @t2 : !llvm.ptr
    func.call @report(%t2, %c, %two, %one) : (!llvm.ptr, memref<?xi64>, i64, i64) -> ()
    %z = arith.constant 0 : i32
    return %z : i32
  }
}
