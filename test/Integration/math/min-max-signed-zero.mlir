// arith.maximumf / minimumf order -0.0 below +0.0 and propagate NaN (IEEE
// 754-2019 maximum / minimum, as MLIR defines them), in a kernel on the
// host device, in its host copy, and in host code; maxnumf / minnumf
// return the number when the other operand is NaN. upstream's arith-expand
// made maximumf a compare and select: maximumf(+0.0, -0.0) gave -0.0.
// Each line prints, per pair, the result's sign bit (1: negative) and
// whether it is NaN.
//
// REQUIRES: libomptarget
// RUN: offload-cc %s -o %t
// RUN: %t | FileCheck %s --match-full-lines
// RUN: env OMP_TARGET_OFFLOAD=disabled %t | FileCheck %s --match-full-lines

// pairs: (+0, -0) (-0, +0) (1, -2) (NaN, 3) (-0, -0) (+0, +0)
// CHECK: kernel maximumf: 0/0 0/0 0/0 _/1 1/0 0/0
// CHECK-NEXT: kernel minimumf: 1/0 1/0 1/0 _/1 1/0 0/0
// CHECK-NEXT: kernel maxnumf of NaN and 3: 0/0
// CHECK-NEXT: host maximumf: 0/0 0/0 0/0 _/1 1/0 0/0
// CHECK-NEXT: host minimumf: 1/0 1/0 1/0 _/1 1/0 0/0

module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global internal constant @fmt_bits("%d/%d \00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @fmt_nan("_/%d \00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @nl("\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @k_max("kernel maximumf: \00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @k_min("kernel minimumf: \00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @k_num("kernel maxnumf of NaN and 3: \00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @h_max("host maximumf: \00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @h_min("host minimumf: \00") {addr_space = 0 : i32}

  offload.kernel @minmax(%a: memref<6xf32>, %b: memref<6xf32>, %mx: memref<6xf32>, %mn: memref<6xf32>, %num: memref<6xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    scf.parallel (%i) = (%c0) to (%c6) step (%c1) {
      %x = memref.load %a[%i] : memref<6xf32>
      %y = memref.load %b[%i] : memref<6xf32>
      %p = arith.maximumf %x, %y : f32
      %q = arith.minimumf %x, %y : f32
      %r = arith.maxnumf %x, %y : f32
      memref.store %p, %mx[%i] : memref<6xf32>
      memref.store %q, %mn[%i] : memref<6xf32>
      memref.store %r, %num[%i] : memref<6xf32>
    }
    offload.return
  }

  // Prints the sign bit and NaN-ness of each element (the sign of a NaN as
  // "_": targets differ).
  func.func private @show(%label: !llvm.ptr, %v: memref<6xf32>, %from: index, %to: index) {
    %c1 = arith.constant 1 : index
    %fb = llvm.mlir.addressof @fmt_bits : !llvm.ptr
    %fn = llvm.mlir.addressof @fmt_nan : !llvm.ptr
    %nl = llvm.mlir.addressof @nl : !llvm.ptr
    llvm.call @printf(%label) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    scf.for %i = %from to %to step %c1 {
      %x = memref.load %v[%i] : memref<6xf32>
      %bits = arith.bitcast %x : f32 to i32
      %sh = arith.constant 31 : i32
      %sign = arith.shrui %bits, %sh : i32
      %nan = arith.cmpf uno, %x, %x : f32
      %n32 = arith.extui %nan : i1 to i32
      scf.if %nan {
        llvm.call @printf(%fn, %n32) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
      } else {
        llvm.call @printf(%fb, %sign, %n32) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32, i32) -> i32
      }
    }
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %a = memref.alloc() : memref<6xf32>
    %b = memref.alloc() : memref<6xf32>
    %pz = arith.constant 0.0 : f32
    %nz = arith.constant -0.0 : f32
    %one = arith.constant 1.0 : f32
    %m2 = arith.constant -2.0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %three = arith.constant 3.0 : f32
    memref.store %pz, %a[%c0] : memref<6xf32>
    memref.store %nz, %b[%c0] : memref<6xf32>
    memref.store %nz, %a[%c1] : memref<6xf32>
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    memref.store %pz, %b[%c1] : memref<6xf32>
    memref.store %one, %a[%c2] : memref<6xf32>
    memref.store %m2, %b[%c2] : memref<6xf32>
    memref.store %nan, %a[%c3] : memref<6xf32>
    memref.store %three, %b[%c3] : memref<6xf32>
    memref.store %nz, %a[%c4] : memref<6xf32>
    memref.store %nz, %b[%c4] : memref<6xf32>
    memref.store %pz, %a[%c5] : memref<6xf32>
    memref.store %pz, %b[%c5] : memref<6xf32>
    %mx = memref.alloc() : memref<6xf32>
    %mn = memref.alloc() : memref<6xf32>
    %num = memref.alloc() : memref<6xf32>
    offload.launch @minmax(%a, %b, %mx, %mn, %num) : (memref<6xf32>, memref<6xf32>, memref<6xf32>, memref<6xf32>, memref<6xf32>) -> ()
    %l1 = llvm.mlir.addressof @k_max : !llvm.ptr
    func.call @show(%l1, %mx, %c0, %c6) : (!llvm.ptr, memref<6xf32>, index, index) -> ()
    %l2 = llvm.mlir.addressof @k_min : !llvm.ptr
    func.call @show(%l2, %mn, %c0, %c6) : (!llvm.ptr, memref<6xf32>, index, index) -> ()
    %l3 = llvm.mlir.addressof @k_num : !llvm.ptr
    func.call @show(%l3, %num, %c3, %c4) : (!llvm.ptr, memref<6xf32>, index, index) -> ()
    // The same in host code.
    scf.for %i = %c0 to %c6 step %c1 {
      %x = memref.load %a[%i] : memref<6xf32>
      %y = memref.load %b[%i] : memref<6xf32>
      %p = arith.maximumf %x, %y : f32
      %q = arith.minimumf %x, %y : f32
      memref.store %p, %mx[%i] : memref<6xf32>
      memref.store %q, %mn[%i] : memref<6xf32>
    }
    %l4 = llvm.mlir.addressof @h_max : !llvm.ptr
    func.call @show(%l4, %mx, %c0, %c6) : (!llvm.ptr, memref<6xf32>, index, index) -> ()
    %l5 = llvm.mlir.addressof @h_min : !llvm.ptr
    func.call @show(%l5, %mn, %c0, %c6) : (!llvm.ptr, memref<6xf32>, index, index) -> ()
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
