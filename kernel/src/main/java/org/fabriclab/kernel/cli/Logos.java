package org.fabriclab.kernel.cli;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

import javax.imageio.ImageIO;

/** The kernelspec logos, drawn here: a 3x3 switch fabric (nodes joined by links) on a dark tile. */
final class Logos {
    private Logos() {}

    static byte[] png(int size) throws IOException {
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0x1b, 0x3a, 0x5c));
        g.fillRoundRect(0, 0, size, size, size / 4, size / 4);
        float step = size / 4f;
        g.setStroke(new BasicStroke(Math.max(1f, size / 32f)));
        g.setColor(new Color(0x7f, 0xc8, 0xf8));
        for (int i = 1; i <= 3; i++) {
            g.drawLine(Math.round(step), Math.round(i * step), Math.round(3 * step), Math.round(i * step));
            g.drawLine(Math.round(i * step), Math.round(step), Math.round(i * step), Math.round(3 * step));
        }
        g.drawLine(Math.round(step), Math.round(step), Math.round(3 * step), Math.round(3 * step));
        int r = Math.max(2, size / 10);
        for (int x = 1; x <= 3; x++) {
            for (int y = 1; y <= 3; y++) {
                g.setColor(x == 2 && y == 2 ? new Color(0xf5, 0x9e, 0x0b) : Color.WHITE);
                g.fillOval(Math.round(x * step) - r / 2 - 1, Math.round(y * step) - r / 2 - 1, r + 1, r + 1);
            }
        }
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(img, "png", out);
        return out.toByteArray();
    }
}
