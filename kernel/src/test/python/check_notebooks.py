"""Assertions on executed notebooks, used by .ci/checks.d/30-nbconvert.sh and 40-notebook-run.sh.

  check_notebooks.py nbconvert EXECUTED.ipynb
      the smoke notebook run by `jupyter nbconvert --execute --allow-errors` through the installed
      kernelspec: HTML table, PNG chart, verdict JSON, display update, error output, and a
      23-column table whose doubles are rounded for display (a BER as 1.2e-12).
  check_notebooks.py run RUN.ipynb NBCONVERT.ipynb
      the same notebook run by `./fabriclab run -p ...`: valid nbformat 4 (Debian's nbformat and
      its vendored JSON schema), injected parameters cell right after the `parameters` cell, and
      per cell the same output types and MIME types as Jupyter produced.
"""
import sys

import nbformat


def fail(msg):
    print("check_notebooks: FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def load(path):
    nb = nbformat.read(path, as_version=4)
    try:
        nbformat.validate(nb)
    except nbformat.ValidationError as e:
        fail(f"{path}: not valid nbformat 4: {e}")
    return nb


def shape(cell):
    """[(output_type, sorted MIME types or stream name)] of a code cell."""
    out = []
    for o in cell.get("outputs", []):
        if o["output_type"] in ("execute_result", "display_data"):
            out.append((o["output_type"], tuple(sorted(o["data"]))))
        elif o["output_type"] == "stream":
            out.append(("stream", o["name"]))
        else:
            out.append((o["output_type"], o.get("ename")))
    return out


def by_id(nb):
    return {c.get("id"): c for c in nb.cells if c.cell_type == "code"}


def check_nbconvert(path):
    nb = load(path)
    cells = by_id(nb)
    data = lambda cid: [o.get("data", {}) for o in cells[cid].outputs]
    if not any("<table" in d.get("text/html", "") and "9007199254740993" in d["text/html"] for d in data("table")):
        fail("no HTML table with the exact long value in the table cell")
    if not any(d.get("image/png", "").startswith("iVBORw0KGgo") for d in data("chart")):
        fail("no PNG chart in the chart cell")
    if not any(isinstance(d.get("application/json"), dict) and "verdict" in d["application/json"] for d in data("verdict")):
        fail("no verdict JSON in the verdict cell")
    progress = [d.get("text/plain") for d in data("progress")]
    if progress != ['"step 2 of 2: done"']:
        fail(f"display update not applied: {progress}")
    wide = [d.get("text/html", "") for d in data("wide")]
    if not any(h.count("<th>") == 23 and "<td>1.2e-12</td>" in h and "<td>0.982329</td>" in h for h in wide):
        fail(f"the wide cell must show 23 columns, 1.2e-12 and 0.982329: {[h[:300] for h in wide]}")
    if any("0.9823290654719999" in h for h in wide):
        fail("the wide cell shows an unrounded double (0.9823290654719999)")
    errors = [o for o in cells["boom"].outputs if o.output_type == "error"]
    if not errors or errors[0].ename != "java.lang.IllegalStateException":
        fail("no error output with the real exception class in the failing cell")
    print(f"check_notebooks: {path}: HTML table, PNG chart, verdict JSON, display update, rounded wide table, error output: ok")


def check_run(path, reference):
    nb = load(path)
    ref = load(reference)
    tags = [c.metadata.get("tags", []) for c in nb.cells]
    pi = next((i for i, t in enumerate(tags) if "parameters" in t), None)
    if pi is None or "injected-parameters" not in tags[pi + 1]:
        fail("the injected parameters cell must follow the cell tagged parameters")
    ours, theirs = by_id(nb), by_id(ref)
    for cid, cell in theirs.items():
        if cid not in ours:
            fail(f"cell {cid} missing from the run output")
        if shape(ours[cid]) != shape(cell):
            fail(f"cell {cid}: fabriclab run stored {shape(ours[cid])}, Jupyter stored {shape(cell)}")
    print(f"check_notebooks: {path}: valid nbformat 4, parameters injected, same outputs and MIME types as Jupyter: ok")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "nbconvert":
        check_nbconvert(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "run":
        check_run(sys.argv[2], sys.argv[3])
    else:
        fail(__doc__)
