/**
 * `reseller reconcile`: asks the service about every journal entry of this profile whose outcome is
 * unknown, and writes the answer down. A purchase found is done; a purchase the service does not
 * know was not bought, and buying again with the SAME ref_id is safe (if the lost request ever
 * lands, the service refuses the second as REF_ID_ALREADY_EXIST).
 */
import type { ServiceClient } from "../api/client.js";
import type { Context } from "../context.js";
import { AuthError, InterruptedError, present, ServiceError } from "../errors.js";
import { journalFor, sentFromHere } from "../journal/request.js";
import { isUnresolved, type JournalEntry, type OutcomeDetails } from "../journal/entries.js";
import { customersOf, itemText, journalLines, outcomeCell } from "../output/journal.js";
import { copyable, customerCell, type Cell } from "../output/output.js";
import { inPool } from "../orders/pool.js";
import { ledgerVerdict, lookUpPurchase } from "../orders/ledger.js";
import { recordedRefund, verdictPhrase, verdictTone } from "../domain/verdict.js";
import { formatRupiah } from "../output/format.js";
import { en, type Messages } from "../messages/en.js";
import { say } from "../messages/messages.js";

/**
 * A purchase in the verdict's words on a terminal, with its refund, as every table says it (bought,
 * delivery failed (Rp 19.000 refunded)…); other requests in the journal's. Piped rows keep the
 * journal's outcome, which scripts read by position.
 */
function standing(entry: JournalEntry, now: number): Cell {
  const journal = outcomeCell(entry, now, say);
  const verdict = ledgerVerdict(entry, now);
  if (!verdict) return journal;
  const human = verdictPhrase(verdict, recordedRefund(verdict, entry), formatRupiah, say);
  return { human, plain: journal.plain, tone: verdictTone(verdict) };
}

/** `say` words the answer in the words given: the language in use on a terminal, English in piped rows. */
type Answer = {
  outcome: "done" | "not_done" | "unknown";
  details: OutcomeDetails;
  say: (words: Messages["orders"]["reconcile"]) => string;
};

const lockSkewMs = 5 * 60_000;
/** Questions in flight at once. */
const reconcileConcurrency = 8;

async function askService(client: ServiceClient, entry: JournalEntry): Promise<Answer> {
  try {
    switch (entry.kind) {
      case "buy":
      case "sandbox": {
        // Only the service's own "no such transaction" means not bought. A buy is never sent again from
        // here: the person does that, with the same ref_id, once they have read this answer.
        const ref = present(entry.ref_id, "a purchase's ref_id");
        const found = await lookUpPurchase(client, ref);
        if (found.outcome === "done") {
          const invoice = found.transaction.invoice ?? "";
          return { outcome: "done", details: found.details, say: (words) => words.bought(invoice, ref) };
        }
        if (entry.kind === "buy")
          return { outcome: "not_done", details: found.details, say: (words) => words.notBought(ref) };
        // Sandbox orders cannot be read back, and replaying one moves no money: send it again with the same ref_id.
        const request = entry.request as { item_id?: number; quantity?: number };
        try {
          const { data } = await client.createSandboxOrder({
            ref_id: ref,
            item_id: Number(request.item_id),
            quantity: Number(request.quantity),
          });
          return {
            outcome: "done",
            details: {
              status: data.status?.text ?? "sandbox",
              reason: "sent again by reconcile (sandbox orders move no money)",
            },
            say: (words) => words.sandboxAgain,
          };
        } catch (error) {
          if (error instanceof ServiceError && error.code === "REF_ID_ALREADY_EXIST") {
            return {
              outcome: "done",
              details: { status: "sandbox", reason: "the service already has this ref_id" },
              say: (words) => words.sandboxThrough,
            };
          }
          throw error;
        }
      }
      case "lock": {
        const request = entry.request as { item_id?: number; quantity?: number };
        const since = Date.parse(entry.at) - lockSkewMs;
        const { data: locks } = await client.listLocks();
        const found = locks.find(
          (l) =>
            l.itemId === request.item_id && l.quantity === request.quantity && !(Date.parse(l.lockedAt ?? "") < since),
        );
        if (found)
          return {
            outcome: "done",
            details: { lock_token: found.token, status: "active" },
            say: (words) => words.lockHeld(found.token),
          };
        return {
          outcome: "not_done",
          details: { reason: "no matching active lock: it was never made or has expired" },
          say: (words) => words.noLock,
        };
      }
      case "topup":
        // A payment link charges nothing until someone pays it: there is nothing to settle.
        return {
          outcome: "not_done",
          details: { reason: "a top-up link charges nothing until paid" },
          say: (words) => words.topUp,
        };
    }
  } catch (error) {
    if (error instanceof InterruptedError || error instanceof AuthError) throw error;
    const code = (error as { code?: string }).code ?? "ERROR";
    return {
      outcome: "unknown",
      details: { code, reason: `still no answer at reconcile (${code})` },
      say: (words) => words.stillUnknown(code),
    };
  }
  return {
    outcome: "unknown",
    details: { reason: `unknown kind ${entry.kind as string}` },
    say: (words) => words.unknownKind,
  };
}

