/**
 * Shieldwall combat (seed "Charges and Combat": "Resolving combat", "Results", "Moves Following
 * Combat"; rulings SW-17, SW-18, SW-19, SW-27).
 *
 * Every rule is a plain function with explicit inputs and no geometry: which stands are engaged,
 * flank support, ground and facing arrive as numbers and booleans. The seeded resolution
 * ({@link resolveCombat}) and the exact distributions ({@link roundDist}, {@link combatOdds},
 * {@link combatStateDist}) are built from the same functions: dice and hit numbers
 * ({@link combatDice}, {@link hitTarget}), the results table ({@link resultFromDifference}), the
 * inconclusive refight ({@link settleInconclusive}) and the consequences ({@link concludeCombat}),
 * so the game, the table-side companion and the calculator agree by construction.
 */
import { type Roll, countAtLeast, rollPool, successesDist } from "../../core/dice.js";
import { Dist } from "../../core/distribution.js";
import { ObjectCache } from "../../core/object-cache.js";
import { Random, type RandomState } from "../../core/random.js";
import { chargeRefusal } from "./checks.js";
import {
  AGGRESSION_NAME,
  type UnitState,
  STRENGTH,
  addDisorder,
  dropAggression,
  raiseAggression,
  totalDp,
} from "./units.js";

// ---------------------------------------------------------------------------------------------
// Inputs

/**
 * One unit engaged in a combat, with the facts the table supplies. A unit that only helps from
 * the flank is not a combatant: it is counted in the supported unit's `flankSupport`, and it does
 * not share the outcome (seed "Results": "Unengaged units which only contributed by being on the
 * flank do not share the outcome").
 */
export interface Combatant {
  /** The unit (shared model): grade, stands, aggression, DPs, formed, attachments. */
  unit: UnitState;
  /** Stands in direct contact with the enemy (at least 1, at most `unit.stands`). */
  engagedStands: number;
  /** The unit charged this turn (counts only in a charge combat, ruling SW-17). */
  charged?: boolean;
  /** Charged in the flank or rear, or engaged only on its flank or rear (ruling SW-18). */
  flankOrRear?: boolean;
  /** The opponent has the advantage of ground: uphill, barricade, cover (ruling SW-18). */
  opponentHasGround?: boolean;
  /** A living leader fights with this unit (his retinue): one automatic hit (ruling SW-18). */
  leader?: boolean;
  /** Otherwise unengaged friendly stands in base contact on the flanks, at most 1 each side. */
  flankSupport?: 0 | 1 | 2;
  /** Following up an opponent that fell back (+1 die). */
  followingUp?: boolean;
  /**
   * The unit's leader was killed in normal combat: it fights to the death (seed "Risk to
   * Leaders"): if Shaken it is eliminated on a Set-back or Defeat; otherwise it falls back
   * rather than retires on a Defeat.
   */
  fightToTheDeath?: boolean;
}

export interface CombatInput {
  /** One or both sides charged this turn: DPs and "charged" count (ruling SW-17). */
  chargeCombat: boolean;
  a: Combatant[];
  b: Combatant[];
}

export type Side = "a" | "b";
export type CombatResult = "victory" | "success" | "inconclusive" | "setback" | "defeat";
/** How a combat ends, from side a's point of view. */
export type FinalResult = "victory" | "success" | "setback" | "defeat" | "separated";
/**
 * The move a unit must make after the combat (seed "Moves Following Combat"), as data for the
 * table: the table performs it (and its side effects: unformed, out of combat, blocked moves).
 * "eliminated" is a unit removed during the combat (last stand lost, or fighting to the death).
 */
export type CombatMove = "remain" | "fall-back" | "follow-up" | "retire" | "break" | "pursue" | "separate" | "eliminated";

export const COMBAT_RESULTS: readonly CombatResult[] = ["victory", "success", "inconclusive", "setback", "defeat"];
export const FINAL_RESULTS: readonly FinalResult[] = ["victory", "success", "setback", "defeat", "separated"];

export const RESULT_NAME: Record<CombatResult | "separated", string> = {
  victory: "Victory",
  success: "Success",
  inconclusive: "Inconclusive",
  setback: "Set-Back",
  defeat: "Defeat",
  separated: "Separated",
};

// ---------------------------------------------------------------------------------------------
// Options (where the seed and the rulings are silent; none is a house rule)

export interface CombatOptions {
  /**
   * A Defeat in the immediate refight after an inconclusive round. "fall-back" (default): the
   * refight is "a non-charge combat", so the loser falls back; "retire-if-charge": it retires
   * when the first round was a charge combat.
   */
  refightDefeat: "fall-back" | "retire-if-charge";
  /**
   * When "previously shaken" (and "if Shaken" for a retinue fighting to the death) is judged.
   * "combat-start" (default, ruling SW-19: Shaken when the combat began; the refight is the
   * same combat); "refight-start": a unit dropped to Shaken by the inconclusive DP counts as
   * previously shaken in the refight.
   */
  previouslyShaken: "combat-start" | "refight-start";
}

