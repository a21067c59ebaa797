/**
 * The rules mechanics' options reach the battle (issue 14, item 15): each option a mechanic
 * takes (combat, charge test, shooting, risk to leaders, control test, personal combat) is a
 * scenario option, validated, and handed to the mechanic by the battle. The mechanics are
 * wrapped in spies that record the options they are called with; their results are unchanged.
 */
import { describe, expect, it, vi } from "vitest";
import { play } from "../../../src/core/game.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { type BattleState, battleGame, createBattle, parseScenario } from "../../../src/rulesets/shieldwall/battle/index.js";
import { scenarioOptions } from "../../../src/rulesets/shieldwall/battle/scenario.js";
import { DEFAULT_BATTLE_OPTIONS } from "../../../src/rulesets/shieldwall/battle/types.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { run } from "../../../src/rulesets/shieldwall/battle/loop.js";
import * as checks from "../../../src/rulesets/shieldwall/checks.js";
import * as combat from "../../../src/rulesets/shieldwall/combat.js";
import * as duelRules from "../../../src/rulesets/shieldwall/duel/rules.js";
import { leaderRisk } from "../../../src/rulesets/shieldwall/battle/effects.js";
import { applyMove } from "../../../src/rulesets/shieldwall/battle/phases/movement.js";
import { deployOptions, deployProblem } from "../../../src/rulesets/shieldwall/battle/placement.js";
import { loadSetup, tinySetup } from "./setup.js";

vi.mock("../../../src/rulesets/shieldwall/checks.js", async (importOriginal) => {
  const m = await importOriginal<typeof import("../../../src/rulesets/shieldwall/checks.js")>();
  return { ...m, resolveControl: vi.fn(m.resolveControl), resolveCharge: vi.fn(m.resolveCharge), resolveShooting: vi.fn(m.resolveShooting), leaderRiskRolls: vi.fn(m.leaderRiskRolls) };
});
vi.mock("../../../src/rulesets/shieldwall/combat.js", async (importOriginal) => {
  const m = await importOriginal<typeof import("../../../src/rulesets/shieldwall/combat.js")>();
  return { ...m, combatFromRounds: vi.fn(m.combatFromRounds) };
});
vi.mock("../../../src/rulesets/shieldwall/duel/rules.js", async (importOriginal) => {
  const m = await importOriginal<typeof import("../../../src/rulesets/shieldwall/duel/rules.js")>();
  return { ...m, answerChallenge: vi.fn(m.answerChallenge), duelConsequences: vi.fn(m.duelConsequences) };
});

const NON_DEFAULT = {
  refightDefeat: "retire-if-charge",
  previouslyShaken: "refight-start",
  chargeDisorderPenalty: "each",
  halveOnceForRetinueInCover: false,
  leaderRiskPerMissileHit: false,
  aGradeChoice: "plus",
  unpaidAcceptance: "challenge-lapses",
  mutualKill: "no-winner",
  campFollowerDps: "one",
  singleLine: false,
  manoeuvreDp: "none",
} as const;

function randomBattle(setup: ReturnType<typeof loadSetup>, seed: number): BattleState {
  let s = battleGame.setup(setup, seed);
  const players = { red: randomPlayer(battleGame, seed * 2 + 1), black: randomPlayer(battleGame, seed * 2 + 2) };
  for (let mover = battleGame.toMove(s); mover !== null; mover = battleGame.toMove(s)) s = play(battleGame, s, mover, players[mover as "red" | "black"].choose(s, mover)).state;
  return s;
}

