package dev.flinklog.core.time;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns a zone-less local date-time (as local epoch seconds) into an instant in one zone.
 *
 * <p>java.time's own lookup takes a {@code LocalDateTime}, i.e. an allocation per record. Instead,
 * the zone's offset transitions from 1900 to 2200 are copied once into arrays, with an index from
 * 24-day buckets of local time to the last transition before each bucket, so a lookup is one
 * array read plus, rarely, a step over a transition inside the bucket: no search per record.
 * Local times outside that window (rare in logs) fall back to java.time. Fixed offsets need no
 * table at all.
 *
 * <p>Gaps and overlaps follow {@link ZonedDateTime#ofLocal} with no preferred offset, which is
 * what a user of java.time would get:
 *
 * <ul>
 *   <li>a local time that does not exist (in a gap, e.g. 02:30 when clocks jump from 02:00 to
 *       03:00) is read with the offset before the gap, i.e. moved later by the gap's length;
 *   <li>a local time that exists twice (in an overlap) takes the earlier offset, i.e. the earlier
 *       of the two instants.
 * </ul>
 *
 * Both cases mean "use the offset before the transition while the local time is before the later
 * of the two local transition times", which is the single comparison in {@link #toEpochSecond}.
 *
 * <p>Immutable and thread-safe. Tables are shared per zone id; the cache holds at most one entry
 * per tz database zone, so it is bounded by that database, not by the input.
 */
final class LocalTimeResolver {

    private static final long TABLE_FROM = -2_208_988_800L; // 1900-01-01T00:00:00Z
    private static final long TABLE_TO = 7_258_118_400L; // 2200-01-01T00:00:00Z
    /** Local times within this far of the table's ends use java.time (offsets are at most 18 h). */
    private static final long EDGE = 2 * CivilCalendar.SECONDS_PER_DAY;
    /**
     * Buckets of 2^21 s (24.3 days) of local time. DST transitions are usually months apart; when
     * two fall into one bucket, the lookup steps over them, so correctness does not depend on it.
     */
    private static final int BUCKET_SHIFT = 21;

    private static final ConcurrentHashMap<String, LocalTimeResolver> REGIONS = new ConcurrentHashMap<>();

    static final LocalTimeResolver UTC = new LocalTimeResolver(ZoneOffset.UTC, 0, null, null, null);

    private final ZoneId zone;
    private final int fixedOffset;
    /** Null for a fixed offset; otherwise transition instants (epoch seconds), ascending. */
    private final long[] transitions;

    private final int[] offsetBefore;
    private final int[] offsetAfter;
    /**
     * The earliest local time of each transition: its instant plus the smaller of its two offsets.
     * Transitions are months apart and offsets hours, so these ascend like the instants.
     */
    private final long[] earliestLocal;
    /** Per bucket of local time: index of the last transition whose earliestLocal is at or before the bucket's start, or -1. */
    private final int[] lastBeforeBucket;

    private LocalTimeResolver(ZoneId zone, int fixedOffset, long[] transitions, int[] before, int[] after) {
        this.zone = zone;
        this.fixedOffset = fixedOffset;
        this.transitions = transitions;
        this.offsetBefore = before;
        this.offsetAfter = after;
        if (transitions == null) {
            this.earliestLocal = null;
            this.lastBeforeBucket = null;
            return;
        }
        int n = transitions.length;
        earliestLocal = new long[n];
        for (int i = 0; i < n; i++) {
            earliestLocal[i] = transitions[i] + Math.min(before[i], after[i]);
        }
        int buckets = (int) ((TABLE_TO - TABLE_FROM) >> BUCKET_SHIFT) + 1;
        lastBeforeBucket = new int[buckets];
        int j = -1;
        for (int b = 0; b < buckets; b++) {
            long bucketStart = TABLE_FROM + ((long) b << BUCKET_SHIFT);
            while (j + 1 < n && earliestLocal[j + 1] <= bucketStart) {
                j++;
            }
            lastBeforeBucket[b] = j;
        }
    }

    static LocalTimeResolver of(ZoneId zone) {
        ZoneRules rules = zone.getRules();
        if (rules.isFixedOffset()) {
            int offset = rules.getOffset(Instant.EPOCH).getTotalSeconds();
            return offset == 0 && zone.equals(ZoneOffset.UTC)
                    ? UTC
                    : new LocalTimeResolver(zone, offset, null, null, null);
        }
        return REGIONS.computeIfAbsent(zone.getId(), id -> build(zone, rules));
    }

    private static LocalTimeResolver build(ZoneId zone, ZoneRules rules) {
        long[] at = new long[64];
        int[] before = new int[64];
        int[] after = new int[64];
        int n = 0;
        Instant cursor = Instant.ofEpochSecond(TABLE_FROM);
        int initial = rules.getOffset(cursor).getTotalSeconds();
        ZoneOffsetTransition t;
        while ((t = rules.nextTransition(cursor)) != null && t.toEpochSecond() < TABLE_TO) {
            if (n == at.length) {
                at = Arrays.copyOf(at, n * 2);
                before = Arrays.copyOf(before, n * 2);
                after = Arrays.copyOf(after, n * 2);
            }
            at[n] = t.toEpochSecond();
            before[n] = t.getOffsetBefore().getTotalSeconds();
            after[n] = t.getOffsetAfter().getTotalSeconds();
            n++;
            cursor = t.getInstant();
        }
        if (n == 0) {
            return new LocalTimeResolver(zone, initial, null, null, null);
        }
        // The offset before the first transition doubles as the "initial" offset of the window.
        return new LocalTimeResolver(
                zone, initial, Arrays.copyOf(at, n), Arrays.copyOf(before, n), Arrays.copyOf(after, n));
    }

    ZoneId zone() {
        return zone;
    }

    /** Epoch seconds of the instant that the local date-time {@code localSecond} means in the zone. */
    long toEpochSecond(long localSecond) {
        if (transitions == null) {
            return localSecond - fixedOffset;
        }
        if (localSecond < TABLE_FROM + EDGE || localSecond > TABLE_TO - EDGE) {
            return viaJavaTime(localSecond);
        }
        // The last transition whose earliest local time is not after localSecond: start from the
        // bucket's answer and step over the (rarely any) transitions inside the bucket.
        int found = lastBeforeBucket[(int) ((localSecond - TABLE_FROM) >> BUCKET_SHIFT)];
        while (found + 1 < earliestLocal.length && earliestLocal[found + 1] <= localSecond) {
            found++;
        }
        if (found < 0) {
            return localSecond - fixedOffset;
        }
        int before = offsetBefore[found];
        int after = offsetAfter[found];
        int offset = localSecond < transitions[found] + Math.max(before, after) ? before : after;
        return localSecond - offset;
    }

    private long viaJavaTime(long localSecond) {
        LocalDateTime local = LocalDateTime.ofEpochSecond(localSecond, 0, ZoneOffset.UTC);
        return ZonedDateTime.ofLocal(local, zone, null).toEpochSecond();
    }
}
