"""The dashboard server's parts without a browser (tests/browser/test_serving.py starts it for real)."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import socket
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from rulekit.engine import RulekitError
from rulekit.serve import dashboard

from ..aio import run_async

ROOT = Path(__file__).resolve().parents[2]

ROOT = Path(__file__).resolve().parents[2]


def test_voila_argv_has_loopback_culling_preheat_offline_template_and_ipc(tmp_path):
    argv = dashboard.voila_argv(tmp_path, 9999, "127.0.0.1", False)
    assert argv[0] == str(tmp_path)
    assert "--Voila.ip=127.0.0.1" in argv and "--port=9999" in argv
    assert any(a.startswith("--MappingKernelManager.cull_idle_timeout=") for a in argv)
    assert "--preheat_kernel=True" in argv and "--Voila.open_browser=False" in argv
    assert "--template=rulekit" in argv and "--KernelManager.transport=ipc" in argv
    assert "--preheat_kernel=True" not in dashboard.voila_argv(tmp_path, 1, "127.0.0.1", False, preheat=False)
    short = dashboard.voila_argv(tmp_path, 1, "127.0.0.1", False, cull_idle=5, cull_interval=2)
    assert "--MappingKernelManager.cull_idle_timeout=5" in short and "--MappingKernelManager.cull_interval=2" in short


def test_find_notebooks_defaults_to_the_package_never_the_working_directory(tmp_path, monkeypatch):
    assert dashboard.find_notebooks(tmp_path) == tmp_path.resolve()
    with pytest.raises(FileNotFoundError, match="does not exist"):
        dashboard.find_notebooks(tmp_path / "missing")
    # a stray notebooks/ folder in the working directory is not served
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "private_grades.ipynb").write_text("{}")
    monkeypatch.chdir(tmp_path)
    default = dashboard.find_notebooks()
    assert default == dashboard.PACKAGE_NOTEBOOKS
    assert (default / "00_welcome.ipynb").exists() and not (default / "private_grades.ipynb").exists()


def test_the_repository_notebooks_folder_is_the_package_folder():
    assert (ROOT / "notebooks").resolve() == dashboard.PACKAGE_NOTEBOOKS


def test_nodelay_extension_patches_the_base_kernel_websocket_once():
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    from rulekit.serve import nodelay

    assert nodelay._jupyter_server_extension_points() == [{"module": "rulekit.serve.nodelay"}]
    dashboard.patch_nodelay()
    first = KernelWebsocketHandler.open
    assert nodelay.patch() is False and KernelWebsocketHandler.open is first
    # Voila's handler inherits the patched open (it does not define its own)
    assert "open" not in VoilaKernelWebsocketHandler.__dict__ and VoilaKernelWebsocketHandler.open is first

    calls = []

    class Fake:
        def set_nodelay(self, value):
            calls.append(value)

    # the real wrapper sets TCP_NODELAY first, then calls the original open (which fails on this fake: it was reached)
    with pytest.raises(TypeError):
        run_async(first(Fake(), "k1"))
    assert calls == [True] and first.__wrapped__.__qualname__ == "KernelWebsocketHandler.open"


def test_server_extension_config_is_shipped_and_enables_the_module():
    config = json.loads((ROOT / "jupyter-config/jupyter_server_config.d/rulekit.json").read_text())
    assert config == {"ServerApp": {"jpserver_extensions": {"rulekit.serve.nodelay": True}}}
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert (
        '"etc/jupyter/jupyter_server_config.d" = ["jupyter-config/jupyter_server_config.d/rulekit.json"]' in pyproject
    )
    assert "jupyter_server_config.d" in (ROOT / "binder/postBuild").read_text()


def test_port_checks_are_one_line_errors():
    for bad in (0, 99999, -1, True, "8866"):
        with pytest.raises(RulekitError, match="--port must be a whole number"):
            dashboard.check_port(bad)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with pytest.raises(RulekitError, match=f"port {port} .* already in use"):
            dashboard.check_port(port)
        with pytest.raises(RulekitError, match="already in use"):
            dashboard.serve(port=port)
    assert dashboard.check_port(dashboard.free_port()) > 0


@pytest.mark.parametrize(
    "args, message",
    [
        (["--port", "99999"], "--port must be a whole number from 1 to 65535, got 99999"),
        (["--host", "0.0.0.0"], "serving on 0.0.0.0 reaches other machines: it needs a token"),
        (["--notebooks", "/no/such/folder"], "does not exist"),
        (["--max-kernels", "-1"], "--max-kernels must be 0"),
    ],
)
def test_command_refuses_with_one_line_and_exit_2(args, message, monkeypatch):
    monkeypatch.delenv("RULEKIT_TOKEN", raising=False)
    proc = subprocess.run(
        [sys.executable, "-m", "rulekit", "dashboard", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**__import__("os").environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rulekit: error: ") and message in lines[0], proc.stderr


def test_network_hosts_and_host_pattern():
    from rulekit.serve.app import host_pattern

    assert dashboard.is_loopback("127.0.0.1") and dashboard.is_loopback("localhost") and dashboard.is_loopback("::1")
    assert not dashboard.is_loopback("0.0.0.0") and not dashboard.is_loopback("192.168.1.5")
    assert dashboard.allowed_hosts("127.0.0.1") == ["localhost", "127.0.0.1", "::1"]
    lan = dashboard.allowed_hosts("192.168.1.5", ["class.example"])
    assert "192.168.1.5" in lan and "class.example" in lan and socket.gethostname().lower() in lan
    pattern = re.compile(host_pattern(["localhost", "127.0.0.1", "::1"]))
    for ok in ("localhost", "127.0.0.1", "::1", "[::1]"):
        assert pattern.match(ok), ok
    for bad in ("evil.example", "127.0.0.1.evil.example", "localhost.attacker", "x127.0.0.1"):
        assert not pattern.match(bad), bad


def test_quiet_log_drops_noise_keeps_what_a_teacher_needs():
    from rulekit.serve.app import _Quiet

    quiet = _Quiet()

    def record(msg):
        return logging.LogRecord("Voila", logging.WARNING, __file__, 1, msg, None, None)

    for noise in (
        "Notebook rune_stones.ipynb is not trusted",
        "'_xsrf' argument missing from POST",
        "Culling 'idle' kernel 'python3' (abc) with 0 connections due to 130 seconds of inactivity.",
        "Kernel started: 4a286d16",
    ):
        assert not quiet.filter(record(noise)), noise
    assert quiet.filter(record("rulekit: kernel limit reached (40 live kernels): a visitor was turned away"))


def test_gallery_lists_every_notebook_with_a_sentence_in_both_languages():
    from rulekit.serve import gallery

    items = gallery.entries(dashboard.PACKAGE_NOTEBOOKS)
    assert sorted(i.file for i in items) == sorted(p.name for p in dashboard.PACKAGE_NOTEBOOKS.glob("*.ipynb"))
    assert items[0].file == "00_welcome.ipynb"
    for item in items:
        for lang in gallery.LANGS:
            assert item.title[lang] and item.sentence[lang].endswith("."), (item.file, lang)
        assert item.sentence["en"] != item.sentence["de"]
    html = gallery.page(items, link=lambda e: f"/voila/render/{e.file}", thumb_url=lambda e: f"/t/{e.file}.png")
    assert html.count('class="rk-card"') == len(items)
    assert "http://" not in html and "https://" not in html  # nothing outside the server


def test_gallery_describes_an_unknown_notebook_from_its_heading(tmp_path):
    from rulekit.serve import gallery

    nb = {"cells": [{"cell_type": "markdown", "source": ["# My lesson\n", "\n", "We count **gems**. Then more."]}]}
    (tmp_path / "mine.ipynb").write_text(json.dumps(nb))
    (item,) = gallery.entries(tmp_path)
    assert item.title == {"en": "My lesson", "de": "My lesson"} and item.sentence["en"] == "We count gems."
    assert item.thumb is None


def test_gallery_reads_a_bilingual_notebook_in_each_language(tmp_path):
    """A notebook written in rk-prose blocks (issue 22) is titled in each language from its own block."""
    from rulekit.serve import gallery

    cell = (
        '<div class="rk-prose" lang="en">\n\n# My lesson\n\nWe count **gems**. Then more.\n\n</div>\n'
        '<div class="rk-prose" lang="de">\n\n# Meine Lektion\n\nWir zählen **Edelsteine**. Dann mehr.\n\n</div>'
    )
    nb = {"cells": [{"cell_type": "markdown", "source": cell.splitlines(keepends=True)}]}
    (tmp_path / "mine.ipynb").write_text(json.dumps(nb))
    (item,) = gallery.entries(tmp_path)
    assert item.title == {"en": "My lesson", "de": "Meine Lektion"}
    assert item.sentence == {"en": "We count gems.", "de": "Wir zählen Edelsteine."}


# --- pool-safe kernels (rulekit.serve.kernels) on a fake Voila kernel manager -------------------------


class FakeKernel:
    def __init__(self, idle_s=0):
        self.last_activity = datetime.now(UTC) - timedelta(seconds=idle_s)
        self.execution_state = "idle"


class FakeBase:
    """What Voila's preheating kernel manager offers, recording what the subclass passes on."""

    def __init__(self):
        self._pools, self._kernels, self._kernel_connections = {}, {}, {}
        self.culled, self.filled, self.started = [], [], []
        self.log = logging.getLogger("fake")

    def pool_item(self, kernel_id):
        future = asyncio.get_running_loop().create_future()
        future.set_result({"kernel_id": kernel_id, "task": None, "renderer": None})
        return future

    def get_pool_size(self, name):
        return len(self._pools.get(name, []))

    async def get_rendered_notebook(self, notebook_name, extra_kernel_env_variables={}, **kwargs):  # noqa: B006
        content = await self._pools[notebook_name].pop(0)
        return None, [], content["kernel_id"]

    def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables={}, **kwargs):  # noqa: B006
        self.filled.append(notebook_name)
        kid = f"new{len(self.filled)}"
        self._kernels[kid] = FakeKernel()
        self._pools.setdefault(notebook_name, []).append(self.pool_item(kid))

    async def start_kernel(self, **kwargs):
        self.started.append(kwargs)
        return "started"

    async def cull_kernel_if_idle(self, kernel_id):
        self.culled.append(kernel_id)

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        self._kernels.pop(kernel_id, None)