/** What the reseller calls the request: its ref_id, or for a lock the token found. Never the journal's own id. */
function referenceOf(entry: JournalEntry, answer: Answer): Cell {
  const reference = entry.ref_id ?? answer.details.lock_token ?? entry.lock_token;
  return typeof reference === "string" ? copyable(reference) : undefined;
}

export async function run(ctx: Context): Promise<number | void> {
  const journal = journalFor(ctx);
  const now = ctx.now();
  const unresolved = journal.unsettled().filter((e) => e.profile === ctx.settings.profile && isUnresolved(e, now));
  const here = unresolved.filter((e) => sentFromHere(e, ctx.settings));
  const elsewhere = unresolved.length - here.length;
  if (elsewhere) {
    ctx.output.warn(say.orders.reconcile.elsewhere(elsewhere));
  }
  if (here.length === 0) {
    if (ctx.output.mode === "json") return ctx.output.json({ checked: 0, settled: 0, still_unknown: 0, entries: [] });
    ctx.output.info(say.orders.reconcile.nothing);
    return;
  }

  const client = await ctx.client();
  const answers: Answer[] = new Array(here.length);
  // Eight at a time, each answer written as it comes: a Ctrl-C or an outage halfway keeps
  // everything already learned, and a thousand unknown orders settle in seconds, not minutes.
  await inPool(here, reconcileConcurrency, async (entry, index) => {
    const answer = await askService(client, entry);
    const at = new Date(ctx.now()).toISOString();
    // "Still unknown" is written once, when an entry stops being in flight; again each run would only grow the journal.
    if (answer.outcome !== "unknown" || entry.outcome === "pending") {
      journal.append({
        v: 1,
        type: "outcome",
        entry: entry.entry,
        at,
        outcome: answer.outcome,
        ...answer.details,
        by: "reconcile",
      });
    }
    answers[index] = answer;
  });
  const results = here.map((entry, index) => ({ entry, answer: present(answers[index], "an entry's answer") }));

  const stillUnknown = results.filter((r) => r.answer.outcome === "unknown").length;
  if (ctx.output.mode === "json") {
    ctx.output.json({
      checked: results.length,
      settled: results.length - stillUnknown,
      still_unknown: stillUnknown,
      entries: results.map(({ entry, answer }) => ({
        entry: entry.entry,
        kind: entry.kind,
        ref_id: entry.ref_id,
        at: entry.at,
        outcome: answer.outcome,
        ...answer.details,
        // Which sale the answer is about, as the journal recorded it.
        lines: journalLines(entry).map((l) => ({ item_id: l.itemId, quantity: l.quantity, customer: l.customer })),
      })),
    });
  } else {
    // The item and the customer say which sale each answer is about (appended, for scripts that read
    // the first columns); the item by the name this machine's catalogue copy knows.
    const { keptItemNames } = await import("../catalogue/names.js");
    const names = keptItemNames(ctx.settings);
    // Piped rows are for scripts: the journal's kind and the answer's words in English, whatever the language.
    const plain = ctx.output.mode === "plain";
    const words = plain ? en.orders.reconcile : say.orders.reconcile;
    ctx.output.table(
      // What it means names the invoice found, and the item what was sold: wrapped between words, never cut.
      [
        { header: words.time },
        { header: words.kind },
        { header: say.headings.refId },
        { header: say.headings.outcome },
        { header: words.whatItMeans, fit: "wrap" },
        { header: say.headings.item, fit: "wrap" },
        { header: say.headings.customer },
      ],
      results.map(({ entry, answer }): Cell[] => {
        const lines = journalLines(entry);
        const first = [
          ctx.output.time(entry.at),
          plain ? entry.kind : (words.kinds[entry.kind] ?? entry.kind),
          referenceOf(entry, answer),
          standing({ ...entry, ...answer.details, outcome: answer.outcome }, now),
          answer.say(words),
        ];
        // Piped as `trx list` appends them: item ids, quantities and customers, comma-separated per line.
        if (plain)
          return [
            ...first,
            lines.map((l) => l.itemId ?? "").join(","),
            lines.map((l) => l.quantity ?? "").join(","),
            customersOf(lines, ","),
          ];
        const customer = customersOf(lines);
        return [...first, itemText(lines, names, ctx.say) || undefined, customer ? customerCell(customer) : undefined];
      }),
    );
  }
  const settled = results.length - stillUnknown;
  ctx.output.info(say.orders.reconcile.settled(settled, results.length, stillUnknown));
  return stillUnknown ? 5 : 0;
}
