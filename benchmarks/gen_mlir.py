#!/usr/bin/env python3
"""Writes the offload-dialect benchmark programs into a directory.

Every program is a plain offload-dialect module: kernels plus a `main` that
allocates the data, maps it to the device once (offload.enter_data), times N
launches with clock_gettime and prints one line per measurement:

    RESULT <kernel> <type> <size> <microseconds per launch> <check>

`check` is `ok` when the results copied back match what the host computes.
The linear-algebra programs (`*_linalg`, `transpose_loop`, `matmul_loop`)
are written as an ML compiler hands them over: linalg ops on memrefs in host
code, which the compiler outlines into kernels and launches; `*_loop` are the
plain loop nests a user writes in a kernel.

With --linalg-in-kernels it also writes `*_linalg_kernel`: the same linalg
ops inside an `offload.kernel` that host code launches.

Usage: gen_mlir.py OUTDIR [--softmax=rows|block] [--no-dot] [--no-linalg]
                          [--linalg-in-kernels]
"""
import os
import sys

TARGETS = '[#offload.nvptx<chip = "sm_90">, #offload.host]'

# Helpers every program shares: argv parsing, a clock, printing.
COMMON = r"""
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func @atol(!llvm.ptr) -> i64
  llvm.func @clock_gettime(i32, !llvm.ptr) -> i32
  llvm.mlir.global private constant @fmt_result("RESULT %s %s %ld %.3f %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_ok("ok\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @s_fail("FAIL\00") {addr_space = 0 : i32}

  // Seconds since some fixed point (CLOCK_MONOTONIC).
  func.func @now() -> f64 {
    %one = llvm.mlir.constant(1 : i64) : i64
    %ts = llvm.alloca %one x !llvm.struct<(i64, i64)> : (i64) -> !llvm.ptr
    %clk = llvm.mlir.constant(1 : i32) : i32
    %r = llvm.call @clock_gettime(%clk, %ts) : (i32, !llvm.ptr) -> i32
    %sp = llvm.getelementptr %ts[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, i64)>
    %np = llvm.getelementptr %ts[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i64, i64)>
    %s = llvm.load %sp : !llvm.ptr -> i64
    %ns = llvm.load %np : !llvm.ptr -> i64
    %sf = arith.sitofp %s : i64 to f64
    %nsf = arith.sitofp %ns : i64 to f64
    %e9 = arith.constant 1.0e-9 : f64
    %t = arith.mulf %nsf, %e9 : f64
    %r2 = arith.addf %sf, %t : f64
    return %r2 : f64
  }

  // argv[i] as an index.
  func.func @arg(%argv: !llvm.ptr, %i: i64) -> index {
    %p = llvm.getelementptr %argv[%i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.ptr
    %s = llvm.load %p : !llvm.ptr -> !llvm.ptr
    %v = llvm.call @atol(%s) : (!llvm.ptr) -> i64
    %r = arith.index_cast %v : i64 to index
    return %r : index
  }

  // Prints a RESULT line: `name` and `type` are globals' addresses.
  func.func @report(%name: !llvm.ptr, %type: !llvm.ptr, %size: index,
                    %seconds: f64, %reps: index, %ok: i1) {
    %fmt = llvm.mlir.addressof @fmt_result : !llvm.ptr
    %okp = llvm.mlir.addressof @s_ok : !llvm.ptr
    %failp = llvm.mlir.addressof @s_fail : !llvm.ptr
    %verdict = arith.select %ok, %okp, %failp : !llvm.ptr
    %n64 = arith.index_cast %size : index to i64
    %r64 = arith.index_cast %reps : index to i64
    %rf = arith.sitofp %r64 : i64 to f64
    %e6 = arith.constant 1.0e6 : f64
    %us = arith.mulf %seconds, %e6 : f64
    %per = arith.divf %us, %rf : f64
    %x = llvm.call @printf(%fmt, %name, %type, %n64, %per, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, f64, !llvm.ptr) -> i32
    return
  }

  // |x - want| <= tol * |want|
  func.func @close(%x: f64, %want: f64, %tol: f64) -> i1 {
    %d = arith.subf %x, %want : f64
    %ad = math.absf %d : f64
    %aw = math.absf %want : f64
    %lim = arith.mulf %aw, %tol : f64
    %ok = arith.cmpf ole, %ad, %lim : f64
    return %ok : i1
  }
"""


def widen(name, T):
    """%<name>64 = %<name> as an f64."""
    if T == 'f64':
        return f'    %{name}64 = arith.addf %{name}, %zero64 : f64\n'
    return f'    %{name}64 = arith.extf %{name} : {T} to f64\n'


def cstr(name, text):
    return (f'  llvm.mlir.global private constant @{name}("{text}\\00") '
            '{addr_space = 0 : i32}\n')


def module(body):
    return f'module attributes {{offload.targets = {TARGETS}}} {{\n{COMMON}\n{body}}}\n'


def timed(label, launches, reps, typ, size, check='%true'):
    """MLIR that runs `launches` once (warm-up), then `reps` times inside a
    timer, and reports."""
    return f"""
    {launches}
    %t0_{label} = func.call @now() : () -> f64
    scf.for %k_{label} = %c0 to {reps} step %c1 {{
      {launches}
    }}
    %t1_{label} = func.call @now() : () -> f64
    %dt_{label} = arith.subf %t1_{label}, %t0_{label} : f64
    %nm_{label} = llvm.mlir.addressof @name_{label} : !llvm.ptr
    %ty_{label} = llvm.mlir.addressof @type_{typ} : !llvm.ptr
    func.call @report(%nm_{label}, %ty_{label}, {size}, %dt_{label}, {reps}, {check}) : (!llvm.ptr, !llvm.ptr, index, f64, index, i1) -> ()
"""


