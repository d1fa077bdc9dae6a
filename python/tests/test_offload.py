"""The offload Python package, on the offload runtime's host device."""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import offload

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(
    offload.__file__)))


# ===--- Calling kernels and functions ------------------------------------=== #

def test_saxpy_updates_y_in_place(kernels):
    x = np.arange(1000, dtype=np.float32)
    y = np.ones(1000, dtype=np.float32)
    assert kernels.saxpy(2.0, x, y) is None
    np.testing.assert_array_equal(y, 2 * np.arange(1000) + 1)
    np.testing.assert_array_equal(x, np.arange(1000))


def test_keyword_arguments(kernels):
    x = np.full(4, 3, dtype=np.float32)
    y = np.zeros(4, dtype=np.float32)
    kernels["saxpy"](x=x, y=y, a=0.5)
    np.testing.assert_array_equal(y, [1.5] * 4)


def test_read_only_array_for_a_read_only_argument(kernels):
    x = np.arange(4, dtype=np.float32)
    x.flags.writeable = False
    y = np.zeros(4, dtype=np.float32)
    kernels.saxpy(1.0, x, y)
    np.testing.assert_array_equal(y, [0, 1, 2, 3])


def test_2d_static_shape_and_integers(kernels):
    a = np.arange(12, dtype=np.int32).reshape(4, 3)
    out = np.zeros((4, 3), dtype=np.int32)
    kernels.scale2d(-3, a, out)
    np.testing.assert_array_equal(out, -3 * np.arange(12).reshape(4, 3))


def test_function_with_data_region(kernels):
    x = np.arange(6, dtype=np.float32)
    y = np.ones(6, dtype=np.float32)
    kernels.twice(2.0, x, y)
    np.testing.assert_array_equal(y, 4 * np.arange(6) + 1)


def test_scalar_result(kernels):
    x = np.array([0.5, 1.25, 2.0, 100.0])
    assert kernels.sum(x, 3) == 3.75


def test_interface_and_signatures(kernels):
    saxpy = kernels.saxpy
    assert saxpy.kind == "kernel"
    assert [(a["name"], a.get("map")) for a in saxpy.args] == [
        ("a", None), ("x", "to"), ("y", "tofrom")]
    # Written at every index and never read: only copied back.
    assert kernels.scale2d.args[2]["map"] == "from"
    assert kernels.scale2d.args[1]["shape"] == [4, 3]
    assert kernels.twice.kind == "function"
    assert [a["map"] for a in kernels.twice.args[1:]] == ["to", "tofrom"]
    assert saxpy.signature == \
        "saxpy(a: float32, x: float32(?,) to, y: float32(?,) tofrom)"
    assert kernels.sum.signature == \
        "sum(x: float64(?,) none, n: int64) -> float64"
    assert sorted(kernels.functions) == [
        "make", "saxpy", "scale2d", "sum", "twice"]


def test_interface_without_compiling(kernels_path):
    text = offload.interface(kernels_path)
    names = [f["name"] for f in json.loads(text)["functions"]]
    assert names == ["twice", "sum", "make", "saxpy", "scale2d"]


