/**
 * The Shieldwall battle as a `Game<BattleState, BattleDecision, BattleSetup>` (core/game.ts):
 * players "red" and "black"; `setup` builds the initial state from a parsed scenario and parsed
 * armies; `legalMoves` enumerates the choices of the pending decision; `validate` checks any
 * submitted decision (including parameters outside the enumerated set); `apply` applies it and
 * runs the engine to the next decision. See docs/shieldwall/battle.md.
 */
import type { Applied, Game, GameResult, PlayerId } from "../../../core/game.js";
import { canonicalJson } from "../../../core/hash.js";
import { Random, seedState } from "../../../core/random.js";
import { type ArmyFile, armyProblems, buildForce, formatProblem, type Side } from "../army.js";
import { defaultTable } from "../geometry/table.js";
import { newGodPack, noTokens } from "../gods.js";
import {
  applyAnswer,
  applyCamp,
  applyDeploy,
  applyFortune,
  applyHolyCall,
  applyHolyCancel,
  applyLead,
  applyMove,
  answerOptions,
  campMoves,
  campTargets,
  chargeTargets,
  Ctx,
  deployOptions,
  deployProblem,
  godChoiceOptions,
  leadOptions,
  moveOptions,
  moveProblem,
  other,
  run,
  shootDecisions,
  sideOfId,
} from "./engine.js";
import { type Scenario, scenarioOptions } from "./scenario.js";
import type { BattleDecision, BattleSetup, BattleState, BattleUnit, MoveChoice, Pending, SideState } from "./types.js";
import { battleOptions, battleStats } from "./options.js";

/** Builds the battle's initial state (before any decision) from a scenario, the two parsed armies and a seed. */
/**
 * Puts the scenario's `embarked` units aboard ship (docs/shieldwall/battle.md, "Boats"): no
 * stands on the table, counted as deployed (a whole contingent aboard is not deployed by dice).
 * Throws a RangeError naming the field.
 */
function embarkAtStart(state: BattleState, scenario: Scenario): void {
  for (const side of ["red", "black"] as const) {
    const list = scenario.embarked?.[side] ?? [];
    const ids = new Set(list.map((e) => `${side}.${e.unit}`));
    list.forEach((e, i) => {
      const id = `${side}.${e.unit}`;
      const k = state.units.findIndex((u) => u.id === id);
      if (k < 0)
        throw new RangeError(
          `embarked.${side}.${i}.unit: no unit "${e.unit}" in the ${side} army (its units: ${state.units
            .filter((u) => u.side === side)
            .map((u) => u.id.slice(side.length + 1))
            .join(", ")})`,
        );
      const bu = state.units[k];
      const sd = state.sides[side];
      if (bu.u.kind === "retinue") {
        const missing = sd.bands[bu.u.contingent].filter((b) => !ids.has(b));
        if (missing.length > 0)
          throw new RangeError(
            `embarked.${side}.${i}.unit: a retinue starts aboard only with its whole contingent (its bands deploy in line with it); also list ${missing.map((m) => m.slice(side.length + 1)).join(", ")}`,
          );
      }
      state.units[k] = { ...bu, deployed: true, embarked: e.boats };
    });
  }
}