# --------------------------------------------------------------------------
# BabelStream: copy, mul, add, triad, dot
# --------------------------------------------------------------------------
def stream(T, dot=True):
    M = f'memref<?x{T}>'
    body = ''
    for name in ['copy', 'mul', 'add', 'triad', 'dot']:
        body += cstr(f'name_{name}', name)
    body += cstr(f'type_{T}', T)
    body += f"""
  // c = a
  offload.kernel @copy(%a: {M}, %c: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : {M}
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {{
      %v = memref.load %a[%i] : {M}
      memref.store %v, %c[%i] : {M}
    }}
    offload.return
  }}
  // b = s * c
  offload.kernel @mul(%s: {T}, %c: {M}, %b: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %c, %c0 : {M}
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {{
      %v = memref.load %c[%i] : {M}
      %r = arith.mulf %s, %v : {T}
      memref.store %r, %b[%i] : {M}
    }}
    offload.return
  }}
  // c = a + b
  offload.kernel @add(%a: {M}, %b: {M}, %c: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : {M}
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {{
      %x = memref.load %a[%i] : {M}
      %y = memref.load %b[%i] : {M}
      %r = arith.addf %x, %y : {T}
      memref.store %r, %c[%i] : {M}
    }}
    offload.return
  }}
  // a = b + s * c
  offload.kernel @triad(%s: {T}, %b: {M}, %c: {M}, %a: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %b, %c0 : {M}
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {{
      %x = memref.load %b[%i] : {M}
      %y = memref.load %c[%i] : {M}
      %sy = arith.mulf %s, %y : {T}
      %r = arith.addf %x, %sy : {T}
      memref.store %r, %a[%i] : {M}
    }}
    offload.return
  }}
  // sum[0] = sum(a * b)
  offload.kernel @dot(%a: {M}, %b: {M}, %sum: memref<1x{T}>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : {T}
    %n = memref.dim %a, %c0 : {M}
    %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> {T} {{
      %x = memref.load %a[%i] : {M}
      %y = memref.load %b[%i] : {M}
      %p = arith.mulf %x, %y : {T}
      scf.reduce(%p : {T}) {{
      ^bb0(%l: {T}, %rr: {T}):
        %t = arith.addf %l, %rr : {T}
        scf.reduce.return %t : {T}
      }}
    }}
    memref.store %r, %sum[%c0] : memref<1x{T}>
    offload.return
  }}

  func.func @fill(%x: {M}, %v: {T}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : {M}
    scf.for %i = %c0 to %n step %c1 {{
      memref.store %v, %x[%i] : {M}
    }}
    return
  }}

  // main(n, reps)
  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %n = func.call @arg(%argv, %i1) : (!llvm.ptr, i64) -> index
    %reps = func.call @arg(%argv, %i2) : (!llvm.ptr, i64) -> index
    %s = arith.constant 0.4 : {T}
    %a0 = arith.constant 0.1 : {T}
    %b0 = arith.constant 0.2 : {T}
    %c00 = arith.constant 0.0 : {T}
    %a = memref.alloc(%n) : {M}
    %b = memref.alloc(%n) : {M}
    %c = memref.alloc(%n) : {M}
    %sum = memref.alloc() : memref<1x{T}>
    func.call @fill(%a, %a0) : ({M}, {T}) -> ()
    func.call @fill(%b, %b0) : ({M}, {T}) -> ()
    func.call @fill(%c, %c00) : ({M}, {T}) -> ()
    offload.enter_data map(to: %a : {M}, to: %b : {M}, to: %c : {M}, to: %sum : memref<1x{T}>)
"""
    body += timed('copy', f'offload.launch @copy(%a, %c) : ({M}, {M}) -> ()', '%reps', T, '%n')
    body += timed('mul', f'offload.launch @mul(%s, %c, %b) : ({T}, {M}, {M}) -> ()', '%reps', T, '%n')
    body += timed('add', f'offload.launch @add(%a, %b, %c) : ({M}, {M}, {M}) -> ()', '%reps', T, '%n')
    body += timed('triad', f'offload.launch @triad(%s, %b, %c, %a) : ({T}, {M}, {M}, {M}) -> ()', '%reps', T, '%n')
    # dot is checked: copy the sum back and compare with n * a * b.
    body += f"""
    offload.launch @dot(%a, %b, %sum) : ({M}, {M}, memref<1x{T}>) -> ()
    %t0_dot = func.call @now() : () -> f64
    scf.for %k = %c0 to %reps step %c1 {{
      offload.launch @dot(%a, %b, %sum) : ({M}, {M}, memref<1x{T}>) -> ()
    }}
    %t1_dot = func.call @now() : () -> f64
    %dt_dot = arith.subf %t1_dot, %t0_dot : f64
    offload.exit_data map(from: %a : {M}, from: %b : {M}, from: %c : {M}, from: %sum : memref<1x{T}>)
    // After copy, mul, add, triad: c = 0.14, b = 0.04, a = 0.096.
    %last = arith.subi %n, %c1 : index
    %av = memref.load %a[%last] : {M}
    %bv = memref.load %b[%last] : {M}
    %cv = memref.load %c[%last] : {M}
    %dv = memref.load %sum[%c0] : memref<1x{T}>
    %zero64 = arith.constant -0.0 : f64
{widen('av', T)}{widen('bv', T)}{widen('cv', T)}{widen('dv', T)}    %tol = arith.constant 1.0e-3 : f64
    %wa = arith.constant 0.096 : f64
    %wb = arith.constant 0.04 : f64
    %wc = arith.constant 0.14 : f64
    %okA = func.call @close(%av64, %wa, %tol) : (f64, f64, f64) -> i1
    %okB = func.call @close(%bv64, %wb, %tol) : (f64, f64, f64) -> i1
    %okC = func.call @close(%cv64, %wc, %tol) : (f64, f64, f64) -> i1
    %ab = arith.andi %okA, %okB : i1
    %okS = arith.andi %ab, %okC : i1
    %n64 = arith.index_cast %n : index to i64
    %nf = arith.sitofp %n64 : i64 to f64
    %prod = arith.mulf %wa, %wb : f64
    %wd = arith.mulf %nf, %prod : f64
    %okD = func.call @close(%dv64, %wd, %tol) : (f64, f64, f64) -> i1
    %nm_dot = llvm.mlir.addressof @name_dot : !llvm.ptr
    %ty_dot = llvm.mlir.addressof @type_{T} : !llvm.ptr
    func.call @report(%nm_dot, %ty_dot, %n, %dt_dot, %reps, %okD) : (!llvm.ptr, !llvm.ptr, index, f64, index, i1) -> ()
    %nm_all = llvm.mlir.addressof @name_triad : !llvm.ptr
    %zero_t = arith.constant 0.0 : f64
    func.call @report(%nm_all, %ty_dot, %n, %zero_t, %reps, %okS) : (!llvm.ptr, !llvm.ptr, index, f64, index, i1) -> ()
    memref.dealloc %a : {M}
    memref.dealloc %b : {M}
    memref.dealloc %c : {M}
    %rc0 = arith.constant 0 : i32
    return %rc0 : i32
  }}
"""
    if not dot:  # for compilers without reductions: no dot kernel
        start = body.index('  // sum[0] = sum(a * b)')
        end = body.index('  func.func @fill')
        body = body[:start] + body[end:]
        body = '\n'.join(l for l in body.split('\n')
                         if 'offload.launch @dot' not in l)
    return module(body)


# --------------------------------------------------------------------------
# 2-D 5-point stencil, 100 sweeps on the device
# --------------------------------------------------------------------------
def stencil():
    M = 'memref<?x?xf32>'
    body = cstr('name_stencil', 'stencil') + cstr('type_f32', 'f32')
    body += f"""
  offload.kernel @sweep(%in: {M}, %out: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %quarter = arith.constant 0.25 : f32
    %rows = memref.dim %in, %c0 : {M}
    %cols = memref.dim %in, %c1 : {M}
    %rlast = arith.subi %rows, %c1 : index
    %clast = arith.subi %cols, %c1 : index
    scf.parallel (%i, %j) = (%c1, %c1) to (%rlast, %clast) step (%c1, %c1) {{
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %n = memref.load %in[%im, %j] : {M}
      %s = memref.load %in[%ip, %j] : {M}
      %w = memref.load %in[%i, %jm] : {M}
      %e = memref.load %in[%i, %jp] : {M}
      %ns = arith.addf %n, %s : f32
      %nsw = arith.addf %ns, %w : f32
      %sum = arith.addf %nsw, %e : f32
      %avg = arith.mulf %sum, %quarter : f32
      memref.store %avg, %out[%i, %j] : {M}
    }}
    offload.return
  }}

  // Top edge 1.0, everything else 0.0.
  func.func @init(%g: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %rows = memref.dim %g, %c0 : {M}
    %cols = memref.dim %g, %c1 : {M}
    scf.for %i = %c0 to %rows step %c1 {{
      scf.for %j = %c0 to %cols step %c1 {{
        %top = arith.cmpi eq, %i, %c0 : index
        %v = arith.select %top, %one, %zero : f32
        memref.store %v, %g[%i, %j] : {M}
      }}
    }}
    return
  }}

  // main(n, sweeps): sweeps must be even.
  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %n = func.call @arg(%argv, %i1) : (!llvm.ptr, i64) -> index
    %sweeps = func.call @arg(%argv, %i2) : (!llvm.ptr, i64) -> index
    %a = memref.alloc(%n, %n) : {M}
    %b = memref.alloc(%n, %n) : {M}
    func.call @init(%a) : ({M}) -> ()
    func.call @init(%b) : ({M}) -> ()
    offload.enter_data map(to: %a : {M}, to: %b : {M})
    offload.launch @sweep(%a, %b) : ({M}, {M}) -> ()
    offload.launch @sweep(%b, %a) : ({M}, {M}) -> ()
    %t0 = func.call @now() : () -> f64
    scf.for %k = %c0 to %sweeps step %c2 {{
      offload.launch @sweep(%a, %b) : ({M}, {M}) -> ()
      offload.launch @sweep(%b, %a) : ({M}, {M}) -> ()
    }}
    %t1 = func.call @now() : () -> f64
    %dt = arith.subf %t1, %t0 : f64
    offload.exit_data map(from: %a : {M}, from: %b : {M})
    // Row 1 under the hot edge after 2 + sweeps sweeps: every value is in
    // (0, 1) and the middle of row 1 is the largest of its column.
    %half = arith.divui %n, %c2 : index
    %v1 = memref.load %a[%c1, %half] : {M}
    %v2 = memref.load %a[%c2, %half] : {M}
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %p1 = arith.cmpf ogt, %v1, %zero : f32
    %p2 = arith.cmpf olt, %v1, %one : f32
    %p3 = arith.cmpf ogt, %v1, %v2 : f32
    %p12 = arith.andi %p1, %p2 : i1
    %ok = arith.andi %p12, %p3 : i1
    %nm = llvm.mlir.addressof @name_stencil : !llvm.ptr
    %ty = llvm.mlir.addressof @type_f32 : !llvm.ptr
    func.call @report(%nm, %ty, %n, %dt, %sweeps, %ok) : (!llvm.ptr, !llvm.ptr, index, f64, index, i1) -> ()
    %rc0 = arith.constant 0 : i32
    return %rc0 : i32
  }}
"""
    return module(body)


