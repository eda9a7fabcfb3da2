/**
 * A whole number with commas between groups of three digits, as English writes it: 2000 → "2,000".
 * `toLocaleString('en')` says the same but loads the locale's data on first use, a blocking task of its own on a
 * phone, in the middle of the page's start-up where the feedback block renders its hint.
 */
export function groupDigits(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
