// Kernels in the gpu dialect that need the threads of a block to run
// together, so only a GPU runs them: gpu.all_reduce, gpu.shuffle, a
// gpu.barrier between writes and reads of workgroup memory, and a 16x16x16
// f16 matrix product on the tensor cores with gpu.subgroup_mma_* (wmma).
// Built for a GPU and the host, the host image holds kernels that stop the
// program with a message (gpu-only-host-stub.test); on the GPU
// (scripts/gpu-tests.sh) it prints:
//
// CHECK: all_reduce: 2016 6112
// CHECK: shuffle: 528 528 6 6
// CHECK: barrier: 7 6 5 4 3 2 1 0 15 14 13 12 11 10 9 8
// CHECK: wmma row 0: 23 23 26 23 23 26 23 23 26 23 23 26 23 23 26 23
// CHECK: wmma row 5: 26 23 23 26 23 23 26 23 23 26 23 23 26 23 23 26
// CHECK: wmma sum: 6120
//
// LAUNCH: Launching kernel allreduce with [2,1,1] blocks and [64,1,1] threads in BARE mode
// LAUNCH: Launching kernel shuffle with [1,1,1] blocks and [32,1,1] threads in BARE mode
// LAUNCH: Launching kernel reverse with [2,1,1] blocks and [8,1,1] threads in BARE mode
// LAUNCH: Launching kernel wmma with [1,1,1] blocks and [32,1,1] threads in BARE mode

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // out[block] = sum of the global ids of the block's threads
    gpu.func @allreduce(%out: memref<2xf32>) kernel {
      %i = gpu.global_id x
      %ii = arith.index_cast %i : index to i32
      %v = arith.sitofp %ii : i32 to f32
      %sum = gpu.all_reduce add %v uniform {} : (f32) -> (f32)
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %sum, %out[%b] : memref<2xf32>
      }
      gpu.return
    }
    // A butterfly sum of tid + 1 over the warp, then lane 5's value.
    gpu.func @shuffle(%out: memref<2x32xf32>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %one = arith.constant 1 : i32
      %t1 = arith.addi %ti, %one : i32
      %v = arith.sitofp %t1 : i32 to f32
      %width = arith.constant 32 : i32
      %c16 = arith.constant 16 : i32
      %c8 = arith.constant 8 : i32
      %c4 = arith.constant 4 : i32
      %c2 = arith.constant 2 : i32
      %s16, %p16 = gpu.shuffle xor %v, %c16, %width : f32
      %a16 = arith.addf %v, %s16 : f32
      %s8, %p8 = gpu.shuffle xor %a16, %c8, %width : f32
      %a8 = arith.addf %a16, %s8 : f32
      %s4, %p4 = gpu.shuffle xor %a8, %c4, %width : f32
      %a4 = arith.addf %a8, %s4 : f32
      %s2, %p2 = gpu.shuffle xor %a4, %c2, %width : f32
      %a2 = arith.addf %a4, %s2 : f32
      %s1, %p1 = gpu.shuffle xor %a2, %one, %width : f32
      %a1 = arith.addf %a2, %s1 : f32
      %c5 = arith.constant 5 : i32
      %lane5, %p5 = gpu.shuffle idx %v, %c5, %width : f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      memref.store %a1, %out[%c0, %t] : memref<2x32xf32>
      memref.store %lane5, %out[%c1, %t] : memref<2x32xf32>
      gpu.return
    }
    // Each block reverses its 8 elements through workgroup memory.
    gpu.func @reverse(%in: memref<16xi32>, %out: memref<16xi32>)
        workgroup(%sh : memref<8xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %i = gpu.global_id x
      %d = gpu.block_dim x
      %v = memref.load %in[%i] : memref<16xi32>
      memref.store %v, %sh[%t] : memref<8xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c1 = arith.constant 1 : index
      %last = arith.subi %d, %c1 : index
      %j = arith.subi %last, %t : index
      %r = memref.load %sh[%j] : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %r, %out[%i] : memref<16xi32>
      gpu.return
    }
    // c = a b on one warp's tensor cores.
    gpu.func @wmma(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %B = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %C = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
      %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %D, %c[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
      gpu.return
    }
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt_f(" %g\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_i(" %d\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @nl("\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_ar("all_reduce:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_sh("shuffle:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_ba("barrier:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_w0("wmma row 0:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_w5("wmma row 5:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_ws("wmma sum:\00") {addr_space = 0 : i32}

  func.func @label(%name: !llvm.ptr) {
    llvm.call @printf(%name) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    return
  }
  func.func @float(%v: f32) {
    %f = llvm.mlir.addressof @fmt_f : !llvm.ptr
    %d = arith.extf %v : f32 to f64
    llvm.call @printf(%f, %d) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
    return
  }
  func.func @int(%v: i32) {
    %f = llvm.mlir.addressof @fmt_i : !llvm.ptr
    llvm.call @printf(%f, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    return
  }
  func.func @newline() {
    %nl = llvm.mlir.addressof @nl : !llvm.ptr
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c31 = arith.constant 31 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index

    %ar = gpu.alloc () : memref<2xf32>
    gpu.launch_func @kernels::@allreduce blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) args(%ar : memref<2xf32>)
    %har = memref.alloc() : memref<2xf32>
    gpu.memcpy %har, %ar : memref<2xf32>, memref<2xf32>
    %lar = llvm.mlir.addressof @l_ar : !llvm.ptr
    func.call @label(%lar) : (!llvm.ptr) -> ()
    scf.for %i = %c0 to %c2 step %c1 {
      %v = memref.load %har[%i] : memref<2xf32>
      func.call @float(%v) : (f32) -> ()
    }
    func.call @newline() : () -> ()

    %sh = gpu.alloc () : memref<2x32xf32>
    gpu.launch_func @kernels::@shuffle blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%sh : memref<2x32xf32>)
    %hsh = memref.alloc() : memref<2x32xf32>
    gpu.memcpy %hsh, %sh : memref<2x32xf32>, memref<2x32xf32>
    %lsh = llvm.mlir.addressof @l_sh : !llvm.ptr
    func.call @label(%lsh) : (!llvm.ptr) -> ()
    %s0 = memref.load %hsh[%c0, %c0] : memref<2x32xf32>
    %s31 = memref.load %hsh[%c0, %c31] : memref<2x32xf32>
    %l0 = memref.load %hsh[%c1, %c0] : memref<2x32xf32>
    %l31 = memref.load %hsh[%c1, %c31] : memref<2x32xf32>
    func.call @float(%s0) : (f32) -> ()
    func.call @float(%s31) : (f32) -> ()
    func.call @float(%l0) : (f32) -> ()
    func.call @float(%l31) : (f32) -> ()
    func.call @newline() : () -> ()

    %hin = memref.alloc() : memref<16xi32>
    scf.for %i = %c0 to %c16 step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %hin[%i] : memref<16xi32>
    }
    %din = gpu.alloc () : memref<16xi32>
    %dout = gpu.alloc () : memref<16xi32>
    gpu.memcpy %din, %hin : memref<16xi32>, memref<16xi32>
    gpu.launch_func @kernels::@reverse blocks in (%c2, %c1, %c1) threads in (%c8, %c1, %c1) args(%din : memref<16xi32>, %dout : memref<16xi32>)
    gpu.memcpy %hin, %dout : memref<16xi32>, memref<16xi32>
    %lba = llvm.mlir.addressof @l_ba : !llvm.ptr
    func.call @label(%lba) : (!llvm.ptr) -> ()
    scf.for %i = %c0 to %c16 step %c1 {
      %v = memref.load %hin[%i] : memref<16xi32>
      func.call @int(%v) : (i32) -> ()
    }
    func.call @newline() : () -> ()

    // a[i][k] = (i + k) % 4, b[k][j] = (k + j) % 3
    %ha = memref.alloc() : memref<16x16xf16>
    %hb = memref.alloc() : memref<16x16xf16>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %s = arith.addi %i, %j : index
        %m4 = arith.remui %s, %c4 : index
        %m3 = arith.remui %s, %c3 : index
        %i4 = arith.index_cast %m4 : index to i32
        %i3 = arith.index_cast %m3 : index to i32
        %f4 = arith.sitofp %i4 : i32 to f16
        %f3 = arith.sitofp %i3 : i32 to f16
        memref.store %f4, %ha[%i, %j] : memref<16x16xf16>
        memref.store %f3, %hb[%i, %j] : memref<16x16xf16>
      }
    }
    %da = gpu.alloc () : memref<16x16xf16>
    %db = gpu.alloc () : memref<16x16xf16>
    %dc = gpu.alloc () : memref<16x16xf32>
    gpu.memcpy %da, %ha : memref<16x16xf16>, memref<16x16xf16>
    gpu.memcpy %db, %hb : memref<16x16xf16>, memref<16x16xf16>
    gpu.launch_func @kernels::@wmma blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%da : memref<16x16xf16>, %db : memref<16x16xf16>, %dc : memref<16x16xf32>)
    %hc = memref.alloc() : memref<16x16xf32>
    gpu.memcpy %hc, %dc : memref<16x16xf32>, memref<16x16xf32>
    %lw0 = llvm.mlir.addressof @l_w0 : !llvm.ptr
    func.call @label(%lw0) : (!llvm.ptr) -> ()
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %hc[%c0, %j] : memref<16x16xf32>
      func.call @float(%v) : (f32) -> ()
    }
    func.call @newline() : () -> ()
    %lw5 = llvm.mlir.addressof @l_w5 : !llvm.ptr
    func.call @label(%lw5) : (!llvm.ptr) -> ()
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %hc[%c5, %j] : memref<16x16xf32>
      func.call @float(%v) : (f32) -> ()
    }
    func.call @newline() : () -> ()
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
      %row = scf.for %j = %c0 to %c16 step %c1 iter_args(%r = %acc) -> f32 {
        %v = memref.load %hc[%i, %j] : memref<16x16xf32>
        %n = arith.addf %r, %v : f32
        scf.yield %n : f32
      }
      scf.yield %row : f32
    }
    %lws = llvm.mlir.addressof @l_ws : !llvm.ptr
    func.call @label(%lws) : (!llvm.ptr) -> ()
    func.call @float(%sum) : (f32) -> ()
    func.call @newline() : () -> ()
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
