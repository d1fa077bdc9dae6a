// Launches split over two GPUs against the same launches on one, in the
// same process: each benchmark runs its launches over the device list [0]
// and over [0, 1] (the same compiled code: one share, or two), alternating,
// REPS times, and prints the best time per launch of each and the speedup.
//
//   triad   a = b + 3 c, 2^29 f32 (2 GiB per array), a loop of launches
//           whose sections stay on the devices;
//   jacobi  a 5-point average of a 16384 x 16384 f32 grid, x -> y then
//           y -> x: the halo rows move between the GPUs before each step;
//           then the same with the host reading the grid after every
//           iteration, so that the sections move in and out at every one
//           (the peer without residency across the loop);
//   matmul  C = A B, 8192^3 f32, split by rows of C (each GPU reads half of
//           A and all of B, kept on it across the launches).
//
// The time per launch is (t(1 + K) - t(1)) / K, where t(k) is the time of
// a call that runs k launches: the copies in before the first launch and
// out after the last cancel out, up to their run-to-run noise (some 100 ms
// for gigabytes over the host's links), which K = 2000 triad launches, 400
// Jacobi steps (800 launches) and 60 matmuls make small against the
// launches (at K = 500, 50 and 20 it moved the triad's and the Jacobi
// step's times by 10 to 25%). t(1), one launch with its copies, is
// printed too. Results are checked: triad exactly against the host, jacobi
// and matmul bitwise between one GPU and two.
//
// Devices 0 and 1 must be the GPUs (libomptarget numbers the CUDA plugin's
// devices first; run-multi-gpu.sh prints the launches' devices to check).
// MULTI_GPU_SMALL=1 in the environment runs small sizes instead (2^20,
// 1026^2, 256^3), to try the program on the host plugin's devices.
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @triad(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %s: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %bi = memref.load %b[%i] : memref<?xf32>
      %ci = memref.load %c[%i] : memref<?xf32>
      %t = arith.mulf %s, %ci : f32
      %r = arith.addf %bi, %t : f32
      memref.store %r, %a[%i] : memref<?xf32>
    }
    offload.return
  }

  offload.kernel @jacobi(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %q = arith.constant 0.25 : f32
    %m = memref.dim %x, %c0 : memref<?x?xf32>
    %n = memref.dim %x, %c1 : memref<?x?xf32>
    %mlast = arith.subi %m, %c1 : index
    %nlast = arith.subi %n, %c1 : index
    scf.parallel (%i, %j) = (%c1, %c1) to (%mlast, %nlast) step (%c1, %c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %u = memref.load %x[%im, %j] : memref<?x?xf32>
      %d = memref.load %x[%ip, %j] : memref<?x?xf32>
      %l = memref.load %x[%i, %jm] : memref<?x?xf32>
      %r = memref.load %x[%i, %jp] : memref<?x?xf32>
      %s1 = arith.addf %u, %d : f32
      %s2 = arith.addf %l, %r : f32
      %s = arith.addf %s1, %s2 : f32
      %v = arith.mulf %s, %q : f32
      memref.store %v, %y[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }

  offload.kernel @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %m = memref.dim %C, %c0 : memref<?x?xf32>
    %n = memref.dim %C, %c1 : memref<?x?xf32>
    %k = memref.dim %A, %c1 : memref<?x?xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {
      %acc = scf.for %p = %c0 to %k step %c1 iter_args(%s = %zero) -> f32 {
        %a = memref.load %A[%i, %p] : memref<?x?xf32>
        %b = memref.load %B[%p, %j] : memref<?x?xf32>
        %ab = arith.mulf %a, %b : f32
        %t = arith.addf %s, %ab : f32
        scf.yield %t : f32
      }
      memref.store %acc, %C[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }

  // k launches over the devices of `list`, their sections kept on the
  // devices from the first to the last.
  func.func @triad_steps(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %list: memref<?xi32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %three = arith.constant 3.0 : f32
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @triad(%a, %b, %c, %three) devices(%list : memref<?xi32>) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, f32) -> ()
    }
    return
  }

  // k steps x -> y, y -> x (2 k launches).
  func.func @jacobi_steps(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %list: memref<?xi32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @jacobi(%x, %y) devices(%list : memref<?xi32>) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      offload.launch @jacobi(%y, %x) devices(%list : memref<?xi32>) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    }
    return
  }

  // The same steps, but the host reads x after each (into `sink`): the
  // sections cannot stay on the devices across iterations, and move in and
  // out at every one (its two launches still share them).
  func.func @jacobi_steps_moving(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %list: memref<?xi32>, %k: index, %sink: memref<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @jacobi(%x, %y) devices(%list : memref<?xi32>) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      offload.launch @jacobi(%y, %x) devices(%list : memref<?xi32>) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      %v = memref.load %x[%c1, %c1] : memref<?x?xf32>
      memref.store %v, %sink[%c0] : memref<1xf32>
    }
    return
  }

  func.func @matmul_steps(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %list: memref<?xi32>, %k: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %s = %c0 to %k step %c1 {
      offload.launch @matmul(%A, %B, %C) devices(%list : memref<?xi32>) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
    }
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
  llvm.func @getenv(!llvm.ptr) -> !llvm.ptr
  llvm.mlir.global private constant @small_var("MULTI_GPU_SMALL\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_dev("multi_gpu: %d devices\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_triad("triad %ld f32: 1 GPU %.3f ms/launch (%.0f GB/s), 2 GPUs %.3f ms/launch (%.0f GB/s): speedup %.2fx; one launch with its copies: 1 GPU %.3f s, 2 GPUs %.3f s (%.2fx); %ld of %ld elements exact\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_jacobi("jacobi %ld x %ld f32: 1 GPU %.3f ms/step (%.0f GB/s), 2 GPUs %.3f ms/step with the halo exchange (%.0f GB/s): speedup %.2fx; one step with its copies: 1 GPU %.3f s, 2 GPUs %.3f s (%.2fx); %ld of %ld elements equal between 1 and 2 GPUs\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_moving("jacobi %ld x %ld f32, the sections moving at every iteration (the host reads the grid after each): 1 GPU %.3f ms/step, 2 GPUs %.3f ms/step: speedup %.2fx\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fmt_matmul("matmul %ld^3 f32: 1 GPU %.3f ms/launch (%.1f TFLOP/s), 2 GPUs %.3f ms/launch (%.1f TFLOP/s): speedup %.2fx; one launch with its copies: 1 GPU %.3f s, 2 GPUs %.3f s (%.2fx); %ld of %ld elements equal between 1 and 2 GPUs\0A\00") {addr_space = 0 : i32}

  func.func private @omp_get_num_devices() -> i32

  func.func @now() -> f64 {
    %one = llvm.mlir.constant(1 : i64) : i64
    %ts = llvm.alloca %one x !llvm.struct<(i64, i64)> : (i64) -> !llvm.ptr
    %clock = llvm.mlir.constant(1 : i32) : i32
    %rc = llvm.call @clock_gettime(%clock, %ts) : (i32, !llvm.ptr) -> i32
    %t = llvm.load %ts : !llvm.ptr -> !llvm.struct<(i64, i64)>
    %s = llvm.extractvalue %t[0] : !llvm.struct<(i64, i64)>
    %ns = llvm.extractvalue %t[1] : !llvm.struct<(i64, i64)>
    %sf = arith.sitofp %s : i64 to f64
    %nsf = arith.sitofp %ns : i64 to f64
    %e9 = arith.constant 1.0e9 : f64
    %frac = arith.divf %nsf, %e9 : f64
    %r = arith.addf %sf, %frac : f64
    return %r : f64
  }

  // x[i] = (i mod period) * scale, over every element of a buffer of any
  // shape seen as one dimension.
  func.func @fill(%x: memref<?xf32>, %period: index, %scale: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %period : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      %v = arith.mulf %f, %scale : f32
      memref.store %v, %x[%i] : memref<?xf32>
    }
    return
  }

  // How many elements of x and y are bitwise equal.
  func.func @same(%x: memref<?xf32>, %y: memref<?xf32>) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = memref.dim %x, %c0 : memref<?xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
      %a = memref.load %x[%i] : memref<?xf32>
      %b = memref.load %y[%i] : memref<?xf32>
      %ai = arith.bitcast %a : f32 to i32
      %bi = arith.bitcast %b : f32 to i32
      %eq = arith.cmpi eq, %ai, %bi : i32
      %add = arith.select %eq, %one, %zero : i64
      %next = arith.addi %acc, %add : i64
      scf.yield %next : i64
    }
    return %r : i64
  }

  func.func @flat(%x: memref<?x?xf32>) -> memref<?xf32> {
    %f = memref.collapse_shape %x [[0, 1]] : memref<?x?xf32> into memref<?xf32>
    return %f : memref<?xf32>
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %reps = arith.constant 3 : index
    %big = arith.constant 1.0e30 : f64
    %e3 = arith.constant 1.0e3 : f64
    %e9 = arith.constant 1.0e9 : f64
    %e12 = arith.constant 1.0e12 : f64
    %d0 = arith.constant 0 : i32
    %d1 = arith.constant 1 : i32
    %one32 = arith.constant 1.0 : f32
    %p1024 = arith.constant 1024 : index
    %p7 = arith.constant 7 : index
    %p13 = arith.constant 13 : index
    %p17 = arith.constant 17 : index
    %sixteenth = arith.constant 0.0625 : f32

    %var = llvm.mlir.addressof @small_var : !llvm.ptr
    %env = llvm.call @getenv(%var) : (!llvm.ptr) -> !llvm.ptr
    %null = llvm.mlir.zero : !llvm.ptr
    %small = llvm.icmp "ne" %env, %null : !llvm.ptr
    %count = func.call @omp_get_num_devices() : () -> i32
    %fdev = llvm.mlir.addressof @fmt_dev : !llvm.ptr
    %pd = llvm.call @printf(%fdev, %count) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32

    // The device lists: [0] and [0, 1].
    %one = memref.alloc(%c1) : memref<?xi32>
    memref.store %d0, %one[%c0] : memref<?xi32>
    %two = memref.alloc(%c2) : memref<?xi32>
    memref.store %d0, %two[%c0] : memref<?xi32>
    memref.store %d1, %two[%c1] : memref<?xi32>

    // Times t(1) and t(1 + k) of `steps` on the list, each the best of
    // `reps`, for each list: (t(1 + k) - t(1)) / k per launch.
    // triad
    %ntBig = arith.constant 536870912 : index
    %ntSmall = arith.constant 1048576 : index
    %nt = arith.select %small, %ntSmall, %ntBig : index
    %kt = arith.constant 2000 : index
    %kt1 = arith.addi %kt, %c1 : index
    %a = memref.alloc(%nt) : memref<?xf32>
    %b = memref.alloc(%nt) : memref<?xf32>
    %c = memref.alloc(%nt) : memref<?xf32>
    func.call @fill(%a, %p7, %one32) : (memref<?xf32>, index, f32) -> ()
    func.call @fill(%b, %p1024, %one32) : (memref<?xf32>, index, f32) -> ()
    func.call @fill(%c, %p13, %one32) : (memref<?xf32>, index, f32) -> ()
    %tr:4 = scf.for %r = %c0 to %reps step %c1 iter_args(%s1 = %big, %l1 = %big, %s2 = %big, %l2 = %big) -> (f64, f64, f64, f64) {
      %t0 = func.call @now() : () -> f64
      func.call @triad_steps(%a, %b, %c, %one, %c1) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> ()
      %t1 = func.call @now() : () -> f64
      func.call @triad_steps(%a, %b, %c, %one, %kt1) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> ()
      %t2 = func.call @now() : () -> f64
      func.call @triad_steps(%a, %b, %c, %two, %c1) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> ()
      %t3 = func.call @now() : () -> f64
      func.call @triad_steps(%a, %b, %c, %two, %kt1) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xi32>, index) -> ()
      %t4 = func.call @now() : () -> f64
      %single1 = arith.subf %t1, %t0 : f64
      %many1 = arith.subf %t2, %t1 : f64
      %single2 = arith.subf %t3, %t2 : f64
      %many2 = arith.subf %t4, %t3 : f64
      %ns1 = arith.minimumf %s1, %single1 : f64
      %nl1 = arith.minimumf %l1, %many1 : f64
      %ns2 = arith.minimumf %s2, %single2 : f64
      %nl2 = arith.minimumf %l2, %many2 : f64
      scf.yield %ns1, %nl1, %ns2, %nl2 : f64, f64, f64, f64
    }
    // Per launch: (the best k + 1 launches - the best single one) / k.
    %tr_kf = arith.index_cast %kt : index to i64
    %tr_kd = arith.sitofp %tr_kf : i64 to f64
    %tr_d1 = arith.subf %tr#1, %tr#0 : f64
    %tr_p1 = arith.divf %tr_d1, %tr_kd : f64
    %tr_d3 = arith.subf %tr#3, %tr#2 : f64
    %tr_p3 = arith.divf %tr_d3, %tr_kd : f64
    // a = b + 3 c: (i mod 1024) + 3 (i mod 13), exact in f32.
    %three = arith.constant 3.0 : f32
    %zero64 = arith.constant 0 : i64
    %one64 = arith.constant 1 : i64
    %exact = scf.for %i = %c0 to %nt step %c1 iter_args(%acc = %zero64) -> i64 {
      %r1 = arith.remui %i, %p1024 : index
      %r2 = arith.remui %i, %p13 : index
      %r1i = arith.index_cast %r1 : index to i32
      %r2i = arith.index_cast %r2 : index to i32
      %f1 = arith.sitofp %r1i : i32 to f32
      %f2 = arith.sitofp %r2i : i32 to f32
      %m = arith.mulf %f2, %three : f32
      %want = arith.addf %f1, %m : f32
      %got = memref.load %a[%i] : memref<?xf32>
      %eq = arith.cmpf oeq, %want, %got : f32
      %add = arith.select %eq, %one64, %zero64 : i64
      %next = arith.addi %acc, %add : i64
      scf.yield %next : i64
    }
    memref.dealloc %a : memref<?xf32>
    memref.dealloc %b : memref<?xf32>
    memref.dealloc %c : memref<?xf32>
    %nt64 = arith.index_cast %nt : index to i64
    %ntf = arith.sitofp %nt64 : i64 to f64
    %bytes3 = arith.constant 12.0 : f64
    %tbytes = arith.mulf %ntf, %bytes3 : f64
    %tgb1a = arith.divf %tbytes, %tr_p1 : f64
    %tgb1 = arith.divf %tgb1a, %e9 : f64
    %tgb2a = arith.divf %tbytes, %tr_p3 : f64
    %tgb2 = arith.divf %tgb2a, %e9 : f64
    %tms1 = arith.mulf %tr_p1, %e3 : f64
    %tms2 = arith.mulf %tr_p3, %e3 : f64
    %tsp = arith.divf %tr_p1, %tr_p3 : f64
    %tsp1 = arith.divf %tr#0, %tr#2 : f64
    %ftriad = llvm.mlir.addressof @fmt_triad : !llvm.ptr
    %pt = llvm.call @printf(%ftriad, %nt64, %tms1, %tgb1, %tms2, %tgb2, %tsp, %tr#0, %tr#2, %tsp1, %exact, %nt64) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, f64, f64, f64, f64, f64, f64, f64, f64, i64, i64) -> i32

    // jacobi: timed on x, y; checked on x1, y1 (one GPU) and x2, y2 (two)
    // after the same steps.
    %njBig = arith.constant 16384 : index
    %njSmall = arith.constant 1026 : index
    %nj = arith.select %small, %njSmall, %njBig : index
    %kj = arith.constant 400 : index
    %kj1 = arith.addi %kj, %c1 : index
    %x = memref.alloc(%nj, %nj) : memref<?x?xf32>
    %y = memref.alloc(%nj, %nj) : memref<?x?xf32>
    %xf = func.call @flat(%x) : (memref<?x?xf32>) -> memref<?xf32>
    %yf = func.call @flat(%y) : (memref<?x?xf32>) -> memref<?xf32>
    func.call @fill(%xf, %p17, %sixteenth) : (memref<?xf32>, index, f32) -> ()
    func.call @fill(%yf, %p17, %sixteenth) : (memref<?xf32>, index, f32) -> ()
    %jr:4 = scf.for %r = %c0 to %reps step %c1 iter_args(%s1 = %big, %l1 = %big, %s2 = %big, %l2 = %big) -> (f64, f64, f64, f64) {
      %t0 = func.call @now() : () -> f64
      func.call @jacobi_steps(%x, %y, %one, %c1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
      %t1 = func.call @now() : () -> f64
      func.call @jacobi_steps(%x, %y, %one, %kj1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
      %t2 = func.call @now() : () -> f64
      func.call @jacobi_steps(%x, %y, %two, %c1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
      %t3 = func.call @now() : () -> f64
      func.call @jacobi_steps(%x, %y, %two, %kj1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
      %t4 = func.call @now() : () -> f64
      %single1 = arith.subf %t1, %t0 : f64
      %many1 = arith.subf %t2, %t1 : f64
      %single2 = arith.subf %t3, %t2 : f64
      %many2 = arith.subf %t4, %t3 : f64
      %ns1 = arith.minimumf %s1, %single1 : f64
      %nl1 = arith.minimumf %l1, %many1 : f64
      %ns2 = arith.minimumf %s2, %single2 : f64
      %nl2 = arith.minimumf %l2, %many2 : f64
      scf.yield %ns1, %nl1, %ns2, %nl2 : f64, f64, f64, f64
    }
    // Per launch: (the best k + 1 launches - the best single one) / k.
    %jr_k2 = arith.muli %kj, %c2 : index
    %jr_kf = arith.index_cast %jr_k2 : index to i64
    %jr_kd = arith.sitofp %jr_kf : i64 to f64
    %jr_d1 = arith.subf %jr#1, %jr#0 : f64
    %jr_p1 = arith.divf %jr_d1, %jr_kd : f64
    %jr_d3 = arith.subf %jr#3, %jr#2 : f64
    %jr_p3 = arith.divf %jr_d3, %jr_kd : f64
    // The same, moving the sections at every launch (fewer steps: each
    // moves the grids over the host's links).
    %kmv = arith.constant 4 : index
    %kmv1 = arith.addi %kmv, %c1 : index
    %sink = memref.alloc() : memref<1xf32>
    %mv:4 = scf.for %r = %c0 to %reps step %c1 iter_args(%s1 = %big, %l1 = %big, %s2 = %big, %l2 = %big) -> (f64, f64, f64, f64) {
      %t0 = func.call @now() : () -> f64
      func.call @jacobi_steps_moving(%x, %y, %one, %c1, %sink) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index, memref<1xf32>) -> ()
      %t1 = func.call @now() : () -> f64
      func.call @jacobi_steps_moving(%x, %y, %one, %kmv1, %sink) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index, memref<1xf32>) -> ()
      %t2 = func.call @now() : () -> f64
      func.call @jacobi_steps_moving(%x, %y, %two, %c1, %sink) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index, memref<1xf32>) -> ()
      %t3 = func.call @now() : () -> f64
      func.call @jacobi_steps_moving(%x, %y, %two, %kmv1, %sink) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index, memref<1xf32>) -> ()
      %t4 = func.call @now() : () -> f64
      %single1 = arith.subf %t1, %t0 : f64
      %many1 = arith.subf %t2, %t1 : f64
      %single2 = arith.subf %t3, %t2 : f64
      %many2 = arith.subf %t4, %t3 : f64
      %ns1 = arith.minimumf %s1, %single1 : f64
      %nl1 = arith.minimumf %l1, %many1 : f64
      %ns2 = arith.minimumf %s2, %single2 : f64
      %nl2 = arith.minimumf %l2, %many2 : f64
      scf.yield %ns1, %nl1, %ns2, %nl2 : f64, f64, f64, f64
    }
    // Per step (2 launches each).
    %mv_k2 = arith.muli %kmv, %c2 : index
    %mv_kf = arith.index_cast %mv_k2 : index to i64
    %mv_kd = arith.sitofp %mv_kf : i64 to f64
    %mv_d1 = arith.subf %mv#1, %mv#0 : f64
    %mv_p1 = arith.divf %mv_d1, %mv_kd : f64
    %mv_d3 = arith.subf %mv#3, %mv#2 : f64
    %mv_p3 = arith.divf %mv_d3, %mv_kd : f64
    memref.dealloc %sink : memref<1xf32>
    memref.dealloc %x : memref<?x?xf32>
    memref.dealloc %y : memref<?x?xf32>
    %x1 = memref.alloc(%nj, %nj) : memref<?x?xf32>
    %y1 = memref.alloc(%nj, %nj) : memref<?x?xf32>
    %x2 = memref.alloc(%nj, %nj) : memref<?x?xf32>
    %y2 = memref.alloc(%nj, %nj) : memref<?x?xf32>
    %x1f = func.call @flat(%x1) : (memref<?x?xf32>) -> memref<?xf32>
    %y1f = func.call @flat(%y1) : (memref<?x?xf32>) -> memref<?xf32>
    %x2f = func.call @flat(%x2) : (memref<?x?xf32>) -> memref<?xf32>
    %y2f = func.call @flat(%y2) : (memref<?x?xf32>) -> memref<?xf32>
    func.call @fill(%x1f, %p17, %sixteenth) : (memref<?xf32>, index, f32) -> ()
    func.call @fill(%y1f, %p17, %sixteenth) : (memref<?xf32>, index, f32) -> ()
    func.call @fill(%x2f, %p17, %sixteenth) : (memref<?xf32>, index, f32) -> ()
    func.call @fill(%y2f, %p17, %sixteenth) : (memref<?xf32>, index, f32) -> ()
    func.call @jacobi_steps(%x1, %y1, %one, %kj) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
    func.call @jacobi_steps(%x2, %y2, %two, %kj) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
    %jsame = func.call @same(%x1f, %x2f) : (memref<?xf32>, memref<?xf32>) -> i64
    memref.dealloc %x1 : memref<?x?xf32>
    memref.dealloc %y1 : memref<?x?xf32>
    memref.dealloc %x2 : memref<?x?xf32>
    memref.dealloc %y2 : memref<?x?xf32>
    %nj64 = arith.index_cast %nj : index to i64
    %njj = arith.muli %nj64, %nj64 : i64
    %njjf = arith.sitofp %njj : i64 to f64
    %bytes2 = arith.constant 8.0 : f64
    %jbytes = arith.mulf %njjf, %bytes2 : f64
    %jgb1a = arith.divf %jbytes, %jr_p1 : f64
    %jgb1 = arith.divf %jgb1a, %e9 : f64
    %jgb2a = arith.divf %jbytes, %jr_p3 : f64
    %jgb2 = arith.divf %jgb2a, %e9 : f64
    %jms1 = arith.mulf %jr_p1, %e3 : f64
    %jms2 = arith.mulf %jr_p3, %e3 : f64
    %jsp = arith.divf %jr_p1, %jr_p3 : f64
    %jsp1 = arith.divf %jr#0, %jr#2 : f64
    %fjacobi = llvm.mlir.addressof @fmt_jacobi : !llvm.ptr
    %pj = llvm.call @printf(%fjacobi, %nj64, %nj64, %jms1, %jgb1, %jms2, %jgb2, %jsp, %jr#0, %jr#2, %jsp1, %jsame, %njj) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, f64, f64, f64, f64, f64, f64, f64, f64, i64, i64) -> i32
    %mvms1 = arith.mulf %mv_p1, %e3 : f64
    %mvms2 = arith.mulf %mv_p3, %e3 : f64
    %mvsp = arith.divf %mv_p1, %mv_p3 : f64
    %fmoving = llvm.mlir.addressof @fmt_moving : !llvm.ptr
    %pmv = llvm.call @printf(%fmoving, %nj64, %nj64, %mvms1, %mvms2, %mvsp) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, f64, f64, f64) -> i32

    // matmul: C1 (one GPU) and C2 (two) from the same A and B.
    %nmBig = arith.constant 8192 : index
    %nmSmall = arith.constant 256 : index
    %nm = arith.select %small, %nmSmall, %nmBig : index
    %km = arith.constant 60 : index
    %km1 = arith.addi %km, %c1 : index
    %A = memref.alloc(%nm, %nm) : memref<?x?xf32>
    %B = memref.alloc(%nm, %nm) : memref<?x?xf32>
    %C1 = memref.alloc(%nm, %nm) : memref<?x?xf32>
    %C2 = memref.alloc(%nm, %nm) : memref<?x?xf32>
    %Af = func.call @flat(%A) : (memref<?x?xf32>) -> memref<?xf32>
    %Bf = func.call @flat(%B) : (memref<?x?xf32>) -> memref<?xf32>
    %C1f = func.call @flat(%C1) : (memref<?x?xf32>) -> memref<?xf32>
    %C2f = func.call @flat(%C2) : (memref<?x?xf32>) -> memref<?xf32>
    func.call @fill(%Af, %p13, %sixteenth) : (memref<?xf32>, index, f32) -> ()
    func.call @fill(%Bf, %p17, %sixteenth) : (memref<?xf32>, index, f32) -> ()
    %mr:4 = scf.for %r = %c0 to %reps step %c1 iter_args(%s1 = %big, %l1 = %big, %s2 = %big, %l2 = %big) -> (f64, f64, f64, f64) {
      %t0 = func.call @now() : () -> f64
      func.call @matmul_steps(%A, %B, %C1, %one, %c1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
      %t1 = func.call @now() : () -> f64
      func.call @matmul_steps(%A, %B, %C1, %one, %km1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
      %t2 = func.call @now() : () -> f64
      func.call @matmul_steps(%A, %B, %C2, %two, %c1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
      %t3 = func.call @now() : () -> f64
      func.call @matmul_steps(%A, %B, %C2, %two, %km1) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, memref<?xi32>, index) -> ()
      %t4 = func.call @now() : () -> f64
      %single1 = arith.subf %t1, %t0 : f64
      %many1 = arith.subf %t2, %t1 : f64
      %single2 = arith.subf %t3, %t2 : f64
      %many2 = arith.subf %t4, %t3 : f64
      %ns1 = arith.minimumf %s1, %single1 : f64
      %nl1 = arith.minimumf %l1, %many1 : f64
      %ns2 = arith.minimumf %s2, %single2 : f64
      %nl2 = arith.minimumf %l2, %many2 : f64
      scf.yield %ns1, %nl1, %ns2, %nl2 : f64, f64, f64, f64
    }
    // Per launch: (the best k + 1 launches - the best single one) / k.
    %mr_kf = arith.index_cast %km : index to i64
    %mr_kd = arith.sitofp %mr_kf : i64 to f64
    %mr_d1 = arith.subf %mr#1, %mr#0 : f64
    %mr_p1 = arith.divf %mr_d1, %mr_kd : f64
    %mr_d3 = arith.subf %mr#3, %mr#2 : f64
    %mr_p3 = arith.divf %mr_d3, %mr_kd : f64
    %msame = func.call @same(%C1f, %C2f) : (memref<?xf32>, memref<?xf32>) -> i64
    memref.dealloc %A : memref<?x?xf32>
    memref.dealloc %B : memref<?x?xf32>
    memref.dealloc %C1 : memref<?x?xf32>
    memref.dealloc %C2 : memref<?x?xf32>
    %nm64 = arith.index_cast %nm : index to i64
    %nmm = arith.muli %nm64, %nm64 : i64
    %nmf = arith.sitofp %nm64 : i64 to f64
    %flop2 = arith.constant 2.0 : f64
    %f1 = arith.mulf %nmf, %nmf : f64
    %f2 = arith.mulf %f1, %nmf : f64
    %flops = arith.mulf %f2, %flop2 : f64
    %mtf1a = arith.divf %flops, %mr_p1 : f64
    %mtf1 = arith.divf %mtf1a, %e12 : f64
    %mtf2a = arith.divf %flops, %mr_p3 : f64
    %mtf2 = arith.divf %mtf2a, %e12 : f64
    %mms1 = arith.mulf %mr_p1, %e3 : f64
    %mms2 = arith.mulf %mr_p3, %e3 : f64
    %msp = arith.divf %mr_p1, %mr_p3 : f64
    %msp1 = arith.divf %mr#0, %mr#2 : f64
    %fmatmul = llvm.mlir.addressof @fmt_matmul : !llvm.ptr
    %pm = llvm.call @printf(%fmatmul, %nm64, %mms1, %mtf1, %mms2, %mtf2, %msp, %mr#0, %mr#2, %msp1, %msame, %nmm) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, f64, f64, f64, f64, f64, f64, f64, f64, i64, i64) -> i32

    memref.dealloc %one : memref<?xi32>
    memref.dealloc %two : memref<?xi32>
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
