#!/usr/bin/env python3
"""Rewrites the rule tables of docs/lint.md (between the rules markers) from `render-alert lint
--list-rules --format json`, so that the documented list is the code's: ID (with the anchor
SARIF's helpUri points at), severity, why, example."""
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
def replace_between_markers(path, generated):
    text = path.read_text()
    begin, end = "<!-- rules:begin -->", "<!-- rules:end -->"
    head, rest = text.split(begin)
    _, tail = rest.split(end)
    path.write_text(head + begin + "\n" + generated + end + tail)


tables = []
for category, title in names.items():
    members = [r for r in rules if r["category"] == category]
    if not members:
        continue
    tables += [f"### {title}", "", "| Rule | Severity | Why | Example |", "|---|---|---|---|"]
    for r in members:
        example = r["example"].replace("\n", "⏎").replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")
        why = r["rationale"].replace("|", "\\|")
        tables.append(f"| <a id=\"{r['id']}\"></a>`{r['id']}` | {r['severity']} | {why} | <code>{example}</code> |")
    tables.append("")
replace_between_markers(root / "docs" / "lint.md", "\n".join(tables))
print(f"{len(rules)} rules written to docs/lint.md")
