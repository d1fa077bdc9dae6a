// A multigrid-style V-cycle written as a recursive function: each level
// smooths, restricts to a grid half as large that it allocates, recurses,
// prolongs back and smooths again. main calls it ten times. The recursion
// only launches on its grids: u and f stay on the device across all ten
// calls and every level (entered once before the loop), and each level's
// coarse grids are allocated on the device only. vcycle_rec.test compares
// the copies with those of the C + OpenMP twin vcycle_rec.c.
module attributes {offload.targets = [#offload.host]} {
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global internal constant @result("vcycle_rec: n = %ld, checksum %ld\0A\00") {addr_space = 0 : i32}

  // u[i] = (u[i] + f[i]) % 1000
  offload.kernel @smooth(%u: memref<?xi32>, %f: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.constant 1000 : i32
    %n = memref.dim %u, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = memref.load %u[%i] : memref<?xi32>
      %y = memref.load %f[%i] : memref<?xi32>
      %s = arith.addi %x, %y : i32
      %r = arith.remsi %s, %m : i32
      memref.store %r, %u[%i] : memref<?xi32>
    }
    offload.return
  }

  // fc[i] = (f[2i] + u[2i+1]) % 1000
  offload.kernel @restrict(%u: memref<?xi32>, %f: memref<?xi32>, %fc: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %m = arith.constant 1000 : i32
    %n = memref.dim %fc, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %e = arith.muli %i, %c2 : index
      %o = arith.addi %e, %c1 : index
      %x = memref.load %f[%e] : memref<?xi32>
      %y = memref.load %u[%o] : memref<?xi32>
      %s = arith.addi %x, %y : i32
      %r = arith.remsi %s, %m : i32
      memref.store %r, %fc[%i] : memref<?xi32>
    }
    offload.return
  }

  offload.kernel @zero(%v: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %n = memref.dim %v, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %z, %v[%i] : memref<?xi32>
    }
    offload.return
  }

  // u[2i] and u[2i+1] += uc[i], % 1000
  offload.kernel @prolong(%uc: memref<?xi32>, %u: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %m = arith.constant 1000 : i32
    %n = memref.dim %uc, %c0 : memref<?xi32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %e = arith.muli %i, %c2 : index
      %o = arith.addi %e, %c1 : index
      %c = memref.load %uc[%i] : memref<?xi32>
      %x = memref.load %u[%e] : memref<?xi32>
      %y = memref.load %u[%o] : memref<?xi32>
      %xs = arith.addi %x, %c : i32
      %ys = arith.addi %y, %c : i32
      %xr = arith.remsi %xs, %m : i32
      %yr = arith.remsi %ys, %m : i32
      memref.store %xr, %u[%e] : memref<?xi32>
      memref.store %yr, %u[%o] : memref<?xi32>
    }
    offload.return
  }

  func.func private @vcycle(%u: memref<?xi32>, %f: memref<?xi32>, %level: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    offload.launch @smooth(%u, %f) : (memref<?xi32>, memref<?xi32>) -> ()
    %deeper = arith.cmpi sgt, %level, %c0 : index
    scf.if %deeper {
      %n = memref.dim %u, %c0 : memref<?xi32>
      %nc = arith.divui %n, %c2 : index
      %uc = memref.alloc(%nc) : memref<?xi32>
      %fc = memref.alloc(%nc) : memref<?xi32>
      offload.launch @restrict(%u, %f, %fc) : (memref<?xi32>, memref<?xi32>, memref<?xi32>) -> ()
      offload.launch @zero(%uc) : (memref<?xi32>) -> ()
      %next = arith.subi %level, %c1 : index
      func.call @vcycle(%uc, %fc, %next) : (memref<?xi32>, memref<?xi32>, index) -> ()
      offload.launch @prolong(%uc, %u) : (memref<?xi32>, memref<?xi32>) -> ()
      memref.dealloc %uc : memref<?xi32>
      memref.dealloc %fc : memref<?xi32>
    }
    offload.launch @smooth(%u, %f) : (memref<?xi32>, memref<?xi32>) -> ()
    return
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %c13 = arith.constant 13 : index
    %n = arith.constant 1048576 : index
    %u = memref.alloc(%n) : memref<?xi32>
    %f = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %a = arith.remui %i, %c7 : index
      %b = arith.remui %i, %c13 : index
      %ai = arith.index_cast %a : index to i32
      %bi = arith.index_cast %b : index to i32
      memref.store %ai, %u[%i] : memref<?xi32>
      memref.store %bi, %f[%i] : memref<?xi32>
    }
    scf.for %s = %c0 to %c10 step %c1 {
      func.call @vcycle(%u, %f, %c6) : (memref<?xi32>, memref<?xi32>, index) -> ()
    }
    %zero = arith.constant 0 : i64
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
      %x = memref.load %u[%i] : memref<?xi32>
      %w = arith.extsi %x : i32 to i64
      %next = arith.addi %acc, %w : i64
      scf.yield %next : i64
    }
    %n64 = arith.index_cast %n : index to i64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    llvm.call @printf(%fmt, %n64, %sum) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64) -> i32
    memref.dealloc %u : memref<?xi32>
    memref.dealloc %f : memref<?xi32>
    %rc = arith.constant 0 : i32
    return %rc : i32
  }
}
