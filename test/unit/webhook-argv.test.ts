/**
 * The webhook commands' arguments as a table: argv in, the handler's options out, from the real
 * program declaration with a `run` that records instead of running.
 */
import { CommanderError, type CommandUnknownOpts as Command } from "@commander-js/extra-typings";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { buildProgram } from "../../src/program.js";

function all(command: Command): Command[] {
  return command.commands.flatMap((c) => [c, ...all(c)]);
}

async function parse(argv: string[]): Promise<{ command: string; options: unknown }> {
  let recorded: { command: string; options: unknown } | undefined;
  const program = buildProgram(async (command, _load, options) => {
    recorded = { command: `${command.parent?.name()} ${command.name()}`, options };
  });
  for (const c of [program, ...all(program)])
    c.exitOverride().configureOutput({
      writeOut: () => undefined,
      writeErr: () => undefined,
      outputError: () => undefined,
    });
  await program.parseAsync(argv, { from: "user" });
  if (!recorded) throw new Error(`no command ran for ${argv.join(" ")}`);
  return recorded;
}

describe("webhook argv", () => {
  it.each<[string[], string, unknown]>([
    [["webhook", "show"], "webhook show", {}],
    [
      ["webhook", "set", "--url", "https://bot.example/webhook"],
      "webhook set",
      { url: "https://bot.example/webhook", enable: false, disable: false },
    ],
    [["webhook", "set", "--disable"], "webhook set", { url: undefined, enable: false, disable: true }],
    [
      ["webhook", "set", "--url", "https://b.example/", "--enable"],
      "webhook set",
      { url: "https://b.example/", enable: true, disable: false },
    ],
    [["webhook", "test"], "webhook test", {}],
    [["webhook", "secret"], "webhook secret", { save: false, yes: false }],
    [["webhook", "secret", "--save", "-y"], "webhook secret", { save: true, yes: true }],
    [
      ["webhook", "listen"],
      "webhook listen",
      { port: undefined, host: undefined, forwardTo: undefined, exec: undefined },
    ],
    [
      ["webhook", "listen", "--port", "0", "--host", "0.0.0.0"],
      "webhook listen",
      { port: 0, host: "0.0.0.0", forwardTo: undefined, exec: undefined },
    ],
    [
      ["webhook", "listen", "--port", "9000", "--forward-to", "http://localhost:3000/hooks"],
      "webhook listen",
      { port: 9000, host: undefined, forwardTo: "http://localhost:3000/hooks", exec: undefined },
    ],
    [
      ["webhook", "listen", "--exec", "./on-order.sh --verbose", "--json"],
      "webhook listen",
      { port: undefined, host: undefined, forwardTo: undefined, exec: "./on-order.sh --verbose" },
    ],
    [
      ["webhook", "listen", "--max-age", "300"],
      "webhook listen",
      { port: undefined, host: undefined, forwardTo: undefined, exec: undefined, maxAge: 300 },
    ],
  ])("%j", async (argv, command, options) => {
    expect(await parse(argv)).toEqual({ command, options });
  });

  it.each([
    [["webhook", "listen", "--port", "-1"]],
    [["webhook", "listen", "--port", "http"]],
    [["webhook", "listen", "--port", "1.5"]],
    [["webhook", "listen", "--max-age", "0"]],
    [["webhook", "listen", "--max-age", "5m"]],
    [["webhook", "set", "--url"]],
    [["webhook", "secret", "abc123"]],
  ])("%j is a usage error", async (argv) => {
    // commander's own refusals, or a flag's rule speaking for itself: both are exit 2 usage errors.
    const error = await parse(argv).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error instanceof CommanderError || error instanceof UsageError, String(error)).toBe(true);
  });
});
