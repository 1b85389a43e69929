/**
 * What the service's error codes mean to a reseller, and what to do next. A code not listed here
 * is still shown as the service sent it: the words (src/messages) only add to it.
 */
import { en, type Messages } from "../messages/en.js";
import type { Wording } from "../errors.js";

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

/** The code without the detail the live service may append (`INVALID_IP=203.0.113.9`). */
function baseCode(code: string): string {
  // A split gives at least one part: the default is never taken.
  const [base = code] = code.split("=");
  return base;
}

/** Whether this code is the service's own "refused, nothing charged" for a purchase. */
export function isRefusalCode(code: string): boolean {
  return refusalCodes.has(baseCode(code));
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
  return accountNotFoundCodes.has(baseCode(code));
}

/** Codes with which an account check says it is not offered for the item. */
const checkNotOfferedCodes = new Set([
  "VALIDATION_NOT_AVAILABLE",
  "VALIDATION_NOT_SUPPORTED",
  "VALIDATION_UNAVAILABLE",
  "VALIDATION_NOT_OFFERED",
]);

export function isAccountCheckNotOffered(code: string): boolean {
  return checkNotOfferedCodes.has(baseCode(code));
}

/** Codes that mean the transaction does not exist, in both published spellings. */
export function isTransactionNotFound(code: string): boolean {
  return code === "TRX_NOT_FOUND" || code === "TRANSACTION_NOT_FOUND";
}

/** What a code means and what to do next, worded where it is shown. */
export function describeServiceCode(code: string): { message: Wording; suggestion?: Wording } | undefined {
  // The live service may append detail to a code (`INVALID_IP=203.0.113.9`): match by prefix.
  const base = baseCode(code);
  // One meaning, one entry in the words: every spelling of it is described by the first.
  const key = isTransactionNotFound(base)
    ? "TRX_NOT_FOUND"
    : isAccountNotFound(base)
      ? "ACCOUNT_NOT_FOUND"
      : isAccountCheckNotOffered(base)
        ? "VALIDATION_NOT_AVAILABLE"
        : base;
  // Every catalogue describes the same codes (the Indonesian one is typed against the English one).
  const entryIn = (say: Messages): CodeDescription | undefined => {
    const described: Readonly<Record<string, CodeDescription>> = say.serviceCodes;
    return Object.hasOwn(described, key) ? described[key] : undefined;
  };
  const english = entryIn(en);
  if (!english) return undefined;
  return {
    message: (say) => entryIn(say)?.message ?? english.message,
    ...(english.suggestion === undefined ? {} : { suggestion: (say: Messages) => entryIn(say)?.suggestion ?? "" }),
  };
}
