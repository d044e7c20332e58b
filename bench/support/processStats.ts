import { readdirSync, readFileSync } from 'node:fs';

/** The resident memory (VmRSS) of a process, MB; 0 once it is gone (a sampler outliving it). */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used, ms (/proc/<pid>/stat counts clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The processes whose parent is `pid` (a cluster's workers). */
export const childrenOf = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((other) => {
      try {
        return readFileSync(`/proc/${other}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    });
