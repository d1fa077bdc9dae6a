"""The runtime half of the offload package: load a compiled module and call it.

Needs only numpy, ctypes and LLVM's offload runtime (libomptarget, found
through the loader's search path, OFFLOAD_LIBOMPTARGET or the compiled
module's own rpath). It never loads the compiler, so a module compiled on one
machine runs on another that has no LLVM development files.

A compiled module is a shared library made by ``offload.compile``: loading it
registers its device images with libomptarget, it exports one C entry point
per function and kernel (``_mlir_ciface_<name>``, memrefs passed as pointers
to descriptors), and its global ``__offload_interface`` describes them (JSON).
"""

import ctypes
import difflib
import json
import numbers
import os
import platform
import shutil
import sys
import tempfile

import numpy as np

__all__ = ["Module", "Function", "Device", "load", "devices"]

INTERFACE_VERSION = 1

_SCALAR_CTYPES = {
    "bool": ctypes.c_bool,
    "int8": ctypes.c_int8,
    "int16": ctypes.c_int16,
    "int32": ctypes.c_int32,
    "int64": ctypes.c_int64,
    "float32": ctypes.c_float,
    "float64": ctypes.c_double,
}

_descriptor_types = {}


def _descriptor_type(rank):
    """The ctypes struct of a memref descriptor of `rank` dimensions."""
    if rank not in _descriptor_types:
        fields = [("allocated", ctypes.c_void_p), ("aligned", ctypes.c_void_p),
                  ("offset", ctypes.c_int64)]
        if rank > 0:
            fields += [("sizes", ctypes.c_int64 * rank),
                       ("strides", ctypes.c_int64 * rank)]
        _descriptor_types[rank] = type(
            "MemRefDescriptor%dD" % rank, (ctypes.Structure,),
            {"_fields_": fields})
    return _descriptor_types[rank]


def _shape_text(shape):
    dims = ["?" if d < 0 else str(d) for d in shape]
    return "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"


