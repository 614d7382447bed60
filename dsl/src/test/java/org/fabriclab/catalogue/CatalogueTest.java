package org.fabriclab.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

import org.fabriclab.verdict.ProfileCounter;
import org.fabriclab.verdict.Profiles;
import org.junit.jupiter.api.Test;

class CatalogueTest {
    final Catalogue cat = Catalogue.standard();

    static final String COUNTERS_HEADER = "counter\tlayer\tkind\tunit\tscale\terror\tdirection\tscope\troles\tnamespace\thelp\n";
    static final String BINDINGS_HEADER = "counter\tsource\tvendor\traw\twidth\toverflow\n";
    static final String PROVENANCE_HEADER = "counter\tvendor\tverified_against\n";
    static final String X = "X\tphysical\tcounter\tcount\t1\tyes\trx\tport\tsymbol\tib-pma\th\n";

    @Test void widthsFollowTheSourceTheValueIsReadFrom() {
        Binding classic = cat.lookup(Source.PERFQUERY, "LinkDownedCounter").orElseThrow();
        Binding ext = cat.lookup(Source.PERFQUERY_X, "LinkDownedCounter").orElseThrow();
        assertEquals("LinkDownedCounter", classic.canonical());
        assertEquals(OptionalLong.of(255), classic.field().cap());
        assertTrue(classic.field().isPegged(255));
        assertFalse(classic.field().isPegged(254));
        assertEquals(OptionalLong.empty(), ext.field().cap());
        assertFalse(ext.field().isPegged(255));
    }

    @Test void sourceNamesMapToOneCanonicalName() {
        assertEquals("SymbolErrorCounter", cat.lookup(Source.SYSFS, "symbol_error").orElseThrow().canonical());
        assertEquals("LinkDownedCounter", cat.lookup(Source.IBDIAGNET_PM, "link_down_counter").orElseThrow().canonical());
        assertEquals("PortXmitData", cat.lookup(Source.IBDIAGNET_PM, "port_xmit_data_extended").orElseThrow().canonical());
        assertEquals(64, cat.lookup(Source.IBDIAGNET_PM, "port_xmit_data_extended").orElseThrow().field().width());
        assertEquals(32, cat.lookup(Source.IBDIAGNET_PM, "port_xmit_data").orElseThrow().field().width());
    }

    @Test void familiesArePatternsExpandedPerPriority() {
        assertEquals("rx_prio5_pause", cat.lookup(Source.ETHTOOL, "rx_prio5_pause").orElseThrow().canonical());
        assertEquals("rx_global_pause_duration", cat.lookup(Source.ETHTOOL, "rx_global_pause_duration").orElseThrow().canonical());
        assertEquals("us", cat.definition("rx_prio3_pause_duration").orElseThrow().unit());
        assertTrue(cat.lookup(Source.ETHTOOL, "rx_prio8_pause").isEmpty());
        assertTrue(cat.definition("rx_prio7_buf_discard").isPresent());
        long familyRows = cat.rows().stream().filter(CounterDef::isFamily).count();
        assertTrue(familyRows >= 5, "families are single rows in the file");
        assertEquals("prio3", cat.counter("tx_prio3_pause_duration").orElseThrow().priority());
        assertEquals("global", cat.counter("rx_global_pause").orElseThrow().priority());
        assertEquals("", cat.counter("rx_discards_phy").orElseThrow().priority());
    }

    @Test void unitsScalesKinds() {
        assertEquals(4, cat.definition("PortXmitData").orElseThrow().scale());
        assertEquals(Kind.GAUGE, cat.definition("outbound_pci_stalled_rd").orElseThrow().kind());
        assertEquals(Kind.COUNTER, cat.definition("outbound_pci_stalled_rd_events").orElseThrow().kind());
        assertEquals(Overflow.WRAPPING, cat.lookup(Source.HW_COUNTERS, "packet_seq_err").orElseThrow().field().overflow());
    }

