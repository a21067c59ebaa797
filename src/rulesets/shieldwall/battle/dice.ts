/**
 * Dice a side throws (a test, a move, shooting, a combat round) and the Seven (ruling SW-11).
 *
 * Dice are data (`DiceRoll`): the engine rolls, then `rolled` either offers a kept Seven (pending
 * `fortune`) or goes straight on with the roll's continuation (loop.ts `afterRoll`, reached through
 * hand-off.ts). So whatever follows a roll is written as that roll's continuation, never as code
 * after the roll in the same call.
 */
import type { Side } from "../army.js";
import { controlModifier, resolveCharge, resolveControl, resolveFreeHack, resolveShooting, shootingHalvingText } from "../checks.js";
import { mirrorResult, rollSide as rollCombatSide, roundInput, withSideRoll } from "../combat.js";
import { useToken } from "../gods.js";
import { type MoveKind, type MoveRoll, rollMove, topMoveDice } from "../move-dice.js";
import { Ctx } from "./ctx.js";
import { next } from "./hand-off.js";
import { chargeInputFor, controlInputFor } from "./queries.js";
import type { DiceRoll, MoveRollFor,  } from "./types.js";
import { ruleOption } from "./types.js";
import type { DecisionKind, PendingOf } from "./decision-kind.js";

/**
 * Could re-rolling this set of dice help its side (docs/shieldwall/battle.md, "The Seven")? The
 * Seven is offered only then: not for a control test of 3–4 (the player already acts as he
 * wishes), a charge test that succeeded, a move roll at the top of its dice or reaching its
 * declared stop without fatigue, a shot or free hack where every die scored, nor a combat roll
 * where every die hit or the side already has a Victory.
 */
export function fortuneMatters(ctx: Ctx, roll: DiceRoll): boolean {
  switch (roll.what) {
    case "control":
      return roll.result.outcome !== "free";
    case "charge":
      return !roll.result.charges && !roll.result.automatic;
    case "move": {
      const r = roll.result;
      if (r.fatigue > 0) return true;
      if (r.roll.total >= topMoveDice(roll.dice)) return false;
      const m = roll.for.k === "move" ? roll.for.move : null;
      const stopAt = m && "stopAt" in m ? m.stopAt : undefined;
      return !(stopAt !== undefined && r.inches >= stopAt);
    }
    case "shooting":
      return roll.result.hits < roll.result.dice;
    case "free-hack":
      return roll.result.casualties < roll.dice;
    case "combat": {
      const last = roll.fight.rounds[roll.fight.rounds.length - 1];
      const mine = roll.side === "red" ? last.result : mirrorResult(last.result);
      const dice = roll.result.units.reduce((n, u) => n + u.roll.faces.length, 0);
      return mine !== "victory" && roll.result.hits - roll.result.autoHits < dice;
    }
  }
}

/** A set of dice has been thrown: its side may re-roll it with a kept Seven if that could help; otherwise (or then) the engine goes on. */
function rolled(ctx: Ctx, side: Side, roll: DiceRoll): void {
  if (ctx.s.sides[side].tokens.fortune > 0 && fortuneMatters(ctx, roll)) {
    ctx.s.pending = { kind: "fortune", side, unit: roll.unit, roll };
    return;
  }
  next.afterRoll(ctx, roll);
}

/** A set of dice just thrown: its event in the narrative, then {@link rolled}. */
export function thrown(ctx: Ctx, side: Side, roll: DiceRoll): void {
  rollEvent(ctx, roll);
  rolled(ctx, side, roll);
}

/** A unit's move dice thrown on the current ground, for `f` (see {@link thrown}). */
export function throwMoveDice(ctx: Ctx, side: Side, unit: string, dice: { kind: MoveKind; extraD6: boolean; formed: boolean }, f: MoveRollFor): void {
  thrown(ctx, side, { what: "move", unit, dice, for: f, result: rollMoveDice(ctx, dice) });
}

/** The same set of dice thrown again: the same rules function with the battle's generator. */
function rerollDice(ctx: Ctx, roll: DiceRoll): DiceRoll {
  switch (roll.what) {
    case "control": {
      const bu = ctx.unit(roll.unit);
      return { ...roll, result: resolveControl(ctx.rng, controlInputFor(ctx, bu, roll.aGrade)) };
    }
    case "charge":
      return { ...roll, result: resolveCharge(ctx.rng, chargeInputFor(ctx, roll.unit), { chargeDisorderPenalty: ruleOption(ctx.s.options, "chargeDisorderPenalty") }) };
    case "move":
      return { ...roll, result: rollMoveDice(ctx, roll.dice) };
    case "shooting":
      return { ...roll, result: resolveShooting(ctx.rng, roll.input, { halveOnceForRetinueInCover: ruleOption(ctx.s.options, "halveOnceForRetinueInCover") }) };
    case "free-hack":
      return { ...roll, result: resolveFreeHack(ctx.rng, roll.dice) };
    case "combat": {
      const f = roll.fight;
      const last = f.rounds[f.rounds.length - 1];
      const current = roundInput(f.input, last.round) ?? f.input;
      const result = rollCombatSide(ctx.rng, roll.side === "red" ? current.a : current.b, current.chargeCombat);
      const rounds = [...f.rounds.slice(0, -1), withSideRoll(last, roll.side === "red" ? "a" : "b", result)];
      return { ...roll, fight: { ...f, rounds }, result };
    }
  }
}

