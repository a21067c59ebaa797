/**
 * A unit's movement choices (seed "Movement", "Manoeuvre"): the enumerated options, the short cut
 * that checks them (`candidateAllowed`) and the full validation (`moveProblem`). Shared by the
 * movement phase, the game and the AI, so it lives beside the phases rather than in one.
 */
import { arcProblem, stepHeading, unitFacing } from "../geometry/movement.js";
import { boxesBounds } from "../geometry/polygon.js";
import { boxedRect, boxesApart, within } from "../geometry/proximity.js";
import { type Stand, rectsOverlap } from "../geometry/stand.js";
import { standOnTable } from "../geometry/table.js";
import { type UnitGeom, formLine, unitCentre } from "../geometry/unit.js";
import { angleBetweenDegrees, headingVector } from "../geometry/vec.js";
import { mayAdvance } from "../leaders.js";
import { maySideStep } from "../move-dice.js";
import { Ctx, memoKind } from "./ctx.js";
import { boatsMoveProblem, embarkOptions, embarkedOptions, interpenetrateProblem, interpenetrationOptions, standHeadingsProblem } from "./manoeuvres.js";
import { headingTo, nearestEnemy, towardHeading, towardHeadingOf } from "./queries.js";
import type { BattleUnit, MoveChoice } from "./types.js";
import { ruleOption } from "./types.js";
import { forwardHeading, geomOf, isAdvancing, onTable } from "./unit-facts.js";

const OFFSETS = [-22.5, -11.25, 0, 11.25, 22.5];

const COMPASS: readonly number[] = [0, 45, 90, 135, 180, 225, 270, 315];

const RIGHT_ANGLES: readonly number[] = [0, 90, 180, 270];

/** The headings `hs` and then `extra` if it is not among them (null: none). */
function withHeading(hs: readonly number[], extra: number | null): readonly number[] {
  return extra === null || hs.includes(extra) ? hs : [...hs, extra];
}

const MOVE_OPTIONS = memoKind<string, MoveChoice[]>("moveOptions", false);

/** Enumerated movement choices (any other parameters are validated by {@link moveProblem}). */
export function moveOptions(ctx: Ctx, bu: BattleUnit): MoveChoice[] {
  return ctx.cached(MOVE_OPTIONS, bu.id, () => {
    if (bu.embarked !== undefined) return embarkedOptions(ctx, bu);
    const facts = candidateFacts(ctx, bu);
    return moveCandidates(ctx, bu, facts).filter((m) => candidateAllowed(ctx, bu, m, facts));
  });
}


/** What the enumerated choices of one unit in one state share: its {@link MoveFacts} and more. */
interface CandidateFacts {
  move: MoveFacts;
  /** The rounded heading to the nearest enemy (form-up facings, unformed moves), or null when there is none. */
  enemyHeading: number | null;
  /** The heading of a "toward" move (see {@link towardHeading}). */
  toward: number;
}

function candidateFacts(ctx: Ctx, bu: BattleUnit): CandidateFacts {
  const e = nearestEnemy(ctx, bu);
  const h = e ? headingTo(bu, e) : null;
  return { move: moveFacts(ctx, bu), enemyHeading: h === null ? null : Math.round(h), toward: towardHeadingOf(bu, h) };
}

/**
 * Every movement choice the unit's state offers, legal or not: {@link moveOptions} keeps those
 * {@link candidateAllowed} accepts, in this order (random players pick by index).
 */
