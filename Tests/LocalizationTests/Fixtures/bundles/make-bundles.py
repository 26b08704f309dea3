#!/usr/bin/env python3
"""Writes the bundle fixtures: one small app as sources (text .strings, XML .stringsdict,
XML Info.plist) and as Xcode ships it (Sample.app: compiled binary .strings and .stringsdict,
binary Info.plist), written by Python's plistlib, a real property-list writer.

Run from this folder: python3 make-bundles.py. The output is committed with this script;
BundleFixtureTests checks that preview and lint read both alike."""
import os
import plistlib
import shutil

INFO = {
    "CFBundleDevelopmentRegion": "en", "CFBundleLocalizations": ["en", "fr", "de"], "CFBundleDisplayName": "Sample",
    "CFBundleIcons": {"CFBundlePrimaryIcon": {"CFBundleIconFiles": ["AppIcon40x40", "AppIcon60x60"], "CFBundleIconName": "AppIcon"}},
}
STRINGS = {
    "en": {"call.missed.title": "Missed call", "call.missed.body": "%@ tried to reach you.", "quote": "Say \"hi\"\n"},
    "fr": {"call.missed.title": "Appel manqué", "call.missed.body": "%@ a tenté de vous joindre.", "quote": "Dites « salut »\n"},
    "de": {"call.missed.body": "%@ hat versucht, dich zu erreichen."},
}
PLURAL = {
    "inbox.unread": {
        "NSStringLocalizedFormatKey": "%#@messages@",
        "messages": {"NSStringFormatSpecTypeKey": "NSStringPluralRuleType", "NSStringFormatValueTypeKey": "d",
                     "one": "%d unread message", "other": "%d unread messages"},
    }
}


def quoted(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


for folder in ("source", "Sample.app"):
    shutil.rmtree(folder, ignore_errors=True)
compiled = plistlib.FMT_BINARY
os.makedirs("source")
with open("source/Info.plist", "wb") as f:
    plistlib.dump(INFO, f, fmt=plistlib.FMT_XML)
os.makedirs("Sample.app")
with open("Sample.app/Info.plist", "wb") as f:
    plistlib.dump(INFO, f, fmt=compiled)
for language, table in STRINGS.items():
    os.makedirs(f"source/{language}.lproj")
    os.makedirs(f"Sample.app/{language}.lproj")
    with open(f"source/{language}.lproj/Localizable.strings", "w", encoding="utf-8") as f:
        f.writelines(f"{quoted(k)} = {quoted(v)};\n" for k, v in table.items())
    with open(f"Sample.app/{language}.lproj/Localizable.strings", "wb") as f:
        plistlib.dump(table, f, fmt=compiled)
    if language == "en":
        with open(f"source/{language}.lproj/Localizable.stringsdict", "wb") as f:
            plistlib.dump(PLURAL, f, fmt=plistlib.FMT_XML)
        with open(f"Sample.app/{language}.lproj/Localizable.stringsdict", "wb") as f:
            plistlib.dump(PLURAL, f, fmt=compiled)

# Icons as Xcode copies them beside Info.plist: Apple's CgBI PNG (a CgBI chunk first, raw
# deflate without zlib's wrapper, BGRA with premultiplied alpha), rows filtered with each of
# PNG's five filters in turn. AppIcon60x60@2x (120 px) is the largest: its left half opaque
# (200, 30, 60), its right half (20, 90, 220) at alpha 128; AppIcon40x40@2x (80 px) is green.
import struct
import zlib


def cgbi_png(size, pixel):
    def paeth(a, b, c):
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else b if pb <= pc else c

    rows, previous = [], bytes(size * 4)
    for y in range(size):
        line = bytearray()
        for x in range(size):
            r, g, b, a = pixel(x, y)
            line += bytes([b * a // 255, g * a // 255, r * a // 255, a])  # BGRA, premultiplied
        kind = y % 5
        filtered = bytearray([kind])
        for i, value in enumerate(line):
            left = line[i - 4] if i >= 4 else 0
            up = previous[i]
            up_left = previous[i - 4] if i >= 4 else 0
            predictor = [0, left, up, (left + up) // 2, paeth(left, up, up_left)][kind]
            filtered.append((value - predictor) & 0xFF)
        rows.append(bytes(filtered))
        previous = bytes(line)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress(b"".join(rows)) + deflate.flush()

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"CgBI", b"\x50\x00\x20\x06") + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", data) + chunk(b"IEND", b""))


with open("Sample.app/AppIcon60x60@2x.png", "wb") as f:
    f.write(cgbi_png(120, lambda x, y: (200, 30, 60, 255) if x < 60 else (20, 90, 220, 128)))
with open("Sample.app/AppIcon40x40@2x.png", "wb") as f:
    f.write(cgbi_png(80, lambda x, y: (0, 160, 0, 255)))

# The same app as an .ipa (a zip with Payload/Sample.app), and archives a reader must refuse.
import zipfile


def ipa(name, members):
    with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, data in members:
            info = zipfile.ZipInfo(member, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data)


app_files = []
for directory, _, files in sorted(os.walk("Sample.app")):
    for file in sorted(files):
        path = os.path.join(directory, file)
        with open(path, "rb") as f:
            app_files.append(("Payload/" + path, f.read()))
ipa("Sample.ipa", app_files)
ipa("traversal.ipa", app_files + [("Payload/Sample.app/../../../evil.strings", b'"a" = "b";')])
ipa("bomb.ipa", app_files[:1] + [("Payload/Sample.app/fr.lproj/Localizable.strings", b"\0" * (40 << 20))])
ipa("no-app.ipa", [("Payload/readme.txt", b"no app here")])
with open("Sample.ipa", "rb") as f:
    whole = f.read()
with open("corrupt.ipa", "wb") as f:
    f.write(whole[:-30])  # the end of central directory record cut short
