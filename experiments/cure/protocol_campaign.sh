#!/usr/bin/env bash
# The cure protocol (experiments/cure/PROTOCOL.md), every phase, resumable: rerun after a stop and it goes on
# where it was (finished runs are skipped, an unfinished GRPO run resumes from its newest checkpoint, an
# unfinished PPO run, minutes long, restarts). Two runs at a time with one torch thread each (a 2-core machine);
# JOBS=16 on a bigger one.
#
#   bash experiments/cure/protocol_campaign.sh RUNS
#   python -m experiments.cure summary RUNS        # whatever exists so far
set -euo pipefail
OUT=${1:?usage: protocol_campaign.sh RUNS}
JOBS=${JOBS:-2}
PY=${PY:-python}
PHASES=${PHASES:-"starts sweep main ablations chosen dschat"}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1 HF_HUB_DISABLE_TELEMETRY=1
export OMP_NUM_THREADS=1 PYTHONWARNINGS=ignore
mkdir -p "$OUT/logs"
G="--split test --group-every 10 --keep-final --resume"
run_jobs() { printf '%s\n' "$@" | xargs -P "$JOBS" -I{} bash -c '{}'; }
has() { [[ " $PHASES " == *" $1 "* ]]; }
grpo() {  # phase arm lr start seed [extra args]
  local name="$1-$2-lr$3-$4-s$5"
  echo "[ -f $OUT/grpo/$name/summary.json ] || $PY -m experiments.cure grpo $OUT --arm $2 --lr $3 --start $4 --seed $5 --name $name ${6:-$G} >>$OUT/logs/$name.log 2>&1"
}

if has starts; then  # 1. the two SFT starts (and the DeepSpeed-Chat actor), on train, checked on validation
  run_jobs "$PY -m experiments.cure start $OUT --name A --sft-seed 0 >>$OUT/logs/start-A.log 2>&1" \
           "$PY -m experiments.cure start $OUT --name B --sft-seed 1 >>$OUT/logs/start-B.log 2>&1"
fi
if has sweep; then  # 2. S: learning-rate sweep on validation, start A
  jobs=()
  for arm in upstream patched_default; do for lr in 5e-05 0.0001 0.0003; do for s in 100 101 102; do
    jobs+=("$(grpo S $arm $lr A $s "--split validation --group-every 10 --resume")")
  done; done; done
  run_jobs "${jobs[@]}"
fi
if has main; then  # 3. M at the collapsing rate 3e-4: both sets, seeds 0-9, starts A and B
  jobs=()
  for s in 0 1 2 3 4 5 6 7 8 9; do for st in A B; do for arm in upstream patched_default; do
    jobs+=("$(grpo M $arm 0.0003 $st $s)")
  done; done; done
  run_jobs "${jobs[@]}"
fi
if has ablations; then  # 4. Ab at 3e-4, start A
  jobs=()
  for s in 0 1 2 3 4 5 6 7 8 9; do for arm in upstream_no_cosine upstream_no_steps patched_upstream_cosine; do
    jobs+=("$(grpo Ab $arm 0.0003 A $s)")
  done; done
  run_jobs "${jobs[@]}"
fi
if has chosen; then  # 5. M at each set's chosen rate (when it is not 3e-4)
  $PY -m experiments.cure summary "$OUT" >"$OUT/logs/summary-after-sweep.txt" 2>&1 || true
  jobs=()
  for arm in upstream patched_default; do
    lr=$($PY -c "import json,sys; d=json.load(open('$OUT/summary.json')); print(d['chosen_lr'].get('$arm', ''))")
    if [ -n "$lr" ] && [ "$lr" != "0.0003" ]; then
      for s in 0 1 2 3 4 5 6 7 8 9; do for st in A B; do jobs+=("$(grpo M $arm "$lr" $st $s)"); done; done
    fi
  done
  [ ${#jobs[@]} -eq 0 ] || run_jobs "${jobs[@]}"
fi
if has dschat; then  # 6. DeepSpeed-Chat: the actor, pairs, rm1; D1 candidates on validation; D2 on test
  D="$OUT/dschat"; mkdir -p "$D"
  [ -f "$OUT/starts/dsA/checkpoint/config.json" ] || $PY -m experiments.cure start $OUT --name dsA --sft-seed 0 --sft-steps 800 --max-filler 6 >>$OUT/logs/start-dsA.log 2>&1
  A="$OUT/starts/dsA/checkpoint"
  [ -f "$D/data/pairs.jsonl" ] || $PY -m experiments.dschat pairs "$D/data" --actor "$A" --n 2000 --n-heldout 64 --split train >>$OUT/logs/dschat.log 2>&1
  [ -f "$D/rm1/config.json" ] || $PY -m experiments.dschat rm "$D/rm1" --actor "$A" --pairs "$D/data/pairs.jsonl" --steps 200 --lr 3e-3 >>$OUT/logs/dschat.log 2>&1
  P="--actor $A --rm $D/rm1 --steps 100 --batch-size 8 --max-new-tokens 128 --split train"
  ppo() { echo "[ -f $D/$1/summary.json ] || $PY -m experiments.dschat ppo $D/$1 $P $2 >>$OUT/logs/dschat-$1.log 2>&1"; }
  run_jobs "$(ppo d1-collapse "--seed 0 --eval-split validation")" \
           "$(ppo d1-eos_as_pad "--seed 0 --eval-split validation --read eos_as_pad")" \
           "$(ppo d1-actor_lr "--seed 0 --eval-split validation --actor-lr 5e-3")" \
           "$(ppo d1-frozen_critic "--seed 0 --eval-split validation --critic-lr 0")" \
           "$(ppo d1-actor_lr_frozen_critic "--seed 0 --eval-split validation --actor-lr 5e-3 --critic-lr 0")"
  $PY -m experiments.cure summary "$OUT" >"$OUT/logs/summary-after-d1.txt" 2>&1 || true
  sel=$(grep -o "D1 selects: [a-z_]*" "$OUT/logs/summary-after-d1.txt" | awk '{print $3}' || true)
  declare -A ARGS=([eos_as_pad]="--read eos_as_pad" [actor_lr]="--actor-lr 5e-3" [frozen_critic]="--critic-lr 0" [actor_lr_frozen_critic]="--actor-lr 5e-3 --critic-lr 0")
  if [ -n "$sel" ] && [ -n "${ARGS[$sel]:-}" ]; then
    cure="--guard-stop"; [ "$sel" = eos_as_pad ] && cure=""  # a read fault: the cure reads at the answer's end
    jobs=()
    for s in 0 1 2 3 4 5 6 7 8 9; do
      jobs+=("$(ppo d2-$sel-s$s "--seed $s --eval-split test ${ARGS[$sel]}")")
      if [ "$sel" = eos_as_pad ]; then jobs+=("$(ppo d2-$sel-cure-s$s "--seed $s --eval-split test")")
      else jobs+=("$(ppo d2-$sel-cure-s$s "--seed $s --eval-split test ${ARGS[$sel]} $cure")"); fi
    done
    run_jobs "${jobs[@]}"
  fi
fi
$PY -m experiments.cure summary "$OUT"
