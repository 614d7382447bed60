package org.fabriclab.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Prints the row count of the Parquet files in a folder (from their footers): {@code ScaleRows DIR}. */
public final class ScaleRows {
    private ScaleRows() {}

    public static void main(String[] args) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
             ResultSet r = c.createStatement().executeQuery("SELECT sum(num_rows) FROM parquet_file_metadata('"
                     + args[0].replace("'", "''") + "/*.parquet')")) {
            r.next();
            System.out.println(r.getLong(1));
        }
    }
}
