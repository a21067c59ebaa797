/**
 * Deployment off the offered grid (seed "Deployment"): the engine's `deployProblem` accepts any
 * place where the contingent fits, so the form sends the player's own x and distance and the
 * engine applies it or names what is wrong.
 */
import { describe, expect, it } from "vitest";
import { deployFormStart, deployFromForm } from "../../web/src/battle/deploy-form.js";
import { shippedSetup } from "../../web/src/battle/scenarios.js";
import { BattleSession } from "../../web/src/battle/session.js";

const offered = [
  { contingent: "red.c1", x: 12, distance: 6 },
  { contingent: "red.c1", x: 18, distance: 6 },
  { contingent: "red.c2", x: 30, distance: 8 },
];

describe("a deployment at the player's own place (seed \"Deployment\")", () => {
  it("starts from the first offered place of the contingent and builds the decision; a bad number is named", () => {
    expect(deployFormStart(offered)).toEqual({ contingent: "red.c1", x: "12", distance: "6" });
    expect(deployFormStart(offered, "red.c2")).toEqual({ contingent: "red.c2", x: "30", distance: "8" });
    expect(deployFromForm({ contingent: "red.c2", x: "31.25", distance: "7.5" })).toEqual({ decision: { type: "deploy", contingent: "red.c2", x: 31.25, distance: 7.5 } });
    expect(deployFromForm({ contingent: "red.c2", x: "west", distance: "7.5" })).toEqual({ error: 'x: a number of inches from the west edge, got "west"' });
    expect(deployFromForm({ contingent: "red.c2", x: "3", distance: "" })).toEqual({ error: 'distance: a number of inches from the centre line, got ""' });
  });

  it("the engine deploys off the grid where the contingent fits and refuses, with its reason, where it does not", () => {
    const session = new BattleSession(1, shippedSetup("maldon-991"), 3, { red: "human", black: "human" });
    const side = session.toMove()!;
    const grid = session.options().flatMap((o) => (o.decision.type === "deploy" ? [o.decision] : []));
    expect(grid.length).toBeGreaterThan(0);
    const far = deployFromForm({ contingent: grid[0].contingent, x: String(grid[0].x), distance: "200" });
    if ("error" in far) throw new Error(far.error);
    const refused = session.decide(side, far.decision);
    expect(refused.type).toBe("error");
    expect(refused.type === "error" && refused.message).toMatch(/stand is not wholly on the table/);
    // A quarter inch off an offered place, not itself on the grid.
    const off = grid.map((g) => ({ ...g, x: g.x + 0.25 })).find((g) => !grid.some((o) => o.contingent === g.contingent && o.x === g.x && o.distance === g.distance))!;
    const own = deployFromForm({ contingent: off.contingent, x: String(off.x), distance: String(off.distance) });
    if ("error" in own) throw new Error(own.error);
    const r = session.decide(side, own.decision);
    if (r.type === "error") throw new Error(`refused: ${r.message}`);
    expect(r.events.some((e) => e.text.includes(`at x ${off.x}"`))).toBe(true);
  });
});
