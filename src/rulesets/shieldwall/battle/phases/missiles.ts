/** The missile phase (seed "Missile Exchange", rulings SW-16, SW-11): planned shots, their dice and hits. */
import { applyShootingHits, leaderRiskRolls, resolveShooting, type ShootingInput, shootingRefusal } from "../../checks.js";
import { standIn } from "../../geometry/table.js";
import { useToken } from "../../gods.js";
import { Ctx, push } from "../ctx.js";
import { thrown } from "../dice.js";
import { leaderRisk, unitGone } from "../effects.js";
import { actingOrder, shootingOptions, sideOrder } from "../queries.js";
import type { BattleUnit, DiceRoll, Task } from "../types.js";
import { ruleOption } from "../types.js";
import { canAct, sideOfId } from "../unit-facts.js";
import type { DecisionKind, DecisionOf } from "../decision-kind.js";

/** The missile phase: every unit may plan a shot, then all shots are rolled. */
export function missilesTask(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "missiles";
  s.shots = [];
  const tasks: Task[] = [];
  for (const side of sideOrder(s)) for (const id of actingOrder(ctx, side)) tasks.push({ t: "shoot", unit: id });
  push(ctx, ...tasks, { t: "resolve-missiles" });
}

/** A unit with a target may shoot. */
export function shootTask(ctx: Ctx, unitId: string): void {
  const s = ctx.s;
  const bu = ctx.unit(unitId);
  if (!canAct(bu) || shootingRefusal(bu.u)) return;
  const targets = shootingOptions(ctx, bu);
  if (targets.length === 0) return;
  s.pending = { kind: "shoot", side: bu.side, unit: bu.id };
}

export function shootDecisions(ctx: Ctx, bu: BattleUnit): DecisionOf<"shoot">[] {
  const used = ctx.s.shots.filter((x) => x.archer && sideOfId(x.shooter) === bu.side).length;
  const archer = ctx.s.sides[bu.side].tokens.skilledArcher > used;
  // "Units may shoot": holding fire is allowed.
  const out: DecisionOf<"shoot">[] = [{ type: "shoot", target: null, archer: false }];
  for (const t of shootingOptions(ctx, bu)) {
    out.push({ type: "shoot", target: t.target, archer: false });
    if (archer) out.push({ type: "shoot", target: t.target, archer: true });
  }
  return out;
}

/** Every planned shot is rolled in turn (each shooting unit's dice a set a kept Seven may re-roll, SW-11); the hits apply once all have shot. */
export function resolveMissiles(ctx: Ctx): void {
  const s = ctx.s;
  if (s.shots.length === 0) return;
  push(ctx, ...s.shots.map((_, i): Task => ({ t: "fire", shot: i })), { t: "missile-hits" });
}

/** The shooting dice's input for a shot at `target` (seed "Missile Exchange", SW-16), or null if it may not shoot at it: shared by the shot and the odds shown before it. */
export function shotInput(ctx: Ctx, shooter: BattleUnit, target: BattleUnit, archer: boolean): ShootingInput | null {
  const opt = shootingOptions(ctx, shooter).find((o) => o.target === target.id);
  if (!opt) return null;
  return {
    shooterStands: opt.stands,
    skilledArcher: archer,
    targetIsRetinue: target.u.kind === "retinue",
    targetInCover: target.stands.some((st) => standIn(st, ctx.s.table, "cover")),
  };
}

export function fireShot(ctx: Ctx, i: number): void {
  const s = ctx.s;
  const shot = s.shots[i];
  const shooter = ctx.unit(shot.shooter);
  const target = ctx.unit(shot.target);
  const input = shotInput(ctx, shooter, target, shot.archer);
  if (!input) return;
  const result = resolveShooting(ctx.rng, input, { halveOnceForRetinueInCover: ruleOption(ctx.s.options, "halveOnceForRetinueInCover") });
  if (shot.archer)
    s.sides[shooter.side] = {
      ...s.sides[shooter.side],
      tokens: useToken(s.sides[shooter.side].tokens, "skilledArcher"),
    };
  const roll: DiceRoll = { what: "shooting", unit: shooter.id, target: target.id, shot: i, input, result };
  thrown(ctx, shooter.side, roll);
}

export function missileHits(ctx: Ctx): void {
  const s = ctx.s;
  const hits = new Map<string, number>();
  for (const shot of s.shots) if (shot.hits !== undefined) hits.set(shot.target, (hits.get(shot.target) ?? 0) + shot.hits);
  // Results are applied only once both sides have shot (seed "Missile Exchange").
  for (const [id, h] of [...hits.entries()].sort()) {
    if (h === 0) continue;
    const t = ctx.unit(id);
    const r = applyShootingHits(t.u, h);
    ctx.setU(r.value);
    ctx.notes("missile-hits", r.notes, { unit: id, hits: h });
    const l = ctx.leaderOfUnit(id);
    if (l) {
      const rolls = leaderRiskRolls({ missileHits: h, engagedInCombat: false }, { leaderRiskPerMissileHit: ruleOption(ctx.s.options, "leaderRiskPerMissileHit") });
      for (let i = 0; i < rolls; i++) if (leaderRisk(ctx, l.id, false)) break;
    }
    if (r.value.status !== "active") unitGone(ctx, ctx.unit(id), "destroyed");
  }
  s.shots = [];
}

/** A unit's shot (seed "Missile Exchange"): hold fire or plan a shot at a target, with the skilled archer if the side has him. */
export const SHOOT_DECISION: DecisionKind<"shoot"> = {
  options: (ctx, p) => shootDecisions(ctx, ctx.unit(p.unit)),
  apply(ctx, p, d) {
    if (d.target) ctx.s.shots = [...ctx.s.shots, { shooter: p.unit, target: d.target, archer: d.archer }];
  },
  describe: (d) => (d.target ? `shoot at ${d.target}${d.archer ? " with the skilled archer" : ""}` : "hold fire"),
};
