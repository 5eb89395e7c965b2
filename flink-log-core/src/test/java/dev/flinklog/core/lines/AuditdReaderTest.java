package dev.flinklog.core.lines;

import dev.flinklog.core.level.LogLevel;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.flinklog.core.lines.LineReaderProbe.assertLinear;
import static dev.flinklog.core.lines.LineReaderProbe.pairs;
import static dev.flinklog.core.lines.LineReaderProbe.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

class AuditdReaderTest {

    private static final AuditdReader R = new AuditdReader();

    // elastic/beats filebeat/module/auditd/log/test/audit-rhel7.log
    private static final String SERVICE_START =
            "type=SERVICE_START msg=audit(1481076983.864:6): pid=1 uid=0 auid=4294967295 ses=4294967295 "
                    + "subj=system_u:system_r:init_t:s0 msg='unit=auditd comm=\"systemd\" exe=\"/usr/lib/systemd/systemd\" "
                    + "hostname=? addr=? terminal=? res=success'";

    @Test
    void aUserSpaceRecordAndTheFieldsOfItsMsg() {
        ParsedLine p = read(R, SERVICE_START);
        assertThat(p.time().toInstant()).hasToString("2016-12-07T02:16:23.864Z");
        assertThat(p.time().usedDefaultZone()).isFalse();
        assertThat(p.yearInferred()).isFalse();
        assertThat(p.level()).isEqualTo(LogLevel.INFO);
        assertThat(p.text(ParsedLine.Field.PID)).isEqualTo("1");
        assertThat(p.text(ParsedLine.Field.HOST)).isNull();
        assertThat(p.text(ParsedLine.Field.SERVICE)).isNull();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo(SERVICE_START.substring(SERVICE_START.indexOf("pid=1")));
        assertThat(pairs(p))
                .containsExactly(
                        entry("type", "SERVICE_START"),
                        entry("serial", "6"),
                        entry("pid", "1"),
                        entry("uid", "0"),
                        entry("auid", "4294967295"),
                        entry("ses", "4294967295"),
                        entry("subj", "system_u:system_r:init_t:s0"),
                        entry("unit", "auditd"),
                        entry("comm", "systemd"),
                        entry("exe", "/usr/lib/systemd/systemd"),
                        entry("hostname", "?"),
                        entry("addr", "?"),
                        entry("terminal", "?"),
                        entry("res", "success"));
    }

    @Test
    void ausearchInterpretedTimeIsLocalMonthFirst() {
        // SELinux list, 2020-03-13 ("Re: [PATCH 0/2] selinux-testsuite"): ausearch -i in en_US
        ParsedLine p = read(
                R,
                "type=SYSCALL msg=audit(03/13/2020 13:11:37.805:1605) : arch=x86_64 syscall=mount success=no "
                        + "exit=EACCES(Permission denied) a0=0x7ffc28975328 items=14 ppid=15745 pid=15886 key=(null)");
        assertThat(p.time().toInstant()).hasToString("2020-03-13T13:11:37.805Z");
        assertThat(p.time().usedDefaultZone()).isTrue();
        assertThat(p.text(ParsedLine.Field.PID)).isEqualTo("15886");
        assertThat(pairs(p))
                .containsEntry("serial", "1605")
                .containsEntry("exit", "EACCES(Permission denied)")
                .containsEntry("a0", "0x7ffc28975328")
                .containsEntry("key", "(null)");
        // the C locale's two-digit year
        assertThat(read(R, "type=PROCTITLE msg=audit(03/09/23 15:13:36.104:391) : proctitle=-bash")
                        .time()
                        .toInstant())
                .hasToString("2023-03-09T15:13:36.104Z");
    }

    @Test
    void aDayFirstDateLeavesTheTimeUnreadAndTheRecordRead() {
        ParsedLine p = read(R, "type=CWD msg=audit(25/03/2023 18:48:20.282:283) : cwd=/");
        assertThat(p.hasTime()).isFalse();
        assertThat(pairs(p))
                .containsEntry("type", "CWD")
                .containsEntry("serial", "283")
                .containsEntry("cwd", "/");
        // not a date at all: no record
        assertThat(read(R, "type=CWD msg=audit(03/13 18:48:20.282:283) : cwd=/"))
                .isNull();
    }