    @Test void rolesAnswerWhatCodeUsedToList() {
        List<String> rxPause = cat.counters(Role.PAUSE, Direction.RX);
        assertEquals(9, rxPause.size(), rxPause.toString());
        assertEquals("rx_prio0_pause", rxPause.get(0));
        assertEquals("rx_global_pause", rxPause.get(8));
        assertEquals("rx_prio3_pause_duration", cat.forPriority(Role.PAUSE_DURATION, Direction.RX, "prio3").orElseThrow());
        assertEquals("tx_prio5_pause_transition", cat.forPriority(Role.PAUSE_TRANSITION, Direction.TX, "prio5").orElseThrow());
        assertTrue(cat.counters(Role.STORM_EVENT).containsAll(List.of("tx_pause_storm_error_events", "tx_global_pause_storm_events")));
        assertEquals(List.of("rp_cnp_handled"), cat.counters(Role.CNP_HANDLED));
        assertEquals(List.of("np_cnp_sent"), cat.counters(Role.CNP_SENT));
        assertTrue(cat.portCounters(Role.BYTES, Direction.TX).containsAll(List.of("PortXmitData", "tx_bytes_phy", "tx_bytes")));
        assertFalse(cat.portCounters(Role.BYTES, Direction.TX).contains("tx_queue_bytes"), "queue counters are not port totals");
        assertFalse(cat.portCounters(Role.BYTES, Direction.TX).contains("tx_prio3_bytes"), "priority counters are not port totals");
        assertEquals("SymbolErrorCounter", cat.primary(Role.SYMBOL, Direction.RX));
        assertEquals("LinkDownedCounter", cat.primary(Role.LINK_DOWN, Direction.NONE));
        assertTrue(cat.hasRole("rx_prio3_pause", Role.PAUSE));
        assertFalse(cat.hasRole("rx_prio3_pause", Role.DISCARD));
        assertTrue(cat.withRole(Role.PAUSE).stream().allMatch(CounterDef::isFamily));
    }

    @Test void errorFlagIsData() {
        assertTrue(cat.isError("SymbolErrorCounter"));
        assertTrue(cat.isError("VL15Dropped"), "informative layer, error all the same (kernel ABI / NVIDIA's guide class it Error)");
        assertFalse(cat.isError("PortXmitData"));
        assertFalse(cat.isError("rx_prio3_pause"));
        assertFalse(cat.isError("not_a_counter"));
    }

    @Test void vendorRoceNamesMapToTheCanonicalNames() {
        Binding pfc = cat.lookup(Source.ETHTOOL, "rx_pfc_ena_frames_pri3").orElseThrow();
        assertEquals("rx_prio3_pause", pfc.canonical());
        assertEquals("broadcom", pfc.vendor());
        assertEquals(Layer.CONGESTION, pfc.layer());
        assertEquals("rx_prio3_pause_duration", cat.lookup(Source.ETHTOOL, "pfc_pri3_rx_duration_us").orElseThrow().canonical());
        assertEquals("tx_prio3_pause_duration", cat.lookup(Source.ETHTOOL, "pfc_pri3_tx_duration_us").orElseThrow().canonical());
        assertEquals("rx_prio3_pause_transition", cat.lookup(Source.ETHTOOL, "pfc_pri3_rx_transitions").orElseThrow().canonical());
        assertEquals("tx_pause_storm_error_events", cat.lookup(Source.ETHTOOL, "continuous_roce_pause_events").orElseThrow().canonical());
        assertEquals("rx_discards_phy", cat.lookup(Source.ETHTOOL, "rx_stat_discard").orElseThrow().canonical());
        Binding ice = cat.lookup(Source.ETHTOOL, "rx_priority_3_xoff.nic").orElseThrow();
        assertEquals("rx_prio3_pause", ice.canonical());
        assertEquals("intel", ice.vendor());
        assertEquals("rx_global_pause", cat.lookup(Source.ETHTOOL, "link_xoff_rx.nic").orElseThrow().canonical());
        assertEquals("rx_prio3_xon", cat.lookup(Source.ETHTOOL, "rx_priority_3_xon.nic").orElseThrow().canonical());
        assertEquals("rx_discards_phy", cat.lookup(Source.ETHTOOL, "rx_dropped.nic").orElseThrow().canonical());
        assertEquals("rp_cnp_handled", cat.lookup(Source.HW_COUNTERS, "cnpHandled").orElseThrow().canonical());
        assertEquals("np_cnp_sent", cat.lookup(Source.HW_COUNTERS, "cnpSent").orElseThrow().canonical());
        assertEquals("np_ecn_marked_roce_packets", cat.lookup(Source.HW_COUNTERS, "RxECNMrkd").orElseThrow().canonical());
        assertEquals("rp_cnp_handled", cat.lookup(Source.HW_COUNTERS, "rx_cnp_pkts").orElseThrow().canonical());
        assertEquals("packet_seq_err", cat.lookup(Source.HW_COUNTERS, "seq_err_naks_rcvd").orElseThrow().canonical());
        assertEquals(List.of("mellanox", "broadcom"), cat.lookup(Source.HW_COUNTERS, "packet_seq_err").orElseThrow().vendors(), "mlx5 and newer bnxt_re print it");
        assertEquals("", cat.lookup(Source.SYSFS, "symbol_error").orElseThrow().vendor(), "IB core sysfs: every vendor");
    }

