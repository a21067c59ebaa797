/**
 * Every game Muster has, and the ones a generic runner (`muster battle`, `sim`, `replay`; a web
 * app, a server) plays, with their computer players. Front ends take games from here and name
 * none themselves.
 */
import { pig } from "../core/fixtures/pig.js";
import { type AnyGame, type AnyPlayable, type ComputerPlayerEntry, definePlayable } from "../core/records.js";
import { contestGame } from "./contest/game.js";
import { shieldwallBattlePlayable, shieldwallComputerPlayers, shieldwallDuelGame, shieldwallLevelComputerPlayers } from "./shieldwall/index.js";
import { shoveComputerPlayers, shovePlayable } from "./shove/index.js";

/** Pig (the core fixture; handy for trying the machinery). */
export const pigPlayable = definePlayable({ game: pig, defaultAi: "random", defaultLabel: "target 50 (default)", maxDecisions: 100_000 });

/** The games a generic runner plays, in the order front ends list them. */
export const PLAYABLE_GAMES: readonly AnyPlayable[] = [pigPlayable, shovePlayable, shieldwallBattlePlayable];

/** Every game, for records and replay by id (the runner's games and the duels). */
export const ALL_GAMES: readonly AnyGame[] = [...PLAYABLE_GAMES.map((p) => p.game), contestGame, shieldwallDuelGame];

/** The game `muster battle` and `muster sim` play when none is named. */
export const DEFAULT_PLAYABLE_GAME = shieldwallBattlePlayable.game.id;

/** Computer players the rulesets offer (the generic ones, random and MCTS, are the runner's own). */
export const COMPUTER_PLAYERS: readonly ComputerPlayerEntry[] = [...shieldwallLevelComputerPlayers, ...shieldwallComputerPlayers, ...shoveComputerPlayers];
