/**
 * The odds of a candidate decision (the ruleset's `decisionOdds`) as plain data for the UI: exact
 * fractions as `{fraction, decimal}` and one bar list per chart. Runs in the worker (the engine's
 * distributions hold BigInt fractions and methods, which do not cross to the page); no rule here,
 * only the order and names outcomes are shown in.
 */
import type { Dist } from "../../../src/core/distribution.js";
import { Fraction } from "../../../src/core/fraction.js";
import { CONTROL_ORDER } from "../../../src/rulesets/shieldwall/odds.js";
import { type FinalResult, RESULT_NAME } from "../../../src/rulesets/shieldwall/combat.js";
import type { DecisionOdds } from "../../../src/rulesets/shieldwall/battle/decision-odds.js";
import type { DistBar, ExactP } from "../shared/dist-bars.js";

export interface OddsChart {
  title: string;
  bars: DistBar[];
  /** Outcomes ordered worst to best (or by number): the "at least" line is meaningful. */
  ordered: boolean;
}

export interface OddsView {
  /** "Charge test", "Shooting", "Control test", "Move dice". */
  title: string;
  /** The figure in one line, e.g. "charges: 1/2 (50.00%)". */
  headline: { label: string; p: ExactP } | null;
  /** The modifiers or dice, in the rules' words. */
  notes: string[];
  charts: OddsChart[];
}

/** Combat results worst to best for the charger. */
const RESULT_ORDER: readonly FinalResult[] = ["defeat", "setback", "separated", "success", "victory"];

const CONTROL_NAME: Record<string, string> = { retire: "retire", halt: "halt", free: "free", "repeat-move": "repeat move", "advance-and-charge": "advance & charge" };

/** Bars of a distribution in the given order, each with P(this or better). */
function orderedBars<T>(dist: Dist<T>, order: readonly T[], label: (v: T) => string): DistBar[] {
  const outcomes = dist.outcomes();
  const rows = order.map((v) => ({ v, p: outcomes.find((o) => o.value === v)?.p ?? Fraction.ZERO })).filter((r) => !r.p.isZero());
  let rest = rows.reduce((t, r) => t.add(r.p), Fraction.ZERO);
  return rows.map((r) => {
    const bar = { label: label(r.v), p: r.p.toJSON(), atLeast: rest.toJSON() };
    rest = rest.sub(r.p);
    return bar;
  });
}

function numberBars(dist: Dist<number>, unit: string): DistBar[] {
  const order = dist.outcomes().map((o) => o.value).sort((a, b) => a - b);
  return orderedBars(dist, order, (v) => `${v}${unit}`);
}

const signed = (v: number) => (v >= 0 ? `+${v}` : `−${-v}`);

export function oddsView(odds: DecisionOdds): OddsView {
  switch (odds.kind) {
    case "charge": {
      const p = odds.passes.probOf(true);
      const charts: OddsChart[] = [];
      if (odds.combat) charts.push({ title: "Combat result if the charge goes in", bars: orderedBars(odds.combat, RESULT_ORDER, (r) => RESULT_NAME[r]), ordered: true });
      const notes = odds.automatic
        ? ["Blood Lust: charges without a test"]
        : [`D6 ${odds.modifiers.total === 0 ? "" : signed(odds.modifiers.total)} ≥ 4${odds.modifiers.parts.length ? `: ${odds.modifiers.parts.map(([l, v]) => `${l} ${signed(v)}`).join(", ")}` : ""}`];
      if (!odds.combat && odds.combatNote) notes.push(`combat odds: ${odds.combatNote}`);
      notes.push("with the charges declared so far; other charges of this phase not counted in the combat");
      return { title: "Charge test", headline: { label: "charges", p: p.toJSON() }, notes, charts };
    }
    case "shooting":
      return {
        title: "Shooting",
        headline: { label: "at least one hit", p: odds.hits.prob((h) => h > 0).toJSON() },
        notes: [`${odds.dice} dice, 6s hit${odds.notes.length ? `: ${odds.notes.join("; ")}` : ""}`],
        charts: [{ title: "Hits", bars: numberBars(odds.hits, ""), ordered: true }],
      };
    case "control":
      return {
        title: "Control test",
        headline: { label: "free to act or better (not halt or retire)", p: odds.outcomes.prob((o) => o !== "halt" && o !== "retire").toJSON() },
        notes: [`AvD ${odds.modifiers.total === 0 ? "" : signed(odds.modifiers.total)}${odds.modifiers.parts.length ? `: ${odds.modifiers.parts.map(([l, v]) => `${l} ${signed(v)}`).join(", ")}` : ""}`],
        charts: [{ title: "Result", bars: orderedBars(odds.outcomes, CONTROL_ORDER, (o) => CONTROL_NAME[o] ?? o), ordered: true }],
      };
    case "move": {
      const fatigue = odds.fatigue.prob((f) => f > 0);
      return {
        title: "Move dice",
        headline: fatigue.isZero() ? null : { label: "fatigue DP", p: fatigue.toJSON() },
        notes: [odds.dice.join(" + ")],
        charts: [{ title: "Inches", bars: numberBars(odds.inches, '"'), ordered: true }],
      };
    }
  }
}
