// MLIR 22's parser crashes on these custom forms (a null attribute for a
// list that is not integers); our tools report them instead.
func.func @bad(%e: memref<?x?xf32>, %s: memref<?xf32>, %t: memref<?x?xf32>, %b: memref<?x?x?xf32>) {
  linalg.reduce ins(%e : memref<?x?xf32>) outs(%s : memref<?xf32>) dimensions = [x]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  linalg.transpose ins(%e : memref<?x?xf32>) outs(%t : memref<?x?xf32>)
    permutation = [1, "0"]
  linalg.broadcast ins(%e : memref<?x?xf32>) outs(%b : memref<?x?x?xf32>) dimensions = [1
  linalg.reduce ins(%e : memref<?x?xf32>) outs(%s : memref<?xf32>) dimensions =  offload.return
  return
}
