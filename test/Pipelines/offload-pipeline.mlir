// RUN: offload-opt --help | FileCheck %s --check-prefix=HELP
// RUN: offload-opt %s --offload-pipeline="targets=host" \
// RUN:   | FileCheck %s --implicit-check-not=offload.launch \
// RUN:       --implicit-check-not=offload.kernel --implicit-check-not="offload.data map(" \
// RUN:       --implicit-check-not="offload.update map(" --implicit-check-not=gpu.module \
// RUN:       --implicit-check-not=unrealized_conversion_cast \
// RUN:       --implicit-check-not=gpu.binary --implicit-check-not="#offload"
// RUN: offload-opt %s --offload-device-pipeline="targets=host" --offload-host-pipeline \
// RUN:   | FileCheck %s --check-prefix=STAGES
// RUN: offload-opt %s --offload-pipeline="targets=host" --dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PASSES
// RUN: echo "module {}" | offload-opt --offload-pipeline="targets=host bufferize=1" --dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BUFFERIZE

// The passes and pipelines offload-opt registers.
// HELP-DAG: --convert-offload-to-gpu
// HELP-DAG: --convert-offload-to-omp
// HELP-DAG: --offload-infer-maps
// HELP-DAG: --offload-legalize-map-names
// HELP-DAG: --offload-lower-device-modules
// HELP-DAG: --offload-serialize-device-modules
// HELP-DAG: --offload-set-targets
// HELP-DAG: --offload-outline-linalg
// HELP-DAG: --offload-inline-kernel-calls
// HELP-DAG: --offload-bufferize-pipeline {{ *}}- Bufferize a module written on tensors
// HELP-DAG: --bufferize
// HELP-DAG: --offload-pipeline {{ *}}- Lower an offload module to the LLVM dialect with its device images embedded
// HELP-DAG: --offload-device-pipeline {{ *}}- Infer maps and build the device images of an offload module
// HELP-DAG: --offload-host-pipeline {{ *}}- Lower launches and data movement to libomptarget calls and the host code to the LLVM dialect
// HELP-DAG: --targets=<string>
// HELP-DAG: --remarks

// The whole pipeline leaves only LLVM and omp operations (the data mapping,
// translated with the rest); the device images and their registration are
// LLVM dialect globals and constructors (offload-embed-images), and no
// offload attribute is left: stock mlir-translate translates it.

module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">]} {
  offload.kernel @scale(%a: f32, %x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      %r = arith.mulf %a, %v : f32
      memref.store %r, %x[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @run(%a: f32, %x: memref<?xf32>, %steps: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    offload.data map(tofrom: %x : memref<?xf32>) {
      scf.for %it = %c0 to %steps step %c1 {
        // An inlined launch (a front end's inliner): the globals the
        // lowering makes for it get its location, which
        // offload-legalize-call-sites keeps out of the way of LLVM's
        // ensure-debug-info-scope-on-llvm-func (it crashed on them).
        offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> () loc(callsite("lib.mlir":3:4 at "app.mlir":10:2))
      }
    }
    offload.update map(from: %x : memref<?xf32>)
    return
  }
}

// CHECK-LABEL: module attributes {gpu.container_module, omp.is_target_device = false, omp.target_triples = ["x86_64-pc-linux-gnu"]}
// Every operation is an llvm or omp one.
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}
// CHECK: llvm.mlir.global internal constant @__offload_region_scale(0 : i8) {addr_space = 0 : i32} : i8
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}
// CHECK: llvm.func internal @__offload_fallback_scale(
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}
// CHECK: llvm.func @run(
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}
// CHECK: omp.map.info
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}
// CHECK: omp.target_data
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}
// CHECK: llvm.call @__tgt_target_kernel(
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}
// CHECK: omp.terminator
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}
// CHECK: omp.target_update
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}
// targets=host replaces the module's own targets: the image is the host's
// shared object.
// CHECK: llvm.mlir.global internal unnamed_addr constant @".omp_offloading.device_image.{{[0-9a-f]+}}"("\7FELF
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}
// CHECK: llvm.mlir.global_ctors ctors = [@".omp_offloading.descriptor_reg.{{[0-9a-f]+}}", @".offload.register_module"], priorities = [101 : i32, 102 : i32]
// CHECK-NOT: {{^ *(%[^ ]+ = )?"?(arith|builtin|cf|func|index|math|memref|scf|ub|vector|affine|nvvm|rocdl)\.}}

// The stages, run one after the other, do the same.
// STAGES: omp.target_data
// STAGES: llvm.call @__tgt_target_kernel(
// STAGES: llvm.mlir.global internal unnamed_addr constant @".omp_offloading.device_image.{{[0-9a-f]+}}"("\7FELF

// The host code gets line tables, then the map names are legalized last,
// after every pass that rewrites locations.
// Programs in the gpu dialect: gpu.launch bodies outlined, then everything
// of the gpu dialect converted, right after the targets are set.
// Linalg ops: outlined next; what stays in host code becomes loops before
// the host's structured control flow is lowered. Then the functions kernels
// call are inlined into them, before any analysis of the kernels.
// PASSES: offload-set-targets{targets=host},
// PASSES-NEXT: gpu-kernel-outlining{data-layout-str=},
// PASSES-NEXT: convert-gpu-to-offload,
// PASSES-NEXT: offload-outline-linalg{remarks=false},
// PASSES-NEXT: offload-inline-kernel-calls{remarks=false},
// PASSES-NEXT: offload.kernel(
// PASSES: convert-offload-to-omp,
// PASSES-NEXT: convert-linalg-to-loops,
// PASSES: offload-legalize-call-sites,
// PASSES-NEXT: ensure-debug-info-scope-on-llvm-func{emission-kind=LineTablesOnly},
// PASSES-NEXT: offload-legalize-map-names,
// PASSES-NEXT: offload-embed-images
// PASSES-NEXT: )

// With bufferize=1, tensors are bufferized first.
// BUFFERIZE: eliminate-empty-tensors,
// BUFFERIZE-NEXT: offload-bufferize-host,
// BUFFERIZE: convert-bufferization-to-memref,
// BUFFERIZE-NEXT: offload-set-targets{targets=host},
// BUFFERIZE-NEXT: gpu-kernel-outlining
// BUFFERIZE-NEXT: convert-gpu-to-offload,
// BUFFERIZE-NEXT: offload-outline-linalg
