//===- offload-cc.cpp - the offload compile driver --------------*- C++ -*-===//
//
//   offload-cc prog.mlir -o prog            build an executable
//   offload-cc prog.mlir -shared -o libp.so build a shared library
//   offload-cc prog.mlir --emit=mlir|llvm|obj -o out
//
// Steps (printed with -v): parse; offload-pipeline (device images + host
// lowering); translation to LLVM IR; host optimization and code generation;
// link with the offload runtime (libomptarget) by clang.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/Utils/ParserGuards.h"
#include "offload/Driver/Driver.h"
#include "offload/InitAllDialects.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <chrono>

using namespace mlir;
namespace cl = llvm::cl;

namespace {
enum class Emit { Exe, MLIR, LLVM, Obj };

/// With -v, says how long a step took when it ends.
class StepTime {
public:
  StepTime(llvm::raw_ostream *log, const char *name)
      : log(log), name(name), start(std::chrono::steady_clock::now()) {}
  ~StepTime() {
    if (!log)
      return;
    std::chrono::duration<double> took =
        std::chrono::steady_clock::now() - start;
    *log << llvm::format("offload-cc: %s took %.3f s\n", name, took.count());
  }

private:
  llvm::raw_ostream *log;
  const char *name;
  std::chrono::steady_clock::time_point start;
};

cl::OptionCategory category("offload-cc options");
cl::opt<std::string> input(cl::Positional, cl::desc("<input .mlir file>"),
                           cl::Required, cl::cat(category));
cl::opt<std::string> output("o",
                            cl::desc("Output file (default: a.out, or "
                                     "the input name with the emitted "
                                     "kind's extension)"),
                            cl::value_desc("file"), cl::cat(category));
cl::opt<Emit> emit(
    "emit", cl::desc("What to produce"), cl::init(Emit::Exe),
    cl::values(clEnumValN(Emit::Exe, "exe",
                          "an executable (or a shared library with -shared)"),
               clEnumValN(Emit::MLIR, "mlir",
                          "the module lowered to the LLVM dialect"),
               clEnumValN(Emit::LLVM, "llvm",
                          "LLVM IR with the device images embedded"),
               clEnumValN(Emit::Obj, "obj", "a host object file")),
    cl::cat(category));
cl::opt<bool> shared("shared", cl::desc("Link a shared library"),
                     cl::cat(category));
cl::opt<std::string> targets(
    "offload-targets",
    cl::desc("Targets to build kernels for, overriding the module's "
             "offload.targets: comma-separated nvptx[:chip[:cubin|bitcode]], "
             "amdgpu[:chip], host (e.g. nvptx:sm_90,host)"),
    cl::value_desc("list"), cl::cat(category));
cl::opt<unsigned> optLevel("O", cl::desc("Host optimization level (0-3)"),
                           cl::Prefix, cl::init(2), cl::cat(category));
cl::opt<bool> verbose("v", cl::desc("Print each step, its command and its time"),
                      cl::cat(category));
cl::opt<bool> remarks("offload-remarks",
                      cl::desc("Report every inferred map clause and every "
                               "buffer kept on the device across launches"),
                      cl::cat(category));
cl::opt<bool> check(
    "offload-check",
    cl::desc("Checking mode: run every kernel on the device and on the host "
             "and stop at the first element where their results differ, "
             "naming the kernel, the argument and the index"),
    cl::cat(category));
cl::opt<bool> tf32(
    "offload-tf32",
    cl::desc("Let f32 matmuls run on tensor cores as TF32 (sets "
             "offload.allow_tf32 on the module): faster, but it changes "
             "results (products of 10-bit mantissas, f32 sums); the host "
             "copy stays exact f32"),
    cl::cat(category));
cl::opt<bool> debug(
    "offload-debug",
    cl::desc("Debug build of the device code: every mbarrier wait of a "
             "tensor-core kernel gives up after 10 s, printing the kernel, "
             "block and thread, and stops the kernel, so that a wait that "
             "never completes is a failed launch instead of a hang (sets "
             "offload.bounded_waits on the module; --offload-check does "
             "too)"),
    cl::cat(category));
cl::opt<bool> saveTemps(
    "save-temps",
    cl::desc("Keep the intermediate files next to the output: "
             "<out>.lowered.mlir, <out>.ll, <out>.o and the device images "
             "<out>.<target>.{cubin,bc,hsaco,so}, and the PTX of each "
             "cubin, <out>.<target>.ptx"),
    cl::cat(category));
cl::opt<bool> printOpOnDiagnostic(
    "print-op-on-diagnostic",
    cl::desc("Follow every diagnostic with a dump of the operation it is "
             "about"),
    cl::cat(category));
cl::list<std::string> libDirs("L", cl::desc("Library directory for linking"),
                              cl::Prefix, cl::cat(category));
cl::list<std::string> libs("l", cl::desc("Library to link"), cl::Prefix,
                           cl::cat(category));
cl::list<std::string>
    linkerArgs("Wl,",
               cl::desc("Pass comma-separated arguments to the linker "
                        "(-Wl,-rpath,/opt/lib)"),
               cl::Prefix, cl::value_desc("args"), cl::cat(category));
} // namespace

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "offload-cc") << message << "\n";
  return 1;
}