def test_read_only_arrays_are_not_copied_back(kernels, tmp_path):
    # The runtime's own record of the copies: x goes to the device only,
    # y both ways.
    path = kernels.save(tmp_path / "k.so")
    script = textwrap.dedent("""
        import numpy as np, offload
        m = offload.load(%r)
        x = np.arange(256, dtype=np.float32); y = np.ones(256, np.float32)
        m.saxpy(2.0, x, y)
        assert y[255] == 511.0
    """ % str(path))
    env = dict(os.environ, LIBOMPTARGET_INFO="-1",
               PYTHONPATH=PACKAGE_DIR, OMP_TARGET_OFFLOAD="mandatory")
    run = subprocess.run([sys.executable, "-c", script], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    to_device = [l for l in run.stderr.splitlines()
                 if "Copying data from host to device" in l]
    to_host = [l for l in run.stderr.splitlines()
               if "Copying data from device to host" in l]
    assert len(to_device) == 2 and len(to_host) == 1, run.stderr
    assert all("Size=1024" in l for l in to_device + to_host)


# ===--- Argument errors: checked before the call, naming the argument ----=== #

@pytest.mark.parametrize("call, error, message", [
    (lambda k, x, y: k.saxpy(2.0, x),
     TypeError, r"saxpy\(\) takes 3 arguments \(a, x, y\): missing 'y'"),
    (lambda k, x, y: k.saxpy(2.0, x, y, y),
     TypeError, r"saxpy\(\) takes 3 arguments \(a, x, y\) but 4 were given"),
    (lambda k, x, y: k.saxpy(2.0, x, y, z=1),
     TypeError, r"saxpy\(\) got an unexpected argument 'z'"),
    (lambda k, x, y: k.saxpy(2.0, x, a=1.0, y=y),
     TypeError, r"saxpy\(\) got argument 'a' twice"),
    (lambda k, x, y: k.saxpy(2.0, x.astype(np.float64), y),
     TypeError, r"argument 'x' must be a numpy array of float32 with shape "
                r"\(\?,\), got dtype float64"),
    (lambda k, x, y: k.saxpy(2.0, list(x), y),
     TypeError, r"argument 'x' must be a numpy array of float32 .*got list"),
    (lambda k, x, y: k.saxpy(2.0, x, y.reshape(2, 4)),
     ValueError, r"argument 'y' must be .*\(1 dimension\), got 2 dimensions"),
    (lambda k, x, y: k.saxpy(2.0, x[::2], y[::2]),
     ValueError, r"argument 'x' is not C-contiguous"),
    (lambda k, x, y: k.saxpy("2", x, y),
     TypeError, r"argument 'a' must be a real number \(float32\), got str"),
    (lambda k, x, y: k.scale2d(1.5, np.zeros((4, 3), np.int32),
                               np.zeros((4, 3), np.int32)),
     TypeError, r"argument 's' must be an integer \(int32\), got float"),
    (lambda k, x, y: k.scale2d(2**31, np.zeros((4, 3), np.int32),
                               np.zeros((4, 3), np.int32)),
     ValueError, r"argument 's' = 2147483648 does not fit in int32"),
    (lambda k, x, y: k.scale2d(1, np.zeros((4, 4), np.int32),
                               np.zeros((4, 3), np.int32)),
     ValueError, r"argument 'in' must be .* dimension 1 is 4, not 3"),
    (lambda k, x, y: k.make(3),
     TypeError, r"make\(\) cannot be called from Python: result type "
                r"memref<\?xf32> cannot be returned"),
    (lambda k, x, y: k.nonexistent,
     AttributeError, r"has no function or kernel 'nonexistent' \(it has: "
                     r"make, saxpy, scale2d, sum, twice\)"),
    (lambda k, x, y: k.saxpi,
     AttributeError, r"has no function or kernel 'saxpi'; did you mean "
                     r"'saxpy'\? \(it has: make, saxpy"),
])
def test_argument_errors(kernels, call, error, message):
    x = np.zeros(8, dtype=np.float32)
    y = np.zeros(8, dtype=np.float32)
    with pytest.raises(error, match=message):
        call(kernels, x, y)
    np.testing.assert_array_equal(y, np.zeros(8))


def test_signature_of_a_function_python_cannot_call():
    # A function on tensors: its signature shows the MLIR types, and a call
    # says why it cannot be made.
    mod = offload.compile("""
    func.func @dense(%x: tensor<4xf32>) -> tensor<4xf32> {
      %y = arith.addf %x, %x : tensor<4xf32>
      return %y : tensor<4xf32>
    }""", targets="host")
    assert mod.dense.signature == "dense(x: tensor<4xf32>) -> tensor<4xf32>"
    with pytest.raises(TypeError,
                       match=r"dense\(\) cannot be called from Python: "
                             r"argument 'x' has type tensor<4xf32>"):
        mod.dense(np.zeros(4, dtype=np.float32))


def test_read_only_array_for_a_written_argument(kernels):
    x = np.zeros(4, dtype=np.float32)
    y = np.zeros(4, dtype=np.float32)
    y.flags.writeable = False
    with pytest.raises(ValueError,
                       match=r"argument 'y' is read-only, but saxpy writes"):
        kernels.saxpy(1.0, x, y)


# ===--- Compiler diagnostics ---------------------------------------------=== #

BAD_TYPE = """module {
  func.func @f() -> f32 {
    %x = arith.constant 1 : i32
    return %x : i32
  }
}
"""


def test_parse_error_from_string():
    with pytest.raises(offload.CompileError) as info:
        offload.compile("module {\n  offload.nonsense\n}\n")
    error = info.value
    assert (error.file, error.line, error.column) == ("<string>", 2, 3)
    assert error.message == "custom op 'offload.nonsense' is unknown"
    assert str(error) == \
        "<string>:2:3: error: custom op 'offload.nonsense' is unknown"


def test_verifier_error_from_file(tmp_path):
    path = tmp_path / "bad.mlir"
    path.write_text(BAD_TYPE)
    with pytest.raises(offload.CompileError) as info:
        offload.compile(path)
    assert info.value.file == str(path)
    assert info.value.line == 4
    assert "type of return operand 0 ('i32') doesn't match function result " \
        "type ('f32')" in info.value.message


SCAN = """\
module {
  offload.kernel @scan(%x: memref<?xf32>, %y: memref<?xf32>) ATTRS {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c1) to (%n) step (%c1) {
      %im1 = arith.subi %i, %c1 : index
      %prev = memref.load %y[%im1] : memref<?xf32>
      %xi = memref.load %x[%i] : memref<?xf32>
      %s = arith.addf %prev, %xi : f32
      memref.store %s, %y[%i] : memref<?xf32>
    }
    offload.return
  }
}
"""


EVERY = """\
module {
  offload.kernel @every(%x: memref<?xi64>, %lo: index, %st: index) {
    %c0 = arith.constant 0 : index
    %n = memref.dim %x, %c0 : memref<?xi64>
    scf.parallel (%i) = (%lo) to (%n) step (%st) {
      %v = memref.load %x[%i] : memref<?xi64>
      %ii = arith.index_cast %i : index to i64
      %r = arith.addi %v, %ii : i64
      memref.store %r, %x[%i] : memref<?xi64>
    }
    offload.return
  }
}
"""


@pytest.mark.parametrize("devices", [None, [0, 1]])
def test_loop_step_must_be_positive(devices):
    # A step from an argument: 0 divided by zero in the launch (the
    # interpreter died of SIGFPE), -1 ran off the buffer (SIGSEGV). The
    # checker refuses both before anything runs.
    module = offload.compile(EVERY, targets="host")
    x = np.zeros(10, dtype=np.int64)
    module.every(x, 0, 3, devices=devices)
    assert list(x) == [0, 0, 0, 3, 0, 0, 6, 0, 0, 9]
    for step in (0, -1):
        with pytest.raises(ValueError) as info:
            module.every(x, 0, step, devices=devices)
        assert str(info.value) == (
            "every(): the loop at <string>:5:5 would run with step %d; "
            "loop steps must be positive" % step)
    assert list(x) == [0, 0, 0, 3, 0, 0, 6, 0, 0, 9]


@pytest.mark.parametrize("targets", ["host", "nvptx:sm_90,host"])
def test_race_is_a_compile_error(targets):
    # A prefix sum as a parallel loop: iteration i reads y[i - 1], which
    # iteration i - 1 writes. The same error for every target list, with
    # both accesses' locations and no dump of the operation.
    with pytest.raises(offload.CompileError) as info:
        offload.compile(SCAN.replace("ATTRS ", ""), targets=targets)
    error = info.value
    assert (error.file, error.line, error.column) == ("<string>", 11, 7)
    assert error.message.startswith(
        "'memref.store' writes an element of argument #1 of @scan that "
        "another iteration of the parallel loop may read with 'memref.load' "
        "at <string>:8:15; use memref.atomic_rmw")
    assert "see current operation" not in str(error)


def test_allow_races_opts_out():
    # The host device runs iterations in order: with the check turned off,
    # the prefix sum comes out right there.
    module = offload.compile(SCAN.replace("ATTRS", "attributes {allow_races}"),
                             targets="host")
    x = np.ones(5, dtype=np.float32)
    y = np.zeros(5, dtype=np.float32)
    module.scan(x, y)
    np.testing.assert_array_equal(y, [0, 1, 2, 3, 4])


def test_missing_file():
    with pytest.raises(offload.CompileError,
                       match=r"cannot read /nonexistent/k.mlir: No such file"):
        offload.compile("/nonexistent/k.mlir")


def test_bad_targets(kernels_path):
    with pytest.raises(offload.CompileError, match=r"nvidia"):
        offload.compile(kernels_path, targets="nvidia:sm_90")


def test_bad_opt_level(kernels_path):
    with pytest.raises(ValueError, match=r"opt_level must be 0, 1, 2 or 3"):
        offload.compile(kernels_path, opt_level=5)


def test_bad_pipeline(kernels_path):
    with pytest.raises(offload.CompileError,
                       match=r"invalid pass pipeline 'no-such-pass'"):
        offload.run_pipeline(kernels_path, "no-such-pass")


# ===--- Tools that want the IR -------------------------------------------=== #

def test_run_pipeline(kernels_path):
    text = offload.run_pipeline(kernels_path, "offload-infer-maps")
    assert ("map(to: %arg1 : memref<?xf32>, tofrom: %arg2 : memref<?xf32>)"
            in text)
    assert "offload_capi" not in text
    lowered = offload.run_pipeline(
        kernels_path, "builtin.module(offload-pipeline{targets=host})")
    assert "offload.kernel" not in lowered
    assert "llvm.call @__tgt_target_kernel" in lowered


def test_translate(kernels_path):
    ir = offload.translate(kernels_path)
    assert "define void @twice(" in ir
    assert "call void @__tgt_register_lib(" in ir


# ===--- Devices and the runtime half -------------------------------------=== #

def test_devices():
    devices = offload.devices()
    assert devices, "the runtime sees no device"
    assert [d.id for d in devices] == list(range(len(devices)))
    assert all(d.kind in ("host", "cuda", "amdgpu") for d in devices)


def test_saved_module_runs_without_the_compiler(kernels, tmp_path):
    path = kernels.save(tmp_path / "saved.so")
    script = textwrap.dedent("""
        import numpy as np, offload, sys
        m = offload.load(%r)
        x = np.arange(5, dtype=np.float32); y = np.full(5, 10, np.float32)
        m.saxpy(3.0, x, y)
        print(y.tolist())
        try:
            offload.compile("module {}")
        except ImportError as e:
            print("no compiler:", "libOffloadCAPI.so" in str(e))
        print("compiler loaded:", any("OffloadCAPI" in l
                                      for l in open("/proc/self/maps")))
    """ % str(path))
    env = dict(os.environ, PYTHONPATH=PACKAGE_DIR,
               OFFLOAD_CAPI_LIBRARY="/nonexistent/libOffloadCAPI.so")
    run = subprocess.run([sys.executable, "-c", script], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "[10.0, 13.0, 16.0, 19.0, 22.0]", "no compiler: True",
        "compiler loaded: False"]


def test_load_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="no compiled module at"):
        offload.load(tmp_path / "none.so")
    lib = "/usr/lib/x86_64-linux-gnu/libz.so.1"
    if os.path.exists(lib):
        with pytest.raises(ValueError, match="has no __offload_interface"):
            offload.load(lib)


