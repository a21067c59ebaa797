/**
 * The god pack at the table (seed "The Gods and Fortune", rulings SW-9, SW-10, SW-11): the card
 * drawn from the pack kept for the whole battle, the holy persons' calls with the cancel and the
 * redraw, and the standing card's effect applied to the tracked state once its choices are made
 * and confirmed. Every step calls the shared rules in ../gods.ts.
 */
import { cardName } from "../../../core/cards.js";
import { Random } from "../../../core/random.js";
import type { Side } from "../army.js";
import { applyGodEffect, callHolyPerson, type GodChoices, type GodDraw, type GodEffect, godEffect, holyCallRefusal, resolveInvocation } from "../gods.js";
import { drawGodCard } from "../gods.js";
import type { LeaderState, UnitState } from "../units.js";
import { CompanionError, type CompanionState, logged, otherSide, withChanges } from "./state.js";

/** Draws the turn's card (ruling SW-9): a joker stays out of the pack, others go to the discards. */
export function drawTurnCard(state: CompanionState): CompanionState {
  if (state.god.inPlay) throw new CompanionError("this turn's god card is already drawn");
  const rng = new Random(state.rng);
  const d = drawGodCard(state.god.pack, rng);
  const effect = godEffect(d.card, d.jokerNumber);
  const next: CompanionState = {
    ...state,
    rng: rng.state(),
    god: { ...state.god, pack: d.pack, inPlay: { first: { card: d.card, jokerNumber: d.jokerNumber }, packAfterFirst: d.pack, stage: "calls", standing: null } },
  };
  return logged(next, [`the god card: ${cardName(d.card)}: ${effect.text}`, ...holyCallers(next).map((c) => `${c.leader.name} (${c.side}) may call on his holy person (1 LP, ruling SW-10)`)]);
}

/** Leaders who may call on a holy person now: his unit carries one and he can spend 1 LP (ruling SW-10). */
export function holyCallers(state: CompanionState): { side: Side; leader: LeaderState }[] {
  const out: { side: Side; leader: LeaderState }[] = [];
  for (const side of ["red", "black"] as const) {
    for (const l of state.sides[side].leaders) {
      const unit = state.sides[side].units.find((u) => u.id === l.unit);
      if (unit && holyCallRefusal(l, unit) === null) out.push({ side, leader: l });
    }
  }
  return out;
}

export interface CallChoices {
  /** The leader of each side who calls on his holy person (omitted: that side does not call). */
  calls: Partial<Record<Side, string>>;
  /** The single caller cancels the card. */
  cancel: boolean;
  /** Having cancelled, he draws another card and must accept it. */
  redraw: boolean;
}

/**
 * The calls, after the card is revealed (the side with the initiative decides first): each caller
 * spends 1 LP; both calling cancel out; a single caller may cancel the card and draw again
 * (ruling SW-10). Leaves the standing card (if any) waiting for its effect.
 */
export function settleCalls(state: CompanionState, choices: CallChoices): CompanionState {
  const inPlay = state.god.inPlay;
  if (!inPlay || inPlay.stage !== "calls") throw new CompanionError("no god card is waiting for the holy persons' calls");
  if (choices.redraw && !choices.cancel) throw new CompanionError("redraw: a replacement card is drawn only after cancelling (ruling SW-10)");
  const leaders: LeaderState[] = [];
  const notes: string[] = [];
  for (const side of ["red", "black"] as const) {
    const id = choices.calls[side];
    if (id === undefined) continue;
    const l = state.sides[side].leaders.find((x) => x.id === id);
    if (!l) throw new CompanionError(`calls.${side}: no ${side} leader "${id}"`);
    const unit = state.sides[side].units.find((u) => u.id === l.unit);
    const why = unit ? holyCallRefusal(l, unit) : `${l.name} has no unit`;
    if (why || !unit) throw new CompanionError(`calls.${side}: ${why} (ruling SW-10)`);
    const r = callHolyPerson(l, unit);
    leaders.push(r.value);
    notes.push(...r.notes);
  }
  const calls = { red: choices.calls.red !== undefined, black: choices.calls.black !== undefined };
  const single = calls.red !== calls.black;
  if ((choices.cancel || choices.redraw) && !single) throw new CompanionError("cancel: only a single side calling may cancel the card (both calling cancel out, ruling SW-10)");
  const rng = new Random(state.rng);
  const first: GodDraw = { pack: inPlay.packAfterFirst, card: inPlay.first.card, jokerNumber: inPlay.first.jokerNumber };
  const inv = resolveInvocation(first, rng, { calls, cancel: choices.cancel, redraw: choices.redraw });
  const next: CompanionState = {
    ...withChanges(state, [], leaders),
    rng: rng.state(),
    god: { ...state.god, pack: inv.pack, inPlay: { ...inPlay, stage: "effect", standing: inv.standing ? { card: inv.standing.card, jokerNumber: inv.standing.jokerNumber } : null } },
  };
  return logged(next, [...notes, ...inv.notes.slice(1)]);
}

