/**
 * The orders whose outcome is not final (bought and not delivered yet, or unknown), and one pass
 * over them: the service asked about each (8 at a time, as `history --refresh` asks), each answer
 * written in the journal as it comes, and the orders that ended since a run first saw them picked
 * out to be handed on. What was followed and handed on is kept in the records database
 * (records/pending-orders.ts), so an order ended meanwhile by a webhook listener, `trx show` or
 * `history --refresh` is still handed on once, and never twice.
 */
import { hostname } from "node:os";
import type { Transaction } from "../api/model.js";
import { AuthError } from "../errors.js";
import type { Context } from "../context.js";
import { stillInFlight, type JournalEntry } from "../journal/entries.js";
import { journalFor } from "../journal/request.js";
import type { Journal } from "../journal/journal.js";
import { openRecords } from "../records/migrate.js";
import { pendingOrders, type Claim, type FollowedOrder, type PendingOrders } from "../records/pending-orders.js";
import type { Verdict } from "../domain/verdict.js";
import { ledgerVerdict, refreshEntries, type Refreshed } from "./ledger.js";
import { repeatWindow } from "./repeats.js";

/** An order not final: bought and not delivered yet, or sent with its outcome unknown. */
export interface PendingOrder {
  entry: JournalEntry;
  verdict: "bought" | "unknown";
}

/** An order that ended, as the journal holds it now, with the service's transaction when this pass saw it. */
export interface EndedOrder {
  followed: FollowedOrder;
  entry: JournalEntry;
  verdict: Exclude<Verdict, "bought" | "unknown">;
  transaction?: Transaction;
}

export interface Pass {
  pending: PendingOrder[];
  ended: EndedOrder[];
  /** What the service could not be asked about this pass (none when it was not asked). */
  refreshed?: Refreshed;
}

/** Whether a claim's process still runs: on this machine, by its pid; on another, it is taken as alive. */
function ownerAlive(owner: string): boolean {
  const at = owner.lastIndexOf(":");
  const host = owner.slice(0, at);
  const pid = Number(owner.slice(at + 1));
  if (host !== hostname()) return true;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class PendingFollower {
  readonly journal: Journal;
  private readonly followed: PendingOrders;
  /** This process, as a claim names it. */
  private readonly owner = `${hostname()}:${process.pid}`;

  constructor(private readonly ctx: Context) {
    // It writes down what it follows and hands on.
    this.journal = journalFor(ctx, "writing");
    // The database the journal opened: one that cannot be used was said by it, with what to do.
    this.followed = pendingOrders(openRecords(ctx.settings.configDir));
  }

  /** Orders of this profile and service address not final, oldest first; one still being bought is left out. */
  pending(): PendingOrder[] {
    const now = this.ctx.now();
    const here = { profile: this.ctx.settings.profile, baseUrl: this.ctx.settings.baseUrl ?? "" };
    // What may still change, as the books find it to refresh; the verdict's rules pick the purchases.
    return this.journal
      .open(here, Number.MAX_SAFE_INTEGER)
      .reverse()
      .flatMap((entry) => {
        const verdict = ledgerVerdict(entry, now);
        return verdict === "bought" || verdict === "unknown" ? [{ entry, verdict }] : [];
      });
  }

  /**
   * One pass: the orders not final written down as followed, the service asked about each (unless
   * `ask` is false: the journal alone, as a webhook listener beside keeps it), and those followed
   * that have ended since picked out, oldest first.
   */
  async pass(ask: boolean): Promise<Pass> {
    const here = this.ctx.settings;
    const before = this.pending();
    this.followed.watch(
      before.map(({ entry }) => ({
        entry: entry.entry,
        profile: entry.profile,
        base_url: entry.base_url,
        ref_id: entry.ref_id,
      })),
      new Date(this.ctx.now()).toISOString(),
    );
    const seen = new Map<string, Transaction>();
    // The books' own refresh: the service's list read first, and only the orders it shows final (or
    // does not show) looked up one by one, so a day of manual orders waiting costs a question a pass.
    // A recent purchase a look-up did not find is asked about again: the service may have committed it since.
    let refreshed: Refreshed | undefined;
    if (ask) {
      refreshed = await refreshEntries(
        this.ctx,
        before.map((p) => p.entry),
        { seen: (entry, t) => seen.set(entry.entry, t), lateCommits: true },
      );
      // A refused key ends the run (exit 3); an unreachable service is asked again next pass.
      if (refreshed.stoppedBy instanceof AuthError) throw refreshed.stoppedBy;
    }
    const now = this.ctx.now();
    this.reopenLanded(now);
    const ended: EndedOrder[] = [];
    for (const followed of this.followed.open(here.profile, here.baseUrl ?? "")) {
      const entry = this.journal.byEntryId(followed.entry);
      if (!entry) continue;
      const verdict = ledgerVerdict(entry, now);
      if (verdict === "bought" || verdict === "unknown") continue;
      if (verdict === undefined) {
        // Being bought right now, or a re-run that only found an earlier purchase: nothing of its own ended.
        if (!stillInFlight(entry, now)) this.followed.handed(entry.entry, new Date(now).toISOString());
        continue;
      }
      const transaction = seen.get(entry.entry);
      ended.push({ followed, entry, verdict, ...(transaction ? { transaction } : {}) });
    }
    return { pending: this.pending(), ended, ...(refreshed ? { refreshed } : {}) };
  }

  /**
   * A purchase handed on as never made can still land: the service was processing it when asked,
   * and a later look-up (within the repeat window, as the books ask again) finds it bought. Such an
   * order is followed again, so the shop is not left with "not sent" for a sale that was charged.
   */
  private reopenLanded(now: number): void {
    const here = this.ctx.settings;
    const since = new Date(repeatWindow(this.ctx, undefined, now).startMs).toISOString();
    for (const id of this.followed.notSentSince(here.profile, here.baseUrl ?? "", since)) {
      const entry = this.journal.byEntryId(id);
      const verdict = entry ? ledgerVerdict(entry, now) : undefined;
      if (verdict !== undefined && verdict !== "not_sent") this.followed.reopen(id);
    }
  }

  /** Whether any order followed has ended in the journal since (a webhook listener beside may settle them): no question to the service. */
  anyEnded(): boolean {
    const now = this.ctx.now();
    const here = this.ctx.settings;
    return this.followed.open(here.profile, here.baseUrl ?? "").some((followed) => {
      if (followed.announced) return false;
      const entry = this.journal.byEntryId(followed.entry);
      const verdict = entry ? ledgerVerdict(entry, now) : undefined;
      return verdict !== undefined && verdict !== "bought" && verdict !== "unknown";
    });
  }

  /** Orders ended and announced whose command has not succeeded yet. */
  waitingToBeHanded(): FollowedOrder[] {
    const here = this.ctx.settings;
    return this.followed.open(here.profile, here.baseUrl ?? "").filter((f) => f.announced);
  }

  /** This process takes the ended order to hand on; undefined when another has it or had it. */
  claim(order: EndedOrder): Claim | undefined {
    return this.followed.claim(order.entry.entry, this.owner, ownerAlive);
  }

  announced(order: EndedOrder): void {
    this.followed.announced(order.entry.entry, order.verdict, new Date(this.ctx.now()).toISOString());
  }

  handed(order: EndedOrder): void {
    this.followed.handed(order.entry.entry, new Date(this.ctx.now()).toISOString());
  }

  failedTry(order: EndedOrder, tries: number, nextTryMs: number, why: string): void {
    this.followed.failedTry(order.entry.entry, tries, nextTryMs, why);
  }
}
