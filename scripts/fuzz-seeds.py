#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz tests from the project's own tests and generator.

Seeds are the string literals of the shape, docs and unit tests of each target (the inputs the
project already knows to be interesting) plus records of every producer shape and malformed kind
from flink-log-gen. Re-running it replaces only files named seed-*; inputs the fuzzer found and we
kept (named crash-* or regression-*) stay.

usage: scripts/fuzz-seeds.py   (from the repository root, after
       mvn -o -q -pl flink-log-gen package -DskipTests)
"""
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE_TESTS = os.path.join(ROOT, "flink-log-core/src/test/java/dev/flinklog/core")
FORMAT_TESTS = os.path.join(ROOT, "flink-log-format/src/test/java/dev/flinklog/format")
FN_CORPUS = os.path.join(ROOT, "flink-log-sql-functions/src/test/resources/dev/flinklog/functions/LogFunctionsFuzzTestInputs")
LINES_CORPUS = os.path.join(ROOT, "flink-log-core/src/test/resources/dev/flinklog/core/lines/corpus")
FMT_CORPUS = os.path.join(ROOT, "flink-log-format/src/test/resources/dev/flinklog/format/LogJsonFuzzTestInputs")

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def unescape(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            if n == "u":
                j = i + 1
                while j < len(s) and s[j] == "u":
                    j += 1
                out.append(chr(int(s[j:j + 4], 16)))
                i = j + 4
                continue
            out.append({"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "0": "\0", "s": " "}.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def encode(text):
    """UTF-8, with lone surrogates written as FuzzInput's 0xFF escape."""
    b = bytearray()
    for ch in text:
        cp = ord(ch)
        if 0xD800 <= cp <= 0xDFFF:
            b += bytes([0xFF, cp >> 8, cp & 0xFF])
        else:
            b += ch.encode("utf-8")
    return bytes(b)


def literals(files, min_len=2):
    seen = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            for m in LITERAL.finditer(fh.read()):
                s = unescape(m.group(1))
                if len(s) >= min_len and s not in seen:
                    seen.append(s)
    return seen


def write(directory, seeds):
    os.makedirs(directory, exist_ok=True)
    for old in glob.glob(os.path.join(directory, "seed-*")):
        os.remove(old)
    for s in seeds:
        data = s if isinstance(s, bytes) else encode(s)
        name = "seed-" + hashlib.sha1(data).hexdigest()[:16]
        with open(os.path.join(directory, name), "wb") as fh:
            fh.write(data)
    print(f"{len(seeds):5d} seeds  {os.path.relpath(directory, ROOT)}")


def generated(records, seed):
    jar = glob.glob(os.path.join(ROOT, "flink-log-gen/target/flink-log-gen-*.jar"))
    if not jar:
        sys.exit("build flink-log-gen first: mvn -o -q -pl flink-log-gen package -DskipTests")
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as out:
        subprocess.run(["java", "-cp", jar[0], "dev.flinklog.gen.GenerateLogs", "--records", str(records),
                        "--seed", str(seed), "--malformed-rate", "0.1", "--out", out.name], check=True,
                       stdout=subprocess.DEVNULL)
        with open(out.name, "rb") as fh:
            return [line.rstrip(b"\n") for line in fh if line.strip()]


def corpus_lines():
    """The real lines of the text-line corpus (flink-log-core's LineCorpusTest), every shape and plain."""
    out = []
    for f in sorted(glob.glob(os.path.join(LINES_CORPUS, "*.jsonl"))):
        with open(f, encoding="utf-8") as fh:
            out += [json.loads(l)["line"] for l in fh if l.strip()]
    return out


def core(*names):
    """The core test sources of these class names, in whichever package folder they live."""
    found = {}
    for folder, _, files in os.walk(CORE_TESTS):
        for f in files:
            found[f[:-len(".java")]] = os.path.join(folder, f)
    return [found[n] for n in names]


def main():
    lines = generated(240, 5)
    texts = [l.decode("utf-8", "replace") for l in lines[:60]]
    write(os.path.join(FN_CORPUS, "logTimestamp"),
          literals(core("TimestampParserTest", "TimestampDocsTest", "TimestampParserZoneTest", "LeadingTimestampTest")))
    write(os.path.join(FN_CORPUS, "logLevel"),
          literals(core("LevelInferenceTest", "LevelFieldParserTest", "LevelDocsTest", "LevelResolverTest")) + texts)
    write(os.path.join(FN_CORPUS, "logTemplateFingerprint"),
          literals(core("MessageTemplateTest", "TemplateDocsTest", "FingerprintTest")) + texts)
    write(os.path.join(FN_CORPUS, "logErrorClass"),
          literals(core("ErrorClassifierTest", "ErrorClassDocsTest")) + texts)
    write(os.path.join(FN_CORPUS, "logParseLine"),
          corpus_lines() + [l for l in lines if not l.startswith(b"{")][:60])
    write(os.path.join(FN_CORPUS, "logLabels"),
          [s for s in literals(core("LabelExtractorTest", "LabelDocsTest")) if "{" in s] + texts)
    shapes = [s for s in literals([os.path.join(FORMAT_TESTS, f) for f in
                                   ("ProducerShapesTest.java", "LogJsonSemanticsTest.java",
                                    "LogJsonDeserializationSchemaTest.java")]) if "{" in s or len(s) > 20]
    write(os.path.join(FMT_CORPUS, "deserialize"), shapes + lines)
    write(os.path.join(FMT_CORPUS, "logParse"), shapes[:80] + lines[:80])


if __name__ == "__main__":
    main()
