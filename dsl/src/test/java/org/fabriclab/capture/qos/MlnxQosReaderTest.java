package org.fabriclab.capture.qos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.fabriclab.capture.BadInput;
import org.fabriclab.capture.Capture;
import org.fabriclab.capture.CaptureCsv;
import org.fabriclab.capture.Input;
import org.fabriclab.capture.PortAttr;
import org.fabriclab.capture.Readers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MlnxQosReaderTest {
    private final MlnxQosReader reader = new MlnxQosReader();
    @TempDir Path tmp;

    @Test void goldenAttributesOfTheCurrentLayout() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/mlnx_qos_dscp_buffers.txt")));
        assertEquals(CaptureCsv.text("qos/mlnx_qos_dscp_buffers.attrs.csv"), CaptureCsv.attrs(c));
        assertTrue(c.readings().isEmpty());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    @Test void sniffedAmongAllReaders() {
        Input in = Input.of(CaptureCsv.fixture("qos/mlnx_qos_dscp_buffers.txt"));
        assertEquals("mlnx_qos", Readers.standard().choose(in).format());
        Input old = Input.of(CaptureCsv.fixture("qos/mlnx_qos_ofed40_unnamed.txt"));
        assertEquals("mlnx_qos", Readers.standard().choose(old).format());
    }

    @Test void ofed40LayoutWithoutTrustNamesNoPort() {
        Capture c = reader.read(Input.of(CaptureCsv.fixture("qos/mlnx_qos_ofed40_unnamed.txt")));
        assertEquals(Optional.of("4"), c.attr("netdev ?", PortAttr.PFC_ENABLED));
        assertEquals(Optional.of("0:1 1:0 2:1 3:1 4:4 5:4 6:4 7:4"), c.attr("netdev ?", PortAttr.PRIO_TC));
        assertEquals(Optional.of("0:vendor 1:vendor 4:vendor"), c.attr("netdev ?", PortAttr.TC_TSA));
        assertEquals(Optional.empty(), c.attr("netdev ?", PortAttr.TRUST));
    }

    @Test void trustModeOfOfed41AndFirmwareDcbx() {
        Path f = BadInput.write(tmp, "q.txt", "DCBX mode: Firmware controlled\nPriority trust mode: pcp\nPFC configuration:\n"
                + "\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   1   1   0   0   0   \n");
        Capture c = reader.read(Input.of(f));
        assertEquals(Optional.of("pcp"), c.attr("netdev ?", PortAttr.TRUST));
        assertEquals(Optional.of("firmware"), c.attr("netdev ?", PortAttr.DCBX));
        assertEquals(Optional.of("3,4"), c.attr("netdev ?", PortAttr.PFC_ENABLED));
    }

    @Test void noPriorityEnabledIsNone() {
        Path f = BadInput.write(tmp, "q.txt", "# mlnx_qos -i eth3\nPriority trust state: pcp\nPFC configuration:\n"
                + "\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   0   0   0   0   0   \n");
        Capture c = reader.read(Input.of(f));
        assertEquals(Optional.of("none"), c.attr("netdev eth3", PortAttr.PFC_ENABLED));
        assertEquals(List.of(), PortAttr.pfcPriorities("none"));
    }

    @Test void severalInterfacesInOnePaste() {
        String one = "Priority trust state: dscp\nPFC configuration:\n\tpriority    0   1   2   3   4   5   6   7\n";
        Path f = BadInput.write(tmp, "q.txt", "$ mlnx_qos -i ens1f0\n" + one + "\tenabled     0   0   0   1   0   0   0   0\n"
                + "$ sudo mlnx_qos --interface=ens1f1\n" + one + "\tenabled     0   0   0   0   0   1   0   0\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(Optional.of("3"), c.attr("netdev ens1f0", PortAttr.PFC_ENABLED));
        assertEquals(Optional.of("5"), c.attr("netdev ens1f1", PortAttr.PFC_ENABLED));
    }

    @Test void aSetXTraceOfASetupScriptKeepsOnlyMlnxQosOutput() {
        // bash -x of a setup script: "+ cmd" lines, mlnx_qos' output after each mlnx_qos call, other commands' output between
        Path f = BadInput.write(tmp, "setup.log", "+ mlnx_qos -i eth4 --trust dscp\nDCBX mode: OS controlled\nPriority trust state: dscp\n"
                + "PFC configuration:\n        priority    0   1   2   3   4   5   6   7\n        enabled     0   0   0   0   0   0   0   0   \n"
                + "+ sudo cma_roce_tos -d mlx5_2 -t 106\n106\n+ sudo sysctl -w net.ipv4.tcp_ecn=1\nnet.ipv4.tcp_ecn = 1\n"
                + "+ mlnx_qos -i eth4 --pfc 0,0,0,1,0,0,0,0\nDCBX mode: OS controlled\nPriority trust state: dscp\n"
                + "PFC configuration:\n        priority    0   1   2   3   4   5   6   7\n        enabled     0   0   0   1   0   0   0   0   \n");
        Capture c = reader.read(Input.of(f));
        assertEquals(Optional.of("3"), c.attrs().stream().filter(a -> a.key().equals(PortAttr.PFC_ENABLED)).reduce((a, b) -> b).map(PortAttr::value));
        assertEquals(List.of("netdev eth4"), c.attrs().stream().map(PortAttr::port).distinct().toList());
        assertTrue(c.warnings().isEmpty(), c.warnings().toString());
    }

    @Test void aCommentLineIsNoOtherCommand() {
        Path f = BadInput.write(tmp, "q.txt", "# PFC on node 7 after the change\nPriority trust state: dscp\nPFC configuration:\n"
                + "\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   1   0   0   0   0\n");
        assertEquals(Optional.of("3"), reader.read(Input.of(f)).attr("netdev ?", PortAttr.PFC_ENABLED));
    }

    @Test void unknownKeyValueLineIsSkippedWithAWarning() {
        Path f = BadInput.write(tmp, "q.txt", "Priority trust state: dscp\ndefault priority: 0\nPFC configuration:\n"
                + "\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   1   0   0   0   0\n");
        Capture c = reader.read(Input.of(f));
        assertEquals(Optional.of("3"), c.attr("netdev ?", PortAttr.PFC_ENABLED));
        assertEquals(1, c.warnings().size());
        assertTrue(c.warnings().get(0).contains("default priority"), c.warnings().toString());
    }

    @Test void enabledRowCut() {
        Path f = BadInput.write(tmp, "q.txt", "PFC configuration:\n\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   1\n");
        BadInput.expect(reader, f, 3, "holds 4 values for 8 priorities");
    }

    @Test void enabledValueNotABit() {
        Path f = BadInput.write(tmp, "q.txt", "PFC configuration:\n\tpriority    0   1   2   3   4   5   6   7\n\tenabled     0   0   0   2   0   0   0   0\n");
        BadInput.expect(reader, f, 3, "PFC enabled for priority 3 is '2'; expected 0 or 1");
    }

    @Test void enabledBeforeHeader() {
        Path f = BadInput.write(tmp, "q.txt", "Priority trust state: dscp\n\tenabled     0   0   0   1   0   0   0   0\n");
        BadInput.expect(reader, f, 2, "before the 'priority 0 1 2 3 4 5 6 7' header");
    }

    @Test void priorityLineBeforeAnyTc() {
        Path f = BadInput.write(tmp, "q.txt", "Priority trust state: dscp\n\t priority:  3\n");
        BadInput.expect(reader, f, 2, "before any 'tc: N ...' line");
    }

    @Test void dscpOutOfRange() {
        Path f = BadInput.write(tmp, "q.txt", "Priority trust state: dscp\ndscp2prio mapping:\n\tprio:3 dscp:26,64,\n");
        BadInput.expect(reader, f, 3, "dscp '64' of priority 3; expected 0..63");
    }

    @Test void textThatIsNoMlnxQos() {
        Path f = BadInput.write(tmp, "q.txt", "Priority trust state: dscp\nsomething else entirely\n");
        BadInput.expect(reader, f, 2, "expected mlnx_qos output");
    }
}
