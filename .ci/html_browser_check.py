"""Renders exported notebook HTML in headless Chromium and checks what a reader sees.

  html_browser_check.py [--screenshots DIR] PAGE.html[=SOURCE.ipynb]...

Per page and window width (1280 and 700 CSS px), Chromium loads a copy of the page with a small
script appended; the script measures the laid-out page and writes the result into the DOM, which
`--dump-dom` prints. Asserted:
  - the page is no wider than the window (document scrollWidth <= clientWidth), and no element
    outside a sideways-scrolling box reaches past the window's right edge;
  - no <pre> needs a sideways scroll: long lines wrap, nothing is cut off;
  - every image decoded (naturalWidth > 0);
  - no raw markdown visible as text: no line of the rendered text starts with '#', '**', '```' or is
    a table delimiter row ('|---|'), and, when SOURCE.ipynb is given, no heading line, **strong**
    span, `code` span or table delimiter row of its markdown cells appears verbatim in the text.
With --screenshots, a full-width PNG of each page (1280 px wide) is written there.
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

WIDTHS = (1280, 700)
MARK = "fabriclab-measure"

MEASURE = """
<script>
window.addEventListener('load', function () {
  var root = document.documentElement, vw = root.clientWidth;
  function scrolls(e) {
    for (var p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      var ox = getComputedStyle(p).overflowX;
      if (ox === 'auto' || ox === 'scroll' || ox === 'hidden') return true;
    }
    return false;
  }
  function name(e) {
    return e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().replace(/\\s+/g, '.') : '');
  }
  var wide = [], cut = [], broken = [];
  document.body.querySelectorAll('*').forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.width > 0 && r.right > vw + 1 && !scrolls(e)) wide.push(name(e) + ' right=' + Math.round(r.right));
    if (e.tagName === 'PRE' && e.scrollWidth > e.clientWidth + 1) cut.push(name(e) + ' ' + e.scrollWidth + '>' + e.clientWidth + ': ' + e.textContent.slice(0, 80));
    if (e.tagName === 'IMG' && !(e.complete && e.naturalWidth > 0)) broken.push(name(e));
  });
  var out = {viewport: vw, scrollWidth: root.scrollWidth, wide: wide.slice(0, 10), cut: cut.slice(0, 10),
             broken: broken, images: document.images.length, text: document.body.innerText};
  var pre = document.createElement('pre');
  pre.id = 'MARK';
  pre.style.display = 'none';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
});
</script>
""".replace("MARK", MARK)

GENERIC = [
    (re.compile(r"^#{1,6}\s"), "a heading marker '#'"),
    (re.compile(r"^\*\*\S"), "a strong marker '**'"),
    (re.compile(r"^```"), "a code fence"),
    (re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$"), "a table delimiter row"),
]


def fail(msg):
    print("html_browser_check: FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def chromium(args, tmp):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        fail("chromium not found (.ci/install-deps.sh installs Debian's chromium)")
    profile = tempfile.mkdtemp(prefix="profile-", dir=tmp)
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", "--no-default-browser-check",
           "--disable-extensions", "--hide-scrollbars", "--user-data-dir=" + profile] + args
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120, text=True)
    except subprocess.TimeoutExpired:
        fail("chromium did not finish in 120 s: " + " ".join(cmd))
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    if p.returncode != 0:
        fail(f"chromium exit {p.returncode}: {p.stderr[-2000:]}")
    return p.stdout


def measure(page, width, tmp):
    src = open(page, encoding="utf-8").read()
    probe = os.path.join(tmp, "probe.html")
    i = src.rfind("</body>")
    with open(probe, "w", encoding="utf-8") as f:
        f.write(src[:i] + MEASURE + src[i:] if i >= 0 else src + MEASURE)
    dom = chromium([f"--window-size={width},1000", "--virtual-time-budget=5000", "--dump-dom",
                    "file://" + os.path.abspath(probe)], tmp)
    m = re.search(r'<pre id="' + MARK + r'"[^>]*>(.*?)</pre>', dom, re.S)
    if not m:
        fail(f"{page}: the measuring script did not run (no #{MARK} in the dumped DOM)")
    return json.loads(html.unescape(m.group(1)))


def source_markers(ipynb):
    """Lines and spans of the notebook's markdown that must not survive as literal text."""
    nb = json.load(open(ipynb, encoding="utf-8"))
    out = set()
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        src = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        in_fence = False
        for line in src.splitlines():
            s = line.strip()
            if s.startswith("```"):
                in_fence = not in_fence
                continue
            if in_fence:
                continue
            if re.match(r"^#{1,6}\s", s) or GENERIC[3][0].match(s):
                out.add(s)
            out.update(re.findall(r"\*\*[^*\n]+\*\*", s))
            out.update(re.findall(r"(?<!`)`[^`\n]+`(?!`)", s))
    return out


def check(page, ipynb, tmp):
    problems = []
    for width in WIDTHS:
        m = measure(page, width, tmp)
        at = f"at {width}px"
        if m["scrollWidth"] > m["viewport"]:
            problems.append(f"{at}: page {m['scrollWidth']} px wide in a {m['viewport']} px window; {m['wide']}")
        elif m["wide"]:
            problems.append(f"{at}: elements past the window's edge: {m['wide']}")
        if m["cut"]:
            problems.append(f"{at}: <pre> cut off (scrolls sideways instead of wrapping): {m['cut']}")
        if m["broken"]:
            problems.append(f"{at}: images not decoded: {m['broken']}")
        text = m["text"]
    for n, line in enumerate(text.splitlines(), 1):
        for rx, what in GENERIC:
            if rx.match(line.strip()):
                problems.append(f"rendered text line {n} shows {what}: {line.strip()[:100]!r}")
    if ipynb:
        for marker in sorted(source_markers(ipynb)):
            if marker in text:
                problems.append(f"raw markdown from {os.path.basename(ipynb)} visible as text: {marker[:100]!r}")
    if problems:
        fail(f"{page}:\n  " + "\n  ".join(problems))
    print(f"html_browser_check: {page}: {len(WIDTHS)} widths, {m['images']} images, markdown rendered, nothing wider than the page: ok")


def main(argv):
    shots = None
    if len(argv) >= 2 and argv[0] == "--screenshots":
        shots, argv = argv[1], argv[2:]
    if not argv:
        fail(__doc__)
    tmp = tempfile.mkdtemp(prefix="html-browser-")
    try:
        for arg in argv:
            page, _, ipynb = arg.partition("=")
            check(page, ipynb or None, tmp)
            if shots:
                os.makedirs(shots, exist_ok=True)
                png = os.path.join(shots, os.path.splitext(os.path.basename(page))[0] + ".png")
                chromium(["--window-size=1280,4000", "--screenshot=" + os.path.abspath(png), "file://" + os.path.abspath(page)], tmp)
                print(f"html_browser_check: screenshot {png}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
