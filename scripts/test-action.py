#!/usr/bin/env python3
"""Runs action.yml's steps as GitHub's runner would, with GITHUB_* variables pointing at
temporary files, and checks what they leave: annotations in the log, step outputs, the SARIF
file and the job summary. `uses:` steps (the SARIF upload) cannot run here: their inputs are
resolved and checked instead.

    python3 scripts/test-action.py [--render-alert PATH]

PATH defaults to .build/debug/render-alert (built by `swift build` or `swift test`); one
scenario also lets the action build render-alert itself (`configuration: debug`, which reuses
that build). Needs PyYAML (on the project's machines, and on GitHub's runners)."""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

repo = pathlib.Path(__file__).resolve().parent.parent
action = yaml.safe_load((repo / "action.yml").read_text())
passed = failed = 0


def check(description, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok: {description}")
    else:
        failed += 1
        print(f"FAILED: {description}")
        if detail:
            print("  " + str(detail).replace("\n", "\n  ")[:4000])


class Run:
    """One run of the action: each step's output, the steps' outputs, the summary."""

    def __init__(self, inputs, workspace, path=None):
        self.directory = pathlib.Path(tempfile.mkdtemp(prefix="render-alert-action-"))
        self.inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
        unknown = set(inputs) - set(self.inputs)
        assert not unknown, f"not inputs of action.yml: {unknown}"
        self.inputs.update(inputs)
        self.steps = {}  # id -> outputs
        self.logs = {}  # name -> combined output
        self.skipped = {}  # name -> resolved `with` of a uses: step
        self.failed_step = None
        summary = self.directory / "step-summary.md"
        summary.touch()
        (self.directory / "runner-temp").mkdir()
        environment = {
            "PATH": path if path is not None else os.environ["PATH"],
            "HOME": os.environ.get("HOME", "/root"),
            "CI": "true",
            "GITHUB_ACTIONS": "true",
            "GITHUB_ACTION_PATH": str(repo),
            "GITHUB_WORKSPACE": str(workspace),
            "RUNNER_TEMP": str(self.directory / "runner-temp"),
            "GITHUB_STEP_SUMMARY": str(summary),
            "GITHUB_PATH": str(self.directory / "path"),
            "GITHUB_ENV": str(self.directory / "env"),
        }
        for index, step in enumerate(action["runs"]["steps"]):
            name = step.get("name", f"step {index}")
            condition = step.get("if")
            if self.failed_step and condition not in ("always()", "${{ always() }}"):
                continue
            if condition and condition != "always()" and not self.evaluate_condition(condition):
                continue
            if "uses" in step:
                self.skipped[name] = {key: self.substitute(str(value)) for key, value in step.get("with", {}).items()}
                continue
            output_file = self.directory / f"output-{index}"
            output_file.touch()
            env = dict(environment, GITHUB_OUTPUT=str(output_file))
            env.update({key: self.substitute(str(value)) for key, value in step.get("env", {}).items()})
            assert step["shell"] == "bash", "the steps run with bash"
            script = self.directory / f"step-{index}.sh"
            script.write_text(self.substitute(step["run"]))
            # GitHub runs `shell: bash` as `bash --noprofile --norc -eo pipefail {0}`, in the workspace.
            process = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], cwd=workspace, env=env,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.logs[name] = process.stdout
            outputs = {}
            for line in output_file.read_text().splitlines():
                key, _, value = line.partition("=")
                outputs[key] = value
            if "id" in step:
                self.steps[step["id"]] = outputs
            if process.returncode != 0:
                self.failed_step = name
        self.summary = summary.read_text()
        self.outputs = {name: self.substitute(spec["value"]) for name, spec in action.get("outputs", {}).items()}

    def expression(self, text):
        text = text.strip()
        if match := re.fullmatch(r"inputs\.([\w-]+)", text):
            return self.inputs[match.group(1)]
        if match := re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", text):
            return self.steps.get(match.group(1), {}).get(match.group(2), "")
        raise ValueError(f"expression the test runner does not know: {text}")

    def substitute(self, text):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda match: self.expression(match.group(1)), text)

    def evaluate_condition(self, condition):
        match = re.fullmatch(r"\s*([\w.-]+)\s*==\s*'([^']*)'\s*", condition)
        if not match:
            raise ValueError(f"condition the test runner does not know: {condition}")
        return self.expression(match.group(1)) == match.group(2)

    def log(self):
        return "\n".join(f"--- {name}\n{text}" for name, text in self.logs.items())


def workspace_with_sample():
    workspace = pathlib.Path(tempfile.mkdtemp(prefix="render-alert-workspace-"))
    shutil.copytree(repo / "Resources", workspace / "Resources")
    # Text from a payload that must stay text in the summary's table.
    (workspace / "Resources/payloads/hostile.json").write_text(
        json.dumps({"aps": {"alert": {"loc-key": "call.missed.body", "loc-args": ["<b>Ana|Bo</b> `x` [l](u)"]}}}))
    return workspace


def clean_workspace():
    workspace = pathlib.Path(tempfile.mkdtemp(prefix="render-alert-workspace-"))
    for language, title in [("en", "Missed call"), ("fr", "Appel manqué")]:
        (workspace / f"App/{language}.lproj").mkdir(parents=True)
        (workspace / f"App/{language}.lproj/Localizable.strings").write_text(f'"call.missed.title" = "{title}";\n')
    return workspace