# ===--- Bounds and overlaps, checked before the call ---------------------=== #

@pytest.fixture(scope="module")
def safety():
    return offload.compile(os.path.join(os.path.dirname(__file__), "inputs",
                                        "safety.mlir"), targets="host")


def test_output_shorter_than_the_loop_is_refused(kernels):
    x = np.arange(8, dtype=np.float32)
    y = np.ones(4, dtype=np.float32)
    with pytest.raises(ValueError) as info:
        kernels.saxpy(2.0, x, y)
    assert str(info.value) == ("saxpy(): argument 'y' is too small: "
                               "dimension 0 has size 4, but saxpy needs 8")
    np.testing.assert_array_equal(y, [1, 1, 1, 1])
    # The interpreter goes on; a call that fits still runs.
    y = np.ones(8, dtype=np.float32)
    kernels.saxpy(2.0, x, y)
    np.testing.assert_array_equal(y, 2 * np.arange(8) + 1)


def test_reach_from_a_scalar_argument(safety):
    x = np.arange(8, dtype=np.float32)
    y = np.zeros(8, dtype=np.float32)
    with pytest.raises(ValueError) as info:
        safety.stencil(x, y, 8)
    assert str(info.value) == ("stencil(): argument 'x' is too small: "
                               "dimension 0 has size 8, but stencil needs 9")
    with pytest.raises(ValueError) as info:
        safety.stencil(np.arange(10, dtype=np.float32), y, 9)
    assert str(info.value) == ("stencil(): argument 'y' is too small: "
                               "dimension 0 has size 8, but stencil needs 9")
    safety.stencil(x, y, 7)
    np.testing.assert_array_equal(y, [0, 2, 4, 6, 8, 10, 12, 0])
    # An empty loop reaches nothing.
    safety.stencil(np.zeros(0, dtype=np.float32), y, 1)