    /**
     * mlx5 names the catalogue lacked: {@code rx_prio<n>_discards} (en_stats.c, the per-priority share of
     * rx_discards_phy) and the q-counters {@code req_transport_retries_exceeded} / {@code req_rnr_retries_exceeded}
     * (counters.c extended_err_cnts), which {@code rdma statistic} and {@code hw_counters/} print on current kernels.
     */
    @Test void mlx5PerPriorityDiscardsAndRetryExhaustion() {
        Binding d = cat.lookup(Source.ETHTOOL, "rx_prio3_discards").orElseThrow();
        assertEquals("rx_prio3_discards", d.canonical());
        assertEquals(Layer.LOSSLESS_BROKEN, d.layer());
        assertEquals(Scope.PRIORITY, d.def().scope());
        assertTrue(cat.isError("rx_prio3_discards"));
        assertTrue(cat.counters(Role.DISCARD, Direction.RX).contains("rx_prio0_discards"));
        assertEquals("prio3", cat.counter("rx_prio3_discards").orElseThrow().priority());
        for (Source s : List.of(Source.RDMA, Source.HW_COUNTERS)) {
            Binding t = cat.lookup(s, "req_transport_retries_exceeded").orElseThrow();
            assertEquals(Layer.TRANSPORT_RETRY, t.layer(), s.key());
            assertEquals(32, t.field().width());
            assertEquals(Overflow.WRAPPING, t.field().overflow());
            assertEquals(Layer.TRANSPORT_RETRY, cat.lookup(s, "req_rnr_retries_exceeded").orElseThrow().layer());
        }
        assertTrue(cat.isError("req_transport_retries_exceeded"));
    }

    @Test void aPerPriorityCounterKnowsItsPriority() {
        assertEquals(3, cat.counter("rx_prio3_pause").orElseThrow().priorityIndex());
        assertEquals(0, cat.counter("rx_prio0_discards").orElseThrow().priorityIndex());
        assertEquals(-1, cat.counter("rx_global_pause").orElseThrow().priorityIndex());
        assertEquals(-1, cat.counter("SymbolErrorCounter").orElseThrow().priorityIndex());
    }

    /** mlx5's rx_icrc_encapsulated is no 32-bit q-counter but a PPCNT field read as 64 bits (counters.c ext_ppcnt_cnts): not pegged at 2^32-1. */
    @Test void mlx5IcrcErrorsAreSixtyFourBits() {
        for (Source s : List.of(Source.RDMA, Source.HW_COUNTERS)) {
            assertEquals(64, cat.lookup(s, "rx_icrc_encapsulated").orElseThrow().field().width(), s.key());
        }
    }

