#!/usr/bin/env bash
# Issue 35's "speed does not fall": benchmarks.perf and benchmarks.hardpairs on this checkout and on cd588be
# (a worktree at OLD), old then new on an idle machine, one process at a time; then issue 37's
# figures on this checkout (the real open-r1 code on both input sets) and the pumped growth ratios.
#   git worktree add /tmp/old cd588be
#   bash benchmarks/results/speed_side_by_side.sh /tmp/old ../upstream/openr1-e4ac3ae/rewards.py
set -uo pipefail
OLD=${1:?old checkout}; OPENR1=${2:?open-r1 rewards.py at e4ac3ae}
NEW=$(cd "$(dirname "$0")/../.." && pwd); PY=$NEW/.venv/bin/python; R=$NEW/benchmarks/results
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1 HF_HUB_DISABLE_TELEMETRY=1
FIX=fixtures/perf/completions.jsonl
{
  echo "new $(git -C "$NEW" rev-parse --short HEAD)  old $(git -C "$OLD" rev-parse --short HEAD)  $(date -u +%FT%TZ)"
  for round in 1; do
    for side in old new; do
      dir=$OLD; [ $side = new ] && dir=$NEW
      echo "== round $round $side: python -m benchmarks.perf --fixture $FIX (cwd $side)"
      (cd "$dir" && PYTHONPATH=$dir $PY -m benchmarks.perf --fixture $FIX --golden /nonexistent 2>&1 | grep -E "openr1@|patched |ratio|seen")
      echo "== round $round $side: python -m benchmarks.hardpairs --passes 3 (cwd $side)"
      (cd "$dir" && PYTHONPATH=$dir $PY -m benchmarks.hardpairs --passes 3 2>&1 | tail -8)
    done
  done
} > "$R/speed_side_by_side.txt" 2>&1
(cd "$NEW" && $PY -m benchmarks.perf --openr1 "$OPENR1" --json "$R/perf_real_openr1.json") > "$R/perf_real_openr1.txt" 2>&1
(cd "$NEW" && $PY -m benchmarks.pumped --json "$R/pumped.json") > "$R/pumped.txt" 2>&1
echo "done $(date -u +%FT%TZ)" >> "$R/speed_side_by_side.txt"
