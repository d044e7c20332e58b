"""The live server the suite runs against (test/clients/python-client.test.ts starts it and sets these)."""
import json
import os
import sys

import pytest

# The suite also runs without pandas: ASHARE_BLOCK_PANDAS=1 makes `import pandas` fail as on a bare machine.
if os.environ.get("ASHARE_BLOCK_PANDAS") == "1":
    sys.modules["pandas"] = None  # type: ignore[assignment]

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))


@pytest.fixture(scope="session")
def server():
    return {
        "base_url": os.environ["ASHARE_TEST_BASE_URL"],
        "key": os.environ["ASHARE_TEST_KEY"],
        "starter_key": os.environ["ASHARE_TEST_STARTER_KEY"],
        "samples": json.loads(os.environ["ASHARE_TEST_SAMPLES"]),
    }
