#!/usr/bin/env python3
"""End-to-end check of `render-alert preview --res` against the real Android chain.

The expected result comes from the real build and runtime pieces, not from a model of them:
  * aapt2 compile --legacy (as the Android Gradle Plugin does) and aapt2 link into an APK; a
    compile or link failure is a valid case ("build fails": render-alert must then report an
    error located in the app's files, and must report none when the build succeeds; messages
    are not compared);
  * res-oracle (C++, Debian's libandroidfw = Android 10's AssetManager2) loads the APK and answers
    the locale list, name → id, and the resolved value for a configuration;
  * AndroidOracle (Java, one JVM for the run) ports ResourcesImpl/LocaleList/Resources and
    firebase-messaging's NotificationParams/CommonNotificationBuilder on top of it.
This script merges the FCM message as the FCM backend does (android.notification wins per field;
proto3: "" and [] are unset), drives both oracles, runs render-alert and compares outcome,
exception, title and body for every device.

Modes:
  (default)              random (seeded) res folders, FCM HTTP v1 messages and device locale
                         lists, compared with render-alert at once;
  --write-fixtures DIR   hand-written cases DIR/<name>/ (res/, optional lib/ and
                         AndroidManifest.xml, message.json, devices.txt): writes what the phone
                         shows to DIR/<name>/expected.json;
  --check-fixtures DIR   compares render-alert with those expected.json files (needs neither
                         aapt2 nor Java, except aapt2 for --apk).
--apk also runs render-alert on the linked app.apk as --res when it reads one (tried once).

Prerequisites (Debian 12): apt-get install aapt android-libandroidfw-dev openjdk-17-jdk-headless
g++ libicu4j-java python3. Normally started by run.sh, which builds the oracles first.

Usage: run.py --oracle-bin DIR [--seed N] [--count M] [--render-alert PATH] [--keep DIR]
              [--mismatches DIR] [--jobs J] [--apk]
       run.py --oracle-bin DIR --write-fixtures DIR
       run.py --check-fixtures DIR [--render-alert PATH] [--apk]
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import xml.etree.ElementTree as ET

PACKAGE = "com.example.app"
# The app's label, shown as the title when the message sets none: passed as --app-name (the
# oracle has no launcher to ask).
APP_NAME = "App"
AAPT2 = "aapt2"
ICU4J = "/usr/share/java/icu4j.jar"  # Debian's libicu4j-java


def manifest_for(package):
    return ('<manifest xmlns:android="http://schemas.android.com/apk/res/android" '
            f'package="{package}"/>\n')


# Locale folders (qualifier after "values-") and a device tag that selects each.
FOLDERS = {
    "fr": "fr-FR", "fr-rCA": "fr-CA", "b+sr+Latn": "sr-Latn-RS", "b+es+419": "es-419",
    "zh-rTW": "zh-TW", "tl": "tl-PH", "fil": "fil-PH", "iw": "iw-IL", "he": "he-IL",
    "in": "in-ID", "id": "id-ID", "pt-rBR": "pt-BR", "en-rGB": "en-GB", "de": "de-DE",
    "es": "es-ES", "ja": "ja-JP", "tr": "tr-TR", "en": "en-US", "zh-rCN": "zh-CN", "ar": "ar-EG",
    "b+zh+Hant+TW": "zh-Hant-TW", "zh-rHK": "zh-HK", "pt": "pt-PT", "nb": "nb-NO", "b+sr+Cyrl": "sr-Cyrl-RS",
    "en-rXA": "en-XA", "ar-rXB": "ar-XB", "ms": "ms-MY",
}
EXTRA_DEVICE_TAGS = ["tr-TR", "fil-PH", "tl-PH", "he-IL", "iw-IL", "id-ID", "in-ID", "en-US",
                     "es-MX", "zh-HK", "ko-KR", "sr-RS", "pt-PT", "fr-BE", "en", "fr",
                     "zh-Hant-TW", "de-CH", "en-XA", "ar-XB", "es-US", "en-AU"]
NAMES = ["title", "body", "greet", "promo", "count", "ref", "plain"]
LIB_NAMES = ["lib_title", "lib_body"]
VECTOR = "<shape/>\n"  # no android: attributes: the link has no android.jar


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def folder_tag(qualifier):
    """values-<qualifier> → a BCP 47 tag for --library-locales."""
    if qualifier.startswith("b+"):
        return "-".join(qualifier[2:].split("+"))
    return qualifier.replace("-r", "-")


def folder_locale(folder):
    """The locale of a res folder name (values-fr-rCA-night → fr-CA), or None."""
    parts = folder.split("-")[1:]
    if parts and parts[0].startswith("b+"):
        return folder_tag(parts[0])
    if parts and re.fullmatch(r"[a-z]{2,3}", parts[0]):
        if len(parts) > 1 and re.fullmatch(r"r[A-Z]{2}", parts[1]):
            return f"{parts[0]}-{parts[1][1:]}"
        return parts[0]
    return None


# ---------------------------------------------------------------- generation
def gen_string_value(rng, tag, names):
    """Raw XML content of a <string>: mostly valid, sometimes a build error on purpose."""
    other = rng.choice(names)
    kinds = [
        (10, lambda: f"Hello {tag}"),
        (6, lambda: f"Hi %s ({tag})"),
        (4, lambda: f"%1$s and %2$s ({tag})"),
        (3, lambda: f"%2$s, %1$s {tag}"),
        (3, lambda: f"%s and %s {tag}"),          # non-positional: an aapt2 warning with --legacy
        (3, lambda: f"%d items {tag}"),
        (3, lambda: f"%S! {tag}"),
        (2, lambda: f"100%% {tag}"),
        (2, lambda: f"line%nbreak {tag}"),
        (4, lambda: f"@string/{other}"),
        (1, lambda: rng.choice(["@null", "@empty"])),  # getString: "@0", and no text
        (2, lambda: f"It\\'s {tag}"),
        (2, lambda: f"\"Quoted 'it' {tag}\""),
        (2, lambda: f"<b>Bold</b> {tag}"),
        (2, lambda: ""),
        (1, lambda: f"It's {tag}"),               # unescaped apostrophe: compile error
        (2, lambda: f"50% off {tag}"),            # "% o": a format error only with args
        (1, lambda: f"%q {tag}"),
        (2, lambda: f"ıi İI {tag}"),
        (1, lambda: "x" * 6000),                  # over the 5,120-unit cut
        (1, lambda: f"\\u00e9t\\u00e9 {tag}"),
        (1, lambda: f"a\\nb {tag}"),
        (2, lambda: f"%1$s %3$s {tag}"),          # a gap: MissingFormatArgument with 2 args
        (1, lambda: f"&amp; &lt;x&gt; {tag}"),
        # java.util.Formatter's other conversions, flags, widths and precisions on String
        # arguments: shown, or an IllegalFormat… crash.
        (4, lambda: rng.choice(["%-6s|", "%6s|", "%.2s", "%8.3s", "%b", "%B", "%h", "%H", "%c", "%x", "%o", "%e", "%f",
                                "%g", "%a", "%tY", "%<s", "%1$s%<s", "%,d", "%+s", "%#s", "%0s", "%-s", "%1$-5s|", "%2$S",
                                "%s%%", "%n%s", "% d", "%(d", "%.0s", "%3$s", "%1$s %1$s", "%0$s", "%99$s", "%-08s"]) + f" {tag}"),
    ]
    total = sum(w for w, _ in kinds)
    r = rng.uniform(0, total)
    for w, f in kinds:
        r -= w
        if r <= 0:
            return f()
    return kinds[0][1]()


def gen_values_file(rng, tag, names, default_folder):
    if rng.random() < 0.06:
        return "<resources/>\n"
    lines = ["<resources>"]
    for name in names:
        if rng.random() < 0.55:
            attrs = ""
            # aapt2 trims attributes and reads booleans in three cases; "no" fails the build.
            boolean = rng.choice(["false"] * 8 + ["False", "FALSE", " false ", "true", "no"])
            if rng.random() < 0.08:
                attrs += f' formatted="{boolean}"'
            if default_folder and rng.random() < 0.05:
                attrs += f' translatable="{boolean}"'
            written = f" {name} " if rng.random() < 0.03 else name
            if rng.random() < 0.06:
                # aapt2 parses <item type="string"> as a <string>.
                string_type = rng.choice(["string"] * 5 + [" string "])
                lines.append(f'  <item type="{string_type}" name="{written}"{attrs}>{gen_string_value(rng, tag, names)}</item>')
            else:
                lines.append(f'  <string name="{written}"{attrs}>{gen_string_value(rng, tag, names)}</string>')
    if rng.random() < 0.04:
        # Names aapt2 takes (XID_Start or _, then XID_Continue, . and -) and names it refuses.
        odd = rng.choice(ODD_NAMES)
        lines.append(f'  <string name="{odd}">Odd {tag}</string>')
    if rng.random() < 0.25:
        lines.append(f'  <color name="accent">{odd_or(rng, gen_color(rng))}</color>')
    if rng.random() < 0.2:
        lines.append(f'  <dimen name="gap">{odd_or(rng, gen_number(rng) + rng.choice(["dp", "dip", "sp", "px", "pt", "in", "mm"]))}</dimen>')
    if rng.random() < 0.08:
        lines.append(f'  <fraction name="ratio">{odd_or(rng, gen_number(rng) + rng.choice(["%", "%p"]))}</fraction>')
    if rng.random() < 0.08:
        # An item takes its format's one kind, or any kind (and text) without one.
        fmt = rng.choice(["float"] * 6 + [None, "", " float ", "dimension", "fraction", "integer", "string", "reference",
                                           "float|integer"])
        fmt_attr = "" if fmt is None else f' format="{fmt}"'
        lines.append(f'  <item type="dimen" name="scale"{fmt_attr}>{odd_or(rng, gen_number(rng))}</item>')
    if rng.random() < 0.08:
        value = rng.choice([str(rng.randint(-2**31, 2**31 - 1)), hex(rng.randint(0, 2**32 - 1)), str(rng.randint(0, 99))])
        lines.append(f'  <integer name="count_n">{odd_or(rng, value)}</integer>')
    if rng.random() < 0.08:
        lines.append(f'  <bool name="flag">{odd_or(rng, rng.choice(["true", "false", "TRUE", "False"]))}</bool>')
    if rng.random() < 0.15:
        lines.append(f'  <plurals name="items"><item quantity="one">One {tag}</item>'
                     f'<item quantity="other">Many {tag}</item></plurals>')
    if rng.random() < 0.15:
        lines.append(f'  <string-array name="list"><item>A {tag}</item><item>B</item></string-array>')
    lines.append("</resources>")
    text = "\n".join(lines) + "\n"
    if rng.random() < 0.05:
        # aapt2 reads nothing after the root's end tag.
        text += rng.choice(["junk <b>", "<more/>", "<?pi after the root?>", "<!-- never closed", "\x00zz",
                            "<resources><string name=\"late\">x</string></resources>"])
    return text


ODD_NAMES = ["a:b", ":c", "a&amp;b", "a&#9;b", "a&#13;b", "1x", "x$y", "-a", "é_x", "a.b", "a-b", "_u",
             "ab٣", "中文", "aͅ"]


def dress_encoding(rng, text):
    """A values file's text in one of the encodings expat (aapt2's XML parser) takes or refuses:
    bytes, or the text itself (UTF-8) when it is left as it is."""
    choice = rng.choice(["utf-16", "utf-16-be-bom", "utf-16-le", "utf-16-be", "latin-1", "misdeclared",
                         "ascii", "unknown", "utf-8-upper"])
    def declared(name):
        return f'<?xml version="1.0" encoding="{name}"?>\n' + text
    if choice == "utf-16":
        return declared("UTF-16").encode("utf-16")  # with a BOM, little-endian here
    if choice == "utf-16-be-bom":
        return b"\xfe\xff" + text.encode("utf-16-be")
    if choice == "utf-16-le":
        return text.encode("utf-16-le")  # no BOM: expat sees "<\0"
    if choice == "utf-16-be":
        return declared("utf-16").encode("utf-16-be")
    if choice == "latin-1":
        try:
            return declared("ISO-8859-1").encode("latin-1")
        except UnicodeEncodeError:
            return declared("iso-8859-1").encode("utf-8")  # UTF-8 read as Latin-1
    if choice == "misdeclared":
        return declared("ISO-8859-1").encode("utf-8")
    if choice == "ascii":
        return declared("US-ASCII").encode("utf-8")  # a byte past 127 fails the build
    if choice == "unknown":
        return declared(rng.choice(["windows-1252", "latin1", "UTF-32"])).encode("utf-8")
    return declared("UTF-8")


def gen_color(rng):
    """#RGB, #ARGB, #RRGGBB or #AARRGGBB, hex digits in either case."""
    return "#" + "".join(rng.choice("0123456789abcdefABCDEF") for _ in range(rng.choice([3, 4, 6, 8])))


