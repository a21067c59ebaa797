/**
 * Fingerprint of the Shieldwall engine's behaviour: the final state hash of seeded battles between
 * random players on each shipped scenario, one line per battle. Run it before and after a change
 * meant only to make the engine faster, and compare the two outputs: they must be identical
 * (docs/architecture.md, "Keeping the Shieldwall engine fast").
 *
 *   npm run battle:hashes -- [battles per scenario, default 60] > before.txt
 */
import { playOut, stateHash } from "../src/core/game.js";
import { randomPlayer } from "../src/core/search/random-player.js";
import { battleGame } from "../src/rulesets/shieldwall/battle/index.js";
import { loadBattleSetup } from "../bench/shieldwall-battle.js";

const SCENARIOS = ["maldon-991.json", "raid.json", "raid-landing.json", "brunanburh-937.json"];

function main(): void {
  // Output piped into `head` and the like may close early: stop quietly then.
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    throw e;
  });
  const arg = process.argv[2];
  const n = arg === undefined ? 60 : Number(arg);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`battle-hashes: the number of battles must be a whole number of at least 1, got "${arg}"\n`);
    process.exitCode = 2;
    return;
  }
  for (const file of SCENARIOS) {
    const setup = loadBattleSetup(file);
    for (let seed = 1; seed <= n; seed++) {
      const players = { red: randomPlayer(battleGame, seed), black: randomPlayer(battleGame, seed + 1_000_000) };
      const end = playOut(battleGame, battleGame.setup(setup, seed), players, { keepEvents: false });
      process.stdout.write(`${file} ${seed} ${stateHash(end.state)}\n`);
    }
  }
}

main();
