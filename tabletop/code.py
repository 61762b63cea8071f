"""Which code runs: a digest of Python packages' sources. The page checks with it that its
computer players' worker runs the very same engine and bots (a worker of another build would
answer for other rules: web/bots.py names the packages), and the arena that a run continued
from its record plays the bots that began it (tabletop/commands.py, `--record`)."""

from __future__ import annotations

import hashlib
import importlib.util
from functools import cache
from pathlib import Path


@cache
def code_id(packages: tuple[str, ...]) -> str:
    digest = hashlib.sha256()
    for name in packages:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            raise ModuleNotFoundError(name)
        root = Path(next(iter(spec.submodule_search_locations)))
        for path in sorted(root.rglob("*.py")):
            digest.update(path.relative_to(root.parent).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
