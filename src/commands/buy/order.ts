/**
 * Turns `buy` flags (or a cart file) into an order that is known to be well-formed before anything
 * is sent: each item exists, each quantity meets its minimum order, an SMM line carries a JSON note
 * with a target, and a lock matches what is bought. Every broken rule is exit 2.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { ServiceClient } from "../../api/client.js";
import { isRecord } from "../../api/decode.js";
import type { CartLine, Item, StockLock } from "../../api/model.js";
import type { Context } from "../../context.js";
import { ServiceError, UsageError } from "../../errors.js";
import { formatRupiah } from "../../output/format.js";
import { getItem } from "../item.js";
import * as rules from "../rules.js";

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
}

export interface OrderLine {
  item: Item;
  quantity: number;
  note?: string;
}

export interface Order {
  refId: string;
  /** The user chose the ref_id (so a REF_ID_ALREADY_EXIST on the first attempt is theirs). */
  refIdGiven: boolean;
  lines: OrderLine[];
  lockToken?: string;
  /** For orders from a file: which file and which version of it, kept in the journal. */
  source?: { file: string; version: string };
}

const refIdAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** `RSL-20261121-7KQ2M9XD`: dated so a reseller can tell orders apart, random so two never collide. */
export function generateRefId(nowMs: number): string {
  const d = new Date(nowMs);
  const date = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, "0")}${String(d.getDate()).padStart(2, "0")}`;
  const bytes = randomBytes(10);
  const tail = Array.from(bytes, (b) => refIdAlphabet[b % refIdAlphabet.length]).join("");
  return `RSL-${date}-${tail}`;
}

/** How the item is delivered; an SMM item is `smm` even where the live service files it under h2h. */
export function orderProcessOf(item: Item): string {
  return item.isSmm ? "smm" : (item.orderProcess ?? "");
}

export function cartLines(order: Order): CartLine[] {
  return order.lines.map((line) => ({ item_id: line.item.id, quantity: line.quantity, ...(line.note !== undefined ? { note: line.note } : {}) }));
}

/** What the journal keeps of an order: never the API key, only what was asked. */
export function orderRequest(order: Order): Record<string, unknown> {
  return { carts: cartLines(order), ...(order.lockToken ? { lock_token: order.lockToken } : {}), ...(order.source ? { source: order.source } : {}) };
}

export function orderTotal(order: Order): number {
  return order.lines.reduce((sum, line) => sum + (line.item.price ?? 0) * line.quantity, 0);
}

/** The item as the service describes it, under the id the reseller asked for: that id is what is bought. */
export async function fetchItem(client: ServiceClient, id: number): Promise<Item> {
  return { ...(await getItem(client, id)).data, id };
}

/** Each item once, however many lines name it. */
export async function fetchItems(client: ServiceClient, ids: number[]): Promise<Map<number, Item>> {
  const items = new Map<number, Item>();
  for (const id of new Set(ids)) items.set(id, await fetchItem(client, id));
  return items;
}

/** A note from a file: text, or (for an SMM item) a JSON object, sent as the JSON text the service wants. */
export function noteText(raw: unknown, where: string): string | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  if (typeof raw === "string") return raw;
  if (isRecord(raw)) return JSON.stringify(raw);
  throw new UsageError(`${where}note must be text (or, for an SMM item, a JSON object with a target).`, { code: "INVALID_INPUT" });
}

/** An SMM line's note: present, and JSON with a target; the line named when it is not. */
export function checkSmmNote(item: Item, note: string | undefined, where: string): void {
  if (note === undefined) throw new UsageError(`${where}item ${item.id} (${item.name}) is SMM: its note must be JSON with a target.`, { code: "INVALID_INPUT" });
  try {
    rules.smmNote(note);
  } catch (error) {
    if (error instanceof UsageError) error.message = `${where}${error.message}`;
    throw error;
  }
}

export function checkMinimum(item: Item, quantity: number, where: string): void {
  const min = item.minOrder;
  if (quantity < min) {
    throw new UsageError(`${where}the minimum order of item ${item.id} (${item.name}) is ${min}; got ${quantity}.`, {
      code: "MINIMUM_ORDER_NOT_MET",
      suggestion: `Buy at least ${min}: --qty ${min}.`,
    });
  }
}

/** The lock's item and quantity: from this machine's cache of locks, else from the service's list. */
async function findLock(ctx: Context, client: ServiceClient, token: string): Promise<StockLock | undefined> {
  const { findCachedLock } = await import("../lock/cache.js");
  const cached = await findCachedLock(ctx.settings.configDir, ctx.settings.profile, token, ctx.now()).catch(() => undefined);
  if (cached) return cached;
  const { data: locks } = await client.listLocks();
  return locks.find((lock) => lock.token === token);
}

/** Asks for a positive whole number on a terminal, re-asking until it is one. */
function wholeNumberCheck(min: number): (value: string) => true | string {
  return (value) => {
    const text = value.trim();
    if (!/^\d+$/.test(text) || Number(text) <= 0) return "Type a positive whole number";
    if (Number(text) < min) return `At least ${min}`;
    return true;
  };
}

/** One item from `--item/--qty` (or the lock, or questions on a terminal). */
export async function singleOrder(ctx: Context, client: ServiceClient, options: BuyOptions): Promise<Order> {
  let itemId = options.item;
  let quantity = options.qty;
  let lock: StockLock | undefined;

  if (options.lock !== undefined) {
    lock = await findLock(ctx, client, options.lock);
    if (!lock && (itemId === undefined || quantity === undefined)) {
      throw new ServiceError(404, "LOCK_NOT_FOUND", `No active lock of yours has the token ${options.lock}: it may have expired, been released or used.`, undefined, {
        suggestion: "See your active locks with `reseller lock list`, or lock again with `reseller lock add`.",
      });
    }
    if (lock) {
      if ((itemId !== undefined && itemId !== lock.itemId) || (quantity !== undefined && quantity !== lock.quantity)) {
        throw new UsageError(
          `The lock ${lock.token} holds item ${lock.itemId} × ${lock.quantity}, not item ${itemId ?? lock.itemId} × ${quantity ?? lock.quantity}.`,
          { code: "LOCK_MISMATCH", suggestion: `Leave out --item and --qty and reseller uses the lock's own: reseller buy --lock ${lock.token}` },
        );
      }
      itemId ??= lock.itemId;
      quantity ??= lock.quantity;
    }
  }

  let item: Item | undefined;
  if (itemId === undefined) {
    // On a terminal ask; in a script this is exit 2 naming the flag, never a prompt that hangs.
    const prompter = await ctx.prompter("--item");
    for (;;) {
      const answer = await prompter.input("Item id", { validate: wholeNumberCheck(1) });
      try {
        item = await fetchItem(client, Number(answer.trim()));
        break;
      } catch (error) {
        if (!(error instanceof ServiceError) || error.code !== "ITEM_NOT_FOUND") throw error;
        ctx.output.warn(error.message);
      }
    }
    itemId = item.id;
    ctx.output.info(`${item.name}: ${formatRupiah(item.price)} each, minimum order ${item.minOrder}.`);
  }
  item ??= await fetchItem(client, itemId);

  if (quantity === undefined) {
    const prompter = await ctx.prompter("--qty");
    const min = item.minOrder;
    quantity = Number((await prompter.input("Quantity", { default: String(min), validate: wholeNumberCheck(min) })).trim());
  }
  checkMinimum(item, quantity, "");

  const note = await noteFor(ctx, item, options);
  return {
    refId: options.refId ?? generateRefId(ctx.now()),
    refIdGiven: options.refId !== undefined,
    lines: [{ item, quantity, ...(note !== undefined ? { note } : {}) }],
    ...(options.lock !== undefined ? { lockToken: options.lock } : {}),
  };
}

