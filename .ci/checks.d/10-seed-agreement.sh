#!/usr/bin/env bash
# Acceptance (issue 2): `./fabriclab classify --jsonl` agrees with the runbook's reference classify()
# on every line of a large random set of snapshot pairs. The reference code is read from the seed
# document at run time and executed with Debian's python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
seed=../shared/seeds/000_b540c9036d55a94f.txt
if [ ! -f "$seed" ]; then echo "seed-agreement: $seed not present beside this checkout; skipped"; exit 0; fi
py=/usr/bin/python3; [ -x "$py" ] || py=python3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
n=${SEED_AGREEMENT_LINES:-100000}
"$py" kernel/src/test/python/seed_reference.py "$seed" --generate "$n" 7 > "$tmp/in.jsonl"
"$py" kernel/src/test/python/seed_reference.py "$seed" < "$tmp/in.jsonl" > "$tmp/expected.jsonl"
set +e; ./fabriclab classify --jsonl < "$tmp/in.jsonl" > "$tmp/actual.jsonl"; rc=$?; set -e
# exit 2 is expected: the random set includes lines with no traffic (bytes <= 0), which are bad input
[ "$rc" = 0 ] || [ "$rc" = 2 ] || { echo "seed-agreement: classify --jsonl exited $rc"; exit 1; }
"$py" - "$tmp/in.jsonl" "$tmp/expected.jsonl" "$tmp/actual.jsonl" <<'PY'
import json, sys
ins, exp, act = (open(p).read().splitlines() for p in sys.argv[1:4])
assert len(exp) == len(act) == len(ins), (len(ins), len(exp), len(act))
bad = 0
for i, (e, a) in enumerate(zip(exp, act), 1):
    e, a = json.loads(e), json.loads(a)
    if "error" in e:
        ok = "error" in a
    else:
        ok = all(e[k] == a.get(k) for k in ("verdict", "detail", "live"))
    if not ok:
        bad += 1
        if bad <= 5:
            print(f"line {i}: reference {e} fabriclab {a} input {ins[i-1][:300]}")
print(f"seed-agreement: {len(exp) - bad} passed, {bad} failed")
sys.exit(1 if bad else 0)
PY
