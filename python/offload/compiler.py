"""The compiler half of the offload package, over libOffloadCAPI.so (ctypes).

Every entry point parses its input in a fresh MLIR context, collects the
diagnostics, and raises CompileError (file, line, column, message) when the
compiler reports an error.
"""

import atexit
import ctypes
import hashlib
import json
import os
import shutil
import tempfile

from . import runtime

__all__ = ["CompileError", "Diagnostic", "compile", "run_pipeline",
           "translate", "interface"]


class Diagnostic:
    """One compiler diagnostic."""

    SEVERITIES = {0: "error", 1: "warning", 2: "note", 3: "remark"}

    def __init__(self, severity, file, line, column, message):
        self.severity, self.file, self.line = severity, file, line
        self.column, self.message = column, message

    def __str__(self):
        where = ("%s:%d:%d: " % (self.file, self.line, self.column)
                 if self.file else "")
        return "%s%s: %s" % (where, self.severity, self.message)

    def __repr__(self):
        return "Diagnostic(%r)" % str(self)


class CompileError(Exception):
    """The compiler rejected the module. `diagnostics` holds everything it
    said; `file`, `line`, `column` and `message` are those of the first
    error."""

    def __init__(self, diagnostics, fallback="compilation failed"):
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.severity == "error"]
        first = errors[0] if errors else None
        self.file = first.file if first else None
        self.line = first.line if first else None
        self.column = first.column if first else None
        self.message = first.message if first else fallback
        super().__init__("\n".join(str(d) for d in diagnostics) or fallback)


#===------------------------------------------------------------------------===#
# libOffloadCAPI.so through ctypes
#===------------------------------------------------------------------------===#


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]

    def __str__(self):
        if not self.length:
            return ""
        return ctypes.string_at(self.data, self.length).decode(
            errors="replace")


class _Handle(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


class _LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


class _Diagnostic(ctypes.Structure):
    _fields_ = [("severity", ctypes.c_int), ("file", _StringRef),
                ("line", ctypes.c_uint), ("column", ctypes.c_uint),
                ("message", _StringRef)]


class _CompileOptions(ctypes.Structure):
    _fields_ = [("targets", _StringRef), ("optLevel", ctypes.c_uint)]


_StringCallback = ctypes.CFUNCTYPE(None, _StringRef, ctypes.c_void_p)

_capi = None


def _library_path():
    path = os.environ.get("OFFLOAD_CAPI_LIBRARY")
    if path:
        return path
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, "libOffloadCAPI.so")


def _lib():
    global _capi
    if _capi is not None:
        return _capi
    path = _library_path()
    try:
        lib = ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
    except OSError as error:
        raise ImportError(
            "the offload compiler (libOffloadCAPI.so) is not available: %s. "
            "Install the package with `make python` on a machine with the "
            "project built, or set OFFLOAD_CAPI_LIBRARY; offload.load() and "
            "offload.devices() work without it." % error) from None
    sigs = {
        "offloadContextCreate": ([], _Handle),
        "mlirContextDestroy": ([_Handle], None),
        "offloadDiagnosticCollectorCreate": ([_Handle], _Handle),
        "offloadDiagnosticCollectorDestroy": ([_Handle], None),
        "offloadDiagnosticCollectorGetNumDiagnostics": ([_Handle],
                                                        ctypes.c_ssize_t),
        "offloadDiagnosticCollectorGetDiagnostic": ([_Handle,
                                                     ctypes.c_ssize_t],
                                                    _Diagnostic),
        "offloadModuleParse": ([_Handle, _StringRef, _StringRef], _Handle),
        "offloadModuleParseFile": ([_Handle, _StringRef], _Handle),
        "mlirModuleDestroy": ([_Handle], None),
        "mlirModuleGetOperation": ([_Handle], _Handle),
        "mlirOperationPrint": ([_Handle, _StringCallback, ctypes.c_void_p],
                               None),
        "offloadModuleRunPassPipeline": ([_Handle, _StringRef],
                                         _LogicalResult),
        "offloadCompileOptionsGetDefault": ([], _CompileOptions),
        "offloadModuleLower": ([_Handle, _CompileOptions], _LogicalResult),
        "offloadModuleTranslateToLLVMIR": ([_Handle, _StringCallback,
                                            ctypes.c_void_p], _LogicalResult),
        "offloadCompileSharedLibrary": ([_Handle, _StringRef,
                                         _CompileOptions], _LogicalResult),
        "offloadModuleAddCInterface": ([_Handle], _LogicalResult),
        "offloadModuleGetInterface": ([_Handle, _StringCallback,
                                       ctypes.c_void_p], _LogicalResult),
        "offloadRuntimeGetNumDevices": ([], ctypes.c_int64),
        "offloadRuntimeGetDeviceKind": ([ctypes.c_int64], _StringRef),
    }
    for name, (argtypes, restype) in sigs.items():
        fn = getattr(lib, name)
        fn.argtypes, fn.restype = argtypes, restype
    _capi = lib
    return lib


