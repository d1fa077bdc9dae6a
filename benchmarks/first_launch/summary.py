#!/usr/bin/env python3
"""Medians of run.sh's lines: summary.py results.txt > table.md"""
import re
import statistics
import sys

rows = {}
for line in open(sys.argv[1]):
    m = re.match(r'(\w+) round=\d+ (.*)', line)
    if not m:
        continue
    fields = dict(re.findall(r'(\w+)=(\S+)', m.group(2)))
    rows.setdefault(m.group(1), []).append(fields)

names = {
    'ours': 'ours, queued (default: set-up in a constructor)',
    'startup': 'ours, queued, OFFLOAD_QUEUE_SETUP=startup',
    'background': 'ours, queued, OFFLOAD_QUEUE_SETUP=background (set-up on a thread)',
    'launch': 'ours, queued, OFFLOAD_QUEUE_SETUP=launch (set-up at the first launch)',
    'noqueue': 'ours, OFFLOAD_QUEUE_LAUNCHES=0 (libomptarget)',
    'cuda': 'CUDA (nvcc)',
}
cols = ['first_us', 'second_us', 'map_us', 'ctx_us', 'wall_ms']
print('| variant | processes | ' + ' | '.join(
    'median ' + c for c in cols) + ' | min first_us | checks |')
print('|---' * (len(cols) + 4) + '|')
for key, label in names.items():
    runs = rows.get(key, [])
    if not runs:
        continue

    def med(c):
        values = [float(r[c]) for r in runs if c in r]
        return f'{statistics.median(values):.1f}' if values else '-'

    firsts = [float(r['first_us']) for r in runs if 'first_us' in r]
    ok = sum(r.get('check') == 'ok' for r in runs)
    print(f'| {label} | {len(runs)} | ' + ' | '.join(med(c) for c in cols) +
          f' | {min(firsts) if firsts else "-"} | {ok}/{len(runs)} ok |')
