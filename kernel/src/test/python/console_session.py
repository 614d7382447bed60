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
    # a first cell that needs no input: jupyter console 6.4 takes any status message of its session as the
    # state of the cell it runs, and the busy/idle pairs of the kernel_info requests jupyter_client repeats
    # while the JVM starts (one a second) can still be queued then: they end its wait for input_request of
    # the FIRST cell early (it then waits for the reply while the kernel waits for input). ipykernel starts
    # within the first second, so it sees one kernel_info. See notes-kernel-magics.md.
    c.sendline("1 + 1")
    c.expect("Out\\[1\\]: 2")
    c.expect(r"In \[2\]: ")
    c.sendline('String who = readLine("name? "); String pw = readPassword("password: "); who + "/" + pw.length()')
    # the prompts jupyter console prints at the start of a line (the typed cell contains them too)
    c.expect(r"\nname\? ")
    c.sendline("ada")
    c.expect(r"\npassword: ")
    c.sendline("s3cret")
    c.expect('"ada/6"')
    c.expect(r"In \[3\]: ")
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
