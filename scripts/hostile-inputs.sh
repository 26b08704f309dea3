#!/usr/bin/env bash
# Generates the hostile shapes an independent audit used against render-alert and
# runs the release CLI on each, printing wall time, peak resident memory and exit status.
#
#   scripts/hostile-inputs.sh [WORK_DIR]
#
# Every line must finish in seconds with memory a small multiple of its input; a crash or a
# timeout (60 s) is printed as such and makes the script exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${1:-$root/.build/hostile-inputs}
rm -rf "$work" && mkdir -p "$work"
swift build -c release --product render-alert 2>&1 | grep -E "error|Compiling|Build" | tail -1
bin=$(swift build -c release --show-bin-path)/render-alert

python3 - "$work" <<'EOF'
import base64, json, os, random, sys
work = sys.argv[1]
def write(path, data):
    path = os.path.join(work, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    open(path, "wb").write(data if isinstance(data, bytes) else data.encode())

def bplist(objects, ref_size=4):
    out = bytearray(b"bplist00"); offsets = []
    for o in objects: offsets.append(len(out)); out += o
    table = len(out)
    for off in offsets: out += off.to_bytes(4, "big")
    out += bytes(6) + bytes([4, ref_size]) + len(objects).to_bytes(8, "big") + bytes(8) + table.to_bytes(8, "big")
    return bytes(out)
def length(kind, n): return bytes([kind << 4 | n]) if n < 15 else bytes([kind << 4 | 15, 0x12]) + n.to_bytes(4, "big")
def ascii(s): return length(5, len(s)) + s
def dictionary(keys, values, rs=4): return length(13, len(keys)) + b"".join(r.to_bytes(rs, "big") for r in keys + values)

# A reference of 2^64 - 1 (the audit's 64-byte file).
write("crash/Localizable.strings", base64.b64decode("YnBsaXN0MDBRa1F20f//////////AAAAAAAAAAEICgwAAAAAAAABCAAAAAAAAAADAAAAAAAAAAIAAAAAAAAAHQ=="))
# 120 KB: 4,000 keys sharing one 60 KB value.
keys = [ascii(b"k%d" % i) for i in range(4000)]
write("shared/en.lproj/Localizable.strings", bplist([dictionary(list(range(2, 4002)), [1] * 4000), ascii(b"v" * 60000)] + keys))
# A .stringsdict whose device variants share the next level, 20 levels deep.
objs = [b"", ascii(b"k"), ascii(b"NSStringDeviceSpecificRuleType")] + [ascii(n) for n in (b"iphone", b"ipad", b"mac", b"other")] + [ascii(b"leaf %@")]
level = len(objs) - 1
for _ in range(20):
    objs.append(dictionary([3, 4, 5, 6], [level] * 4)); objs.append(dictionary([2], [len(objs) - 1])); level = len(objs) - 1
objs[0] = dictionary([1], [level])
write("tree/en.lproj/Localizable.stringsdict", bplist(objs))
write("tree/en.lproj/Localizable.strings", '"k" = "x";\n')
# One value of 20,000 "50% off "; one value of 100,000 %d used by a payload.
write("percent/en.lproj/Localizable.strings", '"k" = "' + "50% off " * 20000 + '";\n')
write("dropped/en.lproj/Localizable.strings", '"k" = "' + "%d" * 100000 + '";\n')
write("payload.json", json.dumps({"aps": {"alert": {"loc-key": "k", "loc-args": ["a"]}}}))
# A catalog of 100,000 languages.
langs = {"l%05d" % i: {"stringUnit": {"state": "translated", "value": "x"}} for i in range(100000)}
write("catalog/Localizable.xcstrings", json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": langs}}}))
# An Android string split into 200,000 pieces by <xliff:g> (6 MB), sent by an FCM message.
write("android/res/values/strings.xml", '<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2"><string name="big">'
      + '<xliff:g id="a">x</xliff:g> y ' * 200000 + '</string></resources>')
write("fcm.json", json.dumps({"message": {"android": {"notification": {"title_loc_key": "big", "body_loc_key": "big"}}}}))
# 100,000 × %1$@ with one 3,900-byte loc arg (the payload under 4 KB); 1,000 × %1$s with a 1 MiB FCM arg.
write("repeat/en.lproj/Localizable.strings", '"k" = "' + "%1$@" * 100000 + '";\n')
write("repeat.json", json.dumps({"aps": {"alert": {"title-loc-key": "k", "title-loc-args": ["n" * 3900]}}}))
write("android-repeat/res/values/strings.xml", '<resources><string name="big">' + "%1$s" * 1000 + '</string></resources>')
write("fcm-repeat.json", json.dumps({"message": {"android": {"notification": {"body_loc_key": "big", "body_loc_args": ["x" * (1 << 20)]}}}}))
# 1 MB of UTF-16 whose value is lone surrogates.
write("surrogates.strings", b"\xff\xfe" + '"k" = "'.encode("utf-16-le") + b"\x00\xd8" * 500000 + '";\n'.encode("utf-16-le"))
# 100,000 batch lines, nearly every one with languages no other line has.
random.seed(1)
base = ["en", "fr", "fr-CA", "de", "es", "pt-BR", "zh-Hant", "zh-HK", "ja", "ar", "he"]
with open(os.path.join(work, "batch.ndjson"), "w") as f:
    for i in range(100000):
        languages = ["%s-R%05d" % (random.choice("abcdefg") * 2, random.randrange(100000)), random.choice(base) + "-x%d" % random.randrange(100000), "en"]
        f.write(json.dumps({"payload": {"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": ["Ana"]}}}, "languages": languages, "id": i}) + "\n")
