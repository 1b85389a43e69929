import type { AccountRecord } from "./catalogue.js";
import { formatUtc } from "./clock.js";
import type { EmulatedService } from "./service.js";
import { ServiceError } from "./service-error.js";
import { lockStatus, type LockRecord } from "./state.js";
import { FieldErrors, readInteger } from "./validation.js";

const DEFAULT_LOCK_SECONDS = 600;
const TOKEN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function lockView(lock: LockRecord) {
  return {
    lock_token: lock.token,
    item_id: lock.itemId,
    quantity: lock.quantity,
    locked_at: formatUtc(lock.lockedAt),
    expires_at: formatUtc(lock.expiresAt),
  };
}

function newLockToken(service: EmulatedService): string {
  for (;;) {
    const token = `LCK-${service.random.characters(16, TOKEN_ALPHABET)}`;
    if (!service.state.locks.some((lock) => lock.token === token)) return token;
  }
}

/** POST /v1/item/lock: reserves stock of a finite item; the reservation ends on the clock by itself. */
export function lockStock(service: EmulatedService, account: AccountRecord, body: Record<string, unknown>) {
  const errors = new FieldErrors();
  const read = {
    itemId: readInteger(errors, "item_id", body.item_id, { required: true, min: 1 }),
    quantity: readInteger(errors, "quantity", body.quantity, { required: true, min: 1 }),
  };
  const seconds =
    readInteger(errors, "lock_duration", body.lock_duration, { required: false, min: 60, max: 600 }) ??
    DEFAULT_LOCK_SECONDS;
  const { itemId, quantity } = errors.required(read);

  const now = service.now();
  const item = service.activeItem(itemId);
  const available = service.availableStock(item);
  if (available === null) throw new ServiceError(422, "LOCK_NOT_REQUIRED");
  if (quantity < item.minOrder) throw new ServiceError(422, "MINIMUM_ORDER_NOT_MET");
  const activeLocks = service.state.locks.filter(
    (lock) => lock.apiKey === account.apiKey && lockStatus(lock, now) === "active",
  );
  if (activeLocks.length >= service.maxActiveLocks) throw new ServiceError(429, "MAX_ACTIVE_LOCKS_REACHED");
  if (quantity > available) throw new ServiceError(422, "INSUFFICIENT_STOCK");

  const lock: LockRecord = {
    token: newLockToken(service),
    apiKey: account.apiKey,
    itemId: item.id,
    quantity,
    lockedAt: now,
    expiresAt: now + seconds * 1000,
    status: "active",
  };
  service.state.locks.push(lock);
  service.changed();
  return lockView(lock);
}

/** GET /v1/item/lock: the caller's active locks with whole seconds left (rounded up, so never 0 while active). */
export function listLocks(service: EmulatedService, account: AccountRecord) {
  const now = service.now();
  return service.state.locks
    .filter((lock) => lock.apiKey === account.apiKey && lockStatus(lock, now) === "active")
    .map((lock) => ({ ...lockView(lock), remaining_seconds: Math.ceil((lock.expiresAt - now) / 1000) }));
}

/** DELETE /v1/item/lock/{token}: the stock is available again at once. */
export function releaseLock(service: EmulatedService, account: AccountRecord, token: string) {
  const lock = service.state.locks.find(
    (candidate) => candidate.token === token && candidate.apiKey === account.apiKey,
  );
  if (!lock) throw new ServiceError(404, "LOCK_NOT_FOUND");
  switch (lockStatus(lock, service.now())) {
    case "expired":
      throw new ServiceError(422, "LOCK_EXPIRED");
    case "released":
      throw new ServiceError(422, "LOCK_RELEASED");
    case "used":
      throw new ServiceError(422, "LOCK_ALREADY_USED");
    case "active":
      break;
  }
  lock.status = "released";
  service.changed();
  return { ...lockView(lock), status: "released" };
}