/**
 * Throws a unit's move dice on the current ground. The dice input is built field by field: a
 * spread followed by a new field (`{ ...dice, soggyGround }`) takes V8's slow path, about 1 µs.
 */
function rollMoveDice(ctx: Ctx, dice: { kind: MoveKind; extraD6: boolean; formed: boolean }): MoveRoll {
  return rollMove(ctx.rng, { kind: dice.kind, extraD6: dice.extraD6, formed: dice.formed, soggyGround: ctx.s.god.soggy });
}

/** The dice of a roll in a few words, for the narrative ("AvD 2 = 2: halt"). */
function diceText(roll: DiceRoll): string {
  switch (roll.what) {
    case "control":
      return `AvD ${roll.result.face} = ${roll.result.text}`;
    case "charge":
      return roll.result.text;
    case "move":
      return `${roll.result.roll.dice.join("+")} [${roll.result.roll.faces.join(", ")}] = ${roll.result.inches}"${roll.result.fatigue > 0 ? ` (${roll.result.fatigue} fatigue DP${roll.result.fatigue > 1 ? "s" : ""})` : ""}`;
    case "shooting":
      return `[${roll.result.roll.faces.join(", ")}]: ${roll.result.hits} hit${roll.result.hits === 1 ? "" : "s"}`;
    case "free-hack":
      return `[${roll.result.roll.faces.join(", ")}]: ${roll.result.casualties} stand${roll.result.casualties === 1 ? "" : "s"}`;
    case "combat":
      return `${roll.result.units.map((u) => `[${u.roll.faces.join(", ")}]`).join(" ")} = ${roll.result.hits} hit${roll.result.hits === 1 ? "" : "s"}`;
  }
}

const ROLL_NAME: Record<DiceRoll["what"], string> = {
  control: "control test",
  charge: "charge test",
  move: "move dice",
  shooting: "shooting dice",
  "free-hack": "free hack",
  combat: "combat dice",
};

/** The event a set of dice makes in the narrative when thrown (the same again after a re-roll). */
function rollEvent(ctx: Ctx, roll: DiceRoll): void {
  switch (roll.what) {
    case "control": {
      const bu = ctx.unit(roll.unit);
      const r = roll.result;
      const mod = controlModifier(controlInputFor(ctx, bu, roll.aGrade));
      ctx.event({
        type: "control-test",
        text: `${bu.u.name} takes a control test (${roll.reasons.join("; ")}): AvD ${r.face}${r.modifier ? ` ${r.modifier > 0 ? "+" : "-"} ${Math.abs(r.modifier)}` : ""} = ${r.text}`,
        turn: ctx.s.turn,
        phase: ctx.s.phase,
        unit: roll.unit,
        dice: [r.face],
        modifiers: mod.parts,
        total: r.total,
        outcome: r.outcome,
      });
      return;
    }
    case "charge": {
      const r = roll.result;
      ctx.ev("charge-test", `${ctx.unit(roll.unit).u.name} charges ${ctx.unit(roll.target).u.name}? ${r.text}`, {
        unit: roll.unit,
        target: roll.target,
        dice: r.face === null ? [] : [r.face],
        modifier: r.modifier,
        charges: r.charges,
      });
      return;
    }
    case "move": {
      const name = ctx.unit(roll.unit).u.name;
      const r = roll.result;
      const detail = { unit: roll.unit, dice: r.roll.faces, inches: r.inches };
      const f = roll.for;
      switch (f.k) {
        case "move": {
          const m = f.move;
          const stopAt = "stopAt" in m ? m.stopAt : undefined;
          const dice = `${roll.dice.extraD6 ? "AvD+D6" : "AvD"} [${r.roll.faces.join(", ")}] = ${r.inches}"${stopAt !== undefined ? `, declared stop at ${stopAt}"` : ""}`;
          // The most frequent dice: one literal (see `Ctx.event`).
          ctx.event({ type: "move-dice", text: `${name} rolls ${dice}`, turn: ctx.s.turn, phase: ctx.s.phase, unit: roll.unit, dice: r.roll.faces, inches: r.inches, extraD6: roll.dice.extraD6, stopAt: stopAt ?? null });
          return;
        }
        case "bloodlust":
          return; // its move's text carries the dice
        case "pursuit":
          ctx.ev("move-dice", `${name} pursuit continues: AvD+D6 [${r.roll.faces.join(", ")}] = ${r.inches}"`, detail);
          return;
        case "retire":
          ctx.ev("move-dice", `${name} ${f.what}: AvD+D6 [${r.roll.faces.join(", ")}] +1 = ${r.inches}" (ruling SW-2)`, detail);
          return;
        case "rout":
          ctx.ev("move-dice", `${name} breaks: AvD+D6 [${r.roll.faces.join(", ")}] +1 = ${r.inches}" (ruling SW-2)`, detail);
          return;
        case "pursue":
          ctx.ev("move-dice", `${name} pursues: AvD+D6 [${r.roll.faces.join(", ")}] = ${r.inches}" (ruling SW-2)`, detail);
          return;
      }
      return;
    }
    case "shooting": {
      const shooter = ctx.unit(roll.unit);
      const target = ctx.unit(roll.target);
      const r = roll.result;
      const i = roll.input;
      ctx.ev(
        "shooting",
        `${shooter.u.name} shoots at ${target.u.name}${target.u.inCombat ? " (its outflanking stands: the unit is in combat)" : ""}: ${i.shooterStands} stand${i.shooterStands > 1 ? "s" : ""}, ${r.dice} dice${i.skilledArcher ? " (skilled archer)" : ""}${shootingHalvingText(i, { halveOnceForRetinueInCover: ruleOption(ctx.s.options, "halveOnceForRetinueInCover") })} [${r.roll.faces.join(", ")}]: ${r.hits} hit${r.hits === 1 ? "" : "s"}`,
        {
          shooter: shooter.id,
          target: target.id,
          dice: r.roll.faces,
          hits: r.hits,
          archer: i.skilledArcher,
          cover: i.targetInCover,
        },
      );
      return;
    }
    case "free-hack": {
      const h = roll.result;
      ctx.ev(
        "free-hack",
        `${ctx.unit(roll.unit).u.name} catches ${ctx.unit(roll.target).u.name}: free hack, ${h.roll.faces.length} dice [${h.roll.faces.join(", ")}], ${h.casualties} stand${h.casualties === 1 ? "" : "s"} lost`,
        { unit: roll.unit, target: roll.target, dice: h.roll.faces, casualties: h.casualties },
      );
      return;
    }
    case "combat":
      return; // the combat's event, once it is decided, carries every die
  }
}

