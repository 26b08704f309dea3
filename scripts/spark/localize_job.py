"""Localizes NDJSON requests on Apache Spark through `render-alert localize --batch`.

Each partition of the input is piped through one render-alert process; the answers are written
as text files (one NDJSON answer a line, Spark's part-NNNNN files) in the output folder. Each
answer's line numbers (its `line`, and the `"file": "line N"` of its diagnostics about the
request) are made the request's line number in the whole input, counting from 1, blank lines
included, across the input's files in Spark's order: answers are exactly what one render-alert
process would write for the whole input, and can be matched to requests by `line` as well as by
the request's own `id`. Adapt it freely: docs/scale-out.md.

    spark-submit --master yarn \\
        --files /opt/render-alert/render-alert \\
        --archives tables.tar.gz#tables \\
        localize_job.py --input s3a://bucket/requests/ --output s3a://bucket/answers/ \\
        --binary render-alert --strings tables --partitions 64 [-- --fallback development-region]

--binary, --strings and --res each name either an absolute path that exists on every executor, or a
file shipped with --files (a binary) or an archive shipped with --archives NAME.tar.gz#NAME (a
tables folder); those are found where Spark puts them. Without --strings render-alert uses the
sample app built into it. Words after `--` are passed to `render-alert localize --batch`
(--mode, --fallback, --keep-keys, --device, --payload-only...).

The job fails when render-alert cannot run, exits with status 2 (its input or output failed),
dies on a signal, or gives other than one answer for each non-blank request line. Status 1 (some
requests gave nothing to send) is normal: those answers say why.

Needs Python 3.9+ and PySpark on the driver and the executors.
"""

import argparse
import collections
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from pyspark import SparkFiles
from pyspark.sql import SparkSession

ANSWER = re.compile(rb'^\{"line":([0-9]+)')
DIAGNOSTICS = b',"diagnostics":['


def locate(name):
    """Where NAME is on this executor, as (folder, NAME): NAME itself when it is an absolute
    path (folder None), else the folder holding the file or archive Spark shipped under that
    name, else the working folder when NAME is there."""
    if os.path.isabs(name):
        return None, name
    for folder in (SparkFiles.getRootDirectory(), os.getcwd()):
        if os.path.exists(os.path.join(folder, name)):
            return folder, name
    raise FileNotFoundError(
        f"{name} is on this executor neither as shipped with --files/--archives nor in {os.getcwd()} "
        "(give an absolute path that exists on every executor, or ship it)")


def executable(path):
    """PATH, or a copy of it with execute permission where it lost it on the way (some cluster
    managers ship files read-only)."""
    if os.access(path, os.X_OK):
        return path
    copy = os.path.join(tempfile.mkdtemp(prefix="render-alert-"), os.path.basename(path))
    shutil.copyfile(path, copy)
    os.chmod(copy, 0o755)
    return copy


def renumbered(answer, first):
    """ANSWER, from a process that was given a partition whose first line is line FIRST + 1 of
    the input, with its line numbers made the input's: the leading `line`, and the `"file":"line
    N"` of each diagnostic about the request itself. Nothing inside the payload is touched."""
    match = ANSWER.match(answer)
    if not match:
        raise RuntimeError(f"render-alert gave an answer without a leading line number: {answer[:200]!r}")
    local = int(match.group(1))
    text = b'{"line":%d' % (first + local) + answer[match.end():]
    request = b'"file":"line %d"' % local
    if request in text:
        # diagnostics is the answer's last key; the last such key is the answer's own exactly
        # when what stands before it closes as a JSON object (one inside the payload would not).
        at = text.rfind(DIAGNOSTICS)
        if at != -1:
            try:
                json.loads(text[:at] + b"}")
            except ValueError:
                return text
            text = text[:at] + text[at:].replace(request, b'"file":"line %d"' % (first + local))
    return text


