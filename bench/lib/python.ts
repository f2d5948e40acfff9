// Finds the system Python when it can import the given modules, for side-by-side baselines.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const PYTHON = '/usr/bin/python3';

/** PYTHON if it exists and imports every module, else null. */
export function pythonWith(modules: readonly string[]): string | null {
  if (!existsSync(PYTHON)) return null;
  const r = spawnSync(PYTHON, ['-c', modules.map((m) => `import ${m}`).join('; ')], { encoding: 'utf8' });
  return r.status === 0 ? PYTHON : null;
}

/** Python expression: this process's peak RSS in bytes (VmHWM, as peakRss() in child-run.ts). */
export const PEAK_RSS_PY = "int(open('/proc/self/status').read().split('VmHWM:')[1].split()[0]) * 1024";

/**
 * Python source that times `statement` (after `setup`) in this process and prints a ChildReport
 * and its CpuSplit as its last line: wall, CPU, user and system seconds and peak RSS in bytes.
 */
export function pythonTimer(setup: string, statement: string): string {
  return [
    'import json, os, time',
    setup,
    't0 = time.perf_counter(); c0 = time.process_time(); o0 = os.times()',
    statement,
    'wall = time.perf_counter() - t0; cpu = time.process_time() - c0; o1 = os.times()',
    `print(json.dumps({"wall": wall, "cpu": cpu, "user": o1.user - o0.user, "system": o1.system - o0.system, "maxRss": ${PEAK_RSS_PY}}))`,
  ].join('\n');
}
