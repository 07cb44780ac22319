#!/usr/bin/env bash
# Install the peer reward auditors in their own virtual environment, beside (never inside) rewardcheck's:
# experiments/checker_h2h/.venv (gitignored by the repository's `.venv*/`). The versions are the ones
# /work/shared/notes/peers.md compares; math-verify is what the planted math-verify reward imports.
# Usage: bash experiments/checker_h2h/setup_peers.sh   (then: python -m experiments.checker_h2h)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${PYTHON:-python3.11}"
if [ ! -x "$here/.venv/bin/python" ]; then
    "$python" -m venv "$here/.venv"
fi
"$here/.venv/bin/python" -m pip install --quiet --upgrade pip
"$here/.venv/bin/python" -m pip install --quiet \
    "falsepass==0.11.0" "rewardlint==0.1.0" "gradecheck==0.1.0" "math-verify==0.9.0"
"$here/.venv/bin/python" -m pip list 2>/dev/null | grep -i -E "^(falsepass|rewardlint|gradecheck|math-verify) "
