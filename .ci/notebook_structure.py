"""Checks executed notebooks against the committed ones, for .ci/checks.d/50-notebooks.sh.

  notebook_structure.py COMMITTED_DIR FRESH_DIR [FRESH_DIR...]

For every notebook in COMMITTED_DIR: the committed file is executed (every code cell has an
execution count), holds no error output and no absolute /work or /home path; each FRESH_DIR holds
a fresh execution of it (`./fabriclab run`, `jupyter nbconvert --execute`) that is valid nbformat 4,
has no error output, and matches the committed one in structure: the same cells (ids, types,
sources) and per code cell the same outputs (output type, and MIME types or stream name). Values
(timings, numbers in text) may differ; structure may not.
"""
import os
import re
import sys

import nbformat

# the per-cell output shape is the kernel checks' own definition, so both checks compare the same thing
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "kernel", "src", "test", "python"))
from check_notebooks import shape  # noqa: E402


def load(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    return nb


def cells(nb):
    # an injected-parameters cell (papermill style) is not part of the notebook's own structure
    return [c for c in nb.cells if "injected-parameters" not in c.get("metadata", {}).get("tags", [])]


def errors(nb):
    found = []
    for i, c in enumerate(cells(nb), 1):
        for o in c.get("outputs", []):
            if o["output_type"] == "error":
                found.append(f"cell {i} ({c.get('id')}): {o.get('ename')}: {o.get('evalue', '')[:300]}")
    return found


def main(committed_dir, fresh_dirs):
    problems = []
    names = sorted(n for n in os.listdir(committed_dir) if n.endswith(".ipynb"))
    if not names:
        problems.append(f"{committed_dir}: no notebooks")
    for name in names:
        path = os.path.join(committed_dir, name)
        text = open(path, encoding="utf-8").read()
        for m in re.finditer(r"/(?:work|home|tmp)/[\w.-]+", text):
            problems.append(f"{path}: absolute path {m.group(0)!r} in a committed notebook")
            break
        committed = load(path)
        problems += [f"{path}: committed with an error output: {e}" for e in errors(committed)]
        for i, c in enumerate(cells(committed), 1):
            if c.cell_type == "code" and c.source.strip() and c.get("execution_count") is None:
                problems.append(f"{path}: cell {i} ({c.get('id')}) was not executed: commit the executed notebook")
        for d in fresh_dirs:
            fpath = os.path.join(d, name)
            if not os.path.exists(fpath):
                problems.append(f"{fpath}: missing (the notebook was not executed)")
                continue
            fresh = load(fpath)
            problems += [f"{fpath}: error output: {e}" for e in errors(fresh)]
            a, b = cells(committed), cells(fresh)
            if [(c.cell_type, c.get("id"), c.source) for c in a] != [(c.cell_type, c.get("id"), c.source) for c in b]:
                problems.append(f"{fpath}: not the same cells as {path} (ids, types or sources differ)")
                continue
            for i, (x, y) in enumerate(zip(a, b), 1):
                if x.cell_type == "code" and shape(x) != shape(y):
                    problems.append(f"{fpath}: cell {i} ({x.get('id')}) outputs {shape(y)}, committed {shape(x)}")
    for p in problems:
        print("notebook_structure: FAIL: " + p, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"notebook_structure: {len(names)} notebooks: committed executed, no errors, {len(fresh_dirs)} fresh executions match in structure")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1], sys.argv[2:])
