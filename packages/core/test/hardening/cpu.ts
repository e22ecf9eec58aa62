/**
 * CPU-time ratios for the time-bound tests: a hostile input against a benign one of the same
 * size, measured in the same process with `process.cpuUsage()`, never against a wall-clock
 * threshold. Each side is repeated until it has used a measurable amount of CPU, the two are
 * alternated, and the best of several trials is kept so that a busy machine skews neither.
 */
function cpuMicros(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** CPU microseconds per call of `task`, repeated until at least `minimum` microseconds were used. */
function perCall(task: () => unknown, minimum: number): number {
  let calls = 0;
  const start = cpuMicros();
  let used = 0;
  do {
    task();
    calls++;
    used = cpuMicros() - start;
  } while (used < minimum);
  return used / calls;
}
/** CPU time of `hostile` over CPU time of `benign` (best of `trials` each). */
export function cpuRatio(hostile: () => unknown, benign: () => unknown, { trials = 5, minimum = 20_000 } = {}): number {
  hostile();
  benign();
  let best = { hostile: Infinity, benign: Infinity };
  for (let i = 0; i < trials; i++) {
    best = {
      hostile: Math.min(best.hostile, perCall(hostile, minimum)),
      benign: Math.min(best.benign, perCall(benign, minimum)),
    };
  }
  return best.hostile / best.benign;
}

async function perCallAsync(task: () => Promise<unknown>, minimum: number): Promise<number> {
  let calls = 0;
  const start = cpuMicros();
  let used = 0;
  do {
    await task();
    calls++;
    used = cpuMicros() - start;
  } while (used < minimum);
  return used / calls;
}
/** {@link cpuRatio} for asynchronous work, such as a whole audit. */
export async function cpuRatioAsync(
  hostile: () => Promise<unknown>,
  benign: () => Promise<unknown>,
  { trials = 3, minimum = 20_000 } = {},
): Promise<number> {
  await hostile();
  await benign();
  let best = { hostile: Infinity, benign: Infinity };
  for (let i = 0; i < trials; i++) {
    best = {
      hostile: Math.min(best.hostile, await perCallAsync(hostile, minimum)),
      benign: Math.min(best.benign, await perCallAsync(benign, minimum)),
    };
  }
  return best.hostile / best.benign;
}
