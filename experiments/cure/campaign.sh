#!/usr/bin/env bash
# The whole cure campaign, resumable: rerun this script after a stop and it continues where it was.
# GRPO runs resume from their newest checkpoint (every 50 steps); finished runs (summary.json) are skipped;
# an unfinished PPO run (minutes long) restarts. Two runs at a time (one torch thread each), for a 2-core
# machine; set JOBS=16 on a bigger one. The campaign as run (fixtures/runs/cure/commands.txt) was this script
# for (a), (b) and the twin, then the (c) arm and the DeepSpeed-Chat phase with the same commands.
#
#   bash experiments/cure/campaign.sh RUNS_DIR            # e.g. /work/runs/cure
#   python -m experiments.cure summary RUNS_DIR            # whatever exists so far
set -euo pipefail
OUT=${1:?usage: campaign.sh RUNS_DIR}
JOBS=${JOBS:-2}
SEEDS=${SEEDS:-"0 1 2"}
PY=${PY:-python}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1 HF_HUB_DISABLE_TELEMETRY=1
export OMP_NUM_THREADS=1 PYTHONWARNINGS=ignore
mkdir -p "$OUT/logs"

# 1. the start (SFT until 35% of validation problems are answered at T=1), once
$PY -m experiments.cure start "$OUT" >>"$OUT/logs/start.log" 2>&1

# 2. GRPO: arms x seeds, then the guard twin of the first upstream run. Arms (experiments/cure/recipe.py):
#    (a) openr1 at 3e-4, where it collapses; (b) patched as the campaign began (reasoning_steps paid whatever
#    the answer: reward set patched_ungated); (c) patched_gated_lr5e-5, the reward fix the (b) runs led to
#    (today's patched default) with the recipe fix the one-seed patched_gated run at 3e-4 led to; openr1_lr5e-5,
#    the upstream set at (c)'s rate; patched_gated, the fix alone at 3e-4.
jobs=()
for s in $SEEDS; do
  for arm in openr1 patched patched_gated patched_gated_lr5e-5 openr1_lr5e-5; do
    jobs+=("$PY -m experiments.cure grpo $OUT --arm $arm --seed $s --resume >>$OUT/logs/$arm-s$s.log 2>&1")
  done
done
first=${SEEDS%% *}
jobs+=("$PY -m experiments.cure grpo $OUT --arm openr1 --seed $first --guard-stop --resume >>$OUT/logs/openr1-s$first-guardstop.log 2>&1")
printf '%s\n' "${jobs[@]}" | xargs -P "$JOBS" -I{} bash -c '{}'

# 3. DeepSpeed-Chat step 3 on the same start: pairs, the reward model, the hardened one, then 3 conditions x seeds
A="$OUT/sft/checkpoint"; D="$OUT/dschat"
mkdir -p "$D"
[ -f "$D/data/pairs.jsonl" ] || $PY -m experiments.dschat pairs "$D/data" --actor "$A" --n 2000 --n-heldout 64 >>"$OUT/logs/dschat.log" 2>&1
[ -f "$D/rm1/config.json" ] || $PY -m experiments.dschat rm "$D/rm1" --actor "$A" --pairs "$D/data/pairs.jsonl" --steps 200 --lr 3e-3 >>"$OUT/logs/dschat.log" 2>&1
if [ ! -f "$D/data/harden.jsonl" ]; then
  rewardcheck probe-rm "$D/rm1" --input "$D/data/pairs.jsonl" --max-prompts 150 --pad-token '<|pad|>' \
    --end-marker '<|im_end|>' --no-sensitivity --batch-size 32 --quiet --no-progress --harden "$D/data/harden.jsonl" \
    --harden-class empty --harden-class eos_only --harden-class repeated_token --harden-class repeated_ngram \
    --harden-class random_tokens --harden-class shuffled --harden-class cut_mid_sentence \
    --harden-class garbage_appended --harden-class fake_human_turn --harden-class fixed_string \
    --harden-class prompt_swap >>"$OUT/logs/dschat.log" 2>&1 || true
fi
[ -f "$D/rm2/config.json" ] || $PY -m experiments.dschat rm "$D/rm2" --actor "$A" --pairs "$D/data/pairs.jsonl" --extra "$D/data/harden.jsonl" --init "$D/rm1" --steps 120 --lr 2e-3 >>"$OUT/logs/dschat.log" 2>&1
jobs=()
for s in $SEEDS; do
  jobs+=("[ -f $D/collapse-s$s/summary.json ] || $PY -m experiments.dschat ppo $D/collapse-s$s --actor $A --rm $D/rm1 --steps 100 --batch-size 8 --max-new-tokens 128 --seed $s >>$OUT/logs/dschat-collapse-s$s.log 2>&1")
  jobs+=("[ -f $D/harden-s$s/summary.json ] || $PY -m experiments.dschat ppo $D/harden-s$s --actor $A --rm $D/rm2 --steps 100 --batch-size 8 --max-new-tokens 128 --seed $s >>$OUT/logs/dschat-harden-s$s.log 2>&1")
  jobs+=("[ -f $D/guard-s$s/summary.json ] || $PY -m experiments.dschat ppo $D/guard-s$s --actor $A --rm $D/rm1 --guard --steps 100 --batch-size 8 --max-new-tokens 128 --seed $s >>$OUT/logs/dschat-guard-s$s.log 2>&1")
done
printf '%s\n' "${jobs[@]}" | xargs -P "$JOBS" -I{} bash -c '{}'

$PY -m experiments.cure summary "$OUT"