def localizer(binary, strings, extra, firsts, count=None, res=None):
    """The function each partition runs: its index and request lines in, NDJSON answers (bytes)
    out. FIRSTS holds, for each partition, how many lines of the input come before it; COUNT,
    an accumulator, is given the number of answers."""

    def localize(partition, lines):
        folder, name = locate(binary)
        command = [executable(os.path.join(folder, name) if folder else name), "localize", "--batch"]
        cwd = None
        if strings:
            # Given as shipped (a relative name, run from the folder holding it), so that
            # answers name the tables' files the same on every executor.
            cwd, tables = locate(strings)
            command += ["--strings", tables]
        if res:
            # The Android app's res/ folder, for the FCM requests ({"message": …}) among the lines.
            folder, name = locate(res)
            if cwd is None:
                cwd = folder
            command += ["--res", name if folder == cwd else os.path.join(folder, name) if folder else name]
        command += extra
        process = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        sent = [0]  # request lines, not counting blank ones (spaces and tabs only), which get no answer
        failures = []
        stderr_tail = collections.deque(maxlen=20)

        def feed():
            try:
                for text in lines:
                    # Blank lines too: render-alert counts them, so its line numbers stay the partition's.
                    if text.strip(" \t"):
                        sent[0] += 1
                    process.stdin.write(text.encode("utf-8") + b"\n")
            except BaseException as error:  # noqa: BLE001 - reported by the main thread
                failures.append(error)
            finally:
                try:
                    process.stdin.close()
                except OSError as error:
                    failures.append(error)

        def drain():
            for line in process.stderr:
                stderr_tail.append(line.decode("utf-8", "replace").rstrip("\n"))

        threads = [threading.Thread(target=feed, daemon=True), threading.Thread(target=drain, daemon=True)]
        for thread in threads:
            thread.start()
        answered = 0
        first = firsts[partition]
        finished = False
        try:
            for answer in process.stdout:
                answered += 1
                yield renumbered(answer.rstrip(b"\n"), first)
            finished = True
        finally:
            if not finished:  # the task failed or was cancelled: end render-alert too
                process.kill()
        for thread in threads:
            thread.join()
        status = process.wait()
        said = "\n".join(stderr_tail)
        # The status first: a process that exited early also breaks the pipe it was fed by.
        if status not in (0, 1):
            raise RuntimeError(f"{' '.join(command)} exited with status {status}:\n{said}")
        if failures:
            raise RuntimeError(f"writing requests to render-alert failed: {failures[0]!r}\n{said}")
        if answered != sent[0]:
            raise RuntimeError(f"render-alert gave {answered} answers to {sent[0]} requests:\n{said}")
        if count is not None:
            count.add(answered)

    return localize


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--input", required=True, help="NDJSON requests: a file, folder or glob Spark can read")
    parser.add_argument("--output", required=True, help="a folder for the answers (it must not exist)")
    parser.add_argument("--binary", required=True, help="render-alert: an absolute path on every executor, or the name of a file shipped with --files")
    parser.add_argument("--strings", help="the app's tables: an absolute path on every executor, or the name of an archive shipped with --archives")
    parser.add_argument("--res", help="the Android app's res/ folder, for FCM requests: an absolute path on every executor, or the name of an archive shipped with --archives")
    parser.add_argument("--partitions", type=int, help="at least this many partitions (default: Spark's)")
    parser.add_argument("extra", nargs="*", help="after --: options for render-alert localize --batch")
    options = parser.parse_args(argv)

    with SparkSession.builder.appName("render-alert localize").getOrCreate() as spark:
        context = spark.sparkContext
        context.setLogLevel("WARN")
        started = time.perf_counter()
        requests = context.textFile(options.input, minPartitions=options.partitions)
        # How many lines each partition has, to number answers by the input's lines (a first pass).
        sizes = requests.mapPartitions(lambda lines: [sum(1 for _ in lines)]).collect()
        firsts = [0, *itertools.accumulate(sizes)]
        counted = time.perf_counter() - started
        count = context.accumulator(0)
        answers = requests.mapPartitionsWithIndex(localizer(options.binary, options.strings, options.extra, firsts, count, res=options.res))
        answers.saveAsTextFile(options.output)
        seconds = time.perf_counter() - started
        print(
            f"localized: {count.value} answers in {seconds:.2f} s, {count.value / seconds:.0f} lines/s "
            f"(master {context.master}, {len(sizes)} partitions; counting their lines took {counted:.2f} s of it)", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
