"""stdin and exit through jupyter_client, as Jupyter and jupyter console use the kernel.

Run by .ci/checks.d/22-kernel-stdin.sh (kernelspec installed into a temporary prefix, JUPYTER_PATH
pointing at it). A cell's readLine, readPassword and System.in become input_request messages when
the request allows stdin, a clear error when it does not; exit / quit reply with the ask_exit
payload jupyter console ends on.
"""
import unittest

from jupyter_client.manager import start_new_kernel


class FabriclabStdinTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.km, cls.kc = start_new_kernel(kernel_name="fabriclab", startup_timeout=120)

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)

    def run_cell(self, code, allow_stdin, answers=()):
        asked, outputs = [], []
        answers = list(answers)

        def stdin_hook(msg):
            c = msg["content"]
            asked.append((c["prompt"], c["password"]))
            self.kc.input(answers.pop(0))

        def output_hook(msg):
            outputs.append(msg)

        reply = self.kc.execute_interactive(code, allow_stdin=allow_stdin, stdin_hook=stdin_hook,
                                            output_hook=output_hook, timeout=120)
        return reply["content"], asked, outputs

    def test_input_password_and_system_in(self):
        code = ('String who = readLine("name? ");\n'
                'String pw = readPassword("password: ");\n'
                'int n = new Scanner(System.in).nextInt();\n'
                'who + "/" + pw + "/" + (n * 2)')
        content, asked, outputs = self.run_cell(code, True, ["ada", "s3cret", "21"])
        self.assertEqual("ok", content["status"], content)
        self.assertEqual([("name? ", False), ("password: ", True), ("", False)], asked)
        results = [m["content"]["data"]["text/plain"] for m in outputs if m["msg_type"] == "execute_result"]
        self.assertEqual(['"ada/s3cret/42"'], results)

    def test_no_stdin_is_a_clear_error(self):
        content, asked, _ = self.run_cell('readLine("name? ")', False)
        self.assertEqual("error", content["status"])
        self.assertIn("does not support input", content["evalue"])
        self.assertEqual([], asked)

    def test_exit_asks_the_console_to_end(self):
        content, _, _ = self.run_cell("exit", False)
        self.assertEqual("ok", content["status"])
        self.assertEqual([{"source": "ask_exit", "keepkernel": False}], content["payload"])


if __name__ == "__main__":
    unittest.main()
