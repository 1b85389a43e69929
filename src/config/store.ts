/**
 * Profiles (base URL, API key, settings) in one file for all profiles, `config.json` under the
 * config dir (0700), mode 0600. Every command reads it, so reading is a plain JSON read; saving
 * replaces the file whole (a new file renamed over it). Neither follows a symbolic link.
 *
 * A damaged file must not lock its owner out. Each stored setting is checked when it is used, so a
 * bad max_retries stops what needs retries, not `config set max_retries 3`, which repairs it. A file
 * that cannot be read or is not JSON stops whatever needs a stored value, and is never written over
 * (its other profiles would be lost); `config path` and commands that need no stored value still work.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { UsageError, type Wording } from "../errors.js";
import type { Messages } from "../messages/en.js";
import { fileProblem, notALock, isDiskFull, quietly, readOwnFile, replaceOwnFile } from "./config-dir.js";
import { whileLocked } from "./file-lock.js";
import {
  definitions,
  holdsSetting,
  type Profile,
  type ProfileKey,
  profileKeys,
  repairCommand,
  storedRule,
} from "./definitions.js";

export type { Profile } from "./definitions.js";

export interface ConfigFile {
  profiles?: Record<string, Profile>;
  [extra: string]: unknown;
}

export const configFileName = "config.json";
/** How long a save waits for another process's save. */
const waitForSaveMs = 5_000;

export type StoredKey = ProfileKey;

/** A known setting's stored value that it cannot use (other keys are kept as they are). */
function breaks(key: StoredKey, value: unknown): boolean {
  return value !== undefined && !holdsSetting(key, value);
}

