/**
 * ibdiagnet2 outputs: {@link org.fabriclab.capture.ibdiagnet.IbdiagnetPmReader} ({@code ibdiagnet2.pm},
 * per-port counter blocks), {@link org.fabriclab.capture.ibdiagnet.IbdiagnetCsvReader}
 * ({@code ibdiagnet2.db_csv}: PM_INFO readings, PM_DELTA as the {@code pm_delta} table, other
 * sections as string tables) and {@link org.fabriclab.capture.ibdiagnet.IbdiagnetLogReader}
 * ({@code ibdiagnet2.log}: stage summary and run facts, no counters), and
 * {@link org.fabriclab.capture.ibdiagnet.IbdiagnetDirReader} (an ibdiagnet output folder as one
 * capture). Ports are named
 * {@code guid 0x<16 hex>/<port>}.
 *
 * <pre>{@code
 * Capture pm = Readers.standard().read(Path.of("ibdiagnet2.pm"));
 * pm.reading("guid 0x5c25730300e6706e/1", "PortXmitData");
 * }</pre>
 */
package org.fabriclab.capture.ibdiagnet;
