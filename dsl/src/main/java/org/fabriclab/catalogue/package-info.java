/**
 * The counter catalogue: one row per counter, kept as data in {@code counters.tsv} beside this
 * package's classes. A row names the canonical counter, the layer it implicates, its namespace, its
 * kind (counter or gauge), unit and scale, and its name, width and overflow behaviour in every source
 * that exposes it. Readers ask the catalogue to type what they read; nothing here parses captures.
 *
 * <pre>{@code
 * Catalogue cat = Catalogue.standard();
 * Binding b = cat.lookup(Source.SYSFS, "link_downed").orElseThrow();
 * b.canonical();        // "LinkDownedCounter"
 * b.field().cap();      // OptionalLong[255]: 8 bits, sticky at max
 * }</pre>
 */
package org.fabriclab.catalogue;
