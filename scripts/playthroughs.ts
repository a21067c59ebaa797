/**
 * Golden playthroughs: seeded games of every game between seeded random players, recorded
 * decision by decision (the decision, the events it produced as type and text, and the state hash
 * after it). They are committed under test/playthroughs/ and diffed by
 * test/playthroughs.test.ts, so any change of play shows as a readable diff in review.
 *
 *   npm run playthroughs            # rewrite the committed files after an intended rule change
 *
 * The cases are read from shipped data files; nothing here is part of the product.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { loadBattleSetup, projectRoot } from "../bench/shieldwall-battle.js";
import { type BaseState, type Game, play, stateHash } from "../src/core/game.js";
import { pig } from "../src/core/fixtures/pig.js";
import { randomPlayer } from "../src/core/search/random-player.js";
import { parseDeck } from "../src/rulesets/contest/deck.js";
import { DEFAULT_OPTIONS, type DuelSetup as ContestDuelSetup } from "../src/rulesets/contest/exchange.js";
import { contestGame as contestDuel } from "../src/rulesets/contest/game.js";
import type { Profile } from "../src/rulesets/contest/profile.js";
import { battleGame } from "../src/rulesets/shieldwall/battle/index.js";
import { shieldwallDuelGame as shieldwallDuel } from "../src/rulesets/shieldwall/duel/game.js";
import { parseBoard } from "../src/rulesets/shove/board.js";
import { shove } from "../src/rulesets/shove/game.js";

const readJson = (path: string): unknown => JSON.parse(readFileSync(resolve(projectRoot(), path), "utf8"));

function contestSetup(a: string, b: string): ContestDuelSetup {
  const profiles = (readJson("data/contest/profiles.json") as { profiles: Profile[] }).profiles;
  const profile = (id: string) => {
    const p = profiles.find((q) => q.id === id)!;
    return { ...p, weapon: p.weapon ?? null };
  };
  const deck = (path: string) => parseDeck(readJson(path) as never).deck!;
  return {
    a: { profile: profile(a), assistants: 0 },
    b: { profile: profile(b), assistants: 1 },
    ranged: deck("data/contest/ranged-deck.json"),
    melee: deck("data/contest/melee-deck-house.json"),
    options: { ...DEFAULT_OPTIONS },
  };
}

export interface PlaythroughCase {
  /** File name under test/playthroughs/ (without .jsonl). */
  name: string;
  game: Game<BaseState, unknown, unknown>;
  options: () => unknown;
  seed: number;
}

const SCENARIOS = ["maldon-991", "raid", "raid-landing", "brunanburh-937"];
const SHOVE_BOARDS = ["default", "narrow", "walled"];

/** Every committed playthrough: a few seeds of each shipped scenario or board, and of each game. */
export function playthroughCases(): PlaythroughCase[] {
  const cases: PlaythroughCase[] = [];
  const add = (name: string, game: Game<never, never, never>, options: () => unknown, seeds: number[]) => {
    for (const seed of seeds) cases.push({ name: `${name}-seed${seed}`, game: game as unknown as PlaythroughCase["game"], options, seed });
  };
  for (const s of SCENARIOS) add(`shieldwall-battle-${s}`, battleGame as never, () => loadBattleSetup(`${s}.json`), [1, 2, 3]);
  for (const b of SHOVE_BOARDS) add(`shove-${b}`, shove as never, () => ({ board: parseBoard(readFileSync(resolve(projectRoot(), `data/shove/${b}.board`), "utf8")) }), [1, 2]);
  add("shieldwall-duel-leaders", shieldwallDuel as never, () => ({ a: { kind: "leader", specialWeapon: true }, b: { kind: "leader", specialWeapon: false } }), [1, 2]);
  add("shieldwall-duel-champions", shieldwallDuel as never, () => ({ a: { kind: "champion", specialWeapon: false }, b: { kind: "heroic-champion", specialWeapon: false } }), [3]);
  const profiles = (readJson("data/contest/profiles.json") as { profiles: Profile[] }).profiles;
  add("contest-of-champions", contestDuel as never, () => ({ setup: contestSetup(profiles[0].id, profiles[1].id), distance: 6 }), [1, 2]);
  add("pig", pig as never, () => ({ target: 30 }), [1, 2]);
  return cases;
}

/** One playthrough as JSON lines: a header, then one line per decision. */
export function recordPlaythrough(c: PlaythroughCase): string {
  const { game, seed } = c;
  let state = game.setup(c.options(), seed);
  const players = Object.fromEntries(game.players.map((p, i) => [p, randomPlayer(game, seed * 7919 + i)]));
  const lines = [JSON.stringify({ game: game.id, case: c.name, seed, hash: stateHash(state) })];
  for (let i = 0, mover = game.toMove(state); mover !== null; i++, mover = game.toMove(state)) {
    if (i > 200_000) throw new Error(`${c.name}: no end after ${i} decisions`);
    const move = players[mover].choose(state, mover);
    const applied = play(game, state, mover, move);
    state = applied.state;
    lines.push(JSON.stringify({ i, player: mover, move, events: applied.events.map((e) => `${e.type}: ${e.text}`), hash: stateHash(state) }));
  }
  lines.push(JSON.stringify({ result: game.result(state) }));
  return `${lines.join("\n")}\n`;
}

export { projectRoot };

export const PLAYTHROUGH_DIR = "test/playthroughs";
