/**
 * Questions for a person at a terminal, drawn on stderr so stdout stays clean for results
 * (`reseller topup --json` in a terminal still prints pure JSON). Loaded only when a command
 * actually asks something.
 */
// The four prompts asked with, each its own package: the prompts package's index brings every other
// prompt too (the editor's, with iconv-lite and chardet).
import confirm from "@inquirer/confirm";
import input from "@inquirer/input";
import password from "@inquirer/password";
import select from "@inquirer/select";
import { InterruptedError } from "../errors.js";
import { neutralize } from "./sanitize.js";
import type { Messages } from "../messages/messages.js";

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
  /** What stays on the screen once chosen (defaults to `name`). */
  short?: string;
  /** Shown but not choosable; a string says why. */
  disabled?: boolean | string;
}

export interface Prompter {
  confirm(message: string, options?: { default?: boolean }): Promise<boolean>;
  /** `validate` runs on Enter and keeps the prompt open with its message; `transformer` redraws the typed text (e.g. as Rupiah). */
  input(
    message: string,
    options?: {
      default?: string;
      validate?: (value: string) => true | string;
      transformer?: (value: string, state: { isFinal: boolean }) => string;
    },
  ): Promise<string>;
  password(message: string, options?: { validate?: (value: string) => true | string }): Promise<string>;
  select<T>(message: string, choices: Choice<T>[], options?: { pageSize?: number; default?: T }): Promise<T>;
}

function keysInWords(keys: [key: string, action: string][], say: Messages): string {
  return keys.map(([key, action]) => `${key} ${say.prompts.keys[action] ?? action}`).join(" • ");
}

export function createPrompter(io: {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  signal: AbortSignal;
  /** The reader's catalogue: the answers and keys a prompt shows are in it. */
  say: Messages;
}): Prompter {
  const { say } = io;
  const context = { input: io.input, output: io.output, signal: io.signal };
  // Ctrl-C inside a prompt (raw mode: no SIGINT) and an aborted signal both become exit 130.
  const ask = async <T>(question: Promise<T>): Promise<T> => {
    try {
      return await question;
    } catch (error) {
      const name = (error as Error)?.name;
      // Every question comes before anything is sent or saved.
      if (name === "ExitPromptError" || name === "AbortPromptError" || name === "CancelPromptError")
        throw new InterruptedError((words) => words.errors.cancelled);
      throw error;
    }
  };
  // Questions quote the service (a channel's name, an item's, a field it asks for): every text a prompt
  // draws passes the neutraliser the tables use, here, so no caller can forget it.
  const shown = (text: string) => neutralize(text);
  const checked = (validate?: (value: string) => true | string) =>
    validate &&
    ((value: string) => {
      const verdict = validate(value);
      return verdict === true ? true : shown(verdict);
    });
  const shownChoice = <T>(choice: Choice<T>): Choice<T> => ({
    ...choice,
    name: shown(choice.name),
    description: choice.description === undefined ? undefined : shown(choice.description),
    short: choice.short === undefined ? undefined : shown(choice.short),
    disabled: typeof choice.disabled === "string" ? shown(choice.disabled) : choice.disabled,
  });
  return {
    confirm: (message, options = {}) =>
      ask(
        confirm(
          {
            message: shown(message),
            default: options.default ?? false,
            transformer: (answer) => (answer ? say.prompts.yes : say.prompts.no),
          },
          context,
        ),
      ),
    input: (message, options = {}) =>
      ask(
        input(
          {
            message: shown(message),
            default: options.default,
            validate: checked(options.validate),
            transformer: options.transformer,
          },
          context,
        ),
      ),
    password: (message, options = {}) =>
      ask(password({ message: shown(message), mask: "*", validate: checked(options.validate) }, context)),
    select: (message, choices, options = {}) =>
      ask(
        select(
          {
            message: shown(message),
            choices: choices.map(shownChoice),
            pageSize: options.pageSize ?? 10,
            default: options.default,
            // The keys under the list (`↑↓ navigate • ⏎ select`) in the reader's language.
            theme: { style: { keysHelpTip: (keys: [key: string, action: string][]) => keysInWords(keys, say) } },
          },
          context,
        ),
      ),
  };
}
