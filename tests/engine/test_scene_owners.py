"""The grid index of ``scene_names._owners`` gives the same owner as testing every shape (issue 26's speed-up)."""

from __future__ import annotations

import random

from rulekit.engine import scene_names as sn


def brute_owners(items: list[dict]) -> dict[int, dict]:
    """The plain definition: the first of the smallest claiming shapes whose box holds the text's point."""
    shapes = [(s, b) for s in sn._flat(items) if s.get("type") in sn.SHAPES and sn._claims(s) and (b := sn._box(s))]
    owner = {}
    for item in sn._flat(items):
        if item.get("type") != "text" or not str(item.get("text", "")).strip():
            continue
        x, y = sn._text_point(item)
        best = None
        for shape, b in shapes:
            area = (b[2] - b[0]) * (b[3] - b[1])
            if b[0] <= x <= b[2] and b[1] <= y <= b[3] and (best is None or area < best[1]):
                best = (shape, area)
        if best is not None:
            owner[id(item)] = best[0]
    return owner


def random_scene(rng: random.Random) -> list[dict]:
    items: list[dict] = [
        # a frame wider than MAX_CELLS cells (tested for every text), and one that is a panel (never an owner)
        {"type": "rect", "x": -10, "y": -10, "w": 5000, "h": 3000, "id": "frame"},
        {"type": "rect", "x": 0, "y": 0, "w": 900, "h": 600, "class": "rk-panel", "id": "panel"},
    ]
    for n in range(120):
        w, h = rng.choice([sn.CELL, 2 * sn.CELL, rng.uniform(5, 300)]), rng.choice([sn.CELL, rng.uniform(5, 200)])
        x, y = rng.choice([0.0, sn.CELL, rng.uniform(-50, 1000)]), rng.choice([0.0, rng.uniform(-50, 700)])
        kind = rng.choice(["rect", "rect", "circle"])
        shape = {"type": kind, "x": x, "y": y, "label": f"s{n}"}
        shape.update({"w": w, "h": h} if kind == "rect" else {"r": w / 2})
        items.append(shape)
        if rng.random() < 0.3:  # a copy of the same size: equal areas, the first one wins
            items.append({**shape, "label": f"copy{n}"})
    texts = []
    for n in range(200):
        # points on cell borders and box edges as well as anywhere (a text's point is y - size / 3)
        x = rng.choice([sn.CELL * rng.randint(0, 15), rng.uniform(-60, 1100)])
        y = rng.choice([sn.CELL * rng.randint(0, 10) + 4, rng.uniform(-60, 800)])
        texts.append({"type": "text", "x": x, "y": y, "size": 12, "text": f"t{n}"})
    items.append({"type": "group", "items": texts[:100]})
    return items + texts[100:]


def test_grid_owners_equal_the_plain_definition():
    rng = random.Random(26)
    for _ in range(30):
        items = random_scene(rng)
        got = {k: id(v) for k, v in sn._owners(items).items()}
        assert got == {k: id(v) for k, v in brute_owners(items).items()}
        assert got  # the scenes do put texts in shapes


def test_a_shape_with_a_bad_box_owns_nothing_and_breaks_nothing():
    items = [
        {"type": "rect", "x": float("nan"), "y": 0, "w": 10, "h": 10, "label": "nan"},
        {"type": "rect", "x": 0, "y": 0, "w": 100, "h": 100, "label": "card"},
        {"type": "text", "x": 10, "y": 20, "text": "inside"},
        {"type": "text", "x": float("inf"), "y": 20, "text": "nowhere"},
    ]
    owners = sn._owners(items)
    assert [owners[id(t)]["label"] for t in items[2:3]] == ["card"]
    assert id(items[3]) not in owners
