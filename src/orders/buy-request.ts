/**
 * `buy`'s flags, parsed once into the one request they describe: a single item, a cart file, or an
 * orders file. Flags that do not belong together are refused here, before anything is read or sent.
 */
import type { BuyFlags } from "../commands/buy/flags.js";
import { InputError } from "../errors.js";

/**
 * `buy`'s flags as declared (src/commands/buy/flags.ts), with the receipts' language the command line
 * gives. A switch left out reads as its default, so a caller names only what it sets.
 */
export type BuyOptions = Partial<BuyFlags> &
  Pick<BuyFlags, "opt" | "wait" | "yes"> & {
    /** The receipts' language: `--lang` on the command line, else Indonesian. */
    receiptLanguage?: "id" | "en";
  };

/** The customer data of one line as flags give it; an SMM target is turned into its JSON note later. */
export interface LineFlags {
  note?: string;
  target?: string;
  opt: string[];
  comment?: string;
  nominal?: number;
  zoneId?: string;
}

interface Common {
  wait: boolean;
  waitTimeout?: number;
  yes: boolean;
  /** Check the customer's account before buying, where the item offers it. */
  validate: boolean;
  /** Check the customer's phone number before buying, where the item takes one. */
  check: boolean;
  /** Print the customer's receipt once the wait ends. */
  receipt: boolean;
  receiptLanguage: "id" | "en";
  /** Buy again what matches a recent purchase, without asking. */
  again: boolean;
  /** How far back (hours) the repeat check looks; else the profile's repeat_window. */
  repeatWindowHours?: number;
  /** Say what a run would do, sending nothing (`--plan`). */
  plan: boolean;
  /** After a definite outcome that cost nothing, buy the next alternative (src/orders/alternatives.ts). */
  alternatives: boolean;
  /** The most an alternative may cost; else the original's selling price, else its cost. */
  maxPrice?: number;
}

export type BuyRequest =
  | (Common & {
      kind: "single";
      itemId?: number;
      quantity?: number;
      line: LineFlags;
      refId?: string;
      lockToken?: string;
    })
  | (Common & { kind: "cart"; source: string; refId?: string; lockToken?: string })
  | (Common & {
      kind: "file";
      path: string;
      concurrency: number;
      out?: string;
      skipBought: boolean;
      receipts?: string;
    });

export const defaultConcurrency = 4;
export const maxConcurrency = 16;

/** The flags that describe one item, which a cart or an orders file replaces. */
function singleItemFlagsGiven(options: BuyOptions): string[] {
  return [
    options.item !== undefined && "--item",
    options.qty !== undefined && "--qty",
    options.note !== undefined && "--note",
    options.target !== undefined && "--target",
    options.opt.length > 0 && "--opt",
    options.comment !== undefined && "--comment",
    options.nominal !== undefined && "--nominal",
    options.zoneId !== undefined && "--zone-id",
  ].filter((flag): flag is string => typeof flag === "string");
}

export function parseBuyRequest(options: BuyOptions): BuyRequest {
  const common: Common = {
    // A receipt is for an order whose delivery is known.
    wait: options.wait || options.receipt === true || options.receipts !== undefined,
    receipt: options.receipt === true,
    receiptLanguage: options.receiptLanguage ?? "id",
    yes: options.yes,
    validate: options.validate !== false,
    check: options.check !== false,
    again: options.again === true,
    plan: options.plan === true,
    alternatives: options.alternatives === true,
    ...(options.maxPrice !== undefined ? { maxPrice: options.maxPrice } : {}),
    ...(options.waitTimeout !== undefined ? { waitTimeout: options.waitTimeout } : {}),
    // Else the profile's repeat_window, else 48 h (resolved with the other settings).
    ...(options.repeatWindow !== undefined ? { repeatWindowHours: options.repeatWindow } : {}),
  };
  if (options.maxPrice !== undefined && !options.alternatives)
    throw new InputError((say) => say.orders.buying.goesWith("--max-price", "--alternatives"));
  if (options.file !== undefined) {
    const conflicting = [
      ...singleItemFlagsGiven(options),
      ...[
        options.cart !== undefined && "--cart",
        options.lock !== undefined && "--lock",
        options.refId !== undefined && "--ref-id",
      ].filter((f): f is string => typeof f === "string"),
    ];
    if (conflicting.length) throw new InputError((say) => say.orders.buying.fileTakesAll(conflicting.join(", ")));
    const concurrency = options.concurrency ?? defaultConcurrency;
    if (concurrency > maxConcurrency)
      throw new InputError((say) => say.orders.buying.concurrencyAtMost(maxConcurrency));
    if (options.skipBought && options.again) throw new InputError((say) => say.orders.buying.skipOrAgain);
    if (options.receipt) throw new InputError((say) => say.orders.buying.receiptsFile);
    return {
      ...common,
      kind: "file",
      path: options.file,
      concurrency,
      ...(options.out !== undefined ? { out: options.out } : {}),
      skipBought: options.skipBought === true,
      ...(options.receipts !== undefined ? { receipts: options.receipts } : {}),
    };
  }
  for (const [flag, given] of [
    ["--concurrency", options.concurrency !== undefined],
    ["--out", options.out !== undefined],
    ["--skip-bought", options.skipBought === true],
    ["--receipts", options.receipts !== undefined],
  ] as const) {
    if (given) throw new InputError((say) => say.orders.buying.goesWithFile(flag));
  }
  const shared = {
    ...(options.refId !== undefined ? { refId: options.refId } : {}),
    ...(options.lock !== undefined ? { lockToken: options.lock } : {}),
  };
  if (options.cart !== undefined) {
    const conflicting = singleItemFlagsGiven(options);
    if (conflicting.length) throw new InputError((say) => say.orders.buying.cartTakesAll(conflicting.join(", ")));
    if (options.alternatives)
      throw new InputError((say) => say.alternatives.cartNotYet, { suggestion: (say) => say.alternatives.cartInstead });
    return { ...common, ...shared, kind: "cart", source: options.cart };
  }
  const line: LineFlags = {
    opt: options.opt,
    ...(options.note !== undefined ? { note: options.note } : {}),
    ...(options.target !== undefined ? { target: options.target } : {}),
    ...(options.comment !== undefined ? { comment: options.comment } : {}),
    ...(options.nominal !== undefined ? { nominal: options.nominal } : {}),
    ...(options.zoneId !== undefined ? { zoneId: options.zoneId } : {}),
  };
  return {
    ...common,
    ...shared,
    kind: "single",
    ...(options.item !== undefined ? { itemId: options.item } : {}),
    ...(options.qty !== undefined ? { quantity: options.qty } : {}),
    line,
  };
}
