// A program in MLIR's gpu dialect: element-wise kernels in two gpu.modules
// (both define @scale: the device modules keep them apart), device memory
// with gpu.alloc, copies both ways with gpu.memcpy, gpu.memset, a 2-D grid
// with gpu.global_id, async tokens chained through gpu.wait, gpu.dealloc.
// Built for the host alone, it runs on the offload runtime's host device,
// which runs every thread of every block in turn.
//
// REQUIRES: libomptarget
//
// RUN: offload-cc %s --offload-targets=host -o %t
// RUN: env LIBOMPTARGET_INFO=16 %t 2> %t.info | FileCheck %s --match-full-lines
// RUN: FileCheck %s --check-prefix=NAMES < %t.info
//
// With offloading disabled there is no device to launch on: the program
// stops at the first launch, naming it (no host fallback: the buffers are
// the device's).
// RUN: env OMP_TARGET_OFFLOAD=disabled not --crash %t > %t.disabled.out 2> %t.disabled.err
// RUN: FileCheck %s --check-prefix=DISABLED < %t.disabled.err
// DISABLED: offload: kernel @m1::@saxpy at {{.*}}elementwise.mlir:[[#]]:5: the kernel could not be launched on device 0 (no image for the device, or offloading disabled; LIBOMPTARGET_INFO=-1 says more)
//
// A default device the runtime does not have: stopped at the first use,
// with its number (libomptarget would abort at the first allocation).
// RUN: env OMP_DEFAULT_DEVICE=99 not --crash %t > %t.absent.out 2> %t.absent.err
// RUN: FileCheck %s --check-prefix=ABSENT < %t.absent.err
// ABSENT: offload: offload runtime: the default device 99 (OMP_DEFAULT_DEVICE) does not exist: the runtime has 4
//
// The same program for a GPU and the host device runs on the GPU when there
// is one (scripts/gpu-tests.sh), else on the host device.
// RUN: offload-cc %s --offload-targets=nvptx:sm_90,host -o %t.both
// RUN: %t.both | FileCheck %s --match-full-lines

// CHECK: saxpy: 1 3 5 7 9 11 13 15 17 19 21 23 25 27 29 31 33 35 37 39 41 43 45 47 49 51 53 55 57 59 61 63 65 67 69 71 73 75 77 79 81 83 85 87 89 91 93 95 97 99
// CHECK: scale m1: 2 6 10 14 18 22 26 30 34 38 42 46 50 54 58 62 66 70 74 78 82 86 90 94 98 102 106 110 114 118 122 126 130 134 138 142 146 150 154 158 162 166 170 174 178 182 186 190 194 198
// CHECK: scale m2: -2 -6 -10 -14 -18 -22 -26 -30 -34 -38 -42 -46 -50 -54 -58 -62 -66 -70 -74 -78 -82 -86 -90 -94 -98 -102 -106 -110 -114 -118 -122 -126 -130 -134 -138 -142 -146 -150 -154 -158 -162 -166 -170 -174 -178 -182 -186 -190 -194 -198
// CHECK: memset: 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
// CHECK: grid2d: 0 1 2 3 4 5 100 101 102 103 104 105 200 201 202 203 204 205 300 301 302 303 304 305 400 401 402 403 404 405
// CHECK: async: 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59

// The runtime's launches, the kernel @scale of both modules under its
// module's name; on a GPU (scripts/gpu-tests.sh) with the grid and block of
// each gpu.launch_func (the host device ignores them: its kernels loop).
// NAMES: Launching kernel saxpy with
// NAMES: Launching kernel m1_scale with
// NAMES: Launching kernel m2_scale with
// NAMES: Launching kernel grid2d with
// NAMES: Launching kernel addone with
// LAUNCH: Launching kernel saxpy with [4,1,1] blocks and [16,1,1] threads in BARE mode
// LAUNCH: Launching kernel m1_scale with [2,1,1] blocks and [32,1,1] threads in BARE mode
// LAUNCH: Launching kernel m2_scale with [2,1,1] blocks and [32,1,1] threads in BARE mode
// LAUNCH: Launching kernel grid2d with [2,3,1] blocks and [4,2,1] threads in BARE mode
// LAUNCH: Launching kernel addone with [7,1,1] blocks and [8,1,1] threads in BARE mode

