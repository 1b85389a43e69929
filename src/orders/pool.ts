/** Work over many orders a few at a time: bulk purchases, item fetches, reconcile, a ledger refresh. */

/** Runs `work` over `items`, `limit` at a time, in order of start. */
export async function inPool<T>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= items.length) return;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
