// Each measured run happens in a fresh child process, so that its peak RSS and CPU time belong to
// that run alone. The child prints one JSON line (a ChildReport plus extras) as its last line.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ChildReport {
  /** Wall-clock seconds of the measured work. */
  wall: number;
  /** CPU seconds (user + system) of the measured work. */
  cpu: number;
  /** Peak resident set size of the whole process, bytes. */
  maxRss: number;
}

/** cpu split into user and system seconds, where a child reports them. */
export interface CpuSplit {
  user: number;
  system: number;
}

/**
 * Peak resident set size of this process image, bytes: Linux's VmHWM. Not getrusage's maxrss,
 * which a spawned child inherits from the parent it was forked from (a bench parent holding
 * a large data set would set every child's "peak").
 */
export function peakRss(): number {
  try {
    const m = /VmHWM:\s*(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux: fall through
  }
  return process.resourceUsage().maxRSS * 1024;
}

/** In a node child: runs `work`, then prints its report (with the CPU split) and `extra` fields as the last line. */
export async function reportFromChild<T extends object>(work: () => Promise<T>): Promise<void> {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const extra = await work();
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const report: ChildReport & CpuSplit = { wall, cpu: (cpu.user + cpu.system) / 1e6, user: cpu.user / 1e6, system: cpu.system / 1e6, maxRss: peakRss() };
  process.stdout.write(JSON.stringify({ ...extra, ...report }) + '\n');
}

/** Runs a child to completion and parses the JSON on its last stdout line. */
export function runChild<T extends ChildReport>(command: string, args: readonly string[]): T {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]) as T;
}
