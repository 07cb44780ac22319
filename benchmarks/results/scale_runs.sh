#!/usr/bin/env bash
set -uo pipefail
cd /work/main
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_DATASETS_OFFLINE=1 HF_HUB_DISABLE_TELEMETRY=1
R=benchmarks/results
echo "commit $(git rev-parse --short HEAD) $(date -u +%FT%TZ)" > $R/scale_runs.txt
{ echo "== python -m benchmarks.fuzz --inputs 100000 --processes 2 --threads 8 --json $R/fuzz_100k.json"; /usr/bin/time -v .venv/bin/python -m benchmarks.fuzz --inputs 100000 --processes 2 --threads 8 --json $R/fuzz_100k.json; echo "exit $?"; } > $R/fuzz_100k.txt 2>&1
{ echo "== python -m benchmarks.rss --inputs 200000 --every 20000"; /usr/bin/time -v .venv/bin/python -m benchmarks.rss --inputs 200000 --every 20000; echo "exit $?"; } > $R/rss_200k.txt 2>&1
{ echo "== python -m benchmarks.scan_memory --real-gb 1"; /usr/bin/time -v .venv/bin/python -m benchmarks.scan_memory --real-gb 1; echo "exit $?"; } > $R/scan_1gb.txt 2>&1
echo "done $(date -u +%FT%TZ)" >> $R/scale_runs.txt
