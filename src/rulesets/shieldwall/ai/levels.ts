/**
 * The Shieldwall computer players' levels as people see them (issue 26): `easy`, `normal` and
 * `hard`, each the name of a player in {@link shieldwallPlayers}. The one place the mapping
 * lives; every front end (CLI, battle page, online seats) takes its levels from here. A level
 * whose player is not registered (e.g. `hard` before its player exists) is not offered.
 */
import { shieldwallPlayers } from "./evaluate.js";

export type ShieldwallLevel = "easy" | "normal" | "hard";

/** Level → the player that plays it, weakest first. */
export const SHIELDWALL_LEVEL_PLAYERS: Readonly<Record<ShieldwallLevel, string>> = {
  easy: "advance",
  normal: "commander",
  hard: "hard",
};

const LEVEL_ORDER: readonly ShieldwallLevel[] = ["easy", "normal", "hard"];

export interface ShieldwallLevelEntry {
  level: ShieldwallLevel;
  /** The player's own name (it keeps working everywhere). */
  player: string;
  description: string;
}

/** The levels whose player is registered, weakest first. */
export function shieldwallLevels(): ShieldwallLevelEntry[] {
  return LEVEL_ORDER.filter((level) => shieldwallPlayers[SHIELDWALL_LEVEL_PLAYERS[level]] !== undefined).map((level) => {
    const player = SHIELDWALL_LEVEL_PLAYERS[level];
    return { level, player, description: `level ${level}: the ${player} player, ${shieldwallPlayers[player].description}` };
  });
}

/** The player a name means: a level's player, or the name itself (old names keep working). */
export function shieldwallPlayerName(name: string): string {
  const level = LEVEL_ORDER.find((l) => l === name);
  return level === undefined ? name : SHIELDWALL_LEVEL_PLAYERS[level];
}

/** The strongest level available now (it plays hints). */
export function strongestShieldwallLevel(): ShieldwallLevelEntry {
  const levels = shieldwallLevels();
  return levels[levels.length - 1];
}
