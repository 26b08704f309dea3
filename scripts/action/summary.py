#!/usr/bin/env python3
"""action.yml, step "Write the job summary": appends Markdown to $GITHUB_STEP_SUMMARY with the
lint's counts and findings (from $LINT_JSON) and, for each payload, a table of what each device
shows (from `render-alert preview --format json`). Standard library only."""
import html
import json
import os
import subprocess
import sys

MAXIMUM_FINDINGS = 50


def lines(name):
    return [line.strip() for line in os.environ.get(name, "").splitlines() if line.strip()]


def cell(text):
    """Text from tables and payloads in a table cell: nothing in it is Markdown or HTML, no
    line break ends the row, no control character reaches the page."""
    if text is None:
        return ""
    text = "".join(ch if ch >= " " and not (0x7F <= ord(ch) <= 0x9F) else f"\\u{ord(ch):04x}" for ch in text.replace("\n", "⏎"))
    text = html.escape(text, quote=False)
    for ch in "\\`*_[]|#~$":
        text = text.replace(ch, "\\" + ch)
    return text


def plural(count, word):
    return f"{count} {word}{'' if count == 1 else 's'}"


def findings_section(path):
    out = ["## Localized strings: render-alert lint", ""]
    try:
        with open(path, encoding="utf-8") as file:
            report = json.load(file)
    except (OSError, ValueError) as error:
        return out + [f"render-alert lint could not run ({cell(str(error))}); see the step's log.", ""]
    summary = report["summary"]
    counts = ", ".join([plural(summary["errors"], "error"), plural(summary["warnings"], "warning"), plural(summary["notes"], "note")])
    line = f"**{counts}** in {plural(summary['files'], 'file')}"
    if summary.get("acceptedByBaseline"):
        line += f"; {summary['acceptedByBaseline']} accepted by the baseline"
    out += [line + f" ({cell(report.get('generator'))}).", ""]
    findings = report["findings"]
    if findings:
        out += ["| | Rule | Where | Finding |", "|---|---|---|---|"]
        icons = {"error": "❌", "warning": "⚠️", "note": "ℹ️"}
        for finding in findings[:MAXIMUM_FINDINGS]:
            where = f"{finding.get('file') or ''}:{finding.get('line') or ''}:{finding.get('column') or ''}".strip(":")
            out.append(f"| {icons.get(finding['severity'], '')} {finding['severity']} | `{cell(finding['id'])}` | {cell(where)} | {cell(finding['message'])} |")
        if len(findings) > MAXIMUM_FINDINGS:
            out.append(f"\n…and {len(findings) - MAXIMUM_FINDINGS} more in the step's log.")
        out.append("")
    return out


def shown(field, render):
    """A field as the device shows it, marking a key shown raw or the payload's fallback text."""
    text = render.get(field)
    if text is None:
        return ""
    source = ((render.get("fields") or {}).get(field) or {}).get("source")
    marks = {"key": " ⚠️ *key shown*", "fallback-text": " ⚠️ *fallback text*"}
    return cell(text) + marks.get(source, "")


def previews_section(render_alert, payloads, strings, languages):
    arguments = [render_alert, "preview", *payloads, "--strings", strings, "--format", "json"]
    for device in languages:
        arguments += ["--language", device]
    result = subprocess.run(arguments, capture_output=True, text=True)
    out = ["## What a device shows", ""]
    try:
        document = json.loads(result.stdout)
    except ValueError:
        return out + [f"render-alert preview could not run: {cell(result.stderr.strip())}", ""]
    for preview in document["previews"]:
        out += [f"### {cell(preview['payload'])}", ""]
        renders = preview["renders"]
        if renders and all(render.get("silent") for render in renders):
            out += ["A background push: no device shows anything.", ""]
            continue
        out += ["| Device | Uses | Title | Subtitle | Body | Findings |", "|---|---|---|---|---|---|"]
        for render in renders:
            problems = [d for d in render.get("diagnostics", []) if d["severity"] in ("error", "warning")]
            ids = ", ".join(sorted({f"`{cell(d['id'])}`" for d in problems}))
            out.append(
                f"| {cell(','.join(render['preferredLanguages']))} | {cell(render.get('localization') or '—')} "
                f"| {shown('title', render)} | {shown('subtitle', render)} | {shown('body', render)} | {ids} |")
        out.append("")
    return out


def main():
    render_alert = os.environ["RENDER_ALERT"]
    out = findings_section(os.environ.get("LINT_JSON", ""))
    payloads = lines("INPUT_PAYLOADS")
    if payloads:
        strings = os.environ.get("INPUT_STRINGS", "").strip() or (lines("INPUT_PATHS") or ["."])[0]
        out += previews_section(render_alert, payloads, strings, lines("INPUT_LANGUAGES"))
    with open(os.environ["GITHUB_STEP_SUMMARY"], "a", encoding="utf-8") as summary:
        summary.write("\n".join(out) + "\n")


if __name__ == "__main__":
    sys.exit(main())
