"""Notebook kernels start in notebooks/: make a relative PYTHONPATH (``PYTHONPATH=src``) absolute first."""

import os
from pathlib import Path

_parts = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
if _parts:
    os.environ["PYTHONPATH"] = os.pathsep.join(str(Path(p).resolve()) for p in _parts)
