"""The static site names no CDN and fetches from no other host (#28 item 3), checked without a build."""

from __future__ import annotations

from pathlib import Path

from rulekit.serve.offline_site import make_offline, reaches_out

#: the shape of Voici 0.10's lazy mermaid loader in its page template
MERMAID = """<script type="module">
  document.addEventListener("DOMContentLoaded", async () => {
    const diagrams = document.querySelectorAll(".jp-Mermaid > pre.mermaid");
    if (!diagrams.length) { return; }
    const mermaid = (await import("https://cdnjs.cloudflare.com/ajax/libs/mermaid/11.10.0/mermaid.esm.min.mjs")).default;
  });
</script>"""


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "voici" / "render").mkdir(parents=True)
    (site / "static").mkdir()
    page = f'<html><head><link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/fa.css"></head>{MERMAID}'
    page += '<a href="https://github.com/rulekit">source</a></html>'
    (site / "voici" / "render" / "game.html").write_text(page)
    (site / "static" / "pyodide.mjs").write_text("e.cdnUrl=e.base??`https://cdn.jsdelivr.net/pyodide/v${x}/full/`;")
    (site / "static" / "lazy.js").write_text('// see <img src="https://attacker.example.org/"> in the docs\n')
    (site / "static" / "style.css").write_text("@font-face{src:url(https://fonts.example.net/a.woff2)}")
    return site


def test_every_cdn_address_and_fetch_from_another_host_is_found(tmp_path):
    found = "\n".join(reaches_out(_site(tmp_path)))
    assert "game.html" in found and "mermaid" in found and "cdn.jsdelivr.net/npm" in found
    assert "pyodide.mjs" in found and "style.css" in found
    assert "attacker" not in found  # a comment fetches nothing
    assert "github.com" not in found  # a link a person may click is not a fetch


def test_make_offline_leaves_nothing_that_reaches_out(tmp_path):
    site = _site(tmp_path)
    (site / "static" / "style.css").unlink()  # a foreign font is not ours to rewrite: publish refuses it
    assert make_offline(site) > 0
    assert reaches_out(site) == []
    page = (site / "voici" / "render" / "game.html").read_text()
    assert "mermaid" not in page.replace("mermaid diagrams are not loaded", "")
    assert "https://github.com/rulekit" in page


def test_babel_keeps_only_the_languages_rulekit_speaks(tmp_path):
    import zipfile

    from rulekit.serve.pyodide_site import trim_babel

    wheel = tmp_path / "babel-2.17.0-py3-none-any.whl"
    names = ["babel/__init__.py", "babel/locale-data/root.dat", "babel/locale-data/en.dat"]
    names += ["babel/locale-data/de_AT.dat", "babel/locale-data/fr.dat", "babel/locale-data/ja_JP.dat"]
    record = "".join(f"{n},sha256=x,1\n" for n in names)
    with zipfile.ZipFile(wheel, "w") as whl:
        for name in names:
            whl.writestr(name, "x")
        whl.writestr("babel-2.17.0.dist-info/RECORD", record)
    trim_babel(tmp_path)
    with zipfile.ZipFile(wheel) as whl:
        kept = set(whl.namelist())
        rows = whl.read("babel-2.17.0.dist-info/RECORD").decode()
    assert {"babel/__init__.py", "babel/locale-data/root.dat", "babel/locale-data/en.dat"} <= kept
    assert "babel/locale-data/de_AT.dat" in kept and "babel/locale-data/fr.dat" not in kept
    assert "fr.dat" not in rows and "ja_JP" not in rows
