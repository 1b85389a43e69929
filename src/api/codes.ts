/**
 * What the service's error codes mean to a reseller, and what to do next. A code not listed here
 * is still shown as the service sent it: the table only adds words.
 */
export interface CodeDescription {
  message: string;
  suggestion?: string;
}

/**
 * Codes that come with a 5xx from gateways and frameworks rather than from the service's order
 * rules: they say nothing about whether a purchase went through, so they count as "no answer".
 */
const ambiguousServerCodes = new Set([
  "SERVER_ERROR",
  "INTERNAL_SERVER_ERROR",
  "SERVICE_UNAVAILABLE",
  "BAD_GATEWAY",
  "GATEWAY_TIMEOUT",
]);

/**
 * The one list of codes with which the service refuses a purchase before charging anything. A
 * purchase answered with any other code (a gateway's `CONFLICT`, a code this release never heard of)
 * is looked up by its ref_id before anything is recorded: only the service's own "no" is a refusal.
 */
const refusalCodes = new Set([
  "BALANCE_IS_INSUFFICIENT",
  "SMM_ORDER_REQUIRES_JSON_NOTE",
  "REF_ID_ALREADY_EXIST",
  "ITEM_NOT_FOUND",
  "INSUFFICIENT_STOCK",
  "OUT_OF_STOCK",
  "MINIMUM_ORDER_NOT_MET",
  "LOCK_NOT_REQUIRED",
  "LOCK_NOT_FOUND",
  "LOCK_EXPIRED",
  "LOCK_RELEASED",
  "LOCK_ALREADY_USED",
  "LOCK_MISMATCH",
  "VALIDATION_ERROR",
  "REQUIRED_FIELD_MISSING",
  "PRODUCT_TEMPORARILY_UNAVAILABLE",
  "ACCOUNT_MUST_BE_RESELLER",
  "INVALID_IP",
  "THE_ACCOUNT_HAS_BEEN_SUSPENDED",
  "INVALID_API_KEY",
]);

/** Whether this code is the service's own "refused, nothing charged" for a purchase. */
export function isRefusalCode(code: string): boolean {
  return refusalCodes.has(code.split("=")[0]!);
}

/**
 * Whether an error answer is the service's definite "no": a 4xx that names a code, or a 5xx that
 * names one of the service's own codes (`503 PRODUCT_TEMPORARILY_UNAVAILABLE` refuses an order
 * before charging). A 1xx/3xx is no answer to the request at all (a misrouted base URL, a gateway's
 * redirect), and a 4xx or 5xx that names no code (`409` and a page of words) may have come after
 * the purchase was committed: those are looked up, never taken as a refusal.
 */
export function isDefiniteRefusal(status: number, code: string, codeGiven: boolean): boolean {
  if (status < 400) return false;
  if (!codeGiven || code.startsWith("HTTP_")) return false;
  if (status < 500) return true;
  return !ambiguousServerCodes.has(code);
}