def main():
    binary = str(repo / ".build/debug/render-alert")
    if sys.argv[1:2] == ["--render-alert"]:
        binary = str(pathlib.Path(sys.argv[2]).resolve())
    if not os.access(binary, os.X_OK):
        sys.exit(f"{binary} is missing: run swift build first")

    print("== findings: annotations, SARIF, summary with previews (render-alert input)")
    workspace = workspace_with_sample()
    run = Run({
        "render-alert": binary, "paths": "Resources/strings",
        "payloads": "Resources/payloads/missed-call.json\nResources/payloads/background-sync.json\nResources/payloads/hostile.json",
        "languages": "ar\npt-PT\nfr-CA,en", "upload-sarif": "true",
    }, workspace)
    lint = run.logs.get("Lint localized strings", "")
    check("the binary given is used", run.outputs["render-alert"] == binary, run.outputs)
    check("annotations in the log, located", "::error file=Resources/payloads/missed-call.json,line=4,col=7,title=payload.key-missing::" in lint, lint)
    check("lint's status is an output", run.outputs["status"] == "1", run.outputs)
    sarif_path = run.outputs["sarif"]
    check("the SARIF file is written in RUNNER_TEMP", sarif_path.startswith(str(run.directory / "runner-temp")) and os.path.exists(sarif_path), run.outputs)
    if os.path.exists(sarif_path):
        sarif = json.loads(pathlib.Path(sarif_path).read_text())
        check("it is SARIF 2.1.0 with the findings", sarif["version"] == "2.1.0" and len(sarif["runs"][0]["results"]) > 0)
    check("the upload step gets that file", run.skipped.get("Upload SARIF", {}).get("sarif_file") == sarif_path, run.skipped)
    check("the job fails on errors, in the last step", run.failed_step == "Result", run.log())
    summary = run.summary
    check("the summary counts the findings", "**1 error, 7 warnings, 0 notes** in 8 files (render-alert " in summary, summary)
    check("the summary lists findings with their rule and place",
          '| ❌ error | `payload.key-missing` | Resources/payloads/missed-call.json:4:7 | title-loc-key "call.missed.title" is missing for pt-PT' in summary, summary)
    check("a table per payload", "### Resources/payloads/missed-call.json\n\n| Device | Uses | Title | Subtitle | Body | Findings |" in summary, summary)
    check("a row per device, with what it shows", "| ar | ar | مكالمة فائتة |" in summary and "| fr-CA,en | fr-CA |" in summary, summary)
    check("a key shown raw is marked", "| pt-PT | pt-PT | call.missed.title ⚠️ *key shown* |" in summary, summary)
    check("a background push says so", "A background push: no device shows anything." in summary, summary)
    check("payload text stays text in the table", "&lt;b&gt;Ana\\|Bo&lt;/b&gt; \\`x\\` \\[l\\](u)" in summary and "<b>" not in summary, summary)

    print("== clean tables, render-alert found on PATH")
    workspace = clean_workspace()
    bin_directory = pathlib.Path(tempfile.mkdtemp(prefix="render-alert-bin-"))
    (bin_directory / "render-alert").symlink_to(binary)
    run = Run({"paths": "App"}, workspace, path=f"{bin_directory}:{os.environ['PATH']}")
    check("the binary on PATH is used", run.outputs["render-alert"] == str(bin_directory / "render-alert"), run.outputs)
    check("the job passes", run.failed_step is None and run.outputs["status"] == "0", run.log())
    check("no SARIF unless asked", run.outputs["sarif"] == "" and "Upload SARIF" not in run.skipped, run.outputs)
    check("the summary says it is clean", "**0 errors, 0 warnings, 0 notes** in 0 files" in run.summary, run.summary)
    check("no previews without payloads", "What a device shows" not in run.summary, run.summary)

    print("== strict: a warning fails; the action builds render-alert itself")
    (workspace / "App/en.lproj/Localizable.strings").write_text('"call.missed.title" = "Missed call";\n"call.missed.body" = "%@ called";\n')
    path = ":".join(p for p in os.environ["PATH"].split(":") if not os.path.exists(os.path.join(p, "render-alert")))
    run = Run({"paths": "App", "strict": "true", "configuration": "debug"}, workspace, path=path)
    setup = run.logs.get("Set up render-alert", "")
    check("it builds from the action's source", "::group::Building render-alert (debug)" in setup, setup)
    check("the built binary is used", run.outputs["render-alert"].endswith("/debug/render-alert") and os.path.exists(run.outputs["render-alert"]), run.outputs)
    check("a warning is an annotation", "::warning file=App/fr.lproj/Localizable.strings" in run.logs.get("Lint localized strings", ""), run.log())
    check("with strict, the job fails", run.failed_step == "Result" and run.outputs["status"] == "1", run.log())

    print("== a render-alert input that is not there")
    run = Run({"render-alert": "/nonexistent/render-alert"}, workspace)
    check("setup fails with an annotation", run.failed_step == "Set up render-alert"
          and "::error title=render-alert::" in run.logs.get("Set up render-alert", ""), run.log())

    print("== .github/workflows/ci.yml runs the README's commands and the server's tests on Linux and macOS")
    workflow = yaml.safe_load((repo / ".github/workflows/ci.yml").read_text())
    readme = (repo / "README.md").read_text()
    block = re.search(r"```sh\n(.*?)```", readme, re.S).group(1)
    commands = [line.split("#")[0].strip() for line in block.splitlines() if line.strip()]
    for job in ("linux", "macos"):
        runs = [step.get("run", "") for step in workflow["jobs"][job]["steps"]]
        check(f"{job}: {commands}", all(command in runs for command in commands), runs)
        check(f"{job}: the HTTP service's tests", "swift test --package-path Server" in runs, runs)

    print(f"action: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