module attributes {gpu.container_module} {
  gpu.module @m1 {
    // y[i] = a * x[i] + y[i] for i < n
    gpu.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) kernel {
      %i = gpu.global_id x
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %xi = memref.load %x[%i] : memref<?xf32>
        %yi = memref.load %y[%i] : memref<?xf32>
        %ax = arith.mulf %a, %xi : f32
        %r = arith.addf %ax, %yi : f32
        memref.store %r, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
    func.func @twice(%v: f32) -> f32 {
      %r = arith.addf %v, %v : f32
      return %r : f32
    }
    // x[i] = 2 x[i], through a function of the module
    gpu.func @scale(%x: memref<50xf32>) kernel {
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %t = gpu.thread_id x
      %o = arith.muli %b, %d : index
      %i = arith.addi %o, %t : index
      %c50 = arith.constant 50 : index
      %in = arith.cmpi ult, %i, %c50 : index
      cf.cond_br %in, ^body, ^done
    ^body:
      %v = memref.load %x[%i] : memref<50xf32>
      %r = func.call @twice(%v) : (f32) -> f32
      memref.store %r, %x[%i] : memref<50xf32>
      cf.br ^done
    ^done:
      gpu.return
    }
  }
  gpu.module @m2 {
    func.func @twice(%v: f32) -> f32 {
      %m = arith.constant -2.0 : f32
      %r = arith.mulf %v, %m : f32
      return %r : f32
    }
    // x[i] = -2 x[i]
    gpu.func @scale(%x: memref<50xf32>) kernel {
      %i = gpu.global_id x
      %c50 = arith.constant 50 : index
      %in = arith.cmpi ult, %i, %c50 : index
      scf.if %in {
        %v = memref.load %x[%i] : memref<50xf32>
        %r = func.call @twice(%v) : (f32) -> f32
        memref.store %r, %x[%i] : memref<50xf32>
      }
      gpu.return
    }
    // out[r][c] = 100 r + c on a 2-D grid, for r < 5, c < 6
    gpu.func @grid2d(%out: memref<5x6xi32>) kernel {
      %c = gpu.global_id x
      %r = gpu.global_id y
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %rin = arith.cmpi ult, %r, %c5 : index
      %cin = arith.cmpi ult, %c, %c6 : index
      %in = arith.andi %rin, %cin : i1
      scf.if %in {
        %c100 = arith.constant 100 : index
        %h = arith.muli %r, %c100 : index
        %v = arith.addi %h, %c : index
        %vi = arith.index_cast %v : index to i32
        memref.store %vi, %out[%r, %c] : memref<5x6xi32>
      }
      gpu.return
    }
    // x[i] += 1, with the number of elements in an i32
    gpu.func @addone(%x: memref<?xi32>, %n: i32) kernel {
      %i = gpu.global_id x
      %ii = arith.index_cast %i : index to i32
      %in = arith.cmpi slt, %ii, %n : i32
      scf.if %in {
        %v = memref.load %x[%i] : memref<?xi32>
        %one = arith.constant 1 : i32
        %r = arith.addi %v, %one : i32
        memref.store %r, %x[%i] : memref<?xi32>
      }
      gpu.return
    }
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @fmt_f(" %g\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_i(" %d\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @nl("\0A\00") {addr_space = 0 : i32}

  func.func @print_f32(%label: !llvm.ptr, %m: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    llvm.call @printf(%label) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    %n = memref.dim %m, %c0 : memref<?xf32>
    %f = llvm.mlir.addressof @fmt_f : !llvm.ptr
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %m[%i] : memref<?xf32>
      %d = arith.extf %v : f32 to f64
      llvm.call @printf(%f, %d) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, f64) -> i32
    }
    %nl = llvm.mlir.addressof @nl : !llvm.ptr
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    return
  }
  func.func @print_i32(%label: !llvm.ptr, %m: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    llvm.call @printf(%label) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    %n = memref.dim %m, %c0 : memref<?xi32>
    %f = llvm.mlir.addressof @fmt_i : !llvm.ptr
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %m[%i] : memref<?xi32>
      llvm.call @printf(%f, %v) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    }
    %nl = llvm.mlir.addressof @nl : !llvm.ptr
    llvm.call @printf(%nl) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    return
  }
  llvm.mlir.global private constant @l_saxpy("saxpy:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_m1("scale m1:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_m2("scale m2:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_memset("memset:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_grid("grid2d:\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @l_async("async:\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %n = arith.constant 50 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32

    // x[i] = i, y[i] = 1 on the host; y = 2 x + y on the device.
    %hx = memref.alloc(%n) : memref<?xf32>
    %hy = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %hx[%i] : memref<?xf32>
      memref.store %one, %hy[%i] : memref<?xf32>
    }
    %dx = gpu.alloc (%n) : memref<?xf32>
    %dy = gpu.alloc (%n) : memref<?xf32>
    gpu.memcpy %dx, %hx : memref<?xf32>, memref<?xf32>
    gpu.memcpy %dy, %hy : memref<?xf32>, memref<?xf32>
    gpu.launch_func @m1::@saxpy blocks in (%c4, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%two : f32, %dx : memref<?xf32>, %dy : memref<?xf32>, %n : index)
    gpu.memcpy %hy, %dy : memref<?xf32>, memref<?xf32>
    %ls = llvm.mlir.addressof @l_saxpy : !llvm.ptr
    func.call @print_f32(%ls, %hy) : (!llvm.ptr, memref<?xf32>) -> ()

    // Both modules' @scale on static shapes, device to device copies.
    %s1 = gpu.alloc () : memref<50xf32>
    %s2 = gpu.alloc () : memref<50xf32>
    %dyc = memref.cast %dy : memref<?xf32> to memref<50xf32>
    gpu.memcpy %s1, %dyc : memref<50xf32>, memref<50xf32>
    gpu.memcpy %s2, %dyc : memref<50xf32>, memref<50xf32>
    gpu.launch_func @m1::@scale blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%s1 : memref<50xf32>)
    gpu.launch_func @m2::@scale blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%s2 : memref<50xf32>)
    %hs = memref.alloc() : memref<50xf32>
    %hsd = memref.cast %hs : memref<50xf32> to memref<?xf32>
    %l1 = llvm.mlir.addressof @l_m1 : !llvm.ptr
    gpu.memcpy %hs, %s1 : memref<50xf32>, memref<50xf32>
    func.call @print_f32(%l1, %hsd) : (!llvm.ptr, memref<?xf32>) -> ()
    %l2 = llvm.mlir.addressof @l_m2 : !llvm.ptr
    gpu.memcpy %hs, %s2 : memref<50xf32>, memref<50xf32>
    func.call @print_f32(%l2, %hsd) : (!llvm.ptr, memref<?xf32>) -> ()

    // gpu.memset of device memory.
    %seven = arith.constant 7.0 : f32
    gpu.memset %dx, %seven : memref<?xf32>, f32
    gpu.memcpy %hx, %dx : memref<?xf32>, memref<?xf32>
    %lm = llvm.mlir.addressof @l_memset : !llvm.ptr
    func.call @print_f32(%lm, %hx) : (!llvm.ptr, memref<?xf32>) -> ()

    // A 2-D grid of 2 x 3 blocks of 4 x 2 threads over a 5 x 6 matrix.
    %g = gpu.alloc () : memref<5x6xi32>
    %minus = arith.constant -1 : i32
    gpu.memset %g, %minus : memref<5x6xi32>, i32
    gpu.launch_func @m2::@grid2d blocks in (%c2, %c3, %c1) threads in (%c4, %c2, %c1)
        args(%g : memref<5x6xi32>)
    %hg = memref.alloc() : memref<5x6xi32>
    gpu.memcpy %hg, %g : memref<5x6xi32>, memref<5x6xi32>
    %hgf = memref.collapse_shape %hg [[0, 1]] : memref<5x6xi32> into memref<30xi32>
    %hgd = memref.cast %hgf : memref<30xi32> to memref<?xi32>
    %lg = llvm.mlir.addressof @l_grid : !llvm.ptr
    func.call @print_i32(%lg, %hgd) : (!llvm.ptr, memref<?xi32>) -> ()

    // Async tokens: allocate, copy in, add one, copy out, free, each op
    // depending on the one before; gpu.wait joins.
    %ha = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %c9 = arith.constant 9 : i32
      %v = arith.addi %ii, %c9 : i32
      memref.store %v, %ha[%i] : memref<?xi32>
    }
    %t0 = gpu.wait async
    %da, %t1 = gpu.alloc async [%t0] (%n) : memref<?xi32>
    %t2 = gpu.memcpy async [%t1] %da, %ha : memref<?xi32>, memref<?xi32>
    %n32 = arith.index_cast %n : index to i32
    %t3 = gpu.launch_func async [%t2] @m2::@addone blocks in (%c7, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%da : memref<?xi32>, %n32 : i32)
    %t4 = gpu.memcpy async [%t3] %ha, %da : memref<?xi32>, memref<?xi32>
    %t5 = gpu.dealloc async [%t4] %da : memref<?xi32>
    gpu.wait [%t5]
    %la = llvm.mlir.addressof @l_async : !llvm.ptr
    func.call @print_i32(%la, %ha) : (!llvm.ptr, memref<?xi32>) -> ()

    gpu.dealloc %dx : memref<?xf32>
    gpu.dealloc %dy : memref<?xf32>
    gpu.dealloc %s1 : memref<50xf32>
    gpu.dealloc %s2 : memref<50xf32>
    gpu.dealloc %g : memref<5x6xi32>
    memref.dealloc %hx : memref<?xf32>
    memref.dealloc %hy : memref<?xf32>
    memref.dealloc %hs : memref<50xf32>
    memref.dealloc %hg : memref<5x6xi32>
    memref.dealloc %ha : memref<?xi32>
    %r = arith.constant 0 : i32
    return %r : i32
  }
}
