/**
 * `webhook listen` in Bahasa Indonesia, through the built binary and the emulator's own webhooks: the
 * lines a shop owner watches (where it listens, a delivery handed on, a forged one refused, a handler
 * that fails and is tried again, Ctrl-C naming the deliveries kept) speak Indonesian under an
 * Indonesian locale and say exactly what they said before in English; event names, ref_ids, delivery
 * ids and what the handler receives are the same in both.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { englishIn, indonesian, statusWords } from "../support/language.js";
import { useEmulator } from "../support/emulator.js";
import { postWebhook } from "../support/webhook-post.js";
import { makeTempDir } from "../support/temp-dir.js";
import { resellerAs } from "./commands-harness.js";
import { buy, makeSecret, pointServiceAt, until, useListeners } from "./webhook-harness.js";

const harness = useEmulator();
const { listen } = useListeners();

/** Lines a handler appended, `event status ref_id`. */
const lines = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : []);

/** One run of the scenario: an order handed on, one whose handler fails, a forged delivery, then Ctrl-C. */
async function scenario(account: string, tag: string, language: Record<string, string>) {
  const reseller = resellerAs(harness, harness.apiKeyOf(account));
  await makeSecret(reseller);
  const dir = makeTempDir("reseller-handler-");
  const calls = join(dir, "calls");
  const failing = `wh-${tag}-fail`;
  const handled = `wh-${tag}-ok`;
  // Fails, saying nothing, for one order; for the others notes what it was given.
  const handler = [
    `echo "$RESELLER_EVENT $RESELLER_STATUS $RESELLER_REF_ID" >> "${dir}/tries"`,
    `[ "$RESELLER_REF_ID" = ${failing} ] && exit 1`,
    `echo "$RESELLER_EVENT $RESELLER_STATUS $RESELLER_REF_ID" >> "${calls}"`,
    "exit 0",
  ].join("\n");
  const listener = await listen(reseller, ["--exec", handler], {
    mode: "table",
    env: { ...language, COLUMNS: "100" },
  });
  await pointServiceAt(reseller, listener.url);
  await buy(reseller, ["--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", handled]);
  await buy(reseller, ["--item", "12", "--qty", "1", "--note", "081298765432", "--ref-id", failing]);
  harness.emulator.clock.advance(6_000);
  await until("the delivered order handed on", () =>
    lines(calls).some((line) => line === `order.completed completed ${handled}`),
  );
  await until(
    "the failing order tried twice",
    () => lines(join(dir, "tries")).filter((l) => l.endsWith(failing)).length >= 2,
  );
  const forged = await postWebhook(
    listener.url,
    { event: "order.completed", data: { ref_id: `wh-${tag}-forged`, invoice: "INV-X", status: "completed" } },
    { "x-event": "order.completed", "x-signature": "0".repeat(64) },
  );
  expect(forged.status).toBe(401);
  await until("the refusal on stderr", () => listener.stderr().includes(`wh-${tag}-forged`));
  const stopped = await listener.stop();
  expect(stopped.exitCode, stopped.stderr).toBe(0);
  return {
    ...stopped,
    /** stderr with its line wrapping undone. */
    said: stopped.stderr.replace(/\s+/g, " "),
    calls: lines(calls).map((line) => line.split(" ").slice(0, 2).join(" ")),
  };
}