/** The Seven (SW-11): play it to re-roll the set of dice just thrown (the second result stands), or keep it. */
export function applyFortune(ctx: Ctx, p: PendingOf<"fortune">, reroll: boolean): void {
  let roll = p.roll;
  if (reroll) {
    const side = p.side;
    const sd = ctx.s.sides[side];
    ctx.s.sides[side] = { ...sd, tokens: useToken(sd.tokens, "fortune") };
    const again = rerollDice(ctx, roll);
    const who = roll.what === "combat" ? roll.fight[side].map((id) => ctx.unit(id).u.name).join(", ") : ctx.unit(roll.unit).u.name;
    ctx.ev("fortune", `${side} plays a kept Seven: ${who} ${roll.what === "combat" && roll.fight[side].length > 1 ? "re-roll their" : "re-rolls its"} ${ROLL_NAME[roll.what]} (ruling SW-11): ${diceText(roll)} → ${diceText(again)}`, {
      side,
      unit: p.unit,
      what: roll.what,
      before: diceFaces(roll),
      after: diceFaces(again),
    });
    rollEvent(ctx, again);
    roll = again;
  } else {
    const who = roll.what === "combat" ? roll.fight[p.side].map((id) => ctx.unit(id).u.name).join(", ") : ctx.unit(roll.unit).u.name;
    ctx.ev("fortune-kept", `${p.side} keeps its Seven (ruling SW-11): the ${ROLL_NAME[roll.what]} of ${who} stand${roll.what === "control" || roll.what === "charge" || roll.what === "free-hack" ? "s" : ""} (${diceText(roll)})`, { side: p.side, unit: p.unit, what: roll.what });
  }
  next.afterRoll(ctx, roll);
}

/** Every die of a roll, for the event's detail. */
function diceFaces(roll: DiceRoll): number[] {
  switch (roll.what) {
    case "control":
      return [roll.result.face];
    case "charge":
      return roll.result.face === null ? [] : [roll.result.face];
    case "move":
    case "shooting":
    case "free-hack":
      return roll.result.roll.faces;
    case "combat":
      return roll.result.units.flatMap((u) => u.roll.faces);
  }
}

/** The Seven (ruling SW-11): play it to re-roll the set of dice just thrown, or keep it. */
export const FORTUNE_DECISION: DecisionKind<"fortune"> = {
  options: () => [
    { type: "fortune", reroll: false },
    { type: "fortune", reroll: true },
  ],
  apply: (ctx, p, d) => applyFortune(ctx, p, d.reroll),
  describe: (d) => (d.reroll ? "play the Seven: re-roll" : "keep the Seven"),
};
