/** The data of a distribution chart (DistChart), as plain types: shared with code that runs without the DOM (workers, Node). */
/** An exact probability as the engine's `Fraction.toJSON()` gives it. */
export interface ExactP {
  fraction: string;
  decimal: number;
}

export interface DistBar {
  label: string;
  p: ExactP;
  /** P(outcome ≥ this one), for ordered outcomes. */
  atLeast?: ExactP;
}
