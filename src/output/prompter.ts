/**
 * Questions for a person at a terminal, drawn on stderr so stdout stays clean for results
 * (`reseller topup --json` in a terminal still prints pure JSON). Loaded only when a command
 * actually asks something.
 */
import { confirm, input, password, select } from "@inquirer/prompts";
import { InterruptedError } from "../errors.js";

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
    options?: { default?: string; validate?: (value: string) => true | string; transformer?: (value: string, state: { isFinal: boolean }) => string },
  ): Promise<string>;
  password(message: string, options?: { validate?: (value: string) => true | string }): Promise<string>;
  select<T>(message: string, choices: Choice<T>[], options?: { pageSize?: number; default?: T }): Promise<T>;
}

export function createPrompter(io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; signal: AbortSignal }): Prompter {
  const context = { input: io.input, output: io.output, signal: io.signal };
  // Ctrl-C inside a prompt (raw mode: no SIGINT) and an aborted signal both become exit 130.
  const ask = async <T>(question: Promise<T>): Promise<T> => {
    try {
      return await question;
    } catch (error) {
      const name = (error as Error)?.name;
      // Every question comes before anything is sent or saved.
      if (name === "ExitPromptError" || name === "AbortPromptError" || name === "CancelPromptError") throw new InterruptedError("Cancelled; nothing was sent.");
      throw error;
    }
  };
  return {
    confirm: (message, options = {}) => ask(confirm({ message, default: options.default ?? false }, context)),
    input: (message, options = {}) => ask(input({ message, default: options.default, validate: options.validate, transformer: options.transformer }, context)),
    password: (message, options = {}) => ask(password({ message, mask: "*", validate: options.validate }, context)),
    select: (message, choices, options = {}) => ask(select({ message, choices, pageSize: options.pageSize ?? 10, default: options.default }, context)),
  };
}
