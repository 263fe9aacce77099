"""Fixtures of the browser suite: one Voila server, one JupyterLab, one real Chromium.

Everything runs on loopback (127.0.0.1) and nothing is downloaded:

* Chromium is Debian's ``/usr/bin/chromium`` (``NEKOLIB_CHROMIUM`` overrides it),
  launched by Playwright through ``executable_path`` with a fresh temporary
  profile; Playwright's own browser downloads are never used. Every request to
  a host other than 127.0.0.1 is aborted and reported.
* Voila serves the whole checkout once per session (``voila <repo>``) so that
  both ``notebooks/*.ipynb`` and the suite's fixture notebook can be opened.
* JupyterLab is started at most once, with a random token, only if a test asks.

Without Chromium the suite is skipped with the reason; ``make test-browser`` sets
``NEKOLIB_BROWSER_REQUIRED=1`` (after installing Chromium) so that a missing
browser is a failure there, never a silent pass.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from _nekobrowser import CHROMIUM, CHROMIUM_ARGS, ROOT


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


def _median(xs: list[float]) -> float:
    ordered = sorted(xs)
    return ordered[len(ordered) // 2]


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Print the click latencies and message sizes the tests measured (reported, never asserted)."""
    lite = getattr(config, "_nekolib_lite", None)
    if lite:
        terminalreporter.section("JupyterLite site (Chromium, cold loads, measured)")
        for key, value in lite.items():
            terminalreporter.write_line(f"{key}: {value}")
    rows = getattr(config, "_nekolib_latency", [])
    if not rows:
        return
    terminalreporter.section("click -> picture redrawn (Chromium, measured, not asserted)")
    for name, pictures, moves, sizes in rows:
        if not pictures:
            terminalreporter.write_line(f"{name:28s} no sample")
            continue
        terminalreporter.write_line(
            f"{name:28s} n={len(pictures)}  picture: median {_median(pictures):6.1f} ms, "
            f"max {max(pictures):6.1f} ms | move logged: median "
            f"{_median(moves) if moves else float('nan'):6.1f} ms | kernel->page per click: "
            f"median {_median(sizes) / 1024:5.1f} KB, max {max(sizes) / 1024:5.1f} KB"
        )
    out = ROOT / "figures" / "screenshots" / "latency.json"
    data = {}
    with contextlib.suppress(OSError, ValueError):
        data = json.loads(out.read_text())  # a partial run updates only its games
    data |= {
        "_what": "a click on the picture (or a free-move button) -> the picture redrawn in the "
        "DOM (ms, Chromium, performance.now + MutationObserver); move_logged: -> the move log "
        "changed; kb_per_click: websocket bytes kernel -> page for that click",
        "_load_average": [round(x, 2) for x in os.getloadavg()],
    }
    for name, pictures, moves, sizes in rows:
        if pictures:
            data[name] = {
                "picture_median_ms": round(_median(pictures), 1),
                "picture_max_ms": round(max(pictures), 1),
                "move_logged_median_ms": round(_median(moves), 1) if moves else None,
                "kb_per_click_median": round(_median(sizes) / 1024, 1),
                "kb_per_click_max": round(max(sizes) / 1024, 1),
                "picture_samples_ms": [round(x, 1) for x in pictures],
            }
    with contextlib.suppress(OSError):
        out.write_text(json.dumps(data, indent=1) + "\n")


# --------------------------------------------------------------------------- servers
def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited ({proc.returncode}):\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status < 500:
                    return
        except urllib.error.HTTPError as err:
            if err.code < 500:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer in {timeout} s:\n{log.read_text()[-3000:]}")


