/**
 * Commander profiles (ruling CC-3, *house*: the text names the stats but prints none): Might,
 * Shooting (Shoot), Agility (Evade, Take Cover), Fighting (melee), a mount and a ranged weapon.
 */
import { z } from "zod";
import { freeText, nameText } from "../../core/input-limits.js";

/** New movement rates (seed "Modifications to Hail Caesar"): one move, in inches. */
export const MOUNT_MOVE = { foot: 6, horse: 12, chariot: 9 } as const;
export type Mount = keyof typeof MOUNT_MOVE;

/** House default ranges in inches (ruling CC-3): a profile may give its own `range`. */
export const WEAPON_RANGE = { javelin: 6, sling: 12, bow: 18, crossbow: 18 } as const;
export type WeaponType = keyof typeof WEAPON_RANGE;

export type Stat = "shooting" | "agility" | "fighting";
export const STATS: readonly Stat[] = ["shooting", "agility", "fighting"];

const statValue = (what: string) =>
  z.number({ error: `${what} must be a number` }).int(`${what} must be a whole number of dice`).min(0, `${what} must be 0 or more`).max(20, `${what} must be at most 20`);

export const weaponSchema = z.strictObject({
  type: z.enum(["javelin", "sling", "bow", "crossbow", "other"], { error: "weapon type must be javelin, sling, bow, crossbow or other" }),
  range: z.number().int("range must be a whole number of inches").min(1, "range must be at least 1 inch").max(48, "range must be at most 48 inches").optional(),
  name: nameText().optional(),
});

export const profileSchema = z
  .strictObject({
    id: nameText().regex(/^[a-z0-9][a-z0-9-]*$/, "id must be lower-case letters, digits and hyphens"),
    name: nameText().min(1, "name must not be empty"),
    might: z.number().int("might must be a whole number").min(1, "might must be at least 1").max(12, "might must be at most 12"),
    shooting: statValue("shooting"),
    agility: statValue("agility"),
    fighting: statValue("fighting"),
    mount: z.enum(["foot", "horse", "chariot"], { error: "mount must be foot, horse or chariot" }),
    weapon: weaponSchema.nullable().default(null),
    notes: freeText().optional(),
  })
  .refine((p) => p.weapon === null || p.weapon.type !== "other" || p.weapon.range !== undefined, {
    message: 'a weapon of type "other" needs a range',
    path: ["weapon", "range"],
  });

export type Profile = z.output<typeof profileSchema>;

export const profilesFileSchema = z
  .strictObject({
    house: z.boolean().optional(),
    note: freeText().optional(),
    profiles: z.array(profileSchema).min(1, "the file must list at least one profile"),
  })
  .refine((f) => new Set(f.profiles.map((p) => p.id)).size === f.profiles.length, { message: "profile ids must be unique", path: ["profiles"] });

export type ProfilesFile = z.output<typeof profilesFileSchema>;

/** One move of this commander, in inches (seed movement table). */
export function moveRate(p: Profile): number {
  return MOUNT_MOVE[p.mount];
}

/** The ranged weapon's range in inches, or null without a ranged weapon (ruling CC-3). */
export function weaponRange(p: Profile): number | null {
  if (!p.weapon) return null;
  if (p.weapon.range !== undefined) return p.weapon.range;
  return p.weapon.type === "other" ? null : WEAPON_RANGE[p.weapon.type];
}

/** A tested stat with assisting commanders: +1 each (seed "The duel", ruling CC-3). */
export function testedStat(p: Profile, stat: Stat, assistants: number): number {
  return p[stat] + assistants; // ruling CC-3: +1 per assisting commander
}