    @Test
    void anUnclosedParenthesisIsLookedForOnlySoFar() {
        // ausearch's errno text is short; a '(' that never closes ends its value at the blank
        String far = "x".repeat(80);
        ParsedLine p = read(R, "type=SYSCALL msg=audit(03/13/2020 13:11:37.805:1605) : exit=E(a " + far + ") pid=1");
        assertThat(pairs(p)).containsEntry("exit", "E(a").containsEntry("pid", "1");
    }

    @Test
    void nodeIsTheHostAndAPair() {
        ParsedLine p = read(R, "node=localhost.localdomain " + SERVICE_START);
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("localhost.localdomain");
        assertThat(pairs(p)).containsEntry("node", "localhost.localdomain").containsEntry("type", "SERVICE_START");
        assertThat(p.key(0)).isEqualTo("node");
    }

    @Test
    void valuesAreKeptAsWrittenHexIncluded() {
        // elastic/beats filebeat/module/auditd/log/test/execve-hex-arg.log
        ParsedLine p = read(
                R,
                "type=EXECVE msg=audit(1669615313.901:5538): argc=3 a0=\"sh\" a1=\"-c\" "
                        + "a2=6563686F205C226172672068657820656E636F6465645C22");
        assertThat(pairs(p))
                .containsExactly(
                        entry("type", "EXECVE"),
                        entry("serial", "5538"),
                        entry("argc", "3"),
                        entry("a0", "sh"),
                        entry("a1", "-c"),
                        entry("a2", "6563686F205C226172672068657820656E636F6465645C22"));
        assertThat(p.text(ParsedLine.Field.PID)).isNull();
        // key=(null), tty=(none), hostname=? stay as written; quotes hold no escapes in audit records
        ParsedLine q = read(R, "type=SYSCALL msg=audit(1.5:1): tty=(none) key=(null) comm=\"a\\b\"");
        assertThat(pairs(q))
                .containsEntry("tty", "(none)")
                .containsEntry("key", "(null)")
                .containsEntry("comm", "a\\b");
        assertThat(q.time().toInstant()).hasToString("1970-01-01T00:00:01.500Z");
    }

    @Test
    void wordsThatAreNoFieldStayInTheMessageOnly() {
        // vectordotdev/vrl src/stdlib/parse_auditd.rs (tests)
        String avc =
                "type=AVC msg=audit(1631798689.083:65686): avc:  denied  { setuid } for  pid=15381 comm=\"laurel\" "
                        + "capability=7  scontext=system_u:system_r:auditd_t:s0 tcontext=system_u:system_r:auditd_t:s0 "
                        + "tclass=capability permissive=1";
        ParsedLine p = read(R, avc);
        assertThat(p.text(ParsedLine.Field.MESSAGE)).startsWith("avc:  denied  { setuid } for  pid=15381");
        assertThat(p.text(ParsedLine.Field.PID)).isEqualTo("15381");
        assertThat(pairs(p).keySet())
                .containsExactly(
                        "type", "serial", "pid", "comm", "capability", "scontext", "tcontext", "tclass", "permissive");
        // elastic/beats audit-rhel6.log: "user pid=…"; useradd.log: an unquoted op with spaces, a word first in msg
        ParsedLine q = read(
                R,
                "type=ADD_GROUP msg=audit(1610903553.686:584): pid=2940 uid=0 auid=1000 ses=14 msg='op=adding group to "
                        + "/etc/group id=1004 exe=\"/usr/sbin/groupadd\" res=success'");
        assertThat(pairs(q))
                .containsEntry("op", "adding")
                .containsEntry("id", "1004")
                .doesNotContainKey("group");
        ParsedLine r = read(
                R,
                "type=USER_ACCT msg=audit(1610903553.814:593): pid=2948 uid=0 msg='pam_tally2 uid=1004 res=success'");
        assertThat(pairs(r)).containsEntry("uid", "0").containsEntry("res", "success");
        assertThat(r.value(3)).isEqualTo("0");
        assertThat(r.key(4)).isEqualTo("uid");
        assertThat(r.value(4)).isEqualTo("1004");
    }

