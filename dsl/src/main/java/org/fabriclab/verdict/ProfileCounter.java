package org.fabriclab.verdict;

import org.fabriclab.catalogue.Layer;

/**
 * One counter of a profile: its layer, the saturation cap used when values are given directly
 * ({@code null} where the width was not verified: a cap is never guessed), and whether its absence
 * makes the snapshot incomplete ({@code required}) or is only noted ({@code optional}).
 */
public record ProfileCounter(String name, Layer layer, Long cap, boolean required) {
    public static ProfileCounter required(String name, Layer layer, Long cap) { return new ProfileCounter(name, layer, cap, true); }
    public static ProfileCounter optional(String name, Layer layer, Long cap) { return new ProfileCounter(name, layer, cap, false); }
}
