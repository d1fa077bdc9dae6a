// RUN: offload-opt %s -split-input-file -verify-diagnostics

// expected-error@+1 {{'offload.kernel' op kernels return no values; write results to a buffer argument instead}}
offload.kernel @results(%x: memref<?xf32>) -> f32 {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'vector<4xf32>': kernel arguments are memrefs (identity or strided layout, default memory space) of integers, floats (f16, bf16, f32, f64), index, complex numbers or vectors of 2^k integers or floats, and integer, float or index scalars of at most 64 bits}}
offload.kernel @vector_arg(%v: vector<4xf32>) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #1 has unsupported type 'tensor<?xf32>'}}
offload.kernel @tensor_arg(%x: memref<?xf32>, %t: tensor<?xf32>) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'complex<f32>'}}
offload.kernel @complex_arg(%c: complex<f32>) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'i128'}}
offload.kernel @i128_arg(%i: i128) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'f80'}}
offload.kernel @f80_arg(%f: f80) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'memref<?xf32, 1>'}}
offload.kernel @memory_space_arg(%x: memref<?xf32, 1>) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'memref<?xf32, #gpu.address_space<global>>'}}
offload.kernel @gpu_memory_space_arg(%x: memref<?xf32, #gpu.address_space<global>>) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'memref<?xi128>'}}
offload.kernel @memref_of_i128(%x: memref<?xi128>) {
  offload.return
}

// -----

// Vectors of 3 floats have padding in memory (their size is 16 bytes): not a
// plain struct that moves bitwise.
// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'memref<4xvector<3xf32>>'}}
offload.kernel @memref_of_vector(%x: memref<4xvector<3xf32>>) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'memref<4xcomplex<i32>>'}}
offload.kernel @memref_of_integer_complex(%x: memref<4xcomplex<i32>>) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'memref<*xf32>'}}
offload.kernel @unranked_memref(%x: memref<*xf32>) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op argument #0 has unsupported type 'memref<?xf32, affine_map<(d0) -> (d0 floordiv 2)>>'}}
offload.kernel @non_strided_layout(%x: memref<?xf32, affine_map<(d0) -> (d0 floordiv 2)>>) {
  offload.return
}

// -----

// expected-error@+1 {{'offload.kernel' op needs a body}}
offload.kernel @declaration(memref<?xf32>)

// -----

// expected-error@+1 {{'offload.kernel' op needs a body}}
"offload.kernel"() <{function_type = (f32) -> (), sym_name = "empty_region"}> ({}) : () -> ()

// -----

// A kernel's parallel loop maps onto a grid of at most 3 dimensions.
offload.kernel @four_d(%a: memref<?x?x?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 1.0 : f32
  // expected-error@+1 {{a kernel's parallel loop has 1 to 3 dimensions, this one 4}}
  scf.parallel (%i, %j, %k, %l) = (%c0, %c0, %c0, %c0) to (%c2, %c2, %c2, %c2) step (%c1, %c1, %c1, %c1) {
    memref.store %f, %a[%i, %j, %k, %l] : memref<?x?x?x?xf32>
  }
  offload.return
}

// -----

offload.kernel @four_d_forall(%a: memref<?x?x?x?xf32>) {
  %f = arith.constant 1.0 : f32
  // expected-error@+1 {{a kernel's parallel loop has 1 to 3 dimensions, this one 4}}
  scf.forall (%i, %j, %k, %l) in (2, 2, 2, 2) {
    memref.store %f, %a[%i, %j, %k, %l] : memref<?x?x?x?xf32>
  }
  offload.return
}

// -----

func.func @return_outside_kernel() {
  // expected-error@+1 {{'offload.return' op expects parent op 'offload.kernel'}}
  offload.return
}

// -----

func.func @unknown_kernel(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op launches unknown kernel @nope}}
  offload.launch @nope(%x) : (memref<?xf32>) -> ()
  return
}

// -----

// A name near a kernel's: the error suggests it.
offload.kernel @saxpy(%x: memref<?xf32>) {
  offload.return
}
func.func @misspelled_kernel(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op launches unknown kernel @saxpi; did you mean @saxpy?}}
  offload.launch @saxpi(%x) : (memref<?xf32>) -> ()
  return
}

// -----

