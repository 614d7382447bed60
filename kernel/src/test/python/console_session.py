"""A real `jupyter console --kernel fabriclab` session in a pseudo-terminal (pexpect).

Run by .ci/checks.d/23-console.sh. Types a cell that calls readLine and readPassword, answers
the prompts jupyter console shows (input_request), checks the result, then types `exit` and
expects the console to end and shut the kernel down (ask_exit payload).
"""
import sys

import pexpect


def main():
    c = pexpect.spawn("jupyter", ["console", "--kernel", "fabriclab", "--simple-prompt"],
                      encoding="utf-8", timeout=180, dimensions=(40, 200))
    c.logfile_read = sys.stdout
    c.expect(r"In \[1\]: ")
    c.sendline('String who = readLine("name? "); String pw = readPassword("password: "); who + "/" + pw.length()')
    c.expect("name\\? ")
    c.sendline("ada")
    c.expect("password: ")
    c.sendline("s3cret")
    c.expect('"ada/6"')
    c.expect(r"In \[2\]: ")
    c.sendline("exit")
    c.expect("Shutting down kernel")
    c.expect(pexpect.EOF)
    c.close()
    if c.exitstatus != 0:
        print(f"\njupyter console exited with {c.exitstatus}", file=sys.stderr)
        return 1
    print("\nconsole session: readLine, readPassword and exit work")
    return 0


if __name__ == "__main__":
    sys.exit(main())