# --------------------------------------------------------------------------
# Matrix transpose
# --------------------------------------------------------------------------
def transpose():
    M = 'memref<?x?xf32>'
    body = cstr('name_transpose', 'transpose') + cstr('type_f32', 'f32')
    body += f"""
  // out[j, i] = in[i, j]
  offload.kernel @transpose(%in: {M}, %out: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %rows = memref.dim %in, %c0 : {M}
    %cols = memref.dim %in, %c1 : {M}
    scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %cols) step (%c1, %c1) {{
      %v = memref.load %in[%i, %j] : {M}
      memref.store %v, %out[%j, %i] : {M}
    }}
    offload.return
  }}

  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %n = func.call @arg(%argv, %i1) : (!llvm.ptr, i64) -> index
    %reps = func.call @arg(%argv, %i2) : (!llvm.ptr, i64) -> index
    %a = memref.alloc(%n, %n) : {M}
    %b = memref.alloc(%n, %n) : {M}
    scf.for %i = %c0 to %n step %c1 {{
      scf.for %j = %c0 to %n step %c1 {{
        %k = arith.muli %i, %n : index
        %l = arith.addi %k, %j : index
        %l32 = arith.index_cast %l : index to i32
        %f = arith.sitofp %l32 : i32 to f32
        memref.store %f, %a[%i, %j] : {M}
      }}
    }}
    offload.enter_data map(to: %a : {M}, to: %b : {M})
""" + timed('transpose', f'offload.launch @transpose(%a, %b) : ({M}, {M}) -> ()', '%reps', 'f32', '%n', '%ok') .replace(
        '    %t0_transpose', '    %ok = arith.constant true\n    %t0_transpose', 1) + f"""
    offload.exit_data map(from: %b : {M})
    // Spot checks after the report (printed as a second line).
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %v = memref.load %b[%c3, %c7] : {M}
    %want = memref.load %a[%c7, %c3] : {M}
    %good = arith.cmpf oeq, %v, %want : f32
    %nm = llvm.mlir.addressof @name_transpose : !llvm.ptr
    %ty = llvm.mlir.addressof @type_f32 : !llvm.ptr
    %zero = arith.constant 0.0 : f64
    func.call @report(%nm, %ty, %n, %zero, %reps, %good) : (!llvm.ptr, !llvm.ptr, index, f64, index, i1) -> ()
    %rc0 = arith.constant 0 : i32
    return %rc0 : i32
  }}
"""
    return module(body)


# --------------------------------------------------------------------------
# Row softmax
# --------------------------------------------------------------------------
SOFTMAX_ROWS = """
  // One parallel iteration per row, sequential loops along the row.
  offload.kernel @softmax(%x: {M}, %y: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %rows = memref.dim %x, %c0 : {M}
    %cols = memref.dim %x, %c1 : {M}
    scf.parallel (%i) = (%c0) to (%rows) step (%c1) {{
      %m = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %ninf) -> f32 {{
        %v = memref.load %x[%i, %j] : {M}
        %r = arith.maximumf %acc, %v : f32
        scf.yield %r : f32
      }}
      %s = scf.for %j = %c0 to %cols step %c1 iter_args(%acc = %zero) -> f32 {{
        %v = memref.load %x[%i, %j] : {M}
        %d = arith.subf %v, %m : f32
        %e = math.exp %d : f32
        %r = arith.addf %acc, %e : f32
        scf.yield %r : f32
      }}
      scf.for %j = %c0 to %cols step %c1 {{
        %v = memref.load %x[%i, %j] : {M}
        %d = arith.subf %v, %m : f32
        %e = math.exp %d : f32
        %r = arith.divf %e, %s : f32
        memref.store %r, %y[%i, %j] : {M}
      }}
    }}
    offload.return
  }}
"""

SOFTMAX_BLOCK = """
  // One parallel iteration per row; the row's work is itself a parallel
  // loop with reductions (the lowering puts a row on a block, its columns on
  // the block's threads).
  offload.kernel @softmax(%x: {M}, %y: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %rows = memref.dim %x, %c0 : {M}
    %cols = memref.dim %x, %c1 : {M}
    scf.parallel (%i) = (%c0) to (%rows) step (%c1) {{
      %m = scf.parallel (%j) = (%c0) to (%cols) step (%c1) init (%ninf) -> f32 {{
        %v = memref.load %x[%i, %j] : {M}
        scf.reduce(%v : f32) {{
        ^bb0(%l: f32, %r: f32):
          %t = arith.maximumf %l, %r : f32
          scf.reduce.return %t : f32
        }}
      }}
      %s = scf.parallel (%j) = (%c0) to (%cols) step (%c1) init (%zero) -> f32 {{
        %v = memref.load %x[%i, %j] : {M}
        %d = arith.subf %v, %m : f32
        %e = math.exp %d : f32
        scf.reduce(%e : f32) {{
        ^bb0(%l: f32, %r: f32):
          %t = arith.addf %l, %r : f32
          scf.reduce.return %t : f32
        }}
      }}
      %inv = arith.divf %c1f, %s : f32
      scf.parallel (%j) = (%c0) to (%cols) step (%c1) {{
        %v = memref.load %x[%i, %j] : {M}
        %d = arith.subf %v, %m : f32
        %e = math.exp %d : f32
        %r = arith.mulf %e, %inv : f32
        memref.store %r, %y[%i, %j] : {M}
      }}
    }}
    offload.return
  }}
"""