const serviceCodes: Record<string, CodeDescription> = {
  BALANCE_IS_INSUFFICIENT: {
    message: "Your balance cannot cover this purchase.",
    suggestion: "Top up with `reseller topup`, then buy again with the same --ref-id.",
  },
  SMM_ORDER_REQUIRES_JSON_NOTE: {
    message: "This SMM item needs its note as JSON with a target.",
    suggestion: "Use --target (and --opt/--comment) and reseller builds the note.",
  },
  REF_ID_ALREADY_EXIST: {
    message: "This ref_id was used before.",
    suggestion: "See that purchase with `reseller trx show <ref_id>`, or choose another --ref-id.",
  },
  TRX_NOT_FOUND: {
    message: "No transaction has this ref_id or invoice.",
    suggestion: "Check the id; `reseller history` lists the ref_ids this machine sent.",
  },
  ITEM_NOT_FOUND: { message: "No active item has this id." },
  INSUFFICIENT_STOCK: { message: "Not enough stock for this quantity." },
  MINIMUM_ORDER_NOT_MET: {
    message: "The quantity is below this item's minimum order.",
    suggestion: "See the minimum with `reseller item <id>`.",
  },
  LOCK_NOT_REQUIRED: {
    message: "This item has unlimited stock and needs no lock.",
    suggestion: "Buy it directly with `reseller buy`.",
  },
  MAX_ACTIVE_LOCKS_REACHED: {
    message: "You hold the most stock locks the service allows at once.",
    suggestion: "Release one with `reseller lock release <token>` or wait for one to expire.",
  },
  LOCK_NOT_FOUND: {
    message: "No lock of yours has this token.",
    suggestion: "See your locks with `reseller lock list`.",
  },
  LOCK_EXPIRED: {
    message: "The lock has expired; its stock is no longer reserved.",
    suggestion: "Lock again with `reseller lock add`, or buy without --lock.",
  },
  LOCK_RELEASED: { message: "The lock was already released." },
  LOCK_ALREADY_USED: { message: "The lock was already used by a purchase." },
  LOCK_MISMATCH: {
    message: "The item or quantity does not match the lock.",
    suggestion: "Use the lock's own item and quantity (`reseller lock list`).",
  },
  INVALID_API_KEY: {
    message: "The service did not accept the API key.",
    suggestion: "Log in again with `reseller login`, or check RESELLER_API_KEY.",
  },
  VALIDATION_ERROR: { message: "The service rejected some fields." },
  SERVICE_UNAVAILABLE: { message: "The service is unavailable right now.", suggestion: "Try again in a moment." },
  PRODUCT_TEMPORARILY_UNAVAILABLE: {
    message: "This product is unavailable right now; the order was refused and nothing was charged.",
    suggestion: "Try again later with the same --ref-id, or choose another item.",
  },
  TRANSACTION_NOT_FOUND: {
    message: "No transaction has this ref_id or invoice.",
    suggestion: "Check the id; `reseller history` lists the ref_ids this machine sent.",
  },
  REQUIRED_FIELD_MISSING: {
    message: "The item needs a field the order did not give.",
    suggestion: "See the item's required fields with `reseller item <id>`.",
  },
  OUT_OF_STOCK: { message: "This item is out of stock." },
  ACCOUNT_MUST_BE_RESELLER: {
    message: "This account is not a reseller account.",
    suggestion: "Use the API key of a reseller account.",
  },
  INVALID_IP: {
    message: "The service does not accept requests from this machine's IP address.",
    suggestion: "Add this machine's IP to the whitelist in the dashboard.",
  },
  THE_ACCOUNT_HAS_BEEN_SUSPENDED: { message: "The account has been suspended." },
  ACCOUNT_NOT_FOUND: {
    message: "There is no account with this customer id.",
    suggestion: "Check the id (and zone) with the customer.",
  },
  USER_NOT_FOUND: {
    message: "There is no account with this customer id.",
    suggestion: "Check the id (and zone) with the customer.",
  },
  VALIDATION_NOT_AVAILABLE: { message: "The service does not offer an account check for this item." },
  WEBHOOK_URL_NOT_SET: {
    message: "No webhook URL is set, so there is nowhere to send it.",
    suggestion: "Set one with `reseller webhook set --url https://…`, then try again.",
  },
  WEBHOOK_SECRET_NOT_SET: {
    message: "No webhook secret has been made yet, so the event could not be signed.",
    suggestion: "Make one with `reseller webhook secret --save`, then try again.",
  },
  TOO_MANY_REQUESTS: {
    message: "The service is getting too many requests from this account right now.",
    suggestion: "Wait a moment and try again.",
  },
  PAYLOAD_TOO_LARGE: { message: "The request was too large for the service.", suggestion: "Send fewer lines at once." },
  INVALID_JSON: {
    message: "The service could not read the request.",
    suggestion: "This is a bug in reseller: please report it with the output of --verbose.",
  },
};

/**
 * Codes with which an account check can say "no such account". The service documents none; these are
 * the words its providers and others' client code use (B's failed dispatch says `USER_NOT_FOUND`).
 */
const accountNotFoundCodes = new Set([
  "ACCOUNT_NOT_FOUND",
  "USER_NOT_FOUND",
  "CUSTOMER_NOT_FOUND",
  "PLAYER_NOT_FOUND",
  "INVALID_CUSTOMER_ID",
  "INVALID_USER_ID",
  "ACCOUNT_INVALID",
]);

export function isAccountNotFound(code: string): boolean {
  return accountNotFoundCodes.has(code.split("=")[0]!);
}

/** Codes with which an account check says it is not offered for the item. */
const checkNotOfferedCodes = new Set([
  "VALIDATION_NOT_AVAILABLE",
  "VALIDATION_NOT_SUPPORTED",
  "VALIDATION_UNAVAILABLE",
  "VALIDATION_NOT_OFFERED",
]);

export function isAccountCheckNotOffered(code: string): boolean {
  return checkNotOfferedCodes.has(code.split("=")[0]!);
}

/** Codes that mean the transaction does not exist, in both published spellings. */
export function isTransactionNotFound(code: string): boolean {
  return code === "TRX_NOT_FOUND" || code === "TRANSACTION_NOT_FOUND";
}

export function describeServiceCode(code: string): CodeDescription | undefined {
  // The live service may append detail to a code (`INVALID_IP=203.0.113.9`): match by prefix.
  const base = code.split("=")[0]!;
  return Object.hasOwn(serviceCodes, base) ? serviceCodes[base] : undefined;
}
