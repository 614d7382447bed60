"""Jupyter protocol conformance of the fabriclab kernel (Debian's python3-jupyter-kernel-test).

Run by .ci/checks.d/20-kernel-conformance.sh, which installs the kernelspec into a temporary
prefix and points JUPYTER_PATH at it.
"""
import unittest

import jupyter_kernel_test as jkt
from jupyter_client.utils import run_sync
from jupyter_kernel_test.msgspec_v5 import validate_message

# The suite waits 0.1 s for each iopub message after the execute_reply; the kernel publishes "idle" right
# after the reply, but a loaded 2-core VM (JIT and JShell's indexer on both cores) can schedule its iopub
# send later than that (seen once in a full ./test.sh). The checks are the suite's; only the wait is longer.
IOPUB_WAIT_S = 5.0

CHART = (
    'var chart = new XYChartBuilder().width(300).height(200).title("rate").build();\n'
    'chart.addSeries("rx", new double[] {1, 2, 3}, new double[] {3, 1, 2});\n'
)


class FabriclabKernelTests(jkt.KernelTests):
    kernel_name = "fabriclab"
    language_name = "java"
    file_extension = ".jshell"

    code_hello_world = 'System.out.println("hello, world");'
    code_stderr = 'System.err.println("to stderr");'

    completion_samples = [
        {"text": "Integer.toHexStr", "matches": {"toHexString("}},
        {"text": "%clas", "matches": {"%classpath"}},
    ]

    complete_code_samples = ["int x = 1;", "System.out.println(1);", "void f() { }", "1 + 1"]
    incomplete_code_samples = ["for (int i = 0; i < 3; i++) {", "int f() {", "String s = \"a\" +"]
    invalid_code_samples = ["int x = 1; }"]

    code_generate_error = 'throw new IllegalStateException("boom");'

    code_execute_result = [
        {"code": "6 * 7", "result": "42"},
        {"code": "\"fab\" + \"ric\"", "result": "\"fabric\""},
        {"code": "Math.max(3, 9)", "result": "9"},
        {"code": "Table.create(\"t\", LongColumn.create(\"v\", new long[] {1, 2}))", "mime": "text/html"},
    ]

    code_display_data = [
        {"code": 'display(Table.create("ports", StringColumn.create("port", new String[] {"mlx5_0/1"})));', "mime": "text/html"},
        {"code": CHART + "display(chart);", "mime": "image/png"},
        {"code": CHART + 'display(chart, "image/svg+xml");', "mime": "image/svg+xml"},
        {"code": "display(org.fabriclab.verdict.Classifier.classify(IB, Map.of(), Map.of(), 1e12, 1000));",
         "mime": "application/json"},
    ]

    code_history_pattern = "6*7"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = "Math.abs"

    code_clear_output = "System.out.println(\"x\"); clearOutput(false);"

    def execute_helper(self, code, timeout=jkt.TIMEOUT, silent=False, store_history=True, stop_on_error=True):
        """The suite's execute_helper (reply, then busy, execute_input and outputs up to idle, all of this
        request), with IOPUB_WAIT_S for each iopub message instead of 0.1 s."""
        msg_id = self.kc.execute(code=code, silent=silent, store_history=store_history, stop_on_error=stop_on_error)
        reply = self.get_non_kernel_info_reply(timeout=timeout)
        validate_message(reply, "execute_reply", msg_id)
        get = run_sync(self.kc.iopub_channel.get_msg)
        busy = get(timeout=IOPUB_WAIT_S)
        validate_message(busy, "status", msg_id)
        self.assertEqual(busy["content"]["execution_state"], "busy")
        outputs = []
        while True:
            msg = get(timeout=IOPUB_WAIT_S)
            validate_message(msg, msg["msg_type"], msg_id)
            kind = msg["msg_type"]
            if kind == "status":
                self.assertEqual(msg["content"]["execution_state"], "idle")
                return reply, outputs
            if kind == "execute_input":
                self.assertEqual(msg["content"]["code"], code)
            else:
                outputs.append(msg)


if __name__ == "__main__":
    unittest.main()
