// @g(a, b, k) stores a[k] on the host, launches on b (directly in @g, through
// @adv in @g2), then reads a[k]; @main keeps x on the device and passes it
// as both a and b: the read must see what the launch wrote.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @bump(%a: memref<?xi32>, %k: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3 : i32
    %n = memref.dim %a, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xi32>
      %w = arith.muli %v, %three : i32
      %x = arith.addi %w, %k : i32
      memref.store %x, %a[%i] : memref<?xi32>
    }
    offload.return
  }
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt("alias_stored: direct v=%d x3=%d, through a call v=%d x3=%d, after a whole read v=%d t=%d\0A\00") {addr_space = 0 : i32}
  func.func @adv(%b: memref<?xi32>) {
    %one = arith.constant 1 : i32
    offload.launch @bump(%b, %one) : (memref<?xi32>, i32) -> ()
    return
  }
  func.func @g(%a: memref<?xi32>, %b: memref<?xi32>, %k: index) -> i32 {
    %one = arith.constant 1 : i32
    %nine = arith.constant 9 : i32
    memref.store %nine, %a[%k] : memref<?xi32>
    offload.launch @bump(%b, %one) : (memref<?xi32>, i32) -> ()
    %v = memref.load %a[%k] : memref<?xi32>
    return %v : i32
  }
  func.func @g2(%a: memref<?xi32>, %b: memref<?xi32>, %k: index) -> i32 {
    %nine = arith.constant 9 : i32
    memref.store %nine, %a[%k] : memref<?xi32>
    func.call @adv(%b) : (memref<?xi32>) -> ()
    %v = memref.load %a[%k] : memref<?xi32>
    return %v : i32
  }
  // All of a read on the host (brought back), a launch on b, a[k] read.
  func.func @g3(%a: memref<?xi32>, %b: memref<?xi32>, %t: memref<?xi32>, %k: index) -> i32 {
    %one = arith.constant 1 : i32
    memref.copy %a, %t : memref<?xi32> to memref<?xi32>
    offload.launch @bump(%b, %one) : (memref<?xi32>, i32) -> ()
    %v = memref.load %a[%k] : memref<?xi32>
    return %v : i32
  }
  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %n = arith.constant 1024 : index
    %zero = arith.constant 0 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    linalg.fill ins(%zero : i32) outs(%a : memref<?xi32>)
    offload.launch @bump(%a, %zero) : (memref<?xi32>, i32) -> ()
    %v = func.call @g(%a, %a, %c3) : (memref<?xi32>, memref<?xi32>, index) -> i32
    offload.launch @bump(%a, %zero) : (memref<?xi32>, i32) -> ()
    %x3 = memref.load %a[%c3] : memref<?xi32>
    %b = memref.alloc(%n) : memref<?xi32>
    linalg.fill ins(%zero : i32) outs(%b : memref<?xi32>)
    offload.launch @bump(%b, %zero) : (memref<?xi32>, i32) -> ()
    %w = func.call @g2(%b, %b, %c3) : (memref<?xi32>, memref<?xi32>, index) -> i32
    offload.launch @bump(%b, %zero) : (memref<?xi32>, i32) -> ()
    %y3 = memref.load %b[%c3] : memref<?xi32>
    %two = arith.constant 2 : i32
    %c = memref.alloc(%n) : memref<?xi32>
    %t = memref.alloc(%n) : memref<?xi32>
    linalg.fill ins(%zero : i32) outs(%c : memref<?xi32>)
    offload.launch @bump(%c, %two) : (memref<?xi32>, i32) -> ()
    %u = func.call @g3(%c, %c, %t, %c3) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> i32
    offload.launch @bump(%c, %zero) : (memref<?xi32>, i32) -> ()
    %t3 = memref.load %t[%c3] : memref<?xi32>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %v, %x3, %w, %y3, %u, %t3) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32, i32, i32, i32) -> i32
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