def test_reach_in_two_dimensions(safety):
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    with pytest.raises(ValueError) as info:
        safety.transpose(a, np.zeros((3, 1), dtype=np.int32))
    assert str(info.value) == ("transpose(): argument 'out' is too small: "
                               "dimension 1 has size 1, but transpose "
                               "needs 2")
    out = np.zeros((3, 2), dtype=np.int32)
    safety.transpose(a, out)
    np.testing.assert_array_equal(out, a.T)


def test_unchecked_reach_is_a_remark(safety):
    message = ("@histogram: this access of argument 'h' is not "
               "bounds-checked when @histogram is called: its index in "
               "dimension 0 is not known before the loops run: it is read "
               "from memory ('memref.load')")
    assert [(r.severity, r.line, r.message) for r in safety.remarks] == [
        ("remark", 42, message), ("remark", 44, message)]
    h = np.zeros(3, dtype=np.int32)
    safety.histogram(np.array([0, 2, 2, 1], dtype=np.int32), h)
    np.testing.assert_array_equal(h, [1, 1, 2])


def test_the_same_array_twice_is_refused(kernels):
    x = np.arange(4, dtype=np.float32)
    with pytest.raises(ValueError) as info:
        kernels.saxpy(2.0, x, x)
    assert str(info.value) == ("saxpy(): arguments 'x' and 'y' overlap in "
                               "memory, and saxpy writes 'y'; pass distinct "
                               "arrays")
    np.testing.assert_array_equal(x, [0, 1, 2, 3])


