#!/usr/bin/env bash
# CI step: verl's own environment (verl 0.9.1 needs transformers < 5.11, so never the main .venv), installed
# from the repo's own files (constraints-verl.txt, the `verl` extra), then the verl tests, which must run here,
# not skip: verl's loader, its reward managers on a CPU DataProto inside Ray workers, and the scorer comparison.
set -euo pipefail
cd "$(dirname "$0")/.."
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1 HF_HUB_DISABLE_TELEMETRY=1
export PIP_DISABLE_PIP_VERSION_CHECK=1
VENV=${VERL_VENV:-.venv-verl}

start=$(date +%s)
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install -q -c constraints-verl.txt -e ".[verl]" pytest
if "$VENV/bin/python" -m pip list 2>/dev/null | grep -qi '^nvidia-'; then
  echo "verl env: a CUDA wheel (nvidia-*) was installed; torch must be the CPU build pinned in constraints-verl.txt" >&2
  exit 1
fi
# the tests skip where verl is not importable: here it must be
"$VENV/bin/python" -c "import verl, ray; print('verl', verl.__version__, 'ray', ray.__version__)"
installed=$(date +%s)
echo "== verl env: $("$VENV/bin/python" -m pip list 2>/dev/null | tail -n +3 | wc -l) packages, installed in $((installed - start)) s"

echo "== verl tests"
"$VENV/bin/python" -m pytest -q tests/integrations/test_verl_adapter.py tests/integrations/test_verl_integration.py tests/benchmarks/test_verl_compare.py
echo "== verl step: $(($(date +%s) - start)) s"
