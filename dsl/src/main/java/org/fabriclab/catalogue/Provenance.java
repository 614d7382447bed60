package org.fabriclab.catalogue;

/**
 * One row of {@code provenance.tsv}: what a counter's names, widths and units were verified
 * against, per vendor ({@code "-"} for names every vendor shares).
 */
public record Provenance(String counter, String vendor, String verifiedAgainst) {}