def test_overlapping_views_are_refused(kernels, safety):
    base = np.arange(12, dtype=np.float32)
    with pytest.raises(ValueError) as info:
        kernels.saxpy(1.0, base[0:6], base[4:10])
    assert str(info.value) == ("saxpy(): arguments 'x' and 'y' overlap in "
                               "memory, and saxpy writes 'y'; pass distinct "
                               "arrays")
    with pytest.raises(ValueError) as info:
        kernels.twice(1.0, base[2:8], base[0:6])
    assert str(info.value) == ("twice(): arguments 'x' and 'y' overlap in "
                               "memory, and twice writes 'y'; pass distinct "
                               "arrays")
    a = np.arange(32, dtype=np.int32).reshape(8, 4)
    with pytest.raises(ValueError) as info:
        safety.transpose(a[0:2], a[1:5])
    assert str(info.value) == ("transpose(): arguments 'in' and 'out' "
                               "overlap in memory, and transpose writes "
                               "'out'; pass distinct arrays")
    np.testing.assert_array_equal(base, np.arange(12))


def test_overlapping_read_only_views(safety):
    # Only read: a valid call. Both views map the hull of the two (the
    # runtime refuses a range that partly overlaps one it just mapped).
    base = np.arange(100, dtype=np.int32)
    z = np.zeros(60, dtype=np.int32)
    safety.add_views(base[0:60], base[20:80], z)
    np.testing.assert_array_equal(z, 2 * np.arange(60) + 20)
    np.testing.assert_array_equal(base, np.arange(100))


def test_adjacent_views_are_accepted(kernels):
    base = np.ones(8, dtype=np.float32)
    kernels.saxpy(2.0, base[0:4], base[4:8])
    np.testing.assert_array_equal(base, [1, 1, 1, 1, 3, 3, 3, 3])


def test_checks_in_the_interface(kernels_path):
    entries = {e["name"]: e for e in
               json.loads(offload.interface(kernels_path))["functions"]}
    assert entries["saxpy"]["check"] == "_mlir_ciface___offload_check_saxpy"
    # No buffer: nothing to check.
    assert "check" not in entries["make"]


# ===--- Several devices (devices=) ---------------------------------------=== #
# libomptarget's host plugin offers four devices, so the split runs for real.

@pytest.fixture(scope="module")
def multi():
    return offload.compile(os.path.join(os.path.dirname(__file__), "inputs",
                                        "devices.mlir"), targets="host")


@pytest.mark.parametrize("devices", [[0, 1, 2, 3], "all", [3, 1], [2, 9],
                                     range(4), np.array([1, 0]),
                                     [1, 1, 3, 1]])
def test_split_over_devices(multi, devices):
    n = 1001
    x = np.arange(n, dtype=np.int64)
    y = np.full(n, 7, dtype=np.int64)
    multi.axpy(3, x, y, devices=devices)
    assert np.array_equal(y, 3 * x + 7)
    t = np.zeros(1, dtype=np.int64)
    multi.total(x, t, devices=devices)
    assert t[0] == 10 + n * (n - 1) // 2
    out = np.full(n, -1, dtype=np.int64)
    multi.shift(x, out, devices=devices)
    assert out[0] == -1 and np.array_equal(out[1:], x[:-1])


def test_devices_none_is_the_plain_launch(multi):
    x = np.arange(4, dtype=np.int64)
    y = np.ones(4, dtype=np.int64)
    multi.axpy(2, x, y, devices=None)
    assert np.array_equal(y, np.array([1, 3, 5, 7], dtype=np.int64))


def test_absent_devices_run_on_the_host(multi):
    x = np.arange(10, dtype=np.int64)
    y = np.zeros(10, dtype=np.int64)
    multi.axpy(2, x, y, devices=[40, 41])
    assert np.array_equal(y, 2 * x)