export const DEFAULT_COMBAT_OPTIONS: CombatOptions = { refightDefeat: "fall-back", previouslyShaken: "combat-start" };

// ---------------------------------------------------------------------------------------------
// Validation

/** A problem with a combatant: the field at fault and a message naming the rule. */
export interface CombatProblem {
  field: string;
  message: string;
}

/**
 * Why a combatant is impossible, or null. One check for the engine and the calculator's input.
 */
export function combatantProblem(c: Combatant, chargeCombat: boolean): CombatProblem | null {
  const u = c.unit;
  const p = (field: string, message: string) => ({ field, message });
  if (u.status !== "active") return p("status", `${u.name} is ${u.status} and cannot fight`);
  if (!Number.isInteger(u.stands) || u.stands < 1) return p("stands", `${u.name} needs at least 1 stand`);
  if (!Number.isInteger(c.engagedStands) || c.engagedStands < 1) return p("engagedStands", `${u.name} must have at least 1 engaged stand (seed "Resolving combat": a stand is engaged if it is in contact with enemy)`);
  if (c.engagedStands > u.stands) return p("engagedStands", `${u.name} has ${c.engagedStands} engaged stands but only ${u.stands} stand${u.stands === 1 ? "" : "s"}`);
  if (u.kind === "retinue" && (u.grade === "C" || u.grade === "D")) return p("grade", `${u.name} is a retinue, and retinues are grade A or B, not ${u.grade} (ruling SW-5)`);
  if (u.kind === "band" && u.grade === "A") return p("grade", `${u.name} is a band of followers, and only retinues may be grade A (ruling SW-5)`);
  if (c.leader && (u.grade === "C" || u.grade === "D")) return p("leader", `${u.name} is grade ${u.grade}: a leader fights in his retinue (grade A or B, ruling SW-5) or in the A or B unit he escaped to`);
  for (const [kind, field] of [["heroic-champion", "heroicChampion"], ["battle-standard", "battleStandard"]] as const) {
    if (u.attachments.includes(kind) && u.kind !== "retinue") return p(field, `${u.name}: a ${kind.replace("-", " ")} is attached to a leader's retinue (grade A or B), not to a grade ${u.grade} band (ruling SW-6)`);
  }
  const refusal = c.charged ? chargeRefusal(u) : null;
  if (refusal) return p("charged", `${u.name} charged, but ${refusal} (seed "Charges and Combat")`);
  if (c.charged && !chargeCombat) return p("charged", `${u.name} charged, so the combat is a charge combat: set chargeCombat (ruling SW-17)`);
  const fs = c.flankSupport ?? 0;
  if (fs !== 0 && fs !== 1 && fs !== 2) return p("flankSupport", `${u.name}: flank support is 0, 1 or 2 stands (at most 1 stand each flank, seed "Resolving combat")`);
  return null;
}

/** Why a combat is impossible, or null: each side needs a combatant; only one side can follow up. */
export function combatProblem(input: CombatInput): string | null {
  for (const side of ["a", "b"] as const) {
    if (input[side].length === 0) return `side ${side} has no engaged unit`;
    for (const c of input[side]) {
      const p = combatantProblem(c, input.chargeCombat);
      if (p) return `side ${side}: ${p.message}`;
    }
  }
  if (input.a.some((c) => c.followingUp) && input.b.some((c) => c.followingUp)) return BOTH_FOLLOWING_UP;
  return null;
}

export const BOTH_FOLLOWING_UP = "both sides cannot be following up: only the side whose opponent fell back follows up (seed \"Moves Following Combat\")";

// ---------------------------------------------------------------------------------------------
// Dice and hits (ruling SW-17, SW-18)

export interface DiceModifier {
  label: string;
  dice: number;
}

export interface CombatDice {
  /** Strength × engaged stands. */
  base: number;
  modifiers: DiceModifier[];
  /** Base plus modifiers, at least 1 (ruling SW-17). */
  dice: number;
}

/**
 * Dice for one engaged unit (seed "Resolving combat", ruling SW-17): strength × engaged stands,
 * +2 Blood Lust, +1 Ready, −2 Shaken, −1 each DP (charge combat only), +2 each flank support
 * stand (max 1 each flank), +1 charged this turn (charge combat only), +1 following up,
 * +1 heroic champion, +1 battle standard; at least 1 die.
 */