    @Test
    void theEnrichedFormatsInterpretedFieldsArePairsButNotMessage() {
        // vectordotdev/vrl src/stdlib/parse_auditd.rs (tests), user_acct
        String raw = "type=USER_ACCT msg=audit(1724505830.648:19): pid=445523 uid=1000 auid=1000 ses=2 "
                + "msg='op=PAM:accounting acct=\"jorge\" exe=\"/usr/bin/sudo\" res=success'";
        ParsedLine p = read(R, raw + "\u001dUID=\"jorge\" AUID=\"jorge\"");
        assertThat(p.text(ParsedLine.Field.MESSAGE)).isEqualTo(raw.substring(raw.indexOf("pid=")));
        assertThat(pairs(p))
                .containsEntry("acct", "jorge")
                .containsEntry("res", "success")
                .containsEntry("enriched_UID", "jorge")
                .containsEntry("enriched_AUID", "jorge")
                .containsEntry("uid", "1000")
                .containsEntry("auid", "1000");
        ParsedLine q = read(R, "type=X msg=audit(1.1:1): a=1\u001dNEWKEY=x EMPTY= ARCH=x86_64");
        assertThat(pairs(q))
                .containsExactly(
                        entry("type", "X"),
                        entry("serial", "1"),
                        entry("a", "1"),
                        entry("enriched_NEWKEY", "x"),
                        entry("enriched_ARCH", "x86_64"));
    }

    @Test
    void theKernelsLineAndAnEventWithoutFields() {
        ParsedLine p = read(R, "audit: type=1400 audit(1417954745.397:82): apparmor=\"ALLOWED\" pid=3231 comm=\"ls\"");
        assertThat(p.time().toInstant()).hasToString("2014-12-07T12:19:05.397Z");
        assertThat(pairs(p))
                .containsExactly(
                        entry("type", "1400"),
                        entry("serial", "82"),
                        entry("apparmor", "ALLOWED"),
                        entry("pid", "3231"),
                        entry("comm", "ls"));
        ParsedLine eoe = read(R, "type=EOE msg=audit(1721723300.000:1):");
        assertThat(eoe.text(ParsedLine.Field.MESSAGE)).isNull();
        assertThat(pairs(eoe)).containsExactly(entry("type", "EOE"), entry("serial", "1"));
        assertThat(read(R, "type=UNKNOWN[1334] msg=audit(1721723300.000:1): a=1"))
                .isNotNull();
        assertThat(read(R, "type=CWD msg=audit(1364481363.243:24287) : cwd=\"/home\""))
                .isNotNull();
    }

    @Test
    void aLineCutInAQuoteKeepsWhatItHas() {
        ParsedLine p = read(R, "type=USER_AUTH msg=audit(1.000:2): pid=3 msg='op=login acct=\"ro");
        assertThat(pairs(p)).containsEntry("op", "login").containsEntry("acct", "ro");
        ParsedLine q = read(R, "type=CWD msg=audit(1.000:2): cwd=\"/ho a=1");
        assertThat(pairs(q)).containsEntry("cwd", "/ho a=1").doesNotContainKey("a");
    }

    @Test
    void nearMissesAreNotAuditRecords() {
        assertThat(read(R, "type=SYSCALL msg=audit(1481076983.819): arch=c000003e"))
                .isNull(); // no serial
        assertThat(read(R, "type=SYSCALL msg=audit(1481076983:7798): arch=c000003e"))
                .isNull(); // no fraction
        assertThat(read(R, "type=SYSCALL msg=audit(1481076983.819:7798)x arch=c000003e"))
                .isNull();
        assertThat(read(R, "type=SYSCALL msg=audit(1481076983.819:7798):arch=c000003e"))
                .isNull();
        assertThat(read(R, "type= msg=audit(1481076983.819:7798): a=1")).isNull();
        assertThat(read(R, "type=SYSCALL msg=hello a=1")).isNull();
        assertThat(read(R, "type=SYSCALL")).isNull();
        assertThat(read(R, "node=host")).isNull();
        assertThat(read(R, "node=host level=info")).isNull();
        assertThat(read(R, "audit: CWD cwd=\"/\"")).isNull(); // journald's rendering: no event id
        assertThat(read(R, "types=X msg=audit(1.1:1): a=1")).isNull();
    }