def odd_or(rng, value):
    """Mostly the value; sometimes text of another kind, blank, styled, quoted or a reference,
    which aapt2 takes as another kind, as @null, as a string, or fails the build over."""
    if rng.random() >= 0.15:
        return value
    return rng.choice(["16", "1.5", "16dp", "50%", "#fff", "true", "0x10", "abc", "", "  ", "  a   b  ", "<b>1</b>",
                       "<b>16dp</b>", "&quot;16dp&quot;", "it's", "\"it's\"", "@null", "@empty", "@string/title", "@string/promo", " 7 "])


def gen_number(rng):
    """A float as a resource file writes one: whole, with a few decimals, signed, or edge sizes
    (beyond the complex encoding's 2^41, beyond a float, near stringToFloat's 126-byte limit)."""
    return rng.choice([
        str(rng.randint(0, 48)),
        f"{rng.uniform(-50, 50):.{rng.randint(1, 4)}f}",
        rng.choice(["0.1", "1e3", "1.5e-2", "123456.7", "8388607", "0.001", "0.0001", ".5", "2.", "1E2"]),
        rng.choice(["1.5e12", "-2.1e12", "2.2e12", "1e39", "-1e66", "16777217.5", "1e-46", "+3",
                    "9" * rng.randint(12, 70), "0" * rng.randint(118, 126) + "1"]),
    ])