def softmax(variant):
    M = 'memref<?x?xf32>'
    body = cstr('name_softmax', 'softmax') + cstr('type_f32', 'f32')
    kernel = SOFTMAX_ROWS if variant == 'rows' else SOFTMAX_BLOCK
    kernel = kernel.replace('%c1f', '%one1')
    if variant != 'rows':
        kernel = kernel.replace('%zero = arith.constant 0.0 : f32',
                                '%zero = arith.constant 0.0 : f32\n    %one1 = arith.constant 1.0 : f32')
    body += kernel.format(M=M)
    body += f"""
  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %n = func.call @arg(%argv, %i1) : (!llvm.ptr, i64) -> index
    %reps = func.call @arg(%argv, %i2) : (!llvm.ptr, i64) -> index
    %a = memref.alloc(%n, %n) : {M}
    %b = memref.alloc(%n, %n) : {M}
    // x[i, j] = (j mod 17) / 8
    %c17 = arith.constant 17 : index
    %eighth = arith.constant 0.125 : f32
    scf.for %i = %c0 to %n step %c1 {{
      scf.for %j = %c0 to %n step %c1 {{
        %r = arith.remui %j, %c17 : index
        %r32 = arith.index_cast %r : index to i32
        %f = arith.sitofp %r32 : i32 to f32
        %v = arith.mulf %f, %eighth : f32
        memref.store %v, %a[%i, %j] : {M}
      }}
    }}
    offload.enter_data map(to: %a : {M}, to: %b : {M})
    %ok = arith.constant true
""" + timed('softmax', f'offload.launch @softmax(%a, %b) : ({M}, {M}) -> ()', '%reps', 'f32', '%n', '%ok') + f"""
    offload.exit_data map(from: %b : {M})
    // Row 5 sums to 1 and y[5, 16] / y[5, 0] = exp(2).
    %c5 = arith.constant 5 : index
    %c16 = arith.constant 16 : index
    %zf = arith.constant 0.0 : f64
    %sum = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zf) -> f64 {{
      %v = memref.load %b[%c5, %j] : {M}
      %v64 = arith.extf %v : f32 to f64
      %r = arith.addf %acc, %v64 : f64
      scf.yield %r : f64
    }}
    %one = arith.constant 1.0 : f64
    %tol = arith.constant 1.0e-3 : f64
    %ok1 = func.call @close(%sum, %one, %tol) : (f64, f64, f64) -> i1
    %y16 = memref.load %b[%c5, %c16] : {M}
    %y0 = memref.load %b[%c5, %c0] : {M}
    %q = arith.divf %y16, %y0 : f32
    %q64 = arith.extf %q : f32 to f64
    %e2 = arith.constant 7.38905609893065 : f64
    %ok2 = func.call @close(%q64, %e2, %tol) : (f64, f64, f64) -> i1
    %good = arith.andi %ok1, %ok2 : i1
    %nm = llvm.mlir.addressof @name_softmax : !llvm.ptr
    %ty = llvm.mlir.addressof @type_f32 : !llvm.ptr
    %zero = arith.constant 0.0 : f64
    func.call @report(%nm, %ty, %n, %zero, %reps, %good) : (!llvm.ptr, !llvm.ptr, index, f64, index, i1) -> ()
    %rc0 = arith.constant 0 : i32
    return %rc0 : i32
  }}
"""
    return module(body)


# --------------------------------------------------------------------------
# Launch cost
# --------------------------------------------------------------------------
def launch():
    M = 'memref<?xf32>'
    body = cstr('name_launch_wait', 'launch_wait') + cstr('name_launch_chain', 'launch_chain') + cstr('type_f32', 'f32')
    body += f"""
  // x[0] += 1 on one thread.
  offload.kernel @tiny(%x: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    scf.parallel (%i) = (%c0) to (%c1) step (%c1) {{
      %v = memref.load %x[%i] : {M}
      %r = arith.addf %v, %one : f32
      memref.store %r, %x[%i] : {M}
    }}
    offload.return
  }}

  // (a) one launch; the function returns only when it has finished.
  func.func @one_and_wait(%x: {M}) {{
    offload.launch @tiny(%x) : ({M}) -> ()
    return
  }}

  // (b) a chain of launches; the host needs nothing until the function
  // returns.
  func.func @chain(%x: {M}, %count: index) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %k = %c0 to %count step %c1 {{
      offload.launch @tiny(%x) : ({M}) -> ()
    }}
    return
  }}

  // The median of `times` (sorted in place, insertion sort).
  func.func @median(%t: memref<?xf64>) -> f64 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = memref.dim %t, %c0 : memref<?xf64>
    scf.for %i = %c1 to %n step %c1 {{
      %v = memref.load %t[%i] : memref<?xf64>
      %j = scf.while (%k = %i) : (index) -> index {{
        %pos = arith.cmpi sgt, %k, %c0 : index
        %km = arith.subi %k, %c1 : index
        %kk = arith.select %pos, %km, %c0 : index
        %prev = memref.load %t[%kk] : memref<?xf64>
        %gt = arith.cmpf ogt, %prev, %v : f64
        %go = arith.andi %pos, %gt : i1
        scf.condition(%go) %k : index
      }} do {{
      ^bb0(%k: index):
        %km = arith.subi %k, %c1 : index
        %prev = memref.load %t[%km] : memref<?xf64>
        memref.store %prev, %t[%k] : memref<?xf64>
        scf.yield %km : index
      }}
      memref.store %v, %t[%j] : memref<?xf64>
    }}
    %mid = arith.divui %n, %c2 : index
    %m = memref.load %t[%mid] : memref<?xf64>
    return %m : f64
  }}

  // main(count, rounds): `rounds` times (a) then (b), `count` launches
  // each; reports the median round.
  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %count = func.call @arg(%argv, %i1) : (!llvm.ptr, i64) -> index
    %rounds = func.call @arg(%argv, %i2) : (!llvm.ptr, i64) -> index
    %x = memref.alloc(%c1) : {M}
    %zero = arith.constant 0.0 : f32
    memref.store %zero, %x[%c0] : {M}
    %ta = memref.alloc(%rounds) : memref<?xf64>
    %tb = memref.alloc(%rounds) : memref<?xf64>
    offload.enter_data map(to: %x : {M})
    func.call @chain(%x, %count) : ({M}, index) -> ()
    scf.for %r = %c0 to %rounds step %c1 {{
      %t0 = func.call @now() : () -> f64
      scf.for %k = %c0 to %count step %c1 {{
        func.call @one_and_wait(%x) : ({M}) -> ()
      }}
      %t1 = func.call @now() : () -> f64
      func.call @chain(%x, %count) : ({M}, index) -> ()
      %t2 = func.call @now() : () -> f64
      %da = arith.subf %t1, %t0 : f64
      %db = arith.subf %t2, %t1 : f64
      memref.store %da, %ta[%r] : memref<?xf64>
      memref.store %db, %tb[%r] : memref<?xf64>
    }}
    offload.exit_data map(from: %x : {M})
    // (1 + 2 * rounds) * count increments.
    %v = memref.load %x[%c0] : {M}
    %r2 = arith.muli %rounds, %c2 : index
    %r21 = arith.addi %r2, %c1 : index
    %want = arith.muli %count, %r21 : index
    %w64 = arith.index_cast %want : index to i64
    %wf = arith.sitofp %w64 : i64 to f32
    %ok = arith.cmpf oeq, %v, %wf : f32
    %ma = func.call @median(%ta) : (memref<?xf64>) -> f64
    %mb = func.call @median(%tb) : (memref<?xf64>) -> f64
    %nma = llvm.mlir.addressof @name_launch_wait : !llvm.ptr
    %nmb = llvm.mlir.addressof @name_launch_chain : !llvm.ptr
    %ty = llvm.mlir.addressof @type_f32 : !llvm.ptr
    func.call @report(%nma, %ty, %c1, %ma, %count, %ok) : (!llvm.ptr, !llvm.ptr, index, f64, index, i1) -> ()
    func.call @report(%nmb, %ty, %c1, %mb, %count, %ok) : (!llvm.ptr, !llvm.ptr, index, f64, index, i1) -> ()
    %rc0 = arith.constant 0 : i32
    return %rc0 : i32
  }}
"""
    return module(body)


