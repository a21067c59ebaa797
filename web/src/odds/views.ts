/**
 * What a calculator page shows of a calculator's JSON result: headline figures, bar charts
 * (with an "at least" line for ordered outcomes) and notes. Pure presentation of the numbers
 * the ruleset computed (src/rulesets/calculators.ts); the only arithmetic is adding exact
 * fractions for the "at least" line where the result lists single outcomes.
 */
import { exactFormat, type ExactKind } from "../shared/exact-format.js";
import type { Bar as DistBar, ExactP } from "./exact.js";

export interface ChartView {
  title: string;
  bars: DistBar[];
  showAtLeast: boolean;
}

export interface Figure {
  label: string;
  /** An exact value, or a plain text. */
  value: ExactP | string;
  /** What an exact value is: a probability (the default, shown with a percentage) or a plain number (a mean, a variance). */
  as?: ExactKind;
}

/** A figure's text as first shown (a long fraction shortened, exactly as ExactValue shows it). */
export function figureText(f: Figure): string {
  return typeof f.value === "string" ? f.value : exactFormat(f.value, f.as).shown;
}

export interface ResultView {
  figures: Figure[];
  charts: ChartView[];
  notes: string[];
  /** Monte Carlo: sample size and method (shown beside the charts). */
  sample?: { size: number; seed: number; method: string };
}

type J = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Adds exact fractions given as "n/d" (or "n"). */
export function addExact(ps: readonly ExactP[]): ExactP {
  let n = 0n;
  let d = 1n;
  for (const p of ps) {
    const [pn, pd = "1"] = p.fraction.split("/");
    const bn = BigInt(pn);
    const bd = BigInt(pd);
    n = n * bd + bn * d;
    d = d * bd;
    const g = gcd(n, d) || 1n;
    n /= g;
    d /= g;
  }
  return { fraction: d === 1n ? `${n}` : `${n}/${d}`, decimal: Number(n) / Number(d) };
}

/** Bars in increasing order of outcome, each with P(at least this one) added exactly. */
export function withAtLeast(bars: readonly { label: string; p: ExactP }[]): DistBar[] {
  return bars.map((b, i) => ({ ...b, atLeast: addExact(bars.slice(i).map((x) => x.p)) }));
}

const bar = (label: string | number, p: ExactP): DistBar => ({ label: String(label), p });
const chart = (title: string, bars: DistBar[], showAtLeast = false): ChartView => ({ title, bars, showAtLeast });
const spaced = (s: string) => s.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/-/g, " ").toLowerCase();

function dice(j: J): ResultView {
  const sd = j.standardDeviation as number;
  return {
    figures: [
      { label: "dice", value: j.dice },
      { label: "mean", value: j.mean, as: "number" },
      { label: "variance", value: j.variance, as: "number" },
      { label: "standard deviation", value: Number.isInteger(sd) ? String(sd) : `≈ ${sd.toFixed(4)}` },
      ...(j.exploding ? [{ label: "explode depth", value: `${j.explodeDepth} (at most ${j.explodeDepth} extra throw${j.explodeDepth === 1 ? "" : "s"} per die)` }] : []),
    ],
    charts: [chart(`${j.dice}: total`, j.outcomes.map((o: J) => ({ label: String(o.total), p: o.p, atLeast: o.atLeast })), true)],
    notes: j.terms ?? [],
  };
}

function swCharge(j: J): ResultView {
  return {
    figures: [
      { label: "charges", value: j.charges },
      { label: "fails", value: j.fails },
      { label: j.automatic ? "automatic (Blood Lust)" : "needs on the D6 (after modifiers)", value: j.automatic ? "yes" : `${j.needs}+` },
      { label: "modifier", value: `${j.modifier >= 0 ? "+" : ""}${j.modifier}` },
    ],
    charts: [chart("Charge test", [bar("charges", j.charges), bar("fails", j.fails)])],
    notes: [...j.modifiers.map((m: J) => `${m.value > 0 ? "+" : ""}${m.value} ${m.label}`), ...(j.onFailure ? [`a failed charge costs ${j.onFailure.morale}`] : [])],
  };
}