/** The note for a single item: the SMM JSON built from --target, or --note checked for what the item needs. */
async function noteFor(ctx: Context, item: Item, options: BuyOptions): Promise<string | undefined> {
  const process = orderProcessOf(item);
  const smmFlags = options.target !== undefined || options.opt.length > 0 || options.comment !== undefined;
  if (process === "smm") {
    if (options.target !== undefined && options.note !== undefined) {
      throw new UsageError("Give either --note (the JSON note) or --target (and --opt/--comment), not both.", { code: "INVALID_INPUT" });
    }
    if (options.note !== undefined) {
      rules.smmNote(options.note);
      return options.note;
    }
    if (options.target === undefined && (options.opt.length > 0 || options.comment !== undefined)) {
      throw new UsageError("--opt and --comment need --target: the SMM note must name a target.", { code: "INVALID_INPUT" });
    }
    const target = options.target ?? (await askFor(ctx, "--target", `Target for ${item.name} (link or username)`));
    return rules.buildSmmNote(target, options.opt, options.comment);
  }
  if (smmFlags) {
    throw new UsageError(`--target, --opt and --comment are for SMM items; item ${item.id} (${item.name}) is ${process || "not SMM"}.`, {
      code: "INVALID_INPUT",
      suggestion: "Give the customer data with --note.",
    });
  }
  if (options.note !== undefined) return options.note;
  if (process === "h2h") {
    // A provider delivery needs a destination; without it the order would only fail and be refunded.
    return askFor(ctx, "--note", `Destination for ${item.name} (phone number or game user id)`);
  }
  return undefined;
}