export function combatDice(c: Combatant, chargeCombat: boolean): CombatDice {
  const u = c.unit;
  const base = STRENGTH[u.grade] * c.engagedStands;
  const modifiers: DiceModifier[] = [];
  if (u.aggression === "bloodlust") modifiers.push({ label: "Blood Lust", dice: 2 });
  else if (u.aggression === "ready") modifiers.push({ label: "Ready for Battle", dice: 1 });
  else if (u.aggression === "shaken") modifiers.push({ label: "Shaken", dice: -2 });
  // ruling SW-17: DPs and "charged this turn" count only in a combat in which a side charged.
  if (chargeCombat) {
    const dp = totalDp(u);
    if (dp > 0) modifiers.push({ label: `for ${dp} DP${dp > 1 ? "s" : ""} (charge combat)`, dice: -dp });
  }
  const fs = Math.min(2, Math.max(0, c.flankSupport ?? 0));
  if (fs > 0) modifiers.push({ label: `for ${fs} flank support stand${fs > 1 ? "s" : ""}`, dice: 2 * fs });
  if (chargeCombat && c.charged) modifiers.push({ label: "charged this turn", dice: 1 });
  if (c.followingUp) modifiers.push({ label: "following up", dice: 1 });
  // ruling SW-17: a heroic champion and a battle standard each add +1.
  if (u.attachments.includes("heroic-champion")) modifiers.push({ label: "heroic champion", dice: 1 });
  if (u.attachments.includes("battle-standard")) modifiers.push({ label: "battle standard", dice: 1 });
  const total = base + modifiers.reduce((s, m) => s + m.dice, 0);
  return { base, modifiers, dice: Math.max(1, total) };
}

export interface HitTarget {
  /** Lowest face that hits: 5 (5–6) or 6. */
  hitOn: 5 | 6;
  reasons: string[];
}

/**
 * Hit number (ruling SW-18): 6 if unformed, charged in / engaged only on the flank or rear, or
 * the opponent has the advantage of ground; otherwise 5–6.
 */
export function hitTarget(c: Combatant): HitTarget {
  const reasons: string[] = [];
  if (!c.unit.formed) reasons.push("unformed");
  if (c.flankOrRear) reasons.push("flank or rear");
  if (c.opponentHasGround) reasons.push("opponent has the ground");
  return { hitOn: reasons.length > 0 ? 6 : 5, reasons };
}

/** Automatic hits (ruling SW-18): one for a living leader fighting in an engaged retinue. */
export function autoHits(c: Combatant): number {
  return c.leader && !c.fightToTheDeath ? 1 : 0;
}

export interface UnitDice {
  id: string;
  dice: CombatDice;
  hitOn: 5 | 6;
  autoHits: number;
}

/** The dice, hit number and automatic hits of every unit of a side. */
export function sideDice(side: readonly Combatant[], chargeCombat: boolean): UnitDice[] {
  return side.map((c) => ({ id: c.unit.id, dice: combatDice(c, chargeCombat), hitOn: hitTarget(c).hitOn, autoHits: autoHits(c) }));
}

// ---------------------------------------------------------------------------------------------
// Results table

/**
 * Seed "Results", by the difference in hits (this side's minus the opponent's): 5+ Victory,
 * +2 to +4 Success, +1 to −1 Inconclusive, −2 to −4 Set-Back, −5 or less Defeat.
 */
export function resultFromDifference(difference: number): CombatResult {
  if (difference >= 5) return "victory";
  if (difference >= 2) return "success";
  if (difference >= -1) return "inconclusive";
  if (difference >= -4) return "setback";
  return "defeat";
}

/** The same outcome seen from the other side. */
export function mirrorResult<R extends CombatResult | FinalResult>(r: R): R {
  const m: Record<string, string> = { victory: "defeat", success: "setback", setback: "success", defeat: "victory" };
  return (m[r] ?? r) as R;
}

// ---------------------------------------------------------------------------------------------
// Consequences

/** SW-27: a stand lost as a casualty comes from the unengaged stands first. */
export function engagedAfterCasualties(engagedStands: number, stands: number): number {
  return Math.max(0, Math.min(engagedStands, stands));
}

/** Replaces a combatant's unit, keeping engaged stands consistent with ruling SW-27. */
function withUnit(c: Combatant, unit: UnitState): Combatant {
  return { ...c, unit, engagedStands: engagedAfterCasualties(c.engagedStands, unit.stands) };
}

export interface SettledInconclusive {
  /** The combat as it is refought: a non-charge combat of the surviving units. */
  next: CombatInput;
  /** Units destroyed by the extra DP (a Shaken unit with 4 DPs losing its last stand). */
  eliminated: string[];
  notes: string[];
}

/** Each combat input's settled refight (see {@link settleInconclusive}). */
const SETTLED = new ObjectCache<CombatInput, SettledInconclusive>("settled inconclusive");