// No kernel's name is near: no suggestion.
offload.kernel @saxpy(%x: memref<?xf32>) {
  offload.return
}
func.func @unrelated_kernel(%x: memref<?xf32>) {
  // expected-error-re@+1 {{'offload.launch' op launches unknown kernel @completely_else{{$}}}}
  offload.launch @completely_else(%x) : (memref<?xf32>) -> ()
  return
}

// -----

func.func @not_a_kernel(%x: memref<?xf32>) {
  return
}

func.func @launch_func(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op @not_a_kernel is a 'func.func', not an offload.kernel}}
  offload.launch @not_a_kernel(%x) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @two_args(%a: f32, %x: memref<?xf32>) {
  offload.return
}

func.func @argument_count(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op passes 1 arguments but kernel @two_args takes 2}}
  offload.launch @two_args(%x) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @two_args(%a: f32, %x: memref<?xf32>) {
  offload.return
}

func.func @argument_type(%a: f64, %x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op argument #0 has type 'f64' but kernel @two_args expects 'f32'}}
  offload.launch @two_args(%a, %x) : (f64, memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @memref_arg_type(%x: memref<?xf32>) {
  offload.return
}

func.func @argument_memref_type(%x: memref<4xf32>) {
  // expected-error@+1 {{'offload.launch' op argument #0 has type 'memref<4xf32>' but kernel @memref_arg_type expects 'memref<?xf32>'}}
  offload.launch @memref_arg_type(%x) : (memref<4xf32>) -> ()
  return
}

// -----

offload.kernel @k(%a: f32, %x: memref<?xf32>) {
  offload.return
}

func.func @map_scalar(%a: f32, %x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op map clause #0 names a value of type 'f32', not a buffer (memref)}}
  offload.launch @k(%a, %x) map(to: %a : f32) : (f32, memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @mapped_twice(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op map clause #1 maps a buffer that an earlier clause already maps}}
  offload.launch @k(%x) map(to: %x : memref<?xf32>, from: %x : memref<?xf32>) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @launch_release(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op map kind 'release' is not allowed here (allowed: to, from, tofrom, alloc)}}
  offload.launch @k(%x) map(release: %x : memref<?xf32>) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @launch_delete(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op map kind 'delete' is not allowed here (allowed: to, from, tofrom, alloc)}}
  offload.launch @k(%x) map(delete: %x : memref<?xf32>) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>, %y: memref<?xf32>) {
  offload.return
}

func.func @map_not_an_argument(%x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op map clause #1 names a buffer that is neither an argument of the launch (or a member of one) nor a memref.subview of one}}
  offload.launch @k(%x, %y) map(to: %x : memref<?xf32>, to: %z : memref<?xf32>) : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @blocks_without_threads(%x: memref<?xf32>, %n: index) {
  // expected-error@+1 {{'offload.launch' op has 1 block dimensions but 0 thread dimensions; give both with the same rank}}
  offload.launch @k(%x) blocks(%n) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @threads_without_blocks(%x: memref<?xf32>, %n: index) {
  // expected-error@+1 {{'offload.launch' op has 0 block dimensions but 1 thread dimensions; give both with the same rank}}
  offload.launch @k(%x) threads(%n) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @grid_rank_mismatch(%x: memref<?xf32>, %n: index) {
  // expected-error@+1 {{'offload.launch' op has 2 block dimensions but 1 thread dimensions; give both with the same rank}}
  offload.launch @k(%x) blocks(%n, %n) threads(%n) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @grid_rank_4(%x: memref<?xf32>, %n: index) {
  // expected-error@+1 {{'offload.launch' op has a grid of 4 dimensions; grids have 1 to 3}}
  offload.launch @k(%x) blocks(%n, %n, %n, %n) threads(%n, %n, %n, %n) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @parallel_1d(%x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    memref.store %v, %x[%i] : memref<?xf32>
  }
  offload.return
}

func.func @grid_rank_vs_parallel(%x: memref<?xf32>, %n: index) {
  // expected-error@+1 {{'offload.launch' op has a grid of 2 dimensions but the parallel loop of kernel @parallel_1d has 1}}
  offload.launch @parallel_1d(%x) blocks(%n, %n) threads(%n, %n) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @forall_2d(%x: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.dim %x, %c1 : memref<?x?xf32>
  scf.forall (%i, %j) in (%n, %m) {
    %v = memref.load %x[%i, %j] : memref<?x?xf32>
    memref.store %v, %x[%i, %j] : memref<?x?xf32>
  }
  offload.return
}

func.func @grid_rank_vs_forall(%x: memref<?x?xf32>, %n: index) {
  // expected-error@+1 {{'offload.launch' op has a grid of 3 dimensions but the parallel loop of kernel @forall_2d has 2}}
  offload.launch @forall_2d(%x) blocks(%n, %n, %n) threads(%n, %n, %n) : (memref<?x?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @device_not_integer(%x: memref<?xf32>, %d: f32) {
  // expected-error@+1 {{'offload.launch' op operand #1 must be device number (index, i8, i16, i32 or i64), but got 'f32'}}
  offload.launch @k(%x) device(%d : f32) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @device_and_devices(%x: memref<?xf32>, %d: i32) {
  // expected-error@+1 {{'offload.launch' op has both 'device(...)' and 'devices(...)'}}
  offload.launch @k(%x) device(%d : i32) devices(%d, %d : i32, i32) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @devices_grid(%x: memref<?xf32>, %n: index) {
  // expected-error@+1 {{'offload.launch' op sets a grid on a launch over several devices; each device's grid is chosen for its share, leave 'blocks(...)' and 'threads(...)' out}}
  offload.launch @k(%x) devices(all) blocks(%n) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @devices_maps(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op has map clauses on a launch over several devices; each device's sections are inferred, leave 'map(...)' out}}
  offload.launch @k(%x) map(tofrom: %x : memref<?xf32>) devices(all) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @devices_not_integer(%x: memref<?xf32>, %d: f32) {
  // expected-error@+1 {{'offload.launch' op operand #1 must be variadic of device number (index, i8, i16, i32 or i64) or 1-D memref of device numbers (i8, i16, i32 or i64), but got 'f32'}}
  offload.launch @k(%x) devices(%d : f32) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @devices_list_and_values(%x: memref<?xf32>, %l: memref<?xi32>, %d: i32) {
  // expected-error@+1 {{'offload.launch' op lists devices both as values and in a buffer; give one buffer or the values}}
  offload.launch @k(%x) devices(%l, %d : memref<?xi32>, i32) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @devices_list_2d(%x: memref<?xf32>, %l: memref<?x?xi32>) {
  // expected-error@+1 {{'offload.launch' op operand #1 must be variadic of device number (index, i8, i16, i32 or i64) or 1-D memref of device numbers (i8, i16, i32 or i64), but got 'memref<?x?xi32>'}}
  offload.launch @k(%x) devices(%l : memref<?x?xi32>) : (memref<?xf32>) -> ()
  return
}

// -----

func.func @launch_map_kinds_without_values() {
  // expected-error@+1 {{'offload.launch' op has 0 mapped value(s) but 1 map kind(s)}}
  "offload.launch"() <{kernel = @k, map_kinds = [#offload.map<to>], operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0>}> : () -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @launch_map_count_mismatch(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op has 1 mapped value(s) but 0 map kind(s)}}
  "offload.launch"(%x, %x) <{kernel = @k, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}> : (memref<?xf32>, memref<?xf32>) -> ()
  return
}

// -----

func.func @map_kinds_not_maps(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.enter_data' op attribute 'map_kinds' failed to satisfy constraint: array of map clauses}}
  "offload.enter_data"(%x) <{map_kinds = [1 : i32], operandSegmentSizes = array<i32: 1, 0>}> : (memref<?xf32>) -> ()
  return
}

// -----

func.func @unknown_modifier(%x: memref<?xf32>) {
  // expected-error@+1 {{unknown map modifier 'sometimes' (expected 'always' or 'present')}}
  offload.enter_data map(sometimes, to: %x : memref<?xf32>)
  return
}

// -----

func.func @none_modifier(%x: memref<?xf32>) {
  // expected-error@+1 {{unknown map modifier 'none' (expected 'always' or 'present')}}
  offload.enter_data map(none, to: %x : memref<?xf32>)
  return
}

// -----

func.func @unknown_kind(%x: memref<?xf32>) {
  // expected-error@+1 {{unknown map kind 'copy' (expected to, from, tofrom, alloc, release or delete)}}
  offload.enter_data map(copy: %x : memref<?xf32>)
  return
}

// -----

func.func @modifier_without_kind(%x: memref<?xf32>) {
  // expected-error@+1 {{unknown map kind 'always' (expected to, from, tofrom, alloc, release or delete)}}
  offload.enter_data map(always: %x : memref<?xf32>)
  return
}

// -----

func.func @kind_as_modifier(%x: memref<?xf32>) {
  // expected-error@+1 {{unknown map modifier 'to' (expected 'always' or 'present')}}
  offload.exit_data map(to, from: %x : memref<?xf32>)
  return
}

// -----

func.func @data_release(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.data' op map kind 'release' is not allowed here (allowed: to, from, tofrom, alloc)}}
  offload.data map(release: %x : memref<?xf32>) {
  }
  return
}

// -----

func.func @data_delete(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.data' op map kind 'delete' is not allowed here (allowed: to, from, tofrom, alloc)}}
  offload.data map(delete: %x : memref<?xf32>) {
  }
  return
}

// -----

func.func @data_map_scalar(%a: i32) {
  // expected-error@+1 {{'offload.data' op map clause #0 names a value of type 'i32', not a buffer (memref)}}
  offload.data map(to: %a : i32) {
  }
  return
}

// -----

func.func @data_mapped_twice(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.data' op map clause #1 maps a buffer that an earlier clause already maps}}
  offload.data map(to: %x : memref<?xf32>, tofrom: %x : memref<?xf32>) {
  }
  return
}

// -----

func.func @data_no_map() {
  // expected-error@+1 {{'offload.data' op needs at least one map clause}}
  "offload.data"() <{map_kinds = [], operandSegmentSizes = array<i32: 0, 0>}> ({
  ^bb0:
  }) : () -> ()
  return
}

// -----

func.func @enter_data_from(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.enter_data' op map kind 'from' is not allowed here (allowed: to, alloc)}}
  offload.enter_data map(from: %x : memref<?xf32>)
  return
}

// -----

func.func @enter_data_tofrom(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.enter_data' op map kind 'tofrom' is not allowed here (allowed: to, alloc)}}
  offload.enter_data map(tofrom: %x : memref<?xf32>)
  return
}

// -----

func.func @enter_data_release(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.enter_data' op map kind 'release' is not allowed here (allowed: to, alloc)}}
  offload.enter_data map(release: %x : memref<?xf32>)
  return
}

// -----

func.func @enter_data_map_scalar(%x: memref<?xf32>, %n: index) {
  // expected-error@+1 {{'offload.enter_data' op map clause #1 names a value of type 'index', not a buffer (memref)}}
  offload.enter_data map(to: %x : memref<?xf32>, to: %n : index)
  return
}

// -----

func.func @enter_data_mapped_twice(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.enter_data' op map clause #1 maps a buffer that an earlier clause already maps}}
  offload.enter_data map(to: %x : memref<?xf32>, alloc: %x : memref<?xf32>)
  return
}

// -----

func.func @enter_data_no_map() {
  // expected-error@+1 {{'offload.enter_data' op needs at least one map clause}}
  "offload.enter_data"() <{map_kinds = [], operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
  return
}

// -----

func.func @enter_data_count_mismatch(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.enter_data' op has 1 mapped value(s) but 2 map kind(s)}}
  "offload.enter_data"(%x) <{map_kinds = [#offload.map<to>, #offload.map<to>], operandSegmentSizes = array<i32: 1, 0>}> : (memref<?xf32>) -> ()
  return
}

// -----

func.func @exit_data_to(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.exit_data' op map kind 'to' is not allowed here (allowed: from, release, delete)}}
  offload.exit_data map(to: %x : memref<?xf32>)
  return
}

// -----

func.func @exit_data_alloc(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.exit_data' op map kind 'alloc' is not allowed here (allowed: from, release, delete)}}
  offload.exit_data map(alloc: %x : memref<?xf32>)
  return
}

// -----

func.func @exit_data_tofrom(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.exit_data' op map kind 'tofrom' is not allowed here (allowed: from, release, delete)}}
  offload.exit_data map(tofrom: %x : memref<?xf32>)
  return
}

// -----

func.func @exit_data_no_map() {
  // expected-error@+1 {{'offload.exit_data' op needs at least one map clause}}
  "offload.exit_data"() <{map_kinds = [], operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
  return
}

// -----

func.func @update_tofrom(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.update' op map kind 'tofrom' is not allowed here (allowed: to, from)}}
  offload.update map(tofrom: %x : memref<?xf32>)
  return
}

// -----

func.func @update_alloc(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.update' op map kind 'alloc' is not allowed here (allowed: to, from)}}
  offload.update map(alloc: %x : memref<?xf32>)
  return
}

// -----

func.func @update_delete(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.update' op map kind 'delete' is not allowed here (allowed: to, from)}}
  offload.update map(delete: %x : memref<?xf32>)
  return
}

// -----

func.func @update_always(%x: memref<?xf32>, %y: memref<?xf32>) {
  // expected-error@+1 {{'offload.update' op 'always' has no meaning on an update, which always copies}}
  offload.update map(present, to: %x : memref<?xf32>, always, from: %y : memref<?xf32>)
  return
}

// -----

func.func @update_no_map() {
  // expected-error@+1 {{'offload.update' op needs at least one map clause}}
  "offload.update"() <{map_kinds = [], operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
  return
}

// -----

func.func @update_device_not_integer(%x: memref<?xf32>, %d: f32) {
  // expected-error@+1 {{'offload.update' op operand #1 must be device number (index, i8, i16, i32 or i64), but got 'f32'}}
  offload.update map(to: %x : memref<?xf32>) device(%d : f32)
  return
}

// -----

// expected-error@+1 {{'offload.targets' belongs on a builtin.module}}
func.func @targets_on_func() attributes {offload.targets = [#offload.host]} {
  return
}

// -----

// expected-error@+1 {{'offload.targets' must be an array of target attributes (#offload.nvptx, #offload.amdgpu, #offload.host)}}
module attributes {offload.targets = #offload.host} {
}

// -----

// expected-error@+1 {{'offload.targets' lists "sm_90", which is not an offload target (#offload.nvptx, #offload.amdgpu, #offload.host)}}
module attributes {offload.targets = [#offload.host, "sm_90"]} {
}

// -----

// expected-error@+1 {{'offload.targets' lists #offload.map<to>, which is not an offload target}}
module attributes {offload.targets = [#offload.map<to>]} {
}

// -----

// expected-error@+1 {{'offload.targets' lists #offload.nvptx<chip = "sm_80"> twice}}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_80">, #offload.host, #offload.nvptx<chip = "sm_80", format = "auto">]} {
}

// -----

// expected-error@+1 {{'offload.target' must be an offload target attribute}}
gpu.module @device attributes {offload.target = #nvvm.target<chip = "sm_90">} {
}

// -----

// expected-error@+1 {{'offload.target' belongs on a gpu.module}}
func.func @target_on_func() attributes {offload.target = #offload.host} {
  return
}

// -----

// expected-error@+1 {{'offload.entry' must be the kernel's symbol name (a string)}}
llvm.mlir.global internal constant @entry(0 : i8) {offload.entry = @k} : i8

// -----

// expected-error@+1 {{'offload.entry' belongs on an llvm.mlir.global}}
func.func @entry_on_func() attributes {offload.entry = "scale"} {
  return
}

// -----

// expected-error@+1 {{'offload.runtime_state' belongs on an llvm.mlir.global}}
func.func @launch_state_on_func() attributes {offload.runtime_state} {
  return
}

// -----

// expected-error@+1 {{'offload.runtime_state' is a unit attribute}}
llvm.mlir.global internal @state(0 : i8) {offload.runtime_state = 1 : i8} : i8

// -----

func.func @wait_in_kernel_is_fine_on_host() {
  offload.wait
  return
}

offload.kernel @k() {
  // expected-error@+1 {{'offload.wait' op is host code and cannot be used inside an offload.kernel}}
  offload.wait
  offload.return
}

// -----

// The attribute name is quoted once, as in the other messages.
// expected-error@+1 {{unknown offload dialect attribute 'offload.target_list'}}
module attributes {offload.target_list = [#offload.host]} {
}

// -----

// expected-error@+1 {{NVPTX chip must look like 'sm_90', got 'gfx90a'}}
module attributes {offload.targets = [#offload.nvptx<chip = "gfx90a">]} {
}

// -----

// expected-error@+1 {{NVPTX chip must look like 'sm_90', got 'sm_'}}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_">]} {
}

// -----

// expected-error@+1 {{NVPTX chip must look like 'sm_90', got 'sm_9x'}}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_9x">]} {
}

// -----

// An NVPTX chip has at most one 'a' or 'f' suffix (sm_90a, sm_100f).
// expected-error@+1 {{NVPTX chip must look like 'sm_90', got 'sm_90aa'}}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90aa">]} {
}

// -----

// expected-error@+1 {{NVPTX chip must look like 'sm_90', got 'sm_100fa'}}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_100fa">]} {
}

// -----

// expected-error@+1 {{NVPTX image format must be 'auto', 'cubin' or 'bitcode', got 'ptx'}}
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90", format = "ptx">]} {
}

// -----

// expected-error@+1 {{AMDGPU chip must look like 'gfx942', got 'sm_90'}}
module attributes {offload.targets = [#offload.amdgpu<chip = "sm_90">]} {
}

// -----

// expected-error@+1 {{AMDGPU chip must look like 'gfx942', got 'gfx'}}
module attributes {offload.targets = [#offload.amdgpu<chip = "gfx">]} {
}

// -----

// expected-error@+1 {{AMDGPU chip must look like 'gfx942', got 'gfx90z'}}
module attributes {offload.targets = [#offload.amdgpu<chip = "gfx90z">]} {
}

// -----

// A generic chip names its major version (gfx9-generic, gfx9-4-generic).
// expected-error@+1 {{AMDGPU chip must look like 'gfx942', got 'gfx-generic'}}
module attributes {offload.targets = [#offload.amdgpu<chip = "gfx-generic">]} {
}

// -----

// Kernels use the chip's own wavefront size: features may not change it.
// expected-error@+1 {{AMDGPU feature '-wavefrontsize64' is not supported: kernels use the wavefront size of the chip ('gfx90a')}}
module attributes {offload.targets = [#offload.amdgpu<chip = "gfx90a", features = "+xnack,-wavefrontsize64">]} {
}

// -----

// expected-error@+1 {{AMDGPU feature '+wavefrontsize64' is not supported: kernels use the wavefront size of the chip ('gfx1100')}}
module attributes {offload.targets = [#offload.amdgpu<chip = "gfx1100", features = "+wavefrontsize64">]} {
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @empty_map_kinds(%x: memref<?xf32>) {
  // An empty clause list would print as `map()`, which does not parse.
  // expected-error@+1 {{'offload.launch' op has an empty 'map_kinds' attribute; leave it out when nothing is mapped}}
  "offload.launch"(%x) <{kernel = @k, map_kinds = [], operandSegmentSizes = array<i32: 1, 0, 0, 0, 0, 0>}> : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @inner(%x: memref<?xf32>) {
  offload.return
}

offload.kernel @outer(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.launch' op is host code and cannot be used inside an offload.kernel}}
  offload.launch @inner(%x) : (memref<?xf32>) -> ()
  offload.return
}

// -----

offload.kernel @moves(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.update' op is host code and cannot be used inside an offload.kernel}}
  offload.update map(from: %x : memref<?xf32>)
  offload.return
}

// -----

offload.kernel @copies(%x: memref<?xf32>, %d: i32) {
  // expected-error@+1 {{'offload.device_copy' op is host code and cannot be used inside an offload.kernel}}
  offload.device_copy %x from(%d : i32) to(%d : i32) : memref<?xf32>
  offload.return
}

// -----

func.func @device_copy_layout(%x: memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>>, %d: i32) {
  // expected-error@+1 {{'offload.device_copy' op copies 'memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>>', whose layout is not strided: the runtime copies a range of bytes}}
  offload.device_copy %x from(%d : i32) to(%d : i32) : memref<8xf32, affine_map<(d0) -> (d0 floordiv 2)>>
  return
}

// -----

offload.kernel @region(%x: memref<?xf32>) {
  // expected-error@+1 {{'offload.data' op is host code and cannot be used inside an offload.kernel}}
  offload.data map(to: %x : memref<?xf32>) {
  }
  offload.return
}

// -----

func.func @nested(%i: index) {
  %inner = offload.pack %i : tuple<index>
  // expected-error@+1 {{'offload.pack' op makes 'tuple<tuple<index>>': an aggregate has at least one member, and its members are what a kernel argument may be (buffers and scalars), not aggregates}}
  %outer = offload.pack %inner : tuple<tuple<index>>
  return
}

// -----

offload.kernel @k(%s: tuple<memref<?xf32>, index>) {
  %a, %n = offload.unpack %s : tuple<memref<?xf32>, index>
  offload.return
}

func.func @not_packed(%s: tuple<memref<?xf32>, index>) {
  // expected-error@+1 {{'offload.launch' op argument #0 is an aggregate that is not made by an offload.pack the launch can see; pack its members next to the launch}}
  offload.launch @k(%s) : (tuple<memref<?xf32>, index>) -> ()
  return
}

// -----

func.func private @use(tuple<memref<?xf32>, index>)

offload.kernel @k(%s: tuple<memref<?xf32>, index>) {
  // expected-error@+1 {{'func.call' op uses aggregate argument #0 of the kernel; take it apart with offload.unpack first}}
  func.call @use(%s) : (tuple<memref<?xf32>, index>) -> ()
  offload.return
}

// -----

// expected-error@+1 {{'offload.host' is a unit attribute}}
func.func @host_attr(%a: memref<4xf32>) attributes {offload.host = 1 : i32} {
  return
}

// -----

// expected-error@+1 {{'offload.host' belongs on a func.func}}
offload.kernel @host_kernel(%a: memref<4xf32>) attributes {offload.host} {
  offload.return
}

// -----

// expected-error@+1 {{'offload.equal_dims' belongs on an offload.kernel}}
func.func @equal_dims_on_func(%a: memref<?xf32>) attributes {offload.equal_dims = [array<i64: 0, 0, 0, 0>]} {
  return
}

// -----

// expected-error@+1 {{'offload.equal_dims' must list i64 arrays of two or more (argument, dimension) pairs}}
offload.kernel @equal_dims_one_pair(%a: memref<?xf32>, %b: memref<?xf32>) attributes {offload.equal_dims = [array<i64: 0, 0>]} {
  offload.return
}

// -----

// expected-error@+1 {{'offload.equal_dims' must be an array of i64 arrays}}
offload.kernel @equal_dims_not_array(%a: memref<?xf32>, %b: memref<?xf32>) attributes {offload.equal_dims = 3 : i64} {
  offload.return
}

// -----

// expected-error@+1 {{'offload.equal_dims' names dimension 1 of argument 1, which is not a dimension of a memref argument}}
offload.kernel @equal_dims_bad_dim(%a: memref<?x?xf32>, %b: memref<?xf32>) attributes {offload.equal_dims = [array<i64: 0, 1, 1, 1>]} {
  offload.return
}

// -----

// expected-error@+1 {{'offload.equal_dims' names dimension 0 of argument 0, which is not a dimension of a memref argument}}
offload.kernel @equal_dims_scalar(%n: index, %b: memref<?xf32>) attributes {offload.equal_dims = [array<i64: 0, 0, 1, 0>]} {
  offload.return
}

// -----

// expected-error@+1 {{'offload.allow_tf32' is a unit attribute}}
module attributes {offload.allow_tf32 = true} {
}

// -----

// expected-error@+1 {{'offload.allow_tf32' belongs on a builtin.module, a func.func, an offload.kernel or a linalg op}}
gpu.module @tf32_gpu_module attributes {offload.allow_tf32} {
}

// -----

// expected-error@+1 {{'offload.bounded_waits' is a unit attribute or a positive integer (milliseconds)}}
module attributes {offload.bounded_waits = 0 : i64} {
}

// -----

// expected-error@+1 {{'offload.bounded_waits' is a unit attribute or a positive integer (milliseconds)}}
module attributes {offload.bounded_waits = "10s"} {
}

// -----

module {
  // expected-error@+1 {{'offload.bounded_waits' belongs on a builtin.module or a gpu.module}}
  func.func @f() attributes {offload.bounded_waits} {
    return
  }
}

// -----

offload.kernel @lists(%l: memref<?xi32>) {
  // expected-error@+1 {{'offload.all_devices' op is host code and cannot be used inside an offload.kernel}}
  %n = offload.all_devices %l : memref<?xi32>
  offload.return
}

// -----

func.func @all_devices_layout(%l: memref<?xi32, strided<[2]>>) -> index {
  // expected-error@+1 {{'offload.all_devices' op writes 'memref<?xi32, strided<[2]>>': the list must have the identity layout}}
  %n = offload.all_devices %l : memref<?xi32, strided<[2]>>
  return %n : index
}

// -----

func.func @all_devices_type(%l: memref<?xi64>) -> index {
  // expected-error@+1 {{'offload.all_devices' op operand #0 must be 1D memref of 32-bit signless integer values}}
  %n = offload.all_devices %l : memref<?xi64>
  return %n : index
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @devices_empty(%x: memref<?xf32>) {
  // expected-error@+1 {{'devices()' lists no device: give device numbers ('devices(%d0, %d1 : i32, i32)'), a buffer of them ('devices(%list : memref<?xi32>)'), or 'all'}}
  offload.launch @k(%x) devices() : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

// An i1 would be sign-extended: `true` to -1, the default device.
func.func @devices_i1(%x: memref<?xf32>, %b: i1) {
  // expected-error@+1 {{'offload.launch' op operand #1 must be variadic of device number (index, i8, i16, i32 or i64) or 1-D memref of device numbers (i8, i16, i32 or i64), but got 'i1'}}
  offload.launch @k(%x) devices(%b : i1) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

// A list whose layout is not strided: its lowering has no address of
// element i (it failed without a location before).
func.func @devices_list_not_strided(%x: memref<?xf32>, %l: memref<?xi16, affine_map<(d0) -> (d0 floordiv 2)>>) {
  // expected-error@+1 {{'offload.launch' op lists its devices in 'memref<?xi16, affine_map<(d0) -> (d0 floordiv 2)>>', whose layout is not strided: the host reads the list element by element}}
  offload.launch @k(%x) devices(%l : memref<?xi16, affine_map<(d0) -> (d0 floordiv 2)>>) : (memref<?xf32>) -> ()
  return
}

// -----

offload.kernel @k(%x: memref<?xf32>) {
  offload.return
}

func.func @device_i1(%x: memref<?xf32>, %b: i1) {
  // expected-error@+1 {{'offload.launch' op operand #1 must be device number (index, i8, i16, i32 or i64), but got 'i1'}}
  offload.launch @k(%x) device(%b : i1) : (memref<?xf32>) -> ()
  return
}

// -----

func.func @enter_data_device_i1(%x: memref<?xf32>, %b: i1) {
  // expected-error@+1 {{'offload.enter_data' op operand #1 must be device number (index, i8, i16, i32 or i64), but got 'i1'}}
  offload.enter_data map(to: %x : memref<?xf32>) device(%b : i1)
  return
}

// -----

func.func @device_copy_i128(%x: memref<?xf32>, %a: i32, %b: i128) {
  // expected-error@+1 {{'offload.device_copy' op operand #2 must be device number (index, i8, i16, i32 or i64), but got 'i128'}}
  offload.device_copy %x from(%a : i32) to(%b : i128) : memref<?xf32>
  return
}

// -----

// expected-error@+1 {{'offload.kernel' op name 'my-kernel' cannot be a symbol of every device image: a kernel's name is a C identifier (letters, digits and '_', not starting with a digit)}}
offload.kernel @"my-kernel"(%x: memref<?xf32>) {
  offload.return
}

// -----

// expected-error@+1 {{name '1k' cannot be a symbol of every device image}}
offload.kernel @"1k"(%x: memref<?xf32>) {
  offload.return
}

// -----

// expected-error@+1 {{argument #0 has unsupported type 'memref<?xtf32>'}}
offload.kernel @tf32_buffer(%x: memref<?xtf32>) {
  offload.return
}

// -----

// expected-error@+1 {{argument #0 has unsupported type 'memref<?xf8E4M3FN>'}}
offload.kernel @f8_buffer(%x: memref<?xf8E4M3FN>) {
  offload.return
}