# --------------------------------------------------------------------------
# Linear algebra, written as an ML compiler hands it over: linalg ops on
# memrefs in host code (the compiler outlines each into a kernel and a
# launch), plus the plain loop forms a user writes in a kernel.
# --------------------------------------------------------------------------
def time_loop(label, body, reps='%reps'):
    """MLIR that runs `body` once (warm-up), then `reps` times between two
    clock readings; leaves the seconds in %dt_<label>. `body` must define no
    SSA value at its top level (it is written twice)."""
    return f"""
{body}
    %t0_{label} = func.call @now() : () -> f64
    scf.for %k_{label} = %c0 to {reps} step %c1 {{
{body}
    }}
    %t1_{label} = func.call @now() : () -> f64
    %dt_{label} = arith.subf %t1_{label}, %t0_{label} : f64
"""


def report_line(label, typ, size, ok, reps='%reps'):
    return f"""    %nm_{label} = llvm.mlir.addressof @name_{label} : !llvm.ptr
    %ty_{label} = llvm.mlir.addressof @type_{typ} : !llvm.ptr
    func.call @report(%nm_{label}, %ty_{label}, {size}, %dt_{label}, {reps}, {ok}) : (!llvm.ptr, !llvm.ptr, index, f64, index, i1) -> ()
"""


def staged(label, steps, args, consts, in_kernel):
    """(module-level text, timed body) for the linalg ops `steps`: as they
    are, in host code (the form an ML compiler hands over), or, in_kernel,
    inside a kernel @<label> taking `args` [(name, type)] (`consts`: the
    scalars `steps` uses, defined in the kernel) that the timed body
    launches."""
    if not in_kernel:
        return '', steps
    sig = ', '.join(f'{n}: {t}' for n, t in args)
    names = ', '.join(n for n, _ in args)
    types = ', '.join(t for _, t in args)
    kernel = f"""
  offload.kernel @{label}({sig}) {{
{consts}{steps}
    offload.return
  }}
"""
    return kernel, f'      offload.launch @{label}({names}) : ({types}) -> ()'


MAIN_HEAD = """
  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %true = arith.constant true
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %n = func.call @arg(%argv, %i1) : (!llvm.ptr, i64) -> index
    %reps = func.call @arg(%argv, %i2) : (!llvm.ptr, i64) -> index
"""

MAIN_TAIL = """    %rc0 = arith.constant 0 : i32
    return %rc0 : i32
  }
"""

# The value of an index as f32 / f64.
IDX_TO_FP = """
  func.func @idx_f32(%i: index) -> f32 {
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f32
    return %f : f32
  }
  func.func @idx_f64(%i: index) -> f64 {
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f64
    return %f : f64
  }
"""


def dot_linalg(T, in_kernel=False):
    """sum = a . b with linalg.dot into a 0-d memref (zeroed by linalg.fill),
    a = 0.1, b = 0.2: want n * 0.02 within 1e-3. That tolerance assumes a
    blocked or tree reduction: one sequential f32 sum (upstream's
    linalg-to-loops on the host) misses it beyond about 10^5 elements."""
    M = f'memref<?x{T}>'
    S = f'memref<{T}>'
    label = 'dot_linalg' + ('_kernel' if in_kernel else '')
    kernel, steps = staged(label, f"""      linalg.fill ins(%zero : {T}) outs(%s : {S})
      linalg.dot ins(%a, %b : {M}, {M}) outs(%s : {S})""",
        [('%a', M), ('%b', M), ('%s', S)],
        f'      %zero = arith.constant 0.0 : {T}\n', in_kernel)
    body = cstr(f'name_{label}', label) + cstr(f'type_{T}', T) + kernel
    body += f"""
  func.func @fill1(%x: {M}, %v: {T}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : {M}
    scf.for %i = %c0 to %n step %c1 {{
      memref.store %v, %x[%i] : {M}
    }}
    return
  }}
""" + MAIN_HEAD + f"""
    %zero = arith.constant 0.0 : {T}
    %a0 = arith.constant 0.1 : {T}
    %b0 = arith.constant 0.2 : {T}
    %a = memref.alloc(%n) : {M}
    %b = memref.alloc(%n) : {M}
    %s = memref.alloc() : {S}
    func.call @fill1(%a, %a0) : ({M}, {T}) -> ()
    func.call @fill1(%b, %b0) : ({M}, {T}) -> ()
    offload.enter_data map(to: %a : {M}, to: %b : {M}, to: %s : {S})
""" + time_loop(label, steps) + f"""
    offload.exit_data map(from: %s : {S}, release: %a : {M}, release: %b : {M})
    %sv = memref.load %s[] : {S}
    %zero64 = arith.constant -0.0 : f64
{widen('sv', T)}    %n64 = arith.index_cast %n : index to i64
    %nf = arith.sitofp %n64 : i64 to f64
    %p = arith.constant 0.02 : f64
    %want = arith.mulf %nf, %p : f64
    %tol = arith.constant 1.0e-3 : f64
    %ok = func.call @close(%sv64, %want, %tol) : (f64, f64, f64) -> i1
""" + report_line(label, T, '%n', '%ok') + MAIN_TAIL
    return module(body)


def rowsum(in_kernel=False):
    """y[i] = sum_j x[i, j] with linalg.reduce over dimension 1 (y zeroed by
    linalg.fill); x[i, j] = (j mod 17) / 8 + (i mod 5). Every row checked."""
    M = 'memref<?x?xf32>'
    V = 'memref<?xf32>'
    label = 'rowsum_linalg' + ('_kernel' if in_kernel else '')
    kernel, steps = staged(label, f"""      linalg.fill ins(%zero : f32) outs(%y : {V})
      linalg.reduce ins(%x : {M}) outs(%y : {V}) dimensions = [1]
        (%rs_in: f32, %rs_acc: f32) {{
          %rs_sum = arith.addf %rs_in, %rs_acc : f32
          linalg.yield %rs_sum : f32
        }}""", [('%x', M), ('%y', V)],
        '      %zero = arith.constant 0.0 : f32\n', in_kernel)
    body = cstr(f'name_{label}', label) + cstr('type_f32', 'f32') + kernel
    body += IDX_TO_FP + MAIN_HEAD + f"""
    %zero = arith.constant 0.0 : f32
    %x = memref.alloc(%n, %n) : {M}
    %y = memref.alloc(%n) : {V}
    %c5 = arith.constant 5 : index
    %c17 = arith.constant 17 : index
    %eighth = arith.constant 0.125 : f32
    scf.for %i = %c0 to %n step %c1 {{
      %im = arith.remui %i, %c5 : index
      %fi = func.call @idx_f32(%im) : (index) -> f32
      scf.for %j = %c0 to %n step %c1 {{
        %r = arith.remui %j, %c17 : index
        %fr = func.call @idx_f32(%r) : (index) -> f32
        %q = arith.mulf %fr, %eighth : f32
        %v = arith.addf %q, %fi : f32
        memref.store %v, %x[%i, %j] : {M}
      }}
    }}
    offload.enter_data map(to: %x : {M}, to: %y : {V})
""" + time_loop(label, steps) + f"""
    offload.exit_data map(from: %y : {V}, release: %x : {M})
    // Row i: sum_j (j mod 17) / 8 + n * (i mod 5).
    %z64 = arith.constant 0.0 : f64
    %e64 = arith.constant 0.125 : f64
    %base = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %z64) -> f64 {{
      %r = arith.remui %j, %c17 : index
      %fr = func.call @idx_f64(%r) : (index) -> f64
      %q = arith.mulf %fr, %e64 : f64
      %s = arith.addf %acc, %q : f64
      scf.yield %s : f64
    }}
    %nf = func.call @idx_f64(%n) : (index) -> f64
    %tol = arith.constant 1.0e-4 : f64
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%good = %true) -> i1 {{
      %im = arith.remui %i, %c5 : index
      %fi = func.call @idx_f64(%im) : (index) -> f64
      %rowpart = arith.mulf %nf, %fi : f64
      %want = arith.addf %base, %rowpart : f64
      %v = memref.load %y[%i] : {V}
      %v64 = arith.extf %v : f32 to f64
      %c = func.call @close(%v64, %want, %tol) : (f64, f64, f64) -> i1
      %g = arith.andi %good, %c : i1
      scf.yield %g : i1
    }}
""" + report_line(label, 'f32', '%n', '%ok') + MAIN_TAIL
    return module(body)


