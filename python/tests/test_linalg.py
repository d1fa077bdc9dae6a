"""linalg through the Python package: in host code (outlined into kernels)
and inside kernels, on the offload runtime's host device, exact results."""

import numpy as np
import pytest

import offload

LAYER = """
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#row = affine_map<(i, j) -> (i)>
module attributes {offload.targets = [#offload.host]} {
  // y = relu(x @ w + bias), then s[i] = sum_j y[i, j]: linalg on memrefs in
  // host code, as a bufferized ML compiler hands it over.
  func.func @layer(%x: memref<?x?xf32>, %w: memref<?x?xf32>,
                   %bias: memref<?xf32>, %y: memref<?x?xf32>,
                   %s: memref<?xf32>) {
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%y : memref<?x?xf32>)
    linalg.matmul ins(%x, %w : memref<?x?xf32>, memref<?x?xf32>)
                  outs(%y : memref<?x?xf32>)
    linalg.generic {indexing_maps = [#col, #id],
                    iterator_types = ["parallel", "parallel"]}
        ins(%bias : memref<?xf32>) outs(%y : memref<?x?xf32>) {
    ^bb0(%b: f32, %v: f32):
      %t = arith.addf %v, %b : f32
      %r = arith.maximumf %t, %zero : f32
      linalg.yield %r : f32
    }
    linalg.fill ins(%zero : f32) outs(%s : memref<?xf32>)
    linalg.reduce ins(%y : memref<?x?xf32>) outs(%s : memref<?xf32>)
        dimensions = [1]
      (%in: f32, %acc: f32) {
        %a = arith.addf %in, %acc : f32
        linalg.yield %a : f32
      }
    return
  }

  // linalg inside a kernel: a transpose, then an elementwise product with
  // an integer matrix (two ops, fused or split by the compiler).
  offload.kernel @transpose_scale(%a: memref<?x?xi32>, %k: memref<?x?xi32>,
                                  %t: memref<?x?xi32>) {
    linalg.transpose ins(%a : memref<?x?xi32>) outs(%t : memref<?x?xi32>)
        permutation = [1, 0]
    linalg.generic {indexing_maps = [#id, #id],
                    iterator_types = ["parallel", "parallel"]}
        ins(%k : memref<?x?xi32>) outs(%t : memref<?x?xi32>) {
    ^bb0(%kv: i32, %tv: i32):
      %p = arith.muli %kv, %tv : i32
      linalg.yield %p : i32
    }
    offload.return
  }
}
"""


@pytest.fixture(scope="module")
def layer():
    return offload.compile(LAYER, targets="host")


def test_host_linalg_layer(layer):
    # Small integers: every sum is exact in f32, so the results are exact.
    rng = np.random.default_rng(7)
    m, k, n = 37, 19, 45  # multiples of no tile
    x = rng.integers(-4, 5, (m, k)).astype(np.float32)
    w = rng.integers(-4, 5, (k, n)).astype(np.float32)
    bias = rng.integers(-8, 9, n).astype(np.float32)
    y = np.full((m, n), 99, dtype=np.float32)
    s = np.full(m, 99, dtype=np.float32)
    layer.layer(x, w, bias, y, s)
    expected = np.maximum(x @ w + bias, 0)
    np.testing.assert_array_equal(y, expected)
    np.testing.assert_array_equal(s, expected.sum(axis=1))


def test_host_linalg_layer_interface(layer):
    f = layer.layer
    assert f.kind == "function"
    assert [a["name"] for a in f.args] == ["x", "w", "bias", "y", "s"]


def test_host_linalg_inputs_may_be_read_only(layer):
    # The linalg ops of @layer only read x, w and bias (their "ins"): read-only
    # arrays (weights from np.frombuffer or a memory map) are accepted; the
    # outputs y and s are written, so read-only ones are refused.
    assert [a["writes"] for a in layer.layer.args] == [False, False, False,
                                                      True, True]
    x = np.frombuffer(np.ones(6, np.float32).tobytes(), np.float32).reshape(2, 3)
    w = np.full((3, 2), 2, dtype=np.float32)
    bias = np.array([1, -100], dtype=np.float32)
    for array in (w, bias):
        array.flags.writeable = False
    y = np.zeros((2, 2), dtype=np.float32)
    s = np.zeros(2, dtype=np.float32)
    layer.layer(x, w, bias, y, s)
    np.testing.assert_array_equal(y, [[7, 0], [7, 0]])
    np.testing.assert_array_equal(s, [7, 7])
    y.flags.writeable = False
    with pytest.raises(ValueError,
                       match=r"argument 'y' is read-only, but layer writes"):
        layer.layer(x, w, bias, y, s)