/**
 * An inconclusive round (seed "Results", +1/−1): every engaged unit takes 1 combat DP, through
 * {@link addDisorder}: a unit that already has 4 DPs drops an aggression level instead (ruling
 * SW-12), a Shaken one loses a stand (SW-13), taken from its unengaged stands first (SW-27).
 * The refight is a non-charge combat: DPs and "charged" no longer count.
 */
export function settleInconclusive(input: CombatInput): SettledInconclusive {
  // Asked several times of one combat (is there a refight, roll it, log it, conclude it): kept on
  // the input, which is never changed once the combat is being fought. Callers must not change it.
  const settled = SETTLED.get(input);
  if (settled) return settled;
  const notes: string[] = [];
  const eliminated: string[] = [];
  const settle = (side: readonly Combatant[]) =>
    side.flatMap((c) => {
      const r = addDisorder(c.unit, "combat", 1);
      notes.push(...r.notes);
      if (r.value.status !== "active") {
        eliminated.push(c.unit.id);
        return [];
      }
      return [withUnit(c, r.value)];
    });
  const a = settle(input.a);
  const b = settle(input.b);
  const result: SettledInconclusive = { next: { chargeCombat: false, a, b }, eliminated, notes };
  SETTLED.set(input, result);
  return result;
}

export interface UnitOutcome {
  id: string;
  side: Side;
  /** The unit after the combat (DPs, aggression, stands, status). */
  unit: UnitState;
  /** Engaged stands after casualties (ruling SW-27). */
  engagedStands: number;
  move: CombatMove;
}

export interface CombatConclusion {
  /** The result for side a ("separated" after two inconclusive rounds). */
  result: FinalResult;
  units: UnitOutcome[];
  notes: string[];
}

/** Losing side's consequences for one unit (seed "Results", ruling SW-19, fight to the death). */
function loserOutcome(c: Combatant, result: "setback" | "defeat", chargeCombat: boolean, wasShaken: boolean, notes: string[]): { unit: UnitState; move: CombatMove } {
  const u = c.unit;
  // ruling SW-19: "previously shaken" means Shaken when the combat began.
  if (c.fightToTheDeath && wasShaken) {
    notes.push(`${u.name} fights to the death (leader killed) and, being Shaken, is eliminated on a ${RESULT_NAME[result]}`);
    return { unit: { ...u, stands: 0, status: "destroyed" }, move: "eliminated" };
  }
  if (result === "setback") {
    if (wasShaken) {
      notes.push(`${u.name} was Shaken: Set-Back, it retires`);
      return { unit: u, move: "retire" };
    }
    const d = dropAggression(u, 1);
    notes.push(...d.notes);
    const move: CombatMove = d.value.status === "active" ? "fall-back" : "eliminated";
    if (move === "fall-back") notes.push(`${u.name} falls back`);
    return { unit: d.value, move };
  }
  if (wasShaken) {
    notes.push(`${u.name} was Shaken: Defeat, it breaks`);
    return { unit: u, move: "break" };
  }
  const d = dropAggression(u, 1);
  notes.push(...d.notes);
  const dp = addDisorder(d.value, "combat", 1);
  notes.push(...dp.notes);
  if (dp.value.status !== "active") return { unit: dp.value, move: "eliminated" };
  let move: CombatMove = chargeCombat ? "retire" : "fall-back";
  if (move === "retire" && c.fightToTheDeath) {
    notes.push(`${u.name} fights to the death (leader killed): it falls back rather than retires`);
    move = "fall-back";
  } else notes.push(`${u.name} ${move === "retire" ? "retires (charge combat)" : "falls back (no charges involved)"}`);
  return { unit: dp.value, move };
}

/**
 * The move a winner must make (ruling SW-19): pursue an opponent that retires or breaks, follow
 * up one that falls back; remain if every opponent was eliminated.
 */
export function winnerMove(opponentMoves: readonly CombatMove[]): CombatMove {
  if (opponentMoves.some((m) => m === "retire" || m === "break")) return "pursue";
  if (opponentMoves.some((m) => m === "fall-back")) return "follow-up";
  return "remain";
}

/**
 * A unit that cannot make its move after combat (seed "Moves Following Combat"; the table
 * decides that it cannot): unable to fall back or retire, it remains in place and takes 1 DP (a
 * combat DP, ruling SW-12); unable to break, it surrenders to any enemy within 2" (ruling SW-20,
 * removed as broken) and otherwise stays where it is, still broken. Other moves are unchanged.
 */
