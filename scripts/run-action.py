#!/usr/bin/env python3
"""Runs the composite action in action.yml locally, step by step, as a GitHub runner would: each `run:` step in
bash with its `env:` (inputs and step outputs substituted), GITHUB_ENV, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY
files, and the first failing step failing the job; `uses:` steps (the build cache) are GitHub's and are skipped.
scripts/ci-rehearsal.sh uses it so that the action's own steps run end to end with the installed swiftc.

usage: scripts/run-action.py [--input NAME=VALUE]... [--event push|pull_request] [--ref REF] [--sha SHA]
                             [--workspace DIR] [--summary FILE]
Exit status: the failing step's status, or 0; 64 for bad usage, 74 for a file it cannot read or write, 130 when
interrupted (one line each, never a traceback; the job's scratch folder is removed however it ends). Reads only the YAML subset action.yml uses (maps, lists of maps,
scalars, `${{ inputs.X }}`, `${{ steps.ID.outputs.X }}`, `${{ github.X }}`, `${{ runner.os }}`, `a || b`).
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile


def parse_yaml(text):
    """Parses the indentation-structured subset of YAML action.yml is written in."""
    lines = []
    for raw in text.splitlines():
        stripped = raw.split(" #")[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if stripped.strip():
            lines.append((len(stripped) - len(stripped.lstrip()), stripped.strip()))

    def scalar(value):
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            return value[1:-1]
        return value

    def block(index, indent):
        if index < len(lines) and lines[index][1].startswith("- "):
            items = []
            while index < len(lines) and lines[index][0] == indent and lines[index][1].startswith("- "):
                # A list item is a map whose first key sits after the dash.
                first = lines[index][1][2:]
                lines[index] = (indent + 2, first)
                item, index = block(index, indent + 2)
                items.append(item)
            return items, index
        mapping = {}
        while index < len(lines) and lines[index][0] == indent and not lines[index][1].startswith("- "):
            key, _, value = lines[index][1].partition(":")
            index += 1
            if value.strip():
                mapping[key.strip()] = scalar(value)
            elif index < len(lines) and lines[index][0] > indent:
                mapping[key.strip()], index = block(index, lines[index][0])
            else:
                mapping[key.strip()] = ""
        return mapping, index

    parsed, _ = block(0, 0)
    return parsed


def evaluate(text, context):
    """Substitutes every `${{ expression }}` in `text`."""

    def value(expression):
        for alternative in expression.split("||"):
            name = alternative.strip()
            if name.startswith("'") and name.endswith("'"):
                result = name[1:-1]
            elif name in context:
                result = context[name]
            else:
                raise SystemExit(f"run-action: unsupported expression '{name}' in action.yml")
            if result:
                return result
        return ""

    return re.sub(r"\$\{\{(.*?)\}\}", lambda match: value(match.group(1)), text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--input", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--event", default="pull_request")
    parser.add_argument("--ref", default="refs/pull/1/merge")
    parser.add_argument("--sha", default="0" * 40)
    parser.add_argument("--workspace", default=os.getcwd())
    parser.add_argument("--summary", help="append the job summary to this file too")
    arguments = parser.parse_args()
    action_path = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(action_path, "action.yml"), encoding="utf-8") as file:
        action = parse_yaml(file.read())

    context = {
        "github.action_path": action_path,
        "github.workspace": arguments.workspace,
        "github.sha": arguments.sha,
        "github.action_ref": "",
        "github.event.repository.default_branch": "main",
        "runner.os": "Linux",
    }
    for item in arguments.input:
        if "=" not in item or item.startswith("="):
            fail(f"--input expects NAME=VALUE, got '{item}'")
    given = dict(item.split("=", 1) for item in arguments.input)
    for name, spec in action.get("inputs", {}).items():
        context[f"inputs.{name}"] = given.pop(name, spec.get("default", ""))
    if given:
        fail(f"action.yml has no input {', '.join(sorted(given))}")
    if not os.path.isdir(arguments.workspace):
        fail(f"--workspace {arguments.workspace} is not a folder")
    if arguments.summary and not os.path.isdir(os.path.dirname(os.path.abspath(arguments.summary))):
        fail(f"--summary {arguments.summary}: its folder does not exist")

    # The job's files live in a folder of their own, removed however the job ends.
    with tempfile.TemporaryDirectory(prefix="run-action-") as scratch:
        return run_steps(action, context, arguments, action_path, scratch)


def run_step(script, workspace, env):
    """Runs one step's script in bash, in a process group of its own that an interrupt stops with it."""
    process = subprocess.Popen(["bash", "-e", "-c", script], cwd=workspace, env=env, start_new_session=True)
    try:
        return process.wait()
    except KeyboardInterrupt:
        for number, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, None)):
            try:
                os.killpg(process.pid, number)
            except ProcessLookupError:
                break
            try:
                process.wait(timeout=grace)
                break
            except subprocess.TimeoutExpired:
                continue
        raise


