/** GURPS shields as cover: time for one exact outcome distribution and for a four-way compare. */
import { performance } from "node:perf_hooks";
import { type AttackInput, exampleAttack, planAttack } from "../src/rulesets/gurps/attack.js";
import { compareTreatments } from "../src/rulesets/gurps/compare.js";
import { exactOutcome } from "../src/rulesets/gurps/resolve.js";
import { Random } from "../src/core/random.js";
import { resolveAttack } from "../src/rulesets/gurps/resolve.js";
import { type BenchSection, opsPerSecond } from "./harness.js";

const input = (over: Partial<AttackInput>): AttackInput => exampleAttack(over);

function exact(i: AttackInput) {
  const r = planAttack(i);
  if (!r.ok) throw new Error(r.reason);
  return exactOutcome(r.plan);
}

const msPer = (fn: () => unknown) => Number((1000 / opsPerSecond(fn, 500)).toFixed(4));

export const gurpsBench: BenchSection = {
  name: "gurps",
  run() {
    // The heaviest paths: a random location with per-location cover, and random cover, each with a defence roll.
    const specific = input({ mode: "specific", db: 2 });
    const random = input({ mode: "random", db: 3 });
    const abstract = input({ mode: "abstract", location: "skull" });
    const start = performance.now();
    exact(specific);
    const firstCallMs = Number((performance.now() - start).toFixed(4));
    const plan = planAttack(random);
    if (!plan.ok) throw new Error(plan.reason);
    const rng = Random.fromSeed(1);
    return {
      firstExactDistributionMs: firstCallMs,
      exactSpecificRandomLocationMs: msPer(() => exact(specific)),
      exactRandomCoverRandomLocationMs: msPer(() => exact(random)),
      exactAbstractAimedMs: msPer(() => exact(abstract)),
      compareFourTreatmentsMs: msPer(() => compareTreatments(specific)),
      seededAttacksPerSecond: opsPerSecond(() => resolveAttack(plan.plan, rng), 500),
    };
  },
};
