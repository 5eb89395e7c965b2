package dev.flinklog.format;

import com.fasterxml.jackson.core.Base64Variant;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.core.base.ParserMinimalBase;
import com.fasterxml.jackson.core.io.ContentReference;
import com.fasterxml.jackson.core.json.PackageVersion;
import org.apache.flink.table.data.StringData;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The reader's tokenizer of one record: a {@code JsonParser} over the record's bytes that scans
 * each token once, knows where every string starts and ends (so {@link Input} cuts values without
 * a scan of its own), and hands out the same String for a key on every record. Reused across
 * records: nothing is allocated per record but what a caller asks for.
 *
 * <p>It reads the JSON that producers write: objects, arrays, strings with the escapes of JSON
 * (and a backslash before any other ASCII character, as the format allows), numbers, literals. On
 * anything else (a syntax error, bad UTF-8, NaN, a surrogate escape, a number past a long asked
 * for as one, a limit reached) it throws {@link Fallback} before a caller sees a token that
 * Jackson would not give, and the reader reads the record again with Jackson, whose result and
 * error messages stand. So its tokens and values are Jackson's for every record it finishes
 * ({@code RecordParserTest} compares the two on generated and broken records).
 */
final class RecordParser extends ParserMinimalBase {

    /**
     * Thrown where the record is left to Jackson. An Error, so that no {@code catch} of an
     * exception on the way (a converter's, the variant's) can swallow it; without a stack trace.
     */
    static final class Fallback extends Error {
        private static final long serialVersionUID = 1L;
        static final Fallback INSTANCE = new Fallback();

        private Fallback() {
            super("left to Jackson", null, false, false);
        }
    }

    /** Keys remembered as Strings, at most; a record of a million distinct keys cannot grow it. */
    static final int NAME_LIMIT = 1024;

    private static final int OBJECT = 1;
    private static final int ARRAY = 2;

    // The limits of the format's Jackson parser (its factory's), so that what Jackson would reject
    // for a limit is left to it.
    private final int maxNestingDepth;
    private final int maxStringLength;
    private final int maxNumberLength;
    private final int maxNameLength;

    private byte[] b;
    private int pos;
    private int end;
    private boolean closed;
    private boolean rootDone;

    // The open structures: their kinds, whether a value was read in each (a comma comes next),
    // and in objects the current key; depth 0 is outside the record's object.
    private int depth;
    private int[] kinds = new int[16];
    private boolean[] hadValue = new boolean[16];
    private String[] names = new String[16];
    /** In an object, a key was read and its value is next. */
    private boolean afterName;
    /** In {@link #skipChildren}: keys are checked but not looked up, nobody asks for them. */
    private boolean skipping;

    // The current token's bytes: where it starts (a string's opening quote), and for strings and
    // numbers the content [from, to); for strings the first backslash (-1: none).
    private int tokenStart;
    int from;
    int to;
    int firstEscape;
    private String text;

    // Remembered keys, open-addressed: length + 1 (0: a free slot), first and last eight bytes,
    // all the bytes only for keys longer than 16, and the String.
    private int[] keyLengths = new int[64];
    private long[] keyFirst = new long[64];
    private long[] keyLast = new long[64];
    private byte[][] keyBytes = new byte[64][];
    private String[] keyStrings = new String[64];
    /** What a caller has worked out about each remembered key ({@link #nameMemo}). */
    private Object[] keyMemos = new Object[64];

    private int keyCount;
    /** The slot of the last key read, -1 if it is not remembered (or was skipped). */
    private int nameSlot = -1;

    RecordParser(StreamReadConstraints limits) {
        this.maxNestingDepth = limits.getMaxNestingDepth();
        this.maxStringLength = limits.getMaxStringLength();
        this.maxNumberLength = limits.getMaxNumberLength();
        this.maxNameLength = limits.getMaxNameLength();
    }

    /**
     * Whether this parser reads {@code bytes} from its start: the record opens an object after
     * JSON's white space, and Jackson would read it as UTF-8 without a byte-order mark (no zero
     * among its first four bytes, where UTF-16 and UTF-32 have them, and no mark).
     */
    static boolean reads(byte[] bytes) {
        if (bytes.length < 4) {
            return false;
        }
        int first = bytes[0] & 0xFF;
        if (first == 0xEF || first == 0xFE || first == 0xFF) {
            return false;
        }
        for (int i = 0; i < 4; i++) {
            if (bytes[i] == 0) {
                return false;
            }
        }
        return RecordReader.mayBeObject(bytes);
    }

