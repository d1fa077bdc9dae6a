// RUN: offload-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-bound-mbarrier-waits))' \
// RUN:   | FileCheck %s

// With offload.bounded_waits (here 250 ms), each mbarrier wait becomes a loop
// on the global timer that gives up after 250 ms (250000000 ns), then the
// kernel prints its name, block and thread and traps.
// CHECK-LABEL: gpu.module @bounded
// CHECK-LABEL: gpu.func @k(
// CHECK-SAME: %[[ADDR:.*]]: !llvm.ptr<3>, %[[PHASE:.*]]: i32
// CHECK-NOT: nvvm.mbarrier.try_wait.parity
// CHECK: %[[OK:.*]] = llvm.inline_asm has_side_effects {{.*}}"{\0A.reg .pred p;\0A.reg .u64 t0, t1;\0Amov.u64 t0, %globaltimer;\0AW${:uid}:\0Ambarrier.try_wait.parity.shared.b64 p, [$1], $2, $3;\0A@p bra D${:uid};\0Amov.u64 t1, %globaltimer;\0Asub.u64 t1, t1, t0;\0Asetp.lt.u64 p, t1, 250000000;\0A@p bra W${:uid};\0AD${:uid}:\0Aselp.u32 $0, 1, 0, p;\0A}\0A", "=r,r,r,r" %[[ADDR]], %[[PHASE]], %{{.*}} : (!llvm.ptr<3>, i32, i32) -> i32
// CHECK: %[[FAILED:.*]] = arith.cmpi eq, %[[OK]], %c0_i32
// CHECK: scf.if %[[FAILED]] {
// CHECK: gpu.printf "offload: kernel @k: an mbarrier wait did not complete within 250 ms (block (%u, %u, %u), thread %u): stopping the kernel\0A"
// CHECK: llvm.intr.trap
// CHECK: }
// A generic pointer: no state space, a 64-bit register.
// CHECK-LABEL: gpu.func @generic(
// CHECK: llvm.inline_asm has_side_effects {{.*}}mbarrier.try_wait.parity.b64 p, [$1], $2, $3;{{.*}}setp.lt.u64 p, t1, 250000000;{{.*}}"=r,l,r,r"
// CHECK: gpu.printf "offload: kernel @generic: an mbarrier wait
module attributes {gpu.container_module} {
  gpu.module @bounded attributes {offload.bounded_waits = 250 : i64} {
    gpu.func @k(%addr: !llvm.ptr<3>, %phase: i32) kernel {
      %ticks = arith.constant 1000 : i32
      nvvm.mbarrier.try_wait.parity %addr, %phase, %ticks : !llvm.ptr<3>, i32, i32
      gpu.return
    }
    gpu.func @generic(%addr: !llvm.ptr, %phase: i32) kernel {
      %ticks = arith.constant 1000 : i32
      nvvm.mbarrier.try_wait.parity %addr, %phase, %ticks : !llvm.ptr, i32, i32
      gpu.return
    }
  }
}

// -----

// A unit attribute: 10000 ms.
// CHECK-LABEL: gpu.module @default
// CHECK: setp.lt.u64 p, t1, 10000000000;
// CHECK: gpu.printf "offload: kernel @k: an mbarrier wait did not complete within 10000 ms
module attributes {gpu.container_module} {
  gpu.module @default attributes {offload.bounded_waits} {
    gpu.func @k(%addr: !llvm.ptr<3>, %phase: i32) kernel {
      %ticks = arith.constant 1000 : i32
      nvvm.mbarrier.try_wait.parity %addr, %phase, %ticks : !llvm.ptr<3>, i32, i32
      gpu.return
    }
  }
}

// -----

// Without the attribute (a release build) the waits stay as they are.
// CHECK-LABEL: gpu.module @release
// CHECK: nvvm.mbarrier.try_wait.parity
// CHECK-NOT: llvm.inline_asm
// CHECK-NOT: gpu.printf
module attributes {gpu.container_module} {
  gpu.module @release {
    gpu.func @k(%addr: !llvm.ptr<3>, %phase: i32) kernel {
      %ticks = arith.constant 1000 : i32
      nvvm.mbarrier.try_wait.parity %addr, %phase, %ticks : !llvm.ptr<3>, i32, i32
      gpu.return
    }
  }
}