def _is_path(source_or_path):
    """Whether `source_or_path` names a file rather than holding MLIR text
    (a path-like object, or a non-blank string without a newline or a
    brace; a blank string is an empty module's text)."""
    return isinstance(source_or_path, os.PathLike) or (
        isinstance(source_or_path, str) and source_or_path.strip() != "" and
        "\n" not in source_or_path and "{" not in source_or_path)


def _ref(data):
    """A string reference to `data` (bytes), which the caller keeps alive."""
    return _StringRef(ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p),
                      len(data))


class _Session:
    """A context with a diagnostic collector and, once parsed, a module."""

    def __init__(self):
        self.lib = _lib()
        self.context = self.lib.offloadContextCreate()
        self.collector = self.lib.offloadDiagnosticCollectorCreate(
            self.context)
        self.module = None
        self._keep = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.module is not None:
            self.lib.mlirModuleDestroy(self.module)
        self.lib.offloadDiagnosticCollectorDestroy(self.collector)
        self.lib.mlirContextDestroy(self.context)

    def diagnostics(self):
        result = []
        lib = self.lib
        for i in range(
                lib.offloadDiagnosticCollectorGetNumDiagnostics(
                    self.collector)):
            d = lib.offloadDiagnosticCollectorGetDiagnostic(self.collector, i)
            result.append(Diagnostic(
                Diagnostic.SEVERITIES.get(d.severity, "error"), str(d.file),
                d.line, d.column, str(d.message)))
        return result

    def check(self, ok, what):
        if not ok:
            raise CompileError(self.diagnostics(), what + " failed")

    def ref(self, text):
        data = text.encode() if isinstance(text, str) else bytes(text)
        self._keep.append(data)
        return _ref(data)

    def parse(self, source_or_path):
        if _is_path(source_or_path):
            handle = self.lib.offloadModuleParseFile(
                self.context, self.ref(os.fspath(source_or_path)))
        elif isinstance(source_or_path, str):
            handle = self.lib.offloadModuleParse(
                self.context, self.ref(source_or_path), self.ref("<string>"))
        else:
            raise TypeError("expected MLIR source text or a path, got %s"
                            % type(source_or_path).__name__)
        self.check(handle.ptr, "parsing")
        self.module = handle
        return handle

    def options(self, targets, opt_level):
        options = self.lib.offloadCompileOptionsGetDefault()
        if targets is not None:
            if not isinstance(targets, str):
                targets = ",".join(targets)
            options.targets = self.ref(targets)
        if opt_level not in (0, 1, 2, 3):
            raise ValueError("opt_level must be 0, 1, 2 or 3, got %r"
                             % (opt_level,))
        options.optLevel = opt_level
        return options

    def collect(self, call, *args):
        """Calls `call(*args, callback, None)`; returns (result, text)."""
        pieces = []
        callback = _StringCallback(lambda s, _: pieces.append(
            ctypes.string_at(s.data, s.length) if s.length else b""))
        result = call(*args, callback, None)
        return result, b"".join(pieces).decode(errors="replace")


#===------------------------------------------------------------------------===#
# The Python API
#===------------------------------------------------------------------------===#

_tempdir = None