describe("Issue 14 item 15: the mechanics' options are scenario options", () => {
  it("scenario format: each mechanic option is accepted, and a bad value is refused naming the field", () => {
    const setup = tinySetup();
    const o = scenarioOptions(parseScenario({ ...setup.scenario, options: NON_DEFAULT }));
    expect(o).toMatchObject(NON_DEFAULT);
    for (const k of Object.keys(NON_DEFAULT)) expect(() => parseScenario({ ...setup.scenario, options: { [k]: "nonsense" } })).toThrow(new RegExp(`^options\\.${k}: `));
    // Not set: the state holds none of them (states and their hashes as before), the mechanics get the defaults.
    expect(Object.keys(scenarioOptions(setup.scenario)).sort()).toEqual(Object.keys(DEFAULT_BATTLE_OPTIONS).sort());
  });

  it("the battle hands refightDefeat, previouslyShaken (SW-19), chargeDisorderPenalty, halveOnceForRetinueInCover, leaderRiskPerMissileHit and aGradeChoice to the mechanics", () => {
    const base = loadSetup("maldon-991.json");
    const setup = { ...base, scenario: parseScenario({ ...base.scenario, options: NON_DEFAULT }) };
    vi.mocked(checks.resolveControl).mockClear();
    vi.mocked(checks.resolveCharge).mockClear();
    vi.mocked(checks.resolveShooting).mockClear();
    vi.mocked(checks.leaderRiskRolls).mockClear();
    vi.mocked(combat.combatFromRounds).mockClear();
    const aGradeTested = () => vi.mocked(checks.resolveControl).mock.calls.some(([, input]) => input.grade === "A");
    for (let seed = 1; seed <= 3 || (seed <= 20 && !aGradeTested()); seed++) randomBattle(setup, seed);
    const control = vi.mocked(checks.resolveControl).mock.calls;
    expect(control.length).toBeGreaterThan(0);
    for (const [, input] of control) expect(input.aGradeChoice).toBe(input.grade === "A" ? "plus" : "none");
    expect(control.some(([, input]) => input.grade === "A")).toBe(true);
    const charges = vi.mocked(checks.resolveCharge).mock.calls;
    expect(charges.length).toBeGreaterThan(0);
    for (const c of charges) expect(c[2]).toEqual({ chargeDisorderPenalty: "each" });
    const shots = vi.mocked(checks.resolveShooting).mock.calls;
    expect(shots.length).toBeGreaterThan(0);
    for (const c of shots) expect(c[2]).toEqual({ halveOnceForRetinueInCover: false });
    const missileRisk = vi.mocked(checks.leaderRiskRolls).mock.calls.filter(([i]) => !i.engagedInCombat);
    for (const c of missileRisk) expect(c[1]).toEqual({ leaderRiskPerMissileHit: false });
    const fights = vi.mocked(combat.combatFromRounds).mock.calls;
    expect(fights.length).toBeGreaterThan(0);
    for (const c of fights) expect(c[2]).toEqual({ refightDefeat: "retire-if-charge", previouslyShaken: "refight-start" });
  });

  it("the battle hands mutualKill and unpaidAcceptance to personal combat (seed \"Personal Combat\")", () => {
    const setup = tinySetup();
    // duelPlayer "ai": the duel is fought at once on acceptance, so its consequences follow in this one step.
    const scenario = parseScenario({ ...setup.scenario, options: { ...NON_DEFAULT, duelPlayer: "ai" } });
    const s0 = createBattle(scenario, setup.armies, 1);
    const ctx = new Ctx({ ...s0, queue: [{ t: "leader", leader: "red.a-leader" }, { t: "end-turn" }], pending: null });
    run(ctx);
    vi.mocked(duelRules.answerChallenge).mockClear();
    vi.mocked(duelRules.duelConsequences).mockClear();
    const challenged = play(battleGame, ctx.finish(), "red", { type: "lead", action: "challenge", fighter: "champion" }).state;
    play(battleGame, challenged, "black", { type: "answer", accept: true, fighter: "leader" });
    expect(vi.mocked(duelRules.answerChallenge).mock.calls[0][2]).toEqual({ mutualKill: "no-winner", unpaidAcceptance: "challenge-lapses" });
    expect(vi.mocked(duelRules.duelConsequences).mock.calls[0][2]).toEqual({ mutualKill: "no-winner", unpaidAcceptance: "challenge-lapses" });
  });
});

describe("Issue 14 item 16: a challenged leader who cannot pay 3 LPs (option unpaidAcceptance, house rule)", () => {
  const challengeSpentLeader = (options: Record<string, unknown>) => {
    const setup = tinySetup();
    const s0 = createBattle(parseScenario({ ...setup.scenario, options }), setup.armies, 1);
    // Cnut, the closest enemy leader, has spent all his LPs this turn.
    const spent = { ...s0, leaders: s0.leaders.map((l) => (l.id === "black.a-leader" ? { ...l, lpSpent: l.lpValue } : l)) };
    const ctx = new Ctx({ ...spent, queue: [{ t: "leader", leader: "red.a-leader" }, { t: "end-turn" }], pending: null });
    run(ctx);
    return play(battleGame, ctx.finish(), "red", { type: "lead", action: "challenge", fighter: "leader" });
  };
  const cnut = (s: BattleState) => s.leaders.find((l) => l.id === "black.a-leader");

  it("Personal Combat, house rule unpaidAcceptance: by default the challenge lapses: no refusal roll, no LP lost", () => {
    const r = challengeSpentLeader({});
    expect(r.state.pending?.kind).not.toBe("answer");
    expect(r.events.find((e) => e.type === "challenge-answer")?.text).toMatch(/the challenge lapses/);
    expect(r.events.some((e) => e.type === "duel")).toBe(false);
    expect(cnut(r.state)?.lpValue).toBe(4);
  });

  it('Personal Combat: with unpaidAcceptance "refusal-roll" he is offered only refusal and rolls the refusal die', () => {
    const r = challengeSpentLeader({ unpaidAcceptance: "refusal-roll" });
    expect(r.state.pending).toMatchObject({ kind: "answer", side: "black", leader: "black.a-leader" });
    expect(battleGame.legalMoves(r.state, "black")).toEqual([{ type: "answer", accept: false, fighter: "leader" }]);
  });
});

