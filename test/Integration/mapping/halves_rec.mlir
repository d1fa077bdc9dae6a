// A recursive function launching on a view of a buffer and calling itself
// on both halves of it, called 5 times from a loop: all of the buffer stays
// on the device across the loop and every level of the recursion (the
// copies find each half present). halves_rec.test compares the copies with
// those of the C + OpenMP twin halves_rec.c.
!v = memref<?xi32, strided<[1], offset: ?>>
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global internal constant @fmt("halves_rec: v[0] = %d, v[777] = %d, v[4095] = %d\0A\00") {addr_space = 0 : i32}

  // v[i] = v[i] + i + 1
  offload.kernel @bump(%v: !v) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %v, %c0 : !v
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = memref.load %v[%i] : !v
      %i1 = arith.addi %i, %c1 : index
      %d = arith.index_cast %i1 : index to i32
      %y = arith.addi %x, %d : i32
      memref.store %y, %v[%i] : !v
    }
    offload.return
  }

  func.func private @halves(%v: !v) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    offload.launch @bump(%v) : (!v) -> ()
    %n = memref.dim %v, %c0 : !v
    %more = arith.cmpi ugt, %n, %c64 : index
    scf.if %more {
      %h = arith.divui %n, %c2 : index
      %r = arith.subi %n, %h : index
      %lo = memref.subview %v[0] [%h] [1] : !v to !v
      %hi = memref.subview %v[%h] [%r] [1] : !v to !v
      func.call @halves(%lo) : (!v) -> ()
      func.call @halves(%hi) : (!v) -> ()
    }
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c777 = arith.constant 777 : index
    %c4095 = arith.constant 4095 : index
    %n = arith.constant 4096 : index
    %z = arith.constant 0 : i32
    %a = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %z, %a[%i] : memref<?xi32>
    }
    %all = memref.cast %a : memref<?xi32> to !v
    scf.for %s = %c0 to %c5 step %c1 {
      func.call @halves(%all) : (!v) -> ()
    }
    %x = memref.load %a[%c0] : memref<?xi32>
    %y = memref.load %a[%c777] : memref<?xi32>
    %w = memref.load %a[%c4095] : memref<?xi32>
    %fmt = llvm.mlir.addressof @fmt : !llvm.ptr
    llvm.call @printf(%fmt, %x, %y, %w) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32, i32) -> i32
    memref.dealloc %a : memref<?xi32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