def _temporary_path(name):
    global _tempdir
    if _tempdir is None:
        _tempdir = tempfile.mkdtemp(prefix="offload-")
        atexit.register(shutil.rmtree, _tempdir, True)
    fd, path = tempfile.mkstemp(prefix=name + "-", suffix=".so",
                                dir=_tempdir)
    os.close(fd)
    return path


#===------------------------------------------------------------------------===#
# The cache of compiled modules
#===------------------------------------------------------------------------===#

# What else decides what the compiler produces: the tools it runs and the
# libraries it links.
_CACHE_ENVIRONMENT = ("OFFLOAD_CLANG", "OFFLOAD_LLD", "OFFLOAD_PTXAS",
                      "OFFLOAD_LIBDEVICE", "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT",
                      "OFFLOAD_ROCM_BITCODE_DIR", "OFFLOAD_LIBOMPTARGET_DIR",
                      "OFFLOAD_RUNTIME_LIB", "PATH")
_compiler_digest = None


def _cache_dir():
    """Where compiled modules are kept: OFFLOAD_CACHE_DIR, else
    $XDG_CACHE_HOME/offload or ~/.cache/offload; None when OFFLOAD_CACHE=0."""
    if os.environ.get("OFFLOAD_CACHE", "1") == "0":
        return None
    if os.environ.get("OFFLOAD_CACHE_DIR"):
        return os.environ["OFFLOAD_CACHE_DIR"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "offload")


def _compiler_version():
    """A digest of the compiler and the runtime library it links in: a new
    build never reuses what an older one compiled."""
    global _compiler_digest
    if _compiler_digest is None:
        digest = hashlib.sha256()
        here = os.path.dirname(_library_path())
        runtime_lib = os.environ.get("OFFLOAD_RUNTIME_LIB") or os.path.join(
            here, "libOffloadRuntime.a")
        for path in (_library_path(), runtime_lib):
            try:
                with open(path, "rb") as f:
                    digest.update(f.read())
            except OSError:
                digest.update(b"missing " + path.encode())
        _compiler_digest = digest.hexdigest()
    return _compiler_digest


def _cache_key(source_or_path, targets, opt_level):
    """The key of a compilation, or None when it cannot have one (the file
    cannot be read: the compiler reports that)."""
    if _is_path(source_or_path):
        path = os.path.abspath(os.fspath(source_or_path))
        try:
            with open(path, "rb") as f:
                source = f.read()
        except OSError:
            return None
        name = path  # locations in runtime messages name the file
    elif isinstance(source_or_path, str):
        source, name = source_or_path.encode(), "<string>"
    else:
        return None
    if targets is not None and not isinstance(targets, str):
        targets = ",".join(targets)
    digest = hashlib.sha256()
    for part in ("offload-module-cache-1", _compiler_version(), name,
                 repr(targets), repr(opt_level)):
        digest.update(part.encode() + b"\0")
    for variable in _CACHE_ENVIRONMENT:
        digest.update(("%s=%s" % (variable, os.environ.get(variable, "")))
                      .encode() + b"\0")
    digest.update(source)
    return digest.hexdigest()


def _from_cache(directory, key, output):
    """The cached module of `key` (copied to `output` if given), or None."""
    library = os.path.join(directory, key + ".so")
    try:
        with open(os.path.join(directory, key + ".json")) as f:
            remarks = [Diagnostic(*d) for d in json.load(f)["remarks"]]
        if not os.path.exists(library):
            return None
        if output is not None:
            shutil.copyfile(library, output)
            library = output
    except (OSError, ValueError, KeyError, TypeError):
        return None
    result = runtime.load(library)
    result.remarks = remarks
    result.cached = True
    return result


