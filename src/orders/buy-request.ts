/**
 * `buy`'s flags, parsed once into the one request they describe: a single item, a cart file, or an
 * orders file. Flags that do not belong together are refused here, before anything is read or sent.
 */
import { InputError } from "../errors.js";
import { say } from "../messages/messages.js";

export interface BuyOptions {
  item?: number;
  qty?: number;
  note?: string;
  target?: string;
  opt: string[];
  comment?: string;
  cart?: string;
  file?: string;
  concurrency?: number;
  out?: string;
  refId?: string;
  lock?: string;
  wait: boolean;
  waitTimeout?: number;
  yes: boolean;
  /** Open amounts: the amount asked for (`provider_qty`); the note is then the target. */
  nominal?: number;
  /** Open amounts: the game's zone, sent as the note's `zone_id`. */
  zoneId?: string;
  /** false with --no-validate: buy without checking the customer's account first. */
  validate?: boolean;
  /** --file: rows matching a recent purchase are skipped (--skip-bought); any buy: bought again (--again). */
  skipBought?: boolean;
  again?: boolean;
  /** How far back (hours) the repeat check looks for the same order. */
  repeatWindow?: number;
  /** false with --no-check: send phone numbers as given, without checking their form. */
  check?: boolean;
  /** --receipt: the customer's receipt after delivery (implies --wait). */
  receipt?: boolean;
  /** --file: append each delivered order's receipt to this file (implies --wait). */
  receipts?: string;
  /** The receipts' language: `--lang` on the command line, else Indonesian. */
  receiptLanguage?: "id" | "en";
}

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
    ...(options.waitTimeout !== undefined ? { waitTimeout: options.waitTimeout } : {}),
    // Else the profile's repeat_window, else 48 h (resolved with the other settings).
    ...(options.repeatWindow !== undefined ? { repeatWindowHours: options.repeatWindow } : {}),
  };
  if (options.file !== undefined) {
    const conflicting = [
      ...singleItemFlagsGiven(options),
      ...[
        options.cart !== undefined && "--cart",
        options.lock !== undefined && "--lock",
        options.refId !== undefined && "--ref-id",
      ].filter((f): f is string => typeof f === "string"),
    ];
    if (conflicting.length) throw new InputError(say.orders.buying.fileTakesAll(conflicting.join(", ")));
    const concurrency = options.concurrency ?? defaultConcurrency;
    if (concurrency > maxConcurrency) throw new InputError(say.orders.buying.concurrencyAtMost(maxConcurrency));
    if (options.skipBought && options.again) throw new InputError(say.orders.buying.skipOrAgain);
    if (options.receipt) throw new InputError(say.orders.buying.receiptsFile);
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
    if (given) throw new InputError(say.orders.buying.goesWithFile(flag));
  }
  const shared = {
    ...(options.refId !== undefined ? { refId: options.refId } : {}),
    ...(options.lock !== undefined ? { lockToken: options.lock } : {}),
  };
  if (options.cart !== undefined) {
    const conflicting = singleItemFlagsGiven(options);
    if (conflicting.length) throw new InputError(say.orders.buying.cartTakesAll(conflicting.join(", ")));
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
