"""Binder: the gallery of ``rulekit dashboard`` behind the Jupyter server, with the same tuning.

Binder starts a Jupyter server; jupyter-server-proxy (in
``binder/environment.yml``) starts ``rulekit dashboard`` on first visit of
``/rulekit/`` through this entry point (``jupyter_serverproxy_servers`` in
pyproject.toml), so Binder gets the preheated pool that is never culled,
the culling of closed pages, nodelay and the iopub timeout exactly as on a
teacher's machine. The dashboard listens on loopback only; Binder's own
login protects the proxy, and the Host check accepts the proxy's names.
The badge's ``urlpath=rulekit/`` opens the gallery.
"""

from __future__ import annotations

import sys
from typing import Any

__all__ = ["proxy", "BINDER_URLPATH"]

#: what the README's Binder badge puts in ``urlpath``
BINDER_URLPATH = "rulekit/"


def proxy() -> dict[str, Any]:
    """jupyter-server-proxy's description of the ``rulekit`` server process."""
    return {
        "command": [
            sys.executable,
            "-m",
            "rulekit.serve.dashboard",
            "--port={port}",
            "--base-url={base_url}rulekit/",
            "--allow-host=*",
        ],
        "absolute_url": True,
        "timeout": 120,
        "new_browser_tab": True,
        "launcher_entry": {"title": "rulekit dashboards"},
    }