    /** mlx5 before kernel 4.9 ({@code prio3_rx_pause}, {@code in_discards}), i40e ({@code port.rx_priority_3_xoff_rx}) and ice before 5.3. */
    @Test void olderDriverNamesMapToTheCanonicalNames() {
        assertEquals("rx_prio3_pause", cat.lookup(Source.ETHTOOL, "prio3_rx_pause").orElseThrow().canonical());
        assertEquals("tx_prio3_pause_duration", cat.lookup(Source.ETHTOOL, "prio3_tx_pause_duration").orElseThrow().canonical());
        assertEquals("rx_prio0_bytes", cat.lookup(Source.ETHTOOL, "prio0_rx_octets").orElseThrow().canonical());
        assertEquals("rx_discards_phy", cat.lookup(Source.ETHTOOL, "in_discards").orElseThrow().canonical());
        assertEquals("mellanox", cat.lookup(Source.ETHTOOL, "in_discards").orElseThrow().vendor());
        for (String raw : List.of("port.rx_priority_3_xoff_rx", "port.rx_priority_3_xoff", "port.rx-priority-3-xoff")) {
            Binding b = cat.lookup(Source.ETHTOOL, raw).orElseThrow();
            assertEquals("rx_prio3_pause", b.canonical(), raw);
            assertEquals("intel", b.vendor(), raw);
        }
        assertEquals("tx_prio5_xon", cat.lookup(Source.ETHTOOL, "port.tx_priority_5_xon_tx").orElseThrow().canonical());
        assertEquals("rx_global_pause", cat.lookup(Source.ETHTOOL, "port.link_xoff_rx").orElseThrow().canonical());
        assertEquals("rx_discards_phy", cat.lookup(Source.ETHTOOL, "port.rx_dropped").orElseThrow().canonical());
        assertTrue(cat.lookup(Source.ETHTOOL, "port.rx_priority_3_xon_2_xoff").isEmpty(), "XON-to-XOFF transitions are not XON frames");
    }

    /** Soft-RoCE (rxe) prints its own names for sequence NAKs, out-of-sequence requests and exhausted retries; mlxlink its effective errors. */
    @Test void rxeAndMlxlinkNames() {
        for (Source s : List.of(Source.HW_COUNTERS, Source.RDMA)) {
            Binding seq = cat.lookup(s, "rcvd_seq_err").orElseThrow();
            assertEquals("packet_seq_err", seq.canonical());
            assertEquals("rxe", seq.vendor());
            assertEquals(64, seq.field().width());
            assertEquals("out_of_sequence", cat.lookup(s, "out_of_seq_request").orElseThrow().canonical());
            assertEquals("req_transport_retries_exceeded", cat.lookup(s, "retry_exceeded_err").orElseThrow().canonical());
            assertEquals("req_rnr_retries_exceeded", cat.lookup(s, "retry_rnr_exceeded_err").orElseThrow().canonical());
        }
        assertTrue(cat.lookup(Source.HW_COUNTERS, "completer_retry_err").isEmpty(), "every retry, of either cause: no one meaning");
        Binding eff = cat.lookup(Source.MLXLINK, "effective_physical_errors").orElseThrow();
        assertEquals("effective_errors", eff.canonical());
        assertEquals(Role.FEC_UNCORRECTED_BITS, cat.definition("effective_errors").orElseThrow().roles().iterator().next());
    }

    @Test void countersExtDataCountsWords() {
        Binding b = cat.lookup(Source.SYSFS, "port_xmit_data_64").orElseThrow();
        assertEquals("PortXmitData", b.canonical());
        assertEquals(4, b.def().scale());
        assertEquals(64, b.field().width());
        assertEquals(3733440L * 4, 14933760L, "node_exporter's expected bytes for mlx4_0 port 1");
        assertEquals("PortRcvData", cat.lookup(Source.SYSFS, "port_rcv_data_64").orElseThrow().canonical());
    }

    @Test void perQueueNamesCarryTheQueue() {
        Binding b = cat.lookup(Source.ETHTOOL, "[3]: rx_ucast_bytes").orElseThrow();
        assertEquals("rx_queue_ucast_bytes", b.canonical());
        assertEquals(3, b.queue());
        assertEquals("broadcom", b.vendor());
        assertEquals(Scope.QUEUE, b.def().scope());
        assertEquals(12, cat.lookup(Source.ETHTOOL, "rx_queue_12_bytes").orElseThrow().queue());
        assertEquals("rx_queue_bytes", cat.lookup(Source.ETHTOOL, "rx_queue_12_bytes").orElseThrow().canonical());
        Binding mlx5 = cat.lookup(Source.ETHTOOL, "tx15_packets").orElseThrow();
        assertEquals("tx_queue_packets", mlx5.canonical());
        assertEquals(15, mlx5.queue());
        assertEquals(Binding.NO_QUEUE, cat.lookup(Source.ETHTOOL, "rx_prio3_pause").orElseThrow().queue());
        assertTrue(cat.lookup(Source.ETHTOOL, "[3]: not_a_counter").isEmpty());
        assertTrue(cat.lookup(Source.ETHTOOL, "rx_queue_x_bytes").isEmpty());
        assertTrue(cat.lookup(Source.HW_COUNTERS, "rx_queue_3_bytes").isEmpty(), "queue patterns belong to their source");
    }

