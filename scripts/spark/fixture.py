"""Requests and checks for scripts/test-spark.sh.

    fixture.py generate COUNT SEED FILE [fcm]  # COUNT NDJSON lines, the same for the same SEED
    fixture.py compare EXPECTED ANSWERS_DIR  # Spark's answers against the single process's

generate writes localize requests against the sample app (Resources/strings): loc-key,
title-loc-key and subtitle-loc-key with their loc-args, a plural, keys one localization or all
lack, bodies and custom keys kept as written, device language lists as arrays and as strings
(some matching no localization), modes and fallbacks; and, among them, a few lines that are
blank (answered by no line, yet counted) or not requests at all (answered with an error).
With `fcm`, about a fifth of the lines are FCM requests instead ({"message": …}), against the
Android test app (Tests/LocalizationTests/Fixtures/android/res): its title and body keys with
their args, a key it lacks, a %d given a string (the app would crash: refused), a raw title.

compare joins on each answer's `line`: EXPECTED is what one render-alert process wrote for the
whole file, in which `line` is the request's line number; Spark's job rewrites each partition's
`line` to the same number. Every expected answer must be there exactly once and byte for byte
the same, and nothing else; the order of the part files and of their lines does not matter.
"""

import glob
import json
import os
import random
import sys

NAMES = ["Ana", "Samir", "Jürgen", "Mei", "Olúwadámilọ́lá", "Noa", "Chloé", "أحمد", "たけし",
         "Zoë \"Z\" O'Neil", "Renée\u2028Line", "Ωmega 🚀", "李小龍", "Dvořák", ""]
GROUPS = ["Weekend trip", "Famille 👨‍👩‍👧", "週末", "Équipe %d", "R&D <core>", "مجموعة"]
FILES = ["plan.pdf", "IMG_0042.HEIC", "budget 2026.xlsx", "notes\\draft.txt"]
EMOJI = ["👍", "❤️", "😂", "🎉", "🙏🏽"]
LANGUAGES = [
    ["fr-CA", "en"], ["ja"], ["ar-SA", "en"], ["de-AT", "de"], ["es-MX", "es"], ["pt-PT"], ["pt-BR"],
    ["zh-Hant-HK", "zh-Hans"], ["zh-Hans-CN"], ["he-IL"], ["en-GB"], ["ko-KR", "en"], ["it-IT"],
    ["fr-FR", "en"], ["es-419"], "nl-NL,de,en", ["en-AU", "en"], ["uk-UA", "ru", "en"], "pt-PT,pt-BR",
    ["ar"], ["zh-TW"], "tr", [],
]


def alert(rng):
    """One aps.alert, by one of the sample app's notification kinds."""
    name, other = rng.choice(NAMES), rng.choice(NAMES)
    kind = rng.randrange(10)
    if kind == 0:
        return {"title-loc-key": "call.missed.title", "loc-key": "call.missed.body", "loc-args": [name]}
    if kind == 1:
        return {"title-loc-key": "message.direct.title", "title-loc-args": [name],
                "body": rng.choice(["Are we still on for lunch? 🍜", "ok", "100% sure", "see %@ later"])}
    if kind == 2:
        return {"title-loc-key": "message.group.title", "title-loc-args": [name, rng.choice(GROUPS)],
                "loc-key": "message.direct.body.photo"}
    if kind == 3:
        return {"loc-key": "reaction.body", "loc-args": [name, rng.choice(EMOJI), "Who’s bringing snacks?"]}
    if kind == 4:
        return {"title-loc-key": "inbox.unread.summary", "title-loc-args": [str(rng.choice([0, 1, 2, 3, 5, 11, 21, 102, 1234]))],
                "body": "Tap to catch up."}
    if kind == 5:
        return {"loc-key": "file.shared.body", "loc-args": [name, rng.choice(FILES)],
                "subtitle-loc-key": "group.invite.title"}
    if kind == 6:
        return {"title-loc-key": "group.invite.title", "loc-key": "group.invite.body", "loc-args": [name, rng.choice(GROUPS)]}
    if kind == 7:
        # %d given a string: what a device drops.
        return {"loc-key": "digest.unread.body", "loc-args": [str(rng.randrange(1, 500)), rng.choice(GROUPS)]}
    if kind == 8:
        # A key no localization has: refused, or a fallback, by the request's "fallback".
        return {"title": "Relay", "loc-key": rng.choice(["promo.spring.body", "delivery.failed.title"]), "loc-args": [other]}
    return {"loc-key": "delivery.failed.body", "loc-args": [other], "title-loc-key": "call.missed.title"}