function swControl(j: J): ResultView {
  return {
    figures: [
      { label: "pursuit continues", value: j.pursuitContinues },
      { label: "pursuit ceases", value: j.pursuitCeases },
      { label: "modifier", value: `${j.modifier >= 0 ? "+" : ""}${j.modifier}` },
    ],
    charts: [chart("Control test result", j.outcomes.map((o: J) => bar(o.outcome, o.p)))],
    notes: [...j.modifiers.map((m: J) => `${m.value > 0 ? "+" : ""}${m.value} ${m.label}`), ...j.outcomes.map((o: J) => `${o.outcome}: ${o.meaning}`)],
  };
}

function swShooting(j: J): ResultView {
  const t = j.target;
  return {
    figures: [
      { label: "dice", value: `${j.dice} (hit on ${j.hitOn})` },
      { label: "mean hits", value: j.meanHits, as: "number" },
      { label: "target destroyed", value: t.destroyed },
    ],
    charts: [
      chart("Hits", j.hits.map((o: J) => ({ label: String(o.hits), p: o.p, atLeast: o.atLeast })), true),
      chart("Target's aggression afterwards", t.aggression.filter((o: J) => o.p.decimal > 0).map((o: J) => bar(o.aggression, o.p))),
      chart("Target's DPs afterwards", withAtLeast(t.dp.map((o: J) => bar(o.dp, o.p))), true),
      chart("Target's stands afterwards", withAtLeast(t.stands.map((o: J) => bar(o.stands, o.p))), true),
    ],
    notes: j.diceNotes,
  };
}

function swLeaderRisk(j: J): ResultView {
  return {
    figures: [
      { label: "rolls", value: String(j.rolls) },
      { label: "killed", value: j.killed },
      { label: "survives", value: j.survives },
      { label: "mean LP value after", value: j.meanLpAfter, as: "number" },
    ],
    charts: [
      chart("One roll", j.oneRoll.map((o: J) => bar(o.outcome, o.p))),
      chart("LP value after all rolls", withAtLeast(j.lpAfter.map((o: J) => bar(o.lpValue, o.p))), true),
      chart("If the retinue is eliminated (D6)", j.retinueEliminated.map((o: J) => bar(o.outcome, o.p))),
    ],
    notes: ["a wound that takes the LP value to 0 kills (rule SW-7)"],
  };
}

const COMBAT_ORDER = ["defeat", "setback", "inconclusive", "separated", "success", "victory"];

function swCombat(j: J): ResultView {
  const rows = (t: J) => COMBAT_ORDER.filter((k) => k in t).map((k) => bar(k, t[k]));
  const side = (s: J) => `${s.dice} dice, hit on ${s.hitOn === 5 ? "5-6" : "6"}${s.autoHits ? `, ${s.autoHits} automatic hit` : ""}`;
  return {
    figures: [
      { label: "side a", value: side(j.a) },
      { label: "side b", value: side(j.b) },
      { label: "final: victory for a", value: j.final.victory },
      { label: "final: defeat for a", value: j.final.defeat },
    ],
    charts: [chart("First round (side a's result, worst to best)", withAtLeast(rows(j.firstRound)), true), chart("Final result with the refight (side a)", withAtLeast(rows(j.final)), true)],
    notes: ['"at least" counts results as good as this one or better for side a'],
  };
}

function estimate(label: string, e: J, count: number, n: number): DistBar {
  return { label, p: { fraction: `${count}/${n}, standard error ${(e.standardError * 100).toFixed(2)}%`, decimal: e.p } };
}

function swPersonalCombat(j: J): ResultView {
  const n = j.sampleSize;
  const c = j.counts;
  const pm = (e: J) => `${(e.p * 100).toFixed(2)}% ± ${(e.standardError * 100).toFixed(2)}% (se); 95% CI ${(e.ci95[0] * 100).toFixed(2)}–${(e.ci95[1] * 100).toFixed(2)}%`;
  return {
    figures: [
      { label: "sample size", value: `${n} duels` },
      { label: "a kills b", value: pm(j.aKills) },
      { label: "b kills a", value: pm(j.bKills) },
      { label: "a's score (win 1, draw ½)", value: pm(j.aScore) },
      { label: "a wins the opening dice-off (exact)", value: j.aFirstAdvantage },
    ],
    charts: [
      chart(`Outcome of ${n} simulated duels`, [
        estimate("a kills b", j.aKills, c.aWins, n),
        estimate("b kills a", j.bKills, c.bWins, n),
        estimate("honour satisfied", j.honourSatisfied, c.honour, n),
        estimate("both killed", j.bothKilled, c.mutualKills, n),
      ]),
    ],
    notes: [`Monte Carlo: ${n} duels between the ${j.players.a} (a) and ${j.players.b} (b) computer players, seed ${j.seed}; each share with its standard error`],
    sample: { size: n, seed: j.seed, method: j.method },
  };
}

