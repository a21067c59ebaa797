/**
 * How an exact number is written for people, by what it is: a probability as its fraction and a
 * percentage, any other number (a mean, a variance) as itself. A fraction too long to read at a
 * glance (21-digit numerators happen) is shortened to its decimal form; the exact value stays
 * one tap away (ExactValue.tsx). Plain code, so Node tests and workers can use it.
 */
import type { ExactP } from "./dist-bars.js";

/** What the number is: a probability (0..1, shown with a percentage) or a plain number. */
export type ExactKind = "probability" | "number";

/** Fractions longer than this many characters are shortened ("15869/1296" is still shown whole). */
export const LONGEST_SHOWN_FRACTION = 12;

export interface ExactText {
  /** The exact value with its decimal reading: "7/432 (1.62%)", "15869/1296 ≈ 12.2446", "7". */
  full: string;
  /** What is shown first: `full`, or "≈ 1.62%" / "≈ 8.1045" when the fraction is long. */
  shown: string;
  shortened: boolean;
}

/** A percentage with enough digits to be non-zero where the value is (0.0012% rather than 0.00%). */
export function percentText(decimal: number, places = 2): string {
  const pct = decimal * 100;
  if (pct !== 0 && Math.abs(pct) < 10 ** -places) return `${pct.toPrecision(2)}%`;
  return `${pct.toFixed(places)}%`;
}

/** A plain number: whole numbers as they are, others to four places. */
export function numberText(decimal: number): string {
  return Number.isInteger(decimal) ? String(decimal) : decimal.toFixed(4);
}

export function exactFormat(value: ExactP, kind: ExactKind = "probability", places = 2): ExactText {
  const whole = !value.fraction.includes("/");
  if (kind === "number") {
    const full = whole ? value.fraction : `${value.fraction} ≈ ${numberText(value.decimal)}`;
    const shortened = value.fraction.length > LONGEST_SHOWN_FRACTION;
    return { full, shown: shortened ? `≈ ${numberText(value.decimal)}` : full, shortened };
  }
  const pct = percentText(value.decimal, places);
  const full = `${value.fraction} (${pct})`;
  const shortened = value.fraction.length > LONGEST_SHOWN_FRACTION;
  return { full, shown: shortened ? `≈ ${pct}` : full, shortened };
}
