/**
 * The Shieldwall computer levels' names and the player each means (issue 26), without the players
 * themselves: the battle page's setup screen and the lobby list the levels from here, so that they
 * show before the engine and the computer players are loaded (those run in the page's worker).
 */
export type ShieldwallLevel = "easy" | "normal" | "hard";

/** Level → the player that plays it, weakest first. */
export const SHIELDWALL_LEVEL_PLAYERS: Readonly<Record<ShieldwallLevel, string>> = {
  easy: "advance",
  normal: "commander",
  hard: "hard",
};

/** The levels, weakest first. */
export const SHIELDWALL_LEVELS: readonly ShieldwallLevel[] = ["easy", "normal", "hard"];

/** The player a name means: a level's player, or the name itself (old names keep working). */
export function shieldwallPlayerName(name: string): string {
  const level = SHIELDWALL_LEVELS.find((l) => l === name);
  return level === undefined ? name : SHIELDWALL_LEVEL_PLAYERS[level];
}
