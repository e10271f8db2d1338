"""A toy game with a board scene, so widget tests need no real game."""

from __future__ import annotations

from tests.engine.toy import Toy


class ToyBoard(Toy):
    """The engine's toy race with a scene: one button per addend 1..3."""

    def scene(self, state, seat=None, lang="en"):
        word = "Summe" if lang == "de" else "total"
        buttons = [
            {
                "type": "rect",
                "x": 10 + 70 * i,
                "y": 40,
                "w": 60,
                "h": 30,
                "label": f"+{n}",
                "action": f"add {n}",
                "id": f"add-{n}",
                "title": f"add {n}",
            }
            for i, n in enumerate((1, 2, 3))
        ]
        return {
            "width": 240,
            "height": 90,
            "items": [
                {"type": "text", "x": 10, "y": 20, "text": f"{word} {state.data.total}", "id": "total"},
                {"type": "group", "label": "+", "x": 0, "y": 0, "items": buttons},
            ],
        }


GAME = ToyBoard()
