#!/usr/bin/env python3
"""Writes Tests/LocalizationTests/Fixtures/android/strings-vectors.tsv: what Android returns from
getString (and the values of plurals and string arrays) for every fixture strings.xml under
Tests/LocalizationTests/Fixtures/android/strings/, as compiled by aapt2.

Each fixture is compiled (`aapt2 compile`) and linked into an APK (`aapt2 link`, no android.jar:
the manifest needs none); the values are then read from the APK's resources.arsc by the small
parser below (the global string pool, references resolved), so that the expected text is exact to
the byte, which `aapt2 dump` output is not. A fixture that aapt2 rejects gets one row saying so,
with the first error line aapt2 printed (location removed).

Usage: scripts/android/generate-strings-vectors.py [--check]   (needs aapt2: apt-get install aapt)
--check compares with the committed TSV instead of writing it.
--each reads strings.xml documents from stdin, one per line as a JSON string, and prints for each
a JSON object: {"value": text of string "x"} or {"error": message} (the random differential test
runs it)."""
import os
import pathlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "Tests/LocalizationTests/Fixtures/android/strings"
OUTPUT = ROOT / "Tests/LocalizationTests/Fixtures/android/strings-vectors.tsv"
MANIFEST = '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.vectors"/>\n'


def aapt2_version():
    return subprocess.run(["aapt2", "version"], capture_output=True, text=True).stderr.strip() or \
        subprocess.run(["aapt2", "version"], capture_output=True, text=True).stdout.strip()