/** The standing card's effect, or null when it was cancelled without a redraw. */
export function standingEffect(state: CompanionState): GodEffect | null {
  const s = state.god.inPlay?.standing;
  return s ? godEffect(s.card, s.jokerNumber) : null;
}

export interface GodChoiceField {
  /** The GodChoices key and the side whose forces it concerns. */
  key: keyof GodChoices;
  side: Side;
  /** Who chooses (the Three: the opponent). */
  chooser: Side;
  label: string;
  options: { id: string; name: string }[];
}

/** The choices the standing card needs, with the units or leaders that may be chosen (ruling SW-11). */
export function godChoiceFields(state: CompanionState): GodChoiceField[] {
  const e = standingEffect(state);
  if (!e) return [];
  const sides: Side[] = e.affects === "both" ? ["red", "black"] : [e.affects];
  const fields: GodChoiceField[] = [];
  for (const side of sides) {
    const units = state.sides[side].units.filter((u) => u.status === "active");
    const leaders = state.sides[side].leaders.filter((l) => l.status === "alive");
    const u = (list: UnitState[]) => list.map((x) => ({ id: x.id, name: x.name }));
    const l = (list: LeaderState[]) => list.map((x) => ({ id: x.id, name: x.name }));
    if (e.kind === "bad-omen" && units.length > 0) fields.push({ key: "badOmenUnit", side, chooser: otherSide(side), label: `${otherSide(side)} chooses the ${side} unit that drops a level`, options: u(units) });
    if (e.kind === "beautiful-woman" && units.some((x) => x.kind === "retinue")) fields.push({ key: "queenRetinue", side, chooser: side, label: `${side} chooses the retinue that rises a level`, options: u(units.filter((x) => x.kind === "retinue")) });
    if (e.kind === "new-hero") {
      const withRetinue = leaders.filter((x) => state.sides[side].units.some((y) => y.id === x.unit && y.status === "active"));
      if (withRetinue.length > 0) fields.push({ key: "kingLeader", side, chooser: side, label: `${side} chooses the leader whose retinue the hero joins`, options: l(withRetinue) });
    }
    if (e.kind === "favoured-leader" && leaders.length > 0) fields.push({ key: "aceLeader", side, chooser: side, label: `${side} chooses the leader whose LP value rises by 1`, options: l(leaders) });
  }
  return fields;
}

/** Applies the standing card to the tracked state with the players' choices (ruling SW-11). */
export function applyGodCard(state: CompanionState, choices: Partial<Record<Side, GodChoices>>): CompanionState {
  const inPlay = state.god.inPlay;
  if (!inPlay || inPlay.stage !== "effect") throw new CompanionError("no god card is waiting to be applied: draw it and settle the calls first");
  const e = standingEffect(state);
  if (!e) return logged({ ...state, god: { ...state.god, inPlay: null } }, ["the card was cancelled: no effect this turn"]);
  for (const f of godChoiceFields(state)) {
    const v = choices[f.side]?.[f.key];
    if (v === undefined) throw new CompanionError(`${f.side}.${f.key}: ${f.label} (ruling SW-11)`);
    if (!f.options.some((o) => o.id === v)) throw new CompanionError(`${f.side}.${f.key}: "${v}" cannot be chosen (${f.options.map((o) => o.id).join(", ")})`);
  }
  let app;
  try {
    app = applyGodEffect(e, { red: state.sides.red, black: state.sides.black }, state.god.soggyGround, choices);
  } catch (err) {
    throw new CompanionError((err as Error).message);
  }
  const sides = { red: { ...state.sides.red, units: app.sides.red.units, leaders: app.sides.red.leaders, tokens: app.sides.red.tokens }, black: { ...state.sides.black, units: app.sides.black.units, leaders: app.sides.black.leaders, tokens: app.sides.black.tokens } };
  const notes = [...app.notes];
  if (app.soggyGround && !state.god.soggyGround) notes.push("the ground is soggy for the rest of the battle: fatigue DPs on move dice of 4-6");
  if (app.challenge) notes.push("the hero's challenge is fought now by the personal-combat rules (no LP cost); use the duel below");
  return logged({ ...state, sides, god: { ...state.god, soggyGround: app.soggyGround, inPlay: null } }, ["the card's effect is applied:", ...notes]);
}
