"""A class's progress (lesson run and quiz score) saved and resumed from the dashboard.

The progress is a small JSON text: ``Classroom.progress()`` makes it,
``Classroom.resume(text)`` continues from it. The dashboard offers it as a
download and writes it to a folder in the user's home (``rulekit-progress``);
an upload button resumes from such a file. No network, no server state.
"""

from __future__ import annotations

import base64
import json
from html import escape
from pathlib import Path

__all__ = ["FORMAT", "progress_doc", "read_progress", "download_link", "default_folder"]

#: the ``format`` field of a progress file (bump when its shape changes)
FORMAT = "rulekit-progress/1"


def default_folder() -> Path:
    """Where the dashboard saves progress files: ``~/rulekit-progress``."""
    return Path.home() / "rulekit-progress"


def progress_doc(game: str, lesson: str | None, run_json: str | None, quiz: dict, lang: str) -> dict:
    return {
        "format": FORMAT,
        "game": game,
        "lesson": lesson,
        "run": json.loads(run_json) if run_json else None,
        "quiz": quiz,
        "lang": lang,
    }


def read_progress(text: str | bytes) -> dict:
    """The progress document in ``text``; ``ValueError`` naming what is wrong."""
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ValueError(f"not JSON ({err})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"no {FORMAT!r} format field")
    if not isinstance(doc.get("game"), str):
        raise ValueError("no game id")
    return doc


def download_link(text: str, filename: str, caption: str) -> str:
    """An HTML link that downloads ``text`` as ``filename`` (a data URL: works offline and in Voila)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (
        f'<a class="rk-progress-download" download="{escape(filename)}" '
        f'href="data:application/json;base64,{data}">{escape(caption)}</a>'
    )
