/**
 * Shieldwall tests outside combat: time of each exact calculator (sw-charge, sw-control,
 * sw-shooting, sw-leader-risk) on a demanding input, plus the seeded resolutions' speed.
 */
import { Random } from "../src/core/random.js";
import { chargeOdds as swCharge, controlOdds as swControl, leaderRiskOdds as swLeaderRisk, shootingOdds as swShooting } from "../src/rulesets/shieldwall/odds.js";
import { newGodPack, drawGodCard } from "../src/rulesets/shieldwall/gods.js";
import { resolveCharge, resolveShooting } from "../src/rulesets/shieldwall/checks.js";
import { type BenchSection, medianMs, opsPerSecond } from "./harness.js";

export const shieldwallBench: BenchSection = {
  name: "shieldwall",
  run() {
    const chargeMs = medianMs(() => swCharge({ grade: "B", aggression: "ready", dp: 2, unformed: false, retinueWithLeader: true, friendChargingWithin2: true, battleStandardWithin2: true }));
    const controlMs = medianMs(() => swControl({ grade: "A", aggression: "bloodlust", aGradeChoice: "minus" }));
    // 10 stands shooting with the skilled archer: 22 dice, the target's full outcome table.
    const shootingMs = medianMs(() =>
      swShooting({ shooterStands: 10, skilledArcher: true, shooterInCombat: false, target: { kind: "band", grade: "B", stands: 2, aggression: "bloodlust", dp: 2, cover: false } }),
    );
    // 12 missile hits on a 6-LP leader's retinue: 12 chained risk rolls.
    const leaderRiskMs = medianMs(() => swLeaderRisk({ lpValue: 6, missileHits: 12, engagedInCombat: false }));
    const rng = Random.fromSeed(1);
    const chargeInput = { grade: "B" as const, aggression: "present" as const, dp: 1, unformed: false, retinueWithLeader: false, friendChargingWithin2: false, battleStandardWithin2: false };
    const chargeTestsPerSecond = opsPerSecond(() => resolveCharge(rng, chargeInput), 300);
    const shootingRollsPerSecond = opsPerSecond(() => resolveShooting(rng, { shooterStands: 2, skilledArcher: false, targetIsRetinue: false, targetInCover: false }), 300);
    let pack = newGodPack(rng);
    const godDrawsPerSecond = opsPerSecond(() => {
      pack = drawGodCard(pack, rng).pack;
    }, 300);
    return {
      swChargeMs: chargeMs,
      swControlMs: controlMs,
      swShooting22DiceMs: shootingMs,
      swLeaderRisk12HitsMs: leaderRiskMs,
      chargeTestsPerSecond,
      shootingRollsPerSecond,
      godDrawsPerSecond,
    };
  },
};
