/**
 * Exact probabilities as the pages receive them (`Fraction.toJSON()`), and their text. The same
 * shapes as DistChart's props, kept in a plain .ts file so state code and Node tests need no JSX.
 */
import { exactFormat } from "../shared/exact-format.js";

export interface ExactP {
  fraction: string;
  decimal: number;
}

export interface Bar {
  label: string;
  p: ExactP;
  atLeast?: ExactP;
}

/** "1/6 (16.67%)", as DistChart shows it on hover (web/src/shared/exact-format.ts). */
export function exactText(p: ExactP): string {
  return exactFormat(p).full;
}
