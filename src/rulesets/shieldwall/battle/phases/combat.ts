/** Combat (seed "Charges and Combat", "Resolving combat"; SW-17–SW-21, SW-27): every group of units in contact fights, round by round. */
import { leaderRiskRolls } from "../../checks.js";
import { type CombatInput, type Combatant, RESULT_NAME, combatFromRounds, combatProblem, rollRound, roundInput } from "../../combat.js";
import { unitContacts } from "../../geometry/contact.js";
import { within } from "../../geometry/proximity.js";
import type { Stand } from "../../geometry/stand.js";
import { Ctx, push } from "../ctx.js";
import { fortuneMatters } from "../dice.js";
import { leaderRisk, refreshInCombat } from "../effects.js";
import { next } from "../hand-off.js";
import { findCombats, onGroundOrCover, sideOrder } from "../queries.js";
import { unitRecord } from "../records.js";
import type { BattleUnit, CombatProgress, DiceRoll, Task } from "../types.js";
import { ruleOption } from "../types.js";
import { followingUpAgainst, geomOf, onTable } from "../unit-facts.js";

/** The fighting of a combat phase is over: units that followed up and are out of combat stop following up. */
export function fightEnd(ctx: Ctx): void {
  const s = ctx.s;
  ctx.touch();
  s.units = s.units.map((u) => (u.followingUp && !u.u.inCombat ? unitRecord({ ...u, followingUp: false, followedUp: [] }, u.u) : u));
}

function combatant(ctx: Ctx, bu: BattleUnit, foes: BattleUnit[], friends: Set<string>, chargeCombat: boolean): Combatant {
  const tol = ctx.s.table.options.contactTolerance;
  const engagedStands = new Set<number>();
  let frontContact = false;
  // Ruling SW-18: charged in the flank or rear this turn (a foe that charged this turn touches its flank or rear).
  let chargedInFlankOrRear = false;
  for (const f of foes) {
    for (const c of unitContacts(geomOf(f), geomOf(bu), tol)) {
      engagedStands.add(c.standOfB);
      if (c.aspectOfB === "front" || !bu.u.formed) frontContact = true;
      else if (f.charged) chargedInFlankOrRear = true;
    }
  }
  // Flank support: otherwise unengaged friendly stands touching the unit's flanks (max 1 each flank).
  const flanks = new Set<string>();
  for (const fr of ctx.sideUnits(bu.side)) {
    if (!onTable(fr) || fr.id === bu.id || friends.has(fr.id) || fr.u.inCombat) continue;
    if (!within(fr, bu, tol)) continue;
    for (const c of unitContacts(geomOf(fr), geomOf(bu), tol)) if (c.aspectOfB === "flank" && c.edgeOfB) flanks.add(c.edgeOfB);
  }
  const ground = (u: BattleUnit) => onGroundOrCover(ctx, u);
  const l = ctx.leaderOfUnit(bu.id);
  const charged = chargeCombat && bu.charged && bu.u.aggression !== "shaken";
  return {
    unit: bu.u,
    engagedStands: Math.max(1, Math.min(bu.u.stands, engagedStands.size)),
    charged,
    flankOrRear: !frontContact || chargedInFlankOrRear,
    opponentHasGround: foes.some(ground) && !ground(bu),
    leader: l !== undefined && (bu.u.grade === "A" || bu.u.grade === "B"),
    flankSupport: Math.min(2, flanks.size) as 0 | 1 | 2,
    followingUp: followingUpAgainst(bu, foes),
    fightToTheDeath: bu.fightToDeath,
  };
}

/** The combat phase's fighting: every group of units in contact is one combat, fought in turn. */
export function fight(ctx: Ctx): void {
  refreshInCombat(ctx);
  const tasks: Task[] = findCombats(ctx).map((g) => ({ t: "melee", red: [...g.red], black: [...g.black] }));
  push(ctx, ...tasks, { t: "fight-end" });
}

/**
 * A combat's input as the table stands (red is side a): each engaged unit's facts (ruling SW-18),
 * or null when a side has no unit left on the table. Shared by the combat and the odds shown before a charge.
 */
export function combatInputFor(ctx: Ctx, redIds: readonly string[], blackIds: readonly string[]): { reds: BattleUnit[]; blacks: BattleUnit[]; input: CombatInput } | null {
  const reds = redIds.map((id) => ctx.unit(id)).filter(onTable);
  const blacks = blackIds.map((id) => ctx.unit(id)).filter(onTable);
  if (reds.length === 0 || blacks.length === 0) return null;
  const chargeCombat = [...reds, ...blacks].some((u) => u.charged);
  const g = { red: new Set(redIds), black: new Set(blackIds) };
  const input: CombatInput = {
    chargeCombat,
    a: reds.map((u) => combatant(ctx, u, blacks, g.red, chargeCombat)),
    b: blacks.map((u) => combatant(ctx, u, reds, g.black, chargeCombat)),
  };
  // A follow-up only counts for the side whose opponent fell back.
  if (input.a.some((c) => c.followingUp) && input.b.some((c) => c.followingUp)) for (const c of [...input.a, ...input.b]) c.followingUp = false;
  return { reds, blacks, input };
}

