/**
 * The catalogues: every English message has its Indonesian one and no more, each says the same
 * things it is given (a placeholder dropped or added is a sentence that lies), and the language is
 * chosen as the settings say: flag > RESELLER_LANG > profile > locale > English.
 */
import { describe, expect, it } from "vitest";
import { en, whenRead } from "../../src/messages/en.js";
import { id } from "../../src/messages/id.js";
import { chooseLanguage, languageFlagOf, localeLanguage } from "../../src/messages/language.js";
import type { CommandUnknownOpts } from "@commander-js/extra-typings";
import { catalogueOf } from "../../src/messages/messages.js";
import { buildProgram, commands } from "../../src/program.js";
import type { CommandDeclaration } from "../../src/registry/declaration.js";
import { englishIn } from "../support/language.js";

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ""): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === "object"
      ? leaves(value as Tree, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

/** A message called with a marker for each parameter; a one-item array reads as a string and as a list. */
// biome-ignore lint/complexity/noBannedTypes: a message of any parameters
function said(message: Function): string {
  const markers = Array.from({ length: message.length }, (_, i) => [`⟦${i}⟧`]);
  try {
    return String(message(...markers));
  } catch {
    return String(message(...markers.map(([marker]) => marker)));
  }
}

const markersIn = (text: string) => [...text.matchAll(/⟦\d+⟧/g)].map((m) => m[0]).sort();

describe("a catalogue built when first read", () => {
  it("is not built by being handed on through a promise, which asks it for `then`", async () => {
    let built = 0;
    const words = whenRead(() => {
      built++;
      return en;
    });
    const handedOn = await Promise.resolve(words);
    expect(built).toBe(0);
    expect(handedOn.help.usage).toBe(en.help.usage);
    expect(built).toBe(1);
  });
});

describe("the catalogues", () => {
  // `declared` is keyed by the English help itself, `commandHelp` by command path: English has no
  // entries in either, the tests below check them.
  const { declared: _en, commandHelp: _enHelp, ...englishTree } = en;
  const { declared: _id, commandHelp: _idHelp, ...indonesianTree } = id;
  const english = new Map(leaves(englishTree));
  const indonesian = new Map(leaves(indonesianTree));

  it("have the same messages", () => {
    expect([...indonesian.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("give each message the same placeholders in both languages, and nothing empty", () => {
    for (const [key, message] of english) {
      const other = indonesian.get(key);
      expect(typeof other, key).toBe(typeof message);
      if (typeof message === "function" && typeof other === "function") {
        expect(other.length, key).toBe(message.length);
        expect(markersIn(said(other)), key).toEqual(markersIn(said(message)));
      } else {
        expect(String(other).trim(), key).not.toBe("");
      }
    }
  });

  it("say Indonesian words in Indonesian: no message is left as the English one", () => {
    // Words Indonesian resellers write as English does (docs/glossary.md): not English left behind.
    const alike = new Set([
      "status",
      "invoice",
      "token",
      "total",
      "api key",
      "min. order",
      "order",
      "provider",
      "nominal",
      "margin",
      "markup",
      "secret",
      "sandbox",
    ]);
    const same = [...english].filter(
      ([key, message]) =>
        typeof message === "string" &&
        message === indonesian.get(key) &&
        !alike.has(message.toLowerCase()) &&
        /[a-z]{4,}/.test(message.replace(/`[^`]*`|--[\w-]+|[A-Z_]{3,}/g, "")),
    );
    expect(same.map(([key]) => key)).toEqual([]);
  });
});

describe("the help declared beside the commands", () => {
  /** Every command's help as Indonesian shows it. */
  async function helpInIndonesian() {
    const screens: { path: string; screen: string }[] = [];
    const walk = (cmd: CommandUnknownOpts, path: string) => {
      let screen = "";
      cmd.configureOutput({ writeOut: (text) => (screen += text), writeErr: (text) => (screen += text) });
      cmd.outputHelp();
      screens.push({ path, screen });
      for (const sub of cmd.commands) walk(sub, `${path} ${sub.name()}`);
    };
    walk(buildProgram((() => undefined) as never, { say: catalogueOf("id") }), "reseller");
    return { screens };
  }

  /** What each command's help says in English, by the path and name the translations are keyed by. */
  function declaredTexts(): Map<string, string> {
    const texts = new Map<string, string>();
    const add = (key: string, text: string | undefined) => {
      if (text) texts.set(key, text);
    };
    const declarations = new Map<string, CommandDeclaration>();
    const byPath = (declaration: CommandDeclaration, path: string) => {
      declarations.set(path, declaration);
      for (const sub of declaration.commands ?? []) byPath(sub, `${path} ${sub.name}`);
    };
    for (const declaration of commands) byPath(declaration, declaration.name);
    const walk = (cmd: CommandUnknownOpts, path: string) => {
      add(`${path}|summary`, cmd.description());
      for (const a of cmd.registeredArguments) add(`${path}|arguments.${a.name()}`, a.description);
      for (const o of cmd.options) add(`${path}|options.${o.long ?? o.short}`, o.description);
      const declaration = declarations.get(path);
      for (const part of ["piped", "details", "about"] as const) add(`${path}|${part}`, declaration?.[part]);
      for (const line of declaration?.examples ?? []) {
        const comment = / #\s+(.+)$/.exec(line);
        if (comment) add(`${path}|comments.${line.slice(0, comment.index).trimEnd()}`, comment[1]);
      }
      for (const sub of cmd.commands) walk(sub, path ? `${path} ${sub.name()}` : sub.name());
    };
    walk(buildProgram((() => undefined) as never), "");
    return texts;
  }

  it("has an Indonesian text for every description, flag, argument, example comment and paragraph of every command, and none for what is not declared", () => {
    const declared = declaredTexts();
    expect(declared.size).toBeGreaterThan(150);
    const translated = new Set(
      Object.entries(id.commandHelp).flatMap(([path, words]) =>
        Object.entries(words).flatMap(([part, said]) =>
          typeof said === "string"
            ? [`${path}|${part}`]
            : Object.keys(said as Record<string, string>).map((name) => `${path}|${part}.${name}`),
        ),
      ),
    );
    expect([...declared.keys()].filter((key) => !translated.has(key))).toEqual([]);
    expect([...translated].filter((key) => !declared.has(key))).toEqual([]);
  });

  it("leaves no English words of the tool's own on any command's help", async () => {
    const { screens } = await helpInIndonesian();
    const english = screens
      .map(({ path, screen }) => {
        // The usage line names the command, and the emulator's paths are the service's (GET /v1/item).
        const words = englishIn(screen.replace(/^Cara pakai: .*$/m, "").replace(/\/v1\/\w+/g, ""));
        return words.length ? `${path}: ${words.join(", ")}` : "";
      })
      .filter(Boolean);
    expect(english).toEqual([]);
  });
});

describe("choosing the language", () => {
  it("reads the locale as POSIX does: the first of LC_ALL, LC_MESSAGES, LANG that is set", () => {
    expect(localeLanguage({ LANG: "id_ID.UTF-8" })).toBe("id");
    expect(localeLanguage({ LANG: "id" })).toBe("id");
    expect(localeLanguage({ LC_MESSAGES: "id-ID", LANG: "en_US.UTF-8" })).toBe("id");
    expect(localeLanguage({ LC_ALL: "C", LANG: "id_ID.UTF-8" })).toBeUndefined();
    expect(localeLanguage({ LANG: "C.UTF-8" })).toBeUndefined();
    expect(localeLanguage({ LANG: "en_US.UTF-8" })).toBe("en");
    expect(localeLanguage({ LC_ALL: "", LANG: "id_ID.UTF-8" })).toBe("id");
    expect(localeLanguage({ LANG: "ida_XX" })).toBe("en");
    expect(localeLanguage({})).toBeUndefined();
  });

  it("takes the flag over the environment over the profile over the locale", () => {
    const locale = { LANG: "id_ID.UTF-8" };
    expect(chooseLanguage("en", { ...locale, RESELLER_LANG: "id" }, () => "id")).toEqual({
      language: "en",
      source: "flag",
    });
    expect(chooseLanguage(undefined, { ...locale, RESELLER_LANG: "en" }, () => "id")).toEqual({
      language: "en",
      source: "environment",
    });
    expect(chooseLanguage(undefined, locale, () => "en")).toEqual({ language: "en", source: "profile" });
    expect(chooseLanguage(undefined, locale, () => undefined)).toEqual({ language: "id", source: "locale" });
    expect(chooseLanguage(undefined, {}, () => undefined)).toEqual({ language: "en", source: "default" });
  });

  it("finds --lang in argv as commander would, not after --", () => {
    expect(languageFlagOf(["balance", "--lang", "id"])).toBe("id");
    expect(languageFlagOf(["--lang=en", "balance"])).toBe("en");
    expect(languageFlagOf(["buy", "--", "--lang", "id"])).toBeUndefined();
  });
});