def gen_res(rng, names, allow_night=True):
    files = {}
    qualifiers = []
    if rng.random() > 0.12:  # else: an app with no locale folder at all
        qualifiers = rng.sample(sorted(FOLDERS), rng.randint(1, 4))
    if rng.random() < 0.85:
        files["values/strings.xml"] = gen_values_file(rng, "def", names, True)
    for q in qualifiers:
        files[f"values-{q}/strings.xml"] = gen_values_file(rng, folder_tag(q), names, False)
    if allow_night and rng.random() < 0.12:
        files["values-night/strings.xml"] = gen_values_file(rng, "night", names, False)
    if rng.random() < 0.05 and files:
        # A second file in a folder that defines a name again: a duplicate-value link error.
        folder = rng.choice(sorted(files)).split("/")[0]
        n = rng.choice(names)
        files[f"{folder}/more.xml"] = f'<resources><string name="{n}">Dup</string></resources>\n'
    if rng.random() < 0.15:
        files[f"drawable-{rng.choice(['fr', 'de'])}/x.xml"] = VECTOR
        if rng.random() < 0.5:
            files["drawable/x.xml"] = VECTOR
    if rng.random() < 0.1:
        files[f"raw-{rng.choice(['de', 'fr'])}/x.txt"] = "raw text\n"
    if not files:
        files["values/strings.xml"] = "<resources/>\n"
    return files, qualifiers


def gen_key(rng):
    name = rng.choice(NAMES)
    return rng.choice([
        name, name, name, name, name, "", "123", "0", "{ID}", "{ID}", f"string/{name}",
        f"{PACKAGE}:string/{name}", f"other.pkg:string/{name}", "color/accent", "dimen/gap", "a.b", "é_x",
        "fraction/ratio", "dimen/scale", "integer/count_n", "bool/flag",
        "plurals/items", "array/list", "drawable/x", "raw/x", "missing_key", "-1",
    ])


def gen_args(rng):
    return rng.choice([[], ["Ann"], ["Ann", "Bob"], ["istanbul"], ["x", "y", "z"], ["", "İi"],
                       ["Ann"], ["Ann", "Bob"], ["42", "3.5"], ["Zoë 😀", "ß"], ["%s", "100%"], ["a" * 300]])


def gen_raw(rng):
    return rng.choice(["", "Raw title", "Ünïcödé raw", "y" * 5200, "Raw body"])


def gen_message(rng):
    message = {"token": "device-token"}
    android = {}
    if rng.random() < 0.92:
        if rng.random() < 0.2:
            android["title"] = gen_raw(rng)
        if rng.random() < 0.15:
            android["body"] = gen_raw(rng)
        for field in ("title", "body"):
            if rng.random() < (0.75 if field == "title" else 0.6):
                android[f"{field}_loc_key"] = gen_key(rng)
                if rng.random() < 0.6:
                    android[f"{field}_loc_args"] = gen_args(rng)
            elif rng.random() < 0.05:
                android[f"{field}_loc_args"] = gen_args(rng)
        message["android"] = {"notification": android}
    if rng.random() < 0.25 or "android" not in message:
        notification = {}
        if rng.random() < 0.7:
            notification["title"] = gen_raw(rng)
        if rng.random() < 0.6:
            notification["body"] = gen_raw(rng)
        if notification or rng.random() < 0.5:
            message["notification"] = notification
    return {"message": message}


def canonical_language(tag):
    """Java (and Android) Locale equality: iw/he, in/id, ji/yi are one language."""
    parts = tag.split("-")
    parts[0] = {"iw": "he", "in": "id", "ji": "yi"}.get(parts[0], parts[0])
    return "-".join(parts).lower()


def gen_devices(rng, qualifiers):
    pool_folder = [FOLDERS[q] for q in qualifiers]
    devices = []
    for _ in range(rng.randint(1, 3)):
        tags, seen = [], set()
        for _ in range(rng.randint(1, 3)):
            tag = rng.choice(pool_folder) if pool_folder and rng.random() < 0.5 \
                else rng.choice(EXTRA_DEVICE_TAGS)
            if canonical_language(tag) in seen:
                continue
            seen.add(canonical_language(tag))
            tags.append(tag)
        devices.append(tags)
    return devices


