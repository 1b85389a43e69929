/**
 * An item's whole name as a reseller says it: its product, then its variant's name (`Pulsa Telkomsel`
 * `10.000`). The product is said once: left out when the name already holds it, and the words where
 * the two overlap said once (`Jasa Desain` + `Desain Logo Custom` is `Jasa Desain Logo Custom`).
 */
export function itemName(product: string | null | undefined, name: string): string {
  if (!product || name.toLowerCase().includes(product.toLowerCase())) return name;
  const head = product.split(/\s+/).filter(Boolean);
  const tail = name.split(/\s+/).filter(Boolean);
  const same = (a: string, b: string) => a.toLocaleLowerCase("id") === b.toLocaleLowerCase("id");
  // The longest run of words that ends the product and begins the name.
  for (let k = Math.min(head.length, tail.length); k > 0; k--) {
    if (head.slice(-k).every((word, i) => same(word, tail[i]!))) return [...head, ...tail.slice(k)].join(" ");
  }
  return `${product} ${name}`;
}