    /** A queue index is 1 to 6 ASCII digits between the text before and after {q}, nothing else. */
    @Test void aQueueIndexIsOneToSixAsciiDigits() {
        assertEquals(3, cat.lookup(Source.ETHTOOL, "[000003]: rx_ucast_bytes").orElseThrow().queue());
        assertEquals(999999, cat.lookup(Source.ETHTOOL, "[999999]: rx_ucast_bytes").orElseThrow().queue());
        assertEquals(15, cat.lookup(Source.ETHTOOL, "tx0015_packets").orElseThrow().queue());
        assertTrue(cat.lookup(Source.ETHTOOL, "[0000003]: rx_ucast_bytes").isEmpty(), "7 digits");
        assertTrue(cat.lookup(Source.ETHTOOL, "[]: rx_ucast_bytes").isEmpty(), "no digit");
        assertTrue(cat.lookup(Source.ETHTOOL, "rx_queue_1x2_bytes").isEmpty(), "a letter among the digits");
        assertTrue(cat.lookup(Source.ETHTOOL, "rx_queue_\u0663_bytes").isEmpty(), "a non-ASCII digit");
        assertTrue(cat.lookup(Source.ETHTOOL, "x[3]: rx_ucast_bytes").isEmpty(), "text before the pattern");
        assertTrue(cat.lookup(Source.ETHTOOL, "[3]: rx_ucast_bytesx").isEmpty(), "text after the pattern");
        assertTrue(cat.lookup(Source.ETHTOOL, "[3]:rx_ucast_bytes").isEmpty(), "the text after {q} exactly");
    }

    @Test void everyVendorBindingHasProvenance() {
        Set<String> have = new HashSet<>();
        for (Provenance p : cat.provenance()) have.add(cat.counter(p.counter()).map(c -> c.def().pattern()).orElse(p.counter()) + "|" + p.vendor());
        for (Binding b : cat.bindings()) {
            for (String v : b.vendors()) {
                assertTrue(have.contains(b.def().pattern() + "|" + v), "no provenance for " + b.def().pattern() + " (" + v + ")");
            }
        }
    }

    @Test void tablesShowRolesAndBindings() {
        var t = cat.table();
        assertEquals(cat.rows().size(), t.rowCount());
        int i = t.stringColumn("counter").indexOf("rx_{p}_pause_duration");
        assertEquals("pause-duration", t.stringColumn("roles").get(i));
        assertTrue(t.stringColumn("vendors").get(i).contains("broadcom"));
        var b = cat.bindingsTable();
        assertEquals(cat.bindings().size(), b.rowCount());
        assertTrue(b.stringColumn("raw_name").contains("[{q}]: rx_ucast_bytes"));
        assertEquals(cat.provenance().size(), cat.provenanceTable().rowCount());
    }

    @Test void seedProfilesAgreeWithTheCatalogue() {
        for (var p : List.of(Profiles.IB, Profiles.ROCE)) {
            for (ProfileCounter c : p.counters()) {
                CounterDef d = cat.definition(c.name()).orElseThrow(() -> new AssertionError(c.name() + " not catalogued"));
                assertEquals(c.layer(), d.layer(), c.name());
            }
        }
        // classic caps in the ib profile are the perfquery widths
        for (ProfileCounter c : Profiles.IB.counters()) {
            if (c.cap() == null) continue;
            assertEquals(OptionalLong.of(c.cap()), cat.lookup(Source.PERFQUERY, c.name()).orElseThrow().field().cap(), c.name());
        }
    }

