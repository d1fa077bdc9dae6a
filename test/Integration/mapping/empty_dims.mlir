// empty_dims: a kernel whose parallel loop has two dimensions, (i, j) over
// [0, dim x) x [0, m), stores x[i]. Map inference took that for "writes
// every element and reads none" and mapped x 'from', but with m = 0 the
// loop runs no iteration, writes nothing, and the copy back replaced the
// host's x with the device's uninitialised memory; x is 'tofrom' now. (m is 0 or 1, so the stores never
// meet: 'allow_races' is only there because the race check cannot tell.)
//
//   offload-cc empty_dims.mlir -o empty_dims && ./empty_dims
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%ld %ld %ld\0A\00") {addr_space = 0 : i32}
  offload.kernel @set(%x: memref<?xi64>, %m: index) attributes {allow_races} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = arith.constant 5 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
      memref.store %v, %x[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func @run(%x: memref<?xi64>, %m: index) {
    offload.launch @set(%x, %m) : (memref<?xi64>, index) -> ()
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %seven = arith.constant 7 : i64
    %a = memref.alloc(%c3) : memref<?xi64>
    memref.store %seven, %a[%c0] : memref<?xi64>
    memref.store %seven, %a[%c1] : memref<?xi64>
    memref.store %seven, %a[%c2] : memref<?xi64>
    func.call @run(%a, %c0) : (memref<?xi64>, index) -> ()
    %x0 = memref.load %a[%c0] : memref<?xi64>
    %x1 = memref.load %a[%c1] : memref<?xi64>
    %x2 = memref.load %a[%c2] : memref<?xi64>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %x0, %x1, %x2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64) -> i32
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
