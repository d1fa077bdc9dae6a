// RUN: offload-opt %s --offload-lower-math=library=libm | FileCheck %s --check-prefixes=CHECK,LIBM
// RUN: offload-opt %s --offload-lower-math=library=libdevice | FileCheck %s --check-prefixes=CHECK,LIBDEVICE
// RUN: offload-opt %s --offload-lower-math=library=ocml | FileCheck %s --check-prefixes=CHECK,OCML
// RUN: offload-opt %s --offload-lower-math=library=none | FileCheck %s --check-prefixes=CHECK,NONE

// erf: libm's erff on the host, libdevice's through convert-gpu-to-nvvm
// later (left as is), ocml's __ocml_erf_f32, and the math dialect's
// polynomial without a library (f64 there: offload-lower-math-invalid.mlir).
// LIBM-DAG: func.func private @erff(f32) -> f32
// OCML-DAG: llvm.func @__ocml_erf_f32(f32) -> f32
// CHECK-LABEL: func.func @erf_f32
func.func @erf_f32(%x: f32) -> f32 {
  // LIBM: call @erff(%{{.*}}) : (f32) -> f32
  // LIBDEVICE: math.erf %{{.*}} : f32
  // OCML: llvm.call @__ocml_erf_f32(%{{.*}}) : (f32) -> f32
  // NONE-NOT: math.erf
  // NONE: llvm.call_intrinsic "llvm.fma"
  // NONE-NOT: math.erf
  %a = math.erf %x : f32
  return %a : f32
}

// bf16 in f32, everywhere.
// CHECK-LABEL: func.func @acosh_bf16
func.func @acosh_bf16(%h: bf16) -> bf16 {
  // CHECK: %[[EXT:.*]] = arith.extf %{{.*}} : bf16 to f32
  // LIBM: %[[R:.*]] = call @acoshf(%[[EXT]]) : (f32) -> f32
  // LIBDEVICE: %[[R:.*]] = math.acosh %[[EXT]] : f32
  // OCML: %[[R:.*]] = llvm.call @__ocml_acosh_f32(%[[EXT]]) : (f32) -> f32
  // NONE: %[[R:.*]] = llvm.call_intrinsic "llvm.sqrt"
  // LIBM: arith.truncf %[[R]] {{.*}}: f32 to bf16
  %r = math.acosh %h : bf16
  return %r : bf16
}

// Classification as comparisons of the magnitude, clampf as upstream expands
// it (maxf(minf(value, min), max), MLIR 22's definition).
// CHECK-LABEL: func.func @classify
func.func @classify(%x: f32, %d: f64, %lo: f32, %hi: f32) -> (i1, i1, f32) {
  // CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
  // CHECK-DAG: %[[MIN:.*]] = arith.constant 2.2250738585072014E-308 : f64
  // CHECK-DAG: %[[MAX:.*]] = arith.constant 1.7976931348623157E+308 : f64
  // LIBM: %[[A:.*]] = math.absf %{{.*}} : f32
  // LIBM: arith.cmpf oeq, %[[A]], %[[INF]] : f32
  // LIBM: %[[B:.*]] = math.absf %{{.*}} : f64
  // LIBM: %[[GE:.*]] = arith.cmpf oge, %[[B]], %[[MIN]] : f64
  // LIBM: %[[LE:.*]] = arith.cmpf ole, %[[B]], %[[MAX]] : f64
  // LIBM: arith.andi %[[GE]], %[[LE]] : i1
  // CHECK: %[[M:.*]] = arith.minimumf %{{.*}}, %{{.*}} : f32
  // CHECK: arith.maximumf %[[M]], %{{.*}} : f32
  // CHECK-NOT: math.isinf
  // CHECK-NOT: math.isnormal
  // CHECK-NOT: math.clampf
  %a = math.isinf %x : f32
  %b = math.isnormal %d : f64
  %c = math.clampf %x to [%lo, %hi] : f32
  return %a, %b, %c : i1, i1, f32
}

// Bit counts: LLVM intrinsics on NVPTX, which convert-gpu-to-nvvm leaves;
// sqrt an instruction everywhere (without libdevice an intrinsic call, as
// convert-gpu-to-nvvm would call __nv_sqrtf).
// CHECK-LABEL: func.func @native
func.func @native(%i: i64, %x: f32) -> (i64, f32) {
  // LIBM: math.ctlz %{{.*}} : i64
  // LIBDEVICE: "llvm.intr.ctlz"(%{{.*}}) <{is_zero_poison = false}> : (i64) -> i64
  // NONE: "llvm.intr.ctlz"(%{{.*}}) <{is_zero_poison = false}> : (i64) -> i64
  // OCML: math.ctlz %{{.*}} : i64
  // LIBM: math.sqrt %{{.*}} : f32
  // LIBDEVICE: math.sqrt %{{.*}} : f32
  // NONE: llvm.call_intrinsic "llvm.sqrt"(%{{.*}}) : (f32) -> f32
  %a = math.ctlz %i : i64
  %b = math.sqrt %x : f32
  return %a, %b : i64, f32
}

// Without libdevice, powf of a negative base: upstream's expansion
// (exp(y log x)) on |x|, negated for an odd integral y, NaN for a y that is
// not integral; the libraries' powf handle it themselves.
// CHECK-LABEL: func.func @powf
func.func @powf(%x: f32, %y: f32) -> f32 {
  // LIBM: math.powf %{{.*}}, %{{.*}} : f32
  // LIBDEVICE: math.powf %{{.*}}, %{{.*}} : f32
  // NONE-DAG: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
  // NONE-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
  // NONE: %[[ODD:.*]] = arith.cmpf one,
  // NONE: %[[NEG:.*]] = arith.negf %[[P:.*]] : f32
  // NONE: %[[SIGNED:.*]] = arith.select %[[ODD]], %[[NEG]], %[[P]] : f32
  // NONE: %[[OFNEG:.*]] = arith.select %{{.*}}, %[[SIGNED]], %[[NAN]] : f32
  // NONE: %[[ISNEG:.*]] = arith.cmpf olt, %{{.*}}, %[[ZERO]] : f32
  // NONE: arith.select %[[ISNEG]], %[[OFNEG]], %[[P]] : f32
  // NONE-NOT: math.powf
  %r = math.powf %x, %y : f32
  return %r : f32
}
