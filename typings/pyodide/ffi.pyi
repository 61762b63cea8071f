# The part of `pyodide.ffi` that web/main.py uses (it exists only in the browser).
from collections.abc import Callable
from typing import Any

class JsNull: ...

#: JavaScript's null as it arrives in Python (a missing attribute or item).
jsnull: JsNull

def create_proxy(obj: Callable[..., Any]) -> Any: ...
def to_js(obj: Any, *, dict_converter: Callable[..., Any] | None = None) -> Any: ...
