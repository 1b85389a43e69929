/**
 * What the service's error codes mean to a reseller, and what to do next. A code not listed here
 * is still shown as the service sent it: the table only adds words.
 */
export interface CodeDescription {
  message: string;
  suggestion?: string;
}

const serviceCodes: Record<string, CodeDescription> = {
  BALANCE_IS_INSUFFICIENT: { message: "Your balance cannot cover this purchase.", suggestion: "Top up with `reseller topup`, then buy again with the same --ref-id." },
  SMM_ORDER_REQUIRES_JSON_NOTE: { message: "This SMM item needs its note as JSON with a target.", suggestion: "Use --target (and --opt/--comment) and reseller builds the note." },
  REF_ID_ALREADY_EXIST: { message: "This ref_id was used before.", suggestion: "See that purchase with `reseller trx show <ref_id>`, or choose another --ref-id." },
  TRX_NOT_FOUND: { message: "No transaction has this ref_id or invoice.", suggestion: "Check the id; `reseller history` lists the ref_ids this machine sent." },
  ITEM_NOT_FOUND: { message: "No active item has this id." },
  INSUFFICIENT_STOCK: { message: "Not enough stock for this quantity." },
  MINIMUM_ORDER_NOT_MET: { message: "The quantity is below this item's minimum order.", suggestion: "See the minimum with `reseller item <id>`." },
  LOCK_NOT_REQUIRED: { message: "This item has unlimited stock and needs no lock.", suggestion: "Buy it directly with `reseller buy`." },
  MAX_ACTIVE_LOCKS_REACHED: { message: "You hold the most stock locks the service allows at once.", suggestion: "Release one with `reseller lock release <token>` or wait for one to expire." },
  LOCK_NOT_FOUND: { message: "No lock of yours has this token.", suggestion: "See your locks with `reseller lock list`." },
  LOCK_EXPIRED: { message: "The lock has expired; its stock is no longer reserved.", suggestion: "Lock again with `reseller lock add`, or buy without --lock." },
  LOCK_RELEASED: { message: "The lock was already released." },
  LOCK_ALREADY_USED: { message: "The lock was already used by a purchase." },
  LOCK_MISMATCH: { message: "The item or quantity does not match the lock.", suggestion: "Use the lock's own item and quantity (`reseller lock list`)." },
  INVALID_API_KEY: { message: "The service did not accept the API key.", suggestion: "Log in again with `reseller login`, or check RESELLER_API_KEY." },
  VALIDATION_ERROR: { message: "The service rejected some fields." },
  SERVICE_UNAVAILABLE: { message: "The service is unavailable right now.", suggestion: "Try again in a moment." },
};

export function describeServiceCode(code: string): CodeDescription | undefined {
  return Object.hasOwn(serviceCodes, code) ? serviceCodes[code] : undefined;
}
