package dev.flinklog.core.time;

/**
 * Proleptic Gregorian calendar arithmetic on plain ints, so that a date with a fixed offset turns
 * into epoch seconds without java.time objects (the per-record path must not allocate).
 */
final class CivilCalendar {

    /** 0001-01-01T00:00:00Z: the earliest instant we accept (years before 1 are rejected). */
    static final long MIN_EPOCH_SECOND = -62_135_596_800L;

    /** 9999-12-31T23:59:59Z: the latest whole second we accept. */
    static final long MAX_EPOCH_SECOND = 253_402_300_799L;

    static final int SECONDS_PER_DAY = 86_400;

    private CivilCalendar() {}

    static boolean isLeapYear(int year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    /** Days in the month, or 0 for a month outside 1..12 (so a range check fails naturally). */
    static int daysInMonth(int year, int month) {
        switch (month) {
            case 1:
            case 3:
            case 5:
            case 7:
            case 8:
            case 10:
            case 12:
                return 31;
            case 4:
            case 6:
            case 9:
            case 11:
                return 30;
            case 2:
                return isLeapYear(year) ? 29 : 28;
            default:
                return 0;
        }
    }

    /** True for a real calendar date in years 0001-9999. */
    static boolean isValidDate(int year, int month, int day) {
        return year >= 1 && year <= 9999 && day >= 1 && day <= daysInMonth(year, month);
    }

    /**
     * Days since 1970-01-01 of a valid date. Counts in 400-year eras (146,097 days each) with the
     * year starting in March, so the leap day is the last day of the counted year and needs no
     * special case. Valid for years >= 1, which is all we accept.
     */
    static long daysFromCivil(int year, int month, int day) {
        int y = month <= 2 ? year - 1 : year;
        int era = y / 400; // y >= 0 here, so plain division is floor division
        int yearOfEra = y - era * 400;
        int monthFromMarch = month > 2 ? month - 3 : month + 9;
        int dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1;
        int dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146_097L + dayOfEra - 719_468L;
    }

    static boolean isInRange(long epochSecond) {
        return epochSecond >= MIN_EPOCH_SECOND && epochSecond <= MAX_EPOCH_SECOND;
    }
}
