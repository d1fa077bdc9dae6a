#!/usr/bin/env python3
"""Every op of MLIR's math dialect, in a kernel and in host code.

  math_ops.py gen [--types=f32,f64,...]  > prog.mlir
      A program that evaluates each math op on a few inputs per type, once in
      a kernel (offload.kernel, one thread per input) and once in host code,
      and prints every result as `<K|H> <type> <row> <input> <value>`
      (floats in C's %a, exact).
  math_ops.py check [--approx] < output
      Compares each value with the reference Python computes (its libm, in
      f64, from the inputs rounded to the type) within the op's tolerance in
      units in the last place of the type, and prints one line per op and
      type: `<type> <op>: kernel ok, host ok`, or what differed. --approx
      uses the tolerances of the math dialect's polynomial approximations
      (NVPTX kernels built without libdevice).
"""

import fractions
import math
import struct
import sys

N = 8
FLOATS = ["f32", "f64", "f16", "bf16"]
INTS = ["i32", "i64"]

# Mantissa bits (with the implicit one), smallest normal exponent.
FLOAT_INFO = {"f16": (11, -14), "bf16": (8, -126), "f32": (24, -126),
              "f64": (53, -1022)}

GENERAL = [-3.75, -1.5, -0.3, 0.0, 0.2, 0.7, 2.5, 10.25]
POSITIVE = [0.001, 0.1, 0.5, 1.0, 1.7, 3.0, 100.0, 12345.0]
UNIT = [-0.99, -0.7, -0.3, 0.0, 0.1, 0.45, 0.8, 0.99]
TRIG = [-10.0, -3.0, -1.0, -0.2, 0.0, 0.5, 1.3, 100.0]
ROUNDING = [-2.5, -1.5, -0.5, -0.4, 0.5, 1.5, 2.5, 3.7]
EXP = [-10.0, -2.5, -0.5, 0.0, 0.3, 1.0, 5.0, 10.0]


def classify_inputs(ty):
    mant, emin = FLOAT_INFO[ty]
    sub = math.ldexp(1.0, emin - 3)
    big = {"f16": 65504.0, "bf16": 3.3e38, "f32": 3.4e38, "f64": 1.7e308}[ty]
    return [math.nan, math.inf, -math.inf, 0.0, sub, math.ldexp(1.0, emin),
            1.5, -big]


def cbrt(x):
    return math.copysign(abs(x) ** (1.0 / 3.0), x) if x else x


def round_half_away(x):
    return math.copysign(math.floor(abs(x) + 0.5), x)


def fma(ty):
    def f(x, y, z):
        exact = fractions.Fraction(x) * fractions.Fraction(y) + \
            fractions.Fraction(z)
        return float(exact)
    return f


def is_normal(ty):
    _, emin = FLOAT_INFO[ty]
    return lambda x: float(math.isfinite(x) and abs(x) >= math.ldexp(1.0, emin))