def _store_in_cache(directory, key, library, remarks):
    """Keeps a copy of `library` and returns its path; best effort (a
    read-only or full disk only means the next compilation is not faster:
    None)."""
    try:
        os.makedirs(directory, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
        os.close(fd)
        shutil.copyfile(library, tmp)
        os.replace(tmp, os.path.join(directory, key + ".so"))
        fd, tmp = tempfile.mkstemp(dir=directory, suffix=".tmp")
        with os.fdopen(fd, "w") as f:
            json.dump({"remarks": [[d.severity, d.file, d.line, d.column,
                                    d.message] for d in remarks]}, f)
        os.replace(tmp, os.path.join(directory, key + ".json"))
    except OSError:
        return None
    return os.path.join(directory, key + ".so")


def compile(source_or_path, targets=None, opt_level=2, output=None,
            cache=True):
    """Compiles an offload module and loads it.

    `source_or_path` is MLIR text or the path of a .mlir file. `targets`
    replaces the module's offload.targets ("nvptx:sm_90,host" or a list);
    `opt_level` is the host optimization level (0-3); `output` is where the
    shared library goes (default: a temporary file; ``Module.save`` copies
    it). Returns an ``offload.Module`` whose functions and kernels are
    callable with numpy arrays; its ``remarks`` are the compiler's remarks
    (e.g. the accesses whose bounds a call cannot check). Raises
    CompileError with the compiler's diagnostics.

    Compiled modules are cached (in OFFLOAD_CACHE_DIR, else
    ~/.cache/offload), keyed on the source, the file's path, `targets`,
    `opt_level`, the compiler's build and the tools it would run: compiling
    the same source again loads the cached library (the module's ``cached``
    is then True). ``cache=False`` or OFFLOAD_CACHE=0 always compiles.
    """
    directory = _cache_dir() if cache else None
    key = (_cache_key(source_or_path, targets, opt_level)
           if directory is not None else None)
    if key is not None:
        if output is not None:
            output = os.path.abspath(os.fspath(output))
        cached = _from_cache(directory, key, output)
        if cached is not None:
            return cached
    given_output = output
    with _Session() as session:
        options = session.options(targets, opt_level)
        module = session.parse(source_or_path)
        lib = session.lib
        session.check(lib.offloadModuleAddCInterface(module).value,
                      "making the C interface")
        if output is None:
            name = "module"
            if _is_path(source_or_path):
                name = os.path.splitext(
                    os.path.basename(os.fspath(source_or_path)))[0]
            output = _temporary_path(name)
        output = os.path.abspath(os.fspath(output))
        session.check(lib.offloadCompileSharedLibrary(
            module, session.ref(output), options).value, "compilation")
        remarks = [d for d in session.diagnostics()
                   if d.severity == "remark"]
    if key is not None:
        stored = _store_in_cache(directory, key, output, remarks)
        if stored is not None and given_output is None:
            os.remove(output)
            output = stored  # what a second compilation loads too
    result = runtime.load(output)
    result.cached = False
    # What the compiler could not check at the entry points (accesses whose
    # reach it cannot bound), among its other remarks.
    result.remarks = remarks
    return result


def run_pipeline(source_or_path, pipeline="offload-pipeline"):
    """Runs a pass pipeline (textual, e.g. "offload-infer-maps" or
    "builtin.module(offload-pipeline{targets=host})") and returns the
    resulting MLIR text."""
    with _Session() as session:
        module = session.parse(source_or_path)
        lib = session.lib
        session.check(lib.offloadModuleRunPassPipeline(
            module, session.ref(pipeline)).value, "the pipeline")
        _, text = session.collect(lib.mlirOperationPrint,
                                  lib.mlirModuleGetOperation(module))
        return text


def translate(source_or_path, targets=None, lower=True):
    """Returns the LLVM IR of a module: lowered with offload-pipeline first
    (for `targets`, default the module's own) unless `lower` is False."""
    with _Session() as session:
        options = session.options(targets, 2)
        module = session.parse(source_or_path)
        lib = session.lib
        if lower:
            session.check(lib.offloadModuleLower(module, options).value,
                          "lowering")
        ok, text = session.collect(lib.offloadModuleTranslateToLLVMIR,
                                   module)
        session.check(ok.value, "translation to LLVM IR")
        return text


def interface(source_or_path):
    """The entry points ``compile`` would make, as the JSON text the
    compiled module embeds (names, types, inferred map kinds)."""
    with _Session() as session:
        module = session.parse(source_or_path)
        ok, text = session.collect(session.lib.offloadModuleGetInterface,
                                   module)
        session.check(ok.value, "computing the interface")
        return text