export function createBattle(scenario: Scenario, armies: Record<Side, ArmyFile>, seed: number): BattleState {
  const options = scenarioOptions(scenario);
  const rng = new Random(seedState(seed, 7));
  const table = scenario.table ?? defaultTable();
  const units: BattleUnit[] = [];
  const leaders: BattleState["leaders"] = [];
  const sides = {} as Record<Side, SideState>;
  for (const side of ["red", "black"] as const) {
    const army = armies[side];
    const problems = armyProblems(army);
    if (problems.length > 0) throw new RangeError(`armies.${side}: ${formatProblem(problems[0])}`);
    const force = buildForce(army, rng, { startingDp: options.startingDp });
    const pre = (id: string) => `${side}.${id}`;
    const sd: SideState = {
      name: army.name,
      half: side === "red" ? "south" : "north",
      tokens: noTokens(),
      standardApplied: false,
      contingents: [],
      contingentNames: {},
      bands: {},
      retinues: {},
    };
    army.contingents.forEach((c, i) => {
      const cid = pre(c.id ?? `contingent${i + 1}`);
      sd.contingents.push(cid);
      sd.contingentNames[cid] = c.name ?? c.leader.name;
      sd.bands[cid] = [];
    });
    for (const u of force.units) {
      const id = pre(u.id);
      const contingent = pre(u.contingent);
      units.push({
        id,
        side,
        u: { ...u, id, contingent },
        stands: [],
        initialStands: u.stands,
        deployed: false,
        charged: false,
        pursuing: false,
        retiring: false,
        followingUp: false,
        fightToDeath: false,
        looting: false,
        moved: false,
        mustCharge: false,
        lastMove: null,
      });
      if (u.kind === "retinue") sd.retinues[contingent] = id;
      else sd.bands[contingent].push(id);
    }
    for (const l of force.leaders)
      leaders.push({
        ...l,
        id: pre(l.id),
        contingent: pre(l.contingent),
        unit: pre(l.unit),
      });
    sides[side] = sd;
  }
  const state: BattleState = {
    rng: rng.state(),
    options,
    table,
    scenario: scenario.name,
    turn: 0,
    phase: "deployment",
    initiative: null,
    first: "red",
    units,
    leaders,
    sides,
    god: {
      pack: newGodPack(rng),
      soggy: false,
      draw: null,
      calls: { red: false, black: false },
      standing: null,
      choices: {},
    },
    queue: [{ t: "deploy" }],
    pending: null,
    declarations: [],
    shots: [],
    sw15Took: [],
    sw15Threat: [],
    decisions: 0,
    result: null,
    setupEvents: [],
  };
  state.rng = rng.state();
  embarkAtStart(state, scenario);
  const ctx = new Ctx(state);
  for (const u of state.units) {
    const place = u.embarked !== undefined ? (state.table.boats ?? []).find((b) => b.id === u.embarked) : undefined;
    if (place) ctx.ev("embarked", `${u.u.name} (${u.side}) starts aboard ship at ${place.name ?? place.id}: off the table until it disembarks`, { unit: u.id, boats: place.id });
  }
  // Fixed deployment from the scenario (seed "Deployment": may be modified to suit a scenario).
  for (const side of ["red", "black"] as const) {
    for (const p of scenario.deployment?.[side] ?? []) {
      const cid = `${side}.${p.contingent}`;
      const why = deployProblem(ctx.s, side, cid, p.x, p.distance ?? 3);
      if (why) throw new RangeError(`deployment.${side}: contingent "${p.contingent}": ${why}`);
      applyDeploy(ctx, side, cid, p.x, p.distance ?? 3);
    }
  }
  run(ctx);
  const out = ctx.finish();
  out.setupEvents = ctx.events;
  return out;
}

// ---------------------------------------------------------------------------------------------

