/**
 * One customer, one key, however written: a mobile number in any spelling, a game account as id and
 * zone whichever way written, an SMM target as the page it names. What is sent is the service's form,
 * what the user typed is kept beside it, and an orders file's ref_ids still come from the row as written.
 */
import { describe, expect, it } from "vitest";
import { checkLineForms } from "../../src/orders/check-line.js";
import { lineKey } from "../../src/orders/repeats.js";
import { repeatKey } from "../../src/rules/customer.js";
import { customerKey, shownCustomer } from "../../src/rules/customer.js";
import { testItem } from "../support/items.js";

const pulsa = testItem({ id: 12, name: "Pulsa Telkomsel 10.000", category: "Pulsa" });
const mobileLegends = testItem({
  id: 21,
  name: "Mobile Legends 86 Diamonds",
  category: "Top Up Game",
  accountCheck: { available: true, requiresZoneId: true },
});
const followers = testItem({ id: 23, name: "Instagram Followers", orderProcess: "smm", isSmm: true, minOrder: 100 });

describe("one customer key", () => {
  it.each<[string, string[]]>([
    ["085744445555", ["+62 857 4444 5555", "6285744445555", "0857-4444-5555", " 0857 4444 5555 "]],
    ["081322223333", ["62 813-2222-3333", "+6281322223333"]],
    ["12345678|1234", ["12345678(1234)", "12345678 1234", "12345678|1234", " 12345678 ( 1234 ) "]],
    [
      "instagram.com/tokoku",
      [
        "https://instagram.com/tokoku",
        "https://instagram.com/tokoku/",
        "https://www.instagram.com/tokoku",
        "instagram.com/tokoku",
        "http://Instagram.COM/tokoku?x=1",
        "https://instagram.com/tokoku#top",
      ],
    ],
  ])("%s is every spelling of one customer", (key, spellings) => {
    for (const spelling of spellings) expect(customerKey(spelling), spelling).toBe(key);
  });

  it("other pages and accounts stay apart", () => {
    expect(customerKey("https://instagram.com/tokoku2")).not.toBe(customerKey("https://instagram.com/tokoku"));
    expect(customerKey("https://tiktok.com/tokoku")).not.toBe(customerKey("https://instagram.com/tokoku"));
    // A video named by its query is the page itself.
    expect(customerKey("https://www.youtube.com/watch?v=aaa111&t=4")).toBe(customerKey("youtube.com/watch?v=aaa111"));
    expect(customerKey("https://youtube.com/watch?v=aaa111")).not.toBe(
      customerKey("https://youtube.com/watch?v=bbb222"),
    );
    expect(customerKey("12345678(1235)")).not.toBe(customerKey("12345678(1234)"));
    expect(customerKey("081322223334")).not.toBe(customerKey("081322223333"));
  });

  it("a mobile number is sent and shown in its national form; what was typed is kept beside it", () => {
    const line = checkLineForms(pulsa, { quantity: 1, opt: [], note: "+62 857 4444 5555" }, "");
    expect(line).toEqual({ note: "085744445555", written: "+6285744445555", typed: { note: "+62 857 4444 5555" } });
    expect(checkLineForms(pulsa, { quantity: 1, opt: [], note: "085744445555" }, "").typed).toBeUndefined();
    expect(shownCustomer("+6285744445555")).toBe("085744445555");
  });

  it("a game account is sent as id|zone however written, with --zone-id too", () => {
    for (const note of ["12345678(1234)", "12345678 1234", "12345678|1234"])
      expect(checkLineForms(mobileLegends, { quantity: 1, opt: [], note }, "").note, note).toBe("12345678|1234");
    const flags = checkLineForms(mobileLegends, { quantity: 1, opt: [], note: "87654321", zoneId: "2468" }, "");
    expect(flags).toEqual({
      note: "87654321|2468",
      written: "87654321(2468)",
      typed: { note: "87654321", zone_id: "2468" },
    });
    expect(repeatKey(21, 1, flags.note)).toBe(repeatKey(21, 1, "87654321|2468"));
  });

  it("SMM targets of the same page are one order for the repeat check", () => {
    const note = (target: string) => checkLineForms(followers, { quantity: 100, opt: [], target }, "").note;
    const key = repeatKey(23, 100, note("https://instagram.com/tokoku"));
    for (const target of ["https://instagram.com/tokoku/", "www.instagram.com/tokoku", "instagram.com/tokoku?x=1"])
      expect(repeatKey(23, 100, note(target)), target).toBe(key);
  });

  it("an orders file's ref_ids come from the row as written, as earlier releases derived them", () => {
    // Earlier releases sent a number with its separators left out, and --zone-id as id(zone): the derived key stays.
    const row = checkLineForms(pulsa, { quantity: 1, opt: [], note: "+62 812-3456-7890" }, "");
    expect(lineKey(12, 1, row.written)).toBe(JSON.stringify([12, 1, "+6281234567890"]));
    const game = checkLineForms(mobileLegends, { quantity: 1, opt: [], note: "12345678(1234)" }, "");
    expect(lineKey(21, 1, game.written)).toBe(JSON.stringify([21, 1, "12345678(1234)"]));
  });
});