export function unableToMove(unit: UnitState, move: CombatMove, enemyWithin2: boolean): { unit: UnitState; move: CombatMove; notes: string[] } {
  if (move === "fall-back" || move === "retire") {
    const r = addDisorder(unit, "combat", 1);
    return { unit: r.value, move: r.value.status === "active" ? "remain" : "eliminated", notes: [`${unit.name} cannot ${move === "retire" ? "retire" : "fall back"}: it remains in place`, ...r.notes] };
  }
  if (move === "break") {
    if (enemyWithin2) return { unit: { ...unit, status: "surrendered" }, move: "eliminated", notes: [`${unit.name} cannot move and surrenders to the enemy within 2"`] };
    return { unit, move: "remain", notes: [`${unit.name} cannot move; with no enemy within 2" it stays, still broken`] };
  }
  return { unit, move, notes: [] };
}

/** The moves after which a unit is still in contact with its opponents (seed "Moves Following Combat"). */
const STAYS_IN_CONTACT: readonly CombatMove[] = ["remain", "fall-back", "follow-up"];

/**
 * The units still in combat once the moves following it are made (seed "Moves Following
 * Combat"): a unit that remains, falls back or follows up, while an opponent of the other side
 * does too. A loser that falls back is followed up by the winner "to remain in contact" and both
 * fight another round next turn; a retire, break, pursuit or separation ends the contact. (The
 * battle measures contact on its table; this is the same rule for a table the engine does not see.)
 */
export function stillInCombat(units: readonly Pick<UnitOutcome, "id" | "side" | "unit" | "move">[]): Set<string> {
  const staying = units.filter((o) => o.unit.status === "active" && STAYS_IN_CONTACT.includes(o.move));
  return new Set(staying.filter((o) => staying.some((x) => x.side !== o.side)).map((o) => o.id));
}

/**
 * Applies a decisive result (from side a's point of view) to both sides: every engaged unit of a
 * side shares the outcome (seed "Results"), each by its own state. Victory raises two aggression
 * levels, Success one. `chargeCombat` is the round that decided it (a refight is a non-charge
 * combat); `startShaken` lists units that were Shaken when the combat began (ruling SW-19).
 */
export function applyDecisiveResult(
  input: CombatInput,
  resultA: Exclude<CombatResult, "inconclusive">,
  startShaken: ReadonlySet<string>,
  /** Whether a Defeat counts as in a charge combat (retire) or not (fall back); default: the round's. */
  defeatInChargeCombat: boolean = input.chargeCombat,
): { units: UnitOutcome[]; notes: string[] } {
  const notes: string[] = [];
  const winnerSide: Side = resultA === "victory" || resultA === "success" ? "a" : "b";
  const loserSide: Side = winnerSide === "a" ? "b" : "a";
  const loserResult = (winnerSide === "a" ? mirrorResult(resultA) : resultA) as "setback" | "defeat";
  const winnerRaise = loserResult === "defeat" ? 2 : 1;
  const losers: UnitOutcome[] = input[loserSide].map((c) => {
    const o = loserOutcome(c, loserResult, defeatInChargeCombat, startShaken.has(c.unit.id), notes);
    return { id: c.unit.id, side: loserSide, unit: o.unit, engagedStands: engagedAfterCasualties(c.engagedStands, o.unit.status === "active" ? o.unit.stands : 0), move: o.move };
  });
  const move = winnerMove(losers.map((l) => l.move));
  const winners: UnitOutcome[] = input[winnerSide].map((c) => {
    const r = raiseAggression(c.unit, winnerRaise);
    notes.push(...r.notes, `${c.unit.name} ${move === "pursue" ? "pursues" : move === "follow-up" ? "follows up" : "remains in place"}`);
    return { id: c.unit.id, side: winnerSide, unit: r.value, engagedStands: c.engagedStands, move };
  });
  return { units: winnerSide === "a" ? [...winners, ...losers] : [...losers, ...winners], notes };
}

/**
 * The whole combat's consequences from the results of its rounds (the only random part): one
 * decisive result; or inconclusive then a decisive refight; or two inconclusive rounds (each
 * takes another DP and they separate, each moving back 1"). Pure and deterministic: the seeded
 * resolution and the exact distributions both call it.
 */
