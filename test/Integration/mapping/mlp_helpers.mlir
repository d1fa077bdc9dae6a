// A two-layer perceptron as bufferized tensor code hands it over: every
// operation a function allocating its result (@dense: y = W x, @act: a
// clipped copy), @mlp chaining them and freeing the temporaries, @main
// running 8 inputs through it and reading one element of each output.
// Expected values: what the host device computes (the HOST run) and the
// C twin print the same.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @matvec(%w: memref<?x?xi32>, %x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %m = arith.constant 65521 : i32
    %rows = memref.dim %w, %c0 : memref<?x?xi32>
    %cols = memref.dim %w, %c1 : memref<?x?xi32>
    scf.parallel (%i) = (%c0) to (%rows) step (%c1) {
      %s = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %z) -> i32 {
        %a = memref.load %w[%i, %j] : memref<?x?xi32>
        %b = memref.load %x[%j] : memref<?xi32>
        %p = arith.muli %a, %b : i32
        %q = arith.addi %acc, %p : i32
        %r = arith.remui %q, %m : i32
        scf.yield %r : i32
      }
      memref.store %s, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  offload.kernel @clip(%x: memref<?xi32>, %y: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = arith.constant 30000 : i32
    %n = memref.dim %y, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xi32>
      %w = arith.minui %v, %t : i32
      memref.store %w, %y[%i] : memref<?xi32>
    }
    offload.return
  }
  func.func @fill2(%a: memref<?x?xi32>, %seed: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 251 : i32
    %r = memref.dim %a, %c0 : memref<?x?xi32>
    %c = memref.dim %a, %c1 : memref<?x?xi32>
    scf.for %i = %c0 to %r step %c1 {
      scf.for %j = %c0 to %c step %c1 {
        %k = arith.muli %i, %c : index
        %l = arith.addi %k, %j : index
        %ii = arith.index_cast %l : index to i32
        %v = arith.muli %ii, %seed : i32
        %w = arith.remui %v, %m : i32
        memref.store %w, %a[%i, %j] : memref<?x?xi32>
      }
    }
    return
  }
  func.func @fill1(%a: memref<?xi32>, %seed: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 251 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %v = arith.muli %ii, %seed : i32
      %w = arith.remui %v, %m : i32
      memref.store %w, %a[%i] : memref<?xi32>
    }
    return
  }
  func.func @dense(%w: memref<?x?xi32>, %x: memref<?xi32>) -> memref<?xi32> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %w, %c0 : memref<?x?xi32>
    %y = memref.alloc(%n) : memref<?xi32>
    offload.launch @matvec(%w, %x, %y) : (memref<?x?xi32>, memref<?xi32>, memref<?xi32>) -> ()
    return %y : memref<?xi32>
  }
  func.func @act(%x: memref<?xi32>) -> memref<?xi32> {
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xi32>
    %y = memref.alloc(%n) : memref<?xi32>
    offload.launch @clip(%x, %y) : (memref<?xi32>, memref<?xi32>) -> ()
    return %y : memref<?xi32>
  }
  func.func @mlp(%w1: memref<?x?xi32>, %w2: memref<?x?xi32>, %x: memref<?xi32>) -> memref<?xi32> {
    %h = func.call @dense(%w1, %x) : (memref<?x?xi32>, memref<?xi32>) -> memref<?xi32>
    %a = func.call @act(%h) : (memref<?xi32>) -> memref<?xi32>
    memref.dealloc %h : memref<?xi32>
    %o = func.call @dense(%w2, %a) : (memref<?x?xi32>, memref<?xi32>) -> memref<?xi32>
    memref.dealloc %a : memref<?xi32>
    return %o : memref<?xi32>
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("mlp_helpers: sum of outputs %d (seed %d)\0A\00") {addr_space = 0 : i32}
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %d = arith.constant 512 : index
    %h = arith.constant 1024 : index
    %s1 = arith.constant 7 : i32
    %s2 = arith.constant 13 : i32
    %w1 = memref.alloc(%h, %d) : memref<?x?xi32>
    %w2 = memref.alloc(%d, %h) : memref<?x?xi32>
    func.call @fill2(%w1, %s1) : (memref<?x?xi32>, i32) -> ()
    func.call @fill2(%w2, %s2) : (memref<?x?xi32>, i32) -> ()
    %x = memref.alloc(%d) : memref<?xi32>
    %tot = arith.constant 0 : i32
    %r = scf.for %b = %c0 to %c8 step %c1 iter_args(%acc = %tot) -> i32 {
      %bi = arith.index_cast %b : index to i32
      %s = arith.addi %bi, %s1 : i32
      func.call @fill1(%x, %s) : (memref<?xi32>, i32) -> ()
      %o = func.call @mlp(%w1, %w2, %x) : (memref<?x?xi32>, memref<?x?xi32>, memref<?xi32>) -> memref<?xi32>
      %v = memref.load %o[%b] : memref<?xi32>
      memref.dealloc %o : memref<?xi32>
      %n = arith.addi %acc, %v : i32
      scf.yield %n : i32
    }
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %r, %s1) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32) -> i32
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
