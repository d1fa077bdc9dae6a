import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "inputs")


@pytest.fixture(scope="session")
def kernels_path():
    return os.path.join(INPUTS, "kernels.mlir")


@pytest.fixture(scope="session")
def kernels(kernels_path):
    import offload
    return offload.compile(kernels_path, targets="host")
