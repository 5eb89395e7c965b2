package dev.flinklog.core.template;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** One rule at a time: what becomes {@code <*>} and, as important, what stays. */
class MessageTemplateTest {

    private static String t(String message) {
        return MessageTemplate.template(message);
    }

    @Test
    void nullStaysNull() {
        assertThat(t(null)).isNull();
        assertThat(Fingerprint.hexOf(null)).isNull();
    }

    @Test
    void emptyAndBlankMessagesHaveTheEmptyTemplate() {
        assertThat(t("")).isEmpty();
        assertThat(t(" \t\r\n ")).isEmpty();
        assertThat(Fingerprint.of("")).isEqualTo(Fingerprint.of("   "));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                // digits: any token with a digit, as a whole
                "took 42 ms|took <*>",
                "value -1.5e3 rejected|value <*> rejected",
                "block blk_-1234 lost|block <*> lost",
                "block blk_5678 lost|block <*> lost",
                "peer 10.0.0.1:8080 gone|peer <*> gone",
                "peer 2001:db8::1 gone|peer <*> gone",
                "peer fe80::1%eth0 gone|peer <*> gone",
                "id 123e4567-e89b-12d3-a456-426614174000 done|id <*> done",
                "mac 00:1a:2b:3c:4d:5e up|mac <*> up",
                "at 2024-01-02T03:04:05.678Z start|at <*> start",
                "at 12:30:01 start|at <*> start",
                "took 41ms|took <*>",
                "wrote 5MB|wrote <*>",
                "flags 0x1f set|flags <*> set",
                "node worker7 joined|node <*> joined",
                "server v2 up|server <*> up",
                "speaks HTTP/1.1 only|speaks <*> only",
                // URL, e-mail
                "fetch https://example.org/a done|fetch <*> done",
                "fetch ftp://files.example.org done|fetch <*> done",
                "mail alice@example.org sent|mail <*> sent",
                // hex without digits
                "key deadbeef missing|key <*> missing",
                "mask ffffffff set|mask <*> set",
                "mac ab:cd:ef:ab:cd:ef up|mac <*> up",
                "word acceded stays|word acceded stays",
                "word deface stays|word deface stays",
                // host names
                "resolve mail.example.com now|resolve <*> now",
                "resolve www.cs.example.ac.uk now|resolve <*> now",
                "resolve printer.local now|resolve <*> now",
                "bundle com.example.Reader.daily starts|bundle <*> starts",
                "class java.lang.String kept|class java.lang.String kept",
                "file notes.txt kept|file notes.txt kept",
                "file setup.py kept|file setup.py kept",
                // paths
                "open /var/log/syslog now|open <*> now",
                "open ./conf/app.yaml now|open <*> now",
                "open ../up/x now|open <*> now",
                "open ~/notes now|open <*> now",
                "ratio 1/2 kept|ratio <*> kept",
                "either and/or kept|either and/or kept",
                "root / kept|root / kept",
                "open /tmp now|open /tmp now",
                // booleans
                "enabled true now|enabled <*> now",
                "flag isReady:FALSE seen|flag <*> seen",
                "trueish stays|trueish stays",
                // plain words stay
                "error|error",
                "ERROR: disk full|ERROR: disk full",
                "Exception in thread main|Exception in thread main",
                "pam_unix(sshd:session): session closed|pam_unix(sshd:session): session closed",
            })
    void tokenClasses(String message, String template) {
        assertThat(t(message)).isEqualTo(template);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                // key=value keeps the key, masks the whole value (digits or not)
                "uid=0 euid=42|uid=<*> euid=<*>",
                "status=OK retry=3|status=<*> retry=<*>",
                "logname= tty=x|logname= tty=<*>",
                "x==y|x=<*>",
                "==> arrow|==> arrow",
                "a+b=c stays|a+b=c stays",
                "(HWID=1973)|(HWID=<*>)",
                "{reason=oom, attempt=2}|{reason=<*>, attempt=<*>}",
                // brackets inside a token split it into pieces
                "at Cart.add(Cart.java:117)|at Cart.add(<*>)",
                "Switch<0>(0x0)::callback fired|<*>(<*>)::callback fired",
                "sshd(pam_unix)[1234]: opened|sshd(pam_unix)[<*>]: opened",
                // wrappers and trailing punctuation are kept around the value
                "[10.1.2.3] failed|[<*>] failed",
                "\"abc123\" missing|\"<*>\" missing",
                "done 42.|done <*>.",
                "list 1, 2, 3|list <*>, <*>, <*>",
                // runs of whole variable words collapse
                "at 2024-01-02 03:04:05 UTC|at <*> UTC",
                "ids 1 2 3 4 end|ids <*> end",
                // units after a number belong to it
                "sent 1024 bytes|sent <*>",
                "waited 3 sec, gave up|waited <*>, gave up",
                "used 5 MB of 8 GB|used <*> of <*>",
                "errors 40 % now|errors <*> now",
                "sent bytes|sent bytes",
                // an aside restating a value is dropped, an empty one too
                "sent 1024 bytes (1 KB) ok|sent <*> ok",
                "sent 1024 bytes (1.0 MB), ok|sent <*>, ok",
                "from host1 () at noon|from <*> at noon",
                "from host1 (host1.example.com) at noon|from <*> at noon",
                "sent 5 (see log) ok|sent <*> (see log) ok",
                // (version 2) any number of words, each judged by its core as the word rules render it
                "sent 1024 bytes (1.0 MB, 0.98 MiB, 1024 B) ok|sent <*> ok",
                "sent 1024 bytes (1. 0 MB,) ok|sent <*> ok",
                "sent 5 (\"1\" '2') ok|sent <*> ok",
                "sent 5 (1 then 2) ok|sent <*> (<*> then <*>) ok",
                // an empty pair is an empty value
                "name '' rejected|name '<*>' rejected",
                "list [] empty|list [<*>] empty",
                // dates written with names
                "at Fri Jun 17 20:14:55 2005 ok|at <*> ok",
                "on 17 June 2005 ok|on <*> ok",
                "Jun 5 backup|<*> backup",
                "it may 5 times|it may <*> times",
                "March forward|March forward",
                // user names
                "session closed for user alice|session closed for user <*>",
                "Invalid user bob from 1.2.3.4|Invalid user <*> from <*>",
                "Invalid user  from 1.2.3.4|Invalid user <*> from <*>",
                "Failed password for carol from 1.2.3.4 port 22|Failed password for <*> from <*> port <*>",
                "waiting for lock release|waiting for lock release",
            })
    void structureRules(String message, String template) {
        assertThat(t(message)).isEqualTo(template);
    }

    @Test
    void whitespaceRunsBecomeOneSpaceAndControlCharactersSeparateWords() {
        assertThat(t("  a \t b\r\nc  ")).isEqualTo("a b c");
        assertThat(t("a\u0000b\u0007c\u007f")).isEqualTo("a b c");
        assertThat(t("a\u00a0b\u3000c\u2028d")).isEqualTo("a b c d");
        assertThat(t("line one\n\tat x")).isEqualTo("line one at x");
    }

    @Test
    void placeholdersInTheInputAreVariables() {
        assertThat(t("<*>")).isEqualTo("<*>");
        assertThat(t("a <*> <*> b")).isEqualTo("a <*> b");
        assertThat(t("id<*> x")).isEqualTo("<*> x");
        assertThat(t("<*>(<*>)::callback fired")).isEqualTo("<*>(<*>)::callback fired");
        assertThat(t("uid=<*> [<*>]")).isEqualTo("uid=<*> [<*>]");
        assertThat(t("<* > stays")).isEqualTo("<* > stays");
    }

    @Test
    void classifyReportsTheClassOfAWholeToken() {
        assertThat(classOf("<*>")).isEqualTo(TokenClass.PLACEHOLDER);
        assertThat(classOf("x42")).isEqualTo(TokenClass.DIGITS);
        assertThat(classOf("https://a.b")).isEqualTo(TokenClass.URL);
        assertThat(classOf("a@b.c")).isEqualTo(TokenClass.EMAIL);
        assertThat(classOf("cafebabe")).isEqualTo(TokenClass.HEX);
        assertThat(classOf("a.example.org")).isEqualTo(TokenClass.HOST_NAME);
        assertThat(classOf("/a/b")).isEqualTo(TokenClass.PATH);
        assertThat(classOf("false")).isEqualTo(TokenClass.BOOLEAN);
        assertThat(classOf("error")).isNull();
        assertThat(classOf("@")).isNull();
        assertThat(classOf("a..org")).isNull();
    }

    private static TokenClass classOf(String token) {
        return MessageTemplate.classify(token, 0, token.length());
    }
}
