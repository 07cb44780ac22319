#!/usr/bin/env bash
# Wheel test: build the wheel, install it (not editable) into a fresh venv and use it from a folder outside
# the checkout, as a new user would. Called by .ci/run; runs alone too: bash .ci/wheel.sh
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
tops = sorted({n.split("/")[0] for n in names if not n.startswith("rewardcheck-")})
assert tops == ["bench", "rewardcheck", "rewards"], f"wheel top-level entries: {tops}"
data = sorted(n for n in names if n.startswith("bench/data/"))
print(f"wheel: {len(names)} files, packages {tops}, data {[n.rsplit('/', 1)[1] for n in data]}")
PY
python3 -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q -c "$repo/constraints.txt" "$wheel" pytest
mkdir "$work/user" && cd "$work/user"
bin="$work/venv/bin"

echo "== rewardcheck --help (user commands only)"
"$bin/rewardcheck" --help | tee help.txt
for cmd in scan check diff logs simulate probe-rm; do grep -q "^    $cmd " help.txt || { echo "missing command $cmd" >&2; exit 1; }; done
if grep -qE "^    (perf|fixtures) " help.txt; then echo "a maintainer command is in the user CLI" >&2; exit 1; fi

echo "== rewardcheck scan on the bundled example dump"
example="$("$bin/python" -c 'from bench.data import data_path; print(data_path("completions.jsonl"))')"
"$bin/rewardcheck" scan "$example" --json scan.json --quiet
"$bin/python" -c 'import json; d = json.load(open("scan.json")); n = d["rows_scored"]; assert n > 0 and n == d["rows_total"], d["rows_skipped"]; print("scan: scored", n, "rows")'

echo "== check_reward with the attack corpus"
"$bin/python" "$repo/.ci/wheel/check_installed.py"

echo "== the pytest plugin on a user's test file"
cp "$repo/.ci/wheel/plugin_sample.py" test_user_rewards.py
"$bin/python" -m pytest -q -p no:cacheprovider test_user_rewards.py
echo "wheel test passed"
