#!/usr/bin/env python3
"""What a user would write instead of `fabriclab show` for a perfquery -x dump: parse every
`# Port extended counters: Lid L port P` block and its `Name:.....value` lines, print one aligned
row per counter (file, line, port, counter, value). The baseline of bench/cli.py.

usage: show_perfquery.py DUMP
"""
import re
import sys

HEADER = re.compile(r"#\s*Port (?:extended )?counters:\s*Lid (\d+) port (\d+)")


def main(path):
    rows = []
    port = "?"
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.startswith("#"):
                m = HEADER.match(line)
                if m:
                    port = "lid %s/%s" % (m.group(1), m.group(2))
                continue
            name, sep, rest = line.partition(":")
            if not sep:
                continue
            value = rest.strip().lstrip(".")
            if not value.isdigit():  # PortSelect is a number too, CounterSelect is hex: keep counters only
                continue
            rows.append((path, str(n), port, name, value))
    head = ("file", "line", "port", "counter", "value")
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(head)]
    out = [" | ".join(h.rjust(w) for h, w in zip(head, widths)), "-" * (sum(widths) + 3 * (len(widths) - 1))]
    out.extend(" | ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