    @Test void malformedCountersNameFileAndLine() {
        String counters = COUNTERS_HEADER + X + "Y\tnot-a-layer\tcounter\tcount\t1\tyes\trx\tport\tsymbol\tib\th\n";
        var e = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(counters, BINDINGS_HEADER, PROVENANCE_HEADER));
        assertTrue(e.getMessage().startsWith("counters.tsv:3: unknown layer 'not-a-layer'"), e.getMessage());
        var role = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(COUNTERS_HEADER + X.replace("symbol", "symbl"),
                BINDINGS_HEADER, PROVENANCE_HEADER));
        assertTrue(role.getMessage().startsWith("counters.tsv:2: unknown role 'symbl'"), role.getMessage());
        var cells = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(COUNTERS_HEADER + "X\tphysical\n",
                BINDINGS_HEADER, PROVENANCE_HEADER));
        assertTrue(cells.getMessage().startsWith("counters.tsv:2: expected 11 tab-separated cells"), cells.getMessage());
        var header = assertThrows(IllegalArgumentException.class, () -> Catalogue.load("# c\ncanonical\tlayer\n", BINDINGS_HEADER, PROVENANCE_HEADER));
        assertTrue(header.getMessage().startsWith("counters.tsv:2: expected the header"), header.getMessage());
    }

    @Test void aCounterNameIsLettersDigitsAndUnderscoreDotBracesDash() {
        for (String ok : new String[] {"PortXmitData", "rx_prio{n}_pause", "a.b-c_9", "{}", "Z"}) assertTrue(Catalogue.isName(ok), ok);
        for (String bad : new String[] {"", "a b", "a/b", "a:b", "é", "a\tb", "a+b", "[x]"}) assertFalse(Catalogue.isName(bad), bad);
    }

    @Test void malformedBindingsNameFileAndLine() {
        var unknown = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(COUNTERS_HEADER + X,
                BINDINGS_HEADER + "Z\tperfquery\t-\tZ\t16\tsaturating\n", PROVENANCE_HEADER));
        assertTrue(unknown.getMessage().startsWith("bindings.tsv:2: binding for unknown counter 'Z'"), unknown.getMessage());
        var twice = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(COUNTERS_HEADER + X,
                BINDINGS_HEADER + "X\tperfquery\t-\tX\t16\tsaturating\nX\tperfquery\tmlx5\tX\t16\tsaturating\n", PROVENANCE_HEADER));
        assertTrue(twice.getMessage().startsWith("bindings.tsv:3: raw name 'X' in source perfquery is bound twice (also bindings.tsv:2)"), twice.getMessage());
        var guessed = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(COUNTERS_HEADER + X,
                BINDINGS_HEADER + "X\tperfquery\t-\tX\t?\tsaturating\n", PROVENANCE_HEADER));
        assertTrue(guessed.getMessage().startsWith("bindings.tsv:2: overflow saturating with width ?"), guessed.getMessage());
        var queue = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(COUNTERS_HEADER + X,
                BINDINGS_HEADER + "X\tethtool\t-\trx{q}_x\t64\twrapping\n", PROVENANCE_HEADER));
        assertTrue(queue.getMessage().startsWith("bindings.tsv:2: raw name 'rx{q}_x' has a queue placeholder but counter 'X' has scope port"), queue.getMessage());
        var prov = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(COUNTERS_HEADER + X, BINDINGS_HEADER,
                PROVENANCE_HEADER + "W\t-\tsomewhere\n"));
        assertTrue(prov.getMessage().startsWith("provenance.tsv:2: provenance for unknown counter 'W'"), prov.getMessage());
    }

    /** A name several vendors' drivers print (bnxt_re prints mlx5's) names each of them; an empty member is refused. */
    @Test void aNameSeveralVendorsPrintNamesEachOfThem() {
        Binding b = cat.lookup(Source.HW_COUNTERS, "packet_seq_err").orElseThrow();
        assertEquals(List.of("mellanox", "broadcom"), b.vendors());
        assertTrue(cat.vendorsOf("packet_seq_err").containsAll(List.of("mellanox", "broadcom", "rxe")), cat.vendorsOf("packet_seq_err").toString());
        assertEquals(List.of(), cat.lookup(Source.HW_COUNTERS, "lifespan").orElseThrow().vendors(), "the RDMA core's file names no vendor");
        var empty = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(COUNTERS_HEADER + X,
                BINDINGS_HEADER + "X\thw_counters\tacme,,zeta\tX\t64\twrapping\n", PROVENANCE_HEADER));
        assertTrue(empty.getMessage().startsWith("bindings.tsv:2: vendor 'acme,,zeta'"), empty.getMessage());
        Catalogue two = Catalogue.load(COUNTERS_HEADER + X, BINDINGS_HEADER + "X\thw_counters\tacme,zeta\tX\t64\twrapping\n", PROVENANCE_HEADER);
        assertEquals(java.util.Set.of("acme", "zeta"), two.vendorsOf("X"));
    }

    @Test void aCatalogueLoadsFromAFolder(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Files.writeString(dir.resolve("counters.tsv"), COUNTERS_HEADER + X);
        java.nio.file.Files.writeString(dir.resolve("bindings.tsv"), BINDINGS_HEADER + "X\tethtool\tacme\tacme_x_{n}\t?\tunknown\n");
        java.nio.file.Files.writeString(dir.resolve("provenance.tsv"), PROVENANCE_HEADER);
        var e = assertThrows(IllegalArgumentException.class, () -> Catalogue.load(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve("bindings.tsv") + ":2: raw name 'acme_x_{n}' is a priority family"), e.getMessage());
        java.nio.file.Files.writeString(dir.resolve("bindings.tsv"), BINDINGS_HEADER + "X\tethtool\tacme\tacme_x\t?\tunknown\n");
        assertEquals("X", Catalogue.load(dir).lookup(Source.ETHTOOL, "acme_x").orElseThrow().canonical());
    }

    @Test void theReadmeWorkedExampleAddsAVendor(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        for (String f : List.of(Catalogue.COUNTERS, Catalogue.BINDINGS, Catalogue.PROVENANCE)) {
            try (var in = Catalogue.class.getResourceAsStream(f)) { java.nio.file.Files.write(dir.resolve(f), in.readAllBytes()); }
        }
        java.nio.file.Files.writeString(dir.resolve(Catalogue.BINDINGS), "rx_{p}_pause\tethtool\tacme\tacme_pfc_rx_prio{n}\t64\twrapping\n"
                + "tx_pause_storm_error_events\tethtool\tacme\tacme_pause_storm\t64\twrapping\n", java.nio.file.StandardOpenOption.APPEND);
        java.nio.file.Files.writeString(dir.resolve(Catalogue.PROVENANCE), "rx_{p}_pause\tacme\tacme_ethtool.c\n",
                java.nio.file.StandardOpenOption.APPEND);
        Catalogue acme = Catalogue.load(dir);
        Binding b = acme.lookup(Source.ETHTOOL, "acme_pfc_rx_prio3").orElseThrow();
        assertEquals("rx_prio3_pause", b.canonical());
        assertEquals(Layer.CONGESTION, b.layer());
        assertEquals("acme", b.vendor());
        assertEquals("tx_pause_storm_error_events", acme.lookup(Source.ETHTOOL, "acme_pause_storm").orElseThrow().canonical());
        assertTrue(cat.lookup(Source.ETHTOOL, "acme_pfc_rx_prio3").isEmpty(), "the shipped catalogue is untouched");
    }

    /** mlx5 port counters of the IEEE 802.3 / RFC 2863 / RFC 2819 groups and software totals, under today's and pre-4.9 names. */
    @Test void mlx5PortFrameErrorsUnderBothNames() {
        Binding jab = cat.lookup(Source.ETHTOOL, "rx_jabbers_phy").orElseThrow();
        assertEquals("mellanox", jab.vendor());
        assertEquals(Layer.PHYSICAL, jab.def().layer());
        assertTrue(jab.def().error());
        assertEquals(64, jab.field().width());
        assertEquals(Overflow.WRAPPING, jab.field().overflow());
        assertEquals("rx_jabbers_phy", cat.lookup(Source.ETHTOOL, "jabbers").orElseThrow().canonical());
        assertEquals("rx_oversize_pkts_phy", cat.lookup(Source.ETHTOOL, "too_long_errors").orElseThrow().canonical(),
                "too_long_errors reads a_frame_too_long_errors, as rx_oversize_pkts_phy does");
        assertTrue(cat.lookup(Source.ETHTOOL, "oversize_pkts").isEmpty(), "RFC 2819 oversize_pkts is another register");
        assertEquals("tx_errors_phy", cat.lookup(Source.ETHTOOL, "out_errors").orElseThrow().canonical());
        assertEquals(Layer.INFORMATIVE, cat.definition("rx_out_of_range_len_phy").orElseThrow().layer());
        assertFalse(cat.isError("rx_out_of_range_len_phy"), "an out-of-range length field is not a bad frame");
        assertTrue(cat.isError("rx_in_range_len_errors_phy"));
        CounterDef pk = cat.lookup(Source.ETHTOOL, "rx_packets").orElseThrow().def();
        assertEquals("packets", pk.unit());
        assertEquals(Kind.COUNTER, pk.kind());
        assertTrue(pk.roles().isEmpty(), "no role: no rule or byte count picks the software total");
        assertEquals("", cat.lookup(Source.ETHTOOL, "tx_packets").orElseThrow().vendor(), "every netdev prints it");
    }

    @Test void mlx5PerQueueErrorsCarryTheQueue() {
        Binding w = cat.lookup(Source.ETHTOOL, "rx7_wqe_err").orElseThrow();
        assertEquals("rx_queue_wqe_err", w.canonical());
        assertEquals(7, w.queue());
        assertEquals(Scope.QUEUE, w.def().scope());
        Binding st = cat.lookup(Source.ETHTOOL, "tx12_stopped").orElseThrow();
        assertEquals("tx_queue_stops", st.canonical());
        assertEquals(12, st.queue());
        assertTrue(cat.lookup(Source.ETHTOOL, "tx_queue_stopped").isEmpty(),
                "the port-level software total stays apart from the queues' port sum");
        assertTrue(cat.lookup(Source.ETHTOOL, "tx0_0_stopped").isEmpty(), "the older driver's ring_tc names are not one queue index");
    }

    /**
     * mlxlink's link counters are PPCNT's copies of the PMA's events, counters of their own: another register, cleared by
     * mlxlink --pc and not by perfquery -R, read at another moment, so a snapshot holding both must not take them for one.
     */
    @Test void mlxlinkLinkCountersAreThePpcntCopiesAndRawErrorsAreTheirOwn() {
        Binding down = cat.lookup(Source.MLXLINK, "link_down_counter").orElseThrow();
        assertEquals("phy_link_down_events", down.canonical());
        assertEquals(Layer.PHYSICAL, down.def().layer());
        assertTrue(down.def().roles().contains(Role.LINK_DOWN));
        assertEquals(OptionalLong.empty(), down.field().cap(), "width not stated by mlxlink: no cap guessed");
        assertEquals(Overflow.UNKNOWN, down.field().overflow());
        assertEquals("phy_link_error_recovery_events", cat.lookup(Source.MLXLINK, "link_error_recovery_counter").orElseThrow().canonical());
        assertEquals("LinkDownedCounter", cat.primary(Role.LINK_DOWN, Direction.NONE), "the PMA's stays the primary link-down counter");
        CounterDef raw = cat.lookup(Source.MLXLINK, "raw_physical_errors").orElseThrow().def();
        assertEquals("raw_physical_errors", raw.pattern());
        assertEquals(Layer.INFORMATIVE, raw.layer(), "pre-FEC errors: FEC corrects them");
        assertFalse(raw.error());
        assertEquals("bits", raw.unit(), "the sum of the lanes' raw bit errors, in the lanes' unit");
        assertTrue(cat.lookup(Source.ETHTOOL, "raw_physical_errors").isEmpty(), "an mlxlink name");
    }

    @Test void iceMacFaultsAndRmonCountersShareTheMlx5Names() {
        Binding lf = cat.lookup(Source.ETHTOOL, "mac_local_faults.nic").orElseThrow();
        assertEquals("mac_local_faults", lf.canonical());
        assertEquals("intel", lf.vendor());
        assertEquals(Layer.PHYSICAL, lf.def().layer());
        assertEquals("rx_jabbers_phy", cat.lookup(Source.ETHTOOL, "rx_jabber.nic").orElseThrow().canonical());
        // a SONiC switch's portstat -l prints it too (SAI ETHER_STATS_FRAGMENTS, the same RFC 2819 counter)
        assertEquals(Set.of("mellanox", "intel", "sonic"), cat.vendorsOf("rx_fragments_phy"));
        assertTrue(cat.lookup(Source.ETHTOOL, "rx_oversize.nic").isEmpty(), "not verified to count aFrameTooLongErrors");
    }
}
