package org.fabriclab.generate;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Writing generated files: UTF-8, {@code \n} line ends, JSON pretty-printed in insertion order. */
final class Out {
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Out() {}

    static void text(Path file, CharSequence content) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void json(Path file, ObjectNode node) {
        try {
            Files.createDirectories(file.getParent());
            try (OutputStream o = Files.newOutputStream(file)) {
                JSON.writeValue(o, node);
            }
            Files.writeString(file, "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode object() { return JSON.createObjectNode(); }

    /** {@code name:} padded with dots to column 33, then the value: perfquery's layout. */
    static String dotted(String name, String value) {
        StringBuilder b = new StringBuilder(48).append(name).append(':');
        while (b.length() < 33) b.append('.');
        return b.append(value).append('\n').toString();
    }
}
