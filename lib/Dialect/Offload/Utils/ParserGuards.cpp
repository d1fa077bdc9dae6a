//===- ParserGuards.cpp - input MLIR 22's parser crashes on -----*- C++ -*-===//

#include "offload/Dialect/Offload/Utils/ParserGuards.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

/// Whether `list` (between the brackets) is empty or integers separated by
/// commas.
static bool isIntegerList(StringRef list) {
  static const llvm::Regex integers(
      "^[ \t\r\n]*(-?[0-9]+[ \t\r\n]*(,[ \t\r\n]*-?[0-9]+[ \t\r\n]*)*)?$");
  return integers.match(list);
}

LogicalResult offload::checkParserCrashes(llvm::SourceMgr &sourceMgr,
                                          MLIRContext *context) {
  unsigned id = sourceMgr.getMainFileID();
  StringRef text = sourceMgr.getMemoryBuffer(id)->getBuffer();
  StringRef name = sourceMgr.getMemoryBuffer(id)->getBufferIdentifier();
  auto isIdentifierChar = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
  };
  // Whether the text at `pos` is in a `//` comment.
  auto inComment = [&](size_t pos) {
    size_t lineStart = text.rfind('\n', pos);
    lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
    return text.slice(lineStart, pos).contains("//");
  };
  bool ok = true;
  for (StringRef op : {"linalg.reduce", "linalg.broadcast", "linalg.transpose"})
    for (size_t at = text.find(op); at != StringRef::npos;
         at = text.find(op, at + op.size())) {
      if (inComment(at))
        continue;
      // The custom form: operands, then the list, before any region,
      // attribute dictionary or string.
      size_t end = text.find_first_of("{\"", at + op.size());
      StringRef window = text.slice(at + op.size(), end);
      for (StringRef keyword : {"dimensions", "permutation"}) {
        size_t k = window.find(keyword);
        size_t base = window.data() - text.data();
        while (k != StringRef::npos &&
               (k == 0 || isIdentifierChar(window[k - 1]) ||
                inComment(base + k)))
          k = window.find(keyword, k + 1);
        if (k == StringRef::npos)
          continue;
        StringRef rest = window.drop_front(k + keyword.size()).ltrim();
        if (!rest.consume_front("="))
          continue;
        rest = rest.ltrim();
        // Anything but a bracketed list of integers (also no list at all:
        // `dimensions = offload.return`) crashes the parser.
        if (rest.consume_front("[")) {
          size_t close = rest.find(']');
          if (close != StringRef::npos &&
              isIntegerList(rest.take_front(close)))
            continue;
        }
        auto [line, column] = sourceMgr.getLineAndColumn(
            llvm::SMLoc::getFromPointer(rest.data()), id);
        emitError(FileLineColLoc::get(context, name, line, column))
            << "custom op '" << op << "' expects a list of integers in '"
            << keyword << " = [...]'";
        ok = false;
      }
    }
  return success(ok);
}