async function askFor(ctx: Context, flag: string, question: string): Promise<string> {
  const prompter = await ctx.prompter(flag, flag === "--target" ? "For example: --target https://instagram.com/tokoku" : "For example: --note 081234567890");
  return (await prompter.input(question, { validate: (v) => (v.trim() ? true : "Required") })).trim();
}

/** The flags that describe one item, which a cart or an orders file replaces. */
export function singleItemFlagsGiven(options: BuyOptions): string[] {
  return [
    options.item !== undefined && "--item",
    options.qty !== undefined && "--qty",
    options.note !== undefined && "--note",
    options.target !== undefined && "--target",
    options.opt.length > 0 && "--opt",
    options.comment !== undefined && "--comment",
  ].filter((flag): flag is string => typeof flag === "string");
}

/** `--cart FILE|-`: a JSON array of {item_id, quantity, note}; every line checked, naming it when wrong. */
export async function cartOrder(ctx: Context, client: ServiceClient, options: BuyOptions): Promise<Order> {
  const conflicting = singleItemFlagsGiven(options);
  if (conflicting.length) {
    throw new UsageError(`--cart takes every line from the file; leave out ${conflicting.join(", ")}.`, { code: "INVALID_INPUT" });
  }
  const source = options.cart!;
  let text: string;
  try {
    text = source === "-" ? await ctx.readStdin() : await readFile(source, "utf8");
  } catch (error) {
    throw new UsageError(`Cannot read the cart ${source === "-" ? "from stdin" : `file ${source}`}: ${(error as Error).message}`, { code: "INVALID_INPUT" });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`The cart is not JSON: ${(error as Error).message}`, {
      code: "INVALID_INPUT",
      suggestion: 'A cart is a JSON array, e.g. [{"item_id":12,"quantity":1,"note":"081234567890"},{"item_id":3,"quantity":1}]',
    });
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new UsageError("The cart must be a non-empty JSON array of {item_id, quantity, note}.", { code: "INVALID_INPUT" });
  }

  const wanted = parsed.map((raw, index) => {
    const where = `cart line ${index + 1}: `;
    if (!isRecord(raw)) throw new UsageError(`${where}each line must be an object {item_id, quantity, note}.`, { code: "INVALID_INPUT" });
    const unknownKeys = Object.keys(raw).filter((k) => !["item_id", "quantity", "note"].includes(k));
    if (unknownKeys.length) throw new UsageError(`${where}unknown field ${unknownKeys.map((k) => `"${k}"`).join(", ")} (a line has item_id, quantity and note).`, { code: "INVALID_INPUT" });
    const itemId = typeof raw.item_id === "number" || typeof raw.item_id === "string" ? rules.positiveInteger(`${where}item_id`, raw.item_id as number) : missing(`${where}item_id`);
    const quantity = typeof raw.quantity === "number" || typeof raw.quantity === "string" ? rules.positiveInteger(`${where}quantity`, raw.quantity as number) : missing(`${where}quantity`);
    return { itemId, quantity, note: noteText(raw.note, where), where };
  });

  const items = await fetchItems(client, wanted.map((w) => w.itemId));
  const lines = wanted.map(({ itemId, quantity, note, where }) => {
    const item = items.get(itemId)!;
    checkMinimum(item, quantity, where);
    if (orderProcessOf(item) === "smm") checkSmmNote(item, note, where);
    return { item, quantity, ...(note !== undefined ? { note } : {}) };
  });

  if (options.lock !== undefined) {
    const lock = await findLock(ctx, client, options.lock);
    if (lock) {
      const locked = lines.filter((l) => l.item.id === lock.itemId).reduce((sum, l) => sum + l.quantity, 0);
      if (locked !== lock.quantity) {
        throw new UsageError(`The lock ${lock.token} holds item ${lock.itemId} × ${lock.quantity}; the cart buys it × ${locked}.`, { code: "LOCK_MISMATCH" });
      }
    }
  }

  return {
    refId: options.refId ?? generateRefId(ctx.now()),
    refIdGiven: options.refId !== undefined,
    lines,
    ...(options.lock !== undefined ? { lockToken: options.lock } : {}),
  };
}

function missing(what: string): never {
  throw new UsageError(`${what} is missing or not a number.`, { code: "INVALID_INPUT" });
}
