"""Serving the notebooks to a class: kernels, websockets, pages and host checks.

``rulekit.serve.dashboard`` is the command; the modules here are its parts so
that each can be tested (and reused by Binder or a Jupyter server) alone:

- ``kernels``: preheated kernels that are never culled in the pool or on the
  way to their page, never handed out dead, and a cap on live kernels;
- ``nodelay``: a Jupyter server extension that sends kernel websocket
  frames without Nagle's delay on every path (Voila alone, Voila inside
  JupyterLab or Binder);
- ``app``: the Voila application with the gallery at ``/``, an offline
  page template, one port (a busy one is an error) and a Host header check;
- ``room_server``, ``room_handlers``, ``room_pages``: the shared tables
  (``rulekit.rooms``) over HTTP and websockets, with kernel-free pages
  (docs/rooms.md);
- ``gallery``: the gallery page (thumbnails and one sentence per notebook,
  English and German).
"""
