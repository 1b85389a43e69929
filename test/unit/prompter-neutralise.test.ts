/**
 * Every question shows service text through the neutraliser the tables use: a channel name or a field
 * the service asks for can carry OSC 52 (clipboard write), OSC 8 (hidden links), a window title, C1
 * controls, BiDi overrides and zero-width marks. The prompter applies it itself, so no caller can forget.
 */
import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createPrompter } from "../../src/output/prompter.js";
import { neutralize } from "../../src/output/sanitize.js";
import { Output } from "../../src/output/output.js";
import { until } from "../support/until.js";
import { en } from "../../src/messages/en.js";

const hostile = [
  "\u001b]52;c;aGVsbG8=\u0007", // OSC 52: writes the clipboard
  "\u001b]8;;https://evil.example/\u001b\\link\u001b]8;;\u001b\\", // OSC 8: a hidden link
  "\u001b]0;owned\u0007", // the window title
  "\u009d0;c1 title\u009c", // the same with 8-bit C1 controls
  "\u202eevil\u202c", // a BiDi override
  "pay\u200b\u200f\u2066here\u2069\ufeff", // zero-width, direction marks and isolates
];

function terminal() {
  const input = new PassThrough();
  let drawn = "";
  const output = new Writable({
    write(chunk, _encoding, done) {
      drawn += String(chunk);
      done();
    },
  });
  /** Where the last awaited drawing ended: each wait looks only at what was drawn after it. */
  let seen = 0;
  /** Types `keys` once the prompt has drawn `text`, as a person would. */
  const typeWhenDrawn = async (text: string, keys: string) => {
    const at = await until(
      `the prompt to draw ${JSON.stringify(text)}`,
      () => drawn.indexOf(text, seen) + 1 || undefined,
      5_000,
      5,
    );
    seen = at - 1 + text.length;
    input.write(keys);
  };
  return { input, output, drawn: () => drawn, typeWhenDrawn };
}

/** Only the escape sequences a prompt draws itself (CSI: cursor and colours) may reach the terminal. */
function expectNothingObeyed(drawn: string) {
  expect(drawn).not.toMatch(/\u001b\]/); // no OSC of any kind
  expect(drawn).not.toMatch(/[\u0007\u0080-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/);
}

describe("the prompter neutralises what it draws", () => {
  it("a select's message, choice names, descriptions, short answers and reasons for being disabled", async () => {
    const term = terminal();
    const prompter = createPrompter({
      input: term.input,
      output: term.output as unknown as NodeJS.WritableStream,
      signal: new AbortController().signal,
      say: en,
    });
    const choices = hostile.map((text, i) => ({
      name: `QRIS ${text}`,
      value: i,
      description: `fee ${text}`,
      short: `short ${text}`,
    }));
    choices.push({ name: "closed", value: 99, description: "", short: "", disabled: `closed ${hostile[0]}` } as never);
    const answer = prompter.select(`Payment channel ${hostile[2]}`, choices);
    await term.typeWhenDrawn("Payment channel", "\r");
    expect(await answer).toBe(0);
    expectNothingObeyed(term.drawn());
    expect(term.drawn()).toContain(neutralize(`QRIS ${hostile[0]}`));
    expect(term.drawn()).toContain("\\x1b]52;c;aGVsbG8=\\x07");
  });

  it("an input's question and its validation message", async () => {
    const term = terminal();
    const prompter = createPrompter({
      input: term.input,
      output: term.output as unknown as NodeJS.WritableStream,
      signal: new AbortController().signal,
      say: en,
    });
    const answer = prompter.input(`Zone ID for ${hostile.join(" ")}`, {
      validate: (v) => (v === "ok" ? true : `needed by ${hostile[4]}`),
    });
    await term.typeWhenDrawn("Zone ID for", "\r");
    await term.typeWhenDrawn("needed by", "ok\r");
    expect(await answer).toBe("ok");
    expectNothingObeyed(term.drawn());
    expect(term.drawn()).toContain("needed by \\u202eevil\\u202c");
    expect(term.drawn()).toContain("pay\\u200b\\u200f\\u2066here\\u2069\\ufeff");
  });

  it("a confirmation", async () => {
    const term = terminal();
    const prompter = createPrompter({
      input: term.input,
      output: term.output as unknown as NodeJS.WritableStream,
      signal: new AbortController().signal,
      say: en,
    });
    const answer = prompter.confirm(`Buy ${hostile.join(" ")}?`);
    await term.typeWhenDrawn("Buy ", "y\r");
    expect(await answer).toBe(true);
    expectNothingObeyed(term.drawn());
  });
});

describe("neutralize", () => {
  it("shows zero-width and direction marks instead of obeying them", () => {
    expect(neutralize("a\u200bb\u200ec\u200fd\u061ce\u2060f\ufeffg\u00adh")).toBe(
      "a\\u200bb\\u200ec\\u200fd\\u061ce\\u2060f\\ufeffg\\u00adh",
    );
    expect(neutralize("Rp 10.000 \u202e000.01 pR")).toBe("Rp 10.000 \\u202e000.01 pR");
    expect(neutralize("Pulsa Telkomsel 10.000, Kartu Perdana")).toBe("Pulsa Telkomsel 10.000, Kartu Perdana");
  });
});

describe("JSON lines on a terminal (buy --file --json)", () => {
  const print = (stdoutIsTTY: boolean) => {
    let out = "";
    const output = new Output({
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: () => undefined },
      mode: "json",
      stdoutIsTTY,
      stderrIsTTY: stdoutIsTTY,
      now: () => 0,
    });
    output.jsonLine({ ref_id: "r1", serial: "SN\u009b2J\u009d0;t\u009c\u202eevil\u200b\u2066x\u2069" });
    return out;
  };

  it("escapes C1, BiDi and zero-width characters where a terminal would obey them, and parses the same", () => {
    const shown = print(true);
    expect(shown).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069\u200b]/);
    expect(shown).toContain("SN\\u009b2J\\u009d0;t\\u009c\\u202eevil\\u200b\\u2066x\\u2069");
    expect(JSON.parse(shown)).toEqual(JSON.parse(print(false)));
  });

  it("piped, byte for byte as it came", () => {
    expect(print(false)).toContain("SN\u009b2J");
  });
});
