// gpu.launch with an inline body (outlined by gpu-kernel-outlining):
// gpu.printf in the kernel, a host buffer registered with
// gpu.host_register and used by the kernel directly, workgroup and private
// attributions and dynamic shared memory (each thread only touches its own
// slots: no barrier, so the host device runs it too). On the host device
// the threads run in order, so the printf lines come in order.
//
// REQUIRES: libomptarget
//
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: env LIBOMPTARGET_INFO=16 %t 2> %t.info | FileCheck %s --match-full-lines --check-prefixes=ORDER,CHECK
// RUN: FileCheck %s --check-prefix=NAMES < %t.info
// RUN: offload-cc %s --offload-targets=nvptx:sm_90,host -o %t.both
// RUN: %t.both | FileCheck %s --match-full-lines --check-prefixes=ANY,CHECK

// ORDER: block 0 thread 0: 0
// ORDER-NEXT: block 0 thread 1: 1
// ORDER-NEXT: block 0 thread 2: 2
// ORDER-NEXT: block 0 thread 3: 3
// ORDER-NEXT: block 1 thread 0: 4
// ORDER-NEXT: block 1 thread 1: 5
// ORDER-NEXT: block 1 thread 2: 6
// ORDER-NEXT: block 1 thread 3: 7
// ANY-DAG: block 0 thread 0: 0
// ANY-DAG: block 0 thread 1: 1
// ANY-DAG: block 0 thread 2: 2
// ANY-DAG: block 0 thread 3: 3
// ANY-DAG: block 1 thread 0: 4
// ANY-DAG: block 1 thread 1: 5
// ANY-DAG: block 1 thread 2: 6
// ANY-DAG: block 1 thread 3: 7
// CHECK: registered: 1000 1002 1006 1012 2020 2030 2042 2056

// The outlined kernel; on a GPU with the launch's grid and block.
// NAMES: Launching kernel main_kernel with
// LAUNCH: Launching kernel main_kernel with [2,1,1] blocks and [4,1,1] threads in BARE mode

module attributes {gpu.container_module} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt_i(" %d\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @label("registered:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @nl("\0A\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %shm = arith.constant 16 : i32
    %h = memref.alloc() : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %h[%i] : memref<8xi32>
    }
    %u = memref.cast %h : memref<8xi32> to memref<*xi32>
    gpu.host_register %u : memref<*xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1)
               dynamic_shared_memory_size %shm
               workgroup(%wg : memref<4xi32, #gpu.address_space<workgroup>>)
               private(%pv : memref<1xi32, #gpu.address_space<private>>) {
      %base = arith.muli %bx, %sx : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %h[%i] : memref<8xi32>
      %bxi = arith.index_cast %bx : index to i32
      %txi = arith.index_cast %tx : index to i32
      gpu.printf "block %d thread %d: %d\n", %bxi, %txi, %v : i32, i32, i32
      // v * v through the dynamic shared memory (4 i32: 16 bytes), the
      // block's workgroup buffer and the thread's private one.
      %dyn = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %sh = memref.view %dyn[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xi32, #gpu.address_space<workgroup>>
      %sq = arith.muli %v, %v : i32
      memref.store %sq, %sh[%tx] : memref<4xi32, #gpu.address_space<workgroup>>
      %c1000 = arith.constant 1000 : i32
      %bias = arith.muli %c1000, %bxi : i32
      %b1 = arith.addi %bias, %c1000 : i32
      memref.store %b1, %wg[%tx] : memref<4xi32, #gpu.address_space<workgroup>>
      %s = memref.load %sh[%tx] : memref<4xi32, #gpu.address_space<workgroup>>
      %w = memref.load %wg[%tx] : memref<4xi32, #gpu.address_space<workgroup>>
      memref.store %v, %pv[%c0] : memref<1xi32, #gpu.address_space<private>>
      %p = memref.load %pv[%c0] : memref<1xi32, #gpu.address_space<private>>
      %sw = arith.addi %s, %w : i32
      %r = arith.addi %sw, %p : i32
      memref.store %r, %h[%i] : memref<8xi32>
      gpu.terminator
    }
    gpu.host_unregister %u : memref<*xi32>

    // h[i] = i*i + 1000 (block + 1) + i
    %label = llvm.mlir.addressof @label : !llvm.ptr
    llvm.call @printf(%label) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    %f = llvm.mlir.addressof @fmt_i : !llvm.ptr
    scf.for %i = %c0 to %c8 step %c1 {
      %v = memref.load %h[%i] : memref<8xi32>
      llvm.call @printf(%f, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    }
    %nl = llvm.mlir.addressof @nl : !llvm.ptr
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    memref.dealloc %h : memref<8xi32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
