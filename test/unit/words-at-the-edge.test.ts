/**
 * Words at the edge (docs/structure.md): below the edge, code says what is wrong as data or wordings,
 * and whoever shows it words them in the reader's catalogue. A refusal made once reads in either language.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ResellerError } from "../../src/errors.js";
import { en } from "../../src/messages/en.js";
import { id } from "../../src/messages/id.js";
import { readCart } from "../../src/orders/cart-file.js";
import { checkLine, checkTypedNominal } from "../../src/orders/check-line.js";
import { rupiah } from "../../src/rules/input.js";
import { testItem } from "../support/items.js";

const src = resolve(import.meta.dirname, "../../src");

/**
 * The edge, where the reader's catalogue is chosen and words are made (docs/structure.md): the
 * catalogues, the output and the error printer, the commands' handlers, help (the command registry),
 * and `cli.ts`, which chooses the catalogue. The emulator is a program of its own.
 */
const edge = ["messages/", "output/", "commands/", "registry/", "emulator/", "cli.ts"];

/**
 * Functions below the edge that still take a catalogue, each with why it was left: a new one fails
 * the test, and one that is moved to a wording must leave this list too.
 */
const knownTakers: Readonly<Record<string, string>> = {
  "errors.ts#wordIn": "says a wording in a catalogue: the one step every edge takes",
  "errors.ts#networkFailureWordsFor": "the printer's lookup of a network code's words, kept beside the errors",
  "context.ts#transportWarnings": "said as the context is made, with the catalogue it is handed",
  "usage-words.ts#usageErrorOf": "the printer's own words for commander's errors, loaded only when parsing failed",
  "api/answer.ts#parseAnswer": "the mark left where an answer was cut off is worded as it is read",
  "api/client.ts#DeadlinePassed": "a cause shown as it is by --verbose, worded when made",
  "api/client.ts#formatSeconds": "part of DeadlinePassed's words",
  "api/transport.ts#asLaneError": "a transport failure's cause, worded when made",
  "api/transport.ts#bodyOf": "a transport failure's cause, worded when made",
  "api/transport.ts#tunnelFailuresEndTheRequest": "a transport failure's cause, worded when made",
  "catalogue/show.ts#disruptedWords": "a catalogue row's cells, made for the screen",
  "catalogue/show.ts#stockCell": "a catalogue row's cells, made for the screen",
  "catalogue/show.ts#row": "a catalogue row's cells, made for the screen",
  "catalogue/show.ts#pipedRow": "a catalogue row's cells, made for the screen",
  "catalogue/show.ts#shownRow": "a catalogue row's cells, made for the screen",
  "catalogue/sync.ts#unkeptWhy": "a failed sync's story, told with the config dir's file words",
  "catalogue/sync.ts#explained": "a failed sync's story, told with the config dir's file words",
  "completion/describe.ts#describeProgram": "help's words written into a shell's completion script",
  "completion/script.ts#header": "help's words written into a shell's completion script",
  "completion/bash.ts#bashScript": "help's words written into a shell's completion script",
  "completion/fish.ts#fishScript": "help's words written into a shell's completion script",
  "completion/zsh.ts#zshScript": "help's words written into a shell's completion script",
  "config/config-dir.ts#fileProblem": "a file's problem in words, shared by every reader of the config dir",
  "config/config-dir.ts#openUserFile": "a file's problem in words, shared by every reader of the config dir",
  "config/config-dir.ts#checkConfigDir": "returns the lines to say about the dir's permissions",
  "config/definitions.ts#wholeRuleSaid": "a setting's rule in words, from the one table of settings",
  "config/definitions.ts#storedRule": "a setting's rule in words, from the one table of settings",
  "config/definitions.ts#repairCommand": "a setting's rule in words, from the one table of settings",
  "config/store.ts#quoted": "a broken config file's error, worded where the file is read",
  "config/store.ts#whereBroken": "a broken config file's error, worded where the file is read",
  "domain/verdict.ts#verdictWords": "the verdict's words, shared by the screens that show one",
  "domain/verdict.ts#verdictPhrase": "the verdict's words, shared by the screens that show one",
  "domain/verdict.ts#verdictAside": "the verdict's words, shared by the screens that show one",
  "records/database.ts#recordsProblem": "the journal's open failure, worded with the config dir's file words",
  "journal/request.ts#describe": "what the service last said, worded into the journal's refusal",
  "shop/price-rules.ts#scopeWords": "a price rule's words for `prices` screens",
  "shop/price-rules.ts#markupWords": "a price rule's words for `prices` screens",
  "webhooks/hand-off.ts#forwardTo": "the listener's lines for the person watching it",
  "webhooks/hand-off.ts#execFromFlags": "the listener's lines for the person watching it",
  "webhooks/hand-off.ts#execCommand": "the listener's lines for the person watching it",
  "webhooks/listener.ts#Refusal": "the listener's lines for the person watching it",
  "webhooks/listener.ts#answerBrokenRequests": "the listener's lines for the person watching it",
  "webhooks/queue.ts#formatWait": "the listener's lines for the person watching it",
  "webhooks/queue.ts#describe": "the listener's lines for the person watching it",
  "webhooks/queue.ts#reasonOf": "the listener's lines for the person watching it",
};

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