/** One combat: round 1 is rolled (each side's dice a set its kept Seven may re-roll, SW-11). `chain`: how many pursuit charges led to it this phase. */
export function startCombat(ctx: Ctx, redIds: string[], blackIds: string[], chain = 0): void {
  const found = combatInputFor(ctx, redIds, blackIds);
  if (!found) return;
  const { reds, blacks, input } = found;
  const problem = combatProblem(input);
  if (problem) throw new RangeError(problem);
  const progress: CombatProgress = { red: reds.map((u) => u.id), black: blacks.map((u) => u.id), input, rounds: [], offered: [] };
  if (chain > 0) progress.chain = chain; // set afterwards: a spread of a conditional object takes V8's slow path
  rollCombatRound(ctx, progress);
}

function rollCombatRound(ctx: Ctx, fight: CombatProgress): void {
  const round = (fight.rounds.length + 1) as 1 | 2;
  const current = roundInput(fight.input, round);
  if (!current) throw new Error("no refight to roll");
  const r = rollRound(ctx.rng, current, round);
  combatOffers(ctx, { ...fight, rounds: [...fight.rounds, r], offered: [] });
}

/** After a round's dice: each side keeping a Seven (initiative side first) may re-roll its own dice; then the combat goes on. */
export function combatOffers(ctx: Ctx, fight: CombatProgress): void {
  const last = fight.rounds[fight.rounds.length - 1];
  for (const side of sideOrder(ctx.s)) {
    if (fight.offered.includes(side)) continue;
    const offered = { ...fight, offered: [...fight.offered, side] };
    const roll: DiceRoll = { what: "combat", side, unit: fight[side][0], fight: offered, result: side === "red" ? last.a : last.b };
    if (ctx.s.sides[side].tokens.fortune > 0 && fortuneMatters(ctx, roll)) {
      ctx.s.pending = { kind: "fortune", side, unit: roll.unit, roll };
      return;
    }
    fight = offered;
  }
  const round = last.round;
  if (last.result === "inconclusive" && round === 1 && roundInput(fight.input, 2)) {
    rollCombatRound(ctx, fight);
    return;
  }
  finishCombat(ctx, fight);
}

/** The combat's result once its dice are final: the log, the units, risk to leaders, and the moves following combat. */
function finishCombat(ctx: Ctx, fight: CombatProgress): void {
  const reds = fight.red.map((id) => ctx.unit(id));
  const blacks = fight.black.map((id) => ctx.unit(id));
  const chargeCombat = fight.input.chargeCombat;
  const res = combatFromRounds(fight.input, fight.rounds, { refightDefeat: ruleOption(ctx.s.options, "refightDefeat"), previouslyShaken: ruleOption(ctx.s.options, "previouslyShaken") });
  ctx.ev(
    "combat",
    `Combat: ${reds.map((u) => u.u.name).join(", ")} against ${blacks.map((u) => u.u.name).join(", ")} (${chargeCombat ? "charge combat" : "no charges"}): ${RESULT_NAME[res.result]} for red`,
    {
      red: reds.map((u) => u.id),
      black: blacks.map((u) => u.id),
      result: res.result,
      rounds: res.rounds.map((r) => ({
        red: r.a.units.map((u) => u.roll.faces),
        black: r.b.units.map((u) => u.roll.faces),
        redHits: r.a.hits,
        blackHits: r.b.hits,
        result: r.result,
      })),
    },
  );
  ctx.notes("combat-detail", res.notes);
  const positions = new Map<string, Stand[]>([...reds, ...blacks].map((u) => [u.id, u.stands]));
  for (const o of res.units) ctx.setUnit({ ...ctx.unit(o.id), followingUp: false, followedUp: [] });
  // The result is applied to every unit at once (its losses chosen on one table; SW-27).
  ctx.setUsTogether(res.units.map((o) => o.unit));
  // Risk to leaders engaged in the combat.
  for (const u of [...reds, ...blacks]) {
    const l = ctx.leaderOfUnit(u.id);
    if (!l) continue;
    const rolls = leaderRiskRolls({ missileHits: 0, engagedInCombat: true });
    for (let i = 0; i < rolls; i++) if (leaderRisk(ctx, l.id, true)) break;
  }
  next.movesAfterCombat(ctx, res.units, positions, true, fight.chain ?? 0);
}
