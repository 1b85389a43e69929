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
import type { Column } from "../output/layout.js";
import { inPool } from "../orders/pool.js";
import { foundLaterMaybe, ledgerVerdict, lookUpPurchase } from "../orders/ledger.js";
import { recordedRefund, verdictPhrase, verdictTone } from "../domain/verdict.js";
import { formatRupiah } from "../output/format.js";
import type { ItemNames } from "../catalogue/names.js";
import { en, type Messages } from "../messages/en.js";

/**
 * A purchase in the verdict's words on a terminal, with its refund, as every table says it (bought,
 * delivery failed (Rp 19.000 refunded)…); other requests in the journal's. Piped rows keep the
 * journal's outcome, which scripts read by position.
 */
function standing(entry: JournalEntry, now: number, say: Messages): Cell {
  const journal = outcomeCell(entry, now, say);
  const verdict = ledgerVerdict(entry, now);
  if (!verdict) return journal;
  const human = verdictPhrase(verdict, recordedRefund(verdict, entry), formatRupiah, say);
  return { human, plain: journal.plain, tone: verdictTone(verdict) };
}

type Words = Messages["orders"]["reconcile"];
type AnswerWord = keyof Words["answers"];

/**
 * What the service answered about one entry. On a terminal it is a word (`found`, `not found`),
 * its meaning said once under the table; piped rows keep `say`'s sentence, in English.
 */
type Answer = {
  outcome: "done" | "not_done" | "unknown";
  details: OutcomeDetails;
  word: AnswerWord;
  say: (words: Words) => string;
  /** The invoice of a purchase found: the service's own proof that it was bought. */
  invoice?: string;
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
          return {
            outcome: "done",
            details: found.details,
            word: "found",
            say: (words) => words.bought(invoice, ref),
            ...(invoice ? { invoice } : {}),
          };
        }
        if (entry.kind === "buy")
          return {
            outcome: "not_done",
            details: found.details,
            word: "notFound",
            say: (words) => words.notBought(ref),
          };
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
            word: "sentAgain",
            say: (words) => words.sandboxAgain,
          };
        } catch (error) {
          if (error instanceof ServiceError && error.code === "REF_ID_ALREADY_EXIST") {
            return {
              outcome: "done",
              details: { status: "sandbox", reason: "the service already has this ref_id" },
              word: "goneThrough",
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
            word: "lockHeld",
            say: (words) => words.lockHeld(found.token),
          };
        return {
          outcome: "not_done",
          details: { reason: "no matching active lock: it was never made or has expired" },
          word: "noLock",
          say: (words) => words.noLock,
        };
      }
      case "topup":
        // A payment link charges nothing until someone pays it: there is nothing to settle.
        return {
          outcome: "not_done",
          details: { reason: "a top-up link charges nothing until paid" },
          word: "noCharge",
          say: (words) => words.topUp,
        };
    }
  } catch (error) {
    if (error instanceof InterruptedError || error instanceof AuthError) throw error;
    const code = (error as { code?: string }).code ?? "ERROR";
    return {
      outcome: "unknown",
      details: { code, reason: `still no answer at reconcile (${code})` },
      word: "noAnswer",
      say: (words) => words.stillUnknown(code),
    };
  }
  return {
    outcome: "unknown",
    details: { reason: `unknown kind ${entry.kind as string}` },
    word: "unknownKind",
    say: (words) => words.unknownKind,
  };
}

/** What the reseller calls the request: its ref_id, or for a lock the token found. Never the journal's own id. */
function referenceOf(entry: JournalEntry, answer: Answer): Cell {
  const reference = entry.ref_id ?? answer.details.lock_token ?? entry.lock_token;
  return typeof reference === "string" ? copyable(reference) : undefined;
}