export function moveCandidates(ctx: Ctx, bu: BattleUnit, facts: CandidateFacts = candidateFacts(ctx, bu)): MoveChoice[] {
  const out: MoveChoice[] = [];
  const { enemyHeading } = facts;
  const { bloodlustForced } = facts.move;
  if (bu.retiring) {
    out.push({ kind: "retire" });
    out.push(...formUpOptions(bu, enemyHeading));
    out.push({ kind: "hold" });
    return out;
  }
  if (!bloodlustForced) out.push({ kind: "rest" }, { kind: "hold" });
  if (bu.u.formed) {
    for (const extraD6 of [false, true]) {
      for (const offset of OFFSETS) out.push({ kind: "advance", offset, extraD6 });
      out.push({ kind: "toward", extraD6 });
    }
    // About face, and with the half move left after it (ruling SW-1).
    out.push({ kind: "about-face" }, { kind: "about-face", halfMove: { extraD6: false } }, { kind: "about-face", halfMove: { extraD6: true } });
    if (!bloodlustForced) {
      out.push({ kind: "advance", offset: 0, extraD6: false, stopAt: 2 }, { kind: "advance", offset: 0, extraD6: true, stopAt: 4 });
      // Declared stop to line up with a friend ahead (seed "Movement": "to line up with friendly troops").
      const align = alignDistance(ctx, bu);
      if (align !== null) out.push({ kind: "advance", offset: 0, extraD6: false, stopAt: align }, { kind: "advance", offset: 0, extraD6: true, stopAt: align });
      // Option groupMove "optional" (the old reading): a group move is the retinue's choice; by default ("same-way") every such move is one.
      if (bu.u.kind === "retinue" && ruleOption(ctx.s.options, "groupMove") === "optional")
        out.push(
          { kind: "advance", offset: 0, extraD6: false, group: true },
          { kind: "toward", extraD6: false, group: true },
          { kind: "advance", offset: 0, extraD6: true, group: true },
        );
      for (const direction of ["forward", "back", "left", "right"] as const) out.push({ kind: "step", direction, distance: 2 });
      for (const heading of withHeading(RIGHT_ANGLES, enemyHeading)) out.push({ kind: "change-direction", heading, extraD6: false });
    } else if (enemyHeading !== null) out.push({ kind: "change-direction", heading: enemyHeading, extraD6: false });
  } else {
    out.push(...formUpOptions(bu, enemyHeading));
    for (const heading of withHeading(COMPASS, enemyHeading)) for (const extraD6 of bloodlustForced ? [false, true] : [false]) out.push({ kind: "unformed-move", heading, extraD6 });
  }
  // Voluntary interpenetration where a friend is in the way; embarking where the unit touches boats (docs: "Interpenetration", "Boats").
  out.push(...interpenetrationOptions(ctx, bu, bu.u.formed ? null : enemyHeading), ...embarkOptions(ctx, bu));
  return out;
}

/**
 * Is a choice from {@link moveCandidates} legal: the same answer as `moveProblem(...) === null`
 * (a property test checks it), without the checks such a choice passes by construction (its
 * parameters are well formed, a formed unit's advance stays within the arc, stops short are only
 * offered without Blood Lust, group moves only to a retinue, retiring units get only their moves).
 */
function candidateAllowed(ctx: Ctx, bu: BattleUnit, m: MoveChoice, candidate: CandidateFacts): boolean {
  const facts = candidate.move;
  if (m.kind === "embark") return boatsMoveProblem(ctx, bu, m) === null;
  if (bloodlustBars(bu, m, facts)) return false;
  switch (m.kind) {
    case "advance":
      return headingAllowed(bu, facts, unitFacing(facts.geom) + m.offset);
    case "toward":
      return headingAllowed(bu, facts, candidate.toward);
    case "step":
      return maySideStep(bu.u.grade) && advanceProblem(bu, facts, stepHeading(facts.geom, m.direction)) === null;
    case "change-direction":
    case "unformed-move":
      return headingAllowed(bu, facts, m.heading);
    case "form-up":
      return !bu.u.formed && !bu.u.inCombat && formUpRoomProblem(ctx, bu, m.facing) === null;
    case "about-face":
      return m.halfMove === undefined || headingAllowed(bu, facts, unitFacing(facts.geom) + 180);
    default:
      return true;
  }
}

/** May the unit move on `heading` now: Blood Lust after the signal only advances, and an advance needs the signal and no Shaken (seed "Movement", "Aggression Levels")? */
function headingAllowed(bu: BattleUnit, facts: MoveFacts, heading: number): boolean {
  return !(facts.bloodlustForced && !isAdvancing(bu.side, heading)) && advanceProblem(bu, facts, heading) === null;
}

/**
 * How far straight ahead the unit must move for its front edge to be level with the front of the
 * nearest friendly formed unit facing the same way that is ahead of it (within 12"), or null.
 */
export function alignDistance(ctx: Ctx, bu: BattleUnit): number | null {
  if (!bu.u.formed || bu.stands.length === 0) return null;
  const facing = unitFacing(geomOf(bu));
  const f = headingVector(facing);
  const front = (u: BattleUnit) => {
    const st = u.stands[0];
    return st.x * f.x + st.y * f.y + st.depth / 2;
  };
  const mine = front(bu);
  let best: number | null = null;
  // The cheap tests first: how far ahead the friend's front is, then its facing, then the distance.
  const units = ctx.s.units;
  for (let i = 0; i < units.length; i++) {
    const o = units[i];
    if (o.side !== bu.side || o.id === bu.id || !onTable(o) || !o.u.formed) continue;
    const d = front(o) - mine;
    if (d <= 0.05 || d > 12 || angleBetweenDegrees(unitFacing(geomOf(o)), facing) > 1 || !within(bu, o, 12)) continue;
    if (best === null || d < best) best = d;
  }
  return best === null ? null : Math.round(best * 1000) / 1000;
}

