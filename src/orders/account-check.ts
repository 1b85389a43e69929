/**
 * The account check before paying (`POST /v1/item/validate`): whose game account a customer id is,
 * so a top-up never goes to the wrong one. `reseller validate` asks it directly; `buy` asks it for
 * every line whose item offers it, and shows the name before anything is charged.
 */
import type { ServiceClient } from "../api/client.js";
import { isAccountCheckNotOffered, isAccountNotFound } from "../api/codes.js";
import type { AccountCheckRequest, AccountCheckResult, ApiResult, Item, OpenAmountNote } from "../api/model.js";
import type { Context } from "../context.js";
import {
  InterruptedError,
  NotOfferedError,
  present,
  ResellerError,
  ServiceError,
  UsageError,
  type Wording,
} from "../errors.js";
import { customerId } from "../rules/input.js";
import { gameAccountNote, splitCustomerNote } from "../rules/customer.js";
import { itemWords } from "./check-line.js";
import type { Order, OrderLine } from "./order.js";

/** The account a line names: a customer id, and its zone where the game has zones. */
export interface CustomerAccount {
  customerId: string;
  zoneId?: string;
}

/** `12345678 (zone 1234)`, in the words of whoever says it. */
export function accountWords(account: CustomerAccount): Wording {
  const { customerId, zoneId } = account;
  return (say) => `${customerId}${zoneId !== undefined ? ` (${say.orders.checks.zone(zoneId)})` : ""}`;
}

/** How a person reads the account: `PlayerName (Indonesia)`. */
export function accountName(result: AccountCheckResult): string {
  if (result.displayName) return result.displayName;
  return `${result.accountName ?? "?"}${result.region ? ` (${result.region})` : ""}`;
}

function notOffered(item: Item): NotOfferedError {
  return new NotOfferedError(
    "VALIDATION_NOT_AVAILABLE",
    (say) => say.orders.checks.checkNotOffered(itemWords(item)(say)),
    { suggestion: (say) => say.orders.checks.checkNotOfferedHint },
  );
}

/**
 * Asks the service whose account this is. A missing account, and a check the item does not offer, are
 * refusals said plainly (exit 1); a zone is sent only where the item says its check needs one (or,
 * for an item that says nothing, when one was given).
 */
export async function checkAccount(
  client: ServiceClient,
  item: Item,
  account: CustomerAccount,
): Promise<ApiResult<AccountCheckResult>> {
  if (item.accountCheck && !item.accountCheck.available) throw notOffered(item);
  const sendZone = account.zoneId !== undefined && (item.accountCheck === null || item.accountCheck.requiresZoneId);
  const request: AccountCheckRequest = {
    item_id: item.id,
    customer_id: account.customerId,
    ...(sendZone ? { zone_id: account.zoneId } : {}),
  };
  let result: ApiResult<AccountCheckResult>;
  try {
    result = await client.checkAccount(request);
  } catch (error) {
    if (error instanceof ServiceError && isAccountNotFound(error.code)) {
      error.said = (say) => say.orders.checks.noAccount(accountWords(account)(say), itemWords(item)(say));
      error.suggestion = (say) => say.orders.checks.noAccountHint;
    } else if (error instanceof ServiceError && isAccountCheckNotOffered(error.code)) {
      error.said = (say) => say.orders.checks.checkNotOfferedShort(itemWords(item)(say));
      error.suggestion = undefined;
    }
    throw error;
  }
  if (!result.data.found) {
    throw new ServiceError(
      result.status,
      "ACCOUNT_NOT_FOUND",
      (say) => say.orders.checks.noAccount(accountWords(account)(say), itemWords(item)(say)),
      result.body,
      {
        suggestion: (say) => say.orders.checks.noAccountHint,
        definite: true,
      },
    );
  }
  return result;
}

/**
 * The account a line of an order names, when its item offers a check: the note's customer id (an
 * open amount's `target`), and the zone from the note (`12345678(1234)`, or `zone_id`). A check that
 * needs a zone the line does not give cannot be made: `zone missing`.
 */
