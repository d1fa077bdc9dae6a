// host_loop_calls_main: a host loop in main stores a[i] = get0(a) + 1 between two launches on a,
// where the helper @get0 reads a[0].
// The buffer stays on the device across the launches; the loop's updates
// (all of it back before, all of it in after) make the host's copy the
// buffer's contents inside it, so the helper it calls runs as written: its
// resident copy updated elements from the device inside the loop, over
// what the host had stored in an earlier iteration (found by a probe of
// hand-written programs).
//
//   offload-cc host_loop_calls_main.mlir -o host_loop_calls_main && ./host_loop_calls_main
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("%ld %ld %ld\0A\00") {addr_space = 0 : i32}
  offload.kernel @inc(%x: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi64>
      %w = arith.addi %v, %one : i64
      memref.store %w, %x[%i] : memref<?xi64>
    }
    offload.return
  }
  func.func private @get0(%x: memref<?xi64>) -> i64 {
    %c0 = arith.constant 0 : index
    %v = memref.load %x[%c0] : memref<?xi64>
    return %v : i64
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %z = arith.constant 0 : i64
    %a = memref.alloc(%c3) : memref<?xi64>
    memref.store %z, %a[%c0] : memref<?xi64>
    memref.store %z, %a[%c1] : memref<?xi64>
    memref.store %z, %a[%c2] : memref<?xi64>
    offload.launch @inc(%a) : (memref<?xi64>) -> ()
    // a[i] = get0(a) + 1 for i = 0, 1, 2 (host: 2 3 3), then +1 on the device
    scf.for %i = %c0 to %c3 step %c1 {
      %v = func.call @get0(%a) : (memref<?xi64>) -> i64
      %one = arith.constant 1 : i64
      %w = arith.addi %v, %one : i64
      memref.store %w, %a[%i] : memref<?xi64>
    }
    offload.launch @inc(%a) : (memref<?xi64>) -> ()
    %x0 = memref.load %a[%c0] : memref<?xi64>
    %x1 = memref.load %a[%c1] : memref<?xi64>
    %x2 = memref.load %a[%c2] : memref<?xi64>
    %f = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%f, %x0, %x1, %x2) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64) -> i32
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
