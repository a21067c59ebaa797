/**
 * The Shieldwall computer players' levels as people see them (issue 26): `easy`, `normal` and
 * `hard`, each the name of a player in {@link shieldwallPlayers}. The one place the mapping
 * lives; every front end (CLI, battle page, online seats) takes its levels from here. A level
 * whose player is not registered (e.g. `hard` before its player exists) is not offered. The names
 * alone are in level-names.ts (no players loaded).
 */
import { shieldwallPlayers } from "./evaluate.js";
import { SHIELDWALL_LEVEL_PLAYERS, SHIELDWALL_LEVELS, type ShieldwallLevel, shieldwallPlayerName } from "./level-names.js";

export { SHIELDWALL_LEVEL_PLAYERS, type ShieldwallLevel, shieldwallPlayerName };

export interface ShieldwallLevelEntry {
  level: ShieldwallLevel;
  /** The player's own name (it keeps working everywhere). */
  player: string;
  description: string;
}

/** The levels whose player is registered, weakest first. */
export function shieldwallLevels(): ShieldwallLevelEntry[] {
  return SHIELDWALL_LEVELS.filter((level) => shieldwallPlayers[SHIELDWALL_LEVEL_PLAYERS[level]] !== undefined).map((level) => {
    const player = SHIELDWALL_LEVEL_PLAYERS[level];
    return { level, player, description: `level ${level}: the ${player} player, ${shieldwallPlayers[player].description}` };
  });
}

/** The strongest level available now (it plays hints). */
export function strongestShieldwallLevel(): ShieldwallLevelEntry {
  const levels = shieldwallLevels();
  return levels[levels.length - 1];
}
