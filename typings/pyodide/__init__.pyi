# Pyodide's Python package (in the browser only); web/main.py uses `pyodide.ffi`.
