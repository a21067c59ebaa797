/**
 * An exact number on any page: a probability as "7/432 (1.62%)", a mean as "15869/1296 ≈ 12.2446".
 * A long fraction shows its short form ("≈ 1.62%") as a button; a tap (or click, or Enter)
 * shows the exact value, another tap hides it. The title holds the exact value for hovering.
 */
import { useState } from "preact/hooks";
import type { ExactP } from "./dist-bars.js";
import { exactFormat, type ExactKind } from "./exact-format.js";

export interface ExactValueProps {
  value: ExactP;
  /** What the number is (default a probability). */
  as?: ExactKind;
  /** Decimal places of the percentage. */
  places?: number;
}

export function ExactValue({ value, as = "probability", places = 2 }: ExactValueProps) {
  const [open, setOpen] = useState(false);
  const text = exactFormat(value, as, places);
  if (!text.shortened) return <span class="exact-value">{text.full}</span>;
  return (
    <button type="button" class={`exact-value exact-short${open ? " open" : ""}`} aria-expanded={open} title={`exact: ${text.full} (tap to ${open ? "hide" : "show"})`} onClick={() => setOpen(!open)}>
      {open ? text.full : text.shown}
    </button>
  );
}
