"""Run a benchmark module of this repo inside Pyodide under Node, and read its JSON result.

The module must print its result as JSON on its last line (bench/pyodide_python.mjs runs it
with the repo mounted as the working directory).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def run_json(module: str, *args: str, tree: Path = ROOT) -> dict[str, Any]:
    out = subprocess.run(
        ["node", "bench/pyodide_python.mjs", module, *args],
        cwd=tree,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result
