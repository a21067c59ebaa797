/** Charges (seed "Charges and Combat"; SW-17–SW-21): declarations and charge tests; the charge move is in effects.ts. */
import { applyChargeResult, resolveCharge } from "../../checks.js";
import { announceLosses } from "../effects.js";
import { Ctx, push } from "../ctx.js";
import { thrown } from "../dice.js";
import { actingOrder, chargeInputFor, chargeRefusals, chargeTargets, contingentUnits, contingentsRightToLeft, sideOrder } from "../queries.js";
import type { DiceRoll, Task } from "../types.js";
import { ruleOption } from "../types.js";
import { canAct, onTable } from "../unit-facts.js";
import type { DecisionKind, DecisionOf } from "../decision-kind.js";

/** The combat phase: every unit may declare a charge, then the charge tests and the fighting. */
export function combatTask(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "combat";
  s.declarations = [];
  const tasks: Task[] = [];
  for (const side of sideOrder(s)) for (const id of actingOrder(ctx, side)) tasks.push({ t: "declare", unit: id });
  push(ctx, ...tasks, { t: "charge-tests" }, { t: "fight" });
}

export function declareTask(ctx: Ctx, id: string): void {
  const bu = ctx.unit(id);
  if (!canAct(bu) || bu.u.inCombat || bu.u.aggression === "shaken") return; // Shaken units may not initiate a charge
  // Seed "Aggression Levels": Blood Lust, "Once the Advance has been signalled, … charge as soon as it
  // is within range" (option bloodLustCharge: "after-signal", default; "always": also before the signal).
  const lust = bu.u.aggression === "bloodlust" && (ctx.signalled(bu.u.contingent) || ruleOption(ctx.s.options, "bloodLustCharge") === "always");
  const forced = bu.mustCharge || bu.pursuing || lust;
  if (!forced && !ctx.signalled(bu.u.contingent)) return;
  if (bu.retiring) return;
  const targets = chargeTargets(ctx, bu);
  if (targets.length === 0) {
    // Enemy within 2" and in sight but no room to get at it: the narrative says why (ruling SW-28),
    // whether the unit is bound to charge or its player would have been offered the charge.
    const refused = chargeRefusals(ctx, bu);
    if (refused.length > 0)
      ctx.ev("charge-no-room", `${bu.u.name} ${forced ? "must charge but cannot" : "cannot charge"}: ${refused.map((r) => r.text).join("; ")} (ruling SW-28)`, {
        unit: id,
        targets: refused.map((r) => r.target),
        inTheWay: [...new Set(refused.flatMap((r) => r.inTheWay.map((x) => x.unit)))],
      });
    return;
  }
  if (lust && !bu.mustCharge && !bu.pursuing && targets.length > 1) {
    // Blood Lust "must declare a charge" (seed "Charges and Combat"), but on which enemy is its player's
    // choice: the text names no target (a control test's 5+ and pursuers do: the nearest, the new enemy).
    ctx.s.pending = { kind: "charge", side: bu.side, unit: id, forced: true };
    return;
  }
  if (forced) {
    const why = bu.pursuing
      ? "pursuers encountering new enemy charge them"
      : bu.u.aggression === "bloodlust"
        ? 'Blood Lust must declare a charge within 2"'
        : "control test: advance and charge";
    ctx.s.declarations = [...ctx.s.declarations, { unit: id, target: targets[0] }];
    ctx.ev("declare", `${bu.u.name} must charge ${ctx.unit(targets[0]).u.name} (${why})`, { unit: id, target: targets[0], automatic: true });
    return;
  }
  ctx.s.pending = { kind: "charge", side: bu.side, unit: id };
}

export function chargeTests(ctx: Ctx): void {
  const s = ctx.s;
  const tasks: Task[] = [];
  // Test the retinue first within each contingent, then the bands right to left; initiative side first.
  for (const side of sideOrder(s)) {
    for (const c of contingentsRightToLeft(ctx, side)) for (const id of contingentUnits(ctx, side, c)) if (s.declarations.some((d) => d.unit === id)) tasks.push({ t: "charge-test", unit: id });
  }
  push(ctx, ...tasks);
}

/** One charge test (seed "Charges and Combat"): a failure costs 1 morale DP and the unit stays; a kept Seven may re-roll it first (SW-11). */
export function chargeTestTask(ctx: Ctx, id: string): void {
  const s = ctx.s;
  const dec = s.declarations.find((d) => d.unit === id);
  if (!dec) return;
  const bu = ctx.unit(id);
  const target = ctx.unit(dec.target);
  if (!canAct(bu) || !onTable(target) || bu.u.aggression === "shaken") {
    notCharging(ctx, id);
    return;
  }
  const roll: DiceRoll = { what: "charge", unit: id, target: target.id, result: resolveCharge(ctx.rng, chargeInputFor(ctx, id), { chargeDisorderPenalty: ruleOption(ctx.s.options, "chargeDisorderPenalty") }) };
  thrown(ctx, bu.side, roll);
}

/**
 * "+1 if a friendly unit charging within 2"" counts only friends that are charging: those that
 * passed their test or have yet to take it. A unit that failed (or whose charge lapsed untested)
 * is no longer charging, so its declaration is withdrawn.
 */
function notCharging(ctx: Ctx, id: string): void {
  if (ctx.s.declarations.some((d) => d.unit === id)) ctx.s.declarations = ctx.s.declarations.filter((d) => d.unit !== id);
}

export function chargeFails(ctx: Ctx, id: string): void {
  notCharging(ctx, id);
  const was = ctx.unit(id);
  const applied = applyChargeResult(was.u, false);
  ctx.setU(applied.value);
  ctx.notes("charge-failed", applied.notes.slice(1), { unit: id });
  announceLosses(ctx, [was], "destroyed");
}

/** A unit's charge declaration (seed "Charges and Combat"): no charge, or a charge on a target it can reach. */
export const CHARGE_DECISION: DecisionKind<"charge"> = {
  options: (ctx, p) => [
    ...(p.forced ? [] : [{ type: "charge" as const, target: null }]),
    ...chargeTargets(ctx, ctx.unit(p.unit)).map((target): DecisionOf<"charge"> => ({ type: "charge", target })),
  ],
  apply(ctx, p, d) {
    const unit = p.unit;
    if (d.target) {
      ctx.s.declarations = [...ctx.s.declarations, { unit, target: d.target }];
      if (p.forced)
        ctx.ev("declare", `${ctx.unit(unit).u.name} must charge and chooses ${ctx.unit(d.target).u.name} (Blood Lust must declare a charge within 2")`, { unit, target: d.target, automatic: true });
      else ctx.ev("declare", `${ctx.unit(unit).u.name} declares a charge on ${ctx.unit(d.target).u.name}`, { unit, target: d.target });
    }
  },
  describe: (d) => (d.target ? `charge ${d.target}` : "no charge"),
};