def gen_case(seed, index):
    rng = random.Random(f"{seed}:{index}")
    files, qualifiers = gen_res(rng, NAMES)
    for rel in sorted(files):
        if rel.startswith("values") and rng.random() < 0.08:
            files[rel] = dress_encoding(rng, files[rel])
    library = None
    if rng.random() < 0.12:
        lib_files, lib_qualifiers = gen_res(rng, LIB_NAMES, allow_night=False)
        lib_files = {k: v for k, v in lib_files.items() if k.startswith("values")}
        # Only lib_* strings: the app and the library never define the same resource (AGP's
        # merger would let the app's win; a plain link calls it a conflict).
        lib_files = {k.replace("/strings.xml", "/lib_strings.xml"): "\n".join(
            line for line in v.splitlines() if not re.search(r"<(color|dimen|plurals|string-array|fraction|item|integer|bool)\b", line)) + "\n"
            for k, v in lib_files.items() if not k.endswith("more.xml")}
        if lib_files:
            library = {"files": lib_files,
                       "locales": [folder_tag(q) for q in lib_qualifiers
                                   if f"values-{q}/lib_strings.xml" in lib_files]}
    message = gen_message(rng)
    devices = gen_devices(rng, qualifiers + (
        [q for q in FOLDERS if library and folder_tag(q) in library["locales"]]))
    return {"seed": seed, "index": index, "files": files, "library": library,
            "message": message, "devices": devices}


# ---------------------------------------------------------------- FCM merge (expected)
def merged_fields(message):
    """What the FCM backend sends to the device: android.notification wins per field, and
    (proto3) an empty string or an empty list is the same as a missing field."""
    m = message.get("message", {})
    base = m.get("notification") or {}
    android = (m.get("android") or {}).get("notification") or {}

    def pick(field):
        for source in (android, base) if field in ("title", "body") else (android,):
            value = source.get(field)
            if value not in (None, "", []):
                return value
        return None

    return {f: pick(f) for f in ("title", "title_loc_key", "title_loc_args", "body",
                                 "body_loc_key", "body_loc_args")}


# ---------------------------------------------------------------- oracles
def enc(s):
    return "~" if s is None else "x" + s.encode("utf-8").hex()


def enc_list(values):
    return "~" if values is None else ",".join(enc(v) for v in values)


def dec(f):
    return None if f == "~" else bytes.fromhex(f[1:]).decode("utf-8")