/** Form up facing the enemy's half, and facing the nearest enemy (`enemyHeading`, rounded) when that differs. */
function formUpOptions(bu: BattleUnit, enemyHeading: number | null): MoveChoice[] {
  const out: MoveChoice[] = [{ kind: "form-up", facing: forwardHeading(bu.side) }];
  if (enemyHeading !== null && enemyHeading !== forwardHeading(bu.side)) out.push({ kind: "form-up", facing: enemyHeading });
  return out;
}

/** The formed line an unformed unit forms up into: centred on its stands, facing `facing`. */
export function formUpStands(bu: BattleUnit, facing: number): Stand[] {
  const c = unitCentre(geomOf(bu));
  const f = headingVector(facing);
  const st = bu.stands[0];
  return formLine({ x: c.x + (f.x * st.depth) / 2, y: c.y + (f.y * st.depth) / 2, facing }, bu.stands.length, { width: st.width, depth: st.depth });
}

function finiteNumber(x: unknown): x is number {
  return typeof x === "number" && Number.isFinite(x);
}

/** What every check of one unit's movement choices in one state shares, worked out once. */
export interface MoveFacts {
  bloodlustForced: boolean;
  /** Why the unit may not move towards the enemy now (Shaken, or no signal yet), or null. */
  advanceBlock: string | null;
  geom: UnitGeom;
}

export function moveFacts(ctx: Ctx, bu: BattleUnit): MoveFacts {
  const signalled = ctx.signalled(bu.u.contingent);
  const r = mayAdvance(bu.u, signalled);
  return { bloodlustForced: bu.u.aggression === "bloodlust" && signalled, advanceBlock: r.ok ? null : r.reason, geom: geomOf(bu) };
}

const RETIRING_MOVES: ReadonlySet<string> = new Set(["retire", "form-up", "hold"]);

const BLOOD_LUST_BARRED: ReadonlySet<string> = new Set(["rest", "hold", "step"]);

/** Why a move on `heading` is barred (it advances while the unit may not), or null. */
function advanceProblem(bu: BattleUnit, facts: MoveFacts, heading: number): string | null {
  return isAdvancing(bu.side, heading) ? facts.advanceBlock : null;
}

/** Why a declared stop short is refused (seed "Movement"), or null when none is declared. */
function stopProblem(facts: MoveFacts, stopAt: unknown): string | null {
  if (stopAt === undefined) return null;
  if (!finiteNumber(stopAt) || stopAt < 0) return "stopAt must be a number of inches, 0 or more";
  if (facts.bloodlustForced) return `units with Blood Lust may not stop short (seed "Movement")`;
  return null;
}

const STEP_DIRECTIONS: ReadonlySet<string> = new Set(["forward", "back", "left", "right"]);

/** Does Blood Lust after the signal bar this move (seed "Aggression Levels": no rest, hold or step, no about face away from the enemy)? */
function bloodlustBars(bu: BattleUnit, m: MoveChoice, facts: MoveFacts): boolean {
  // An about face towards the enemy must take its half move on (ruling SW-1): Blood Lust "must advance".
  return facts.bloodlustForced && (BLOOD_LUST_BARRED.has(m.kind) || (m.kind === "about-face" && bu.u.formed && (isAdvancing(bu.side, unitFacing(facts.geom)) || m.halfMove === undefined)));
}

/** Why the unit has no room to form up facing `facing` (the line off the table or overlapping another stand), or null. */
function formUpRoomProblem(ctx: Ctx, bu: BattleUnit, facing: number): string | null {
  const stands = formUpStands(bu, facing);
  const boxes = stands.map(boxedRect);
  // Other units' stands near the whole line first, then near each stand.
  const line = boxesBounds(boxes);
  const near = ctx.scene().stands.filter((o) => o.unit !== bu.id && !boxesApart(o, line));
  for (const [i, st] of stands.entries()) {
    if (!standOnTable(st, ctx.s.table)) return "the formed line would not be wholly on the table";
    const b = boxes[i];
    for (const o of near) if (!boxesApart(o, b) && rectsOverlap(b.r, o.rect, 1e-6)) return "there is no room to form up there";
  }
  return null;
}

