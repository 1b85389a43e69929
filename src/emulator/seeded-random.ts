/**
 * A small seeded generator (mulberry32). Its whole state is one 32-bit integer, so it is saved in
 * the state file and a restarted emulator keeps drawing the same sequence.
 */
export class SeededRandom {
  constructor(public state: number) {}

  static fromSeed(seed: number): SeededRandom {
    // Spread nearby seeds (1, 2, 3 ...) apart so their sequences do not start alike.
    return new SeededRandom(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) | 0);
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(choices: readonly T[]): T {
    return choices[Math.floor(this.next() * choices.length)] as T;
  }

  characters(length: number, alphabet: string): string {
    let text = "";
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(this.next() * alphabet.length)];
    return text;
  }

  digits(length: number): string {
    return this.characters(length, "0123456789");
  }
}
