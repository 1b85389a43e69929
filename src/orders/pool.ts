/** Work over many orders a few at a time: bulk purchases, item fetches, reconcile, a ledger refresh. */

/** Runs `work` over `items`, `limit` at a time, in order of start. */
export async function inPool<T>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  // One iterator shared: each worker takes the next item when it is free.
  const next = items.entries();
  const worker = async () => {
    for (const [index, item] of next) await work(item, index);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
