/**
 * Cart files (`buy --cart FILE|-`): a JSON array of `{item_id, quantity, note}`, one transaction; an
 * open-amount line adds `nominal` (and `zone_id`), or gives its note as the JSON object itself.
 * Read and checked for form here, each line named; checked against its item by check-line.ts.
 */
import { isRecord } from "../api/decode.js";
import { InputError, placed, type Said, type Wording, wordIn } from "../errors.js";
import * as rules from "../rules/input.js";

export interface CartFileLine {
  itemId: number;
  quantity: number;
  note?: string;
  nominal?: number;
  zoneId?: string;
  /** `cart line 2: `, prefixed to every message about this line, in the reader's words. */
  where: Wording;
}

/** A note from a file: text, or (for an SMM item) a JSON object, sent as the JSON text the service wants. */
export function noteText(raw: unknown, where: Said): string | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  if (typeof raw === "string") return raw;
  if (isRecord(raw)) return JSON.stringify(raw);
  throw new InputError((say) => say.orders.file.noteText(wordIn(where, say)));
}

function missing(what: Said): never {
  throw new InputError((say) => say.orders.file.missingOrNotNumber(wordIn(what, say)));
}

/** The cart's lines, each named (`cart line 2: `) for what is said about it. */
export function readCart(text: string): CartFileLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const why = (error as Error).message;
    throw new InputError((say) => say.orders.file.cartNotJson(why), {
      suggestion: (say) => say.orders.file.cartExample,
    });
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new InputError((say) => say.orders.file.cartNotArray);
  }
  return parsed.map((raw, index) => {
    const where: Wording = (say) => `${say.orders.file.cartPlace(index + 1)}: `;
    if (!isRecord(raw)) throw new InputError((say) => say.orders.file.cartLineObject(where(say)));
    const unknownKeys = Object.keys(raw).filter(
      (k) => !["item_id", "quantity", "note", "nominal", "zone_id"].includes(k),
    );
    if (unknownKeys.length) {
      const fields = unknownKeys.map((k) => `"${k}"`).join(", ");
      throw new InputError((say) => say.orders.file.cartUnknownField(where(say), fields));
    }
    const itemId =
      typeof raw.item_id === "number" || typeof raw.item_id === "string"
        ? rules.positiveInteger(placed(where, "item_id"), raw.item_id)
        : missing(placed(where, "item_id"));
    const quantity =
      typeof raw.quantity === "number" || typeof raw.quantity === "string"
        ? rules.quantity(placed(where, "quantity"), raw.quantity)
        : missing(placed(where, "quantity"));
    const note = noteText(raw.note, where);
    const nominal =
      raw.nominal === undefined || raw.nominal === null || raw.nominal === ""
        ? undefined
        : typeof raw.nominal === "number" || typeof raw.nominal === "string"
          ? rules.rupiah(placed(where, "nominal"), raw.nominal)
          : missing(placed(where, "nominal"));
    if (
      raw.zone_id !== undefined &&
      raw.zone_id !== null &&
      typeof raw.zone_id !== "string" &&
      typeof raw.zone_id !== "number"
    )
      throw new InputError((say) => say.orders.file.mustBeText(`${where(say)}zone_id`));
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
