import type { AccountRecord } from "./catalogue.js";
import { jakartaMonth } from "./clock.js";
import { transactionProgress } from "./fulfilment.js";
import type { EmulatedService } from "./service.js";
import { refundedTotal } from "./state.js";

const LEADERBOARD_SIZE = 10;
/** Own-ranking points: one per Rp 1.000 spent this month, net of refunds. */
const RUPIAH_PER_POINT = 1_000;
/** What a rival's sales made outside the emulator are taken to have cost, for their points. */
const RIVAL_AVERAGE_SALE = 25_000;

/** "Toko Makmur Jaya" -> "To** Ma**** Ja**": each word keeps its first two letters (one if it is that short). */
export function maskName(name: string): string {
  return name
    .split(" ")
    .map((word) => {
      const kept = word.length > 2 ? 2 : 1;
      return word.slice(0, kept) + "*".repeat(Math.max(word.length - kept, 1));
    })
    .join(" ");
}

interface Standing {
  account: AccountRecord;
  totalTransactions: number;
  spent: number;
}

/**
 * This month's standings (WIB month of the emulator clock). Rivals carry a fixed count of sales made
 * elsewhere; every account's own transactions this month are added, except those that failed.
 * Ties keep the seeded order, so ranks are stable.
 */
function standings(service: EmulatedService): Standing[] {
  const now = service.now();
  const month = jakartaMonth(now);
  const list = service.state.accounts.map((account) => ({
    account,
    totalTransactions: account.baseMonthlyTransactions,
    spent: account.baseMonthlyTransactions * RIVAL_AVERAGE_SALE,
  }));
  for (const transaction of service.state.transactions) {
    if (jakartaMonth(transaction.createdAt) !== month) continue;
    if (transactionProgress(transaction, now).status === "failed") continue;
    const standing = list.find((candidate) => candidate.account.apiKey === transaction.apiKey);
    if (!standing) continue;
    standing.totalTransactions += 1;
    standing.spent += transaction.amount - refundedTotal(transaction);
  }
  return list.sort((a, b) => b.totalTransactions - a.totalTransactions);
}

/** One account's place this month; its name masked as the public list shows it. */
export interface Ranking {
  rank: number;
  name: string;
  totalTransactions: number;
  points: number;
}

function ranking(standing: Standing, index: number): Ranking {
  return {
    rank: index + 1,
    name: maskName(standing.account.name),
    totalTransactions: standing.totalTransactions,
    points: Math.floor(standing.spent / RUPIAH_PER_POINT),
  };
}

export function leaderboard(service: EmulatedService): Ranking[] {
  return standings(service).slice(0, LEADERBOARD_SIZE).map(ranking);
}

export function ownRanking(service: EmulatedService, account: AccountRecord): Ranking {
  const list = standings(service);
  const index = list.findIndex((standing) => standing.account.apiKey === account.apiKey);
  return ranking(list[index]!, index);
}