def test_each_device_runs_its_share(multi, tmp_path):
    path = multi.save(tmp_path / "devices.so")
    script = textwrap.dedent("""
        import numpy as np, offload
        mod = offload.load(%r)
        x = np.arange(1000, dtype=np.int64)
        y = np.zeros(1000, dtype=np.int64)
        mod.axpy(1, x, y, devices=[1, 3])
        assert np.array_equal(y, x)
    """ % str(path))
    # One host thread: the shares' threads would print their info lines at
    # the same time, interleaved within lines.
    env = dict(os.environ, LIBOMPTARGET_INFO="-1", OMP_THREAD_LIMIT="1",
               PYTHONPATH=PACKAGE_DIR)
    run = subprocess.run([sys.executable, "-c", script], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    launches = sorted(l.split(" info:")[0].split()[-1]
                      for l in run.stderr.splitlines()
                      if "Launching kernel axpy_share" in l)
    assert launches == ["1", "3"], run.stderr
    # Each device copies its 500 rows of x in, of y in and out: 4000 bytes.
    copies = [l for l in run.stderr.splitlines() if "Copying data" in l]
    assert len(copies) == 6 and all("Size=4000" in l for l in copies), \
        run.stderr


def test_devices_all_in_a_function_runs_on_every_device(multi, tmp_path):
    # The runtime library in the module finds libomptarget's device
    # functions, not libomp's namesakes, which say 0 devices in a process
    # that loaded libomptarget before them (Python): devices(all) then ran
    # on the host, silently.
    path = multi.save(tmp_path / "devices.so")
    script = textwrap.dedent("""
        import numpy as np, offload
        mod = offload.load(%r)
        x = np.arange(1000, dtype=np.int64)
        y = np.ones(1000, dtype=np.int64)
        mod.twice_all(x, y)
        assert np.array_equal(y, 2 * x + 1)
    """ % str(path))
    env = dict(os.environ, LIBOMPTARGET_INFO="-1", OMP_THREAD_LIMIT="1",
               PYTHONPATH=PACKAGE_DIR)
    run = subprocess.run([sys.executable, "-c", script], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    launches = sorted(l.split(" info:")[0].split()[-1]
                      for l in run.stderr.splitlines()
                      if "Launching kernel axpy_share" in l)
    assert launches == ["0", "1", "2", "3"], run.stderr


def test_function_over_devices_says_what_it_writes(multi):
    # A function whose launch runs over several devices writes y and only
    # reads x: a read-only x is fine, a read-only y is refused before
    # anything runs (the interface read the launch's maps once split; it
    # said "writes": false for both before, and y was written).
    args = {a["name"]: a for e in multi.interface["functions"]
            if e["name"] == "twice_all" for a in e["args"]}
    assert (args["x"]["map"], args["x"]["writes"]) == ("to", False)
    assert (args["y"]["map"], args["y"]["writes"]) == ("tofrom", True)
    x = np.arange(8, dtype=np.int64)
    x.flags.writeable = False
    y = np.ones(8, dtype=np.int64)
    multi.twice_all(x, y)
    assert np.array_equal(y, 2 * x + 1)
    y.flags.writeable = False
    with pytest.raises(ValueError,
                       match=r"argument 'y' is read-only, but twice_all "
                             r"writes it"):
        multi.twice_all(x, y)
    assert np.array_equal(y, 2 * x + 1)


@pytest.mark.parametrize("devices, error, message", [
    ([], ValueError, "axpy(): devices=[] lists no device"),
    ("some", ValueError, "give \"all\" or a list of device numbers"),
    (2, TypeError, "must be \"all\" or a list of device numbers, got int"),
    ([0, 1.5], TypeError, "must list device numbers (int), got 1.5"),
    ([-1], ValueError, "lists device -1, which is not a device number"),
    (b"all", TypeError, "devices=b'all': give \"all\" (a str) or a list"),
])
def test_device_list_errors(multi, devices, error, message):
    x = np.arange(4, dtype=np.int64)
    y = np.zeros(4, dtype=np.int64)
    with pytest.raises(error) as info:
        multi.axpy(1, x, y, devices=devices)
    assert message in str(info.value)
    assert np.array_equal(y, np.zeros(4, dtype=np.int64))


def test_devices_is_for_kernels(multi):
    x = np.arange(4, dtype=np.int64)
    y = np.zeros(4, dtype=np.int64)
    with pytest.raises(TypeError) as info:
        multi.twice(x, y, devices=[0])
    assert "twice(): devices= applies to kernels" in str(info.value)


def test_devices_symbol_in_the_interface(multi):
    entries = {e["name"]: e for e in multi.interface["functions"]}
    assert entries["axpy"]["devices_symbol"] == \
        "_mlir_ciface___offload_launch_axpy__devices"
    assert "devices_symbol" not in entries["twice"]
    assert sorted(entries) == ["axpy", "shift", "total", "twice",
                               "twice_all"]


# ===--- The compile cache ------------------------------------------------=== #

def test_compile_cache(tmp_path, monkeypatch, kernels_path):
    cache = tmp_path / "cache"
    monkeypatch.setenv("OFFLOAD_CACHE_DIR", str(cache))
    first = offload.compile(kernels_path, targets="host")
    assert not first.cached
    assert sorted(p.suffix for p in cache.iterdir()) == [".json", ".so"]
    again = offload.compile(kernels_path, targets="host")
    assert again.cached and again.path == first.path
    assert [str(r) for r in again.remarks] == [str(r) for r in first.remarks]
    x = np.arange(4, dtype=np.float32)
    y = np.ones(4, dtype=np.float32)
    again.saxpy(2.0, x, y)
    assert y.tolist() == [1.0, 3.0, 5.0, 7.0]
    # Into a given output: a copy of the cached library.
    out = offload.compile(kernels_path, targets="host",
                          output=tmp_path / "k.so")
    assert out.cached and out.path == str(tmp_path / "k.so")
    # Another level, other text, no cache: compiled.
    assert not offload.compile(kernels_path, targets="host",
                               opt_level=1).cached
    with open(kernels_path) as f:
        text = f.read()
    assert not offload.compile(text + "\n// changed\n", targets="host").cached
    assert offload.compile(text + "\n// changed\n", targets="host").cached
    assert not offload.compile(kernels_path, targets="host",
                               cache=False).cached
    monkeypatch.setenv("OFFLOAD_CACHE", "0")
    assert not offload.compile(kernels_path, targets="host").cached
    assert len(list(cache.glob("*.so"))) == 3


def test_errors_are_not_cached(tmp_path, monkeypatch):
    monkeypatch.setenv("OFFLOAD_CACHE_DIR", str(tmp_path / "cache"))
    for _ in range(2):
        with pytest.raises(offload.CompileError) as info:
            offload.compile("module {\n  offload.nonsense\n}\n")
        assert info.value.line == 2
    assert not list(tmp_path.glob("cache/*.so"))


def test_modules_with_the_same_names(tmp_path, monkeypatch):
    # Two modules loaded in one process whose kernels, host copies and entry
    # points have the same names: each call runs its own module's code (on
    # the device, on one of several devices, and on the host).
    monkeypatch.setenv("OFFLOAD_CACHE_DIR", str(tmp_path / "cache"))
    template = textwrap.dedent("""\
        module attributes {offload.targets = [#offload.host]} {
          offload.kernel @k(%x: memref<?xi32>) {
            %c0 = arith.constant 0 : index
            %c1 = arith.constant 1 : index
            %v = arith.constant VALUE : i32
            %n = memref.dim %x, %c0 : memref<?xi32>
            scf.parallel (%i) = (%c0) to (%n) step (%c1) {
              memref.store %v, %x[%i] : memref<?xi32>
            }
            offload.return
          }
        }
        """)
    first = offload.compile(template.replace("VALUE", "1"))
    second = offload.compile(template.replace("VALUE", "2"))
    for devices in (None, [0, 1]):
        for module, value in ((first, 1), (second, 2), (first, 1)):
            x = np.zeros(5, dtype=np.int32)
            if devices is None:
                module.k(x)
            else:
                module.k(x, devices=devices)
            assert x.tolist() == [value] * 5


def test_all_devices_leaves_out_the_host_plugin(monkeypatch):
    # devices="all" means what devices(all) means in compiled code: the
    # GPUs, without the host plugin's devices when there are GPUs.
    from offload import runtime

    class FakeFunction:
        def __init__(self, fn):
            self.fn = fn

        def __call__(self, *args):
            return self.fn(*args)

    def fake_lib(uids):
        class Lib:
            omp_get_num_devices = FakeFunction(lambda: len(uids))
            omp_get_uid_from_device = FakeFunction(
                lambda d: uids[d].encode())
        return Lib()

    machine = runtime.platform.machine()
    host = {"amd64": "x86_64", "arm64": "aarch64"}.get(machine.lower(),
                                                      machine.lower())
    mixed = ["GPU-6f1c", host + "-0", "GPU-77aa", host + "-1"]
    monkeypatch.delenv("OFFLOAD_ALL_DEVICES", raising=False)
    monkeypatch.setattr(runtime, "_load_libomptarget", lambda: fake_lib(mixed))
    assert runtime._all_devices() == [0, 2]
    monkeypatch.setenv("OFFLOAD_ALL_DEVICES", "every")
    assert runtime._all_devices() == [0, 1, 2, 3]
    monkeypatch.delenv("OFFLOAD_ALL_DEVICES")
    only_host = [host + "-0", host + "-1", host + "-2"]
    monkeypatch.setattr(runtime, "_load_libomptarget",
                        lambda: fake_lib(only_host))
    assert runtime._all_devices() == [0, 1, 2]
    # Not a host device: another name, or no number after the dash.
    assert not runtime._is_host_plugin_uid(host + "-")
    assert not runtime._is_host_plugin_uid(host + "-1a")
    assert not runtime._is_host_plugin_uid("GPU-1")


PICK = """\
module {
  offload.kernel @dbl(%x: memref<?xf32>, %y: memref<?xf32>, %c: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = scf.if %c -> memref<?xf32> {
      scf.yield %x : memref<?xf32>
    } else {
      scf.yield %y : memref<?xf32>
    }
    %n = memref.dim %z, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %z[%i] : memref<?xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %z[%i] : memref<?xf32>
    }
    offload.return
  }
}
"""


def test_kernel_writing_a_buffer_it_picks_with_scf_if():
    # Both buffers the kernel may pick are written (they were taken as
    # untouched, and the doubling was lost).
    module = offload.compile(PICK, targets="host")
    assert "x: float32(?,) tofrom" in module.dbl.signature
    x = np.arange(4, dtype=np.float32)
    y = np.ones(4, dtype=np.float32)
    module.dbl(x, y, True)
    module.dbl(x, y, False)
    assert x.tolist() == [0, 2, 4, 6]
    assert y.tolist() == [2, 2, 2, 2]


def test_function_named_like_a_kernels_entry_point():
    text = PICK.replace("""  }
}
""", """  }
  func.func @__offload_launch_dbl() -> i32 {
    %r = arith.constant 8 : i32
    return %r : i32
  }
}
""")
    with pytest.raises(offload.CompileError) as info:
        offload.compile(text, targets="host")
    assert info.value.message == ("@__offload_launch_dbl is the name of "
                                  "kernel @dbl's entry point in the "
                                  "library; rename it")


def test_compiling_again_to_the_same_output(tmp_path):
    # The second module's code runs, not the first's (the loader hands back
    # the library it has under a path).
    scale = """\
module {
  offload.kernel @scale(%x: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %f = arith.constant FACTOR : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %f, %x[%i] : memref<?xf32>
    }
    offload.return
  }
}
"""
    out = str(tmp_path / "same.so")
    results = []
    for factor in ("2.0", "3.0"):
        module = offload.compile(scale.replace("FACTOR", factor),
                                 targets="host", output=out, cache=False)
        x = np.zeros(4, dtype=np.float32)
        module.scale(x)
        results.append(x.tolist())
    assert results == [[2, 2, 2, 2], [3, 3, 3, 3]]


def test_kernel_taking_an_aggregate_is_no_entry_point():
    # The module's function that packs the aggregate is the entry point;
    # the kernel is left out (its launcher could not be built: the module
    # failed to compile).
    text = """\
module {
  offload.kernel @copy(%s: tuple<memref<?xf32>, memref<?xf32>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x, %y = offload.unpack %s : tuple<memref<?xf32>, memref<?xf32>>
    %n = memref.dim %x, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      memref.store %v, %y[%i] : memref<?xf32>
    }
    offload.return
  }
  func.func @run(%x: memref<?xf32>, %y: memref<?xf32>) {
    %p = offload.pack %x, %y : tuple<memref<?xf32>, memref<?xf32>>
    offload.launch @copy(%p) : (tuple<memref<?xf32>, memref<?xf32>>) -> ()
    return
  }
}
"""
    module = offload.compile(text, targets="host")
    assert sorted(module.functions) == ["run"]
    assert any("kernel @copy is no entry point of the library: it takes an "
               "aggregate" in str(remark) for remark in module.remarks)
    x = np.arange(5, dtype=np.float32)
    y = np.zeros(5, dtype=np.float32)
    module.run(x, y)
    assert y.tolist() == [0, 1, 2, 3, 4]


def test_entry_check_refuses_indices_that_overflow():
    # y[i] = x[i * s]: with 9 elements of y and s = 2^61 the last index,
    # 8 * 2^61, wraps to 0 in 64 bits; the check accepted the call and
    # iteration 1 read x[2^61] (a crash). It is refused now, and a stride
    # that fits still runs.
    text = """\
module {
  offload.kernel @strided(%x: memref<?xf32>, %y: memref<?xf32>, %s: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %y, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %j = arith.muli %i, %s : index
      %v = memref.load %x[%j] : memref<?xf32>
      memref.store %v, %y[%i] : memref<?xf32>
    }
    offload.return
  }
}
"""
    module = offload.compile(text, targets="host")
    x = np.arange(32, dtype=np.float32)
    for s in (2**61, 2**62 + 1):
        y = np.zeros(9, dtype=np.float32)
        with pytest.raises(ValueError, match=r"strided\(\): the indices of "
                           r"its accesses overflow 64-bit integers with "
                           r"these arguments"):
            module.strided(x, y, s)
        assert y.tolist() == [0] * 9
    y = np.zeros(9, dtype=np.float32)
    module.strided(x, y, 3)
    assert y.tolist() == [0, 3, 6, 9, 12, 15, 18, 21, 24]


def test_empty_source_is_an_empty_module():
    # It was taken as a path ("cannot read : No such file or directory").
    assert offload.compile("", targets="host").functions == {}
