/**
 * An independent, deliberately plain brute force of the GURPS shields-as-cover rule, written from
 * the rulings (GC-1..GC-6) without the engine's code: it walks every one of the 216 ways to
 * throw each 3d6 (attack, hit location, defence) and every face of the 1d6 for the hand and for
 * random cover, counting outcomes. Every path counts out of 216 · 216 · 6 · 6 · 216.
 */
import type { AttackInput } from "../../src/rulesets/gurps/attack.js";

export const BRUTE_DENOMINATOR = 216n * 216n * 36n * 216n;

const THROWS: number[] = [];
for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) THROWS.push(a + b + c);

const LOC_PENALTY: Record<string, number> = {
  skull: -7, face: -5, neck: -5, torso: 0, vitals: -3, groin: -3,
  "arm-weapon": -2, "arm-shield": -2, "hand-weapon": -4, "hand-shield": -4, leg: -2, foot: -4,
};

// 3..18 on the hit-location table, shield on the left arm; "hand" needs the 1d6.
const TABLE = ["", "", "", "skull", "skull", "face", "leg", "leg", "arm-weapon", "torso", "torso", "groin", "arm-shield", "leg", "leg", "hand", "foot", "neck", "neck"];

const SPECIFIC: Record<number, Record<string, string>> = {
  1: { "arm-shield": "half", "hand-shield": "half", torso: "half", vitals: "half" },
  2: { "arm-shield": "full", "hand-shield": "full", torso: "half", vitals: "half", groin: "half" },
  3: { "arm-shield": "full", "hand-shield": "full", torso: "full", vitals: "full", groin: "full", leg: "half" },
  4: { "arm-shield": "full", "hand-shield": "full", torso: "full", vitals: "full", groin: "full", leg: "full" },
};
const LEVEL: Record<string, number> = { none: 0, slight: 1, half: 2, good: 3, excellent: 4, full: 5 };

export interface BruteResult {
  criticalHit: bigint;
  hit: bigint;
  shield: bigint;
  defended: bigint;
  miss: bigint;
  criticalMiss: bigint;
  byLocation: Record<string, bigint>;
}

/** Cover level for the whole target (loc null) or one location, with the default options. */
function coverOf(input: AttackInput, loc: string | null): number {
  let db = input.edition === 3 ? input.db - 1 : input.db;
  if (db < 0) db = 0;
  if (input.hunkered) db += 2;
  const front = input.hex === "front";
  const frontSide = input.hex === "shield-side" || input.hex === "weapon-side";
  let level: number;
  if (db === 0 || !(front || frontSide)) level = 0;
  else if (db <= 4) {
    if (input.hex === "weapon-side") level = 0;
    else if (loc === null) level = db;
    else level = LEVEL[SPECIFIC[db][loc] ?? "none"];
  } else {
    let full: boolean;
    if (db === 5) full = (front || input.shieldWall) && !input.wielderMoving && !input.lobbed;
    else full = !input.lobbed;
    if (full) level = 5;
    else if (loc === null) level = 4;
    else level = Math.max(4, LEVEL[SPECIFIC[4][loc] ?? "none"]);
  }
  // flails lower the cover one level a point
  level = Math.max(0, level + input.flailPenalty);
  return level;
}

export function bruteForce(input: AttackInput): BruteResult | "untargetable" {
  const mode = input.mode;
  const aimed = input.location === "random" ? null : input.location;
  let db = input.edition === 3 ? Math.max(0, input.db - 1) : input.db;
  if (input.hunkered) db += 2;
  let locPen = aimed ? LOC_PENALTY[aimed] : 0;
  if (mode === "db" && db > 0 && (aimed === "arm-shield" || aimed === "hand-shield")) locPen *= 2;
  let coverPen = 0;
  let fullCover = false;
  if (mode === "abstract") {
    const l = coverOf(input, null);
    if (l === 5) fullCover = true;
    else coverPen = l;
  }
  if (mode === "random" && coverOf(input, null) === 5) fullCover = true;
  if (mode === "specific" && aimed) {
    const l = coverOf(input, aimed);
    if (l === 5) return "untargetable";
    coverPen = l;
  }
  const eff = input.skill + locPen - coverPen;

  let defTarget = input.defense.value;
  if (mode === "db" && (input.hex === "front" || input.hex === "shield-side")) defTarget += db;
  if (input.defense.kind === "block") defTarget += input.flailPenalty;
  // out of 216
  let defends = 0;
  for (const t of THROWS) if (t <= 4 || (t <= 16 && t <= defTarget)) defends++;
  const hasDefence = input.defense.kind !== "none";

  const r: BruteResult = { criticalHit: 0n, hit: 0n, shield: 0n, defended: 0n, miss: 0n, criticalMiss: 0n, byLocation: {} };
  const per = 216n * 36n * 216n; // weight of one attack throw

  // after a success: every location throw × hand die × cover die; weights out of 216·36·216
  const after = (crit: boolean) => {
    const a: BruteResult = { criticalHit: 0n, hit: 0n, shield: 0n, defended: 0n, miss: 0n, criticalMiss: 0n, byLocation: {} };
    for (const lt of THROWS) {
      for (let hand = 1; hand <= 6; hand++) {
        for (let coverDie = 1; coverDie <= 6; coverDie++) {
          let loc = aimed ?? TABLE[lt];
          if (loc === "hand") loc = hand <= 3 ? "hand-weapon" : "hand-shield";
          let shield = false;
          if (fullCover) shield = true;
          else if (mode === "random") shield = coverDie <= (coverOf(input, null) === 0 ? 0 : coverOf(input, null) + 1);
          else if (mode === "specific" && !aimed) {
            const l = coverOf(input, loc);
            shield = l === 5 || (l > 0 && coverDie <= l + 1);
          }
          if (shield) {
            a.shield += 216n;
            continue;
          }
          let landed: bigint;
          if (crit) {
            a.criticalHit += 216n;
            landed = 216n;
          } else if (!hasDefence) {
            a.hit += 216n;
            landed = 216n;
          } else {
            a.defended += BigInt(defends);
            a.hit += BigInt(216 - defends);
            landed = BigInt(216 - defends);
          }
          a.byLocation[loc] = (a.byLocation[loc] ?? 0n) + landed;
        }
      }
    }
    return a;
  };
  const afterCrit = after(true);
  const afterHit = after(false);

  for (const t of THROWS) {
    const critSuccess = t <= 4 || (t === 5 && eff >= 15) || (t === 6 && eff >= 16);
    const critFail = !critSuccess && (t === 18 || (t === 17 && eff <= 15) || t >= eff + 10);
    const success = critSuccess || (!critFail && t <= 16 && t <= eff);
    if (critFail) r.criticalMiss += per;
    else if (!success) {
      if (coverPen > 0 && t <= 16 && t <= eff + coverPen) r.shield += per;
      else r.miss += per;
    } else {
      const a = critSuccess ? afterCrit : afterHit;
      r.criticalHit += a.criticalHit;
      r.hit += a.hit;
      r.shield += a.shield;
      r.defended += a.defended;
      for (const [k, v] of Object.entries(a.byLocation)) r.byLocation[k] = (r.byLocation[k] ?? 0n) + v;
    }
  }
  return r;
}
