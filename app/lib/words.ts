// Small helpers for sentences the site builds from lists, shared by the server and the browser.

/** "A", "A and B", "A, B and C"; `separator` between all but the last two ("; " when the items hold commas). */
export function joinAnd(items: string[], separator = ", "): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(separator)} and ${items[items.length - 1]}`;
}
