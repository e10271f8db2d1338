"""Files rulekit writes (saves, CSV results): checked before the work, so nothing is lost after it."""

from __future__ import annotations

import os
from pathlib import Path

from .engine import RulekitError

__all__ = ["writable_path"]


def writable_path(path: str, flag: str) -> Path:
    """Check before any work that ``path`` can be written; a clear error otherwise."""
    target = Path(path)
    if target.is_dir():
        raise RulekitError(f"{flag} {path!r} is a folder; name a file")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise RulekitError(f"{flag} {path!r}: the folder {str(parent)!r} does not exist")
    if not os.access(parent, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise RulekitError(f"{flag} {path!r}: no permission to write there")
    return target