def test_a_kernel_handed_to_a_page_is_not_culled_before_the_page_connects():
    from rulekit.serve.kernels import pool_safe

    async def scenario():
        manager = pool_safe(FakeBase)()
        manager._kernels["k1"] = FakeKernel(idle_s=3600)  # preheated an hour ago
        manager._pools["a.ipynb"] = [manager.pool_item("k1")]
        await manager.cull_kernel_if_idle("k1")  # waiting in the pool: spared
        assert manager.culled == []
        assert manager.get_pool_size("a.ipynb") == 1
        _, _, kid = await manager.get_rendered_notebook("a.ipynb")
        assert kid == "k1"
        idle = datetime.now(UTC) - manager._kernels["k1"].last_activity
        assert idle < timedelta(seconds=5)  # its clock starts at the hand-out
        await manager.cull_kernel_if_idle("k1")  # page still loading: spared
        assert manager.culled == []
        manager._kernel_connections["k1"] = 1  # the page connected: usual rules from now on
        await manager.cull_kernel_if_idle("k1")
        assert manager.culled == ["k1"]

    run_async(scenario())


def test_a_dead_pooled_kernel_is_never_handed_out():
    from rulekit.serve.kernels import pool_safe

    async def scenario():
        manager = pool_safe(FakeBase)()
        dead = FakeKernel()
        dead.execution_state = "dead"
        manager._kernels["dead"] = dead
        manager._pools["a.ipynb"] = [manager.pool_item("dead")]
        _, _, kid = await manager.get_rendered_notebook("a.ipynb")
        assert kid != "dead" and kid in manager._kernels and manager.filled == ["a.ipynb"]
        # a culled (vanished) kernel counts as dead too
        manager._pools["b.ipynb"] = [manager.pool_item("gone")]
        assert manager.get_pool_size("b.ipynb") == 0

    run_async(scenario())