function pendingOptions(ctx: Ctx, p: Pending): BattleDecision[] {
  switch (p.kind) {
    case "deploy":
      return deployOptions(ctx.s, p.side).map((o) => ({
        type: "deploy",
        ...o,
      }));
    case "initiative":
      return [
        { type: "initiative", first: p.side },
        { type: "initiative", first: other(p.side) },
      ];
    case "holy-call":
      return [
        { type: "holy-call", call: false },
        { type: "holy-call", call: true },
      ];
    case "holy-cancel":
      return [
        { type: "holy-cancel", cancel: false, redraw: false },
        { type: "holy-cancel", cancel: true, redraw: false },
        { type: "holy-cancel", cancel: true, redraw: true },
      ];
    case "god-choice":
      return godChoiceOptions(ctx, p).map((target) => ({
        type: "god-choice",
        target,
      }));
    case "lead":
      return leadOptions(ctx, ctx.leader(p.leader));
    case "answer":
      return answerOptions(ctx, p);
    case "camp": {
      // Tend no one or a unit, each without moving or then joining another unit.
      const host = ctx.unit(p.unit);
      const targets: (string | null)[] = [null, ...campTargets(ctx, host).map((u) => u.id)];
      const moves = campMoves(ctx, host);
      const out: BattleDecision[] = [];
      for (const target of targets) {
        out.push({ type: "camp", target });
        for (const u of moves) out.push({ type: "camp", target, moveTo: u.id });
      }
      return out;
    }
    case "move":
      return moveOptions(ctx, ctx.unit(p.unit)).map((move) => ({
        type: "move",
        move,
      }));
    case "shoot":
      return shootDecisions(ctx, ctx.unit(p.unit));
    case "fortune":
      return [
        { type: "fortune", reroll: false },
        { type: "fortune", reroll: true },
      ];
    case "charge":
      return [{ type: "charge", target: null }, ...chargeTargets(ctx, ctx.unit(p.unit)).map((target) => ({ type: "charge", target }) as BattleDecision)];
  }
}

/**
 * The enumerated choices of a state's pending decision `p`, worked out once per state object
 * (states are never changed once made; kept in the state's memo, keyed by the pending decision:
 * a state may inherit the memo of the one before it when nothing else changed, but every pending
 * decision is a new object): `legalMoves` hands out copies of the list, and validating one of
 * those very choices is then an identity check.
 */
function stateOptions(ctx: Ctx, p: Pending): BattleDecision[] {
  return ctx.cached("decision-options", p, () => pendingOptions(ctx, p));
}

/** Why the decision is illegal now, or null. */
export function decisionProblem(state: BattleState, player: PlayerId, d: BattleDecision): string | null {
  if (state.result) return "the battle is over";
  const p = state.pending;
  if (!p) return "no decision is pending";
  if (player !== p.side) return `it is ${p.side}'s decision, not ${player}'s`;
  if (d === null || typeof d !== "object" || typeof (d as { type?: unknown }).type !== "string") return "a decision is an object with a type";
  const expected: Record<Pending["kind"], BattleDecision["type"]> = {
    deploy: "deploy",
    initiative: "initiative",
    "holy-call": "holy-call",
    "holy-cancel": "holy-cancel",
    "god-choice": "god-choice",
    lead: "lead",
    answer: "answer",
    camp: "camp",
    move: "move",
    shoot: "shoot",
    charge: "charge",
    fortune: "fortune",
  };
  if (d.type !== expected[p.kind]) return `the pending decision is "${expected[p.kind]}", not "${d.type}"`;
  const ctx = new Ctx(state, true);
  const opts = stateOptions(ctx, p);
  // One of the very choices `legalMoves` handed out for this state: legal, with no check worked out again.
  if (opts.includes(d)) return null;
  if (d.type === "deploy" && p.kind === "deploy") return deployProblem(state, p.side, d.contingent, d.x, d.distance);
  if (d.type === "move" && p.kind === "move") return moveProblem(ctx, ctx.unit(p.unit), d.move as MoveChoice);
  if (d.type === "holy-cancel" && d.redraw && !d.cancel) return "a replacement card is drawn only after cancelling (ruling SW-10)";
  // Decisions compare by canonical JSON (keys sorted), so the order of submitted fields does not matter.
  const want = canonicalJson(d);
  if (opts.some((o) => canonicalJson(o) === want)) return null;
  return `not a legal ${p.kind} decision now; legal: ${opts.map((o) => describeDecision(o)).join(" | ")}`;
}