class Function:
    """One callable function or kernel of a compiled module.

    Arguments are checked before the call; a mistake raises TypeError or
    ValueError naming the argument. The compiled module's checker then
    makes sure that every array covers what the function reaches given the
    other arguments, and that no two arrays overlap where the function
    writes one (ValueError naming them). Memref arguments take C-contiguous numpy
    arrays of the exact dtype and rank (and static sizes); they are passed by
    pointer, so what the device code writes lands in the array itself, and
    arrays the compiler only reads are never copied back.
    """

    def __init__(self, module, entry):
        self._module = module
        self.name = entry["name"]
        self.kind = entry["kind"]
        self.args = entry["args"]
        self.results = entry["results"]
        self.unsupported = entry.get("unsupported")
        self._symbol = entry["symbol"]
        self._cfunc = None
        self._devices_cfunc = None
        self._check = None
        if self.unsupported is None:
            cfunc = getattr(module._lib, self._symbol)
            argtypes = []
            for arg in self.args:
                if arg["kind"] == "memref":
                    argtypes.append(ctypes.POINTER(
                        _descriptor_type(len(arg["shape"]))))
                else:
                    argtypes.append(_SCALAR_CTYPES[arg["dtype"]])
            cfunc.argtypes = argtypes
            cfunc.restype = (_SCALAR_CTYPES[self.results[0]]
                             if self.results else None)
            self._cfunc = cfunc
            # The launcher over several devices: the kernel's arguments,
            # then a 1-D memref of int32 device numbers.
            if entry.get("devices_symbol"):
                launcher = getattr(module._lib, entry["devices_symbol"])
                launcher.argtypes = argtypes + [
                    ctypes.POINTER(_descriptor_type(1))]
                launcher.restype = None
                self._devices_cfunc = launcher
            # The compiled checker of the buffers' sizes and overlaps: the
            # same arguments, then (message, size) -> 0 or nonzero.
            if entry.get("check"):
                check = getattr(module._lib, entry["check"])
                check.argtypes = argtypes + [ctypes.c_char_p,
                                             ctypes.c_int64]
                check.restype = ctypes.c_int32
                self._check = check

    @property
    def signature(self):
        """A readable signature, e.g. saxpy(a: float32, x: float32(?,) to)."""
        parts = []
        for arg in self.args:
            if arg["kind"] == "memref":
                parts.append("%s: %s%s %s" % (arg["name"], arg["dtype"],
                                              _shape_text(arg["shape"]),
                                              arg["map"]))
            else:
                parts.append("%s: %s" % (arg["name"],
                                         arg["dtype"] or arg.get("type", "?")))
        result = " -> " + ", ".join(self.results) if self.results else ""
        return "%s(%s)%s" % (self.name, ", ".join(parts), result)

    def __repr__(self):
        return "<offload %s %s>" % (self.kind, self.signature)

    def _bind(self, args, kwargs):
        names = [a["name"] for a in self.args]
        if len(args) > len(names):
            raise TypeError("%s() takes %d argument%s (%s) but %d were given"
                            % (self.name, len(names),
                               "" if len(names) == 1 else "s",
                               ", ".join(names), len(args)))
        bound = dict(zip(names, args))
        for key, value in kwargs.items():
            if key not in names:
                raise TypeError("%s() got an unexpected argument '%s'"
                                % (self.name, key))
            if key in bound:
                raise TypeError("%s() got argument '%s' twice"
                                % (self.name, key))
            bound[key] = value
        missing = [n for n in names if n not in bound]
        if missing:
            raise TypeError("%s() takes %d argument%s (%s): missing %s"
                            % (self.name, len(names),
                               "" if len(names) == 1 else "s",
                               ", ".join(names),
                               ", ".join("'%s'" % m for m in missing)))
        return [bound[n] for n in names]

    def _scalar(self, arg, value):
        what = "%s(): argument '%s'" % (self.name, arg["name"])
        dtype = arg["dtype"]
        if dtype.startswith("float"):
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise TypeError("%s must be a real number (%s), got %s"
                                % (what, dtype, type(value).__name__))
            return float(value)
        if dtype == "bool":
            if not isinstance(value, (bool, np.bool_)):
                raise TypeError("%s must be a bool, got %s"
                                % (what, type(value).__name__))
            return bool(value)
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError("%s must be an integer (%s), got %s"
                            % (what, dtype, type(value).__name__))
        info = np.iinfo(dtype)
        if not info.min <= int(value) <= info.max:
            raise ValueError("%s = %d does not fit in %s"
                             % (what, int(value), dtype))
        return int(value)

    def _memref(self, arg, value):
        what = "%s(): argument '%s'" % (self.name, arg["name"])
        shape = arg["shape"]
        expected = "a numpy array of %s with shape %s" % (arg["dtype"],
                                                           _shape_text(shape))
        if not isinstance(value, np.ndarray):
            raise TypeError("%s must be %s, got %s"
                            % (what, expected, type(value).__name__))
        if value.dtype != np.dtype(arg["dtype"]):
            raise TypeError("%s must be %s, got dtype %s"
                            % (what, expected, value.dtype))
        if value.ndim != len(shape):
            raise ValueError("%s must be %s (%d dimension%s), got %d "
                             "dimension%s" % (what, expected, len(shape),
                                              "" if len(shape) == 1 else "s",
                                              value.ndim,
                                              "" if value.ndim == 1 else "s"))
        for dim, (want, got) in enumerate(zip(shape, value.shape)):
            if want >= 0 and want != got:
                raise ValueError("%s must be %s: dimension %d is %d, not %d"
                                 % (what, expected, dim, got, want))
        if not value.flags["C_CONTIGUOUS"]:
            raise ValueError("%s is not C-contiguous (a slice or a "
                             "transpose?); pass numpy.ascontiguousarray(%s)"
                             % (what, arg["name"]))
        if arg.get("writes") and not value.flags["WRITEABLE"]:
            raise ValueError("%s is read-only, but %s writes it"
                             % (what, self.name))
        desc = _descriptor_type(value.ndim)()
        desc.allocated = desc.aligned = value.ctypes.data
        desc.offset = 0
        if value.ndim:
            for dim in range(value.ndim):
                desc.sizes[dim] = value.shape[dim]
                desc.strides[dim] = value.strides[dim] // value.itemsize
        return desc

    def _device_list(self, devices):
        """The int32 array of device numbers that `devices=` names."""
        what = "%s(): devices=" % self.name
        if self._devices_cfunc is None:
            raise TypeError("%s applies to kernels; %s is a %s (launch "
                            "with offload.launch ... devices(...) inside it)"
                            % (what, self.name, self.kind))
        if isinstance(devices, (bytes, bytearray)):
            # list(b"all") would be the devices 97, 108, 108.
            raise TypeError("%s%r: give \"all\" (a str) or a list of device "
                            "numbers" % (what, devices))
        if isinstance(devices, str):
            if devices != "all":
                raise ValueError("%s%r: give \"all\" or a list of device "
                                 "numbers" % (what, devices))
            numbers_ = _all_devices()
        else:
            try:
                numbers_ = list(devices)
            except TypeError:
                raise TypeError("%s must be \"all\" or a list of device "
                                "numbers, got %s"
                                % (what, type(devices).__name__)) from None
            if not numbers_:
                raise ValueError("%s[] lists no device" % what)
            for device in numbers_:
                if isinstance(device, (bool, np.bool_)) or not isinstance(
                        device, numbers.Integral):
                    raise TypeError("%s must list device numbers (int), "
                                    "got %r" % (what, device))
                if not 0 <= int(device) < 2**31:
                    raise ValueError("%s lists device %d, which is not a "
                                     "device number" % (what, int(device)))
        return np.array([int(d) for d in numbers_], dtype=np.int32)

    def __call__(self, *args, **kwargs):
        """Calls the function or launches the kernel. A kernel also takes
        ``devices=[0, 1, ...]`` or ``devices="all"`` (the GPUs when there
        are any, else every device; unless it has an argument of that
        name): its parallel loop is split along its
        outermost dimension into one equal share per device present (devices
        listed but absent are left out; none present runs it on the host),
        each device moving only the sections of the arrays its share
        reaches. ``devices=None`` is the plain launch (the default
        device)."""
        if self.unsupported is not None:
            raise TypeError("%s() cannot be called from Python: %s"
                            % (self.name, self.unsupported))
        device_list = None
        if "devices" in kwargs and "devices" not in [a["name"]
                                                     for a in self.args]:
            devices = kwargs.pop("devices")
            if devices is not None:
                device_list = self._device_list(devices)
        values = self._bind(args, kwargs)
        converted, keep = [], []
        for arg, value in zip(self.args, values):
            if arg["kind"] == "memref":
                desc = self._memref(arg, value)
                keep.append(value)
                converted.append(ctypes.byref(desc))
                keep.append(desc)
            else:
                converted.append(self._scalar(arg, value))
        if self._check is not None and self._check(*converted, None, 0):
            message = ctypes.create_string_buffer(1024)
            self._check(*converted, message, len(message))
            raise ValueError(message.value.decode(errors="replace"))
        if device_list is None:
            result = self._cfunc(*converted)
        else:
            desc = self._memref({"name": "devices", "dtype": "int32",
                                 "shape": [-1]}, device_list)
            keep += [device_list, desc]
            result = self._devices_cfunc(*converted, ctypes.byref(desc))
        del keep
        return result


