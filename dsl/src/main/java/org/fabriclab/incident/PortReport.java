package org.fabriclab.incident;

import java.util.List;

import org.fabriclab.verdict.Verdict;

/**
 * What an incident says about one port: its fabric (and how it was told), the bytes it moved (and
 * how that was found), the verdict under the chosen profile, a second opinion under the other profile
 * of the fabric ({@code ib} vs {@code ib-full}, {@code roce} vs {@code roce-full}), for an incomplete
 * verdict what the captured counters say provisionally (null otherwise), why the deciding layer wins,
 * and the next steps.
 *
 * <pre>{@code
 * PortReport p = incident("incident-42").port("mlx5_0/1");
 * p.verdict().verdict();   // "physical"
 * p.why();                 // the layer ranking applied to what moved
 * }</pre>
 */
public record PortReport(String port, FabricKind.Found fabric, BytesMoved bytes, Verdict verdict, Verdict second, Verdict provisional,
                         List<String> why, List<String> nextSteps) {
    public PortReport {
        why = List.copyOf(why);
        nextSteps = List.copyOf(nextSteps);
    }

    /** The counters that decided the verdict (its detail), empty for clean. */
    public List<String> deciding() { return verdict.detail(); }
}