# Float rows: (name, mlir template, reference, inputs, ulps, approx ulps).
# The approximations' sin, cos and tan reduce 100 to [-pi/4, pi/4] with
# ~100 ulp error, hence 256 there.
# Templates use {x} {y} {z} (operands) {t} (type); ulps None means exact
# (the result is the reference rounded to the type). Tolerances are in units
# in the last place of the type at the reference value.
def float_rows(ty):
    unary = lambda op: f"math.{op} {{x}} : {{t}}"
    rows = [
        ("absf", unary("absf"), abs, [GENERAL], None, None),
        ("acos", unary("acos"), math.acos, [UNIT], 4, 64),
        ("acosh", unary("acosh"), math.acosh,
         [[1.0, 1.1, 1.5, 2.0, 3.7, 10.0, 100.0, 1000.0]], 4, 64),
        ("asin", unary("asin"), math.asin, [UNIT], 4, 64),
        ("asinh", unary("asinh"), math.asinh, [GENERAL], 4, 64),
        ("atan", unary("atan"), math.atan, [GENERAL], 4, 64),
        ("atan2", "math.atan2 {x}, {y} : {t}", math.atan2,
         [[1.0, -1.0, 0.5, -2.0, 3.0, 0.0, -0.3, 10.0],
          [1.0, 1.0, -0.5, -2.0, 0.1, 1.0, -4.0, 3.0]], 4, 64),
        ("atanh", unary("atanh"), math.atanh, [UNIT], 4, 64),
        ("cbrt", unary("cbrt"), cbrt, [GENERAL], 4, 64),
        ("ceil", unary("ceil"), math.ceil, [ROUNDING], None, None),
        # MLIR 22 defines clampf(value, min, max) as
        # maxf(minf(value, min), max), and upstream's expansion does that.
        ("clampf", "math.clampf {x} to [{y}, {z}] : {t}",
         lambda x, lo, hi: max(min(x, lo), hi),
         [GENERAL, [-1.0, 0.5, -1.0, 1.0, 0.1, 3.0, -5.0, 20.0], [2.0] * N], None, None),
        ("copysign", "math.copysign {x}, {y} : {t}", math.copysign,
         [GENERAL, [1.0, 1.0, -1.0, -1.0, -2.0, 3.0, -0.5, 1.0]], None, None),
        ("cos", unary("cos"), math.cos, [TRIG], 4, 256),
        ("cosh", unary("cosh"), math.cosh, [EXP], 4, 64),
        ("erf", unary("erf"), math.erf,
         [[-3.0, -1.2, -0.5, -0.1, 0.0, 0.3, 0.9, 2.5]], 4, 64),
        ("erfc", unary("erfc"), math.erfc,
         [[-3.0, -1.2, -0.5, -0.1, 0.0, 0.3, 0.9, 2.5]], 8, 256),
        ("exp", unary("exp"), math.exp, [EXP], 4, 64),
        ("exp2", unary("exp2"), lambda x: 2.0 ** x,
         [[-10.0, -2.5, -0.5, 0.0, 0.3, 1.0, 5.0, 15.0]], 4, 64),
        ("expm1", unary("expm1"), math.expm1,
         [[-10.0, -2.5, -0.5, -1e-3, 0.0, 1e-4, 1.0, 10.0]], 4, 64),
        ("floor", unary("floor"), math.floor, [ROUNDING], None, None),
        ("fma", "math.fma {x}, {y}, {z} : {t}", fma(ty),
         [GENERAL, [1.5, -2.0, 0.25, 3.0, -0.75, 10.0, 0.5, -1.0],
          [0.5, 1.0, -2.0, 0.0, 0.125, -3.0, 7.0, 2.5]], None, None),
        ("fpowi", "math.fpowi {x}, {y} : {t}, i32",
         lambda x, n: x ** int(n),
         [[2.0, -1.5, 0.5, 3.0, -2.0, 1.1, 10.0, 0.7],
          [3.0, 2.0, -2.0, 0.0, 5.0, 7.0, 4.0, -1.0]], 4, 64),
        ("isfinite", "math.isfinite {x} : {t}",
         lambda x: float(math.isfinite(x)), [classify_inputs(ty)], None, None),
        ("isinf", "math.isinf {x} : {t}", lambda x: float(math.isinf(x)),
         [classify_inputs(ty)], None, None),
        ("isnan", "math.isnan {x} : {t}", lambda x: float(math.isnan(x)),
         [classify_inputs(ty)], None, None),
        ("isnormal", "math.isnormal {x} : {t}", is_normal(ty),
         [classify_inputs(ty)], None, None),
        ("log", unary("log"), math.log, [POSITIVE], 4, 64),
        ("log10", unary("log10"), math.log10, [POSITIVE], 4, 64),
        ("log1p", unary("log1p"), math.log1p,
         [[-0.9, -0.5, -1e-3, 0.0, 1e-4, 0.5, 3.0, 100.0]], 4, 64),
        ("log2", unary("log2"), math.log2, [POSITIVE], 4, 64),
        ("powf", "math.powf {x}, {y} : {t}", math.pow,
         [[0.5, 1.0, 2.0, 3.0, 10.0, 0.1, -2.0, 1.5],
          [2.0, 0.5, -1.0, 3.0, 2.5, -2.0, 3.0, 4.5]], 4, 64),
        ("round", unary("round"), round_half_away, [ROUNDING], None, None),
        ("roundeven", unary("roundeven"), lambda x: float(round(x)),
         [ROUNDING], None, None),
        ("rsqrt", unary("rsqrt"), lambda x: 1.0 / math.sqrt(x), [POSITIVE],
         4, 64),
        ("sin", unary("sin"), math.sin, [TRIG], 4, 256),
        ("sincos.sin", None, math.sin, [TRIG], 4, 256),
        ("sincos.cos", None, math.cos, [TRIG], 4, 256),
        ("sinh", unary("sinh"), math.sinh, [EXP], 4, 64),
        ("sqrt", unary("sqrt"), math.sqrt, [POSITIVE], None, None),
        ("tan", unary("tan"), math.tan, [TRIG], 4, 256),
        ("tanh", unary("tanh"), math.tanh, [GENERAL], 4, 64),
        ("trunc", unary("trunc"), math.trunc, [ROUNDING], None, None),
    ]
    return rows