    /** Points the parser at a record that {@link #reads} accepts. */
    RecordParser reset(byte[] bytes) {
        return reset(bytes, 0, bytes.length);
    }

    /**
     * Points the parser at an object inside a record: {@code length} bytes from {@code offset}, from
     * its opening brace to its closing one. Offsets stay the record's.
     */
    RecordParser reset(byte[] bytes, int offset, int length) {
        b = bytes;
        pos = offset;
        end = offset + length;
        closed = false;
        rootDone = false;
        depth = 0;
        afterName = false;
        skipping = false;
        _currToken = null;
        text = null;
        return this;
    }

    /** Where the current token starts in the record. */
    int tokenStart() {
        return tokenStart;
    }

    /** The bytes of the record being read. */
    byte[] bytes() {
        return b;
    }

    // ------------------------------------------------------------------------------------------
    // Tokens
    // ------------------------------------------------------------------------------------------

    @Override
    public JsonToken nextToken() {
        text = null;
        JsonToken t = next();
        _currToken = t;
        return t;
    }

    private JsonToken next() {
        int c = skipSpace();
        int d = depth;
        if (d == 0) {
            if (rootDone || c < 0) {
                if (c < 0) {
                    return null;
                }
                throw Fallback.INSTANCE; // content after the record's object
            }
            if (c != '{') {
                throw Fallback.INSTANCE;
            }
            tokenStart = pos++;
            push(OBJECT);
            return JsonToken.START_OBJECT;
        }
        if (kinds[d] == OBJECT) {
            if (afterName) {
                afterName = false;
                return value(c, d);
            }
            if (c == '}') {
                return close(d);
            }
            c = separator(c, d);
            if (c != '"') {
                throw Fallback.INSTANCE;
            }
            return name(d);
        }
        if (c == ']') {
            return close(d);
        }
        return value(separator(c, d), d);
    }

    /**
     * In the structure at depth {@code d}, after a value the comma that must come, and the byte
     * after it; before the first value, {@code c} as it is.
     */
    private int separator(int c, int d) {
        if (!hadValue[d]) {
            return c;
        }
        if (c != ',') {
            throw Fallback.INSTANCE;
        }
        pos++;
        return skipSpace();
    }

    /** The next byte after JSON's white space, -1 at the end; the position is left on it. */
    private int skipSpace() {
        byte[] a = b;
        int i = pos;
        int n = end;
        while (i < n) {
            int c = a[i] & 0xFF;
            // JSON's white space is all at or below ' ': most bytes pass the first test alone
            if (c > ' ' || (c != ' ' && c != '\n' && c != '\r' && c != '\t')) {
                pos = i;
                return c;
            }
            i++;
        }
        pos = i;
        return -1;
    }

    private void push(int kind) {
        int d = depth + 1;
        if (d > maxNestingDepth) {
            throw Fallback.INSTANCE; // Jackson names the limit
        }
        if (d == kinds.length) {
            kinds = Arrays.copyOf(kinds, d * 2);
            hadValue = Arrays.copyOf(hadValue, d * 2);
            names = Arrays.copyOf(names, d * 2);
        }
        kinds[d] = kind;
        hadValue[d] = false;
        names[d] = null;
        depth = d;
    }

    private JsonToken close(int d) {
        tokenStart = pos++;
        JsonToken t = kinds[d] == OBJECT ? JsonToken.END_OBJECT : JsonToken.END_ARRAY;
        depth = d - 1;
        if (d == 1) {
            rootDone = true;
        }
        return t;
    }

    /** The value starting with byte {@code c} at the position, in the structure at depth {@code d}. */
    private JsonToken value(int c, int d) {
        hadValue[d] = true;
        tokenStart = pos;
        switch (c) {
            case '"':
                string();
                return JsonToken.VALUE_STRING;
            case '{':
                pos++;
                push(OBJECT);
                return JsonToken.START_OBJECT;
            case '[':
                pos++;
                push(ARRAY);
                return JsonToken.START_ARRAY;
            case 't':
                literal("true");
                return JsonToken.VALUE_TRUE;
            case 'f':
                literal("false");
                return JsonToken.VALUE_FALSE;
            case 'n':
                literal("null");
                return JsonToken.VALUE_NULL;
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw Fallback.INSTANCE;
        }
    }

