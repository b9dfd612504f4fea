/**
 * Runs at most `maxRunning` jobs at once and keeps at most `maxWaiting` in line; a job beyond that is refused
 * at once with `busy()`, so a flood waits in no unbounded queue.
 */
export function createWorkQueue(maxRunning: number, maxWaiting: number, busy: () => Error) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running < maxRunning) running++;
      else if (waiting.length < maxWaiting) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw busy();
      try {
        return await job();
      } finally {
        // The slot passes straight to the next job in line.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
