package dev.lachesis.core.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** Prints rows as left-aligned columns separated by two spaces. Not thread-safe. */
public final class TextTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(List<String> header) {
        this.header = List.copyOf(header);
    }

    public void add(List<String> row) {
        if (row.size() != header.size()) {
            throw new IllegalArgumentException("row has " + row.size() + " cells, header " + header.size());
        }
        rows.add(List.copyOf(row));
    }

    public void print(PrintWriter out) {
        int[] widths = new int[header.size()];
        for (List<String> row : withHeader()) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        for (List<String> row : withHeader()) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                line.append(row.get(i));
                if (i < row.size() - 1) {
                    line.append(" ".repeat(widths[i] - row.get(i).length() + 2));
                }
            }
            out.println(line.toString().stripTrailing());
        }
        out.flush();
    }

    private List<List<String>> withHeader() {
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        return all;
    }
}