function ccTest(j: J): ResultView {
  if (j.test === "versus") {
    return {
      figures: [
        { label: "pass", value: j.pass },
        { label: "fail", value: j.fail },
      ],
      charts: [chart("Attacker's result (degrees of a pass)", withAtLeast(j.outcomes.map((o: J) => bar(o.result === "fail" ? "fail" : `pass ${o.degrees}`, o.p))), true)],
      notes: [`attacker ${j.attackerDice} dice against defender ${j.defenderDice} dice; successes are 4+, the attacker passes on equal or more (CC-1)`],
    };
  }
  if (j.test === "standard") {
    return {
      figures: [{ label: "mean successes", value: j.mean, as: "number" }],
      charts: [chart(`Successes of ${j.dice} dice`, j.outcomes.map((o: J) => ({ label: String(o.successes), p: o.p, atLeast: o.atLeast })), true)],
      notes: ["successes are 4+ (CC-1)"],
    };
  }
  const bars = [...j.outcomes.map((o: J) => bar(o.successes, o.p)), bar(`>${j.tail.successesMoreThan}`, j.tail.p)];
  return {
    figures: [
      { label: "mean successes", value: { fraction: j.mean.fraction, decimal: j.mean.decimal }, as: "number" },
      { label: `more than ${j.tail.successesMoreThan}`, value: j.tail.p },
    ],
    charts: [chart(`Successes of ${j.dice} open-ended dice`, withAtLeast(bars), true)],
    notes: [j.mean.note, `exact up to ${j.cutoff}; every count above it is one exact tail`],
  };
}

function ccExchange(j: J): ResultView {
  const signed = (v: number) => (v > 0 ? `+${v}` : String(v));
  const dist = (title: string, rows: J[], label: (v: number) => string) => chart(title, withAtLeast(rows.map((o) => bar(label(o.value), { fraction: o.fraction, decimal: o.decimal }))), true);
  return {
    figures: [
      { label: "A removed", value: j.aRemoved },
      { label: "B removed", value: j.bRemoved },
      { label: "both removed", value: j.bothRemoved },
      { label: "melee begins", value: j.meleeBegins },
    ],
    charts: [dist("Might change of A", j.mightChangeA, signed), dist("Might change of B", j.mightChangeB, signed), dist("Distance after", j.distanceAfter, (v) => `${v}"`)],
    notes: [`${j.deck.name}: A plays ${j.cards.a}, B plays ${j.cards.b}`, "profiles: house rule (CC-3)"],
  };
}

const GURPS_OUTCOMES = ["criticalHit", "hit", "shield", "defended", "miss", "criticalMiss"];

function gurpsCover(j: J): ResultView {
  return {
    figures: [
      { label: "effective skill", value: String(j.effectiveSkill) },
      { label: "body struck (hit + critical hit)", value: addExact([j.hit, j.criticalHit]) },
      { label: "shield struck", value: j.shield },
    ],
    charts: [chart("Outcome of the attack", GURPS_OUTCOMES.map((k) => bar(spaced(k), j[k]))), chart("Where the attack lands (hits and critical hits)", Object.entries(j.hitByLocation as Record<string, ExactP>).map(([k, p]) => bar(k, p)))],
    notes: j.notes,
  };
}

const VIEWS: Record<string, (j: J) => ResultView> = {
  dice,
  "sw-charge": swCharge,
  "sw-control": swControl,
  "sw-shooting": swShooting,
  "sw-leader-risk": swLeaderRisk,
  "sw-combat": swCombat,
  "sw-personal-combat": swPersonalCombat,
  "cc-test": ccTest,
  "cc-exchange": ccExchange,
  "gurps-cover": gurpsCover,
};

/** The view of a calculator's result (a calculator without its own view shows its figures as JSON). */
export function viewOf(name: string, json: unknown): ResultView {
  const v = VIEWS[name];
  return v ? v(json as J) : { figures: [], charts: [], notes: [JSON.stringify(json)] };
}

export function hasView(name: string): boolean {
  return name in VIEWS;
}