def fail(message, status=64):
    """Ends with one line on standard error and `status` (64: bad usage), never a traceback."""
    print(f"run-action: {message}", file=sys.stderr)
    raise SystemExit(status)


def run_steps(action, context, arguments, action_path, scratch):
    """Runs every step of `action` in turn, as a runner would; returns the failing step's status, or 0."""
    files = {name: os.path.join(scratch, name) for name in ["env", "summary"]}
    for path in files.values():
        open(path, "w").close()
    job_env = {}
    status = 0
    # Outputs of steps that never wrote them read as empty, as on GitHub.
    for step in action["runs"]["steps"]:
        for name in action.get("outputs", {}):
            if "id" in step:
                context[f"steps.{step['id']}.outputs.{name}"] = ""
    for number, step in enumerate(action["runs"]["steps"], 1):
        title = step.get("name") or step.get("uses") or f"step {number}"
        if "uses" in step:
            print(f"run-action: skip {title} (a GitHub action)", flush=True)
            continue
        outputs = os.path.join(scratch, f"output-{number}")
        open(outputs, "w").close()
        env = dict(os.environ)
        env.update(job_env)
        env.update(
            GITHUB_ACTION_PATH=action_path, GITHUB_WORKSPACE=arguments.workspace, GITHUB_ENV=files["env"],
            GITHUB_OUTPUT=outputs, GITHUB_STEP_SUMMARY=files["summary"], GITHUB_EVENT_NAME=arguments.event,
            GITHUB_REF=arguments.ref, GITHUB_SHA=arguments.sha)
        for key, text in step.get("env", {}).items():
            env[key] = evaluate(text, context)
        print(f"run-action: {title}", flush=True)
        status = run_step(evaluate(step["run"], context), arguments.workspace, env)
        with open(files["env"], encoding="utf-8") as file:
            for line in file:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    job_env[key] = value
        if "id" in step:
            with open(outputs, encoding="utf-8") as file:
                for line in file:
                    if "=" in line:
                        key, value = line.rstrip("\n").split("=", 1)
                        context[f"steps.{step['id']}.outputs.{key}"] = value
        if status != 0:
            print(f"run-action: {title} failed (exit {status}); the job fails", flush=True)
            break
    with open(files["summary"], encoding="utf-8") as file:
        summary = file.read()
    if arguments.summary:
        with open(arguments.summary, "a", encoding="utf-8") as file:
            file.write(summary)
    return status


if __name__ == "__main__":
    # SIGTERM and SIGHUP end the job like Ctrl-C: through Python's exit, so the scratch folder is removed.
    def interrupt(received, frame):
        raise KeyboardInterrupt()

    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, interrupt)
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("run-action: interrupted", file=sys.stderr)
        sys.exit(130)
    except OSError as error:
        print(f"run-action: {error.filename or ''}: {error.strerror or error}", file=sys.stderr)
        sys.exit(74)
