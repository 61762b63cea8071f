# shellcheck shell=bash
# Sourced by tools/build, tools/serve and tools/test: brings a fresh clone (or a stale one) to a working state.
# Every step records what it was built from and is skipped when nothing changed, so a second run
# costs well under a second. Nothing here reaches the network unless an install is really needed.
#
# Functions (call what you need):
#   setup_node_modules   npm ci, when node_modules is missing or was installed from another lock
#   setup_venv           .venv with requirements-dev.txt (CPython, for lint, types and tests)
#   setup_chromium       Debian's chromium at /usr/bin/chromium (Playwright cannot download one
#                        here), and a CJK font when the system has none
#   setup_pyodide_wheels wheels of pytest + hypothesis (and deps) for the in-Pyodide test run

# Refuse to be executed: the functions must land in the caller's shell.
if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    echo "tools/setup_env.sh is meant to be sourced, e.g. 'source tools/setup_env.sh'" >&2
    exit 2
fi

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO_ROOT/.venv"
WHEEL_DIR="$REPO_ROOT/.cache/pyodide-wheels"
# The machine's python3 (3.11); the engine must also run on it, not only on Pyodide's 3.14.
PYTHON="${PYTHON:-python3}"

_log() { printf '[setup] %s\n' "$*" >&2; }

# Content hash of the given files, used as the "built from" stamp of each step.
_hash() { cat "$@" | sha256sum | cut -d' ' -f1; }

# True when stamp file $1 exists and holds exactly $2.
_stamp_ok() { [[ -f "$1" ]] && [[ "$(cat "$1")" == "$2" ]]; }

setup_node_modules() {
    local want stamp="$REPO_ROOT/node_modules/.castle-lock.sha256"
    want="$(_hash "$REPO_ROOT/package-lock.json")"
    if _stamp_ok "$stamp" "$want"; then
        return 0
    fi
    _log "npm ci (node_modules missing, or not installed from this package-lock.json)"
    # npm ci, not install: it installs exactly the lock file and fails if package.json disagrees.
    (cd "$REPO_ROOT" && npm ci --no-audit --no-fund --loglevel=error) >&2
    echo "$want" >"$stamp"
}

setup_venv() {
    local want stamp="$VENV/.castle-requirements.sha256"
    want="$(_hash "$REPO_ROOT/requirements-dev.txt")"
    if [[ -x "$VENV/bin/python" ]] && _stamp_ok "$stamp" "$want"; then
        return 0
    fi
    if [[ ! -x "$VENV/bin/python" ]]; then
        _log "creating .venv with $("$PYTHON" --version)"
        "$PYTHON" -m venv "$VENV"
    fi
    _log "installing requirements-dev.txt into .venv"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
        -r "$REPO_ROOT/requirements-dev.txt" >&2
    echo "$want" >"$stamp"
}

setup_chromium() {
    # Chromium, and a font with Chinese glyphs (without one, screenshots and the Chinese page
    # show empty boxes: what a player's system would never show).
    local want=()
    [[ -x /usr/bin/chromium ]] || want+=(chromium)
    if ! command -v fc-list >/dev/null || [[ -z "$(fc-list :lang=zh 2>/dev/null)" ]]; then
        want+=(fonts-noto-cjk)
    fi
    if [[ ${#want[@]} -eq 0 ]]; then
        return 0
    fi
    if [[ "$(id -u)" -ne 0 ]]; then
        _log "ERROR: ${want[*]} missing and this is not root."
        _log "       Install Debian's packages first: sudo apt-get update && sudo apt-get install -y ${want[*]}"
        return 1
    fi
    _log "installing Debian's ${want[*]} (about 30 s)"
    # DEBIAN_FRONTEND: CI has no stdin, so no debconf question may ever be asked.
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${want[@]}" >/dev/null
}

setup_pyodide_wheels() {
    setup_venv
    setup_node_modules
    # Target the exact interpreter in node_modules: its Python version and wasm ABI come from
    # pyodide-lock.json, so a Pyodide upgrade re-downloads matching wheels.
    local lock="$REPO_ROOT/node_modules/pyodide/pyodide-lock.json" py_version platform
    read -r py_version platform < <("$PYTHON" - "$lock" <<'PY'
import json, sys
info = json.load(open(sys.argv[1]))["info"]
print(".".join(info["python"].split(".")[:2]), f"pyemscripten_{info['abi_version']}_{info['arch']}")
PY
    )
    if [[ -z "${platform:-}" ]]; then
        _log "ERROR: cannot read Pyodide's version from $lock"
        return 1
    fi
    # Constrain the wheels' dependencies (pluggy, iniconfig, sortedcontainers, ...) to the versions
    # in .venv, so CPython and Pyodide run the tests with the same tool versions.
    local constraints want stamp="$WHEEL_DIR/.castle-stamp.sha256"
    constraints="$("$VENV/bin/python" -m pip freeze --disable-pip-version-check)"
    want="$(printf '%s\n%s %s\n' "$constraints" "$py_version" "$platform" \
        | cat - "$REPO_ROOT/requirements-dev.txt" | sha256sum | cut -d' ' -f1)"
    if _stamp_ok "$stamp" "$want"; then
        return 0
    fi
    local pytest_req hypothesis_req
    pytest_req="$(grep -E '^pytest==' "$REPO_ROOT/requirements-dev.txt")"
    hypothesis_req="$(grep -E '^hypothesis==' "$REPO_ROOT/requirements-dev.txt")"
    _log "downloading wheels for Pyodide (Python $py_version, $platform): $pytest_req $hypothesis_req"
    rm -rf "$WHEEL_DIR"
    mkdir -p "$WHEEL_DIR"
    # Pyodide cannot load wheels compiled for the host. Ask pip for wheels as if it ran on
    # Pyodide: pure-Python ones (py3-none-any) for most, and wasm ones built for Pyodide's ABI
    # where a project ships no pure wheel (hypothesis after 6.155 has a compiled core and
    # publishes pyemscripten wheels). --only-binary: never build an sdist for the wrong target.
    "$VENV/bin/python" -m pip download --quiet --disable-pip-version-check \
        --only-binary=:all: --python-version "$py_version" --implementation cp \
        --abi "cp${py_version/./}" --abi abi3 --abi none --platform "$platform" --platform any \
        -c <(printf '%s\n' "$constraints") \
        -d "$WHEEL_DIR" "$pytest_req" "$hypothesis_req" >&2
    echo "$want" >"$stamp"
}
