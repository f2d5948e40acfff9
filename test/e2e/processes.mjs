// What the e2e scripts read about code-server's processes from /proc (Linux): the extension host
// of a server, its worker threads (the engine jobs run in worker_threads named "WorkerThread" by
// Node), its memory (VmRSS now, VmHWM the peak) and the bytes it has read.
import { readFileSync, readdirSync } from 'node:fs';

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process or thread has just ended
  }
}

/** Field 5 of /proc/<pid>/stat (after the parenthesised name): the process group. */
function processGroup(pid) {
  const stat = read(`/proc/${pid}/stat`);
  return stat === null ? null : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

/** The pid of the extension host started by the code-server whose group leader is `serverPid`, or null. */
export function extensionHostPid(serverPid) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || processGroup(entry) !== serverPid) continue;
    const cmdline = read(`/proc/${entry}/cmdline`) ?? '';
    if (cmdline.includes('extensionHost')) return Number(entry);
  }
  return null;
}

/** Waits (up to `timeoutMs`) for the extension host to be running and returns its pid. */
export async function waitForExtensionHost(serverPid, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pid = extensionHostPid(serverPid);
    if (pid !== null) return pid;
    if (Date.now() > deadline) throw new Error(`no extension host under code-server ${serverPid}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** How many worker threads the process runs now. */
export function workerThreads(pid) {
  let count = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) if (read(`/proc/${pid}/task/${tid}/comm`)?.trim() === 'WorkerThread') count++;
  return count;
}

/** { rss, peak } of the process in MiB (VmRSS, VmHWM). */
export function memoryMiB(pid) {
  const status = read(`/proc/${pid}/status`) ?? '';
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** Bytes the process (all its threads, past and present) has read through read-like calls: rchar of /proc/<pid>/io. */
export function bytesRead(pid) {
  return Number(/^rchar:\s+(\d+)/m.exec(read(`/proc/${pid}/io`) ?? '')?.[1] ?? NaN);
}

/** Pids of the processes whose command line contains `text` (e.g. a script's name). */
export function pidsRunning(text) {
  return readdirSync('/proc').filter((e) => /^\d+$/.test(e) && (read(`/proc/${e}/cmdline`) ?? '').replaceAll('\0', ' ').includes(text)).map(Number);
}

/** Pids of the live processes of process group `pgid` (zombies, already ended, are not counted). */
export function groupMembers(pgid) {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e) && processGroup(e) === pgid && !/^\S+ \(.*\) Z/.test(read(`/proc/${e}/stat`) ?? ''))
    .map(Number);
}