# b = a^T, checked element by element: a[i, j] = i * n + j (mod 2^24).
def _transpose_program(label, kernel, launch):
    M = 'memref<?x?xf32>'
    body = cstr(f'name_{label}', label) + cstr('type_f32', 'f32')
    body += kernel + MAIN_HEAD + f"""
    %a = memref.alloc(%n, %n) : {M}
    %b = memref.alloc(%n, %n) : {M}
    %c2p24 = arith.constant 16777216 : index
    scf.for %i = %c0 to %n step %c1 {{
      scf.for %j = %c0 to %n step %c1 {{
        %k = arith.muli %i, %n : index
        %l = arith.addi %k, %j : index
        %m = arith.remui %l, %c2p24 : index
        %l32 = arith.index_cast %m : index to i32
        %f = arith.sitofp %l32 : i32 to f32
        memref.store %f, %a[%i, %j] : {M}
      }}
    }}
    offload.enter_data map(to: %a : {M}, to: %b : {M})
""" + time_loop(label, launch) + f"""
    offload.exit_data map(from: %b : {M}, release: %a : {M})
    %ok = scf.for %i = %c0 to %n step %c1 iter_args(%good = %true) -> i1 {{
      %row = scf.for %j = %c0 to %n step %c1 iter_args(%g = %good) -> i1 {{
        %v = memref.load %b[%i, %j] : {M}
        %w = memref.load %a[%j, %i] : {M}
        %e = arith.cmpf oeq, %v, %w : f32
        %g2 = arith.andi %g, %e : i1
        scf.yield %g2 : i1
      }}
      scf.yield %row : i1
    }}
""" + report_line(label, 'f32', '%n', '%ok') + MAIN_TAIL
    return module(body)


def transpose_loop():
    """The two-line loop: b[i, j] = a[j, i] in a kernel."""
    M = 'memref<?x?xf32>'
    kernel = f"""
  // b[i, j] = a[j, i]
  offload.kernel @transpose_loop(%a: {M}, %b: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n0 = memref.dim %b, %c0 : {M}
    %n1 = memref.dim %b, %c1 : {M}
    scf.parallel (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) {{
      %v = memref.load %a[%j, %i] : {M}
      memref.store %v, %b[%i, %j] : {M}
    }}
    offload.return
  }}
"""
    return _transpose_program(
        'transpose_loop', kernel,
        f'      offload.launch @transpose_loop(%a, %b) : ({M}, {M}) -> ()')


def transpose_linalg(in_kernel=False):
    M = 'memref<?x?xf32>'
    label = 'transpose_linalg' + ('_kernel' if in_kernel else '')
    kernel, steps = staged(
        label,
        f'      linalg.transpose ins(%a : {M}) outs(%b : {M}) permutation = [1, 0]',
        [('%a', M), ('%b', M)], '', in_kernel)
    return _transpose_program(label, kernel, steps)


def softmax_linalg(in_kernel=False):
    """Row softmax as an ML compiler lowers it, one linalg op per step: max
    over dimension 1, exp(x - max), sum over dimension 1, divide."""
    M = 'memref<?x?xf32>'
    V = 'memref<?xf32>'
    steps = f"""      linalg.fill ins(%ninf : f32) outs(%mx : {V})
      linalg.reduce ins(%x : {M}) outs(%mx : {V}) dimensions = [1]
        (%sm_in: f32, %sm_acc: f32) {{
          %sm_m = arith.maximumf %sm_in, %sm_acc : f32
          linalg.yield %sm_m : f32
        }}
      linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                      iterator_types = ["parallel", "parallel"]}}
          ins(%x, %mx : {M}, {V}) outs(%e : {M}) {{
        ^bb0(%sm_v: f32, %sm_max: f32, %sm_o: f32):
          %sm_d = arith.subf %sm_v, %sm_max : f32
          %sm_x = math.exp %sm_d : f32
          linalg.yield %sm_x : f32
      }}
      linalg.fill ins(%zero : f32) outs(%sum : {V})
      linalg.reduce ins(%e : {M}) outs(%sum : {V}) dimensions = [1]
        (%ss_in: f32, %ss_acc: f32) {{
          %ss_s = arith.addf %ss_in, %ss_acc : f32
          linalg.yield %ss_s : f32
        }}
      linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                      iterator_types = ["parallel", "parallel"]}}
          ins(%e, %sum : {M}, {V}) outs(%y : {M}) {{
        ^bb0(%sd_e: f32, %sd_s: f32, %sd_o: f32):
          %sd_q = arith.divf %sd_e, %sd_s : f32
          linalg.yield %sd_q : f32
      }}"""
    label = 'softmax_linalg' + ('_kernel' if in_kernel else '')
    kernel, steps = staged(
        label, steps,
        [('%x', M), ('%y', M), ('%e', M), ('%mx', V), ('%sum', V)],
        '      %zero = arith.constant 0.0 : f32\n'
        '      %ninf = arith.constant 0xFF800000 : f32\n', in_kernel)
    body = cstr(f'name_{label}', label) + cstr('type_f32', 'f32') + kernel
    body += MAIN_HEAD + f"""
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %x = memref.alloc(%n, %n) : {M}
    %y = memref.alloc(%n, %n) : {M}
    %e = memref.alloc(%n, %n) : {M}
    %mx = memref.alloc(%n) : {V}
    %sum = memref.alloc(%n) : {V}
    // x[i, j] = (j mod 17) / 8 - (i mod 3)
    %c3 = arith.constant 3 : index
    %c17 = arith.constant 17 : index
    %eighth = arith.constant 0.125 : f32
    scf.for %i = %c0 to %n step %c1 {{
      %im = arith.remui %i, %c3 : index
      %im32 = arith.index_cast %im : index to i32
      %fi = arith.sitofp %im32 : i32 to f32
      scf.for %j = %c0 to %n step %c1 {{
        %r = arith.remui %j, %c17 : index
        %r32 = arith.index_cast %r : index to i32
        %f = arith.sitofp %r32 : i32 to f32
        %q = arith.mulf %f, %eighth : f32
        %v = arith.subf %q, %fi : f32
        memref.store %v, %x[%i, %j] : {M}
      }}
    }}
    offload.enter_data map(to: %x : {M}, to: %y : {M}, to: %e : {M}, to: %mx : {V}, to: %sum : {V})
""" + time_loop(label, steps) + f"""
    offload.exit_data map(from: %y : {M}, release: %x : {M}, release: %e : {M}, release: %mx : {V}, release: %sum : {V})
    // Rows 0, n/2 and n-1 each sum to 1, and y[i, 16] / y[i, 0] = exp(2)
    // (n > 16).
    %c16 = arith.constant 16 : index
    %zf = arith.constant 0.0 : f64
    %one = arith.constant 1.0 : f64
    %e2 = arith.constant 7.38905609893065 : f64
    %tol = arith.constant 1.0e-3 : f64
    %half = arith.divui %n, %c2 : index
    %last = arith.subi %n, %c1 : index
    %rows = memref.alloca() : memref<3xindex>
    memref.store %c0, %rows[%c0] : memref<3xindex>
    memref.store %half, %rows[%c1] : memref<3xindex>
    memref.store %last, %rows[%c2] : memref<3xindex>
    %c3i = arith.constant 3 : index
    %ok = scf.for %r = %c0 to %c3i step %c1 iter_args(%good = %true) -> i1 {{
      %i = memref.load %rows[%r] : memref<3xindex>
      %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %zf) -> f64 {{
        %v = memref.load %y[%i, %j] : {M}
        %v64 = arith.extf %v : f32 to f64
        %a2 = arith.addf %acc, %v64 : f64
        scf.yield %a2 : f64
      }}
      %ok1 = func.call @close(%s, %one, %tol) : (f64, f64, f64) -> i1
      %y16 = memref.load %y[%i, %c16] : {M}
      %y0 = memref.load %y[%i, %c0] : {M}
      %q = arith.divf %y16, %y0 : f32
      %q64 = arith.extf %q : f32 to f64
      %ok2 = func.call @close(%q64, %e2, %tol) : (f64, f64, f64) -> i1
      %g1 = arith.andi %good, %ok1 : i1
      %g2 = arith.andi %g1, %ok2 : i1
      scf.yield %g2 : i1
    }}
""" + report_line(label, 'f32', '%n', '%ok') + MAIN_TAIL
    return module(body)