export function accountOfLine(line: OrderLine): CustomerAccount | "zone missing" | undefined {
  const check = line.item.accountCheck;
  if (!check?.available || line.note === undefined || !line.note.trim()) return undefined;
  let account: CustomerAccount;
  if (line.item.openAmount) {
    try {
      const note = JSON.parse(line.note) as OpenAmountNote;
      account = { customerId: note.target, ...(note.zone_id !== undefined ? { zoneId: String(note.zone_id) } : {}) };
    } catch {
      return undefined;
    }
  } else {
    account = splitCustomerNote(line.note);
  }
  if (check.requiresZoneId && account.zoneId === undefined) return "zone missing";
  return account;
}

/** The line's note with the zone added where the item's note keeps it: `12345678|1234`, or the open amount's `zone_id`. */
function noteWithZone(line: OrderLine, zoneId: string): string {
  if (line.item.openAmount)
    return JSON.stringify({
      ...(JSON.parse(present(line.note, "a game line's note")) as OpenAmountNote),
      zone_id: zoneId,
    });
  return gameAccountNote(splitCustomerNote(present(line.note, "a game line's note")).customerId, zoneId);
}

/**
 * Lines whose account check needs a zone the note leaves out: on a terminal the zone is asked for (as
 * `validate` does) and written into the note; otherwise (a script, or --yes) the purchase is refused,
 * since it would go to an account nobody checked. `--no-validate` skips this with the check.
 */
export async function settleMissingZones(ctx: Context, order: Order, ask: boolean): Promise<void> {
  const { say } = ctx;
  for (const line of order.lines) {
    if (accountOfLine(line) !== "zone missing") continue;
    const { customerId: id } = line.item.openAmount
      ? { customerId: "" }
      : splitCustomerNote(present(line.note, "a game line's note"));
    if (!ask) {
      const { item } = line;
      throw new UsageError((words) => words.orders.checks.zoneNeeded(itemWords(item)(words)), {
        code: "ZONE_ID_MISSING",
        suggestion: (words) =>
          words.orders.checks.zoneNeededHint(
            item.openAmount ? "" : words.orders.checks.zoneInNote(id || "USERID", id || "12345678"),
          ),
      });
    }
    const prompter = await ctx.prompter("--zone-id", say.orders.checks.zoneTooName(line.item.name));
    const zone = customerId(
      say.orders.checks.zoneLabel,
      await prompter.input(say.orders.checks.zoneQuestion(line.item.name), {
        validate: (v) => (v.trim() ? true : say.orders.buying.required),
      }),
    );
    line.note = noteWithZone(line, zone);
  }
}

/** What the check said for one line of an order. */
export type LineAccount =
  | { line: OrderLine; state: "found"; account: CustomerAccount; result: AccountCheckResult }
  | { line: OrderLine; state: "not_found"; account: CustomerAccount; error: ServiceError }
  /** Not checked: the line lacks the zone, or the check itself failed (said by `reason`, in the reader's words). */
  | { line: OrderLine; state: "unchecked"; reason: Wording };

/**
 * Checks the account of every line whose item offers a check. A check that cannot be made is not a
 * reason to refuse the purchase: it is reported as unchecked, and the purchase goes on as before.
 */
/** The account name each line's check found, in the order of the lines (null where none): kept with the sale for its receipt. */
export function accountNamesOf(order: Order, accounts: readonly LineAccount[]): (string | null)[] {
  return order.lines.map((line) => {
    const found = accounts.find((a) => a.line === line);
    return found?.state === "found" ? found.result.accountName : null;
  });
}

/** Why a line went unchecked is a wording, said by whoever shows it. */
export async function checkOrderAccounts(client: ServiceClient, order: Order): Promise<LineAccount[]> {
  const checked: LineAccount[] = [];
  for (const line of order.lines) {
    const account = accountOfLine(line);
    if (account === undefined) continue;
    if (account === "zone missing") {
      checked.push({
        line,
        state: "unchecked",
        reason: (say) => say.orders.checks.noZone(itemWords(line.item)(say)),
      });
      continue;
    }
    try {
      const { data } = await checkAccount(client, line.item, account);
      checked.push({ line, state: "found", account, result: data });
    } catch (error) {
      if (error instanceof InterruptedError) throw error;
      if (error instanceof ServiceError && isAccountNotFound(error.code))
        checked.push({ line, state: "not_found", account, error });
      else if (error instanceof ResellerError)
        checked.push({
          line,
          state: "unchecked",
          reason: (say) => say.orders.checks.checkFailed(error.messageIn(say)),
        });
      else throw error;
    }
  }
  return checked;
}
