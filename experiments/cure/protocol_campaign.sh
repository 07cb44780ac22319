#!/usr/bin/env bash
# The cure protocol (experiments/cure/PROTOCOL.md, amendment 1), every phase in the protocol's order, resumable:
# rerun after a stop and it goes on where it was (finished runs are skipped, an unfinished GRPO run resumes from
# its newest checkpoint, an unfinished PPO run, minutes long, restarts). The runs come from
# `python -m experiments.cure plan RUNS --phase P` (experiments/cure/plan.py, the planned grid), two at a time
# with one torch thread each (a 2-core machine); JOBS=16 on a bigger one.
#
# Run it from a clean checkout of the protocol commit, with RUNS outside that checkout (an untracked file in
# the checkout makes every run "dirty", and the summary refuses dirty runs):
#
#   bash experiments/cure/protocol_campaign.sh RUNS
#   python -m experiments.cure summary RUNS        # whatever exists so far
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: protocol_campaign.sh RUNS   (PROTOCOL.md, 9: a real model on a lent GPU (--model) is not implemented)" >&2
  exit 2
fi
OUT=$1
JOBS=${JOBS:-2}
PY=${PY:-python}
PHASES=${PHASES:-"starts dschat-prelude d1 d2 main ablations sweep chosen"}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1 HF_HUB_DISABLE_TELEMETRY=1
export OMP_NUM_THREADS=1 PYTHONWARNINGS=ignore
mkdir -p "$OUT/logs"
run_jobs() { [ $# -eq 0 ] || printf '%s\n' "$@" | xargs -P "$JOBS" -I{} bash -c '{}'; }
phase() { mapfile -t jobs < <($PY -m experiments.cure plan "$OUT" --phase "$1"); run_jobs "${jobs[@]}"; }
has() { [[ " $PHASES " == *" $1 "* ]]; }
A="$OUT/starts/dsA/checkpoint"; D="$OUT/dschat"

if has starts; then  # the two SFT starts and the DeepSpeed-Chat actor, on train, checked on validation
  run_jobs "[ -f $OUT/starts/A/start_eval.json ] || $PY -m experiments.cure start $OUT --name A --sft-seed 0 >>$OUT/logs/start-A.log 2>&1" \
           "[ -f $OUT/starts/B/start_eval.json ] || $PY -m experiments.cure start $OUT --name B --sft-seed 1 >>$OUT/logs/start-B.log 2>&1"
  [ -f "$OUT/starts/dsA/start_eval.json" ] || $PY -m experiments.cure start $OUT --name dsA --sft-seed 0 --sft-steps 800 --max-filler 6 >>$OUT/logs/start-dsA.log 2>&1
fi
if has dschat-prelude; then  # pairs, the reward model rm1, the plateau probe
  [ -f "$D/data/pairs.jsonl" ] || $PY -m experiments.dschat pairs "$D/data" --actor "$A" --n 2000 --n-heldout 64 --split train >>$OUT/logs/dschat.log 2>&1
  [ -f "$D/rm1/train_log.json" ] || $PY -m experiments.dschat rm "$D/rm1" --actor "$A" --pairs "$D/data/pairs.jsonl" --steps 200 --lr 3e-3 >>$OUT/logs/dschat.log 2>&1
  [ -f "$D/plateau/plateau.json" ] || $PY -m experiments.dschat plateau "$D/plateau" --actor "$A" --rm "$D/rm1" >>$OUT/logs/dschat.log 2>&1
fi
if has d1; then phase d1; phase d1; fi  # twice: the later candidates are planned only once the first are read
if has d2; then phase d2; fi
if has main; then phase main; fi           # P1: both sets at 3e-4, seeds 10-19, starts A and B
if has ablations; then phase ablations; fi  # P3: the three ablations at 3e-4, start A
if has sweep; then phase sweep; fi          # S: the learning rate, on validation
if has chosen; then phase chosen; fi        # M at each set's chosen rate, when it is not 3e-4 (P2)
$PY -m experiments.cure summary "$OUT" || true