    private void literal(String word) {
        int n = word.length();
        if (pos + n > end) {
            throw Fallback.INSTANCE;
        }
        for (int k = 1; k < n; k++) {
            if (b[pos + k] != word.charAt(k)) {
                throw Fallback.INSTANCE;
            }
        }
        pos += n;
        delimiter();
    }

    /** A value must be followed by white space, a comma, a closing bracket or the end. */
    private void delimiter() {
        if (pos < end) {
            byte c = b[pos];
            if (c != ',' && c != '}' && c != ']' && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                throw Fallback.INSTANCE;
            }
        }
    }

    /** JSON's number grammar exactly; anything else (NaN, leading zeros, "+1", ".5") to Jackson. */
    private JsonToken number() {
        byte[] a = b;
        int i = pos;
        int n = end;
        from = i;
        if (a[i] == '-') {
            i++;
        }
        if (i >= n) {
            throw Fallback.INSTANCE;
        }
        if (a[i] == '0') {
            i++;
        } else if (a[i] >= '1' && a[i] <= '9') {
            while (i < n && a[i] >= '0' && a[i] <= '9') {
                i++;
            }
        } else {
            throw Fallback.INSTANCE;
        }
        boolean integer = true;
        if (i < n && a[i] == '.') {
            integer = false;
            i = digits(a, i + 1, n);
        }
        if (i < n && (a[i] == 'e' || a[i] == 'E')) {
            integer = false;
            i++;
            if (i < n && (a[i] == '+' || a[i] == '-')) {
                i++;
            }
            i = digits(a, i, n);
        }
        if (i - from > maxNumberLength) {
            throw Fallback.INSTANCE;
        }
        to = i;
        pos = i;
        delimiter();
        return integer ? JsonToken.VALUE_NUMBER_INT : JsonToken.VALUE_NUMBER_FLOAT;
    }

    /** One or more digits from {@code i}; their end. */
    private static int digits(byte[] a, int i, int n) {
        int start = i;
        while (i < n && a[i] >= '0' && a[i] <= '9') {
            i++;
        }
        if (i == start) {
            throw Fallback.INSTANCE;
        }
        return i;
    }

    /**
     * Scans the string at the position (its opening quote): its content [from, to), the first
     * backslash; checks its escapes and its UTF-8.
     */
    private void string() {
        byte[] a = b;
        int n = end;
        int i = pos + 1;
        from = i;
        int high = 0;
        int escape = -1;
        while (true) {
            i = nextSpecial(a, i, n);
            if (i >= n) {
                throw Fallback.INSTANCE; // no closing quote
            }
            byte c = a[i];
            if (c == '"') {
                break;
            }
            if (c == '\\') {
                if (escape < 0) {
                    escape = i;
                }
                i = escaped(a, i, n);
                continue;
            }
            high |= c;
            i++;
        }
        to = i;
        firstEscape = escape;
        pos = i + 1;
        if (high < 0 && !Utf8.isValid(a, from, i)) {
            throw Fallback.INSTANCE; // Jackson's reason, or its repair
        }
    }

    /**
     * Skips eight bytes at a time to the first that is a quote, a backslash or not ASCII; the last
     * few bytes before {@code n} are left to the caller's byte loop.
     */
    private static int nextSpecial(byte[] a, int i, int n) {
        while (i + 8 <= n) {
            long v = EightBytes.get(a, i);
            long flags = EightBytes.hasByte(v, EightBytes.QUOTES)
                    | EightBytes.hasByte(v, EightBytes.BACKSLASHES)
                    | (v & EightBytes.HIGH_BITS);
            if (flags != 0) {
                return EightBytes.first(i, flags);
            }
            i += 8;
        }
        return i;
    }