/** The name a function goes by: its own, or that of the declaration it is made in (a class, a const). */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    const named = at as ts.Node & { name?: ts.Node };
    if (
      (ts.isFunctionDeclaration(at) ||
        ts.isMethodDeclaration(at) ||
        ts.isClassDeclaration(at) ||
        ts.isVariableDeclaration(at) ||
        ts.isPropertyAssignment(at)) &&
      named.name
    )
      return named.name.getText(source);
  }
  return "(module)";
}

/** `file#function` for each function of src/ below the edge that takes a catalogue beside other parameters. */
function catalogueTakers(): string[] {
  const found = new Set<string>();
  for (const path of sourceFiles(src)) {
    const name = relative(src, path).split(sep).join("/");
    if (edge.some((place) => name === place || name.startsWith(place))) continue;
    const source = ts.createSourceFile(name, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node)) {
        const { parameters } = node;
        // A function of the catalogue alone is a wording: `(say) => say.x(…)`.
        const takes = parameters.some((p) => p.type !== undefined && /\bMessages\b/.test(p.type.getText(source)));
        if (takes && parameters.length > 1) found.add(`${name}#${nameOf(node, source)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found].sort();
}

function refusalOf(make: () => unknown): ResellerError {
  try {
    make();
  } catch (error) {
    if (error instanceof ResellerError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("words at the edge", () => {
  it("no function below the edge takes the reader's catalogue but those known: it hands back a wording instead", () => {
    expect(catalogueTakers()).toEqual(Object.keys(knownTakers).sort());
  });

  it("a cart line refused once reads in English and in Indonesian, its place included", () => {
    const refusal = refusalOf(() => readCart('[{"item_id": 12, "quantity": 1}, {"item_id": 3, "quantity": "x"}]'));
    expect(refusal.messageIn(en)).toMatch(/^cart line 2: quantity/);
    expect(refusal.messageIn(id)).toMatch(/^keranjang baris 2: quantity/);
  });

  it("a line its item refuses names its place in the words that show it", () => {
    const item = testItem({ id: 12, minOrder: 5 });
    const [line] = readCart('[{"item_id": 12, "quantity": 1}]');
    const refusal = refusalOf(() => checkLine(item, { quantity: 1, opt: [] }, line?.where ?? ""));
    expect(refusal.code).toBe("MINIMUM_ORDER_NOT_MET");
    expect(refusal.messageIn(en)).toMatch(/^cart line 1: the minimum order of item 12 .* is 5; got 1\.$/);
    expect(refusal.messageIn(id)).toMatch(/^keranjang baris 1: /);
    expect(refusal.messageIn(id)).not.toBe(refusal.messageIn(en));
  });

  it("an amount refused once says why in either language, each from what the reader found", () => {
    const refusal = refusalOf(() => rupiah("--nominal", "1.500rb"));
    expect(refusal.messageIn(en)).toBe(
      '--nominal "1.500rb" is not an amount of Rupiah: with "rb" it could mean Rp 1.500.000 or Rp 1.500.',
    );
    expect(refusal.messageIn(id)).toBe(
      '--nominal "1.500rb" bukan nominal Rupiah: dengan "rb" bisa berarti Rp 1.500.000 atau Rp 1.500.',
    );
    const typed = checkTypedNominal({ min: 10_000, max: null, step: null, label: "Nominal" })("75 dolar");
    expect(typed === true ? "" : typed(id)).toBe(
      'Bukan nominal: "dolar" bukan satuan Rupiah (rb, ribu, k, jt, juta, miliar)',
    );
  });

  it("a phone number refused once says why, and the number meant, in either language", () => {
    const item = testItem({ id: 12, name: "Pulsa Telkomsel 10.000", category: "Pulsa" });
    const refusal = refusalOf(() => checkLine(item, { quantity: 1, opt: [], note: "81234567890" }, ""));
    expect(refusal.messageIn(en)).toMatch(/: a mobile number starts with 08, 628 or \+628\.$/);
    expect(refusal.messageIn(id)).toMatch(/: nomor HP diawali 08, 628 atau \+628\.$/);
    expect(refusal.suggestionIn(en)).toMatch(/^Did you mean 081234567890\? /);
    expect(refusal.suggestionIn(id)).toMatch(/^Maksudnya 081234567890\? /);
  });
});
