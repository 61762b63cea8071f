# The part of PyScript's Python module that web/main.py uses (it exists only in the browser):
# just enough for mypy to check the DOM glue. The DOM itself is JavaScript, hence Any.
from typing import Any

document: Any
window: Any

async def create_named_worker(src: str, name: str, config: str) -> Any: ...
