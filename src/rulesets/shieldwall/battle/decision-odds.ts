/**
 * The odds of a candidate decision at the moment it is made (issue 16): what the dice it leads to
 * may give, from the same functions the engine then throws with. The inputs are the engine's own:
 * `chargeInputFor`, `controlInputFor`, `shotInput`, `moveDiceOf`, `combatInputFor` — so the odds
 * shown are those of the test the engine takes next (test/shieldwall/battle/decision-odds.test.ts
 * compares them with the engine's actual rolls in seeded positions).
 */
import { Dist } from "../../../core/distribution.js";
import { chargeDist, chargeModifiers, controlDist, controlModifier, type ControlOutcome, shootingDice, shootingHitsDist } from "../checks.js";
import { type CombatInput, combatOdds, type FinalResult, mirrorResult } from "../combat.js";
import { moveDice, moveDist } from "../move-dice.js";
import type { Side } from "../army.js";
import { Ctx } from "./ctx.js";
import { sideOfId } from "./unit-facts.js";
import { chargeMove } from "./effects.js";
import { combatInputFor } from "./phases/combat.js";
import { shotInput } from "./phases/missiles.js";
import { moveDiceOf } from "./phases/movement.js";
import { chargeInputFor, combatOf, controlInputFor, findCombats } from "./queries.js";
import { type BattleDecision, type BattleState, ruleOption } from "./types.js";

export interface Modifiers {
  total: number;
  parts: [label: string, value: number][];
}

export type DecisionOdds =
  | {
      kind: "charge";
      /** Blood Lust charges without a test. */
      automatic: boolean;
      modifiers: Modifiers;
      /** The charge test (seed "Charges and Combat": D6 + modifiers, 4 or more charges), with the charges declared so far. */
      passes: Dist<boolean>;
      /**
       * The combat's final result for the charger if the charge goes in now (the charge move as the
       * engine plans it; other charges of this phase not counted), or null with `combatNote` saying why.
       */
      combat: Dist<FinalResult> | null;
      combatNote: string | null;
    }
  | { kind: "shooting"; dice: number; notes: string[]; hits: Dist<number> }
  | { kind: "control"; modifiers: Modifiers; outcomes: Dist<ControlOutcome> }
  | { kind: "move"; dice: string[]; inches: Dist<number>; fatigue: Dist<number> };

/** The odds of decision `d` in `state` (the pending decision's), or null when it throws no dice. */
export function decisionOdds(state: BattleState, d: BattleDecision): DecisionOdds | null {
  const p = state.pending;
  if (!p || state.result) return null;
  switch (d.type) {
    case "charge":
      return p.kind === "charge" && d.target ? chargeOddsAt(state, p.unit, d.target) : null;
    case "shoot": {
      if (p.kind !== "shoot" || !d.target) return null;
      const ctx = new Ctx(state, true);
      const input = shotInput(ctx, ctx.unit(p.unit), ctx.unit(d.target), d.archer);
      if (!input) return null;
      const options = { halveOnceForRetinueInCover: ruleOption(state.options, "halveOnceForRetinueInCover") };
      const dice = shootingDice(input, options);
      return { kind: "shooting", dice: dice.dice, notes: dice.notes, hits: shootingHitsDist(input, options) };
    }
    case "control": {
      if (p.kind !== "control") return null;
      const ctx = new Ctx(state, true);
      const input = controlInputFor(ctx, ctx.unit(p.unit), d.aGrade);
      return { kind: "control", modifiers: controlModifier(input), outcomes: controlDist(input) };
    }
    case "move": {
      const dice = moveDiceOf(d.move);
      if (!dice) return null;
      const input = { ...dice, soggyGround: state.god.soggy };
      const dist = moveDist(input);
      return { kind: "move", dice: moveDice(input).map((x) => x.name), inches: dist.map((o) => o.inches), fatigue: dist.map((o) => o.fatigue) };
    }
    default:
      return null;
  }
}

/**
 * What a charge declared now would lead to: the charge test, and the combat the charge move (as the
 * engine plans it; other charges of this phase not counted) would start or join. Shared by the odds
 * shown before a charge and the computer players' appraisal (ai/view.ts), so both read the same combat.
 */
export interface ChargeOutlook {
  automatic: boolean;
  modifiers: Modifiers;
  passes: Dist<boolean>;
  /** The combat's input (red is side a), or null with `combatNote` saying why there is none. */
  combat: CombatInput | null;
  combatNote: string | null;
  /** Units of the charger's side in that combat, the charger included. */
  fighters: number;
}

export function chargeOutlook(state: BattleState, unit: string, target: string): ChargeOutlook {
  // A working copy (never finished, so the state is untouched): the declaration as if made, then the charge move.
  const ctx = new Ctx(state);
  ctx.s.declarations = [...ctx.s.declarations.filter((x) => x.unit !== unit), { unit, target }];
  // Answers worked out from here on are this working copy's, never the state's shared memo.
  ctx.touch();
  const input = chargeInputFor(ctx, unit);
  const options = { chargeDisorderPenalty: ruleOption(state.options, "chargeDisorderPenalty") };
  const passes = chargeDist(input, options);
  const automatic = passes.outcomes().length === 1 && input.aggression === "bloodlust";
  const base = { automatic, modifiers: chargeModifiers(input, options), passes };
  chargeMove(ctx, unit, target);
  const group = combatOf(ctx, unit);
  if (!group) return { ...base, combat: null, combatNote: "no clear way into contact", fighters: 0 };
  const found = combatInputFor(ctx, [...group.red], [...group.black]);
  if (!found) return { ...base, combat: null, combatNote: "no combat", fighters: 0 };
  return { ...base, combat: found.input, combatNote: null, fighters: group[sideOfId(unit)].size };
}

/**
 * The combat unit `id` is in now, if any: the input the engine would fight (red is side a), and how
 * many units of `side` fight in it.
 */
export function combatNow(state: BattleState, id: string, side: Side): { input: CombatInput; fighters: number } | null {
  const ctx = new Ctx(state, true);
  const group = findCombats(ctx).find((g) => g.red.has(id) || g.black.has(id));
  if (!group) return null;
  const found = combatInputFor(ctx, [...group.red], [...group.black]);
  return found ? { input: found.input, fighters: group[side].size } : null;
}

function chargeOddsAt(state: BattleState, unit: string, target: string): DecisionOdds {
  const { automatic, modifiers, passes, combat: input, combatNote } = chargeOutlook(state, unit, target);
  if (!input) return { kind: "charge", automatic, modifiers, passes, combat: null, combatNote };
  let final: Dist<FinalResult>;
  try {
    final = combatOdds(input).final;
  } catch (err) {
    return { kind: "charge", automatic, modifiers, passes, combat: null, combatNote: (err as Error).message };
  }
  // The combat's results are red's (side a): shown from the charger's side.
  const combat = sideOfId(unit) === "red" ? final : final.map((r) => mirrorResult(r));
  return { kind: "charge", automatic, modifiers, passes, combat, combatNote: null };
}
