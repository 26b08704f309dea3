#!/usr/bin/env python3
"""Rewrites the rule tables in README.md (between the rules markers) from
`render-alert lint --list-rules --format json`, so that the documented list is the code's."""
import json
import pathlib
import subprocess

root = pathlib.Path(__file__).resolve().parent.parent
listing = subprocess.run(
    ["swift", "run", "--quiet", "render-alert", "lint", "--list-rules", "--format", "json"],
    cwd=root, check=True, capture_output=True, text=True).stdout
rules = json.loads(listing)["rules"]
names = {
    "files": "Files and encodings", "syntax": "Syntax (the parsers' own diagnostics)", "values": "Values",
    "consistency": "Consistency across localizations", "formats": "Format specifiers", "plurals": "Plurals",
    "push": "Push safety (keys sent in payloads)", "payloads": "Payloads",
}
lines = []
for category, title in names.items():
    members = [r for r in rules if r["category"] == category]
    if not members:
        continue
    lines += [f"#### {title}", "", "| Rule | Severity | Why | Example |", "|---|---|---|---|"]
    for r in members:
        example = r["example"].replace("\n", "⏎").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")
        why = r["rationale"].replace("|", "\\|")
        lines.append(f"| <a id=\"{r['id']}\"></a>`{r['id']}` | {r['severity']} | {why} | <code>{example}</code> |")
    lines.append("")
readme = root / "README.md"
text = readme.read_text()
begin, end = "<!-- rules:begin -->", "<!-- rules:end -->"
head, rest = text.split(begin)
_, tail = rest.split(end)
readme.write_text(head + begin + "\n" + "\n".join(lines) + end + tail)
print(f"{len(rules)} rules written to README.md")