    /** Checks the escape whose backslash is at {@code i}; returns the index after it. */
    private static int escaped(byte[] a, int i, int n) {
        if (i + 1 >= n) {
            throw Fallback.INSTANCE;
        }
        byte e = a[i + 1];
        if (e == 'u') {
            if (i + 6 > n) {
                throw Fallback.INSTANCE;
            }
            int cp = 0;
            for (int k = i + 2; k < i + 6; k++) {
                int v = Character.digit(a[k], 16);
                if (v < 0) {
                    throw Fallback.INSTANCE;
                }
                cp = (cp << 4) | v;
            }
            if (cp >= 0xD800 && cp <= 0xDFFF) {
                throw Fallback.INSTANCE; // Jackson joins surrogate pairs its own way
            }
            return i + 6;
        }
        if (e < 0) {
            throw Fallback.INSTANCE; // a backslash before a non-ASCII character
        }
        return i + 2;
    }

    /** A key at the position (its opening quote), then its colon. */
    private JsonToken name(int d) {
        tokenStart = pos;
        byte[] a = b;
        int n = end;
        int start = pos + 1;
        int i = start;
        int high = 0;
        while (true) {
            i = nextSpecial(a, i, n);
            if (i >= n) {
                throw Fallback.INSTANCE;
            }
            byte c = a[i];
            if (c == '"') {
                break;
            }
            if (c == '\\') {
                throw Fallback.INSTANCE; // escaped keys are rare: Jackson decodes them
            }
            high |= c;
            i++;
        }
        if (i - start > maxNameLength || (high < 0 && !Utf8.isValid(a, start, i))) {
            throw Fallback.INSTANCE;
        }
        if (i + 1 < n && a[i + 1] == ':') {
            pos = i + 2; // the colon right after the key, as producers write it
        } else {
            pos = i + 1;
            if (skipSpace() != ':') {
                throw Fallback.INSTANCE;
            }
            pos++;
        }
        if (skipping) {
            names[d] = null;
            nameSlot = -1;
        } else {
            names[d] = nameOf(a, start, i);
        }
        afterName = true;
        return JsonToken.FIELD_NAME;
    }

    /**
     * The String of the key in {@code a[from, to)}, the same one each time. A key is found by its
     * length and its first and last eight bytes (all of it up to 16 bytes, nearly every key), read
     * as two numbers, so finding it costs no loop over its bytes.
     */
    private String nameOf(byte[] a, int from, int to) {
        int len = to - from;
        long first = head(a, from, to);
        long last = len > 8 ? EightBytes.get(a, to - 8) : 0;
        int mask = keyLengths.length - 1;
        int i = slot(first, last, len) & mask;
        for (int k; (k = keyLengths[i]) != 0; i = (i + 1) & mask) {
            if (k == len + 1
                    && keyFirst[i] == first
                    && keyLast[i] == last
                    && (len <= 16 || sameBytes(keyBytes[i], a, from))) {
                nameSlot = i;
                return keyStrings[i];
            }
        }
        String s = new String(a, from, len, StandardCharsets.UTF_8);
        nameSlot = -1;
        if (keyCount < NAME_LIMIT) {
            if (2 * (keyCount + 1) > keyLengths.length) {
                grow();
                mask = keyLengths.length - 1;
                i = slot(first, last, len) & mask;
                while (keyLengths[i] != 0) {
                    i = (i + 1) & mask;
                }
            }
            keyLengths[i] = len + 1;
            keyFirst[i] = first;
            keyLast[i] = last;
            keyBytes[i] = len > 16 ? Arrays.copyOfRange(a, from, to) : null;
            keyStrings[i] = s;
            keyCount++;
            nameSlot = i;
        }
        return s;
    }

    /**
     * What the caller stored for the key just read ({@link JsonToken#FIELD_NAME}), null if nothing
     * (or the key is not remembered). Lets the reader work out once per distinct key what it does
     * with that key, instead of once per record.
     */
    Object nameMemo() {
        return nameSlot >= 0 ? keyMemos[nameSlot] : null;
    }

    /** Stores {@code memo} for the key just read, if it is remembered. */
    void nameMemo(Object memo) {
        if (nameSlot >= 0) {
            keyMemos[nameSlot] = memo;
        }
    }

