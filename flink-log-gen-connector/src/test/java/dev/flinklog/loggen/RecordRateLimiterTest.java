package dev.flinklog.loggen;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The limiter against a clock the test moves: counts, never wall time. */
class RecordRateLimiterTest {

    private final AtomicLong now = new AtomicLong(5_000_000_000L);
    private final Ticker ticker = now::get;

    private long drain(RecordRateLimiter limiter) {
        long granted = 0;
        while (limiter.tryAcquire() == 0) {
            granted++;
        }
        return granted;
    }

    @Test
    void grantsRateTimesElapsedPlusTheFirstPermit() {
        RecordRateLimiter limiter = new RecordRateLimiter(1000, ticker);
        long total = drain(limiter);
        assertThat(total).isEqualTo(1);
        for (int step = 0; step < 2000; step++) {
            now.addAndGet(1_000_000); // 1 ms
            total += drain(limiter);
        }
        // 2 s at 1000/s: permits 0..2000
        assertThat(total).isEqualTo(2001);
    }

    @Test
    void fractionalRatesDoNotDrift() {
        RecordRateLimiter limiter = new RecordRateLimiter(333.3, ticker);
        long total = drain(limiter);
        for (int step = 0; step < 30_000; step++) {
            now.addAndGet(1_000_000);
            total += drain(limiter);
        }
        // 30 s x 333.3 = 9999 permits after the first
        assertThat(total).isEqualTo(9999 + 1);
    }

    @Test
    void saysHowLongUntilTheNextPermit() {
        RecordRateLimiter limiter = new RecordRateLimiter(10, ticker);
        assertThat(limiter.tryAcquire()).isZero();
        assertThat(limiter.tryAcquire()).isEqualTo(100_000_000L);
        now.addAndGet(60_000_000L);
        assertThat(limiter.tryAcquire()).isEqualTo(40_000_000L);
        now.addAndGet(40_000_000L);
        assertThat(limiter.tryAcquire()).isZero();
    }

    @Test
    void aStallIsFollowedByAtMostTheBurst() {
        RecordRateLimiter limiter = new RecordRateLimiter(1000, ticker);
        drain(limiter);
        now.addAndGet(10_000_000_000L); // nobody asked for 10 s
        // a twentieth of a second's worth, not the 10,000 missed permits
        assertThat(drain(limiter)).isEqualTo(50);
        now.addAndGet(1_000_000_000L);
        assertThat(drain(limiter)).isEqualTo(50);
    }

    @Test
    void neverMoreThanRateTimesElapsedWhateverThePolling() {
        RecordRateLimiter limiter = new RecordRateLimiter(250, ticker);
        long start = now.get();
        long total = 0;
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < 5000; i++) {
            now.addAndGet(r.nextLong(0, 20_000_000L));
            total += drain(limiter);
            double elapsedSeconds = (now.get() - start) / 1e9;
            assertThat(total).isLessThanOrEqualTo((long) Math.floor(elapsedSeconds * 250) + 1);
        }
        assertThat(total).isGreaterThan(0);
    }

    @Test
    void rejectsNonPositiveRates() {
        assertThatThrownBy(() -> new RecordRateLimiter(0, ticker)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RecordRateLimiter(Double.NaN, ticker))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
