import os
import sys
import tempfile

import pytest

# Compiled modules are cached (offload.compile): keep this run's apart from
# the user's ~/.cache/offload.
os.environ["OFFLOAD_CACHE_DIR"] = tempfile.mkdtemp(prefix="offload-test-cache-")

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "inputs")


@pytest.fixture(scope="session")
def kernels_path():
    return os.path.join(INPUTS, "kernels.mlir")


@pytest.fixture(scope="session")
def kernels(kernels_path):
    import offload
    return offload.compile(kernels_path, targets="host")
