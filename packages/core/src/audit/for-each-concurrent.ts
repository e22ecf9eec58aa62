/**
 * Runs `task` for every item with at most `limit` running at once, so a large site is read
 * as a stream instead of all at once. Rejects with the first error a task throws.
 */
export async function forEachConcurrent<T>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
