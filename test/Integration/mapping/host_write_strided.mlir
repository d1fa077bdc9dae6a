// Helpers that write every element of a view with gaps on the host (a
// matrix's columns, through a host loop; the even elements of a vector,
// through memref.copy) while the caller keeps the buffer on the device
// between launches. The resident copies' update 'to' moves each view's
// span, the gaps included, so they first bring that span from the device:
// the elements the helpers do not write keep what the launches wrote.
// (Before, the update 'to' alone sent the host's stale gaps over them.)
// host_write_strided.test runs it on the host device and as the host.
!col = memref<?xi64, strided<[?], offset: ?>>
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt_m("m: %ld %ld %ld %ld %ld\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_v("v: %ld %ld %ld %ld %ld\0A\00") {addr_space = 0 : i32}

  // m[i][j] = 2 m[i][j] + 1
  offload.kernel @scale(%m: memref<?x?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i64
    %r = memref.dim %m, %c0 : memref<?x?xi64>
    %c = memref.dim %m, %c1 : memref<?x?xi64>
    scf.parallel (%i, %j) = (%c0, %c0) to (%r, %c) step (%c1, %c1) {
      %a = memref.load %m[%i, %j] : memref<?x?xi64>
      %b = arith.muli %a, %two : i64
      %e = arith.addi %b, %one : i64
      memref.store %e, %m[%i, %j] : memref<?x?xi64>
    }
    offload.return
  }

  // v[i] += 10
  offload.kernel @add10(%v: memref<?xi64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ten = arith.constant 10 : i64
    %n = memref.dim %v, %c0 : memref<?xi64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %a = memref.load %v[%i] : memref<?xi64>
      %e = arith.addi %a, %ten : i64
      memref.store %e, %v[%i] : memref<?xi64>
    }
    offload.return
  }

  // Every element of the column: x.
  func.func private @set_col(%col: !col, %x: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %col, %c0 : !col
    scf.for %i = %c0 to %n step %c1 {
      memref.store %x, %col[%i] : !col
    }
    return
  }

  // Every element of the view: src's.
  func.func private @copy_in(%src: memref<?xi64>, %dst: !col) {
    memref.copy %src, %dst : memref<?xi64> to !col
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    %k1000 = arith.constant 1000 : i64
    %k2000 = arith.constant 2000 : i64
    %k100 = arith.constant 100 : i64

    %m = memref.alloc(%c8, %c8) : memref<?x?xi64>
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %ij = arith.muli %i, %c8 : index
        %s = arith.addi %ij, %j : index
        %x = arith.index_cast %s : index to i64
        memref.store %x, %m[%i, %j] : memref<?x?xi64>
      }
    }
    %v0 = memref.subview %m[0, 0] [8, 1] [1, 1] : memref<?x?xi64> to memref<8xi64, strided<[?]>>
    %first = memref.cast %v0 : memref<8xi64, strided<[?]>> to !col
    %v7 = memref.subview %m[0, 7] [8, 1] [1, 1] : memref<?x?xi64> to memref<8xi64, strided<[?], offset: 7>>
    %last = memref.cast %v7 : memref<8xi64, strided<[?], offset: 7>> to !col
    scf.for %k = %c0 to %c3 step %c1 {
      %kk = arith.index_cast %k : index to i64
      offload.launch @scale(%m) : (memref<?x?xi64>) -> ()
      %a = arith.addi %k1000, %kk : i64
      func.call @set_col(%first, %a) : (!col, i64) -> ()
      %b = arith.addi %k2000, %kk : i64
      func.call @set_col(%last, %b) : (!col, i64) -> ()
    }
    %m30 = memref.load %m[%c3, %c0] : memref<?x?xi64>
    %m31 = memref.load %m[%c3, %c1] : memref<?x?xi64>
    %m37 = memref.load %m[%c3, %c7] : memref<?x?xi64>
    %m54 = memref.load %m[%c5, %c4] : memref<?x?xi64>
    %m76 = memref.load %m[%c7, %c5] : memref<?x?xi64>
    %fm = llvm.mlir.addressof @fmt_m : !llvm.ptr
    llvm.call @printf(%fm, %m30, %m31, %m37, %m54, %m76) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64) -> i32

    %v = memref.alloc(%c16) : memref<?xi64>
    %src = memref.alloc(%c8) : memref<?xi64>
    scf.for %i = %c0 to %c16 step %c1 {
      %x = arith.index_cast %i : index to i64
      memref.store %x, %v[%i] : memref<?xi64>
    }
    scf.for %i = %c0 to %c8 step %c1 {
      %x = arith.index_cast %i : index to i64
      %y = arith.addi %k100, %x : i64
      memref.store %y, %src[%i] : memref<?xi64>
    }
    %even = memref.subview %v[0] [8] [2] : memref<?xi64> to memref<8xi64, strided<[2]>>
    %evenc = memref.cast %even : memref<8xi64, strided<[2]>> to !col
    scf.for %k = %c0 to %c2 step %c1 {
      offload.launch @add10(%v) : (memref<?xi64>) -> ()
      func.call @copy_in(%src, %evenc) : (memref<?xi64>, !col) -> ()
    }
    %w0 = memref.load %v[%c0] : memref<?xi64>
    %w1 = memref.load %v[%c1] : memref<?xi64>
    %w2 = memref.load %v[%c2] : memref<?xi64>
    %w3 = memref.load %v[%c3] : memref<?xi64>
    %w15 = memref.load %v[%c15] : memref<?xi64>
    %fv = llvm.mlir.addressof @fmt_v : !llvm.ptr
    llvm.call @printf(%fv, %w0, %w1, %w2, %w3, %w15) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64) -> i32
    memref.dealloc %m : memref<?x?xi64>
    memref.dealloc %v : memref<?xi64>
    memref.dealloc %src : memref<?xi64>
    %r0 = arith.constant 0 : i32
    return %r0 : i32
  }
}
