#!/usr/bin/env bash
# Wheel test: build the wheel, install it (not editable) into a fresh venv and use it from inside a user project
# that has its own bench/ package and rewards.py, as a new user would. Called by .ci/run; runs alone too:
# bash .ci/wheel.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1 HF_HUB_DISABLE_TELEMETRY=1
export PIP_DISABLE_PIP_VERSION_CHECK=1
unset PYTHONPATH

python3 -m pip wheel -q --no-deps -w "$work/dist" "$repo"
wheel="$(ls "$work"/dist/rewardcheck-*.whl)"
python3 - "$wheel" <<'PY'
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
tops = sorted({n.split("/")[0] for n in names if ".dist-info/" not in n})
assert tops == ["rewardcheck"], f"wheel top-level entries: {tops}"
data = sorted(n for n in names if n.startswith("rewardcheck/bench/data/"))
assert data, "no package data in the wheel"
print(f"wheel: {len(names)} files, one package {tops}, data {[n.rsplit('/', 1)[1] for n in data]}")
PY
python3 -m venv "$work/venv"
bin="$work/venv/bin"
# dependencies first, then the package alone: what site-packages gains from rewardcheck itself
"$bin/python" -m pip install -q -c "$repo/constraints.txt" "$wheel" pytest
"$bin/python" -m pip uninstall -q -y rewardcheck
site="$("$bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
ls "$site" | sort >"$work/before.txt"
"$bin/python" -m pip install -q --no-deps "$wheel"
ls "$site" | sort >"$work/after.txt"
gained="$(comm -13 "$work/before.txt" "$work/after.txt" | grep -v '\.dist-info$' || true)"
echo "site-packages gained: $gained"
[ "$gained" = "rewardcheck" ] || { echo "expected exactly one new top-level package, rewardcheck" >&2; exit 1; }

cp -r "$repo/.ci/wheel/user_project" "$work/user" && cd "$work/user"

echo "== the user's own pytest suite, with rewardcheck's plugin loaded (their bench/ and rewards.py beside it)"
"$bin/python" -m pytest -q -p no:cacheprovider
# (the suite's check_reward fixture comes from the plugin alone; pytest also lists it as a registered plugin)
# (written to a file first: `grep -q` stops reading at its match, which fails a pipeline under pipefail)
"$bin/python" -m pytest --version --version > plugins.txt 2>&1
grep -q "rewardcheck" plugins.txt \
  || { cat plugins.txt >&2; echo "the rewardcheck pytest plugin was not registered" >&2; exit 1; }

echo "== rewardcheck --help (user commands only)"
"$bin/rewardcheck" --help | tee help.txt
for cmd in scan check diff logs simulate probe-rm; do grep -q "^    $cmd " help.txt || { echo "missing command $cmd" >&2; exit 1; }; done
if grep -qE "^    (perf|fixtures) " help.txt; then echo "a maintainer command is in the user CLI" >&2; exit 1; fi

echo "== every command on bundled or generated inputs"
example="$("$bin/python" -c 'from rewardcheck.bench.data import data_path; print(data_path("completions.jsonl"))')"
"$bin/python" "$repo/.ci/wheel/make_inputs.py" .
# exit status: 0 clean, 1 a finding (a check failed, a collapse, an exploitable model), 2 a usage error
ok01() { "$@" && s=0 || s=$?; [ "$s" -le 1 ] || { echo "exit $s from: $*" >&2; exit 1; }; echo "exit $s: $*"; }
ok01 "$bin/rewardcheck" scan "$example" --json scan.json --quiet
"$bin/python" -c 'import json; d = json.load(open("scan.json")); n = d["rows_scored"]; assert n > 0 and n == d["rows_total"], d["rows_skipped"]; print("scan: scored", n, "rows")'
ok01 "$bin/rewardcheck" check recipe.yaml --max-examples 3 --json check.json --quiet
ok01 "$bin/rewardcheck" diff "$example" --limit 40 --json diff.json --quiet
ok01 "$bin/rewardcheck" logs trainer_log.jsonl --json logs.json --html logs.html --quiet
# no plots extra here: the page renders, each chart replaced by a note naming the extra
grep -q "rewardcheck\[plots\]" logs.html && ! grep -q "<svg" logs.html \
  || { echo "logs.html without matplotlib: no install note, or a chart" >&2; exit 1; }
ok01 "$bin/rewardcheck" simulate recipe.yaml --steps 20 --no-check --json simulate.json --quiet
prompts="$("$bin/python" -c 'from rewardcheck.bench.data import data_path; print(data_path("rm_prompts.jsonl"))')"
ok01 "$bin/rewardcheck" probe-rm --callable rewardcheck.bench.probe_rm.examples:flat_reward --input "$prompts" --json probe.json --quiet
# a learned reward model needs torch, which a plain install does not bring: a usage error that says so
"$bin/rewardcheck" probe-rm --demo --quiet 2>probe-err.txt && s=0 || s=$?
[ "$s" -eq 2 ] && grep -q "needs torch" probe-err.txt || { cat probe-err.txt >&2; echo "probe-rm --demo without torch: exit $s" >&2; exit 1; }
for f in scan check diff logs simulate probe; do "$bin/python" -c "import json, sys; json.load(open('$f.json'))"; done

echo "== check_reward, the drop-in with the training config, one import name"
cp "$repo/.ci/wheel/check_installed.py" . && "$bin/python" check_installed.py   # run from the project, as theirs
echo "wheel test passed"