def read_pool(data, offset):
    """The strings of the ResStringPool chunk at offset."""
    _, header_size, _ = struct.unpack_from("<HHI", data, offset)
    count, _styles, flags, strings_start, _ = struct.unpack_from("<IIIII", data, offset + 8)
    utf8 = bool(flags & 0x100)
    strings = []
    for i in range(count):
        (rel,) = struct.unpack_from("<I", data, offset + header_size + 4 * i)
        p = offset + strings_start + rel
        if utf8:
            n = data[p]; p += 1
            if n & 0x80: p += 1
            n = data[p]; p += 1
            if n & 0x80:
                n = ((n & 0x7F) << 8) | data[p]; p += 1
            # aapt2 writes a UTF-16 surrogate pair as two 3-byte sequences; the device joins them.
            text = data[p:p + n].decode("utf-8", "surrogatepass")
            strings.append(text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace"))
        else:
            (n,) = struct.unpack_from("<H", data, p); p += 2
            if n & 0x8000:
                (low,) = struct.unpack_from("<H", data, p); p += 2
                n = ((n & 0x7FFF) << 16) | low
            strings.append(data[p:p + 2 * n].decode("utf-16-le", "surrogatepass"))
    return strings


def read_arsc(data):
    """{(type, name): value}: a string's text, a plural's {quantity: text}, an array's [text]."""
    _, header_size, _ = struct.unpack_from("<HHI", data, 0)
    offset = header_size
    values = None
    resources = {}
    by_id = {}
    while offset < len(data):
        kind, h, size = struct.unpack_from("<HHI", data, offset)
        if kind == 0x0001:
            values = read_pool(data, offset)
        elif kind == 0x0200:
            (package_id,) = struct.unpack_from("<I", data, offset + 8)
            type_strings, _, key_strings = struct.unpack_from("<III", data, offset + 8 + 4 + 256)
            types = read_pool(data, offset + type_strings)
            keys = read_pool(data, offset + key_strings)
            p = offset + h
            while p < offset + size:
                ck, chh, cs = struct.unpack_from("<HHI", data, p)
                if ck == 0x0201:
                    type_id, flags, _, count, entries_start = struct.unpack_from("<BBHII", data, p + 8)
                    type_name = types[type_id - 1]
                    for i in range(count):
                        (rel,) = struct.unpack_from("<I", data, p + chh + 4 * i)
                        if rel == 0xFFFFFFFF:
                            continue
                        e = p + entries_start + rel
                        esize, eflags, key = struct.unpack_from("<HHI", data, e)
                        name = keys[key]
                        res_id = (package_id << 24) | (type_id << 16) | i
                        if eflags & 1:
                            _parent, n = struct.unpack_from("<II", data, e + 8)
                            items = []
                            for j in range(n):
                                m = e + esize + 12 * j
                                (attr,) = struct.unpack_from("<I", data, m)
                                _, _, dtype, value = struct.unpack_from("<HBBI", data, m + 4)
                                items.append((attr, dtype, value))
                            resources[(type_name, name)] = items
                        else:
                            _, _, dtype, value = struct.unpack_from("<HBBI", data, e + 8)
                            resources[(type_name, name)] = (dtype, value)
                        by_id[res_id] = (type_name, name)
                p += cs
        offset += size

    def text(dtype, value, depth=0):
        if dtype == 0x03:
            return values[value]
        if dtype == 0x01 and depth < 8:
            target = resources.get(by_id.get(value))
            if isinstance(target, tuple):
                return text(*target, depth=depth + 1)
        return f"<type {dtype:#x} value {value:#x}>"

    quantities = {0x01000004: "other", 0x01000005: "zero", 0x01000006: "one",
                  0x01000007: "two", 0x01000008: "few", 0x01000009: "many"}
    out = {}
    for (type_name, name), v in resources.items():
        if isinstance(v, tuple):
            out[(type_name, name)] = text(*v)
        elif type_name == "plurals":
            out[(type_name, name)] = {quantities.get(a, hex(a)): text(t, x) for a, t, x in v}
        else:
            out[(type_name, name)] = [text(t, x) for _, t, x in v]
    return out


def compile_values(xml_bytes):
    """(values, None) when aapt2 accepts a values/strings.xml with this content, else (None, error)."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        (tmp / "res/values").mkdir(parents=True)
        (tmp / "res/values/strings.xml").write_bytes(xml_bytes)
        (tmp / "AndroidManifest.xml").write_text(MANIFEST)
        for command in (["aapt2", "compile", "-o", str(tmp), str(tmp / "res/values/strings.xml")],
                        ["aapt2", "link", "-o", str(tmp / "app.apk"), "--manifest", str(tmp / "AndroidManifest.xml"),
                         str(tmp / "values_strings.arsc.flat")]):
            run = subprocess.run(command, capture_output=True, text=True)
            if run.returncode != 0:
                lines = [l for l in run.stderr.splitlines() if "error" in l] or run.stderr.splitlines() or ["failed"]
                message = re.sub(r"^.*?error: ", "", lines[0]).strip()
                return None, message.replace(str(tmp) + "/", "")
        with zipfile.ZipFile(tmp / "app.apk") as apk:
            return read_arsc(apk.read("resources.arsc")), None


def escape(text):
    out = []
    for c in text:
        if c == "\\": out.append("\\\\")
        elif c == "\t": out.append("\\t")
        elif c == "\n": out.append("\\n")
        elif c == "\r": out.append("\\r")
        elif ord(c) < 0x20 or ord(c) == 0x7F: out.append(f"\\u{{{ord(c):X}}}")
        else: out.append(c)
    return "".join(out)


def rows_for(path):
    values, error = compile_values(path.read_bytes())
    if error is not None:
        return [(path.name, "*", "error", escape(error))]
    rows = []
    for (type_name, name), value in sorted(values.items()):
        if isinstance(value, dict):
            for quantity, text in sorted(value.items()):
                rows.append((path.name, f"{type_name}/{name}:{quantity}", "value", escape(text)))
        elif isinstance(value, list):
            for index, text in enumerate(value):
                rows.append((path.name, f"{type_name}/{name}[{index}]", "value", escape(text)))
        else:
            rows.append((path.name, f"{type_name}/{name}", "value", escape(value)))
    return rows


def each():
    import json
    for line in sys.stdin:
        values, error = compile_values(json.loads(line).encode())
        if error is not None:
            print(json.dumps({"error": error}))
        else:
            print(json.dumps({"value": values.get(("string", "x"))}))
        sys.stdout.flush()


def main():
    if "--each" in sys.argv:
        return each()
    if not shutil.which("aapt2"):
        sys.exit("aapt2 not found (apt-get install aapt)")
    lines = [
        "# Generated by scripts/android/generate-strings-vectors.py: aapt2 compile + aapt2 link of each",
        f"# fixture in strings/, values read from the APK's resources.arsc. Oracle: {aapt2_version()}",
        "# (Debian package aapt 10.0.0+r36). Text escaped: \\\\ \\t \\n \\r, other controls \\u{HEX}.",
        "# An 'error' row: aapt2 rejected the file (its first error message, location removed).",
        "file\tresource\tkind\texpected",
    ]
    for path in sorted(FIXTURES.glob("*.xml")):
        lines += ["\t".join(row) for row in rows_for(path)]
    text = "\n".join(lines) + "\n"
    if "--check" in sys.argv:
        sys.exit(0 if OUTPUT.read_text() == text else "strings-vectors.tsv is out of date")
    OUTPUT.write_text(text)
    print(f"{len(lines) - 5} rows")


if __name__ == "__main__":
    main()