/// Whether writing `path` would overwrite the input file `input`.
static bool isInput(llvm::StringRef path, llvm::StringRef input) {
  if (input == "-" || path == "-")
    return false;
  if (llvm::sys::fs::exists(path))
    return llvm::sys::fs::equivalent(path, input);
  return false;
}

static bool writeFile(llvm::StringRef path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (ec)
    return false;
  out << bytes;
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "offload compile driver: builds offload MLIR programs into executables "
      "that run their kernels on a GPU through LLVM's offload runtime, or on "
      "the host when there is none\n");
  if (optLevel > 3)
    return fail("-O" + llvm::Twine(optLevel) + " is not a level (0-3)");

  offload::CompileOptions options;
  options.targets = targets;
  options.remarks = remarks;
  options.check = check;
  options.allowTF32 = tf32;
  options.debug = debug;
  options.keepAssembly = saveTemps;
  options.optLevel = optLevel;
  options.log = verbose ? &llvm::errs() : nullptr;
  // The images are embedded once --save-temps has written them out.
  options.embedImages = false;
  StepTime total(options.log, "everything");

  std::string out = output;
  if (out.empty()) {
    llvm::SmallString<128> base(input == "-" ? "out" : input.getValue());
    llvm::sys::path::replace_extension(base, "");
    switch (emit) {
    case Emit::Exe:
      out = shared ? (base + ".so").str() : "a.out";
      break;
    case Emit::MLIR:
      out = (base + ".lowered.mlir").str();
      break;
    case Emit::LLVM:
      out = (base + ".ll").str();
      break;
    case Emit::Obj:
      out = (base + ".o").str();
      break;
    }
  }

  // Never over the source: the output, or a file --save-temps keeps.
  {
    SmallVector<std::string> written = {out};
    if (saveTemps)
      for (const char *suffix : {".lowered.mlir", ".ll", ".o"})
        written.push_back(out + suffix);
    for (const std::string &path : written)
      if (isInput(path, input))
        return fail("the output file '" + path + "' is the input file" +
                    (path == out ? "" : " (--save-temps writes it)") +
                    "; choose another with -o");
  }

  DialectRegistry registry;
  offload::registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Diagnostics name the operation and its location; a dump of the
  // operation (hundreds of lines inside a kernel) would bury them, unless
  // asked for.
  context.printOpOnDiagnostic(printOpOnDiagnostic);

  // A bad target list is a command-line error: report it before reading
  // the input.
  {
    std::string message;
    ScopedDiagnosticHandler capture(&context, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    if (failed(offload::parseTargetList(&context, targets, [&] {
          return emitError(UnknownLoc::get(&context));
        })))
      return fail("--offload-targets: " + message);
  }

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(input, &errorMessage);
  if (!file)
    return fail(errorMessage);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  if (failed(offload::checkParserCrashes(sourceMgr, &context)))
    return 1;
  if (options.log)
    *options.log << "offload-cc: parsing " << input << "\n";
  OwningOpRef<ModuleOp> module;
  {
    StepTime step(options.log, "parsing");
    module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  }
  if (!module)
    return 1;
  if (emit == Emit::Exe && !shared &&
      !module->lookupSymbol<func::FuncOp>("main") &&
      !module->lookupSymbol<LLVM::LLVMFuncOp>("main")) {
    emitError(module->getLoc())
        << "an executable needs a 'main' function; use -shared or "
           "--emit=obj|llvm|mlir for a module without one";
    return 1;
  }

  {
    StepTime step(options.log, "offload-pipeline");
    if (failed(offload::lowerOffloadModule(*module, options)))
      return 1;
  }
  if (saveTemps)
    for (const offload::DeviceImage &image :
         offload::getDeviceImages(*module)) {
      std::string path = out + "." + image.target + "." + image.extension;
      if (isInput(path, input))
        return fail("--save-temps would write the " + image.target +
                    " image over the input file '" + path +
                    "'; choose another output name with -o");
      if (options.log)
        *options.log << "offload-cc: saving the " << image.target
                     << " image to " << path << "\n";
      if (!writeFile(path, image.bytes))
        return fail("cannot write " + path);
    }

  if (options.log)
    *options.log << "offload-cc: embedding the device images "
                    "(offload-embed-images)\n";
  if (failed(offload::embedDeviceImages(*module)))
    return 1;
  if (saveTemps || emit == Emit::MLIR) {
    std::string path = emit == Emit::MLIR ? out : out + ".lowered.mlir";
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    if (!writeFile(path, text))
      return fail("cannot write " + path);
    if (emit == Emit::MLIR)
      return 0;
  }
  if (options.log)
    *options.log << "offload-cc: translating to LLVM IR\n";
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  {
    StepTime step(options.log, "translation");
    llvmModule = offload::translateOffloadModule(*module, llvmContext);
  }
  if (!llvmModule)
    return 1;
  if (saveTemps || emit == Emit::LLVM) {
    std::string path = emit == Emit::LLVM ? out : out + ".ll";
    std::string text;
    llvm::raw_string_ostream os(text);
    llvmModule->print(os, nullptr);
    if (!writeFile(path, text))
      return fail("cannot write " + path);
    if (emit == Emit::LLVM)
      return 0;
  }

  std::string objectPath = emit == Emit::Obj || saveTemps
                               ? out + (emit == Emit::Obj ? "" : ".o")
                               : "";
  // An object for standard output (a pipe, which the object writer cannot
  // seek in) goes through a temporary file.
  bool objectToStdout = emit == Emit::Obj && out == "-";
  if (objectToStdout)
    objectPath.clear();
  std::optional<llvm::FileRemover> removeObject;
  if (objectPath.empty()) {
    llvm::SmallString<128> tmp;
    if (llvm::sys::fs::createTemporaryFile("offload-cc", "o", tmp))
      return fail("cannot create a temporary object file");
    objectPath = std::string(tmp);
    removeObject.emplace(objectPath);
  }
  if (options.log)
    *options.log << "offload-cc: compiling host code at -O" << optLevel
                 << " to " << objectPath << "\n";
  {
    StepTime step(options.log, "host code generation");
    if (llvm::Error error =
            offload::emitObjectFile(*llvmModule, objectPath, options))
      return fail(llvm::toString(std::move(error)));
  }
  if (objectToStdout) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> object =
        llvm::MemoryBuffer::getFile(objectPath, /*IsText=*/false);
    if (!object)
      return fail("cannot read back " + objectPath);
    llvm::outs() << (*object)->getBuffer();
    llvm::outs().flush();
    return llvm::outs().has_error() ? fail("cannot write the object to "
                                           "standard output")
                                    : 0;
  }
  if (emit == Emit::Obj)
    return 0;

  // -L, -l and -Wl, in the order given (the linker resolves libraries in
  // order).
  std::vector<std::pair<unsigned, std::string>> linkFlags;
  auto add = [&](const cl::list<std::string> &list, llvm::StringRef flag) {
    for (auto [index, value] : llvm::enumerate(list))
      linkFlags.emplace_back(list.getPosition(index), (flag + value).str());
  };
  add(libDirs, "-L");
  add(libs, "-l");
  add(linkerArgs, "-Wl,");
  llvm::stable_sort(linkFlags, llvm::less_first());
  std::vector<std::string> extra;
  for (auto &flag : linkFlags)
    extra.push_back(std::move(flag.second));
  StepTime step(options.log, "linking");
  if (llvm::Error error =
          offload::linkProgram({objectPath}, out, shared, extra, options))
    return fail(llvm::toString(std::move(error)));
  return 0;
}
