/** Loads shipped battle scenarios and their armies for the battle tests (the CLI does this for users). */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type ArmyFile, armySchema } from "../../../src/rulesets/shieldwall/army.js";
import { type BattleSetup, type BattleState, createBattle, parseScenario } from "../../../src/rulesets/shieldwall/battle/index.js";
import { Ctx } from "../../../src/rulesets/shieldwall/battle/ctx.js";
import { run } from "../../../src/rulesets/shieldwall/battle/loop.js";
import { type Stand, rectOf, rectsOverlap } from "../../../src/rulesets/shieldwall/geometry/stand.js";
import { standOffTable } from "../../../src/rulesets/shieldwall/geometry/table.js";
import { formLine, rectsDistance } from "../../../src/rulesets/shieldwall/geometry/unit.js";
import { AGGRESSION_LEVELS, DP_KINDS } from "../../../src/rulesets/shieldwall/units.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export function loadSetup(name: string): BattleSetup {
  const path = resolve(root, "data/shieldwall/scenarios", name);
  const scenario = parseScenario(JSON.parse(readFileSync(path, "utf8")));
  const army = (a: string | ArmyFile): ArmyFile => (typeof a === "string" ? armySchema.parse(JSON.parse(readFileSync(resolve(dirname(path), a), "utf8"))) : a);
  return { scenario, armies: { red: army(scenario.armies.red), black: army(scenario.armies.black) } };
}

/** Every invariant of a battle state; returns the first broken one, or null. */
export function invariantProblem(s: BattleState): string | null {
  const live = s.units.filter((u) => u.u.status === "active" && u.deployed);
  for (const u of s.units) {
    if (!Number.isInteger(u.u.stands) || u.u.stands < 0) return `${u.id}: stands ${u.u.stands}`;
    if (u.u.stands > u.initialStands) return `${u.id}: more stands than it started with`;
    if (!AGGRESSION_LEVELS.includes(u.u.aggression)) return `${u.id}: aggression ${u.u.aggression}`;
    for (const k of DP_KINDS) if (!Number.isInteger(u.u.dp[k]) || u.u.dp[k] < 0) return `${u.id}: ${k} DPs ${u.u.dp[k]}`;
    if (u.embarked !== undefined && u.stands.length > 0) return `${u.id} is aboard ship but has stands on the table`;
    if (u.u.status === "active" && u.deployed && u.embarked === undefined && u.stands.length !== u.u.stands) return `${u.id}: ${u.stands.length} stands on the table for ${u.u.stands}`;
    if (u.u.status !== "active" && u.stands.length !== 0) return `${u.id} is ${u.u.status} but still on the table`;
  }
  const rects = live.flatMap((u) => u.stands.filter((st) => !standOffTable(st, s.table)).map((st) => ({ id: u.id, r: rectOf(st) })));
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      if (rects[i].id === rects[j].id) continue;
      if (rectsOverlap(rects[i].r, rects[j].r, 0.02)) return `stands of ${rects[i].id} and ${rects[j].id} overlap`;
    }
  }
  for (const l of s.leaders) {
    if (l.lpSpent < 0) return `${l.id}: spent ${l.lpSpent} LPs`;
    if (l.lpValue < 0 || l.lpValue > 6) return `${l.id}: LP value ${l.lpValue}`;
    if (l.status === "alive" && l.lpValue === 0) return `${l.id} is alive with 0 LPs`;
  }
  return null;
}


// ---- hand-built positions ----

const army = (side: "red" | "black", names: [string, string]): ArmyFile => ({
  name: `${side} test army`,
  side,
  contingents: [
    {
      id: "a",
      name: `${names[0]}'s men`,
      leader: { name: names[0], lp: 4, commanderInChief: true },
      retinue: { name: `${names[0]}'s retinue`, grade: "B", stands: 1 },
      bands: [
        { name: `${names[0]}'s fyrd`, grade: "C", stands: 2 },
        { name: `${names[0]}'s thegns`, grade: "B", stands: 1 },
      ],
    },
    {
      id: "b",
      name: `${names[1]}'s men`,
      leader: { name: names[1], lp: 3 },
      retinue: { name: `${names[1]}'s retinue`, grade: "B", stands: 1 },
      bands: [{ name: `${names[1]}'s levy`, grade: "D", stands: 1 }],
    },
  ],
});

/** Two small armies with a fixed deployment (no deployment decisions): the battle waits for turn 1's initiative choice. */
export function tinySetup(): BattleSetup {
  const scenario = parseScenario({
    name: "test field",
    armies: { red: army("red", ["Alfred", "Beorn"]), black: army("black", ["Cnut", "Dag"]) },
    deployment: {
      red: [
        { contingent: "a", x: 20, distance: 6 },
        { contingent: "b", x: 50, distance: 6 },
      ],
      black: [
        { contingent: "a", x: 20, distance: 6 },
        { contingent: "b", x: 50, distance: 6 },
      ],
    },
  });
  return { scenario, armies: { red: scenario.armies.red as ArmyFile, black: scenario.armies.black as ArmyFile } };
}

/** A formed line of n 15mm stands whose front edge is centred on (x, y), facing `facing` degrees. */
export function line(x: number, y: number, facing: number, n: number): Stand[] {
  return formLine({ x, y, facing }, n, "15mm");
}

/** The state with only the listed units on the table, placed as given (the rest taken off the table). */
export function position(s: BattleState, placed: Record<string, Stand[]>): BattleState {
  return {
    ...s,
    units: s.units.map((u) => (placed[u.id] ? { ...u, deployed: true, stands: placed[u.id] } : { ...u, deployed: false, stands: [] })),
  };
}

/** Changes one unit's shared model fields (aggression, DPs, formed, …). */
export function withUnit(s: BattleState, id: string, f: (u: BattleState["units"][number]) => BattleState["units"][number]): BattleState {
  return { ...s, units: s.units.map((u) => (u.id === id ? f(u) : u)) };
}

/** Marks leaders as having signalled the advance. */
export function signalled(s: BattleState, ...leaders: string[]): BattleState {
  return { ...s, leaders: s.leaders.map((l) => (leaders.includes(l.id) ? { ...l, signalled: true } : l)) };
}

// ---- shared by the battle rule tests ----

/** Red faces north, black south (headings in degrees). */
export const N = 90;
export const S = 270;

/** The two small test armies' battle from {@link tinySetup} with a seed. */
export function start(seed = 1): BattleState {
  return createBattle(tinySetup().scenario, tinySetup().armies, seed);
}

export function unitOf(s: BattleState, id: string) {
  const u = s.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** Edge-to-edge distance between two units (ruling SW-3). */
export function gap(s: BattleState, a: string, b: string): number {
  return rectsDistance(unitOf(s, a).stands.map(rectOf), unitOf(s, b).stands.map(rectOf));
}

/** Runs the engine from a given task list to the next decision; returns the context. */
export function runFrom(s: BattleState, queue: BattleState["queue"]): Ctx {
  const ctx = new Ctx({ ...s, queue, pending: null });
  run(ctx);
  return ctx;
}
