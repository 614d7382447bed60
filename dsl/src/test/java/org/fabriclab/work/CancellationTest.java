package org.fabriclab.work;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fabriclab.verdict.FleetClassifier;
import org.fabriclab.verdict.Profiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An interrupted cell thread stops the DSL's long loops, also those running on pool threads. */
class CancellationTest {

    @AfterEach void clearFlag() { Thread.interrupted(); }

    @Test void checkSeesTheOwnersInterruptFromAnotherThread() throws Exception {
        java.util.concurrent.CountDownLatch made = new java.util.concurrent.CountDownLatch(1);
        Cancellation[] c = new Cancellation[1];
        Thread owner = new Thread(() -> {
            c[0] = Cancellation.ofCurrentThread();
            made.countDown();
            while (!Thread.currentThread().isInterrupted()) Thread.onSpinWait();
        });
        owner.start();
        made.await();
        assertDoesNotThrow(c[0]::check);
        owner.interrupt();
        assertThrows(OperationInterruptedException.class, c[0]::check);
        owner.join();
    }

    @Test void fleetClassificationStopsWhenInterrupted() {
        FleetClassifier fc = new FleetClassifier(Profiles.IB);
        int n = fc.counters().size(), ports = 200_000;
        long[][] b = new long[n][ports], a = new long[n][ports];
        double[] bytes = new double[ports];
        java.util.Arrays.fill(bytes, 1e12);
        Thread.currentThread().interrupt();
        assertThrows(OperationInterruptedException.class, () -> fc.classify(b, a, bytes, 1000));
    }
}