export function concludeCombat(input: CombatInput, results: readonly CombatResult[], options: Partial<CombatOptions> = {}): CombatConclusion {
  const opts = { ...DEFAULT_COMBAT_OPTIONS, ...options };
  const problem = combatProblem(input);
  if (problem) throw new RangeError(problem);
  if (results.length < 1 || results.length > 2) throw new RangeError("a combat has one or two rounds");
  const shakenNow = (c: CombatInput) => new Set([...c.a, ...c.b].filter((x) => x.unit.aggression === "shaken").map((x) => x.unit.id));
  // ruling SW-19: Shaken when the combat began (option previouslyShaken).
  let startShaken = shakenNow(input);
  const notes: string[] = [];
  const gone: UnitOutcome[] = [];
  let current = input;
  const eliminatedNow = (before: CombatInput, ids: string[]) => {
    for (const side of ["a", "b"] as const) {
      for (const c of before[side]) {
        if (ids.includes(c.unit.id)) gone.push({ id: c.unit.id, side, unit: { ...c.unit, stands: 0, status: "destroyed" }, engagedStands: 0, move: "eliminated" });
      }
    }
  };
  for (let round = 0; round < results.length; round++) {
    const r = results[round];
    notes.push(`round ${round + 1}: ${RESULT_NAME[r]} for side a`);
    if (r !== "inconclusive") {
      if (round + 1 !== results.length) throw new RangeError("a decisive round ends the combat");
      const defeatInCharge = round === 0 ? input.chargeCombat : opts.refightDefeat === "retire-if-charge" && input.chargeCombat;
      const applied = applyDecisiveResult(current, r, startShaken, defeatInCharge);
      notes.push(...applied.notes);
      return { result: r, units: [...applied.units, ...gone], notes };
    }
    const settled = settleInconclusive(current);
    notes.push(...settled.notes);
    eliminatedNow(current, settled.eliminated);
    current = settled.next;
    const aGone = current.a.length === 0;
    const bGone = current.b.length === 0;
    const last = round === 1;
    if (aGone || bGone || last) {
      if (round + 1 !== results.length) throw new RangeError("the combat ended before this round");
      // A side destroyed by the extra DP cannot refight: the other side has won outright; if
      // both are destroyed, or after the second inconclusive round, the combat ends separated.
      let result: FinalResult = "separated";
      let move: CombatMove = "separate";
      if (!last && aGone && !bGone) result = "defeat";
      else if (!last && bGone && !aGone) result = "victory";
      if (result !== "separated") {
        move = "remain";
        notes.push(`side ${aGone ? "a" : "b"} is destroyed by the extra DP: side ${aGone ? "b" : "a"} remains (no result-table change)`);
      } else if (last) notes.push('inconclusive again: the units separate by 2" (each moves back 1")');
      const live: UnitOutcome[] = (["a", "b"] as const).flatMap((side) => current[side].map((c) => ({ id: c.unit.id, side, unit: c.unit, engagedStands: c.engagedStands, move })));
      return { result, units: [...live, ...gone], notes };
    }
    if (round + 1 === results.length) throw new RangeError("an inconclusive first round is refought at once: give the refight's result");
    notes.push("immediate refight as a non-charge combat");
    if (opts.previouslyShaken === "refight-start") startShaken = shakenNow(current);
  }
  throw new RangeError("unreachable");
}

// ---------------------------------------------------------------------------------------------
// Seeded resolution

export interface UnitRoll extends UnitDice {
  /** Every die thrown, for the log. */
  roll: Roll;
  /** Dice that scored (faces at least hitOn). */
  hits: number;
}

export interface SideRoll {
  units: UnitRoll[];
  autoHits: number;
  hits: number;
}

export interface CombatRound {
  round: 1 | 2;
  chargeCombat: boolean;
  a: SideRoll;
  b: SideRoll;
  /** Side a's hits minus side b's. */
  difference: number;
  /** From side a's point of view. */
  result: CombatResult;
}

export interface CombatResolution extends CombatConclusion {
  rounds: CombatRound[];
  /** The generator's state after the last die (store it back in the game state). */
  rng: RandomState;
}

/** Rolls one side's dice (every face kept) and counts its hits, automatic ones included. */
export function rollSide(rng: Random, side: readonly Combatant[], chargeCombat: boolean): SideRoll {
  const units = sideDice(side, chargeCombat).map((d) => {
    const roll = rollPool(rng, d.dice.dice);
    // Field by field: a spread followed by new fields (`{ ...d, roll, hits }`) takes V8's slow path.
    return { id: d.id, dice: d.dice, hitOn: d.hitOn, autoHits: d.autoHits, roll, hits: countAtLeast(roll, d.hitOn) };
  });
  const auto = units.reduce((s, u) => s + u.autoHits, 0);
  return { units, autoHits: auto, hits: units.reduce((s, u) => s + u.hits, 0) + auto };
}

/** One round of combat: both sides roll, the difference gives the result for side a. */
export function rollRound(rng: Random, input: CombatInput, round: 1 | 2): CombatRound {
  const a = rollSide(rng, input.a, input.chargeCombat);
  const b = rollSide(rng, input.b, input.chargeCombat);
  const difference = a.hits - b.hits;
  return { round, chargeCombat: input.chargeCombat, a, b, difference, result: resultFromDifference(difference) };
}

