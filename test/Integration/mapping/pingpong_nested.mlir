// Nested ping-pong: an outer loop (5 epochs) and an inner loop (7 steps,
// odd) both swap two buffers in their iteration arguments; step(cur, nxt)
// launches. The host reads cur[3] after every inner loop, through the
// inner loop's result. Expected values: what the host device computes
// (the HOST run) and the C twin print the same.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @smooth(%in: memref<?xi32>, %out: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i32
    %m = arith.constant 65521 : i32
    %n = memref.dim %out, %c0 : memref<?xi32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %first = arith.cmpi eq, %i, %c0 : index
      %end = arith.cmpi eq, %i, %last : index
      %edge = arith.ori %first, %end : i1
      %v = scf.if %edge -> i32 {
        %x = memref.load %in[%i] : memref<?xi32>
        scf.yield %x : i32
      } else {
        %im = arith.subi %i, %c1 : index
        %ip = arith.addi %i, %c1 : index
        %l = memref.load %in[%im] : memref<?xi32>
        %c = memref.load %in[%i] : memref<?xi32>
        %r = memref.load %in[%ip] : memref<?xi32>
        %c2 = arith.muli %c, %two : i32
        %s = arith.addi %l, %c2 : i32
        %t = arith.addi %s, %r : i32
        %u = arith.remui %t, %m : i32
        scf.yield %u : i32
      }
      memref.store %v, %out[%i] : memref<?xi32>
    }
    offload.return
  }
  func.func @fill_pattern(%a: memref<?xi32>, %seed: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 65521 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.muli %ii, %seed : i32
      %w = arith.remui %v, %m : i32
      memref.store %w, %a[%i] : memref<?xi32>
    }
    return
  }
  func.func @hsum(%a: memref<?xi32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i64
    %n = memref.dim %a, %c0 : memref<?xi32>
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = arith.extui %v : i32 to i64
      %t = arith.addi %acc, %w : i64
      scf.yield %t : i64
    }
    return %s : i64
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("pingpong_nested: probe sum=%ld hsum(cur)=%ld\0A\00") {addr_space = 0 : i32}
  func.func @step(%a: memref<?xi32>, %b: memref<?xi32>) {
    offload.launch @smooth(%a, %b) : (memref<?xi32>, memref<?xi32>) -> ()
    return
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %n = arith.constant 65536 : index
    %seed = arith.constant 7919 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    func.call @fill_pattern(%a, %seed) : (memref<?xi32>, i32) -> ()
    %z = arith.constant 0 : i64
    %o:3 = scf.for %e = %c0 to %c5 step %c1 iter_args(%cur = %a, %nxt = %b, %acc = %z) -> (memref<?xi32>, memref<?xi32>, i64) {
      %r:2 = scf.for %k = %c0 to %c7 step %c1 iter_args(%u = %cur, %v = %nxt) -> (memref<?xi32>, memref<?xi32>) {
        func.call @step(%u, %v) : (memref<?xi32>, memref<?xi32>) -> ()
        scf.yield %v, %u : memref<?xi32>, memref<?xi32>
      }
      %x = memref.load %r#0[%c3] : memref<?xi32>
      %w = arith.extui %x : i32 to i64
      %t = arith.addi %acc, %w : i64
      scf.yield %r#0, %r#1, %t : memref<?xi32>, memref<?xi32>, i64
    }
    %hs = func.call @hsum(%o#0) : (memref<?xi32>) -> i64
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %o#2, %hs) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