class Module:
    """A compiled module loaded into this process.

    Its functions and kernels are attributes (``mod.saxpy(...)``) and items
    (``mod["saxpy"]``); ``mod.functions`` maps names to them.
    """

    def __init__(self, path):
        path = os.fspath(path)
        if not os.path.exists(path):
            raise FileNotFoundError("no compiled module at %s" % path)
        self.path = os.path.abspath(path)
        self.remarks = []
        self.cached = False
        if os.environ.get("OFFLOAD_LIBOMPTARGET"):
            _open_libomptarget()  # satisfies the module's libomptarget.so
        try:
            self._lib = ctypes.CDLL(_fresh_path(self.path),
                                    mode=ctypes.RTLD_GLOBAL)
        except OSError as error:
            raise OSError("cannot load %s: %s (is libomptarget on the "
                          "loader's path? set LD_LIBRARY_PATH)"
                          % (self.path, error)) from None
        try:
            text = ctypes.cast(
                ctypes.addressof(ctypes.c_char.in_dll(self._lib,
                                                      "__offload_interface")),
                ctypes.c_char_p).value
        except ValueError:
            raise ValueError("%s is not a module compiled by offload.compile "
                             "(it has no __offload_interface)" % self.path) \
                from None
        self.interface = json.loads(text.decode())
        if self.interface.get("version") != INTERFACE_VERSION:
            raise ValueError("%s has interface version %s; this runtime "
                             "reads version %d" % (
                                 self.path, self.interface.get("version"),
                                 INTERFACE_VERSION))
        self.functions = {}
        for entry in self.interface["functions"]:
            self.functions[entry["name"]] = Function(self, entry)

    def __getattr__(self, name):
        functions = self.__dict__.get("functions", {})
        if name in functions:
            return functions[name]
        near = difflib.get_close_matches(name, list(functions), n=1)
        raise AttributeError("module %s has no function or kernel '%s'%s "
                             "(it has: %s)" % (
                                 os.path.basename(
                                     self.__dict__.get("path", "?")), name,
                                 "; did you mean '%s'?" % near[0]
                                 if near else "",
                                 ", ".join(sorted(functions)) or "none"))

    def __getitem__(self, name):
        return self.__getattr__(name)

    def __dir__(self):
        return list(super().__dir__()) + list(self.functions)

    def __repr__(self):
        return "<offload module %s: %s>" % (
            self.path, ", ".join(f.signature
                                 for f in self.functions.values()))

    def save(self, path):
        """Copies the compiled module to `path`, to load it with
        ``offload.load`` elsewhere."""
        path = os.fspath(path)
        shutil.copyfile(self.path, path)
        return path