class Oracle:
    """The long-running Java oracle (which runs the C++ one). One request at a time: callers
    hold .lock from LOAD to the last RENDER of a case."""

    def __init__(self, bin_dir):
        # useOldISOCodes: Locale.getLanguage() says iw/in/ji as Android's libcore does.
        self.proc = subprocess.Popen(
            ["java", "-Djava.locale.useOldISOCodes=true", "-Xshare:auto", "-cp",
             f"{ICU4J}:{os.path.join(bin_dir, 'classes')}", "AndroidOracle",
             os.path.join(bin_dir, "res-oracle")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
        self.lock = threading.Lock()

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            raise RuntimeError("AndroidOracle died")
        return answer.rstrip("\n")

    def load(self, apk, package):
        """LOAD; returns the APK's locales as getNonSystemLocales lists them."""
        loaded = self.ask(f"LOAD {package} {apk}")
        if not loaded.startswith("OK"):
            raise RuntimeError(loaded)
        return loaded[3:].split(",") if len(loaded) > 3 else []

    def render(self, message, device):
        """What the phone with these locales shows for the message (the loaded APK's app)."""
        m = message["message"]
        if not isinstance(m.get("notification"), dict) and not isinstance(
                (m.get("android") or {}).get("notification"), dict):
            # A data message: firebase-messaging shows nothing. ASSUMPTION: a present
            # notification object, even an empty one (proto3 message fields have presence),
            # makes a notification message ("gcm.n.e" = "1"), shown with the app's label.
            return {"outcome": "not-displayed", "exception": None, "title": None, "body": None,
                    "configLocale": None}
        f = merged_fields(message)
        answer = self.ask(" ".join([
            "RENDER", enc(",".join(device)), enc(APP_NAME), enc(f["title"]),
            enc(f["title_loc_key"]), enc_list(f["title_loc_args"]), enc(f["body"]),
            enc(f["body_loc_key"]), enc_list(f["body_loc_args"])]))
        parts = answer.split(" ")
        if parts[0] != "RES":
            raise RuntimeError(answer)
        return {"outcome": parts[1], "exception": None if parts[2] == "~" else parts[2],
                "title": dec(parts[3]), "body": dec(parts[4]), "configLocale": parts[5]}

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def run(cmd, cwd=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       encoding="utf-8", errors="replace")
    return p.returncode, p.stdout, p.stderr


def write_files(root, files):
    """Writes each file: text as UTF-8, bytes as they are (a file in another encoding)."""
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode("utf-8"))


def list_files(root):
    """Files under root, relative, sorted (hidden ones left out)."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        out += [os.path.relpath(os.path.join(dirpath, n), root) for n in filenames
                if not n.startswith(".")]
    return sorted(out)


def build(case_dir, trees):
    """aapt2 compile --legacy (one call per tree: res/, then a library's lib/) + aapt2 link of
    everything into case_dir/app.apk, with case_dir/AndroidManifest.xml. trees: [(folder,
    [relative file paths])], already written. Returns (ok, log)."""
    flats, log = [], []
    for tree, files in trees:
        out = os.path.join(case_dir, "flat-" + tree)
        os.makedirs(out, exist_ok=True)
        rc, _, err = run([AAPT2, "compile", "--legacy", "-o", out]
                         + [os.path.join(tree, rel) for rel in sorted(files)], cwd=case_dir)
        log.append(err.strip())
        if rc != 0:
            return False, "\n".join(l for l in log if l)
        flats += [os.path.join(out, n) for n in sorted(os.listdir(out))]
    rc, _, err = run([AAPT2, "link", "-o", "app.apk", "--manifest", "AndroidManifest.xml"]
                     + flats, cwd=case_dir)
    log.append(err.strip())
    return rc == 0, "\n".join(l for l in log if l)


# ---------------------------------------------------------------- random cases: expectation
def expected_for(case, case_dir, built, oracle):
    """Fills case["message"]'s {ID} placeholder and returns one expectation per device."""
    real_id = 2130837504  # 0x7f020000 when the build fails: any plausible id
    if built:
        with oracle.lock:
            case["apkLocales"] = oracle.load(os.path.join(case_dir, "app.apk"), PACKAGE)
            for name in NAMES:
                answer = int(oracle.ask("ID " + enc(name)).split()[1])
                if answer:
                    real_id = answer
                    break
            _substitute_id(case["message"], str(real_id))
            case["realId"] = str(real_id)
            return [oracle.render(case["message"], d) for d in case["devices"]]
    _substitute_id(case["message"], str(real_id))
    return [{"outcome": "build fails"} for _ in case["devices"]]


def _substitute_id(message, value):
    android = (message["message"].get("android") or {}).get("notification") or {}
    for k in ("title_loc_key", "body_loc_key"):
        if android.get(k) == "{ID}":
            android[k] = value


# ---------------------------------------------------------------- render-alert
class RenderAlert:
    """The render-alert binary under test, and what it supports (asked once)."""

    def __init__(self, path):
        self.path = path
        if not os.path.isfile(path):
            sys.exit(f"error: no render-alert at {path} (build it, or pass --render-alert)")
        _, help_text, _ = run([path, "preview", "--help"])
        self.library_option = "--library-locales" in help_text
        if not self.library_option:
            print("note: this render-alert has no --library-locales; library cases run without it")
        self.apk = None  # whether --res takes an .apk: tried on the first built case
        self.lock = threading.Lock()

    def preview(self, case_dir, target, devices, library_locales, library_res=None):
        cmd = [self.path, "preview", "message.json", "--res", target]
        if library_res:
            cmd += ["--res", library_res]
        for d in devices:
            cmd += ["--language", ",".join(d)]
        cmd += ["--format", "json", "--app-name", APP_NAME]
        if library_locales and self.library_option:
            cmd += ["--library-locales", ",".join(library_locales)]
        rc, out, err = run(cmd, cwd=case_dir)
        try:
            doc = json.loads(out)
            return {"rc": rc, "message": doc["messages"][0], "doc": doc, "cmd": cmd,
                    "stderr": err, "libraryByLocales": bool(library_locales and self.library_option
                                                            and not library_res)}
        except (ValueError, KeyError, IndexError, TypeError):
            return {"rc": rc, "message": None, "cmd": cmd, "stderr": err, "stdout": out}

    def preview_apk(self, case_dir, devices, library_locales):
        """render-alert on the linked app.apk, or None while it reads no APK as --res."""
        with self.lock:
            if self.apk is False:
                return None
            if self.apk is None:
                r = self.preview(case_dir, "app.apk", devices, library_locales)
                self.apk = not (r["rc"] == 2 and "app.apk" in r["stderr"])
                if not self.apk:
                    print("note: this render-alert does not read an .apk as --res "
                          f"({r['stderr'].strip()[:120]}); skipping the APK side")
                    return None
                return r
        return self.preview(case_dir, "app.apk", devices, library_locales)


def error_findings(got):
    doc = got.get("doc") or {}
    findings = list(doc.get("diagnostics") or [])
    for m in doc.get("messages") or []:
        findings += m.get("diagnostics") or []
    return [d for d in findings if isinstance(d, dict) and d.get("severity") == "error"]


# Errors about the app's files that do not stop aapt2: the app builds and shows something broken.
BUILDS_ANYWAY = {"android.reference-loop"}


def build_errors(got):
    """Error findings located in the app's files rather than the message: what render-alert says
    would fail the build."""
    return [d for d in error_findings(got)
            if not str(d.get("file") or "").endswith("message.json")
            and d.get("id") not in BUILDS_ANYWAY]


RESOURCE_ID = re.compile(r"@-?\d+")


def id_flagged_as_unknown(got, exp, g, field):
    """A field that shows a resource ID (a reference that never reaches text), rendered with
    the libraries given by their locales alone: render-alert cannot know the number, which
    counts the libraries' resources, and must say so instead."""
    if not got.get("libraryByLocales"):
        return False
    if not (RESOURCE_ID.fullmatch(str(exp.get(field))) and RESOURCE_ID.fullmatch(str(g.get(field)))):
        return False
    return any(d.get("id") == "android.reference-loop" and "given by their locales only" in str(d.get("message"))
               for d in (got["message"] or {}).get("diagnostics") or [])


def compare(expected, got):
    """Returns a list of (device index, reason) mismatches."""
    problems = []
    msg = got["message"]
    if msg is None:
        return [(i, f"render-alert failed (exit {got['rc']}): {got['stderr'].strip()[:200]}")
                for i in range(len(expected))]
    errors = build_errors(got)
    devices = msg.get("android") or []
    # Both ways: a build that fails is reported, and one that succeeds is not said to fail.
    if errors and expected and all(e["outcome"] != "build fails" for e in expected):
        first = errors[0]
        return [(i, f"aapt2 builds the app, but render-alert reports an error in it: "
                    f"{first.get('id')} {first.get('file')}:{first.get('line')} "
                    f"{str(first.get('message'))[:100]}") for i in range(len(expected))]
    for i, exp in enumerate(expected):
        if exp["outcome"] == "build fails":
            if not errors:
                problems.append((i, "build fails, but render-alert reports no error in the "
                                    "app's files"))
            continue
        if i >= len(devices):
            problems.append((i, "render-alert has no result for this device"))
            continue
        g = devices[i]
        diffs = []
        if g.get("outcome") != exp["outcome"]:
            diffs.append("outcome")
        elif exp["outcome"] == "crash" and g.get("exception") != exp["exception"]:
            diffs.append("exception")
        elif exp["outcome"] == "shown":
            for field in ("title", "body"):
                if g.get(field) != exp[field] and not id_flagged_as_unknown(got, exp, g, field):
                    diffs.append(field)
        if diffs:
            problems.append((i, "/".join(diffs)))
    return problems


def verdicts(expected, got):
    """Each device's (index, expectation, reason it differs or None): one comparison, counted
    the same way by the random and the fixture modes."""
    problems = dict(compare(expected, got))
    return [(i, exp, problems.get(i)) for i, exp in enumerate(expected)]


def short(v, n=60):
    if v is None:
        return "null"
    s = json.dumps(v, ensure_ascii=False)
    return s if len(s) <= n else s[:n - 10] + f"…({len(v)})\""


def describe(exp, g):
    def one(r):
        if r is None:
            return "(none)"
        if r.get("outcome") == "build fails":
            return "build fails"
        s = r.get("outcome", "?")
        if r.get("outcome") == "crash":
            return f"crash {r.get('exception')}"
        if r.get("outcome") == "shown":
            s += f" title={short(r.get('title'))} body={short(r.get('body'))}"
        return s
    return f"expected {one(exp)}; got {one(g)}"


def device_result(got, i, exp):
    if exp["outcome"] == "build fails":
        return None
    devs = (got["message"] or {}).get("android") or []
    return devs[i] if i < len(devs) else None


def mismatch_line(label, side, device, problem, exp, g):
    return (f"MISMATCH {label} [{side}] device {','.join(device)}: {problem}: {describe(exp, g)}"
            + (f" (config {exp.get('configLocale')}, render-alert {g.get('resourceLocale')})"
               if g and exp.get("configLocale") else ""))


# ---------------------------------------------------------------- mismatch classes
def _key_shape(key, real_id):
    try:
        int(key)  # Integer.parseInt succeeds: ResourcesImpl.getIdentifier never looks the name up
        return "numeric key " + ("(a real string id)" if key == real_id else repr(key))
    except ValueError:
        pass
    if ":" in key:
        pkg = key.split(":")[0]
        return f"key '{'own' if pkg == PACKAGE else 'other'}-package:{key.split(':')[1].split('/')[0]}/…'"
    if "/" in key:
        return f"key '{key.split('/')[0]}/…'"
    return None


def hint(case, exp, g):
    """A short guess at why a device differs, for grouping; the reproducer has the details."""
    if exp["outcome"] == "build fails":
        for line in case["buildLog"].splitlines():
            if "error:" in line and "failed" not in line:
                text = line.split("error:", 1)[1].strip()
                for word in ("string/", "dimen/", "color/"):
                    if word in text:
                        text = text.split("(aka")[0].rsplit(word, 1)[0] + word + "…"
                return "build fails: " + text.split(" in string")[0][:70]
        return "build fails"
    f = merged_fields(case["message"])
    hints = []
    mine = exp.get("configLocale")
    theirs = (g or {}).get("resourceLocale")
    if mine and theirs:
        norm = lambda t: canonical_language(t).split("-")[0]
        if norm(mine) != norm(theirs):
            hints.append("locale choice" + ("" if case.get("apkLocales") else
                                            " (the linked APK has no locale: first device locale)"))
    removed = {line.split("com.example.app:")[1].split(" ")[0] for line in
               case["buildLog"].splitlines() if "without required default value" in line}
    for field in ("title", "body"):
        if exp["outcome"] == "shown" and g and g.get("outcome") == "shown" and \
                exp.get(field) == g.get(field):
            continue
        if f[field]:
            if not ((case["message"]["message"].get("android") or {}).get(
                    "notification") or {}).get(field):
                hints.append(f"{field}: raw text from message.notification (android's is \"\" "
                             "or missing)")
            continue
        key = f[field + "_loc_key"]
        if not key:
            continue
        shape = _key_shape(key, case.get("realId"))
        name = key.split("/")[-1]
        rtype = key.split("/")[0].split(":")[-1] if "/" in key else "string"
        if shape and shape.startswith("numeric"):
            hints.append(f"{field}: {shape}")
            continue
        if f"{rtype}/{name}" in removed:
            hints.append(f"{field}: {rtype} only in qualified folders (aapt2 link drops it)"
                         + (f", {shape}" if shape else ""))
        elif shape:
            hints.append(f"{field}: {shape}")
        elif f[field + "_loc_args"] is not None:
            hints.append(f"{field}: formatted with args")
        else:
            hints.append(f"{field}: plain key")
    return "; ".join(hints) or "other"


# ---------------------------------------------------------------- random mode
def random_mode(args):
    render_alert = RenderAlert(args.render_alert)
    work = os.path.abspath(args.keep) if args.keep else tempfile.mkdtemp(prefix="android-e2e-")
    os.makedirs(work, exist_ok=True)
    # Reproducers go to a fresh folder unless one is named; its path is printed when used.
    mismatches = os.path.abspath(args.mismatches) if args.mismatches else None
    oracle = Oracle(args.oracle_bin)

    def one_case(index):
        case = gen_case(args.seed, index)
        case_dir = os.path.join(work, f"case-{args.seed}-{index}")
        shutil.rmtree(case_dir, ignore_errors=True)
        write_files(os.path.join(case_dir, "res"), case["files"])
        write_files(case_dir, {"AndroidManifest.xml": manifest_for(PACKAGE)})
        trees = [("res", case["files"])]
        if case["library"] and not library_builds_alone(case_dir, case["library"]["files"]):
            # A library reaches the app prebuilt (an AAR): one that does not build on its own
            # is no real case, and render-alert never sees its files. The app goes without it.
            case["library"] = None
        if case["library"]:
            write_files(os.path.join(case_dir, "lib"), case["library"]["files"])
            trees.append(("lib", case["library"]["files"]))
        built, log = build(case_dir, trees)
        case["buildLog"] = log
        expected = expected_for(case, case_dir, built, oracle)
        with open(os.path.join(case_dir, "message.json"), "w", encoding="utf-8") as f:
            json.dump(case["message"], f, ensure_ascii=False, indent=1)
        # A library is told to render-alert one of two ways: its res/ folder, linked with the
        # app's (exact, IDs included), or the locales the built app lists (--library-locales);
        # IDs then depend on the library's resources, which the app's folder lacks, so a
        # message with a numeric key takes the first way.
        library_locales, library_res = None, None
        if case["library"]:
            numeric = any(re.fullmatch(r"[-+]?\d+", str(v))
                          for k, v in case["message"]["message"].get("android", {}).get("notification", {}).items()
                          if k.endswith("_loc_key"))
            if index % 2 == 0 or numeric or not built:
                library_res = "lib"
            else:
                library_locales = case.get("apkLocales") or []
        results = [("res", render_alert.preview(case_dir, "res", case["devices"],
                                                library_locales, library_res))]
        if built and args.apk:
            r = render_alert.preview_apk(case_dir, case["devices"], None)
            if r is not None:
                results.append(("apk", r))
        return case, case_dir, built, expected, results

    passed = failed = 0
    classes = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for case, case_dir, built, expected, results in pool.map(one_case, range(args.count)):
            case_failed = False
            for side, got in results:
                for i, exp, problem in verdicts(expected, got):
                    if problem is None:
                        passed += 1
                        continue
                    failed += 1
                    case_failed = True
                    g = device_result(got, i, exp)
                    print(mismatch_line(f"seed {case['seed']} #{case['index']}", side,
                                        case["devices"][i], problem, exp, g))
                    why = hint(case, exp, g)
                    print(f"  why: {why}")
                    key = (exp["outcome"] + ("/" + str(exp.get("exception")) if exp["outcome"]
                                             == "crash" else ""),
                           "(none)" if g is None else g.get("outcome", "?")
                           + ("/" + str(g.get("exception")) if g.get("outcome") == "crash"
                              else ""), why)
                    classes.setdefault(key, []).append(f"{case['seed']}-{case['index']}")
            if case_failed:
                print(f"  files: {', '.join(sorted(case['files']))}"
                      + (f"; library: {', '.join(sorted(case['library']['files']))}"
                         if case["library"] else "")
                      + f"; message: {json.dumps(case['message']['message'], ensure_ascii=False)[:300]}")
                if mismatches is None:
                    mismatches = tempfile.mkdtemp(prefix="android-e2e-mismatches-")
                save_reproducer(mismatches, case, case_dir, built, expected, results)
    oracle.close()
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    if classes:
        print("mismatch classes (expected | render-alert | probable cause): count, seed-index of cases")
        for key, cases in sorted(classes.items(), key=lambda kv: -len(kv[1])):
            print(f"  {key[0]} | {key[1]} | {key[2]}: {len(cases)}: {' '.join(cases[:8])}"
                  + (" …" if len(cases) > 8 else ""))
    if mismatches and failed:
        print(f"reproducers (one folder per mismatching case, with repro.sh): {mismatches}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def library_builds_alone(case_dir, files):
    alone = os.path.join(case_dir, "library-alone")
    write_files(os.path.join(alone, "lib"), files)
    write_files(alone, {"AndroidManifest.xml": manifest_for(PACKAGE + ".lib")})
    ok, _ = build(alone, [("lib", files)])
    shutil.rmtree(alone, ignore_errors=True)
    return ok


def save_reproducer(root, case, case_dir, built, expected, results):
    dest = os.path.join(root, f"case-{case['seed']}-{case['index']}")
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(case_dir, dest, ignore=shutil.ignore_patterns("flat-*"))
    with open(os.path.join(dest, "expected.json"), "w", encoding="utf-8") as f:
        json.dump({"built": built, "buildLog": case["buildLog"],
                   "apkLocales": case.get("apkLocales"), "devices": case["devices"],
                   "expected": expected,
                   "libraryLocales": (case["library"] or {}).get("locales")},
                  f, ensure_ascii=False, indent=1)
    with open(os.path.join(dest, "got.json"), "w", encoding="utf-8") as f:
        json.dump({side: {k: v for k, v in got.items() if k != "doc"} for side, got in results},
                  f, ensure_ascii=False, indent=1)
    with open(os.path.join(dest, "repro.sh"), "w") as f:
        f.write("#!/bin/sh\n# render-alert as the harness ran it, from this folder\n"
                "cd \"$(dirname \"$0\")\"\n"
                + " ".join(_sh(c) for c in results[0][1]["cmd"]) + "\n")


def _sh(s):
    return s if all(c.isalnum() or c in "-_./,:+=" for c in s) else "'" + s.replace("'", "'\\''") + "'"


# ---------------------------------------------------------------- fixture cases
class FixtureError(Exception):
    pass


def read_fixture(src):
    """A hand-written case folder: res/, optional lib/ and AndroidManifest.xml, message.json,
    devices.txt (one comma-separated device locale list a line; # starts a comment)."""
    if not os.path.isdir(os.path.join(src, "res")):
        raise FixtureError("no res/ folder")
    try:
        with open(os.path.join(src, "message.json"), encoding="utf-8") as f:
            message = json.load(f)
        with open(os.path.join(src, "devices.txt"), encoding="utf-8") as f:
            devices = [[t.strip() for t in line.split(",") if t.strip()]
                       for line in f if line.strip() and not line.lstrip().startswith("#")]
    except (OSError, ValueError) as e:
        raise FixtureError(str(e))
    if not isinstance(message, dict) or not isinstance(message.get("message"), dict):
        raise FixtureError("message.json is not an FCM v1 message ({\"message\": {…}})")
    if not devices:
        raise FixtureError("devices.txt lists no device")
    package = PACKAGE
    manifest = os.path.join(src, "AndroidManifest.xml")
    if os.path.isfile(manifest):
        try:
            package = ET.parse(manifest).getroot().get("package") or PACKAGE
        except ET.ParseError as e:
            raise FixtureError(f"AndroidManifest.xml: {e}")
    lib = os.path.join(src, "lib")
    library_files = list_files(lib) if os.path.isdir(lib) else None
    library_locales = []
    if library_files is not None:
        # A library's locales, as --library-locales names them: its values-* folders'.
        library_locales = sorted({folder_locale(p.split("/")[0]) for p in library_files
                                  if p.startswith("values-")} - {None})
    return {"message": message, "devices": devices, "package": package,
            "files": list_files(os.path.join(src, "res")), "libraryFiles": library_files,
            "libraryLocales": library_locales}


def stage_fixture(src, fixture, dest):
    """Copies the case where render-alert and aapt2 see it as an app module: res/ (and lib/)
    with the manifest beside it (the default one when the case has none)."""
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(os.path.join(src, "res"), os.path.join(dest, "res"))
    if fixture["libraryFiles"] is not None:
        shutil.copytree(os.path.join(src, "lib"), os.path.join(dest, "lib"))
    shutil.copy(os.path.join(src, "message.json"), os.path.join(dest, "message.json"))
    if os.path.isfile(os.path.join(src, "AndroidManifest.xml")):
        shutil.copy(os.path.join(src, "AndroidManifest.xml"), dest)
    else:
        write_files(dest, {"AndroidManifest.xml": manifest_for(PACKAGE)})


def build_fixture(fixture, dest):
    trees = [("res", fixture["files"])]
    if fixture["libraryFiles"]:
        trees.append(("lib", fixture["libraryFiles"]))
    return build(dest, trees)


def fixture_names(root):
    if not os.path.isdir(root):
        sys.exit(f"error: no folder {root}")
    return sorted(n for n in os.listdir(root)
                  if not n.startswith(".") and os.path.isdir(os.path.join(root, n)))


def oracle_versions(oracle):
    """One line naming the pieces the expectations come from."""
    _, out, err = run([AAPT2, "version"])
    aapt2 = (out + err).strip().rsplit(" ", 1)[-1] or "unknown"

    def debian(package):
        try:
            rc, out, _ = run(["dpkg-query", "-W", "-f=${Version}", package])
        except OSError:
            return None
        return out.strip() if rc == 0 and out.strip() else None

    androidfw = debian("android-libandroidfw")
    java, icu = (oracle.ask("VERSION").split(" ") + ["?", "?"])[1:3]
    return (f"aapt2 {aapt2} + libandroidfw {androidfw or 'unknown'} (Android 10) + "
            f"OpenJDK {java} (ICU4J {icu})")


def write_fixtures(args):
    root = os.path.abspath(args.write_fixtures)
    names = fixture_names(root)
    work = tempfile.mkdtemp(prefix="android-e2e-fixtures-")
    oracle = Oracle(args.oracle_bin)
    versions = oracle_versions(oracle)
    written = problems = 0
    for name in names:
        src = os.path.join(root, name)
        try:
            fixture = read_fixture(src)
        except FixtureError as e:
            print(f"{name}: skipped: {e}")
            problems += 1
            continue
        dest = os.path.join(work, name)
        stage_fixture(src, fixture, dest)
        built, log = build_fixture(fixture, dest)
        doc = {"oracle": versions, "build": "ok" if built else "fails", "appName": APP_NAME,
               "appLocales": [], "libraryLocales": fixture["libraryLocales"], "devices": []}
        with oracle.lock:
            if built:
                doc["appLocales"] = oracle.load(os.path.join(dest, "app.apk"),
                                                fixture["package"])
            for device in fixture["devices"]:
                r = (oracle.render(fixture["message"], device) if built else
                     {"outcome": None, "exception": None, "title": None, "body": None,
                      "configLocale": None})
                doc["devices"].append({"deviceLocales": device, **r})
        with open(os.path.join(src, "expected.json"), "w", encoding="utf-8") as f:
            f.write(json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n")
        written += 1
        print(f"{name}: build {doc['build']}, app locales {doc['appLocales']}: "
              + "; ".join(_summary(d) for d in doc["devices"]))
        if not built:
            print("  " + log.replace(dest + os.sep, "").replace("\n", "\n  "))
    oracle.close()
    shutil.rmtree(work, ignore_errors=True)
    print(f"{written} written, {problems} skipped")
    return 1 if problems else 0


def _summary(d):
    s = f"{','.join(d['deviceLocales'])} → {d['outcome']}"
    if d["outcome"] == "crash":
        s += f" {d['exception']}"
    elif d["outcome"] == "shown":
        s += f" {short(d['title'], 40)} / {short(d['body'], 40)}"
    return s


def check_fixtures(args):
    root = os.path.abspath(args.check_fixtures)
    names = fixture_names(root)
    render_alert = RenderAlert(args.render_alert)
    work = tempfile.mkdtemp(prefix="android-e2e-check-")
    passed = failed = 0
    for name in names:
        src = os.path.join(root, name)
        try:
            fixture = read_fixture(src)
            with open(os.path.join(src, "expected.json"), encoding="utf-8") as f:
                stored = json.load(f)
        except (FixtureError, OSError, ValueError) as e:
            print(f"MISMATCH {name}: unreadable case ({e}); run --write-fixtures")
            failed += 1
            continue
        devices = [d["deviceLocales"] for d in stored["devices"]]
        if devices != fixture["devices"]:
            print(f"MISMATCH {name}: expected.json is stale (devices.txt changed); "
                  "run --write-fixtures")
            failed += len(fixture["devices"])
            continue
        expected = [{"outcome": "build fails"} if stored["build"] != "ok" else d
                    for d in stored["devices"]]
        dest = os.path.join(work, name)
        stage_fixture(src, fixture, dest)
        library_locales = stored.get("libraryLocales")
        results = [("res", render_alert.preview(dest, "res", devices, library_locales))]
        if args.apk and stored["build"] == "ok" and render_alert.apk is not False:
            built, log = build_fixture(fixture, dest)
            if not built:
                print(f"MISMATCH {name} [apk]: aapt2 fails to build the case expected.json says builds: {log[:200]}")
                failed += 1
            else:
                r = render_alert.preview_apk(dest, devices, library_locales)
                if r is not None:
                    results.append(("apk", r))
        for side, got in results:
            side_failed = False
            for i, exp, problem in verdicts(expected, got):
                if problem is None:
                    passed += 1
                    continue
                failed += 1
                side_failed = True
                print(mismatch_line(name, side, devices[i], problem, exp,
                                    device_result(got, i, exp)))
            if side_failed:
                print("  " + " ".join(_sh(c) for c in [os.path.basename(got["cmd"][0])]
                                      + got["cmd"][1:]) + f"   (in {name}/)")
    shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


# ---------------------------------------------------------------- main
def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.abspath(os.path.join(here, "..", "..", ".."))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--render-alert", default=os.path.join(repo, ".build/debug/render-alert"))
    ap.add_argument("--keep", help="keep every case folder under this directory")
    ap.add_argument("--mismatches", help="a reproducer folder per mismatching case goes here "
                                         "(default: a fresh temporary folder)")
    ap.add_argument("--oracle-bin", help="where run.sh built the oracles")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--apk", action="store_true",
                    help="also run render-alert on the linked app.apk, when it reads one")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--write-fixtures", metavar="DIR",
                      help="write DIR/<name>/expected.json for hand-written cases")
    mode.add_argument("--check-fixtures", metavar="DIR",
                      help="compare render-alert with DIR/<name>/expected.json")
    args = ap.parse_args()
    args.render_alert = os.path.abspath(args.render_alert)
    if args.check_fixtures:
        return check_fixtures(args)
    if not args.oracle_bin:
        ap.error("--oracle-bin is required (run.sh builds the oracles and passes it)")
    if args.write_fixtures:
        return write_fixtures(args)
    return random_mode(args)


if __name__ == "__main__":
    sys.exit(main())
