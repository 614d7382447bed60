package org.fabriclab.kernel.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.io.csv.CsvWriteOptions;

/** Prints a Tablesaw table as text, CSV (Tablesaw's writer) or JSON lines (Jackson); longs stay exact. */
final class TableOutput {
    enum Format { TEXT, CSV, JSON }

    static final ObjectMapper JSON = new ObjectMapper();

    private TableOutput() {}

    static void print(Table t, Format f, PrintWriter out) throws Exception {
        switch (f) {
            case TEXT -> out.println(t.printAll());
            case CSV -> {
                StringWriter sw = new StringWriter();
                t.write().csv(CsvWriteOptions.builder(sw).build());
                out.print(sw);
            }
            case JSON -> {
                for (Row r : t) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    for (Column<?> c : t.columns()) {
                        int i = r.getRowNumber();
                        m.put(c.name(), c.isMissing(i) ? null : c.get(i));
                    }
                    out.println(JSON.writeValueAsString(m));
                }
            }
        }
        out.flush();
    }
}