EOF
mkdir -p "$work/fifo" && mkfifo "$work/fifo/Localizable.strings"

failed=0
run() {  # run <label> <stdin> <args...>
  local label=$1 input=$2; shift 2
  local started status
  started=$(date +%s.%N)
  set +e
  /usr/bin/time -f "%M" -o "$work/rss" timeout 60 "$bin" "$@" < "$input" > "${OUTPUT:-/dev/null}" 2> "$work/stderr"
  status=$?
  set -e
  local seconds rss
  seconds=$(echo "$(date +%s.%N) - $started" | bc)
  rss=$(( $(tail -1 "$work/rss" | grep -Eo '^[0-9]+$' || echo 0) / 1024 ))
  local verdict="exit $status"
  if ((status == 124)); then verdict="TIMEOUT"; failed=1; fi
  if ((status > 128)); then verdict="CRASH (signal $((status - 128)))"; failed=1; fi
  printf '%-58s %7.2f s %6s MB   %s\n' "$label" "$seconds" "$rss" "$verdict"
}
cd "$work"
printf '%-58s %9s %9s   %s\n' input time "peak RSS" result
run "reference 2^64-1 in a compiled table (64 B): dump" /dev/null dump crash/Localizable.strings
run "4,000 keys sharing a 60 KB value (120 KB): dump" /dev/null dump shared/en.lproj/Localizable.strings
run "4,000 keys sharing a 60 KB value (120 KB): lint" /dev/null lint shared
run "shared .stringsdict variants, 4^20 paths (700 B): lint" /dev/null lint tree
run "shared .stringsdict variants: preview" /dev/null preview payload.json --strings tree
run "\"50% off \" x 20,000 in one value (160 KB): lint" /dev/null lint percent
run "\"50% off \" x 20,000 in one value: lint --format json" /dev/null lint percent --format json
run "%d x 100,000 in a pushed value (200 KB): lint --payloads" /dev/null lint dropped --payloads payload.json --format json
run "%d x 100,000 in a pushed value: preview" /dev/null preview payload.json --strings dropped
run "%d x 100,000 in a pushed value: localize" /dev/null localize payload.json --strings dropped
run "%1\$@ x 100,000, a 3.9 KB loc arg: lint --payloads" /dev/null lint repeat --payloads repeat.json --format json
run "%1\$@ x 100,000, a 3.9 KB loc arg: preview --format json" /dev/null preview repeat.json --strings repeat --format json
run "%1\$s x 1,000, a 1 MiB FCM loc arg: preview --res" /dev/null preview fcm-repeat.json --res android-repeat/res --format json
run "catalog of 100,000 languages (6.5 MB): lint" /dev/null lint catalog
run "a string in 200,000 <xliff:g> pieces (6 MB): preview --res" /dev/null preview fcm.json --res android/res
run "1 MB UTF-16 of 500,000 lone surrogates: lint" /dev/null lint surrogates.strings
run "1 MB UTF-16 of 500,000 lone surrogates: dump --format json" /dev/null dump surrogates.strings --format json
run "100,000 batch lines of distinct languages: localize --batch" batch.ndjson localize --batch
run "a FIFO named like a table: dump" /dev/null dump fifo/Localizable.strings
run "a FIFO named like a table: lint" /dev/null lint fifo
OUTPUT=/dev/full run "output to a full disk: preview > /dev/full (must exit 2)" /dev/null preview --strings "$root/Resources/strings" "$root/Resources/payloads"
exit $failed
