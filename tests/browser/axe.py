"""axe-core in the browser tests (issue 27): vendored under tests/browser/vendor/, never fetched, never shipped.

``check(page, where)`` runs axe-core's WCAG 2.0/2.1 A and AA rules and its
best practices on the page as it is now. Any violation of impact serious or
critical fails; every other one must be listed, with its reason, in the table
of docs/accessibility.md (a rule id there in backticks), so nothing minor is
left unexplained.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = Path(__file__).with_name("vendor") / "axe.min.js"
DOC = ROOT / "docs" / "accessibility.md"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
#: the whole document: nothing is left out, the notebooks' own cell outputs included
RUN = """async (tags) => {
  const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ") + ": " + (n.failureSummary || "").split("\\n")[1]) }));
}"""


def documented() -> set[str]:
    """Rule ids listed in the "remaining" table of docs/accessibility.md."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split("## Remaining findings", 1)[-1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z0-9-]+)`", part, flags=re.M))


def check(page, where: str) -> list[dict]:
    """Run axe on ``page``; fail on serious or critical findings and on undocumented minor ones."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate(RUN, TAGS)
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: " + "; ".join(f"[{v['impact']}] {v['id']} ({v['help']}): {v['nodes']}" for v in bad)
    unexplained = [v for v in found if v["id"] not in documented()]
    assert not unexplained, f"{where}: not listed in docs/accessibility.md: " + "; ".join(
        f"[{v['impact']}] {v['id']} ({v['help']}): {v['nodes']}" for v in unexplained
    )
    return found