    @Test
    void nearMissesKeepTheirShape() {
        assertThat(ReaderFixture.parse("type=SYSCALL msg=audit(1481076983.819): arch=c000003e syscall=59")
                        .shape())
                .isEqualTo(LineShape.LOGFMT);
        assertThat(ReaderFixture.parse("type=PROCTITLE proctitle=bash").shape()).isEqualTo(LineShape.LOGFMT);
        assertThat(ReaderFixture.parse("node=a type=b level=info msg=hi").shape())
                .isEqualTo(LineShape.LOGFMT);
        assertThat(ReaderFixture.parse("time=\"2015-03-26T01:27:38-04:00\" level=warning msg=\"x\" type=a")
                        .shape())
                .isEqualTo(LineShape.LOGFMT);
        assertThat(ReaderFixture.parse("audit: something happened").shape()).isEqualTo(LineShape.PLAIN);
    }

    @Test
    void throughSyslogTheEnvelopesFieldsAndTheRecords() {
        // apparmor/apparmor utils/test/test-logparser.py (Launchpad bug 1399027)
        ParsedLine p = ReaderFixture.parse("Dec  7 13:18:59 rosa kernel: audit: type=1400 audit(1417954745.397:82): "
                + "apparmor=\"ALLOWED\" operation=\"open\" pid=3231 comm=\"ls\"");
        assertThat(p.shape()).isEqualTo(LineShape.AUDITD);
        assertThat(p.text(ParsedLine.Field.HOST)).isEqualTo("rosa");
        assertThat(p.text(ParsedLine.Field.SERVICE)).isEqualTo("kernel");
        assertThat(p.text(ParsedLine.Field.PID)).isEqualTo("3231");
        assertThat(p.time().toInstant()).hasToString("2014-12-07T12:19:05.397Z"); // the record's: a year and a zone
        assertThat(p.yearInferred()).isFalse();
        assertThat(p.text(ParsedLine.Field.MESSAGE)).startsWith("apparmor=\"ALLOWED\"");
        // unmanarc/uAuditAnalyzer README.md: audispd through rsyslog; the relay's host stands, node stays a pair
        ParsedLine q = ReaderFixture.parse("<14>Mar 27 00:37:34 vnode03 audispd: node=vnode03.vuln type=CWD "
                + "msg=audit(1585291054.568:2911):  cwd=\"/var/www/html\"");
        assertThat(q.shape()).isEqualTo(LineShape.AUDITD);
        assertThat(q.text(ParsedLine.Field.HOST)).isEqualTo("vnode03");
        assertThat(q.text(ParsedLine.Field.SERVICE)).isEqualTo("audispd");
        assertThat(q.level()).isEqualTo(LogLevel.INFO);
        assertThat(pairs(q))
                .contains(entry("facility", "user"), entry("node", "vnode03.vuln"), entry("cwd", "/var/www/html"));
        assertThat(q.text(ParsedLine.Field.MESSAGE)).isEqualTo("cwd=\"/var/www/html\"");
    }

    @Test
    void linear() {
        assertLinear(R, n -> "type=SYSCALL msg=audit(1481076983.819:7798): " + "a=1 b=\"x\" ".repeat(n / 10));
        assertLinear(R, n -> "type=USER_AUTH msg=audit(1.1:1): msg='" + "a=\"x ' b ".repeat(n / 10));
        assertLinear(R, n -> "type=USER_AUTH msg=audit(1.1:1): " + "msg='a ".repeat(n / 7));
        assertLinear(R, n -> "type=USER_AUTH msg=audit(1.1:1): " + "a=\"".repeat(n / 3));
        assertLinear(R, n -> "type=USER_AUTH msg=audit(1.1:1): " + "\u001d".repeat(n));
        assertLinear(R, n -> "type=" + "A".repeat(n));
    }

    @Test
    void anOverlongSerialOrTimeIsNoEventId() {
        assertThat(read(R, "type=X msg=audit(1234567890123.819:1): a=1")).isNull();
        assertThat(read(R, "type=X msg=audit(1.8190000001:1): a=1")).isNull();
        assertThat(read(R, "type=X msg=audit(1.8:123456789012345678901): a=1")).isNull();
        assertThat(pairs(read(R, "type=X msg=audit(1.8:12345678901234567890): a=1")))
                .containsEntry("serial", "12345678901234567890");
    }

    @Test
    void pairsOfALongRecordAreBounded() {
        ParsedLine p = read(R, "type=X msg=audit(1.1:1): " + "k=v ".repeat(1000));
        assertThat(p.pairCount()).isEqualTo(ParsedLine.MAX_PAIRS);
        assertThat(Map.copyOf(pairs(p))).containsEntry("k", "v");
    }
}
