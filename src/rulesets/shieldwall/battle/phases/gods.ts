/** The gods phase (seed "The Gods and Fortune", rulings SW-9, SW-10, SW-11): the card, holy persons' calls and the effect. */
import type { Side } from "../../army.js";
import { type GodSide, applyGodEffect, callHolyPerson, drawGodCard, godEffect, holyCaller, resolveInvocation } from "../../gods.js";
import { announceLosses } from "../effects.js";
import { Ctx, push } from "../ctx.js";
import { currentDraw, holyLeader, sideOrder } from "../queries.js";
import type { Pending, Task } from "../types.js";
import { SIDE_LIST, other, sideOfId } from "../unit-facts.js";
import type { DecisionKind, PendingOf } from "../decision-kind.js";

/** The gods phase: the card is drawn, each side may call on its holy person. */
export function godsTask(ctx: Ctx): void {
  const s = ctx.s;
  s.phase = "gods";
  const d = drawGodCard(s.god.pack, ctx.rng);
  s.god = {
    ...s.god,
    pack: d.pack,
    draw: d,
    calls: { red: false, black: false },
    standing: null,
    choices: {},
  };
  ctx.ev("god-card", `The gods' card is drawn: ${cardText(d.card)}`, {
    card: d.card,
    jokerNumber: d.jokerNumber,
  });
  const tasks: Task[] = sideOrder(s).map((side) => ({ t: "holy-call", side }) as Task);
  push(ctx, ...tasks, { t: "god-resolve" }, { t: "god-effect" });
}

/** A side may call on its holy person. */
export function holyCallTask(ctx: Ctx, side: Side): void {
  const s = ctx.s;
  const l = holyLeader(ctx, side);
  if (l) s.pending = { kind: "holy-call", side: side, leader: l.id };
}

/** The calls made: a single caller may cancel the card. */
export function godResolveTask(ctx: Ctx): void {
  const s = ctx.s;
  const caller = holyCaller(s.god.calls);
  if (caller && !(s.god.calls.red && s.god.calls.black)) {
    s.pending = { kind: "holy-cancel", side: caller };
    return;
  }
  // No single caller (or both called, ruling SW-10): the card stands as drawn.
  applyHolyCancel(ctx, false, false);
}

function cardText(card: import("../../../../core/cards.js").Card): string {
  if ("joker" in card) return `Joker`;
  return `${card.rank} of ${card.suit}`;
}



export function godChoiceOptions(ctx: Ctx, p: PendingOf<"god-choice">): string[] {
  const side = p.affected;
  switch (p.effect) {
    case "bad-omen":
      return ctx
        .sideUnits(side)
        .filter((u) => u.u.status === "active")
        .map((u) => u.id);
    case "beautiful-woman":
      return ctx
        .sideUnits(side)
        .filter((u) => u.u.status === "active" && u.u.kind === "retinue")
        .map((u) => u.id);
    case "new-hero":
      return ctx.s.leaders
        // SW-11: the hero joins the leader's retinue, so only a leader still with his (active) retinue can take him.
        .filter((l) => sideOfId(l.id) === side && l.status === "alive" && ctx.hasUnit(l.unit) && ctx.unit(l.unit).u.status === "active" && ctx.unit(l.unit).u.kind === "retinue")
        .map((l) => l.id);
    case "favoured-leader":
      return ctx.s.leaders.filter((l) => sideOfId(l.id) === side && l.status === "alive").map((l) => l.id);
  }
}

const CHOICE_KEY = {
  "bad-omen": "badOmenUnit",
  "beautiful-woman": "queenRetinue",
  "new-hero": "kingLeader",
  "favoured-leader": "aceLeader",
} as const;

