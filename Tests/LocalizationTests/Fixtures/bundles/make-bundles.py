#!/usr/bin/env python3
"""Writes the bundle fixtures: one small app as sources (text .strings, XML .stringsdict,
XML Info.plist) and as Xcode ships it (Sample.app: compiled binary .strings and .stringsdict,
binary Info.plist), written by Python's plistlib, a real property-list writer.

Run from this folder: python3 make-bundles.py. The output is committed with this script;
BundleFixtureTests checks that preview and lint read both alike."""
import os
import plistlib
import shutil

INFO = {"CFBundleDevelopmentRegion": "en", "CFBundleLocalizations": ["en", "fr", "de"], "CFBundleDisplayName": "Sample"}
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