def _matmul_program(label, kernel, steps):
    """C = A B, n x n f32. A[i, k] = (3i + k) mod 5 - 2, B[k, j] = (k + 2j)
    mod 7 - 3: integers, so every partial sum is exact in f32 (n < 2^21) and
    C is checked exactly at corners and 24 scattered points."""
    M = 'memref<?x?xf32>'
    body = cstr(f'name_{label}', label) + cstr('type_f32', 'f32')
    body += kernel + IDX_TO_FP + f"""
  func.func @want(%a: {M}, %b: {M}, %i: index, %j: index) -> f32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k1 = memref.dim %a, %c1 : {M}
    %z = arith.constant 0.0 : f64
    %s = scf.for %k = %c0 to %k1 step %c1 iter_args(%acc = %z) -> f64 {{
      %x = memref.load %a[%i, %k] : {M}
      %y = memref.load %b[%k, %j] : {M}
      %x64 = arith.extf %x : f32 to f64
      %y64 = arith.extf %y : f32 to f64
      %p = arith.mulf %x64, %y64 : f64
      %t = arith.addf %acc, %p : f64
      scf.yield %t : f64
    }}
    %r = arith.truncf %s : f64 to f32
    return %r : f32
  }}
""" + MAIN_HEAD + f"""
    %zero = arith.constant 0.0 : f32
    %a = memref.alloc(%n, %n) : {M}
    %b = memref.alloc(%n, %n) : {M}
    %c = memref.alloc(%n, %n) : {M}
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %m2 = arith.constant -2.0 : f32
    %m3 = arith.constant -3.0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    scf.for %i = %c0 to %n step %c1 {{
      scf.for %j = %c0 to %n step %c1 {{
        %i3 = arith.muli %i, %c3 : index
        %ia = arith.addi %i3, %j : index
        %ra = arith.remui %ia, %c5 : index
        %fa = func.call @idx_f32(%ra) : (index) -> f32
        %va = arith.addf %fa, %m2 : f32
        memref.store %va, %a[%i, %j] : {M}
        %j2 = arith.muli %j, %c2 : index
        %ib = arith.addi %i, %j2 : index
        %rb = arith.remui %ib, %c7 : index
        %fb = func.call @idx_f32(%rb) : (index) -> f32
        %vb = arith.addf %fb, %m3 : f32
        memref.store %vb, %b[%i, %j] : {M}
        memref.store %nan, %c[%i, %j] : {M}
      }}
    }}
    offload.enter_data map(to: %a : {M}, to: %b : {M}, to: %c : {M})
""" + time_loop(label, steps) + f"""
    offload.exit_data map(from: %c : {M}, release: %a : {M}, release: %b : {M})
    %last = arith.subi %n, %c1 : index
    %c24 = arith.constant 24 : index
    %p1 = arith.constant 7919 : index
    %p2 = arith.constant 104729 : index
    %corner = func.call @want(%a, %b, %last, %last) : ({M}, {M}, index, index) -> f32
    %cv = memref.load %c[%last, %last] : {M}
    %okc = arith.cmpf oeq, %cv, %corner : f32
    %ok = scf.for %s = %c0 to %c24 step %c1 iter_args(%good = %okc) -> i1 {{
      %si = arith.muli %s, %p1 : index
      %sj = arith.muli %s, %p2 : index
      %i = arith.remui %si, %n : index
      %j = arith.remui %sj, %n : index
      %w = func.call @want(%a, %b, %i, %j) : ({M}, {M}, index, index) -> f32
      %v = memref.load %c[%i, %j] : {M}
      %e = arith.cmpf oeq, %v, %w : f32
      %g = arith.andi %good, %e : i1
      scf.yield %g : i1
    }}
""" + report_line(label, 'f32', '%n', '%ok') + MAIN_TAIL
    return module(body)


def matmul_linalg(in_kernel=False):
    M = 'memref<?x?xf32>'
    label = 'matmul_linalg' + ('_kernel' if in_kernel else '')
    kernel, steps = staged(label, f"""      linalg.fill ins(%zero : f32) outs(%c : {M})
      linalg.matmul ins(%a, %b : {M}, {M}) outs(%c : {M})""",
        [('%a', M), ('%b', M), ('%c', M)],
        '      %zero = arith.constant 0.0 : f32\n', in_kernel)
    return _matmul_program(label, kernel, steps)


def matmul_loop():
    """The naive loop nest a user writes: a parallel loop over C, a
    sequential loop over k accumulating in a register, one store."""
    M = 'memref<?x?xf32>'
    kernel = f"""
  offload.kernel @matmul_loop(%a: {M}, %b: {M}, %c: {M}) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %m = memref.dim %c, %c0 : {M}
    %n = memref.dim %c, %c1 : {M}
    %k1 = memref.dim %a, %c1 : {M}
    scf.parallel (%i, %j) = (%c0, %c0) to (%m, %n) step (%c1, %c1) {{
      %s = scf.for %k = %c0 to %k1 step %c1 iter_args(%acc = %zero) -> f32 {{
        %x = memref.load %a[%i, %k] : {M}
        %y = memref.load %b[%k, %j] : {M}
        %p = arith.mulf %x, %y : f32
        %t = arith.addf %acc, %p : f32
        scf.yield %t : f32
      }}
      memref.store %s, %c[%i, %j] : {M}
    }}
    offload.return
  }}
"""
    return _matmul_program(
        'matmul_loop', kernel,
        f'      offload.launch @matmul_loop(%a, %b, %c) : ({M}, {M}, {M}) -> ()')