def test_linalg_in_kernel(layer):
    a = np.arange(6 * 11, dtype=np.int32).reshape(6, 11)
    k = np.arange(11 * 6, dtype=np.int32).reshape(11, 6) % 7 - 3
    t = np.zeros((11, 6), dtype=np.int32)
    layer.transpose_scale(a, k, t)
    np.testing.assert_array_equal(t, a.T * k)
    np.testing.assert_array_equal(a, np.arange(66).reshape(6, 11))


def test_linalg_on_tensors_in_a_kernel_is_an_error():
    source = """
module attributes {offload.targets = [#offload.host]} {
  offload.kernel @k(%a: memref<4xf32>) {
    %t = bufferization.to_tensor %a : memref<4xf32> to tensor<4xf32>
    %z = arith.constant 0.0 : f32
    %f = linalg.fill ins(%z : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    offload.return
  }
}
"""
    with pytest.raises(offload.CompileError) as info:
        offload.compile(source, targets="host")
    text = str(info.value)
    assert "linalg.fill" in text and "tensor" in text
    assert "see current operation" not in text


SOFTMAX = """
module attributes {offload.targets = [#offload.host]} {
  // linalg.softmax as front ends hand it over: on memrefs in host code
  // (four outlined kernels over two temporaries), and inside a kernel (a
  // parallel loop over the rows).
  func.func @rows(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
    linalg.softmax dimension(1) ins(%x : memref<?x?xf32>)
                                outs(%y : memref<?x?xf32>)
    return
  }
  func.func @columns(%x: memref<?x?xf64>, %y: memref<?x?xf64>) {
    linalg.softmax dimension(0) ins(%x : memref<?x?xf64>)
                                outs(%y : memref<?x?xf64>)
    return
  }
  offload.kernel @middle(%x: memref<?x?x?xf32>, %y: memref<?x?x?xf32>) {
    linalg.softmax dimension(1) ins(%x : memref<?x?x?xf32>)
                                outs(%y : memref<?x?x?xf32>)
    offload.return
  }
  offload.kernel @vector(%x: memref<7xf32>, %y: memref<7xf32>) {
    linalg.softmax dimension(0) ins(%x : memref<7xf32>)
                                outs(%y : memref<7xf32>)
    offload.return
  }
}
"""


def softmax(x, axis):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def test_softmax():
    mod = offload.compile(SOFTMAX, targets="host")
    rng = np.random.default_rng(7)
    x = rng.standard_normal((37, 53)).astype(np.float32) * 4
    x[3, 5] = -np.inf  # exp(-inf) = 0
    y = np.zeros_like(x)
    mod.rows(x, y)
    np.testing.assert_allclose(y, softmax(x, 1), rtol=2e-6, atol=1e-7)
    assert y[3, 5] == 0.0
    np.testing.assert_allclose(y.sum(axis=1), 1, rtol=1e-5)
    x64 = rng.standard_normal((11, 5)) * 30
    y64 = np.zeros_like(x64)
    mod.columns(x64, y64)
    np.testing.assert_allclose(y64, softmax(x64, 0), rtol=1e-13, atol=1e-300)
    x3 = rng.standard_normal((3, 9, 4)).astype(np.float32)
    y3 = np.zeros_like(x3)
    mod.middle(x3, y3)
    np.testing.assert_allclose(y3, softmax(x3, 1), rtol=2e-6, atol=1e-7)
    # Large values: the maximum is taken out first, so nothing overflows.
    x1 = np.array([1000, 1001, 999, 0, -1000, 1001, 3], dtype=np.float32)
    y1 = np.zeros_like(x1)
    mod.vector(x1, y1)
    np.testing.assert_allclose(y1, softmax(x1.astype(np.float64), 0),
                               rtol=2e-6, atol=1e-30)


