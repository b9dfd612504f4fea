/** Numbers as an operator reads them in the backup and restore output. */
export const count = (n: number): string => n.toLocaleString('en-US');

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Calls `log` at most every `everyMs`, for progress lines that do not flood a terminal or a cron mail. */
export function throttled(log: (line: string) => void, everyMs = 2000): (line: () => string) => void {
  let last = 0;
  return (line) => {
    const now = Date.now();
    if (now - last < everyMs) return;
    last = now;
    log(line());
  };
}
