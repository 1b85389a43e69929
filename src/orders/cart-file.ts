/**
 * Cart files (`buy --cart FILE|-`): a JSON array of `{item_id, quantity, note}`, one transaction; an
 * open-amount line adds `nominal` (and `zone_id`), or gives its note as the JSON object itself.
 * Read and checked for form here, each line named; checked against its item by check-line.ts.
 */
import { isRecord } from "../api/decode.js";
import { InputError } from "../errors.js";
import * as rules from "../rules/input.js";
import type { Messages } from "../messages/en.js";

export interface CartFileLine {
  itemId: number;
  quantity: number;
  note?: string;
  nominal?: number;
  zoneId?: string;
  /** `cart line 2: `, prefixed to every message about this line. */
  where: string;
}

/** A note from a file: text, or (for an SMM item) a JSON object, sent as the JSON text the service wants. */
export function noteText(raw: unknown, where: string, words: Messages): string | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  if (typeof raw === "string") return raw;
  if (isRecord(raw)) return JSON.stringify(raw);
  throw new InputError(words.orders.file.noteText(where));
}

function missing(what: string, say: Messages): never {
  throw new InputError(say.orders.file.missingOrNotNumber(what));
}

/** The cart's lines, each named in the reader's words (`cart line 2: `) for what is said about it. */
export function readCart(text: string, say: Messages): CartFileLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new InputError(say.orders.file.cartNotJson((error as Error).message), {
      suggestion: say.orders.file.cartExample,
    });
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new InputError(say.orders.file.cartNotArray);
  }
  return parsed.map((raw, index) => {
    const where = `${say.orders.file.cartPlace(index + 1)}: `;
    if (!isRecord(raw)) throw new InputError(say.orders.file.cartLineObject(where));
    const unknownKeys = Object.keys(raw).filter(
      (k) => !["item_id", "quantity", "note", "nominal", "zone_id"].includes(k),
    );
    if (unknownKeys.length)
      throw new InputError(say.orders.file.cartUnknownField(where, unknownKeys.map((k) => `"${k}"`).join(", ")));
    const itemId =
      typeof raw.item_id === "number" || typeof raw.item_id === "string"
        ? rules.positiveInteger(`${where}item_id`, raw.item_id)
        : missing(`${where}item_id`, say);
    const quantity =
      typeof raw.quantity === "number" || typeof raw.quantity === "string"
        ? rules.quantity(`${where}quantity`, raw.quantity)
        : missing(`${where}quantity`, say);
    const note = noteText(raw.note, where, say);
    const nominal =
      raw.nominal === undefined || raw.nominal === null || raw.nominal === ""
        ? undefined
        : typeof raw.nominal === "number" || typeof raw.nominal === "string"
          ? rules.rupiah(`${where}nominal`, raw.nominal)
          : missing(`${where}nominal`, say);
    if (
      raw.zone_id !== undefined &&
      raw.zone_id !== null &&
      typeof raw.zone_id !== "string" &&
      typeof raw.zone_id !== "number"
    )
      throw new InputError(say.orders.file.mustBeText(`${where}zone_id`));
    const zoneId =
      raw.zone_id === undefined || raw.zone_id === null || raw.zone_id === "" ? undefined : String(raw.zone_id);
    return {
      itemId,
      quantity,
      ...(note !== undefined ? { note } : {}),
      ...(nominal !== undefined ? { nominal } : {}),
      ...(zoneId !== undefined ? { zoneId } : {}),
      where,
    };
  });
}