    /** The first eight bytes of {@code a[from, to)} as a number, the bytes past {@code to} zero. */
    private static long head(byte[] a, int from, int to) {
        int len = to - from;
        if (from + 8 <= a.length) {
            long v = EightBytes.get(a, from);
            return len >= 8 ? v : v & ((1L << (len << 3)) - 1);
        }
        long v = 0;
        for (int k = Math.min(len, 8) - 1; k >= 0; k--) {
            v = (v << 8) | (a[from + k] & 0xFF);
        }
        return v;
    }

    private static int slot(long first, long last, int len) {
        long h = (first * 0x9E3779B97F4A7C15L) ^ (last * 0xC2B2AE3D27D4EB4FL) ^ len;
        return (int) (h ^ (h >>> 29) ^ (h >>> 43));
    }

    /** Whether {@code a} holds {@code k} at {@code from}. */
    private static boolean sameBytes(byte[] k, byte[] a, int from) {
        for (int j = 0; j < k.length; j++) {
            if (k[j] != a[from + j]) {
                return false;
            }
        }
        return true;
    }

    private void grow() {
        int[] lengths = keyLengths;
        long[] firsts = keyFirst;
        long[] lasts = keyLast;
        byte[][] bytes = keyBytes;
        String[] strings = keyStrings;
        Object[] memos = keyMemos;
        int size = lengths.length * 2;
        keyLengths = new int[size];
        keyFirst = new long[size];
        keyLast = new long[size];
        keyBytes = new byte[size][];
        keyStrings = new String[size];
        keyMemos = new Object[size];
        int mask = size - 1;
        for (int k = 0; k < lengths.length; k++) {
            if (lengths[k] != 0) {
                int i = slot(firsts[k], lasts[k], lengths[k] - 1) & mask;
                while (keyLengths[i] != 0) {
                    i = (i + 1) & mask;
                }
                keyLengths[i] = lengths[k];
                keyFirst[i] = firsts[k];
                keyLast[i] = lasts[k];
                keyBytes[i] = bytes[k];
                keyStrings[i] = strings[k];
                keyMemos[i] = memos[k];
            }
        }
    }

