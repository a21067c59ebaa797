/**
 * How many charges each side is offered per battle (issue 23, ruling SW-28): for each shipped
 * scenario, N battles commander against commander on fresh seeds, counting every charge decision
 * put to a side (a unit offered "charge X / no charge", or a Blood Lust unit choosing its target)
 * and every charge declared by itself (Blood Lust with one target, a control test's 5+, a
 * pursuer's charge). Prints a Markdown table; run it on two builds to compare them.
 *
 *   npm run charges:offered -- --games 100 [--seed 5000] [--scenarios maldon-991,raid]
 */
import { performance } from "node:perf_hooks";
import { playOut } from "../src/core/game.js";
import { commanderPlayer } from "../src/rulesets/shieldwall/ai/index.js";
import { battleGame } from "../src/rulesets/shieldwall/battle/index.js";
import type { BattleState } from "../src/rulesets/shieldwall/battle/types.js";
import { loadBattleSetup } from "../bench/shieldwall-battle.js";
import { argOf, wholeNumber } from "./args.js";

const SCENARIOS = ["maldon-991", "raid", "raid-landing", "brunanburh-937"];

interface Tally {
  offered: Record<"red" | "black", number>;
  automatic: Record<"red" | "black", number>;
  battles: number;
  /** Turns played, summed: offers per turn do not depend on how long battles last. */
  turns: number;
  seconds: number;
}

/** One scenario's battles: charge decisions put to each side, and charges declared by themselves. */
export function countCharges(scenario: string, games: number, firstSeed: number): Tally {
  const setup = loadBattleSetup(`${scenario}.json`);
  const t: Tally = { offered: { red: 0, black: 0 }, automatic: { red: 0, black: 0 }, battles: 0, turns: 0, seconds: 0 };
  const start = performance.now();
  for (let g = 0; g < games; g++) {
    const seed = firstSeed + g;
    const counting = (side: "red" | "black") => {
      const inner = commanderPlayer(seed * 2 + (side === "red" ? 0 : 1));
      return {
        name: inner.name,
        choose(state: BattleState, player: string) {
          if (state.pending?.kind === "charge") t.offered[state.pending.side]++;
          return inner.choose(state, player);
        },
      };
    };
    const played = playOut(battleGame, battleGame.setup(setup, seed), { red: counting("red"), black: counting("black") }, {
      keepEvents: false,
      onEvents: (events) => {
        for (const e of events) {
          if ((e.type === "declare" && e.automatic === true && typeof e.unit === "string") || (e.type === "pursuit-charge" && typeof e.unit === "string")) {
            const side = e.unit.startsWith("red.") ? "red" : "black";
            // A forced declaration chosen among targets is already counted as a decision put to the side.
            if (!String(e.text).includes("chooses")) t.automatic[side]++;
          }
        }
      },
    });
    t.battles++;
    t.turns += played.state.turn;
  }
  t.seconds = (performance.now() - start) / 1000;
  return t;
}

function main(): void {
  const args = process.argv.slice(2);
  const games = wholeNumber(argOf(args, "--games"), "--games", 100);
  const seed = wholeNumber(argOf(args, "--seed"), "--seed", 5000);
  const list = argOf(args, "--scenarios")?.split(",") ?? SCENARIOS;
  for (const s of list) if (!SCENARIOS.includes(s)) throw new Error(`--scenarios: unknown scenario "${s}" (shipped: ${SCENARIOS.join(", ")})`);
  const rows = ["| Scenario | battles | red offered / battle | black offered / battle | red by itself / battle | black by itself / battle | turns / battle | red offered / turn | black offered / turn | seconds |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"];
  for (const s of list) {
    const t = countCharges(s, games, seed);
    const per = (n: number) => (n / t.battles).toFixed(2);
    rows.push(`| ${s} | ${t.battles} | ${per(t.offered.red)} | ${per(t.offered.black)} | ${per(t.automatic.red)} | ${per(t.automatic.black)} | ${per(t.turns)} | ${(t.offered.red / t.turns).toFixed(3)} | ${(t.offered.black / t.turns).toFixed(3)} | ${t.seconds.toFixed(1)} |`);
    process.stderr.write(`${s}: ${t.battles} battles in ${t.seconds.toFixed(1)} s\n`);
  }
  process.stdout.write(`${rows.join("\n")}\n`);
}

main();