# The libraries this process loaded, by path: the identity of the file then
# (device, inode, modification time, size).
_loaded = {}


def _fresh_path(path):
    """`path`, or a copy of it under a new name when this process loaded
    another file from `path` before (a module compiled again to the same
    output): the loader would hand back the library it has under that name,
    the old code."""
    st = os.stat(path)
    identity = (st.st_dev, st.st_ino, st.st_mtime_ns, st.st_size)
    seen = _loaded.get(path)
    if seen is None or seen == identity:
        _loaded[path] = identity
        return path
    directory = tempfile.mkdtemp(prefix="offload-module-")
    copy = os.path.join(directory, os.path.basename(path))
    shutil.copyfile(path, copy)
    _loaded[copy] = identity
    return copy


def load(path):
    """Loads a module saved by ``Module.save`` (or compiled to a file)."""
    return Module(path)


#===------------------------------------------------------------------------===#
# Devices
#===------------------------------------------------------------------------===#

_omptarget = None
_omptarget_ready = False


def _is_host_plugin_uid(uid):
    """Whether `uid` (omp_get_uid_from_device) names a device of the host
    plugin: "<machine>-<number>", as the runtime library tells them."""
    machine = {"x86_64": "x86_64", "amd64": "x86_64", "aarch64": "aarch64",
               "arm64": "aarch64", "ppc64le": "ppc64le", "ppc64": "ppc64",
               "s390x": "s390x", "riscv64": "riscv64",
               "loongarch64": "loongarch64"}.get(platform.machine().lower())
    if not uid or not machine:
        return False
    prefix = machine + "-"
    return uid.startswith(prefix) and uid[len(prefix):].isdigit()


def _all_devices():
    """The devices devices="all" stands for, as devices(all) in compiled
    code: the GPUs, leaving out the host plugin's devices (which run on
    the host's own cores) when there are any others, unless
    OFFLOAD_ALL_DEVICES=every; every device when the host plugin's are all
    there is."""
    lib = _load_libomptarget()
    lib.omp_get_num_devices.restype = ctypes.c_int
    count = lib.omp_get_num_devices()
    if os.environ.get("OFFLOAD_ALL_DEVICES") == "every":
        return list(range(count))
    uid_of = getattr(lib, "omp_get_uid_from_device", None)
    if uid_of is None:
        return list(range(count))
    uid_of.restype = ctypes.c_char_p
    uid_of.argtypes = [ctypes.c_int]
    others = [d for d in range(count)
              if not _is_host_plugin_uid((uid_of(d) or b"").decode(
                  "utf-8", "replace"))]
    return others or list(range(count))