def wrap(bits, v):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def ipowi(bits):
    def f(b, e):
        if e < 0:
            return 1 if b == 1 else (-1 if e % 2 else 1) if b == -1 else 0
        return wrap(bits, b ** e)
    return f


def int_rows(ty):
    bits = int(ty[1:])
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    mask = (1 << bits) - 1
    pattern = [0, 1, -1, 8, 0x00F0F000, lo, 12345, hi]
    big = 13 if bits == 32 else 27
    return [
        ("absi", "math.absi {x} : {t}", lambda x: wrap(bits, abs(x)),
         [[-5, 0, 7, lo, hi, -1, 123456, -99999]]),
        ("ctlz", "math.ctlz {x} : {t}",
         lambda x: bits - (x & mask).bit_length(), [pattern]),
        ("cttz", "math.cttz {x} : {t}",
         lambda x: bits if x == 0 else ((x & -x) & mask).bit_length() - 1,
         [pattern]),
        ("ctpop", "math.ctpop {x} : {t}", lambda x: bin(x & mask).count("1"),
         [pattern]),
        ("ipowi", "math.ipowi {x}, {y} : {t}", ipowi(bits),
         [[2, 3, -2, 0, 1, -1, 7, 5], [10, 5, 3, 0, -2, -3, 2, big]]),
    ]


def round_to(ty, x):
    """x rounded to the nearest value of type ty (as a Python float)."""
    if ty == "f64" or math.isnan(x):
        return x
    if ty == "f32":
        try:
            return struct.unpack("<f", struct.pack("<f", x))[0]
        except OverflowError:
            return math.copysign(math.inf, x)
    if ty == "f16":
        try:
            return struct.unpack("<e", struct.pack("<e", x))[0]
        except OverflowError:
            return math.copysign(math.inf, x)
    # bf16: round the f32 bits to nearest even.
    bits = struct.unpack("<I", struct.pack("<f", round_to("f32", x)))[0]
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def hex_bits(ty, x):
    x = round_to(ty, x)
    if ty == "f64":
        return "0x%016X" % struct.unpack("<Q", struct.pack("<d", x))[0]
    f32 = struct.unpack("<I", struct.pack("<f", x))[0]
    if ty == "f32":
        return "0x%08X" % f32
    if ty == "bf16":
        return "0x%04X" % (f32 >> 16)
    return "0x%04X" % struct.unpack("<H", struct.pack("<e", x))[0]


def operands(row):
    return row[3] if len(row[3]) > 0 else []