export function describeDecision(d: BattleDecision): string {
  switch (d.type) {
    case "deploy":
      return `deploy ${d.contingent} at x ${d.x}, ${d.distance}" from the centre line`;
    case "initiative":
      return `${d.first} acts first`;
    case "holy-call":
      return d.call ? "call on the holy person" : "do not call";
    case "holy-cancel":
      return !d.cancel ? "let the card stand" : d.redraw ? "cancel and draw again" : "cancel the card";
    case "god-choice":
      return `choose ${d.target}`;
    case "lead":
      return d.action === "done"
        ? "done"
        : d.action === "signal"
          ? "signal the advance"
          : d.action === "challenge"
            ? `challenge (${d.fighter} fights)`
            : `${d.action} ${d.target}`;
    case "answer":
      return d.accept ? `accept (${d.fighter} fights)` : "refuse";
    case "camp":
      return `${d.target ? `tend ${d.target}` : "tend no one"}${d.moveTo ? `, then join ${d.moveTo}` : ""}`;
    case "move":
      return describeMove(d.move);
    case "shoot":
      return d.target ? `shoot at ${d.target}${d.archer ? " with the skilled archer" : ""}` : "hold fire";
    case "charge":
      return d.target ? `charge ${d.target}` : "no charge";
    case "fortune":
      return d.reroll ? "play the Seven: re-roll" : "keep the Seven";
  }
}

function describeMove(m: MoveChoice): string {
  const dice = (x: { extraD6: boolean; stopAt?: number; interpenetrate?: boolean }) =>
    `${x.extraD6 ? "AvD+D6" : "AvD"}${x.stopAt !== undefined ? `, stop at ${x.stopAt}"` : ""}${x.interpenetrate ? ", through friends" : ""}`;
  switch (m.kind) {
    case "advance":
      return `advance ${m.offset === 0 ? "straight" : `${m.offset > 0 ? "left" : "right"} ${Math.abs(m.offset)}°`} (${dice(m)})${m.group ? " with the group" : ""}`;
    case "toward":
      return `advance towards the nearest enemy (${dice(m)})${m.group ? " with the group" : ""}`;
    case "about-face":
      return "about face";
    case "step":
      return `step ${m.direction} ${m.distance}"`;
    case "change-direction":
      return `change direction to ${m.heading}° (${dice(m)}), unformed${m.headings ? `, stands on ${m.headings.join("°/")}°` : ""}`;
    case "unformed-move":
      return `move unformed on ${m.heading}° (${dice(m)})${m.headings ? `, stands on ${m.headings.join("°/")}°` : ""}`;
    case "form-up":
      return `form up facing ${m.facing}°`;
    case "retire":
      return "retire a further move";
    case "rest":
      return "rest and reform";
    case "hold":
      return "hold";
    case "disembark":
      return `disembark${m.heading !== undefined ? ` and move on ${m.heading}° (half of ${m.extraD6 ? "AvD+D6" : "AvD"})` : ""}`;
    case "embark":
      return `embark at ${m.boats}`;
  }
}