def _open_libomptarget():
    """Loads libomptarget: OFFLOAD_LIBOMPTARGET, else the loader's search
    path (LD_LIBRARY_PATH), else Debian's LLVM 22."""
    global _omptarget
    if _omptarget is not None:
        return _omptarget
    candidates = []
    if os.environ.get("OFFLOAD_LIBOMPTARGET"):
        candidates.append(os.environ["OFFLOAD_LIBOMPTARGET"])
    candidates += ["libomptarget.so.22.1", "libomptarget.so",
                   "/usr/lib/llvm-22/lib/libomptarget.so"]
    errors = []
    for candidate in candidates:
        try:
            _omptarget = ctypes.CDLL(candidate, mode=ctypes.RTLD_GLOBAL)
            return _omptarget
        except OSError as error:
            errors.append(str(error))
    raise OSError("cannot load libomptarget (set OFFLOAD_LIBOMPTARGET or "
                  "LD_LIBRARY_PATH): " + "; ".join(errors))


def _load_libomptarget():
    """libomptarget with every plugin initialised (before that, and before
    an image is registered, it knows no device)."""
    global _omptarget_ready
    lib = _open_libomptarget()
    if not _omptarget_ready:
        lib.__tgt_rtl_init()
        lib.__tgt_init_all_rtls()
        lib.omp_get_num_devices.restype = ctypes.c_int
        lib.__tgt_print_device_info.argtypes = [ctypes.c_int64]
        _omptarget_ready = True
    return lib


def _device_info(lib, device):
    """What libomptarget prints for `device` (through LLVM's outs(), which
    is flushed around the call), as text."""
    try:
        llvm = ctypes.CDLL("libLLVM.so.22.1")
        outs = llvm._ZN4llvm4outsEv
        outs.restype = ctypes.c_void_p
        flush = llvm._ZN4llvm11raw_ostream14flush_nonemptyEv
        flush.argtypes = [ctypes.c_void_p]
    except (OSError, AttributeError):
        return ""
    stream = outs()
    sys.stdout.flush()
    flush(stream)
    saved = os.dup(1)
    with tempfile.TemporaryFile() as tmp:
        try:
            os.dup2(tmp.fileno(), 1)
            lib.__tgt_print_device_info(device)
            flush(stream)
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        tmp.seek(0)
        return tmp.read().decode(errors="replace")


class Device:
    """A device of the offload runtime: its number (what OMP_DEFAULT_DEVICE
    takes), its kind ("cuda", "amdgpu", "host" for the x86-64 host plugin)
    and its name, with everything the runtime reports in `info`."""

    def __init__(self, id, kind, name, info):
        self.id, self.kind, self.name, self.info = id, kind, name, info

    def __repr__(self):
        return "Device(%d, kind=%r, name=%r)" % (self.id, self.kind,
                                                 self.name)


def _parse_info(text):
    info = {}
    for line in text.splitlines():
        parts = [p.strip() for p in line.strip().split("  ") if p.strip()]
        if len(parts) >= 2:
            info.setdefault(parts[0], " ".join(parts[1:]))
    return info


def devices():
    """The devices the offload runtime sees, in its numbering."""
    lib = _load_libomptarget()
    result = []
    for device in range(lib.omp_get_num_devices()):
        text = _device_info(lib, device)
        info = _parse_info(text)
        if "CUDA" in text:
            kind = "cuda"
        elif "HSA" in text or "AMD" in text:
            kind = "amdgpu"
        elif "Generic-elf" in text:
            kind = "host"
        else:
            kind = "unknown"
        name = (info.get("Device Name") or info.get("Marketing Name")
                or info.get("UID") or info.get("Device Type") or kind)
        result.append(Device(device, kind, name, info))
    return result