def gen(types):
    out = []
    emit = out.append
    emit("// Generated by test/Integration/math/Inputs/math_ops.py gen.")
    emit("module attributes {offload.targets = [#offload.host]} {")
    for ty in types:
        isfloat = ty in FLOATS
        rows = float_rows(ty) if isfloat else int_rows(ty)
        nrows = len(rows)
        shape = f"memref<{nrows}x{N}x{ty}>"
        # Inputs: x, y, z planes (unused ones zero).
        for k, plane in enumerate("xyz"):
            values = []
            for row in rows:
                ins = row[3]
                values.append(ins[k] if k < len(ins) else [0] * N)
            if isfloat:
                lit = ", ".join("[" + ", ".join(hex_bits(ty, v) for v in r) + "]"
                                for r in values)
            else:
                lit = ", ".join("[" + ", ".join(str(v) for v in r) + "]"
                                for r in values)
            emit(f'  memref.global "private" constant @{plane}_{ty} : {shape} = '
                 f"dense<[{lit}]>")
        body = []
        b = body.append
        for r, row in enumerate(rows):
            name, tmpl = row[0], row[1]
            if name == "sincos.cos":
                continue
            b(f"      %row{r} = arith.constant {r} : index")
            arity = len(row[3])
            for k, plane in enumerate("xyz"[:arity]):
                b(f"      %r{r}{plane} = memref.load %{plane.upper()}[%row{r}, %i] : {shape}")
            if name == "sincos.sin":
                b(f"      %r{r}s, %r{r}c = math.sincos %r{r}x : {ty}")
                b(f"      memref.store %r{r}s, %O[%row{r}, %i] : {shape}")
                b(f"      %row{r + 1} = arith.constant {r + 1} : index")
                b(f"      memref.store %r{r}c, %O[%row{r + 1}, %i] : {shape}")
                continue
            if name == "fpowi":
                b(f"      %r{r}xn = arith.fptosi %r{r}y : {ty} to i32")
                b(f"      %r{r}v = math.fpowi %r{r}x, %r{r}xn : {ty}, i32")
            else:
                expr = tmpl.format(x=f"%r{r}x", y=f"%r{r}y", z=f"%r{r}z", t=ty,
                                   r=f"%r{r}")
                if name.startswith("is"):
                    b(f"      %r{r}b = {expr}")
                    b(f"      %r{r}v = arith.uitofp %r{r}b : i1 to {ty}")
                else:
                    b(f"      %r{r}v = {expr}")
            b(f"      memref.store %r{r}v, %O[%row{r}, %i] : {shape}")
        args = f"%X: {shape}, %Y: {shape}, %Z: {shape}, %O: {shape}"
        emit(f"  offload.kernel @kernel_{ty}({args}) {{")
        emit("    %c0 = arith.constant 0 : index")
        emit("    %c1 = arith.constant 1 : index")
        emit(f"    %n = arith.constant {N} : index")
        emit("    scf.parallel (%i) = (%c0) to (%n) step (%c1) {")
        out.extend(body)
        emit("    }")
        emit("    offload.return")
        emit("  }")
        emit(f"  func.func @host_{ty}({args}) {{")
        emit("    %c0 = arith.constant 0 : index")
        emit("    %c1 = arith.constant 1 : index")
        emit(f"    %n = arith.constant {N} : index")
        emit("    scf.for %i = %c0 to %n step %c1 {")
        out.extend(body)
        emit("    }")
        emit("    return")
        emit("  }")
        for path in "KH":
            fmt = f"{path} {ty} %ld %ld " + ("%a" if isfloat else "%ld")
            emit(f'  llvm.mlir.global private constant @fmt_{path}_{ty}'
                 f'("{fmt}\\0A\\00") {{addr_space = 0 : i32}}')
    emit("  llvm.func @printf(!llvm.ptr, ...) -> i32")
    emit("  func.func @main() -> i32 {")
    emit("    %c0 = arith.constant 0 : index")
    emit("    %c1 = arith.constant 1 : index")
    emit(f"    %n = arith.constant {N} : index")
    for ty in types:
        isfloat = ty in FLOATS
        nrows = len(float_rows(ty) if isfloat else int_rows(ty))
        shape = f"memref<{nrows}x{N}x{ty}>"
        for plane in "xyz":
            emit(f"    %g{plane}_{ty} = memref.get_global @{plane}_{ty} : {shape}")
            emit(f"    %{plane}_{ty} = memref.alloc() : {shape}")
            emit(f"    memref.copy %g{plane}_{ty}, %{plane}_{ty} : {shape} to {shape}")
        emit(f"    %k_{ty} = memref.alloc() : {shape}")
        emit(f"    %h_{ty} = memref.alloc() : {shape}")
        operands = f"%x_{ty}, %y_{ty}, %z_{ty}"
        emit(f"    offload.launch @kernel_{ty}({operands}, %k_{ty}) : "
             f"({shape}, {shape}, {shape}, {shape}) -> ()")
        emit(f"    func.call @host_{ty}({operands}, %h_{ty}) : "
             f"({shape}, {shape}, {shape}, {shape}) -> ()")
        emit(f"    %rows_{ty} = arith.constant {nrows} : index")
        for path, buf in (("K", f"%k_{ty}"), ("H", f"%h_{ty}")):
            emit(f"    %f{path}_{ty} = llvm.mlir.addressof @fmt_{path}_{ty} : !llvm.ptr")
            emit(f"    scf.for %r = %c0 to %rows_{ty} step %c1 {{")
            emit(f"      scf.for %i = %c0 to %n step %c1 {{")
            emit(f"        %v = memref.load {buf}[%r, %i] : {shape}")
            if ty == "f64":
                emit("        %w = arith.addf %v, %v : f64")
                emit("        %p = arith.select %false, %w, %v : f64")
            elif isfloat:
                src = "%v"
                if ty in ("f16", "bf16"):
                    emit(f"        %v32 = arith.extf %v : {ty} to f32")
                    src = "%v32"
                emit(f"        %p = arith.extf {src} : f32 to f64")
            elif ty == "i32":
                emit("        %p = arith.extsi %v : i32 to i64")
            else:
                emit("        %p = arith.addi %v, %zero : i64")
            emit("        %ri = arith.index_cast %r : index to i64")
            emit("        %ii = arith.index_cast %i : index to i64")
            ptype = "f64" if isfloat else "i64"
            emit(f"        llvm.call @printf(%f{path}_{ty}, %ri, %ii, %p) "
                 f"vararg(!llvm.func<i32 (ptr, ...)>) : "
                 f"(!llvm.ptr, i64, i64, {ptype}) -> i32")
            emit("      }")
            emit("    }")
    emit("    %ret = arith.constant 0 : i32")
    emit("    return %ret : i32")
    emit("  }")
    emit("}")
    text = "\n".join(out) + "\n"
    text = text.replace("%false", "%cfalse").replace("%zero", "%czero")
    text = text.replace("  func.func @main() -> i32 {\n",
                        "  func.func @main() -> i32 {\n"
                        "    %cfalse = arith.constant false\n"
                        "    %czero = arith.constant 0 : i64\n")
    return text