describe("webhook listen speaks the reader's language", () => {
  it("in Indonesian: listening, handed on, refused, failing and tried again, the deliveries kept at Ctrl-C", async () => {
    const { said, stderr, stdout, calls } = await scenario("Sumber Rejeki Cell", "id", indonesian);
    expect(said).toMatch(/Menunggu webhook di http:\/\/127\.0\.0\.1:\d+\/webhook/);
    expect(said).toMatch(
      /Keaslian tiap event diperiksa dengan webhook secret dari profil "default" \(\*{4}\S+\); `[^`]+` dijalankan untuk tiap event\./,
    );
    expect(said).toMatch(/Tiap event order dikonfirmasi dengan GET \/v1\/trx sebelum dicetak atau diteruskan/);
    expect(said).toMatch(/Tekan Ctrl-C untuk berhenti\./);
    expect(said).toMatch(
      /Menolak order\.completed untuk wh-id-forged dari 127\.0\.0\.1: tanda tangannya tidak cocok \(secret lain, atau isinya diubah\); dijawab 401\./,
    );
    expect(said).toMatch(
      /Order\.paid untuk wh-id-fail belum diteruskan: `[^`]+` keluar dengan kode 1; dicoba lagi dalam 1 detik\./,
    );
    expect(said).toMatch(/Berhenti: menyelesaikan kiriman yang sedang berjalan\./);
    expect(said).toMatch(
      /\d kiriman disimpan untuk diteruskan saat mulai lagi: order\.paid untuk wh-id-fail \(whd_[0-9a-f]{32}\)[,.]/,
    );
    // The delivered order's line: its verdict, item and customer, and the serial number under its Indonesian name.
    expect(stdout.replace(/\s+/g, " ")).toMatch(
      /order\.completed wh-id-ok INV-\S+ berhasil Pulsa Telkomsel 10\.000 → 081234567890 SN \d{20}/,
    );
    expect(englishIn(stderr.replace(/\*{4}\S+/g, " "))).toEqual([]);
    // The service's status words too: the event names (order.paid) are what the service calls them.
    expect(englishIn(stdout.replace(/\border\.[a-z_.]+/g, " "), statusWords)).toEqual([]);
    // What the handler is given does not follow the language.
    expect(calls).toEqual(["order.paid paid", "order.completed completed"]);
  });

  it("in English, unchanged", async () => {
    const { said, stdout, calls } = await scenario("Mandiri Pulsa Center", "en", {});
    expect(said).toMatch(/Listening on http:\/\/127\.0\.0\.1:\d+\/webhook/);
    expect(said).toMatch(
      /Verifying signatures with the webhook secret from profile "default" \(\*{4}\S+\); running `[^`]+` for each event\./,
    );
    expect(said).toMatch(/Press Ctrl-C to stop\./);
    expect(said).toMatch(
      /Refused order\.completed for wh-en-forged from 127\.0\.0\.1: the signature does not match \(another secret, or a changed body\); answered 401\./,
    );
    expect(said).toMatch(/Order\.paid for wh-en-fail not handed on yet: `[^`]+` exited with 1; trying again in 1 s\./);
    expect(said).toMatch(/Stopping: finishing the deliveries under way\./);
    expect(said).toMatch(
      /\d deliver(y is|ies are) kept to hand on at the next start: order\.paid for wh-en-fail \(whd_[0-9a-f]{32}\)[,.]/,
    );
    // The serial labelled SN, the one word the glossary has for it in both languages.
    expect(stdout.replace(/\s+/g, " ")).toMatch(
      /order\.completed wh-en-ok INV-\S+ completed \(delivered\) Pulsa Telkomsel 10\.000 → 081234567890 SN \d{20}/,
    );
    expect(calls).toEqual(["order.paid paid", "order.completed completed"]);
  });
});

describe("webhook secret, set, show and test speak the reader's language", () => {
  it("in Indonesian on a terminal; piped, show's keys and values are the same bytes as in English", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const secret = await reseller.run(["webhook", "secret", "--save"], { env: indonesian });
    expect(secret.exitCode, secret.stderr).toBe(0);
    expect(secret.stderr).toContain(
      "Hanya kali ini layanan menampilkan secret ini; simpan sekarang (siapa pun yang memilikinya bisa memalsukan webhook).",
    );
    expect(secret.stderr).toMatch(
      /Disimpan sebagai webhook_secret profil "default" \(\*{4}\S+\); `reseller webhook listen` memakainya\./,
    );
    expect(englishIn(secret.stderr.replace(/\*{4}\S+/g, " "))).toEqual([]);

    const plainHttp = await reseller.run(["webhook", "set", "--url", "http://toko.example.com/hook"], {
      env: indonesian,
    });
    expect(plainHttp.exitCode).toBe(2);
    expect(plainHttp.stderr).toContain(
      "--url harus https:// untuk toko.example.com: http biasa hanya untuk mesin ini (localhost).",
    );
    expect(englishIn(plainHttp.stderr)).toEqual([]);

    const set = await reseller.run(["webhook", "set", "--url", "http://127.0.0.1:9/webhook"], {
      mode: "table",
      env: indonesian,
    });
    expect(set.exitCode, set.stderr).toBe(0);
    // Only saved, nothing sent yet; what the service said is its own text, quoted, not spliced in.
    expect(set.stderr).toMatch(
      /Disimpan: layanan akan mengirim webhook ke http:\/\/127\.0\.0\.1:9\/webhook \(layanan: "[^"]+"\)\./,
    );
    expect(englishIn(set.stderr.replace(/\(layanan: "[^"]*"\)/g, ""))).toEqual([]);
    expect(set.stderr).toContain("Kirim event uji coba dengan `reseller webhook test`.");

    const shown = await reseller.run(["webhook", "show"], { mode: "table", env: indonesian });
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^Aktif +ya$/m);
    expect(englishIn(shown.stdout + shown.stderr)).toEqual([]);
    const english = await reseller.run(["webhook", "show"], { mode: "table" });
    expect(english.stdout).toMatch(/^Enabled +yes$/m);
    const [pipedId, pipedEn] = await Promise.all([
      reseller.run(["webhook", "show"], { env: indonesian }),
      reseller.run(["webhook", "show"]),
    ]);
    expect(pipedId.stdout).toBe(pipedEn.stdout);
    expect(pipedId.stdout).toMatch(/^enabled\ttrue$/m);

    const test = await reseller.run(["webhook", "test"], { mode: "table", env: indonesian });
    expect(test.exitCode, test.stderr).toBe(0);
    expect(test.stderr).toMatch(/Layanan sedang mengirim event webhook\.test/);
    expect(test.stderr).toContain("`reseller webhook listen` mencetaknya begitu tiba.");
    expect(englishIn(test.stdout + test.stderr)).toEqual([]);
  });
});
