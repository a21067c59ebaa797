/**
 * The 4th-edition hit-location table (Basic Set): a 3d6 random location, or an aimed location
 * at its hit penalty. The wielder is right-handed by default (shield on the left arm); the
 * option `shieldArm` changes that.
 */

export const LOCATIONS = ["skull", "face", "neck", "torso", "vitals", "groin", "arm-weapon", "arm-shield", "hand-weapon", "hand-shield", "leg", "foot"] as const;
export type Location = (typeof LOCATIONS)[number];

/** Locations a random (3d6) hit can land on: every location but the vitals, which must be aimed at. */
export const RANDOM_LOCATIONS: readonly Location[] = LOCATIONS.filter((l) => l !== "vitals");

export type ShieldArm = "left" | "right";

/** Hit penalty for aiming at a location (Basic Set hit-location table). */
const PENALTY: Record<Location, number> = {
  skull: -7,
  face: -5,
  neck: -5,
  torso: 0,
  vitals: -3,
  groin: -3,
  "arm-weapon": -2,
  "arm-shield": -2,
  "hand-weapon": -4,
  "hand-shield": -4,
  leg: -2,
  foot: -4,
};

/**
 * The hit penalty to aim at `loc`. `doubledForShield`: the Basic Set doubles the penalty to hit
 * the arm and hand holding a shield (−4 shield arm, −8 shield hand).
 */
export function locationPenalty(loc: Location, doubledForShield: boolean): number {
  const p = PENALTY[loc];
  return doubledForShield && (loc === "arm-shield" || loc === "hand-shield") ? 2 * p : p;
}

/**
 * The random hit-location roll: 3–4 skull, 5 face, 6–7 right leg, 8 right arm, 9–10 torso,
 * 11 groin, 12 left arm, 13–14 left leg, 15 hand (roll 1d6 for which), 16 foot, 17–18 neck.
 * Returns "hand" when the 1d6 hand roll is still needed.
 */
export function randomLocation(roll: number, shieldArm: ShieldArm): Location | "hand" {
  if (roll <= 4) return "skull";
  if (roll === 5) return "face";
  if (roll <= 7 || roll === 13 || roll === 14) return "leg";
  if (roll === 8) return shieldArm === "right" ? "arm-shield" : "arm-weapon";
  if (roll <= 10) return "torso";
  if (roll === 11) return "groin";
  if (roll === 12) return shieldArm === "left" ? "arm-shield" : "arm-weapon";
  if (roll === 15) return "hand";
  if (roll === 16) return "foot";
  return "neck";
}

/** Which hand a random roll of 15 struck: 1d6, 1–3 the right hand, 4–6 the left. */
export function randomHand(die: number, shieldArm: ShieldArm): Location {
  const right = die <= 3;
  return right === (shieldArm === "right") ? "hand-shield" : "hand-weapon";
}