def ulp(ty, x):
    mant, emin = FLOAT_INFO[ty]
    if x == 0 or not math.isfinite(x):
        return math.ldexp(1.0, emin - mant + 1)
    e = max(math.frexp(x)[1] - 1, emin)
    return math.ldexp(1.0, e - mant + 1)


def check(approx):
    results = {}
    for line in sys.stdin:
        parts = line.split()
        if len(parts) != 5 or parts[0] not in "KH":
            continue
        path, ty, r, i, v = parts
        value = float.fromhex(v) if ty in FLOATS else int(v)
        results[(path, ty, int(r), int(i))] = value
    types = [t for t in FLOATS + INTS if any(k[1] == t for k in results)]
    failed = False
    count = 0
    for ty in types:
        isfloat = ty in FLOATS
        rows = float_rows(ty) if isfloat else int_rows(ty)
        for r, row in enumerate(rows):
            name, ref_fn, ins = row[0], row[2], row[3]
            verdicts = []
            for path, word in (("K", "kernel"), ("H", "host")):
                bad = []
                for i in range(N):
                    args = [round_to(ty, c[i]) if isfloat else c[i] for c in ins]
                    got = results.get((path, ty, r, i))
                    if got is None:
                        bad.append(f"[{i}] missing")
                        continue
                    ref = ref_fn(*args)
                    if not isfloat:
                        if got != ref:
                            bad.append(f"[{i}] {got} != {ref}")
                        continue
                    ref = float(ref)
                    ulps = row[5] if approx and path == "K" else row[4]
                    if math.isnan(ref) or math.isinf(round_to(ty, ref)):
                        ok = (math.isnan(got) if math.isnan(ref)
                              else got == round_to(ty, ref))
                    elif ulps is None:
                        ok = got == round_to(ty, ref)
                    else:
                        # Low-precision types compute in f32 and round.
                        if ty in ("f16", "bf16"):
                            ulps = 1
                        ok = abs(got - ref) <= ulps * ulp(ty, ref)
                    if not ok:
                        err = abs(got - ref) / ulp(ty, ref) if math.isfinite(
                            got) else math.inf
                        bad.append(f"[{i}] {args} -> {got!r}, want {ref!r} "
                                   f"({err:.1f} ulp)")
                if bad:
                    failed = True
                    verdicts.append(f"{word} FAIL " + "; ".join(bad))
                else:
                    verdicts.append(f"{word} ok")
            print(f"{ty} {name}: " + ", ".join(verdicts))
            count += 1
    print(f"{count} ops and types: " +
          ("some out of tolerance" if failed else "all within tolerance"))
    return 1 if failed else 0


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("gen", "check"):
        print(__doc__)
        return 2
    if sys.argv[1] == "gen":
        types = FLOATS + INTS
        for arg in sys.argv[2:]:
            if arg.startswith("--types="):
                types = arg[len("--types="):].split(",")
        sys.stdout.write(gen(types))
        return 0
    return check("--approx" in sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