export function godEffectTask(ctx: Ctx): void {
  const s = ctx.s;
  const standing = s.god.standing;
  if (!standing) return;
  const effect = godEffectOf(standing.draw);
  const affected: Side[] = effect.affects === "both" ? ["red", "black"] : [effect.affects];
  if (effect.kind === "bad-omen" || effect.kind === "beautiful-woman" || effect.kind === "new-hero" || effect.kind === "favoured-leader") {
    for (const side of affected) {
      const key = CHOICE_KEY[effect.kind];
      if (s.god.choices[side]?.[key] !== undefined) continue;
      const chooser = effect.chooser === "opponent" ? other(side) : side;
      const p: Pending = {
        kind: "god-choice",
        side: chooser,
        effect: effect.kind,
        affected: side,
      };
      const opts = godChoiceOptions(ctx, p);
      if (opts.length === 0) continue;
      if (opts.length === 1) {
        s.god = {
          ...s.god,
          choices: {
            ...s.god.choices,
            [side]: { ...s.god.choices[side], [key]: opts[0] },
          },
        };
        continue;
      }
      push(ctx, { t: "god-effect" });
      s.pending = p;
      return;
    }
  }
  const sides = {} as Record<Side, GodSide>;
  for (const side of SIDE_LIST) {
    sides[side] = {
      units: ctx.sideUnits(side).map((u) => u.u),
      leaders: s.leaders.filter((l) => sideOfId(l.id) === side),
      tokens: s.sides[side].tokens,
    };
  }
  let applied = effect;
  if (effect.kind === "new-hero" && effect.affects !== "both" && s.god.choices[effect.affects]?.kingLeader === undefined) {
    // No leader of the affected side still stands with his retinue: the King has no one to join.
    ctx.ev("god-effect", `${effect.text}: no ${effect.affects} leader is with his retinue, so no hero comes forward`, { effect: effect.kind });
    applied = { ...effect, kind: "none" };
  }
  const app = applyGodEffect(applied, sides, s.god.soggy, s.god.choices);
  const before = ctx.s.units.slice();
  for (const side of SIDE_LIST) {
    for (const u of app.sides[side].units) if (u !== ctx.unit(u.id).u) ctx.setU(u);
    for (const l of app.sides[side].leaders) ctx.setLeader(l);
    s.sides[side] = { ...s.sides[side], tokens: app.sides[side].tokens };
  }
  s.god = { ...s.god, soggy: app.soggyGround };
  ctx.notes("god-effect", app.notes, { effect: effect.kind });
  announceLosses(ctx, before, "destroyed");
  if (app.challenge)
    push(ctx, {
      t: "challenge",
      challenger: app.challenge.challenger,
      fighter: "heroic-champion",
      fromKing: true,
    });
}

function godEffectOf(d: { card: import("../../../../core/cards.js").Card; jokerNumber: 1 | 2 | null }) {
  return godEffect(d.card, d.jokerNumber);
}

export function applyHolyCall(ctx: Ctx, side: Side, leaderId: string, call: boolean): void {
  if (!call) {
    ctx.ev("holy-call", `${side} does not call on the holy person`, { side });
    return;
  }
  const l = ctx.leader(leaderId);
  const r = callHolyPerson(l, ctx.unit(l.unit).u);
  ctx.setLeader(r.value);
  ctx.s.god = { ...ctx.s.god, calls: { ...ctx.s.god.calls, [side]: true } };
  ctx.notes("holy-call", r.notes, { side, leader: l.id }); // ruling SW-10
}

export function applyHolyCancel(ctx: Ctx, cancel: boolean, redraw: boolean): void {
  const s = ctx.s;
  const inv = resolveInvocation(currentDraw(s), ctx.rng, {
    calls: s.god.calls,
    cancel,
    redraw: cancel && redraw,
  });
  ctx.notes("god", inv.notes.slice(1));
  s.god = {
    ...s.god,
    pack: inv.pack,
    standing: inv.standing
      ? {
          draw: {
            pack: inv.pack,
            card: inv.standing.card,
            jokerNumber: inv.standing.jokerNumber,
          },
        }
      : null,
  };
}

/** Calling on the holy person (seed "The Gods", ruling SW-10). */
export const HOLY_CALL_DECISION: DecisionKind<"holy-call"> = {
  options: () => [
    { type: "holy-call", call: false },
    { type: "holy-call", call: true },
  ],
  apply: (ctx, p, d, side) => applyHolyCall(ctx, side, p.leader, d.call),
  describe: (d) => (d.call ? "call on the holy person" : "do not call"),
};

/** The single caller may cancel the card, and then draw again (ruling SW-10). */
export const HOLY_CANCEL_DECISION: DecisionKind<"holy-cancel"> = {
  options: () => [
    { type: "holy-cancel", cancel: false, redraw: false },
    { type: "holy-cancel", cancel: true, redraw: false },
    { type: "holy-cancel", cancel: true, redraw: true },
  ],
  problem: (_ctx, _p, d) => (d.redraw && !d.cancel ? "a replacement card is drawn only after cancelling (ruling SW-10)" : undefined),
  apply: (ctx, _p, d) => applyHolyCancel(ctx, d.cancel, d.redraw),
  describe: (d) => (!d.cancel ? "let the card stand" : d.redraw ? "cancel and draw again" : "cancel the card"),
};

/** The unit or leader a card's effect falls on, chosen by the side the card names (seed "The Gods"). */
export const GOD_CHOICE_DECISION: DecisionKind<"god-choice"> = {
  options: (ctx, p) => godChoiceOptions(ctx, p).map((target) => ({ type: "god-choice", target })),
  apply(ctx, p, d, side) {
    const s = ctx.s;
    const key = CHOICE_KEY[p.effect];
    s.god = {
      ...s.god,
      choices: {
        ...s.god.choices,
        [p.affected]: { ...s.god.choices[p.affected], [key]: d.target },
      },
    };
    ctx.ev("god-choice", `${side} chooses ${d.target}`, {
      target: d.target,
    });
  },
  describe: (d) => `choose ${d.target}`,
};