/** Why a movement choice is illegal for this unit now, or null. Validates any parameters. `facts`: {@link moveFacts} of this unit in this state, when the caller checks many choices. */
export function moveProblem(ctx: Ctx, bu: BattleUnit, m: MoveChoice, facts: MoveFacts = moveFacts(ctx, bu)): string | null {
  const { bloodlustForced, geom } = facts;
  if (m === null || typeof m !== "object") return "a move must be an object with a kind";
  if (bu.embarked !== undefined || m.kind === "embark" || m.kind === "disembark") return boatsMoveProblem(ctx, bu, m);
  const through = interpenetrateProblem(m) ?? standHeadingsProblem(ctx, bu, m);
  if (through) return through;
  if (bu.retiring && !RETIRING_MOVES.has(m.kind))
    return `${bu.u.name} is retiring: it may retire a further move, form up or hold (seed "Moves Following Combat")`;
  if (bloodlustBars(bu, m, facts)) return `${bu.u.name} has Blood Lust after the signal: it must advance towards the enemy (seed "Aggression Levels")`;
  switch (m.kind) {
    case "rest":
    case "hold":
      return null;
    case "advance":
    case "toward": {
      if (!bu.u.formed) return `${bu.u.name} is unformed: use an unformed move`;
      if (typeof m.extraD6 !== "boolean") return "extraD6 must be true or false (the optional D6 is declared before rolling)";
      if (m.kind === "advance" && (!finiteNumber(m.offset) || Math.abs(m.offset) > 22.5 + 1e-9))
        return `offset must be a number of degrees within ±22.5 (ruling SW-1)`;
      const heading = m.kind === "advance" ? unitFacing(geom) + m.offset : towardHeading(ctx, bu);
      const arc = arcProblem(geom, heading);
      if (arc) return arc;
      if (bloodlustForced && !isAdvancing(bu.side, heading)) return `${bu.u.name} has Blood Lust: it must advance towards the enemy`;
      if (m.group !== undefined && typeof m.group !== "boolean") return "group must be true or false";
      if (m.group && bu.u.kind !== "retinue") return 'only a retinue leads a group move (seed "Movement": units within 2" of the leader\'s retinue)';
      return stopProblem(facts, m.stopAt) ?? advanceProblem(bu, facts, heading);
    }
    case "about-face": {
      if (!bu.u.formed) return "an unformed unit faces all round; it does not about face";
      if (m.halfMove === undefined) return null;
      if (m.halfMove === null || typeof m.halfMove !== "object" || typeof m.halfMove.extraD6 !== "boolean") return "halfMove must be { extraD6: true or false } (the optional D6 is declared before rolling)";
      const heading = unitFacing(geom) + 180;
      if (bloodlustForced && !isAdvancing(bu.side, heading)) return `${bu.u.name} has Blood Lust: it must advance towards the enemy`;
      return advanceProblem(bu, facts, heading);
    }
    case "step": {
      if (!bu.u.formed) return "only a formed unit side-steps";
      if (!maySideStep(bu.u.grade))
        return `only A and B grade units may side-step, step back or step forward (seed "Manoeuvre"); ${bu.u.name} is ${bu.u.grade}`;
      if (!STEP_DIRECTIONS.has(m.direction)) return "step direction must be forward, back, left or right";
      if (!finiteNumber(m.distance) || m.distance <= 0 || m.distance > 2 + 1e-9) return `a step is more than 0" and at most 2" (ruling SW-1)`;
      return advanceProblem(bu, facts, stepHeading(geom, m.direction));
    }
    case "change-direction":
    case "unformed-move": {
      if (m.kind === "change-direction" && !bu.u.formed) return "the unit is already unformed: use an unformed move";
      if (m.kind === "unformed-move" && bu.u.formed) return "the unit is formed: change direction to move on another heading";
      if (!finiteNumber(m.heading)) return "heading must be a number of degrees";
      if (typeof m.extraD6 !== "boolean") return "extraD6 must be true or false";
      if (bloodlustForced && !isAdvancing(bu.side, m.heading)) return `${bu.u.name} has Blood Lust: it must advance towards the enemy`;
      return stopProblem(facts, m.stopAt) ?? advanceProblem(bu, facts, m.heading);
    }
    case "form-up": {
      if (bu.u.formed) return `${bu.u.name} is already formed`;
      if (bu.u.inCombat) return 'a unit in combat may not reform (seed "Manoeuvre")';
      if (!finiteNumber(m.facing)) return "facing must be a number of degrees";
      return formUpRoomProblem(ctx, bu, m.facing);
    }
    case "retire":
      return bu.retiring ? null : "only a unit that retired from combat retires a further move";
    default: {
      const kind: unknown = (m as { kind?: unknown }).kind;
      const kinds = "advance, toward, about-face, step, change-direction, unformed-move, form-up, rest, hold, disembark, retire";
      return typeof kind === "string" ? `unknown move kind "${kind}" (one of ${kinds})` : `a move needs its kind (one of ${kinds})`;
    }
  }
}