def conv2d_linalg(in_kernel=False):
    """linalg.conv_2d_nhwc_hwcf: input N x 56 x 56 x 64 (N from argv, 32 in
    the benchmark), filter 3 x 3 x 64 x 64, stride 1, no padding: output
    N x 54 x 54 x 64, f32. Integer-valued data (exact sums); 16 outputs
    checked against the host's sum. main(N, reps)."""
    I = 'memref<?x56x56x64xf32>'
    F = 'memref<3x3x64x64xf32>'
    O = 'memref<?x54x54x64xf32>'
    label = 'conv2d_linalg' + ('_kernel' if in_kernel else '')
    kernel, steps = staged(label, f"""      linalg.fill ins(%zero : f32) outs(%out : {O})
      linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
        ins(%in, %flt : {I}, {F}) outs(%out : {O})""",
        [('%in', I), ('%flt', F), ('%out', O)],
        '      %zero = arith.constant 0.0 : f32\n', in_kernel)
    body = cstr(f'name_{label}', label) + cstr('type_f32', 'f32') + kernel
    body += IDX_TO_FP + f"""
  // out[b, h, w, f] = sum_{{kh, kw, c}} in[b, h + kh, w + kw, c] * flt[kh, kw, c, f]
  func.func @want(%in: {I}, %flt: {F}, %b: index, %h: index, %w: index, %f: index) -> f32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c64 = arith.constant 64 : index
    %z = arith.constant 0.0 : f64
    %s = scf.for %kh = %c0 to %c3 step %c1 iter_args(%a0 = %z) -> f64 {{
      %s1 = scf.for %kw = %c0 to %c3 step %c1 iter_args(%a1 = %a0) -> f64 {{
        %s2 = scf.for %c = %c0 to %c64 step %c1 iter_args(%a2 = %a1) -> f64 {{
          %hh = arith.addi %h, %kh : index
          %ww = arith.addi %w, %kw : index
          %x = memref.load %in[%b, %hh, %ww, %c] : {I}
          %y = memref.load %flt[%kh, %kw, %c, %f] : {F}
          %x64 = arith.extf %x : f32 to f64
          %y64 = arith.extf %y : f32 to f64
          %p = arith.mulf %x64, %y64 : f64
          %t = arith.addf %a2, %p : f64
          scf.yield %t : f64
        }}
        scf.yield %s2 : f64
      }}
      scf.yield %s1 : f64
    }}
    %r = arith.truncf %s : f64 to f32
    return %r : f32
  }}
""" + MAIN_HEAD + f"""
    %zero = arith.constant 0.0 : f32
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c54 = arith.constant 54 : index
    %c56 = arith.constant 56 : index
    %c64 = arith.constant 64 : index
    %m1 = arith.constant -1.0 : f32
    %m2 = arith.constant -2.0 : f32
    %in = memref.alloc(%n) : {I}
    %flt = memref.alloc() : {F}
    %out = memref.alloc(%n) : {O}
    // in[b, h, w, c] = (b + h + 2w + 3c) mod 5 - 2
    scf.for %b = %c0 to %n step %c1 {{
      scf.for %h = %c0 to %c56 step %c1 {{
        scf.for %w = %c0 to %c56 step %c1 {{
          scf.for %c = %c0 to %c64 step %c1 {{
            %bh = arith.addi %b, %h : index
            %w2 = arith.muli %w, %c2 : index
            %c3c = arith.muli %c, %c3 : index
            %t1 = arith.addi %bh, %w2 : index
            %t2 = arith.addi %t1, %c3c : index
            %r = arith.remui %t2, %c5 : index
            %f = func.call @idx_f32(%r) : (index) -> f32
            %v = arith.addf %f, %m2 : f32
            memref.store %v, %in[%b, %h, %w, %c] : {I}
          }}
        }}
      }}
    }}
    // flt[kh, kw, c, f] = (kh + 2kw + c + f) mod 3 - 1
    scf.for %kh = %c0 to %c3 step %c1 {{
      scf.for %kw = %c0 to %c3 step %c1 {{
        scf.for %c = %c0 to %c64 step %c1 {{
          scf.for %f = %c0 to %c64 step %c1 {{
            %kw2 = arith.muli %kw, %c2 : index
            %t1 = arith.addi %kh, %kw2 : index
            %t2 = arith.addi %t1, %c : index
            %t3 = arith.addi %t2, %f : index
            %r = arith.remui %t3, %c3 : index
            %fv = func.call @idx_f32(%r) : (index) -> f32
            %v = arith.addf %fv, %m1 : f32
            memref.store %v, %flt[%kh, %kw, %c, %f] : {F}
          }}
        }}
      }}
    }}
    offload.enter_data map(to: %in : {I}, to: %flt : {F}, to: %out : {O})
""" + time_loop(label, steps) + f"""
    offload.exit_data map(from: %out : {O}, release: %in : {I}, release: %flt : {F})
    // 16 outputs: the corners of the first and last image, and 8 inside.
    %c16 = arith.constant 16 : index
    %c53 = arith.constant 53 : index
    %c63 = arith.constant 63 : index
    %p1 = arith.constant 7919 : index
    %lastb = arith.subi %n, %c1 : index
    %ok = scf.for %s = %c0 to %c16 step %c1 iter_args(%good = %true) -> i1 {{
      %sp = arith.muli %s, %p1 : index
      %b0 = arith.remui %sp, %n : index
      %h0 = arith.remui %sp, %c54 : index
      %w0 = arith.remui %s, %c54 : index
      %f0 = arith.remui %sp, %c64 : index
      %edge = arith.cmpi ult, %s, %c2 : index
      %isLast = arith.cmpi eq, %s, %c1 : index
      %be = arith.select %isLast, %lastb, %c0 : index
      %he = arith.select %isLast, %c53, %c0 : index
      %fe = arith.select %isLast, %c63, %c0 : index
      %b = arith.select %edge, %be, %b0 : index
      %h = arith.select %edge, %he, %h0 : index
      %w = arith.select %edge, %he, %w0 : index
      %f = arith.select %edge, %fe, %f0 : index
      %want = func.call @want(%in, %flt, %b, %h, %w, %f) : ({I}, {F}, index, index, index, index) -> f32
      %v = memref.load %out[%b, %h, %w, %f] : {O}
      %e = arith.cmpf oeq, %v, %want : f32
      %g = arith.andi %good, %e : i1
      scf.yield %g : i1
    }}
""" + report_line(label, 'f32', '%n', '%ok') + MAIN_TAIL
    return module(body)


def main():
    out = sys.argv[1]
    variant = 'block'
    dot = True
    linalg = True
    in_kernels = False
    for a in sys.argv[2:]:
        if a.startswith('--softmax='):
            variant = a.split('=', 1)[1]
        if a == '--no-dot':
            dot = False
        if a == '--no-linalg':
            linalg = False
        if a == '--linalg-in-kernels':
            in_kernels = True
    os.makedirs(out, exist_ok=True)
    files = {
        'stream_f32.mlir': stream('f32', dot),
        'stream_f64.mlir': stream('f64', dot),
        'stencil.mlir': stencil(),
        'transpose.mlir': transpose(),
        'softmax.mlir': softmax(variant),
        'launch.mlir': launch(),
    }
    if linalg:  # the linear-algebra programs (linalg in host code, loops)
        files.update({
            'dot_linalg_f32.mlir': dot_linalg('f32'),
            'dot_linalg_f64.mlir': dot_linalg('f64'),
            'rowsum_linalg.mlir': rowsum(),
            'transpose_loop.mlir': transpose_loop(),
            'transpose_linalg.mlir': transpose_linalg(),
            'softmax_linalg.mlir': softmax_linalg(),
            'matmul_linalg.mlir': matmul_linalg(),
            'matmul_loop.mlir': matmul_loop(),
            'conv2d_linalg.mlir': conv2d_linalg(),
        })
    if linalg and in_kernels:  # the same linalg ops inside kernels
        files.update({
            'dot_linalg_kernel_f32.mlir': dot_linalg('f32', True),
            'dot_linalg_kernel_f64.mlir': dot_linalg('f64', True),
            'rowsum_linalg_kernel.mlir': rowsum(True),
            'transpose_linalg_kernel.mlir': transpose_linalg(True),
            'softmax_linalg_kernel.mlir': softmax_linalg(True),
            'matmul_linalg_kernel.mlir': matmul_linalg(True),
            'conv2d_linalg_kernel.mlir': conv2d_linalg(True),
        })
    for name, text in files.items():
        with open(os.path.join(out, name), 'w') as f:
            f.write(text)


if __name__ == '__main__':
    main()
