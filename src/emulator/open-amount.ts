/**
 * Open-amount items (`provider_meta.open_denom`): the note of a cart line is the JSON string
 * `{"target":"081234567890","provider_qty":50000,"zone_id":"…"}`, `target` and `provider_qty` required,
 * `provider_qty` within the item's bounds and a multiple of its step (version B of the live documentation).
 */
import type { ItemRecord } from "./catalogue.js";
import { ServiceError } from "./service-error.js";

export interface OpenAmountOrder {
  target: string;
  providerQty: number;
  zoneId: string | null;
}

function parseNote(note: string | null): Record<string, unknown> | null {
  if (note === null) return null;
  try {
    const parsed: unknown = JSON.parse(note);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Checks one cart line of an open-amount item. A field the product requires that is absent is
 * `422 REQUIRED_FIELD_MISSING` naming it (`carts.0.provider_qty`); an amount out of bounds is a
 * `422 VALIDATION_ERROR` with Laravel's words.
 */
export function readOpenAmountNote(item: ItemRecord, note: string | null, index: number): OpenAmountOrder {
  const bounds = item.openAmount!;
  const field = (name: string) => `carts.${index}.${name}`;
  if (note === null || note.trim() === "")
    throw new ServiceError(422, "REQUIRED_FIELD_MISSING", { [field("note")]: ["The Nomor HP field is required."] });
  const parsed = parseNote(note);
  const target = typeof parsed?.target === "string" && parsed.target.trim() !== "" ? parsed.target : null;
  const missing: Record<string, string[]> = {};
  if (parsed === null || target === null) missing[field("note")] = ["The target field is required."];
  if (parsed === null || parsed.provider_qty === undefined || parsed.provider_qty === null)
    missing[field("provider_qty")] = [`The ${bounds.label} field is required.`];
  if (Object.keys(missing).length > 0) throw new ServiceError(422, "REQUIRED_FIELD_MISSING", missing);
  const quantity = parsed!.provider_qty;
  if (typeof quantity !== "number" || !Number.isSafeInteger(quantity)) {
    throw new ServiceError(422, "VALIDATION_ERROR", {
      [field("provider_qty")]: ["The provider qty field must be an integer."],
    });
  }
  if (quantity < bounds.min || quantity > bounds.max) {
    throw new ServiceError(422, "VALIDATION_ERROR", {
      [field("provider_qty")]: [`The provider qty field must be between ${bounds.min} and ${bounds.max}.`],
    });
  }
  if (quantity % bounds.step !== 0) {
    throw new ServiceError(422, "VALIDATION_ERROR", {
      [field("provider_qty")]: [`The provider qty field must be a multiple of ${bounds.step}.`],
    });
  }
  const zone = parsed!.zone_id;
  return {
    target: target!,
    providerQty: quantity,
    zoneId: typeof zone === "string" || typeof zone === "number" ? String(zone) : null,
  };
}

/** Where an open-amount line is delivered: its note's target (the note itself for other items). */
export function deliveryTarget(item: ItemRecord, note: string | null): string | null {
  if (!item.openAmount) return note;
  const target = parseNote(note)?.target;
  return typeof target === "string" ? target : null;
}
