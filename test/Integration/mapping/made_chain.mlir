// x = next(x, k) in a loop, as bufferized tensor code chains results:
// each call allocates a new buffer, smooths its argument into it and bumps
// it on the device, and returns it; the loop frees the one it replaces.
// 10 steps; the host then reads a few elements of the last buffer. The
// expected values are what the host device computes (the HOST run) and
// the C twin prints.
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
  }  offload.kernel @bump(%a: memref<?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i32
    %m = arith.constant 65521 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = arith.muli %v, %three : i32
      %x = arith.addi %w, %k : i32
      %y = arith.remui %x, %m : i32
      memref.store %y, %a[%i] : memref<?xi32>
    }
    offload.return
  }  func.func @fill_pattern(%a: memref<?xi32>, %seed: i32) {
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
  }  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("made_chain: x[0]=%d x[1]=%d x[2]=%d x[last]=%d\0A\00") {addr_space = 0 : i32}
  func.func @next(%x: memref<?xi32>, %k: i32) -> memref<?xi32> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    %y = memref.alloc(%n) : memref<?xi32>
    offload.launch @smooth(%x, %y) : (memref<?xi32>, memref<?xi32>) -> ()
    offload.launch @bump(%y, %k) : (memref<?xi32>, i32) -> ()
    return %y : memref<?xi32>
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c10 = arith.constant 10 : index
    %n = arith.constant 262144 : index
    %s1 = arith.constant 7919 : i32
    %x0 = memref.alloc(%n) : memref<?xi32>
    func.call @fill_pattern(%x0, %s1) : (memref<?xi32>, i32) -> ()
    %xl = scf.for %k = %c0 to %c10 step %c1 iter_args(%x = %x0) -> memref<?xi32> {
      %ki = arith.index_cast %k : index to i32
      %y = func.call @next(%x, %ki) : (memref<?xi32>, i32) -> memref<?xi32>
      memref.dealloc %x : memref<?xi32>
      scf.yield %y : memref<?xi32>
    }
    %last = arith.subi %n, %c1 : index
    %a = memref.load %xl[%c0] : memref<?xi32>
    %b = memref.load %xl[%c1] : memref<?xi32>
    %c = memref.load %xl[%c2] : memref<?xi32>
    %d = memref.load %xl[%last] : memref<?xi32>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %a, %b, %c, %d) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32) -> i32
    memref.dealloc %xl : memref<?xi32>
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
