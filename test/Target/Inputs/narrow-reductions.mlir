// Reductions whose accumulators are narrower than 32 bits, over rows (a
// block per row, its threads combined) and over a whole vector (the grid
// reduction): f16 max (an f16 softmax's first step), bf16 sum, i8 sum
// (wrapping), i16 signed min, i1 or.
func.func @rowmax_f16(%x: memref<?x?xf16>, %m: memref<?xf16>) {
  %ninf = arith.constant 0xFC00 : f16
  linalg.fill ins(%ninf : f16) outs(%m : memref<?xf16>)
  linalg.reduce ins(%x : memref<?x?xf16>) outs(%m : memref<?xf16>) dimensions = [1]
    (%a: f16, %acc: f16) {
      %r = arith.maximumf %a, %acc : f16
      linalg.yield %r : f16
    }
  return
}
func.func @sum_bf16(%x: memref<?xbf16>, %s: memref<bf16>) {
  %zero = arith.constant 0.0 : bf16
  linalg.fill ins(%zero : bf16) outs(%s : memref<bf16>)
  linalg.reduce ins(%x : memref<?xbf16>) outs(%s : memref<bf16>) dimensions = [0]
    (%a: bf16, %acc: bf16) {
      %r = arith.addf %a, %acc : bf16
      linalg.yield %r : bf16
    }
  return
}
func.func @rowsum_i8(%x: memref<?x?xi8>, %s: memref<?xi8>) {
  %zero = arith.constant 0 : i8
  linalg.fill ins(%zero : i8) outs(%s : memref<?xi8>)
  linalg.reduce ins(%x : memref<?x?xi8>) outs(%s : memref<?xi8>) dimensions = [1]
    (%a: i8, %acc: i8) {
      %r = arith.addi %a, %acc : i8
      linalg.yield %r : i8
    }
  return
}
func.func @min_i16(%x: memref<?xi16>, %s: memref<i16>) {
  %big = arith.constant 32767 : i16
  linalg.fill ins(%big : i16) outs(%s : memref<i16>)
  linalg.reduce ins(%x : memref<?xi16>) outs(%s : memref<i16>) dimensions = [0]
    (%a: i16, %acc: i16) {
      %r = arith.minsi %a, %acc : i16
      linalg.yield %r : i16
    }
  return
}
func.func @rowany_i1(%x: memref<?x?xi1>, %s: memref<?xi1>) {
  %false = arith.constant false
  linalg.fill ins(%false : i1) outs(%s : memref<?xi1>)
  linalg.reduce ins(%x : memref<?x?xi1>) outs(%s : memref<?xi1>) dimensions = [1]
    (%a: i1, %acc: i1) {
      %r = arith.ori %a, %acc : i1
      linalg.yield %r : i1
    }
  return
}
