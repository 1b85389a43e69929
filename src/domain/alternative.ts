/**
 * The order a purchase was bought instead of (an alternative, `<ref_id>-altN`), as this machine's
 * journal links them: its ref_id, its item, and why it was given up, where the journal recorded them.
 * Read by trx show, history and the result of a buy; found in src/orders/alternatives.ts.
 */
export interface AlternativeOf {
  ref_id: string;
  item_id?: number;
  item?: string;
  givenUp?: "disrupted" | "refused" | "not_sent" | "delivery_failed";
}

/** `alternative_of` in --json, the same in buy, trx show and history: `ref_id`, `item_id`, `item`. */
export function alternativeOfJson(link: AlternativeOf): Omit<AlternativeOf, "givenUp"> {
  const { givenUp: _, ...named } = link;
  return named;
}