/** A stored value as an error may quote it: a secret only by its kind, anything else shortened. */
function quoted(key: StoredKey, value: unknown, say: Messages): string {
  if (definitions[key].check.type === "secret")
    return value === null ? "null" : Array.isArray(value) ? say.settings.aList : say.settings.aKind(typeof value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * Where the JSON breaks, as a line and column. Not the parser's own words: they quote the text
 * around the fault, which may be the API key.
 */
function whereBroken(text: string, error: unknown, say: Messages): string {
  const position = /at position (\d+)/.exec((error as Error).message)?.[1];
  if (position === undefined) return text.trim() === "" ? say.settings.itIsEmpty : "";
  const before = text.slice(0, Number(position)).split("\n");
  return say.settings.atLineColumn(before.length, (before.at(-1) ?? "").length + 1);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export class ConfigStore {
  readonly dir: string;
  private cache: ConfigFile | undefined;

  constructor(dir: string) {
    this.dir = dir;
  }

  get path(): string {
    return join(this.dir, configFileName);
  }

  /** The whole file; a missing one is a store without profiles. */
  read(): ConfigFile {
    if (this.cache) return this.cache;
    // The file is opened without following a link, but the dir could still be one: a key saved
    // through it lands wherever it points, and a config read through it says where to send the key.
    // The records refuse such a dir too, so a login that worked would leave every purchase refused.
    if (quietly(() => lstatSync(this.dir, { throwIfNoEntry: false }))?.isSymbolicLink()) {
      const { dir } = this;
      throw new UsageError((say) => say.settings.dirIsLink(dir), {
        code: "CONFIG_UNREADABLE",
        suggestion: (say) => say.records.isLinkHint,
      });
    }
    let text: string | undefined;
    try {
      text = readOwnFile(this.path);
    } catch (error) {
      throw this.unreadable(error);
    }
    if (text === undefined) return (this.cache = {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw this.invalid((say) => say.settings.notJson(whereBroken(text, error, say)));
    }
    const profiles = isRecord(parsed) ? parsed.profiles : undefined;
    if (
      !isRecord(parsed) ||
      (profiles !== undefined && (!isRecord(profiles) || !Object.values(profiles).every(isRecord)))
    ) {
      throw this.invalid((say) => say.settings.notProfiles);
    }
    return (this.cache = parsed as ConfigFile);
  }

  /**
   * One profile's record as stored, every value as it is: what a save merges into. Use `setting`
   * for a value to act on.
   */
  profile(name: string): Profile {
    return this.read().profiles?.[name] ?? {};
  }

  /** One stored setting, checked: a wrong value is named with its fix, never half-used. */
  setting(name: string, key: StoredKey): unknown {
    const value = this.profile(name)[key];
    if (breaks(key, value)) throw this.badValue(name, key, value);
    return value;
  }

  /** Every known setting of the profile whose stored value is wrong, each as the error using it would meet. */
  problems(name: string): UsageError[] {
    const profile = this.profile(name);
    return profileKeys.filter((key) => breaks(key, profile[key])).map((key) => this.badValue(name, key, profile[key]));
  }

  profileNames(): string[] {
    return Object.keys(this.read().profiles ?? {});
  }

  /**
   * Replaces one profile's record; `undefined` values are removed. A value it changes must be right;
   * wrong values it leaves alone stay as they were, so one setting at a time can be put right.
   */
  async writeProfile(name: string, profile: Profile): Promise<void> {
    await this.underLock(() => this.saveProfile(name, () => profile));
  }

  /**
   * Changes some settings of one profile as it is on disk when saved, keeping the rest; an
   * `undefined` value removes that setting. What `config set`, `login` and `logout` use: read and
   * written under the lock, so two at once both land. A change that depends on what is stored (a
   * list one entry of which changes) is given as a function of the stored record, called under the lock.
   */
  async changeProfile(name: string, changes: Profile | ((stored: Profile) => Profile)): Promise<void> {
    await this.underLock(() =>
      this.saveProfile(name, (stored) => ({
        ...stored,
        ...(typeof changes === "function" ? changes(stored) : changes),
      })),
    );
  }

  /**
   * Under the config's lock: two saves at once would each read the file before the other wrote
   * it, and one's change would be lost.
   */
  private async underLock(save: () => void): Promise<void> {
    await whileLocked(
      `${this.path}.lock`,
      waitForSaveMs,
      {
        cannotLock: (error, lock) => notALock(lock, error, "CONFIG_UNWRITABLE") ?? this.unwritable(error),
        busy: () =>
          new UsageError((say) => say.settings.busy(this.path, waitForSaveMs / 1000), {
            code: "CONFIG_BUSY",
            suggestion: (say) => say.settings.busyHint,
          }),
      },
      save,
    );
  }

  /** Reads the file again (another reseller may have saved since this one started), puts one profile's new record in, saves. */
  private saveProfile(name: string, change: (stored: Profile) => Profile): void {
    this.cache = undefined;
    const file = this.read();
    const before = file.profiles?.[name] ?? {};
    const profile = change(before);
    for (const key of profileKeys) {
      const value = profile[key];
      if (value !== before[key] && breaks(key, value)) throw this.badValue(name, key, value);
    }
    const clean = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
    const profiles = { ...(file.profiles ?? {}) };
    if (Object.keys(clean).length === 0) delete profiles[name];
    else profiles[name] = clean;
    const next: ConfigFile = { ...file, profiles };
    try {
      replaceOwnFile(this.path, `${JSON.stringify(next, null, "\t")}\n`);
    } catch (error) {
      throw this.unwritable(error);
    }
    this.cache = next;
  }

  private badValue(name: string, key: StoredKey, value: unknown): UsageError {
    return this.invalid(
      (say) => say.settings.badValue(quoted(key, value, say), key, name, storedRule(key, say)),
      (say) => say.settings.repairValue(`${repairCommand(key, say)}${name === "default" ? "" : ` --profile ${name}`}`),
    );
  }

  private invalid(what: Wording, suggestion: Wording = (say) => say.settings.repairFile): UsageError {
    const { path } = this;
    return new UsageError((say) => say.settings.configInvalid(path, what(say)), { code: "CONFIG_INVALID", suggestion });
  }

  private unreadable(error: unknown): UsageError {
    const { path, dir } = this;
    const permission: Wording = (say) => say.settings.giveReadAccess(path);
    const suggestions: Record<string, Wording> = {
      ELOOP: (say) => say.settings.linkRefused,
      ENOTDIR: (say) => say.settings.pointAtDir(dir),
      EACCES: permission,
      EPERM: permission,
    };
    const suggestion: Wording =
      suggestions[(error as NodeJS.ErrnoException).code ?? ""] ?? ((say) => say.settings.moveAside(path));
    return new UsageError((say) => say.settings.cannotRead(path, fileProblem(error, say)), {
      code: "CONFIG_UNREADABLE",
      suggestion,
    });
  }

  private unwritable(error: unknown): UsageError {
    const { path, dir } = this;
    const suggestion: Wording = isDiskFull(error)
      ? (say) => say.settings.freeDisk
      : (say) => say.settings.makeWritable(dir);
    return new UsageError((say) => say.settings.cannotSave(path, fileProblem(error, say)), {
      code: "CONFIG_UNWRITABLE",
      suggestion,
    });
  }
}
