/** Deployment (seed "Deployment", ruling SW-26): who deploys next, where a contingent's line may stand. */
import type { Side } from "../../army.js";
import { rollDeployment } from "../../leaders.js";
import { Ctx, push } from "../ctx.js";
import { cincLp, contingentLine, undeployed } from "../queries.js";
import { deployOptions, deployProblem } from "../placement.js";
import type { DecisionKind } from "../decision-kind.js";

export function applyDeploy(ctx: Ctx, side: Side, contingent: string, x: number, distance: number): void {
  for (const l of contingentLine(ctx, side, contingent, x, distance)) {
    const bu = ctx.unit(l.unit);
    ctx.setUnit({ ...bu, stands: l.stands, deployed: true });
  }
  ctx.ev("deploy", `${side} deploys ${ctx.s.sides[side].contingentNames[contingent]} at x ${x}", ${distance}" from the centre line`, {
    side,
    contingent,
    x,
    distance,
  });
}

/** The deployment: who deploys next (seed "Deployment"), or the first turn once all have deployed. */
export function deployTask(ctx: Ctx): void {
  const s = ctx.s;
  const red = undeployed(s, "red");
  const black = undeployed(s, "black");
  if (red.length === 0 && black.length === 0) {
    push(ctx, { t: "turn-start" });
    return;
  }
  let side: Side;
  if (red.length === 0) side = "black";
  else if (black.length === 0) side = "red";
  else {
    const r = rollDeployment(ctx.rng, {
      redCincLp: cincLp(ctx, "red"),
      blackCincLp: cincLp(ctx, "black"),
    });
    side = r.deploysFirst;
    ctx.notes("deployment-dice", r.notes, { side });
  }
  push(ctx, { t: "deploy" });
  s.pending = { kind: "deploy", side };
}

/** Deploying a contingent (seed "Deployment", ruling SW-26): any position `deployProblem` accepts; the options are a grid of them. */
export const DEPLOY_DECISION: DecisionKind<"deploy"> = {
  options: (ctx, p) => deployOptions(ctx.s, p.side).map((o) => ({ type: "deploy", ...o })),
  problem: (ctx, p, d) => deployProblem(ctx.s, p.side, d.contingent, d.x, d.distance),
  problemDecides: true,
  apply: (ctx, _p, d, side) => applyDeploy(ctx, side, d.contingent, d.x, d.distance),
  describe: (d) => `deploy ${d.contingent} at x ${d.x}, ${d.distance}" from the centre line`,
};
