"""TCP_NODELAY on every kernel websocket, as a Jupyter server extension.

Without it a click's update frame waits behind the un-ACKed "busy" frame
for the browser's delayed ACK (about 40 ms, Nagle's algorithm). Voila's own
handler class is not enough: inside a Jupyter server (JupyterLab with the
Voila extension, Binder) kernel traffic goes through jupyter_server's base
``KernelWebsocketHandler``, so that is the class patched here. The wheel
installs ``etc/jupyter/jupyter_server_config.d/rulekit.json`` that enables
this extension; ``binder/postBuild`` copies it for the editable install.
"""

from __future__ import annotations

import inspect
import os
import socket
from typing import Any

__all__ = ["patch", "patch_proxy", "nodelay_of", "_jupyter_server_extension_points", "_load_jupyter_server_extension"]


def patch() -> bool:
    """Wrap ``KernelWebsocketHandler.open`` to set TCP_NODELAY; True if it was patched now."""
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler as Handler

    if Handler.__dict__.get("_rulekit_nodelay", False):
        return False
    original = Handler.open

    async def open(self, *args: Any, **kwargs: Any) -> Any:
        self.set_nodelay(True)
        result = original(self, *args, **kwargs)
        if inspect.isawaitable(result):
            result = await result
        if os.environ.get("RULEKIT_NODELAY_CHECK"):  # tests and the benchmark read the live socket's option
            self.log.warning("rulekit: kernel websocket TCP_NODELAY=%d", nodelay_of(self))
        return result

    open.__wrapped__ = original  # type: ignore[attr-defined]
    Handler.open = open
    Handler._rulekit_nodelay = True
    return True


def patch_proxy() -> bool:
    """The same for jupyter-server-proxy's browser-facing websocket (Binder serves the gallery through it).

    True if it was patched now; False when already patched or jupyter-server-proxy is not installed.
    """
    try:
        from jupyter_server_proxy.handlers import ProxyHandler
    except ImportError:
        return False
    if ProxyHandler.__dict__.get("_rulekit_nodelay", False):
        return False
    original = ProxyHandler.proxy_open

    async def proxy_open(self, *args: Any, **kwargs: Any) -> Any:
        self.set_nodelay(True)
        result = await original(self, *args, **kwargs)
        if os.environ.get("RULEKIT_NODELAY_CHECK"):
            self.log.warning("rulekit: proxy websocket TCP_NODELAY=%d", nodelay_of(self))
        return result

    proxy_open.__wrapped__ = original  # type: ignore[attr-defined]
    ProxyHandler.proxy_open = proxy_open
    ProxyHandler._rulekit_nodelay = True
    return True


def nodelay_of(handler: Any) -> bool:
    """Whether the live socket under a websocket handler has TCP_NODELAY set (for checks and tests)."""
    stream = handler.ws_connection.stream if handler.ws_connection else None
    sock = getattr(stream, "socket", None)
    if sock is None:
        return False
    return bool(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "rulekit.serve.nodelay"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    patch()
    patch_proxy()
    serverapp.log.debug("rulekit: kernel websockets send without delay (TCP_NODELAY)")
