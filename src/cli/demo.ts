/** `muster demo`: a short narrated tour of the core library. */
import { cardName, drawMany, newDeck } from "../core/cards.js";
import { AVERAGE_DIE, D4, D6, describeRoll, poolSumDist, roll, roll3d6, successesDist } from "../core/dice.js";
import { pig } from "../core/fixtures/pig.js";
import { makeRecord, playOut, replay } from "../core/game.js";
import { Random } from "../core/random.js";
import { mctsPlayer } from "../core/search/mcts.js";
import { randomPlayer } from "../core/search/random-player.js";
import type { GlobalOptions } from "./output.js";

export function runDemo(g: GlobalOptions): void {
  const out: string[] = [];
  const say = (line = "") => out.push(line);
  const rng = Random.fromSeed(g.seed);

  say(`Muster demo — seed ${g.seed}${g.seedGiven ? "" : " (chosen from the clock; pass --seed to repeat it)"}`);
  say();
  say("Dice. Every roll keeps its faces, so a log shows exactly what was thrown:");
  say(`  a D4:                 ${describeRoll(roll(rng, [D4]))}`);
  say(`  a D6:                 ${describeRoll(roll(rng, [D6]))}`);
  say(`  an average die + D6:  ${describeRoll(roll(rng, [AVERAGE_DIE, D6]))}   (Shieldwall's move dice)`);
  say(`  3d6:                  ${describeRoll(roll3d6(rng))}   (a GURPS success roll)`);
  say();
  const { cards } = drawMany(newDeck(rng), rng, 5);
  say(`Cards. Five from a shuffled 54-card pack: ${cards.map(cardName).join(", ")}`);
  say();
  const twoD6 = poolSumDist(2, D6);
  say("Exact odds. The chance of rolling at least 8 on 2d6:");
  say(`  ${twoD6.atLeast(8)} = ${twoD6.atLeast(8).toDecimal(6)}; mean ${twoD6.mean()}, variance ${twoD6.variance()}`);
  const sixty = successesDist(60, 5);
  say("  60 dice hitting on 5+ (a big Shieldwall combat): at least 20 hits with probability");
  say(`  ${sixty.atLeast(20).toDecimal(6)}, computed as an exact fraction with a ${sixty.atLeast(20).d.toString().length}-digit denominator`);
  say();
  say("A computer game. Pig (roll a D6 until you hold; a 1 loses the turn), first to 30:");
  say("  p1 is Monte Carlo tree search (300 iterations a decision), p2 plays at random.");
  const options = { target: 30 };
  const start = pig.setup(options, g.seed);
  const game = playOut(pig, start, {
    p1: mctsPlayer(pig, { seed: g.seed, iterations: 300 }),
    p2: randomPlayer(pig, g.seed),
  });
  const shown = game.events.filter((e) => e.type === "hold" || (e.type === "roll" && e.face === 1));
  for (const e of shown.slice(0, 8)) say(`  ${e.text}`);
  if (shown.length > 8) say(`  … ${shown.length - 8} more turns …`);
  for (const e of shown.slice(Math.max(8, shown.length - 2))) say(`  ${e.text}`);
  say(`  Result: ${game.result.reason}.`);
  const record = makeRecord(pig, options, g.seed, game.decisions, game.state);
  const check = replay(pig, record);
  say(`  Replaying the ${record.decisions.length} recorded decisions reproduces state hash ${check.hash}: ${check.matches ? "verified" : "MISMATCH"}.`);
  say();
  say("Next: `muster --help` lists every command; `muster odds` lists the calculators.");
  process.stdout.write(`${out.join("\n")}\n`);
}
