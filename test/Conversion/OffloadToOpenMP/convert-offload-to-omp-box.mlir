// RUN: offload-opt %s --convert-offload-to-gpu --convert-offload-to-omp | FileCheck %s

// A launch that maps a 2-D box (a subview with rows of stride 1, here the
// one offload-infer-maps makes for a loop over rows [1, 8) and columns
// [1, 8)) builds its argument arrays on the stack at run time: the entries
// of the parameters, then, when the box is narrower than its rows and has
// more than one, one entry per row. The buffer's own entry then maps the
// span from the box's first element to its last without copying (type
// TARGET_PARAM, 32, instead of TARGET_PARAM | TO | FROM, 35), and each row,
// MEMBER_OF that entry (1 << 48) | TO | FROM, copies its part of the box.

module attributes {offload.targets = [#offload.host]} {
  offload.kernel @scale(%a: memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %two = arith.constant 2.0 : f32
    scf.parallel (%i, %j) = (%c1, %c1) to (%c8, %c8) step (%c1, %c1) {
      %x = memref.load %a[%i, %j] : memref<?x?xf32>
      %y = arith.mulf %x, %two : f32
      memref.store %y, %a[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }

  // CHECK-LABEL: func.func @launch_box(
  // CHECK-SAME: %[[A:.*]]: memref<?x?xf32>)
  // CHECK: %[[BOX:.*]] = memref.subview %[[A]]
  // CHECK: %[[SAVE:.*]] = llvm.intr.stacksave : !llvm.ptr
  // CHECK: %[[FOUR:.*]] = llvm.mlir.constant(4 : i64) : i64
  // CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK: %{{.*}}, %{{.*}}, %[[SIZES:.*]]:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[BOX]]
  // CHECK: %[[ROWS:.*]] = arith.index_cast %[[SIZES]]#0 : index to i64
  // CHECK: %[[LEN:.*]] = arith.index_cast %[[SIZES]]#1 : index to i64
  // CHECK: %[[STRIDE:.*]] = arith.index_cast %[[STRIDES]]#0 : index to i64
  // CHECK: %[[SEVERAL:.*]] = llvm.icmp "sgt" %[[ROWS]], %[[ONE]] : i64
  // CHECK: %[[NONEMPTY:.*]] = llvm.icmp "sgt" %[[LEN]], %[[ZERO]] : i64
  // CHECK: %[[GAPS:.*]] = llvm.icmp "ne" %[[LEN]], %[[STRIDE]] : i64
  // CHECK: %[[AND:.*]] = llvm.and %[[SEVERAL]], %[[NONEMPTY]] : i1
  // CHECK: %[[GAPPED:.*]] = llvm.and %[[AND]], %[[GAPS]] : i1
  // Rows only where the gaps between them are more than a sixteenth of a
  // row: else the span, in one copy (copying the gaps in and back is
  // harmless here, the span being new to the device).
  // CHECK: %[[GAP:.*]] = llvm.sub %[[STRIDE]], %[[LEN]] : i64
  // CHECK: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i64) : i64
  // CHECK: %[[GAP16:.*]] = llvm.mul %[[GAP]], %[[SIXTEEN]] : i64
  // CHECK: %[[DENSE:.*]] = llvm.icmp "sle" %[[GAP16]], %[[LEN]] : i64
  // CHECK: %[[SPARSE:.*]] = llvm.xor %[[DENSE]], %{{.*}} : i1
  // CHECK: %[[ROWWISE:.*]] = llvm.and %[[GAPPED]], %[[SPARSE]] : i1
  // Rows only where the device does not hold the span (a buffer kept on
  // it: the rows would copy nothing, and cost the runtime a lookup each),
  // asked of a device the runtime has.
  // CHECK: %[[DEV:.*]] = llvm.call @omp_get_default_device() : () -> i32
  // CHECK: %[[AVAILABLE:.*]] = llvm.call @omp_get_num_devices() : () -> i32
  // CHECK: %[[VALID:.*]] = llvm.and
  // CHECK: %[[ANSWER:.*]] = scf.if %[[VALID]] -> (i32) {
  // CHECK:   %[[IS:.*]] = llvm.call @omp_target_is_present(%{{.*}}, %[[DEV]]) : (!llvm.ptr, i32) -> i32
  // CHECK:   scf.yield %[[IS]] : i32
  // CHECK: } else {
  // CHECK: %[[HELD:.*]] = llvm.icmp "ne" %[[ANSWER]]
  // CHECK: %[[NOTHELD:.*]] = llvm.xor %[[HELD]]
  // CHECK: %[[NARROW:.*]] = llvm.and %[[ROWWISE]], %[[NOTHELD]] : i1
  // CHECK: %[[MEMBERS:.*]] = llvm.select %[[NARROW]], %[[ROWS]], %[[ZERO]] : i1, i64
  // CHECK: %[[TOTAL:.*]] = llvm.add %[[FOUR]], %[[MEMBERS]] : i64
  // CHECK: %[[BASES:.*]] = llvm.alloca %[[TOTAL]] x !llvm.ptr
  // CHECK: %[[PTRS:.*]] = llvm.alloca %[[TOTAL]] x !llvm.ptr
  // CHECK: %[[SIZEA:.*]] = llvm.alloca %[[TOTAL]] x i64
  // CHECK: %[[TYPES:.*]] = llvm.alloca %[[TOTAL]] x i64
  // The names libomptarget prints (LIBOMPTARGET_INFO): the parameters'
  // from the usual global array, each row's its buffer's.
  // CHECK: %[[NAMES:.*]] = llvm.alloca %[[TOTAL]] x !llvm.ptr
  // CHECK: %[[NAME3:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
  // CHECK: %[[TOFROM:.*]] = llvm.mlir.constant(35 : i64) : i64
  // CHECK: %[[ALLOC:.*]] = llvm.mlir.constant(32 : i64) : i64
  // CHECK: %[[PARENT:.*]] = llvm.select %[[NARROW]], %[[ALLOC]], %[[TOFROM]] : i1, i64
  // CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[TYPES]][%{{.*}}]
  // CHECK: llvm.store %[[PARENT]], %[[SLOT]]
  // CHECK: %[[ROWBYTES:.*]] = llvm.mul %[[LEN]], %{{.*}} : i64
  // CHECK: %[[STRIDEBYTES:.*]] = llvm.mul %[[STRIDE]], %{{.*}} : i64
  // CHECK: %[[MEMBER:.*]] = llvm.mlir.constant(281474976710659 : i64) : i64
  // CHECK: %[[COUNT:.*]] = llvm.select %[[NARROW]], %[[ROWS]], %[[ZERO]] : i1, i64
  // CHECK: scf.for %[[ROW:.*]] = %[[ZERO]] to %[[COUNT]] step %[[ONE]] : i64 {
  // CHECK:   %[[INDEX:.*]] = llvm.add %[[FOUR]], %[[ROW]] : i64
  // CHECK:   %[[OFFSET:.*]] = llvm.mul %[[ROW]], %[[STRIDEBYTES]] : i64
  // CHECK:   %[[BEGIN:.*]] = llvm.getelementptr %{{.*}}[%[[OFFSET]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  // CHECK:   llvm.getelementptr %[[BASES]][%[[INDEX]]]
  // CHECK:   %[[P:.*]] = llvm.getelementptr %[[PTRS]][%[[INDEX]]]
  // CHECK:   llvm.store %[[BEGIN]], %[[P]]
  // CHECK:   %[[S:.*]] = llvm.getelementptr %[[SIZEA]][%[[INDEX]]]
  // CHECK:   llvm.store %[[ROWBYTES]], %[[S]]
  // CHECK:   %[[T:.*]] = llvm.getelementptr %[[TYPES]][%[[INDEX]]]
  // CHECK:   llvm.store %[[MEMBER]], %[[T]]
  // CHECK:   %[[NS:.*]] = llvm.getelementptr %[[NAMES]][%[[INDEX]]]
  // CHECK:   llvm.store %[[NAME3]], %[[NS]]
  // CHECK: }
  // CHECK: %[[NUM:.*]] = llvm.trunc %[[TOTAL]] : i64 to i32
  // CHECK: llvm.insertvalue %[[NUM]], %{{.*}}[1]
  // CHECK: llvm.insertvalue %[[BASES]], %{{.*}}[2]
  // CHECK: llvm.insertvalue %[[PTRS]], %{{.*}}[3]
  // CHECK: llvm.insertvalue %[[SIZEA]], %{{.*}}[4]
  // CHECK: llvm.insertvalue %[[TYPES]], %{{.*}}[5]
  // CHECK: llvm.insertvalue %[[NAMES]], %{{.*}}[6]
  // CHECK: llvm.call @__tgt_target_kernel
  // CHECK: call @__offload_fallback_scale(
  // CHECK: }
  // CHECK-NEXT: llvm.intr.stackrestore %[[SAVE]] : !llvm.ptr
  // CHECK: return
  func.func @launch_box(%a: memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %box = memref.subview %a[%c1, %c1] [%c7, %c7] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    offload.launch @scale(%a) map(tofrom: %box : memref<?x?xf32, strided<[?, 1], offset: ?>>) : (memref<?x?xf32>) -> ()
    return
  }

  // A box a launch only copies out: mapped as its span, dense, it copies
  // the span in too (rows of at most 32 KiB, 8192 f32: a bound on the
  // bytes the copy in adds), so that its gaps come back as the
  // host had them: type TARGET_PARAM | TO | FROM (35) instead of
  // TARGET_PARAM | FROM (34).
  // CHECK-LABEL: func.func @launch_out(
  // CHECK: llvm.intr.stacksave
  // CHECK: memref.extract_strided_metadata %{{.*}} : memref<?x?xf32, strided
  // CHECK: %[[LEN:.*]] = arith.index_cast %{{.*}}#1 : index to i64
  // CHECK: llvm.and
  // CHECK: %[[GAPPED:.*]] = llvm.and
  // CHECK: %[[DENSE:.*]] = llvm.icmp "sle"
  // CHECK: %[[LIMIT:.*]] = llvm.mlir.constant(8192 : i64) : i64
  // CHECK: %[[SHORT:.*]] = llvm.icmp "sle" %[[LEN]], %[[LIMIT]] : i64
  // CHECK: %[[SPAN:.*]] = llvm.and %[[DENSE]], %[[SHORT]] : i1
  // CHECK: %[[SPANIN:.*]] = llvm.and %[[GAPPED]], %[[SPAN]] : i1
  // CHECK: %[[OUT:.*]] = llvm.mlir.constant(34 : i64) : i64
  // CHECK: %[[INOUT:.*]] = llvm.mlir.constant(35 : i64) : i64
  // CHECK: llvm.select %[[SPANIN]], %[[INOUT]], %[[OUT]] : i1, i64
  // CHECK: llvm.call @__tgt_target_kernel
  func.func @launch_out(%a: memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %box = memref.subview %a[%c1, %c1] [%c7, %c7] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    offload.launch @scale(%a) map(from: %box : memref<?x?xf32, strided<[?, 1], offset: ?>>) : (memref<?x?xf32>) -> ()
    return
  }

  // 'update' and 'exit_data' copy rows whatever the gaps: the device (or
  // the host) may hold newer values between the rows than the other side.
  // CHECK-LABEL: func.func @update_rows(
  // CHECK-NOT: llvm.mlir.constant(16 : i64)
  // CHECK: llvm.call @__tgt_target_data_update_mapper(
  // CHECK-NOT: llvm.mlir.constant(16 : i64)
  // CHECK: llvm.call @__tgt_target_data_end_mapper(
  // CHECK: return
  func.func @update_rows(%a: memref<?x?xf32> {llvm.noalias}, %d: i32) {
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %box = memref.subview %a[%c1, %c1] [%c7, %c7] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    offload.update map(to: %box : memref<?x?xf32, strided<[?, 1], offset: ?>>) device(%d : i32)
    offload.exit_data map(from: %box : memref<?x?xf32, strided<[?, 1], offset: ?>>) device(%d : i32)
    return
  }

  // A box that copies nothing ('alloc') needs no rows: the arrays are the
  // usual constant ones.
  // CHECK-LABEL: func.func @launch_alloc(
  // CHECK-NOT: llvm.intr.stacksave
  // CHECK: llvm.call @__tgt_target_kernel
  // CHECK-NOT: llvm.intr.stackrestore
  // CHECK: return
  func.func @launch_alloc(%a: memref<?x?xf32>) {
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %box = memref.subview %a[%c1, %c1] [%c7, %c7] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    offload.launch @scale(%a) map(alloc: %box : memref<?x?xf32, strided<[?, 1], offset: ?>>) : (memref<?x?xf32>) -> ()
    return
  }

  // Data ops with a box call libomptarget themselves (omp's map entries
  // cannot name rows): the same arrays, the box's span without copying
  // (parent type 0 instead of TO = 1) and its rows MEMBER_OF it with the
  // clause's bits ((1 << 48) | TO), then the stack given back. A clause
  // that is not a box (the whole of %b) is one entry as usual. (%a is
  // llvm.noalias: the types are constants, see @data_aliased in
  // convert-offload-to-omp.mlir.)
  // CHECK-LABEL: func.func @data_box(
  // CHECK-SAME: %[[A:.*]]: memref<?x?xf32> {llvm.noalias}, %[[B:.*]]: memref<?xf32>, %[[D:.*]]: i32)
  // CHECK: %[[SAVE:.*]] = llvm.intr.stacksave : !llvm.ptr
  // CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i64) : i64
  // CHECK: %[[TOTAL:.*]] = llvm.add %[[TWO]], %{{.*}} : i64
  // CHECK: %[[TO:.*]] = llvm.mlir.constant(1 : i64) : i64
  // CHECK: %[[NONE:.*]] = llvm.mlir.constant(0 : i64) : i64
  // CHECK: llvm.select %{{.*}}, %[[NONE]], %[[TO]] : i1, i64
  // CHECK: llvm.mlir.constant(281474976710657 : i64) : i64
  // CHECK: scf.for
  // CHECK: %[[NUM:.*]] = llvm.trunc %[[TOTAL]] : i64 to i32
  // CHECK: %[[EXT:.*]] = arith.extsi %[[D]] : i32 to i64
  // CHECK: %[[DEV:.*]] = call @__offload_resolve_device(%[[EXT]]) : (i64) -> i64
  // CHECK: llvm.call @__tgt_target_data_begin_mapper(%{{.*}}, %[[DEV]], %[[NUM]], {{.*}}) : (!llvm.ptr, i64, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
  // CHECK: llvm.intr.stackrestore %[[SAVE]]
  // CHECK: llvm.call @__tgt_target_data_update_mapper(
  // CHECK: llvm.call @__tgt_target_data_end_mapper(
  // A region: begin before its body, end after it.
  // CHECK: llvm.call @__tgt_target_data_begin_mapper(
  // CHECK: llvm.call @__tgt_target_kernel
  // CHECK: llvm.call @__tgt_target_data_end_mapper(
  // CHECK-NOT: omp.target
  // CHECK: return
  func.func @data_box(%a: memref<?x?xf32> {llvm.noalias}, %b: memref<?xf32>, %d: i32) {
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %box = memref.subview %a[%c1, %c1] [%c7, %c7] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    offload.enter_data map(to: %box : memref<?x?xf32, strided<[?, 1], offset: ?>>, to: %b : memref<?xf32>) device(%d : i32)
    offload.update map(from: %box : memref<?x?xf32, strided<[?, 1], offset: ?>>) device(%d : i32)
    offload.exit_data map(from: %box : memref<?x?xf32, strided<[?, 1], offset: ?>>, release: %b : memref<?xf32>) device(%d : i32)
    offload.data map(tofrom: %box : memref<?x?xf32, strided<[?, 1], offset: ?>>) {
      offload.launch @scale(%a) map(tofrom: %box : memref<?x?xf32, strided<[?, 1], offset: ?>>) : (memref<?x?xf32>) -> ()
    }
    return
  }
}