PACK = """
module attributes {offload.targets = [#offload.host]} {
  // linalg.pack of a 10 x 7 matrix into 4 x 2 tiles (padded with 0), and
  // linalg.unpack back, on tensors as a tiling ML compiler emits them.
  func.func @roundtrip(%x: memref<10x7xf32>, %p: memref<3x4x4x2xf32>,
                       %y: memref<10x7xf32>) {
    %xt = bufferization.to_tensor %x restrict
        : memref<10x7xf32> to tensor<10x7xf32>
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<3x4x4x2xf32>
    %packed = linalg.pack %xt padding_value(%zero : f32)
        inner_dims_pos = [0, 1] inner_tiles = [4, 2] into %e
        : tensor<10x7xf32> -> tensor<3x4x4x2xf32>
    bufferization.materialize_in_destination %packed in restrict writable %p
        : (tensor<3x4x4x2xf32>, memref<3x4x4x2xf32>) -> ()
    %e2 = tensor.empty() : tensor<10x7xf32>
    %back = linalg.unpack %packed inner_dims_pos = [0, 1]
        inner_tiles = [4, 2] into %e2
        : tensor<3x4x4x2xf32> -> tensor<10x7xf32>
    bufferization.materialize_in_destination %back in restrict writable %y
        : (tensor<10x7xf32>, memref<10x7xf32>) -> ()
    return
  }
}
"""


def test_pack_and_unpack():
    mod = offload.compile(PACK, targets="host")
    x = np.arange(70, dtype=np.float32).reshape(10, 7)
    p = np.full((3, 4, 4, 2), -1, dtype=np.float32)
    y = np.zeros_like(x)
    mod.roundtrip(x, p, y)
    padded = np.zeros((12, 8), dtype=np.float32)
    padded[:10, :7] = x
    np.testing.assert_array_equal(
        p, padded.reshape(3, 4, 4, 2).transpose(0, 2, 1, 3))
    np.testing.assert_array_equal(y, x)


BLOCKSCAN = """
module attributes {offload.targets = [#offload.host]} {
  // out[tile i] = out[tile i - 1] + x[tile i]: each step reads the previous
  // tile of out and writes the next, views of one buffer the compiler proves
  // disjoint from their offsets ((i - 1) T and i T, both T long).
  func.func @blockscan(%x: memref<?xf32>, %out: memref<?xf32>, %T: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %nt = arith.divui %n, %T : index
    %x0 = memref.subview %x[0] [%T] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    %o0 = memref.subview %out[0] [%T] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    linalg.copy ins(%x0 : memref<?xf32, strided<[1]>>) outs(%o0 : memref<?xf32, strided<[1]>>)
    scf.for %i = %c1 to %nt step %c1 {
      %off = arith.muli %i, %T : index
      %prev = arith.subi %off, %T : index
      %xi = memref.subview %x[%off] [%T] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
      %op = memref.subview %out[%prev] [%T] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
      %oi = memref.subview %out[%off] [%T] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
      linalg.generic {indexing_maps = [affine_map<(k) -> (k)>, affine_map<(k) -> (k)>, affine_map<(k) -> (k)>],
                      iterator_types = ["parallel"]}
          ins(%xi, %op : memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>)
          outs(%oi : memref<?xf32, strided<[1], offset: ?>>) {
      ^bb0(%a: f32, %b: f32, %o: f32):
        %s = arith.addf %a, %b : f32
        linalg.yield %s : f32
      }
    }
    return
  }
}
"""


def test_tiles_of_one_buffer_at_run_time_offsets():
    mod = offload.compile(BLOCKSCAN, targets="host")
    t, tiles = 5, 7
    x = np.arange(t * tiles, dtype=np.float32) % 11 - 5
    out = np.full(t * tiles, 99, dtype=np.float32)
    mod.blockscan(x, out, t)
    expected = np.cumsum(x.reshape(tiles, t), axis=0).reshape(-1)
    np.testing.assert_array_equal(out, expected)