function describeSide(name: string, s: SideRoll, input: readonly Combatant[]): string {
  const parts = s.units.map((u, i) => {
    const mods = u.dice.modifiers.map((m) => `${m.dice > 0 ? "+" : ""}${m.dice} ${m.label}`).join(", ");
    return `${input[i].unit.name} ${u.dice.dice} dice (${u.dice.base} base${mods ? `, ${mods}` : ""}) hitting on ${u.hitOn === 5 ? "5-6" : `6 (${hitTarget(input[i]).reasons.join(", ")})`}: [${u.roll.faces.join(", ")}] = ${u.hits} hit${u.hits === 1 ? "" : "s"}`;
  });
  const auto = s.autoHits > 0 ? ` + ${s.autoHits} automatic (leader)` : "";
  return `${name}: ${parts.join("; ")}${auto} → ${s.hits}`;
}

/**
 * Resolves a combat with seeded dice: the first round, at once a non-charge refight if it was
 * inconclusive, and every consequence. Returns the new units, their moves, every die thrown, the
 * notes for the log and the generator's new state. Pure: the input is not changed.
 */
export function resolveCombat(input: CombatInput, rngOrState: Random | Readonly<RandomState>, options: Partial<CombatOptions> = {}): CombatResolution {
  const problem = combatProblem(input);
  if (problem) throw new RangeError(problem);
  // A Random is advanced in place (as the other tests do); a state is copied.
  const rng = rngOrState instanceof Random ? rngOrState : new Random(rngOrState);
  const rounds: CombatRound[] = [];
  for (let round = 1 as 1 | 2; ; round = 2) {
    const current = roundInput(input, round);
    if (!current) break;
    const r = rollRound(rng, current, round);
    rounds.push(r);
    if (r.result !== "inconclusive" || round === 2) break;
  }
  return { ...combatFromRounds(input, rounds, options), rng: rng.state() };
}

/**
 * The combat as fought in round `round` (1 or 2): the input itself, or the immediate non-charge
 * refight after an inconclusive first round; null when a side was destroyed by the extra DP and
 * there is no refight.
 */
export function roundInput(input: CombatInput, round: 1 | 2): CombatInput | null {
  if (round === 1) return input;
  const settled = settleInconclusive(input).next;
  return settled.a.length === 0 || settled.b.length === 0 ? null : settled;
}

/** A round's result again after one side's dice changed (a re-roll, ruling SW-11). */
export function withSideRoll(r: CombatRound, side: Side, roll: SideRoll): CombatRound {
  const a = side === "a" ? roll : r.a;
  const b = side === "b" ? roll : r.b;
  const difference = a.hits - b.hits;
  return { ...r, a, b, difference, result: resultFromDifference(difference) };
}

/**
 * The combat's consequences and log from rounds already rolled (the seeded resolution, or a table
 * that rolls round by round, e.g. to let a side re-roll its dice, ruling SW-11).
 */
export function combatFromRounds(input: CombatInput, rounds: readonly CombatRound[], options: Partial<CombatOptions> = {}): CombatConclusion & { rounds: CombatRound[] } {
  const logs = rounds.map((r) => {
    const current = roundInput(input, r.round) ?? input;
    return `round ${r.round} (${current.chargeCombat ? "charge combat" : "non-charge combat"}): ${describeSide("side a", r.a, current.a)}; ${describeSide("side b", r.b, current.b)}; difference ${r.difference >= 0 ? "+" : ""}${r.difference}`;
  });
  const conclusion = concludeCombat(
    input,
    rounds.map((r) => r.result),
    options,
  );
  // Each round's dice go just before that round's result in the log.
  const notes: string[] = [];
  for (const note of conclusion.notes) {
    // (The cheap prefix test first spares the pattern match on most notes.)
    const m = note.startsWith("round ") ? /^round (\d): /.exec(note) : null;
    const log = m ? logs[Number(m[1]) - 1] : undefined;
    if (log) notes.push(log);
    notes.push(note);
  }
  // One literal, not `{ ...conclusion, notes, rounds }`: a spread followed by a new field takes V8's slow path.
  return { result: conclusion.result, units: conclusion.units, notes, rounds: rounds.slice() };
}

// ---------------------------------------------------------------------------------------------
// Exact distributions

/** Exact distribution of a side's hits: independent binomials per unit plus automatic hits. */
export function hitsDist(side: readonly Combatant[], chargeCombat: boolean): Dist<number> {
  return hitsOfDice(sideDice(side, chargeCombat));
}

/** {@link hitsDist} from the side's dice already worked out. */
function hitsOfDice(dice: readonly UnitDice[]): Dist<number> {
  let acc = Dist.certain(0);
  for (const d of dice) {
    acc = acc.add(successesDist(d.dice.dice, d.hitOn).map((h) => h + d.autoHits));
  }
  return acc;
}

