package org.fabriclab.history;

/** A stated rule that picks one threshold from a sweep; see {@link Choose} for the built-in ones. */
public interface ChoiceRule {
    /** The rule in words, as it appears in the explanation. */
    String describe();

    Choice choose(SweepResult sweep);
}
