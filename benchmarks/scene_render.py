"""Draw a scene as a standalone SVG (the board widget's rules) and screenshot it with Chromium.

For looking at boards outside Jupyter: ``scene_render.py rune_stones --players 3
--steps 40 --px 640`` writes ``/tmp/scenes/<game>-<px>.png`` (the board drawn
``px`` pixels wide, as the widget scales the viewBox to its width).
"""

from __future__ import annotations

import argparse
import html
import random
import subprocess
from pathlib import Path

import rulekit
from rulekit.serve.dashboard import CHROMIUM, CHROMIUM_ARGS


def _attrs(**kw) -> str:
    return " ".join(f'{k.replace("_", "-")}="{html.escape(str(v))}"' for k, v in kw.items() if v is not None)


def svg_item(item: dict, legal: set[str]) -> str:
    t, paint = item["type"], {k: item.get(k) for k in ("fill", "stroke", "opacity")}
    out = ""
    if t == "rect":
        out = f"<rect {_attrs(x=item['x'], y=item['y'], width=item['w'], height=item['h'], rx=item.get('rx', 0), **paint)}/>"
        cx, cy = item["x"] + item["w"] / 2, item["y"] + item["h"] / 2
    elif t == "circle":
        out = f"<circle {_attrs(cx=item['x'], cy=item['y'], r=item['r'], **paint)}/>"
        cx, cy = item["x"], item["y"]
    elif t == "text":
        w = "bold" if item.get("bold") else None
        a = _attrs(x=item["x"], y=item["y"], font_size=item.get("size", 12), fill=item.get("fill"),
                   text_anchor=item.get("anchor", "start"), font_weight=w)  # fmt: skip
        out = f"<text {a}>{html.escape(str(item['text']))}</text>"
    elif t == "line":
        out = f"<line {_attrs(x1=item['x1'], y1=item['y1'], x2=item['x2'], y2=item['y2'], stroke=item.get('stroke', '#555'), stroke_width=item.get('width', 1))}/>"
    elif t == "group":
        if item.get("label"):
            out += f"<text {_attrs(x=item.get('x', 0), y=item.get('y', 0), font_size=item.get('size', 14), font_weight='bold')}>{html.escape(item['label'])}</text>"
        out += "".join(svg_item(i, legal) for i in item.get("items", []))
    if t in ("rect", "circle") and item.get("label") is not None:
        out += (
            f"<text {_attrs(x=cx, y=cy, font_size=item.get('size', 12), text_anchor='middle', dominant_baseline='central')}>"
            f"{html.escape(str(item['label']))}</text>"
        )
    if item.get("action") and t != "group":
        out = f'<g class="{"on" if item["action"] in legal else "off"}">{out}</g>'
    return out


def render(scene: dict, legal: set[str], px: int, path: Path) -> None:
    body = "".join(svg_item(i, legal) for i in scene["items"])
    h = round(px * scene["height"] / scene["width"])
    page = (
        f"<html><body style='margin:0'><style>text{{font-family:system-ui,sans-serif}}"
        f".on rect,.on circle{{stroke:#2f6fb5;stroke-width:3}}.off{{opacity:.45}}</style>"
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{px}' height='{h}' "
        f"viewBox='0 0 {scene['width']} {scene['height']}'>{body}</svg></body></html>"
    )
    src = path.with_suffix(".html")
    src.write_text(page)
    subprocess.run(
        [CHROMIUM, *CHROMIUM_ARGS, f"--screenshot={path}", f"--window-size={px},{h}", src.as_uri()],
        check=True,
        capture_output=True,
        timeout=120,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seat", default="mover")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--px", type=int, nargs="+", default=[640])
    args = ap.parse_args()
    game = rulekit.load(args.game)
    s, rng = game.new(players=args.players, seed=args.seed), random.Random(args.seed)
    for _ in range(args.steps):
        if s.is_over:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    seat = s.to_move if args.seat == "mover" else (None if args.seat == "all" else int(args.seat))
    scene = game.scene(s, seat, args.lang)
    out = Path("/tmp/scenes")
    out.mkdir(exist_ok=True)
    for px in args.px:
        path = out / f"{args.game}-{args.lang}-{px}.png"
        render(scene, {str(a) for a in s.legal_actions()}, px, path)
        print(path, s.phase, "seat", seat)


if __name__ == "__main__":
    main()