class Server:
    """A Jupyter-server-based process (Voila or JupyterLab) in its own process group."""

    def __init__(self, name: str, argv: list[str], port: int, workdir: Path, token: str = ""):
        self.name, self.port, self.token = name, port, token
        self.base = f"http://127.0.0.1:{port}"
        self.log = workdir / f"{name}.log"
        # The kernels get matplotlib's default (inline) backend, as a student's do: the
        # charts are drawn in the page, where axe sees them (issue 39).
        env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
        env.update(
            JUPYTER_RUNTIME_DIR=str(workdir / "runtime"),
            JUPYTER_CONFIG_DIR=str(workdir / "config"),
            JUPYTERLAB_SETTINGS_DIR=str(workdir / "lab-settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(workdir / "lab-workspaces"),
            IPYTHONDIR=str(workdir / "ipython"),
            JUPYTER_DATA_DIR=str(workdir / "data"),  # private notebook-trust database
            PYTHONUNBUFFERED="1",
            PYTHONPATH=os.pathsep.join(
                [str(Path(__file__).resolve().parent), os.environ.get("PYTHONPATH", "")]
            ).rstrip(os.pathsep),
        )
        env.pop("JUPYTER_TOKEN", None)
        self.env = env
        self._log_file = self.log.open("w")
        self.proc = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=env,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}{path}{sep}token={self.token}" if self.token else f"{self.base}{path}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        self._log_file.close()


@pytest.fixture(scope="session")
def workdir() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="nekolib-browser-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        message = (
            f"Chromium not found at {CHROMIUM}: install it with "
            "`apt-get update && apt-get install -y chromium` (make test-browser does)"
        )
        if os.environ.get("NEKOLIB_BROWSER_REQUIRED") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="session")
def voila(workdir, chromium_path) -> Iterator[Server]:
    port = free_port()
    server = Server(
        "voila",
        [
            sys.executable,
            "-m",
            "voila",
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--show_tracebacks=True",
            str(ROOT),
        ],
        port,
        workdir,
    )
    try:
        wait_http(server.url("/"), server.proc, server.log)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def jupyterlab(workdir, chromium_path) -> Iterator[Server]:
    port, token = free_port(), secrets.token_hex(16)
    settings = {
        "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification": {
            "fetchNews": "false",
            "checkForUpdates": False,
        },
    }
    for name, values in settings.items():
        path = workdir / "lab-settings" / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    server = Server(
        "jupyterlab",
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={ROOT}",
            "--ServerApp.terminals_enabled=False",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly",
            "--LabApp.expose_app_in_browser=True",
            # never write into the checkout: no save (autosave), checkpoints in the temp dir
            "--ContentsManager.pre_save_hook=_nekobrowser.refuse_save",
            f"--FileCheckpoints.checkpoint_dir={workdir / 'checkpoints'}",
            *(["--allow-root"] if os.geteuid() == 0 else []),
        ],
        port,
        workdir,
        token=token,
    )
    try:
        wait_http(server.url("/api/status"), server.proc, server.log)
        yield server
    finally:
        server.stop()


# --------------------------------------------------------------------------- browser
@pytest.fixture(scope="session")
def playwright_session(chromium_path):
    """One Playwright driver for the session (its sync API cannot be started twice)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser_context(workdir, chromium_path, playwright_session):
    blocked: list[str] = []

    def guard(route):
        url = route.request.url
        if url.startswith(("http://127.0.0.1:", "ws://127.0.0.1:")):
            route.continue_()
        else:
            blocked.append(url)
            route.abort()

    context = playwright_session.chromium.launch_persistent_context(
        str(workdir / "chromium-profile"),
        executable_path=chromium_path,
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 1000},
    )
    context.route("**/*", guard)
    context.blocked_requests = blocked
    try:
        yield context
    finally:
        context.close()
    if blocked:
        print(f"\nbrowser: aborted {len(blocked)} non-loopback request(s): {blocked[:5]}")


FAILURE_DIR = Path(tempfile.gettempdir()) / "nekolib-browser-failures"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.nekolib_failed = report.failed
    return report


@pytest.fixture
def page(browser_context, request):
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    yield page
    if getattr(request.node, "nekolib_failed", False):
        FAILURE_DIR.mkdir(exist_ok=True)
        shot = FAILURE_DIR / f"{request.node.name}.png"
        with contextlib.suppress(Exception):
            page.screenshot(path=str(shot), full_page=True)
            print(f"\nfailure screenshot: {shot}")
    with contextlib.suppress(Exception):
        # leaving the page fires Voila's beforeunload: it shuts its kernel down
        page.close(run_before_unload=True)
        time.sleep(0.3)


@pytest.fixture(scope="session")
def latency_report(request):
    rows: list = []
    request.config._nekolib_latency = rows
    return rows