def test_kernel_cap_turns_visitors_away_with_a_message_and_stops_refilling():
    from tornado.web import HTTPError

    from rulekit.serve.kernels import FULL_MESSAGE, pool_safe

    async def scenario():
        manager = pool_safe(FakeBase, max_kernels=2)()
        manager._kernels = {"a": FakeKernel(), "b": FakeKernel()}
        with pytest.raises(HTTPError) as err:
            await manager.start_kernel(kernel_name="python3")
        assert err.value.status_code == 503 and err.value.log_message == FULL_MESSAGE.format(limit=2)
        assert "--max-kernels" in err.value.log_message and "Grenze" in err.value.log_message
        manager.fill_if_needed(notebook_name="a.ipynb")
        assert manager.filled == [] and manager.started == []
        del manager._kernels["b"]
        assert await manager.start_kernel(kernel_name="python3") == "started"

    run_async(scenario())


def test_binder_files_open_the_gallery_with_the_dashboard_tuning():
    root = ROOT / "binder"
    assert "pip install" in (root / "postBuild").read_text()
    assert (root / "environment.yml").exists()


def test_explorer_job_cap_refuses_a_huge_job_with_a_clear_message(monkeypatch):
    from rulekit.explore.limits import check_job, job_size
    from rulekit.widgets.explorer import Explorer

    assert job_size(200, "greedy,greedy") == 400
    assert job_size(10, "mcts:500,random") == 10 * 501
    assert job_size(100, "plan,greedy") == 100 * 5  # a planner seat costs 4 greedy ones
    assert job_size(10, "mcts:time=2,random", runs=3) == 10 * 2001 * 3
    monkeypatch.delenv("RULEKIT_MAX_JOB", raising=False)
    check_job(100_000, "mcts:1000000000")  # no dashboard limit: a notebook of one's own may run anything
    monkeypatch.setenv("RULEKIT_MAX_JOB", "200000")
    with pytest.raises(ValueError, match="too big for a shared dashboard.*--|zu groß"):
        check_job(100_000, "mcts:1000000000")
    panel = Explorer("rune_stones", bots="mcts:1000000000,greedy", games=100_000)
    assert panel.go() is None
    assert "too big" in panel.status.value and "zu groß" in panel.status.value and "200,000" in panel.status.value


