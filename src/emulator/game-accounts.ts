/**
 * The account check (`POST /v1/item/validate`): whose game account a user id (and zone) is, as the
 * game's provider knows it. The emulator's providers know every plausible id, so a rehearsal can use
 * any; an id beginning with 9999 is one nobody has (the rehearsal of a mistyped id).
 */
import type { AccountRecord, ItemRecord } from "./catalogue.js";
import type { EmulatedService } from "./service.js";
import { ServiceError } from "./service-error.js";
import { FieldErrors, readInteger, requiredMessage } from "./validation.js";

export interface GameAccount {
  accountName: string;
  region: string;
}

/** Players the documentation's examples and docs/commands.md's transcript use, by `id` or `id(zone)`. */
const knownPlayers: Readonly<Record<string, GameAccount>> = {
  "12345678(1234)": { accountName: "SultanMabar", region: "Indonesia" },
  "123456789": { accountName: "RajaBooyah", region: "Indonesia" },
};

const nameParts = [
  ["Sultan", "Raja", "Pangeran", "Ksatria", "Naga", "Harimau", "Elang", "Bintang", "Petir", "Bayangan"],
  ["Mabar", "Gaming", "Pro", "Sakti", "Legend", "Ninja", "Hoki", "Santuy", "Jago", "Bucin"],
];

/** A name drawn from the id itself, so the same id always names the same player. */
function playerName(key: string): string {
  let hash = 2166136261;
  for (const c of key) hash = Math.imul(hash ^ c.charCodeAt(0), 16777619) >>> 0;
  return `${nameParts[0]![hash % 10]}${nameParts[1]![Math.floor(hash / 10) % 10]}${hash % 1000}`;
}

/** Only game items (a user id, not a phone number) can be checked. */
export function offersAccountCheck(item: ItemRecord): boolean {
  return item.h2hTarget === "game_id";
}

/**
 * The account behind an id, or null when there is none: 5 to 12 digits, not beginning with 9999, and
 * for a game with zones a zone of 2 to 6 digits (a purchase's note may leave the zone out).
 */
export function findGameAccount(
  item: ItemRecord,
  customerId: string,
  zoneId: string | null,
  options: { zoneOptional?: boolean } = {},
): GameAccount | null {
  const id = customerId.trim();
  if (!/^\d{5,12}$/.test(id) || id.startsWith("9999")) return null;
  const zone = item.requiresZoneId ? (zoneId ?? "").trim() : "";
  if (item.requiresZoneId && !(zone === "" && options.zoneOptional) && !/^\d{2,6}$/.test(zone)) return null;
  const key = zone ? `${id}(${zone})` : id;
  return knownPlayers[key] ?? { accountName: playerName(`${item.productName}:${key}`), region: "Indonesia" };
}

/** What the check found, before the dialect words it. */
export interface AccountCheckResult {
  account: GameAccount;
  /** The same id was checked before: the service's validation cache answered. */
  cached: boolean;
  itemId: number;
  customerId: string;
  zoneId: string | null;
}

const checkedBefore = new WeakMap<EmulatedService, Set<string>>();

function text(errors: FieldErrors, field: string, value: unknown, required: boolean): string | undefined {
  if (value === undefined || value === null || value === "") {
    if (required) errors.add(field, requiredMessage(field));
    return undefined;
  }
  // Ids arrive as JSON strings or numbers; both are read as the digits they are.
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== "string") {
    errors.add(field, `The ${field.replaceAll("_", " ")} field must be a string.`);
    return undefined;
  }
  return value;
}

/**
 * `POST /v1/item/validate {item_id, customer_id, zone_id}`: 404 `ITEM_NOT_FOUND`, 422
 * `VALIDATION_NOT_AVAILABLE` for an item that offers no check, 422 `VALIDATION_ERROR` for a zone the
 * check needs, 404 `ACCOUNT_NOT_FOUND` for an id nobody has.
 */
export function checkGameAccount(
  service: EmulatedService,
  _account: AccountRecord,
  body: Record<string, unknown>,
): AccountCheckResult {
  const errors = new FieldErrors();
  const read = {
    itemId: readInteger(errors, "item_id", body.item_id, { required: true, min: 1 }),
    customerId: text(errors, "customer_id", body.customer_id, true),
  };
  const zoneId = text(errors, "zone_id", body.zone_id, false) ?? null;
  const { itemId, customerId } = errors.required(read);
  const item = service.activeItem(itemId);
  if (!offersAccountCheck(item)) throw new ServiceError(422, "VALIDATION_NOT_AVAILABLE");
  if (item.requiresZoneId && zoneId === null)
    throw new ServiceError(422, "VALIDATION_ERROR", { zone_id: [requiredMessage("zone_id")] });
  const found = findGameAccount(item, customerId, zoneId);
  if (!found) throw new ServiceError(404, "ACCOUNT_NOT_FOUND");
  let seen = checkedBefore.get(service);
  if (!seen) checkedBefore.set(service, (seen = new Set()));
  const key = `${item.id}:${customerId}:${item.requiresZoneId ? zoneId : ""}`;
  const cached = seen.has(key);
  seen.add(key);
  return {
    account: found,
    cached,
    itemId: item.id,
    customerId,
    zoneId: item.requiresZoneId ? zoneId : null,
  };
}