describe("Issue 14 item 14: camp followers' additional DP (seed \"Deployment\", \"Supernumeraries\"; option campFollowerDps)", () => {
  const tend = (options: Record<string, unknown>) => {
    const setup = tinySetup();
    const s0 = createBattle(parseScenario({ ...setup.scenario, options }), setup.armies, 1);
    // Camp followers with Alfred's fyrd (3 DPs, as deployed), beside his retinue (3 DPs).
    const s = { ...s0, units: s0.units.map((u) => (u.id === "red.a-band1" ? { ...u, u: { ...u.u, attachments: ["camp-followers" as const] } } : u)) };
    const ctx = new Ctx({ ...s, queue: [{ t: "camp", unit: "red.a-band1" }, { t: "end-turn" }], pending: null });
    run(ctx);
    const r = play(battleGame, ctx.finish(), "red", { type: "camp", target: "red.a-retinue" });
    const dp = (id: string) => {
      const u = r.state.units.find((x) => x.id === id)?.u;
      return u ? u.dp.fatigue + u.dp.morale + u.dp.combat : -1;
    };
    return { retinue: dp("red.a-retinue"), host: dp("red.a-band1"), events: r.events };
  };

  it("Deployment: by default camp followers remove 1 DP from a unit within 2 inches and an additional DP from the unit they are attached to", () => {
    const r = tend({});
    expect(r.retinue).toBe(2);
    expect(r.host).toBe(2);
    expect(r.events.some((e) => e.type === "camp" && /additional DP/.test(e.text))).toBe(true);
  });

  it('Deployment: with campFollowerDps "one" they remove 1 DP in total', () => {
    const r = tend({ campFollowerDps: "one" });
    expect(r.retinue).toBe(2);
    expect(r.host).toBe(3);
  });
});

describe('Issue 14 item 9: "in a single line with no reserves" (seed "Deployment", SW-26; option singleLine)', () => {
  const deployed = (options: Record<string, unknown>) => {
    const setup = tinySetup();
    // Red's contingent a fixed at x 30; contingent b still to deploy.
    const scenario = parseScenario({ ...setup.scenario, deployment: { red: [{ contingent: "a", x: 30, distance: 3 }] }, options });
    return createBattle(scenario, setup.armies, 5);
  };

  it("Deployment: a contingent may not deploy behind another while the line has room for it", () => {
    const s = deployed({});
    expect(deployProblem(s, "red", "red.b", 30, 6)).toMatch(/single line with no reserves/);
    expect(deployProblem(s, "red", "red.b", 55, 6)).toBeNull();
    const offered = deployOptions(s, "red").filter((d) => d.contingent === "red.b");
    expect(offered.length).toBeGreaterThan(0);
    for (const d of offered) expect(deployProblem(s, "red", d.contingent, d.x, d.distance)).toBeNull();
    expect(offered.some((d) => d.x === 30)).toBe(false);
  });

  it("Deployment: with singleLine false a contingent may deploy behind another", () => {
    const s = deployed({ singleLine: false });
    expect(deployProblem(s, "red", "red.b", 30, 6)).toBeNull();
  });
});

describe('Issue 14 item 13: "1 DP for some manoeuvre actions" (seed "Cohesion", "Manoeuvre"; option manoeuvreDp)', () => {
  const aboutFace = (options: Record<string, unknown>) => {
    const setup = tinySetup();
    const s = createBattle(parseScenario({ ...setup.scenario, options }), setup.armies, 1);
    const ctx = new Ctx(s);
    applyMove(ctx, ctx.unit("red.a-retinue"), { kind: "about-face" });
    return ctx.unit("red.a-retinue").u.dp.manoeuvre;
  };

  it("Cohesion: by default an about face costs a formed unit 1 manoeuvre DP (so does a change of direction; a step costs none)", () => {
    expect(aboutFace({})).toBe(1);
  });

  it('Cohesion: with manoeuvreDp "none" no manoeuvre costs a DP', () => {
    expect(aboutFace({ manoeuvreDp: "none" })).toBe(0);
  });
});

describe("Issue 14 item 20: the Seven and a leader's fate (ruling SW-11)", () => {
  it("SW-11 Seven: a kept Seven is not offered for a risk-to-leader roll (a roll for a leader's fate, not a unit's test, move, shooting or combat)", () => {
    const setup = tinySetup();
    const s0 = createBattle(setup.scenario, setup.armies, 1);
    const s = { ...s0, pending: null, sides: { ...s0.sides, red: { ...s0.sides.red, tokens: { skilledArcher: 0, fortune: 1 } } } };
    const ctx = new Ctx(s);
    leaderRisk(ctx, "red.a-leader", false);
    expect(ctx.s.pending).toBeNull();
    expect(ctx.s.sides.red.tokens.fortune).toBe(1);
  });
});
