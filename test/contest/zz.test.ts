import { it } from "vitest";
import { solveDuel } from "../../src/rulesets/contest/advisor.js";
import { makeSetup } from "./helpers.js";
it("t", () => {
  const setup = makeSetup("hector", "achilles");
  for (let i = 0; i < 2; i++) {
  let t = performance.now();
  const s1 = solveDuel(setup, { horizon: 1 });
  console.log("precompute+1 layer", performance.now() - t);
  t = performance.now();
  const s = solveDuel(setup);
  console.log("full", performance.now() - t, s.layers, s.residual, s.converged);
  }
});
