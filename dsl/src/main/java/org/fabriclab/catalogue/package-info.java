/**
 * The counter catalogue, the single source of counter meaning, kept as data beside this package's
 * classes: {@code counters.tsv} (one line per counter: layer, kind, unit, scale, error flag,
 * direction, scope, roles), {@code bindings.tsv} (one line per counter, source and raw name, with
 * the vendor that prints it, the field width and its overflow), {@code provenance.tsv} (what each
 * was verified against) and {@code profiles.tsv} (the profiles, read by {@code verdict.Profiles}).
 * Readers ask the catalogue to type what they read; rules, plots and checks ask it for roles;
 * nothing here parses captures.
 *
 * <pre>{@code
 * Catalogue cat = Catalogue.standard();
 * Binding b = cat.lookup(Source.SYSFS, "link_downed").orElseThrow();
 * b.canonical();                                   // "LinkDownedCounter"
 * b.field().cap();                                 // OptionalLong[255]: 8 bits, sticky at max
 * cat.counters(Role.PAUSE_DURATION, Direction.TX); // tx_prio0_pause_duration ... tx_global_pause_duration
 * }</pre>
 */
package org.fabriclab.catalogue;
