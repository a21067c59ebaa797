/**
 * Hard's scenario plans (ai/hard/plans.ts; docs/shieldwall/ai.md, "Scenario plans"): a scenario is
 * known by its fingerprint, the same in every state of a battle and different for any other table
 * or army; every shipped plan names a shipped scenario and valid commander options; hard plays a
 * matching plan (and only then); the tuner keeps a change only by its margin.
 */
import { describe, expect, it } from "vitest";
import { checkCommanderOptions, PLAN_CHOICES, tunePlan } from "../../../scripts/commander-tuning.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { commanderChoice, DEFAULT_COMMANDER_OPTIONS, DEFAULT_HARD_OPTIONS, HARD_COMMANDER_OPTIONS, hardSearch, SCENARIO_PLANS, type ScenarioPlan, scenarioFingerprint, scenarioPlan } from "../../../src/rulesets/shieldwall/ai/index.js";
import type { Side } from "../../../src/rulesets/shieldwall/army.js";
import { battleGame, type BattleState } from "../../../src/rulesets/shieldwall/battle/index.js";
import { loadSetup } from "../battle/setup.js";

const SHIPPED = ["maldon-991", "raid", "raid-landing", "brunanburh-937"];
const startOf = (name: string, seed = 0): BattleState => battleGame.setup(loadSetup(`${name}.json`), seed);

describe("hard's scenario plans", () => {
  it("a scenario's fingerprint is the same for every seed and every state of its battles, and differs between scenarios", () => {
    const prints = SHIPPED.map((n) => scenarioFingerprint(startOf(n)));
    expect(new Set(prints).size).toBe(SHIPPED.length);
    for (const [i, n] of SHIPPED.entries()) {
      expect(scenarioFingerprint(startOf(n, 99))).toBe(prints[i]);
      // Forty decisions into a battle (deployment, moves, losses): still the same scenario.
      let later = startOf(n, 5);
      const players = { red: randomPlayer(battleGame, 1), black: randomPlayer(battleGame, 2) };
      for (let mover = battleGame.toMove(later); mover !== null && later.decisions < 40; mover = battleGame.toMove(later)) later = battleGame.apply(later, mover, players[mover as Side].choose(later, mover)).state;
      expect(later.decisions).toBeGreaterThan(0);
      expect(scenarioFingerprint(later)).toBe(prints[i]);
    }
  });

  it("an edited army or table is another scenario: the plan is not played there", () => {
    const setup = loadSetup("raid.json");
    const base = scenarioFingerprint(battleGame.setup(setup, 0));
    const regraded = structuredClone(setup);
    const band = regraded.armies.black.contingents[0].bands[0];
    band.grade = band.grade === "C" ? "D" : "C";
    expect(scenarioFingerprint(battleGame.setup(regraded, 0))).not.toBe(base);
    const wider = structuredClone(setup);
    wider.scenario.table = { ...wider.scenario.table!, width: wider.scenario.table!.width + 2 } as typeof setup.scenario.table;
    expect(scenarioFingerprint(battleGame.setup(wider, 0))).not.toBe(base);
    // The same table object set up with the other army keeps its own fingerprint (the per-table memo checks the units).
    const plan: ScenarioPlan = { fingerprint: base, scenario: "raid.json", side: "black", options: { deployGap: 0 }, measured: "test" };
    expect(scenarioPlan(battleGame.setup(setup, 0), "black", [plan])).toEqual({ deployGap: 0 });
    expect(scenarioPlan(battleGame.setup({ ...regraded, scenario: setup.scenario }, 0), "black", [plan])).toEqual({});
    expect(scenarioPlan(battleGame.setup(setup, 0), "red", [plan])).toEqual({});
  });

  it("every shipped plan names a shipped scenario by its current fingerprint and holds valid commander options", () => {
    for (const p of SCENARIO_PLANS) {
      const name = p.scenario.replace(/\.json$/, "");
      expect(SHIPPED, p.scenario).toContain(name);
      // A scenario file changed since its plan was tuned: re-tune it (npm run tune:commander -- --plan).
      expect(scenarioFingerprint(startOf(name)), `${p.scenario} ${p.side}: re-tune the plan`).toBe(p.fingerprint);
      expect(checkCommanderOptions(p.options, `${p.scenario} ${p.side}`)).toEqual(p.options);
      expect(Object.keys(p.options).length).toBeGreaterThan(0);
      expect(p.measured).toMatch(/tune:commander --plan/);
    }
    expect(new Set(SCENARIO_PLANS.map((p) => `${p.fingerprint}/${p.side}`)).size).toBe(SCENARIO_PLANS.length);
  });

  it("hard deploys by its scenario's plan, and by its general options without one or with plans switched off", () => {
    for (const p of SCENARIO_PLANS) {
      const name = p.scenario.replace(/\.json$/, "");
      let s = startOf(name, 3);
      // Up to the side's first deployment decision.
      while (s.pending?.kind === "deploy" && s.pending.side !== p.side) s = battleGame.apply(s, s.pending.side, commanderChoice(s, s.pending.side)).state;
      if (s.pending?.kind !== "deploy") continue;
      const own = { ...DEFAULT_COMMANDER_OPTIONS, ...HARD_COMMANDER_OPTIONS };
      expect(hardSearch(s, p.side, DEFAULT_HARD_OPTIONS, 1).base).toEqual(commanderChoice(s, p.side, { ...own, ...p.options }, 1));
      expect(hardSearch(s, p.side, { ...DEFAULT_HARD_OPTIONS, scenarioPlans: false }, 1).base).toEqual(commanderChoice(s, p.side, own, 1));
    }
  });

  it("the tuner tries each choice once on the same battles and keeps a change only when it wins by the margin", () => {
    const start = { ...HARD_COMMANDER_OPTIONS };
    const never = tunePlan(start, "raid", "black", 1, 300, 2);
    expect(never.options).toEqual(start);
    expect(never.steps.every((s) => !s.kept)).toBe(true);
    const tried = PLAN_CHOICES.reduce((n, [key, values]) => n + values.filter((v) => JSON.stringify(v) !== JSON.stringify(start[key] ?? DEFAULT_COMMANDER_OPTIONS[key])).length, 0);
    expect(never.steps.length).toBe(tried);
    // With no margin every change that does not lose keeps, and the result is the last kept.
    const eager = tunePlan(start, "raid", "black", 1, 300, 0);
    const kept = eager.steps.filter((s) => s.kept);
    expect(kept.length).toBeGreaterThan(0);
    expect(eager.options).toEqual(kept.reduce((o, s) => ({ ...o, ...s.change }), start));
  }, 120_000);
});
