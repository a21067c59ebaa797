/**
 * GURPS success rolls (ruling GC-1): 3d6 against effective skill, with the Basic Set's critical
 * successes and failures, and the defence roll (ruling GC-3a).
 */

export type SuccessResult = "criticalSuccess" | "success" | "failure" | "criticalFailure";

/** Ways to roll each total on 3d6, indexed by total (0..18); computed once. */
export const WAYS_3D6: readonly number[] = (() => {
  const ways = new Array<number>(19).fill(0);
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ways[a + b + c]++;
  return ways;
})();

/** The totals 3..18 with their number of ways out of 216, for exact enumeration. */
export const TOTALS_3D6: readonly (readonly [total: number, ways: number])[] = WAYS_3D6.map((w, t) => [t, w] as const).filter(([, w]) => w > 0);

/** The faces 1..6 of a d6, one way each. */
export const FACES_D6: readonly (readonly [face: number, ways: number])[] = [1, 2, 3, 4, 5, 6].map((f) => [f, 1] as const);

/**
 * Ruling GC-1: 3d6 ≤ effective skill succeeds. 3–4 are always critical successes, 5 is one at
 * effective skill 15+, 6 at 16+. 17 and 18 always fail; 18 is always a critical failure, 17 at
 * effective skill 15 or less, and so is any roll 10 or more over effective skill.
 */
export function successRoll(effectiveSkill: number, roll: number): SuccessResult {
  if (roll <= 4) return "criticalSuccess";
  if (roll === 5 && effectiveSkill >= 15) return "criticalSuccess";
  if (roll === 6 && effectiveSkill >= 16) return "criticalSuccess";
  if (roll === 18) return "criticalFailure";
  if (roll === 17) return effectiveSkill <= 15 ? "criticalFailure" : "failure";
  if (roll >= effectiveSkill + 10) return "criticalFailure";
  return roll <= effectiveSkill ? "success" : "failure";
}

export function isSuccess(r: SuccessResult): boolean {
  return r === "success" || r === "criticalSuccess";
}

/** Ruling GC-3a: a defence roll of 3–4 always defends, 17–18 never does; otherwise roll ≤ defence. */
export function defenceRoll(defence: number, roll: number): boolean {
  if (roll <= 4) return true;
  if (roll >= 17) return false;
  return roll <= defence;
}