/**
 * Rounds already worked out, by the dice that decide them: a round's result depends only on each
 * unit's dice, hit number and automatic hits, and combats (the computer players appraise many)
 * repeat those far more often than whole inputs. Distributions are immutable, so sharing is safe.
 */
const ROUNDS = new Map<string, Dist<CombatResult>>();
const ROUNDS_KEPT = 5_000;

function diceKey(dice: readonly UnitDice[]): string {
  return dice.map((d) => `${d.dice.dice}/${d.hitOn}/${d.autoHits}`).join(",");
}

/** Exact distribution of one round's result for side a (same dice, hit and table functions). */
export function roundDist(input: CombatInput): Dist<CombatResult> {
  const a = sideDice(input.a, input.chargeCombat);
  const b = sideDice(input.b, input.chargeCombat);
  const key = `${diceKey(a)}|${diceKey(b)}`;
  let round = ROUNDS.get(key);
  if (!round) {
    round = hitsOfDice(a).combine(hitsOfDice(b), (x, y) => resultFromDifference(x - y));
    if (ROUNDS.size >= ROUNDS_KEPT) ROUNDS.clear();
    ROUNDS.set(key, round);
  }
  return round;
}

export interface CombatOdds {
  a: UnitDice[];
  b: UnitDice[];
  firstRound: Dist<CombatResult>;
  /** The refight after an inconclusive first round (null if a side cannot refight). */
  refight: { a: UnitDice[]; b: UnitDice[]; round: Dist<CombatResult> } | null;
  final: Dist<FinalResult>;
}

/** How the combat ends when the first round is inconclusive: the refight, or a side destroyed. */
function afterInconclusiveDist(input: CombatInput): { refight: CombatOdds["refight"]; final: Dist<FinalResult> } {
  const settled = settleInconclusive(input).next;
  if (settled.a.length === 0 || settled.b.length === 0) {
    return { refight: null, final: Dist.certain(concludeCombat(input, ["inconclusive"]).result) };
  }
  const round = roundDist(settled);
  return {
    refight: { a: sideDice(settled.a, false), b: sideDice(settled.b, false), round },
    final: round.map((r): FinalResult => (r === "inconclusive" ? "separated" : r)),
  };
}

/**
 * Exact odds of a combat: the first round, and the final result playing out the inconclusive
 * refight as the rules do (the extra DP may drop a unit's aggression and so its dice).
 */
export function combatOdds(input: CombatInput): CombatOdds {
  const problem = combatProblem(input);
  if (problem) throw new RangeError(problem);
  const firstRound = roundDist(input);
  const after = firstRound.prob((r) => r === "inconclusive").isZero() ? null : afterInconclusiveDist(input);
  const final = firstRound.flatMap((r): Dist<FinalResult> => (r === "inconclusive" && after ? after.final : Dist.certain(r as FinalResult)));
  return { a: sideDice(input.a, input.chargeCombat), b: sideDice(input.b, input.chargeCombat), firstRound, refight: after?.refight ?? null, final };
}

/** Sequences of round results with their exact probabilities. */
export function roundSequenceDist(input: CombatInput): Dist<CombatResult[]> {
  const problem = combatProblem(input);
  if (problem) throw new RangeError(problem);
  return roundDist(input).flatMap((r) => {
    if (r !== "inconclusive") return Dist.certain([r]);
    const settled = settleInconclusive(input).next;
    if (settled.a.length === 0 || settled.b.length === 0) return Dist.certain([r]);
    return roundDist(settled).map((r2) => [r, r2]);
  });
}

/** A unit's state after the combat, for distributions of consequences. */
export interface UnitAfter {
  id: string;
  aggression: UnitState["aggression"];
  dp: number;
  stands: number;
  status: UnitState["status"];
  move: CombatMove;
}

/**
 * Exact distribution of every unit's state and move after the combat: the round-sequence
 * distribution pushed through {@link concludeCombat}.
 */
export function combatStateDist(input: CombatInput, options: Partial<CombatOptions> = {}): Dist<{ result: FinalResult; units: UnitAfter[] }> {
  return roundSequenceDist(input).map((results) => {
    const c = concludeCombat(input, results, options);
    return {
      result: c.result,
      units: c.units.map((u) => ({ id: u.id, aggression: u.unit.aggression, dp: totalDp(u.unit), stands: u.unit.stands, status: u.unit.status, move: u.move })),
    };
  });
}

/** "Blood Lust, 3 DPs, 2 stands" style summary. */
export function describeUnitAfter(u: UnitAfter): string {
  if (u.status !== "active") return `${u.id} ${u.status}`;
  return `${u.id}: ${AGGRESSION_NAME[u.aggression]}, ${u.dp} DP, ${u.stands} stand${u.stands === 1 ? "" : "s"}, ${u.move}`;
}
