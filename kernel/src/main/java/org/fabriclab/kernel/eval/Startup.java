package org.fabriclab.kernel.eval;

import java.util.List;

/**
 * What every session (kernel, REPL, notebook runner) imports before the first cell, so
 * {@code snapshot(...)}, {@code IB}, {@code display(...)}, {@code Table} work at once.
 */
public final class Startup {
    private Startup() {}

    public static final List<String> IMPORTS = List.of(
            "import static org.fabriclab.Fabric.*;",
            "import static org.fabriclab.kernel.display.Display.*;",
            "import static org.fabriclab.kernel.eval.Input.readLine;",
            "import static org.fabriclab.kernel.eval.Input.readPassword;",
            "import java.util.*;",
            "import java.util.function.*;",
            "import java.util.stream.*;",
            "import java.nio.file.*;",
            "import java.time.*;",
            "import org.fabriclab.capture.*;",
            "import org.fabriclab.snapshot.*;",
            "import org.fabriclab.delta.*;",
            "import org.fabriclab.verdict.*;",
            "import org.fabriclab.catalogue.*;",
            "import tech.tablesaw.api.*;",
            "import org.knowm.xchart.*;");
}
