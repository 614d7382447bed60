package org.fabriclab.reconcile;

import java.util.ArrayList;
import java.util.List;

import org.fabriclab.capture.Capture;
import org.fabriclab.catalogue.Source;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/** perftest captures with the perftest reader's table contract (perftest_run, bandwidth), built in test code. */
public final class ReconcileFixtures {
    private ReconcileFixtures() {}

    /** A perftest capture: one run per role, one bandwidth row each. */
    public static Capture perftest(String unit, double bwAverage, boolean bidirectional, String... roles) {
        List<String> file = new ArrayList<>(), role = new ArrayList<>(), test = new ArrayList<>(), dev = new ArrayList<>(), units = new ArrayList<>();
        List<Integer> port = new ArrayList<>();
        List<Boolean> bidi = new ArrayList<>();
        for (String r : roles) { file.add("ib_write_bw.log"); role.add(r); test.add("ib_write_bw"); dev.add("mlx5_0"); port.add(1); units.add(unit); bidi.add(bidirectional); }
        double[] nan = new double[roles.length];
        java.util.Arrays.fill(nan, Double.NaN);
        Table run = Table.create("perftest_run", StringColumn.create("file", file), StringColumn.create("role", role),
                StringColumn.create("test", test), StringColumn.create("device", dev), IntColumn.create("ib_port", port.stream().mapToInt(i -> i).toArray()),
                DoubleColumn.create("duration_s", nan), StringColumn.create("unit", units), BooleanColumn.create("bidirectional", bidi));
        double[] avg = new double[roles.length];
        java.util.Arrays.fill(avg, bwAverage);
        long[] size = new long[roles.length];
        java.util.Arrays.fill(size, 65536);
        Table bw = Table.create("bandwidth", StringColumn.create("file", file), StringColumn.create("role", role),
                LongColumn.create("msg_bytes", size), DoubleColumn.create("bw_average", avg), StringColumn.create("unit", units));
        return Capture.builder(Source.PERFTEST, "ib_write_bw.log").measurements("perftest_run", run).measurements("bandwidth", bw).build();
    }

}
