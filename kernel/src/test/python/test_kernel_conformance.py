"""Jupyter protocol conformance of the fabriclab kernel (Debian's python3-jupyter-kernel-test).

Run by .ci/checks.d/20-kernel-conformance.sh, which installs the kernelspec into a temporary
prefix and points JUPYTER_PATH at it.
"""
import unittest

import jupyter_kernel_test as jkt

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


if __name__ == "__main__":
    unittest.main()
