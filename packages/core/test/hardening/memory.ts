/**
 * Memory bounds for the hardening tests: the live heap (after a full collection) sampled while
 * a task runs, with `process.memoryUsage()`, so garbage waiting for a collection does not count.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

function liveHeap(): number {
  collect();
  return process.memoryUsage().heapUsed;
}
/**
 * The most the live heap grew over its level before `task`, in bytes, sampled every
 * `interval` ms between the task's asynchronous steps (and once at the end, while its result
 * is still held).
 */
export async function peakHeapGrowth(task: () => Promise<unknown>, interval = 25): Promise<number> {
  const base = liveHeap();
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, liveHeap() - base)), interval);
  try {
    const result = await task();
    peak = Math.max(peak, liveHeap() - base);
    void result;
  } finally {
    clearInterval(timer);
  }
  return peak;
}
export const MB = 1024 * 1024;