def request(rng, number):
    aps = {"alert": alert(rng)}
    if rng.random() < 0.5:
        aps["sound"] = rng.choice(["default", "chime.caf"])
    if rng.random() < 0.3:
        aps["badge"] = rng.randrange(0, 200)
    if rng.random() < 0.2:
        aps["thread-id"] = f"chat-{rng.randrange(50)}"
    payload = {"aps": aps}
    if rng.random() < 0.3:
        payload["message-id"] = f"{rng.getrandbits(32):08X}"
    body = json.dumps({"payload": payload}, ensure_ascii=False, separators=(",", ":"))[:-1]
    languages = rng.choice(LANGUAGES)
    body += ',"languages":' + json.dumps(languages, ensure_ascii=False, separators=(",", ":"))
    if rng.random() < 0.1:
        body += ',"mode":"device"'
    fallback = rng.random()
    if fallback < 0.15:
        body += ',"fallback":"development-region"'
    elif fallback < 0.25:
        body += ',"fallback":"device"'
    # Numbers in custom keys keep their spelling; ids are strings or numbers.
    if rng.random() < 0.05:
        body = body.replace('{"payload":{', '{"payload":{"price":1.50,"big":12345678901234567890,', 1)
    body += ',"id":' + (f'"r{number:06d}"' if number % 7 else str(number)) + "}"
    return body


def fcm_request(rng, number):
    """One FCM request against the Android test app."""
    name = rng.choice(NAMES)
    kind = rng.randrange(5)
    notification = {"title_loc_key": "delivery_title"}
    if kind == 0:
        notification.update(body_loc_key="delivery_body", body_loc_args=[name, rng.choice(["the door", "la porte", "玄関"])])
    elif kind == 1:
        notification.update(body_loc_key="count_body", body_loc_args=[str(rng.randrange(1, 9))])
    elif kind == 2:
        notification.update(body_loc_key=rng.choice(["delivery_bodi", "missing_body"]))
    elif kind == 3:
        notification = {"title": f"Hi {name}", "body_loc_key": "shout", "body_loc_args": [name]}
    else:
        notification.update(body_loc_key="alias")
    message = {"token": f"t{number}", "android": {"priority": "high", "notification": notification}}
    body = {"message": message, "languages": rng.choice(LANGUAGES), "id": f"f{number:06d}"}
    if rng.random() < 0.1:
        body["mode"] = "device"
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


def generate(count, seed, path, fcm=False):
    rng = random.Random(seed)
    # Its own generator: the APNs lines are the same with FCM lines among them or not.
    fcm_rng = random.Random(seed + 1)
    with open(path, "w", encoding="utf-8") as out:
        for number in range(1, count + 1):
            if fcm and fcm_rng.random() < 0.2:
                out.write(fcm_request(fcm_rng, number) + "\n")
                continue
            odd = rng.random()
            if odd < 0.001:
                out.write(rng.choice(["", "  ", "\t"]) + "\n")  # blank: no answer, still counted
            elif odd < 0.002:
                out.write(rng.choice(["not json", '{"payload":[]}', '{"languages":["en"]}', "[1,2]", '{"payload":{"aps":{"alert":{"loc-key":3}}},"languages":"en"}']) + "\n")
            else:
                out.write(request(rng, number) + "\n")


def answers_by_line(lines, where, into):
    for text in lines:
        text = text.rstrip("\n")
        if not text.startswith('{"line":'):
            return f"{where}: an answer without a leading line number: {text[:120]}"
        number = int(text[len('{"line":'):].split(",", 1)[0].rstrip("}"))
        into.setdefault(number, []).append(text)
    return None


def compare(expected_path, answers_dir):
    expected, actual = {}, {}
    with open(expected_path, encoding="utf-8", newline="\n") as lines:
        problem = answers_by_line(lines, expected_path, expected)
    parts = sorted(glob.glob(os.path.join(answers_dir, "part-*")))
    if not parts:
        problem = problem or f"{answers_dir}: no part files"
    for part in parts:
        with open(part, encoding="utf-8", newline="\n") as lines:
            problem = problem or answers_by_line(lines, part, actual)
    if problem:
        print(problem)
        return 1
    missing = sorted(set(expected) - set(actual))
    extra = sorted(set(actual) - set(expected))
    repeated = sorted(number for number, texts in actual.items() if len(texts) > 1)
    different = sorted(number for number in set(expected) & set(actual) if actual[number][0] != expected[number][0])
    total = sum(len(texts) for texts in actual.values())
    print(f"{total} answers from {len(parts)} part files; {len(expected)} expected; "
          f"{len(missing)} missing, {len(extra)} unexpected, {len(repeated)} repeated, {len(different)} different")
    for number in different[:3]:
        print(f"  line {number}, expected: {expected[number][0][:300]}")
        print(f"  line {number}, from Spark: {actual[number][0][:300]}")
    for label, numbers in (("missing", missing), ("unexpected", extra), ("repeated", repeated)):
        if numbers:
            print(f"  {label} lines: {numbers[:10]}")
    return 0 if not (missing or extra or repeated or different) else 1


if __name__ == "__main__":
    if len(sys.argv) in (5, 6) and sys.argv[1] == "generate" and sys.argv[5:] in ([], ["fcm"]):
        generate(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], fcm=len(sys.argv) == 6)
    elif len(sys.argv) == 4 and sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3]))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