export async function run(ctx: Context): Promise<number | void> {
  // It writes each answer down.
  const journal = journalFor(ctx, "writing");
  const now = ctx.now();
  const unresolved = journal.unsettled().filter((e) => e.profile === ctx.settings.profile && isUnresolved(e, now));
  const here = unresolved.filter((e) => sentFromHere(e, ctx.settings));
  const elsewhere = unresolved.length - here.length;
  if (elsewhere) {
    ctx.output.warn(ctx.say.orders.reconcile.elsewhere(elsewhere));
  }
  // Recent purchases a look-up did not find are asked again (the service may have committed one
  // since, and a file's row skipped on one exits 5, which says reconcile settles it): shown only
  // when found, else they stand as they were.
  const late = foundLaterMaybe(ctx, now, new Set(here.map((e) => e.entry)));
  const asked = [...here, ...late];
  if (asked.length === 0) return nothingToReconcile(ctx);

  const client = await ctx.client();
  const answers: Answer[] = [];
  // Eight at a time, each answer written as it comes: a Ctrl-C or an outage halfway keeps
  // everything already learned, and a thousand unknown orders settle in seconds, not minutes.
  await inPool(asked, reconcileConcurrency, async (entry, index) => {
    const answer = await askService(client, entry);
    if (entry.outcome === "not_done" && answer.outcome !== "done") return;
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
  const results = asked.flatMap((entry, index) => {
    const answer = answers[index];
    return answer ? [{ entry, answer }] : [];
  });
  if (results.length === 0) return nothingToReconcile(ctx);

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
    if (ctx.output.mode === "plain") pipedRows(ctx, results, now);
    else {
      // The item and the customer say which sale each answer is about, the item by the name this
      // machine's catalogue copy knows.
      const { keptItemNames } = await import("../catalogue/names.js");
      answersTable(ctx, results, now, keptItemNames(ctx.settings));
    }
  }
  const settled = results.length - stillUnknown;
  ctx.output.info(ctx.say.orders.reconcile.settled(settled, results.length, stillUnknown));
  return stillUnknown ? 5 : 0;
}

function nothingToReconcile(ctx: Context): void {
  if (ctx.output.mode === "json") return ctx.output.json({ checked: 0, settled: 0, still_unknown: 0, entries: [] });
  ctx.output.info(ctx.say.orders.reconcile.nothing);
}

type Result = { entry: JournalEntry; answer: Answer };
/** A column of the terminal's table and how each row's cell is made. */
type Shown = [Column, (result: Result, row: number) => Cell];

/**
 * Piped rows are for scripts, read by position: the journal's kind and the answer's sentence in
 * English whatever the language, then, as `trx list` appends them, item ids, quantities and
 * customers, comma-separated per line.
 */
function pipedRows(ctx: Context, results: Result[], now: number): void {
  const words = en.orders.reconcile;
  ctx.output.table(
    [],
    results.map(({ entry, answer }): Cell[] => {
      const lines = journalLines(entry);
      return [
        ctx.output.time(entry.at),
        entry.kind,
        referenceOf(entry, answer),
        standing({ ...entry, ...answer.details, outcome: answer.outcome }, now, ctx.say),
        answer.say(words),
        lines.map((l) => l.itemId ?? "").join(","),
        lines.map((l) => l.quantity ?? "").join(","),
        customersOf(lines, ","),
      ];
    }),
  );
}

/**
 * On a terminal each answer is a word in its own column, and what each word means is said once under
 * the table: a sentence on every row made the table too wide to be one even at 120 columns.
 */
function answersTable(ctx: Context, results: Result[], now: number, names: ItemNames): void {
  const words = ctx.say.orders.reconcile;
  const times = ctx.output.timeColumn(
    words.time,
    results.map(({ entry }) => entry.at),
  );
  // Nearly always every row is a purchase: a Kind column saying `buy` on each row would take the
  // room that keeps the table a table at 80 columns.
  const kinds = results.some(({ entry }) => entry.kind !== "buy");
  const kindColumn: Shown = [{ header: words.kind }, ({ entry }) => words.kinds[entry.kind] ?? entry.kind];
  const columns: Shown[] = [
    [times.column, (_, row) => times.cells[row]],
    ...(kinds ? [kindColumn] : []),
    [{ header: ctx.say.headings.refId }, ({ entry, answer }) => referenceOf(entry, answer)],
    [
      { header: ctx.say.headings.outcome, fit: "wrap" },
      ({ entry, answer }) => standing({ ...entry, ...answer.details, outcome: answer.outcome }, now, ctx.say),
    ],
    [{ header: words.answer }, ({ answer }) => words.answers[answer.word]],
    [{ header: ctx.say.headings.invoice }, ({ answer }) => (answer.invoice ? copyable(answer.invoice) : undefined)],
    // The item says what was sold: wrapped between words, never cut.
    [
      { header: ctx.say.headings.item, fit: "wrap" },
      ({ entry }) => itemText(journalLines(entry), names, ctx.say) || undefined,
    ],
    [
      { header: ctx.say.headings.customer },
      ({ entry }) => {
        const customer = customersOf(journalLines(entry));
        return customer ? customerCell(customer) : undefined;
      },
    ],
  ];
  ctx.output.table(
    columns.map(([column]) => column),
    results.map((result, row) => columns.map(([, cell]) => cell(result, row))),
  );
  // Each word of the Answer column once, in the order the rows first say it.
  const said = [...new Set(results.map(({ answer }) => answer.word))];
  const codes = [
    ...new Set(results.flatMap(({ answer }) => (answer.word === "noAnswer" ? [answer.details.code] : []))),
  ];
  const meaning = (word: AnswerWord): string => {
    const means = words.means[word];
    return typeof means === "string" ? means : means(codes.filter(Boolean).join(", "));
  };
  ctx.output.heading(words.answersMean);
  ctx.output.record(said.map((word): [string, string] => [words.answers[word], meaning(word)]));
}