/** Applies a validated decision and runs the engine to the next decision. */
export function applyDecision(state: BattleState, player: PlayerId, d: BattleDecision): Applied<BattleState> {
  const ctx = new Ctx(state);
  const s = ctx.s;
  const p = s.pending;
  if (!p) throw new Error("no decision is pending");
  s.pending = null;
  s.decisions += 1;
  const side = player as Side;
  switch (d.type) {
    case "deploy":
      applyDeploy(ctx, side, d.contingent, d.x, d.distance);
      break;
    case "initiative":
      s.first = d.first;
      {
        const phase = s.options.initiativeChoice === "per-phase" ? s.queue[0]?.t : undefined;
        ctx.ev("initiative-choice", `${player} chooses that ${d.first} acts first ${phase ? `in the ${phase === "gods" ? "invoke the gods" : phase === "missiles" ? "missile exchange" : phase} phase` : "this turn"}`, { first: d.first, forPhase: phase ?? "turn" });
      }
      break;
    case "holy-call":
      applyHolyCall(ctx, side, (p as Extract<Pending, { kind: "holy-call" }>).leader, d.call);
      break;
    case "holy-cancel":
      applyHolyCancel(ctx, d.cancel, d.redraw);
      break;
    case "god-choice": {
      const gp = p as Extract<Pending, { kind: "god-choice" }>;
      const key = {
        "bad-omen": "badOmenUnit",
        "beautiful-woman": "queenRetinue",
        "new-hero": "kingLeader",
        "favoured-leader": "aceLeader",
      }[gp.effect];
      s.god = {
        ...s.god,
        choices: {
          ...s.god.choices,
          [gp.affected]: { ...s.god.choices[gp.affected], [key]: d.target },
        },
      };
      ctx.ev("god-choice", `${player} chooses ${d.target}`, {
        target: d.target,
      });
      break;
    }
    case "lead":
      applyLead(ctx, ctx.leader((p as Extract<Pending, { kind: "lead" }>).leader), d);
      break;
    case "answer":
      applyAnswer(ctx, p as Extract<Pending, { kind: "answer" }>, d.accept, d.fighter);
      break;
    case "camp":
      applyCamp(ctx, (p as Extract<Pending, { kind: "camp" }>).unit, d.target, d.moveTo);
      break;
    case "move": {
      const bu = ctx.unit((p as Extract<Pending, { kind: "move" }>).unit);
      ctx.event({ type: "move-decision", text: `${bu.u.name}: ${describeMove(d.move)}`, turn: s.turn, phase: s.phase, unit: bu.id, move: d.move });
      applyMove(ctx, bu, d.move);
      break;
    }
    case "shoot":
      if (d.target)
        s.shots = [...s.shots, { shooter: (p as Extract<Pending, { kind: "shoot" }>).unit, target: d.target, archer: d.archer }];
      break;
    case "charge": {
      const unit = (p as Extract<Pending, { kind: "charge" }>).unit;
      if (d.target) {
        s.declarations = [...s.declarations, { unit, target: d.target }];
        ctx.ev("declare", `${ctx.unit(unit).u.name} declares a charge on ${ctx.unit(d.target).u.name}`, { unit, target: d.target });
      }
      break;
    }
    case "fortune":
      applyFortune(ctx, p as Extract<Pending, { kind: "fortune" }>, d.reroll);
      break;
  }
  run(ctx);
  return { state: ctx.finish(), events: ctx.events };
}

export const SHIELDWALL_BATTLE_ID = "shieldwall-battle";

export const battleGame: Game<BattleState, BattleDecision, BattleSetup> = {
  id: SHIELDWALL_BATTLE_ID,
  title: "Shieldwall battle",
  players: ["red", "black"],
  playerNames: { red: "Red", black: "Black" },
  options: battleOptions,
  stats: battleStats,
  setup(options: BattleSetup, seed: number): BattleState {
    return createBattle(options.scenario, options.armies, seed);
  },
  toMove(state: BattleState): PlayerId | null {
    if (state.result) return null;
    return state.pending?.side ?? null;
  },
  legalMoves(state: BattleState, player: PlayerId): BattleDecision[] {
    if (state.result || !state.pending || state.pending.side !== player) return [];
    return stateOptions(new Ctx(state, true), state.pending).slice();
  },
  validate(state: BattleState, player: PlayerId, move: BattleDecision): string | null {
    return decisionProblem(state, player, move);
  },
  apply(state: BattleState, player: PlayerId, move: BattleDecision): Applied<BattleState> {
    return applyDecision(state, player, move);
  },
  result(state: BattleState): GameResult | null {
    return state.result;
  },
  view(state: BattleState): unknown {
    // No hidden information on the table (the duel's hands are played out inside the engine).
    return state;
  },
  describeMove(_state: BattleState, _player: PlayerId, move: BattleDecision): string {
    return describeDecision(move);
  },
};

export { sideOfId };