def test_kernel_cap_without_preheating():
    from tornado.web import HTTPError

    from rulekit.serve.kernels import pool_safe

    class NoPool(FakeBase):
        def __init__(self):
            super().__init__()
            del self._pools

        def get_pool_size(self, name):  # Voila's manager without preheating
            return 0

    async def scenario():
        manager = pool_safe(NoPool, max_kernels=1)()
        assert await manager.start_kernel(kernel_name="python3") == "started"
        manager._kernels["started"] = FakeKernel()
        with pytest.raises(HTTPError):
            await manager.start_kernel(kernel_name="python3")
        assert manager.get_pool_size("a.ipynb") == 0

    run_async(scenario())


def test_publish_leaves_out_notebooks_needing_native_modules_and_wheels_the_project(tmp_path):
    import zipfile

    from rulekit.serve import publish

    nb = dashboard.PACKAGE_NOTEBOOKS
    assert publish.needs_native(nb / "rune_stones.ipynb") is None
    assert publish.needs_native(nb / "explore_rules.ipynb") is None  # study and the Explorer run in the browser
    assert publish.needs_native(nb / "spellbound.ipynb") is None  # its map is SVG, not matplotlib
    wheel = publish.project_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
        meta = whl.read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "rulekit/__init__.py" in names and "rulekit/notebooks/rune_stones.ipynb" in names
    assert not any("__pycache__" in n for n in names)
    assert "Name: rulekit-games" in meta and "Requires-Dist: networkx" in meta
    entry = publish._wheel_info(wheel)
    assert entry["name"] == "rulekit-games" and "rulekit" in entry["imports"] and "networkx" in entry["depends"]
    with pytest.raises(RulekitError, match="not empty"):
        (tmp_path / "site").mkdir()
        (tmp_path / "site" / "x").write_text("x")
        publish.publish(tmp_path / "site")
