"""Files rulekit writes (saves, CSV results): checked before the work, so nothing is lost after it.

``writable_path`` runs before a game or a simulation starts: an empty name,
a folder, a missing folder, a place nobody may write to or an existing file
(unless ``force``, or a "yes" typed in a terminal) is refused at once, with
the flag that named it. ``write_file`` writes at the end through a temporary
file in the same folder that replaces the target only when complete (a full
disk never leaves half a save); if writing fails anyway, the work goes to a
recovery file and the error says where, so a class's game is never lost.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from .engine import RulekitError

__all__ = ["writable_path", "write_file", "write_text", "recovery_folder"]


def writable_path(
    path: str, flag: str, force: bool = False, ask: Callable[[str], str] | None = None, hint: str = "--force"
) -> Path:
    """Check before any work that ``path`` can be written; a clear error otherwise.

    An existing file is replaced only with ``force``, or when ``ask`` (a
    terminal prompt) answers yes; without a terminal the answer is no.
    """
    if not str(path).strip():
        raise RulekitError(f"{flag} needs a file name, got an empty one")
    target = Path(path)
    if target.is_dir():
        raise RulekitError(f"{flag} {path!r} is a folder; name a file")
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        raise RulekitError(f"{flag} {path!r}: the folder {str(parent)!r} does not exist")
    if target.exists() or target.is_symlink():
        if not target.is_file():
            raise RulekitError(f"{flag} {path!r} is not a regular file (a device, a pipe?); name a file")
        if not force and not _yes(ask, f"{path} exists; replace it? [y/N] "):
            raise RulekitError(f"{flag} {path!r} exists; add {hint} to replace it, or name another file")
    _probe(target, parent, flag, path)
    return target


def _yes(ask: Callable[[str], str] | None, question: str) -> bool:
    if ask is None:
        if not sys.stdin or not sys.stdin.isatty():
            return False
        ask = input
    try:
        return ask(question).strip().lower() in {"y", "yes", "j", "ja"}
    except EOFError:
        return False


def _probe(target: Path, parent: Path, flag: str, path: str) -> None:
    """Create (and remove) a scratch file beside the target: the only honest test of "may write here"."""
    try:
        fd, scratch = tempfile.mkstemp(prefix=".rulekit-probe-", dir=parent)
    except OSError as err:
        raise RulekitError(f"{flag} {path!r}: cannot write in {str(parent)!r} ({err.strerror or err})") from None
    os.close(fd)
    os.unlink(scratch)
    if target.exists() and not os.access(target, os.W_OK):
        raise RulekitError(f"{flag} {path!r}: no permission to replace that file")


def recovery_folder() -> Path:
    """Where work goes when its own file cannot be written (the temp folder, which is always there)."""
    return Path(tempfile.gettempdir())


def write_file(path: str | Path, writer: Callable[[Path], None], flag: str) -> Path:
    """Write ``path`` with ``writer(tmp_path)`` atomically; on failure keep a recovery copy and say where."""
    target = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=target.suffix, dir=target.parent or ".")
        os.close(fd)
        try:
            writer(Path(tmp))
            os.replace(tmp, target)
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        return target
    except OSError as err:
        saved = _recover(target, writer)
        where = f"kept in {saved}" if saved else "and no recovery file could be written either"
        raise RulekitError(
            f"{flag}: could not write {str(target)!r} ({err.strerror or err}); the results are {where}"
        ) from None


def write_text(path: str | Path, text: str, flag: str) -> Path:
    """``write_file`` for text (UTF-8)."""
    return write_file(path, lambda p: p.write_text(text, encoding="utf-8"), flag)


def _recover(target: Path, writer: Callable[[Path], None]) -> Path | None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for folder in (recovery_folder(), Path.home(), Path.cwd()):
        spare = folder / f"rulekit-recovery-{stamp}-{os.getpid()}-{target.name or 'output'}"
        try:
            writer(spare)
            return spare
        except OSError:
            continue
    return None