    /**
     * Jackson's skipChildren reads every token through {@link #nextToken}; this reads them with the
     * same checks (so a broken record still falls back) but finds no String for the keys inside.
     */
    @Override
    public JsonParser skipChildren() {
        JsonToken t = _currToken;
        if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
            return this;
        }
        int outside = depth - 1;
        text = null;
        skipping = true;
        while (depth > outside) {
            t = next();
        }
        skipping = false;
        _currToken = t;
        return this;
    }

    // ------------------------------------------------------------------------------------------
    // Values
    // ------------------------------------------------------------------------------------------

    @Override
    public String currentName() {
        JsonToken t = _currToken;
        if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
            // the key of the structure just opened, as Jackson answers it
            int parent = depth - 1;
            return parent >= 1 && kinds[parent] == OBJECT ? names[parent] : null;
        }
        return depth >= 1 && kinds[depth] == OBJECT ? names[depth] : null;
    }

    @Override
    public String getCurrentName() {
        return currentName();
    }

    @Override
    public String getText() {
        JsonToken t = _currToken;
        if (t == null) {
            return null;
        }
        switch (t) {
            case VALUE_STRING:
                if (text == null) {
                    text = decode();
                }
                return text;
            case FIELD_NAME:
                return names[depth];
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                if (text == null) {
                    text = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
                }
                return text;
            default:
                return t.asString();
        }
    }

    private String decode() {
        if (to - from > maxStringLength) {
            throw Fallback.INSTANCE; // Jackson's limit on a string it reads
        }
        if (firstEscape < 0) {
            return new String(b, from, to - from, StandardCharsets.UTF_8);
        }
        StringData s = Input.unescape(b, from, firstEscape);
        if (s == null) {
            throw Fallback.INSTANCE;
        }
        return s.toString();
    }

    @Override
    public char[] getTextCharacters() {
        String s = getText();
        return s == null ? null : s.toCharArray();
    }

    @Override
    public boolean hasTextCharacters() {
        return false;
    }

    @Override
    public int getTextLength() {
        String s = getText();
        return s == null ? 0 : s.length();
    }

    @Override
    public int getTextOffset() {
        return 0;
    }

    @Override
    public NumberType getNumberType() {
        JsonToken t = _currToken;
        if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            return NumberType.DOUBLE;
        }
        if (t != JsonToken.VALUE_NUMBER_INT) {
            throw Fallback.INSTANCE;
        }
        int digits = to - from - (b[from] == '-' ? 1 : 0);
        if (digits <= 18) {
            long v = parseLong();
            return v == (int) v ? NumberType.INT : NumberType.LONG;
        }
        if (digits == 19) {
            try {
                Long.parseLong(getText());
                return NumberType.LONG;
            } catch (NumberFormatException e) {
                return NumberType.BIG_INTEGER;
            }
        }
        return NumberType.BIG_INTEGER;
    }

    /** The integer token as a long; only for at most 18 digits. */
    private long parseLong() {
        int i = from;
        boolean negative = b[i] == '-';
        if (negative) {
            i++;
        }
        long v = 0;
        for (; i < to; i++) {
            v = v * 10 + (b[i] - '0');
        }
        return negative ? -v : v;
    }

    @Override
    public Number getNumberValue() {
        switch (getNumberType()) {
            case INT:
                return getIntValue();
            case LONG:
                return getLongValue();
            case BIG_INTEGER:
                return getBigIntegerValue();
            default:
                return getDoubleValue();
        }
    }

    @Override
    public int getIntValue() {
        if (getNumberType() != NumberType.INT) {
            throw Fallback.INSTANCE; // a conversion with Jackson's range checks
        }
        return (int) parseLong();
    }

    @Override
    public long getLongValue() {
        NumberType type = getNumberType();
        if (type == NumberType.INT) {
            return parseLong();
        }
        if (type == NumberType.LONG) {
            return Long.parseLong(getText());
        }
        throw Fallback.INSTANCE;
    }

    @Override
    public BigInteger getBigIntegerValue() {
        if (_currToken != JsonToken.VALUE_NUMBER_INT) {
            throw Fallback.INSTANCE;
        }
        return new BigInteger(getText());
    }

    @Override
    public float getFloatValue() {
        if (_currToken == JsonToken.VALUE_NUMBER_FLOAT) {
            return Float.parseFloat(getText());
        }
        throw Fallback.INSTANCE;
    }

    @Override
    public double getDoubleValue() {
        JsonToken t = _currToken;
        if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            return Double.parseDouble(getText());
        }
        if (t == JsonToken.VALUE_NUMBER_INT) {
            NumberType type = getNumberType();
            return type == NumberType.BIG_INTEGER ? getBigIntegerValue().doubleValue() : (double) getLongValue();
        }
        throw Fallback.INSTANCE;
    }

    @Override
    public BigDecimal getDecimalValue() {
        JsonToken t = _currToken;
        if (t == JsonToken.VALUE_NUMBER_FLOAT || t == JsonToken.VALUE_NUMBER_INT) {
            try {
                return new BigDecimal(getText());
            } catch (NumberFormatException e) {
                throw Fallback.INSTANCE; // an exponent past BigDecimal's: Jackson's message
            }
        }
        throw Fallback.INSTANCE;
    }

    @Override
    public byte[] getBinaryValue(Base64Variant variant) {
        throw Fallback.INSTANCE;
    }

    // ------------------------------------------------------------------------------------------
    // The rest of the parser's contract
    // ------------------------------------------------------------------------------------------

    @Override
    protected void _handleEOF() {
        throw Fallback.INSTANCE;
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public JsonStreamContext getParsingContext() {
        throw Fallback.INSTANCE; // not used by the reader
    }

    @Override
    public void overrideCurrentName(String name) {
        throw Fallback.INSTANCE;
    }

    @Override
    public ObjectCodec getCodec() {
        return null;
    }

    @Override
    public void setCodec(ObjectCodec codec) {
        throw new UnsupportedOperationException("no codec");
    }

    @Override
    public Version version() {
        return PackageVersion.VERSION;
    }

    @Override
    public JsonLocation getCurrentLocation() {
        return new JsonLocation(ContentReference.unknown(), pos, -1, -1);
    }

    @Override
    public JsonLocation getTokenLocation() {
        return new JsonLocation(ContentReference.unknown(), tokenStart, -1, -1);
    }
}
