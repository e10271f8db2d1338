"""The dashboard launcher's settings (the browser tests start it for real)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekit import dashboard


def test_voila_argv_has_loopback_culling_and_preheat(tmp_path):
    argv = dashboard.voila_argv(tmp_path, 9999, "127.0.0.1", False)
    assert argv[0] == str(tmp_path)
    assert "--Voila.ip=127.0.0.1" in argv and "--port=9999" in argv
    assert any(a.startswith("--MappingKernelManager.cull_idle_timeout=") for a in argv)
    assert "--preheat_kernel=True" in argv and "--Voila.open_browser=False" in argv
    assert "--preheat_kernel=True" not in dashboard.voila_argv(tmp_path, 1, "127.0.0.1", False, preheat=False)


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


def test_nodelay_patch_wraps_the_kernel_websocket_once():
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler as Handler

    dashboard.patch_nodelay()
    first = Handler.open
    dashboard.patch_nodelay()
    assert Handler.open is first and Handler._rulekit_nodelay


def test_serve_checks_port():
    with pytest.raises(ValueError, match="port"):
        dashboard.serve(port=0)


def test_binder_files_exist():
    root = Path(__file__).resolve().parents[2] / "binder"
    assert "pip:" in (root / "environment.yml").read_text()
    assert "pip install" in (root / "postBuild").read_text()


def test_culling_spares_the_preheated_pool():
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    dashboard.patch_culling()
    culled = []

    class Fake:
        _pools = {}

    async def run():
        ready = asyncio.get_running_loop().create_future()
        ready.set_result({"kernel_id": "pooled"})
        Fake._pools = {"a.ipynb": [ready]}
        assert dashboard.pooled_kernels(Fake()) == {"pooled"}
        fake = Fake()
        # the patched method returns early for pooled kernels and calls the original otherwise
        assert await MappingKernelManager.cull_kernel_if_idle(fake, "pooled") is None
        try:
            await MappingKernelManager.cull_kernel_if_idle(fake, "other")
        except AttributeError:  # the original looks up fake._kernels: it was reached
            culled.append("other")

    # in a thread of its own: browser tests may leave an event loop running in this one
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()
    assert culled == ["other"] and MappingKernelManager._rulekit_pool_safe
