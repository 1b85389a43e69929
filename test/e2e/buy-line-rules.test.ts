/**
 * One order line, three doors: `buy` flags, a `--cart` file, a row of a `--file`. Each broken rule
 * must be refused the same way through every door: exit 2, the same words (only the place of the line
 * differs), and nothing sent to the service.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess } from "./commands-harness.js";

const harness = useEmulator();

interface Line {
  item: number;
  qty: number;
  note?: string;
  target?: string;
  nominal?: number;
}

const rules: { rule: string; line: Line; message: RegExp; doors?: Door[] }[] = [
  {
    rule: "below the item's minimum order",
    line: { item: 28, qty: 2 },
    message: /^the minimum order of item 28 \(.+\) is 5; got 2\.$/,
  },
  {
    rule: "an h2h item without a destination",
    line: { item: 12, qty: 1 },
    message: /^item 12 \(.+\) is h2h: the note must give the destination/,
  },
  {
    rule: "an h2h item with a blank destination",
    line: { item: 12, qty: 1, note: "  " },
    message: /^item 12 \(.+\) is h2h: the note must give the destination/,
  },
  {
    rule: "an SMM item without a note or target",
    line: { item: 23, qty: 100 },
    message: /^item 23 \(.+\) is SMM: give a target/,
  },
  {
    rule: "an SMM note that is not JSON",
    line: { item: 23, qty: 100, note: "instagram.com/toko" },
    message: /^An SMM note must be JSON/,
  },
  {
    rule: "an SMM note without a target",
    line: { item: 23, qty: 100, note: '{"opt_smm":[]}' },
    message: /^An SMM note needs a non-empty "target"/,
  },
  // A cart line has no target column: these two rules have only two doors.
  {
    rule: "a target on an item that is not SMM",
    line: { item: 12, qty: 1, target: "https://instagram.com/x" },
    message: /^target, opt and comment are for SMM items; item 12 \(.+\) is h2h\.$/,
    doors: ["flags", "file"],
  },
  {
    rule: "both a note and a target",
    line: { item: 23, qty: 100, note: '{"target":"a"}', target: "b" },
    message: /^give either a note \(the SMM JSON\) or a target, not both\.$/,
    doors: ["flags", "file"],
  },
  // Item 12 is pulsa: its Nomor HP is checked before paying, whichever door the line came through.
  {
    rule: "a phone number too short",
    line: { item: 12, qty: 1, note: "0812" },
    message:
      /^the note "0812" is not a mobile number for item 12 \(.+\): it has 4 digits, counted from the leading 0; a mobile number has 10 to 13 \(08…\)\.$/,
  },
  {
    rule: "a phone number with letters",
    line: { item: 12, qty: 1, note: "halo" },
    message: /^the note "halo" is not a mobile number for item 12 \(.+\): a phone number has only digits/,
  },
  // Item 29 is an open amount: Nominal from Rp 10.000 to Rp 2.000.000 in steps of Rp 1.000.
  {
    rule: "an open amount below its minimum",
    line: { item: 29, qty: 1, note: "081234567890", nominal: 5_000 },
    message:
      /^the Nominal of item 29 \(.+\) is below the minimum: it must be from Rp 10\.000 to Rp 2\.000\.000 in steps of Rp 1\.000; got Rp 5\.000\.$/,
  },
  {
    rule: "an open amount off its step",
    line: { item: 29, qty: 1, note: "081234567890", nominal: 10_500 },
    message:
      /^the Nominal of item 29 \(.+\) is not a multiple of Rp 1\.000: it must be from Rp 10\.000 to Rp 2\.000\.000 in steps of Rp 1\.000; got Rp 10\.500\.$/,
  },
  {
    rule: "an open amount above its maximum",
    line: { item: 29, qty: 1, note: "081234567890", nominal: 2_500_000 },
    message:
      /^the Nominal of item 29 \(.+\) is above the maximum: it must be from Rp 10\.000 to Rp 2\.000\.000 in steps of Rp 1\.000; got Rp 2\.500\.000\.$/,
  },
  {
    rule: "an open amount without its nominal",
    line: { item: 29, qty: 1, note: "081234567890" },
    message: /^item 29 \(.+\) is an open amount and is missing Nominal \(provider_qty\)\.$/,
  },
  {
    rule: "an open amount without its target",
    line: { item: 29, qty: 1, nominal: 50_000 },
    message: /^item 29 \(.+\) is an open amount and is missing Nomor HP \(note\)\.$/,
  },
  {
    rule: "a nominal for a fixed-price item",
    line: { item: 12, qty: 1, note: "081234567890", nominal: 50_000 },
    message: /^item 12 \(.+\) has a fixed price, so it takes no nominal: that is for open-amount items\.$/,
  },
];

type Door = "flags" | "cart" | "file";
const doors: Door[] = ["flags", "cart", "file"];

function argsFor(door: Door, line: Line, dir: string): { args: string[]; place: string } {
  if (door === "flags") {
    const args = ["buy", "--item", String(line.item), "--qty", String(line.qty)];
    if (line.note !== undefined) args.push("--note", line.note);
    if (line.target !== undefined) args.push("--target", line.target);
    if (line.nominal !== undefined) args.push("--nominal", String(line.nominal));
    return { args, place: "" };
  }
  if (door === "cart") {
    const path = join(dir, "cart.json");
    writeFileSync(
      path,
      JSON.stringify([
        {
          item_id: line.item,
          quantity: line.qty,
          ...(line.note !== undefined ? { note: line.note } : {}),
          ...(line.nominal !== undefined ? { nominal: line.nominal } : {}),
        },
      ]),
    );
    return { args: ["buy", "--cart", path], place: "cart line 1: " };
  }
  const path = join(dir, "orders.jsonl");
  writeFileSync(
    path,
    `${JSON.stringify({ item_id: line.item, quantity: line.qty, ...(line.note !== undefined ? { note: line.note } : {}), ...(line.target !== undefined ? { target: line.target } : {}), ...(line.nominal !== undefined ? { nominal: line.nominal } : {}) })}\n`,
  );
  return { args: ["buy", "--file", path], place: "orders.jsonl line 1: " };
}

describe.each(rules)("$rule", ({ line, message, doors: only }) => {
  it("is refused the same way by flags, cart and orders file: exit 2, same words, nothing sent", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    const before = harness.accountOf(reseller.apiKey).transactions.length;
    const words: string[] = [];
    for (const door of only ?? doors) {
      const { args, place } = argsFor(door, line, reseller.configDir);
      const r = await reseller.run(args, { mode: "json" });
      expect(r.exitCode, `${door}: ${r.stderr}`).toBe(2);
      const said: string = r.errorJson().error.message;
      expect(said.startsWith(place), `${door} names the line: ${said}`).toBe(true);
      words.push(said.slice(place.length));
    }
    expect(words[0]).toMatch(message);
    expect(new Set(words).size, words.join(" | ")).toBe(1);
    expect(harness.accountOf(reseller.apiKey).transactions).toHaveLength(before);
  });
});
