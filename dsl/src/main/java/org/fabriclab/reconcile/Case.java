package org.fabriclab.reconcile;

/** The reconciliation cases of seed 003 section 13.3, plus "no verdict" when an input is unusable. */
public enum Case {
    A("A", "at line rate: the link is full; xmit_wait should be clearly non-zero"),
    B1("B1", "far below line rate with xmit_wait near zero: packets never queued; the sender is not posting fast enough or the receiver is not keeping up"),
    B2("B2", "far below line rate with xmit_wait high: packets wait for credits or arbitration; look at switch buffers, VL arbitration, a credit loop"),
    C("C", "above the link rate: this port's rate is not the whole path (bidirectional -b, dual-port -O, QPs over several ports); find the real aggregate first"),
    NO_VERDICT("no-verdict", "an input is missing or unusable");

    private final String label;
    private final String meaning;

    Case(String label, String meaning) {
        this.label = label;
        this.meaning = meaning;
    }

    public String label() { return label; }
    public String meaning() { return meaning; }

    @Override public String toString() { return label; }
}
