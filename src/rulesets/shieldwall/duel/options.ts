/**
 * The Shieldwall duel's declared options (a new file beside the duel, so the duel's own file
 * only names it): the two fighters and the house options, as JSON with errors naming the field.
 */
import { z } from "zod";
import type { GameOptionsSpec } from "../../../core/game.js";
import type { Fighter, PersonalCombatOptions } from "./rules.js";

/** The duel's setup (the same shape as duel/game.ts ShieldwallDuelSetup, named here so this file imports nothing back from the game). */
interface DuelSetup {
  a: Fighter & { wounds?: number };
  b: Fighter & { wounds?: number };
  options?: Partial<PersonalCombatOptions>;
}

const fighterSchema = z.strictObject({
  kind: z.enum(["leader", "heroic-champion", "champion"], { error: "kind must be leader, heroic-champion or champion" }),
  specialWeapon: z.boolean(),
  wounds: z.number().int("wounds must be a whole number").min(0).max(2, "wounds must be 0, 1 or 2 (3 wounds kill)").optional(),
});

/** The duel's setup as JSON (special weapons: only a leader, SW-6 — checked when the duel is dealt). */
export const shieldwallDuelOptionsSchema: z.ZodType<DuelSetup> = z.strictObject({
  a: fighterSchema,
  b: fighterSchema,
  options: z
    .strictObject({
      mutualKill: z.enum(["both-lose", "no-winner"]),
      unpaidAcceptance: z.enum(["refusal-roll", "challenge-lapses"]),
      duelJokers: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    })
    .partial()
    .optional(),
});

export const shieldwallDuelOptions: GameOptionsSpec<DuelSetup> = {
  schema: shieldwallDuelOptionsSchema,
  defaults: () => ({ a: { kind: "leader", specialWeapon: false }, b: { kind: "leader", specialWeapon: false } }),
  describe: {
    a: "fighter a: kind (leader, heroic-champion, champion), specialWeapon, wounds already taken (default: a leader)",
    b: "fighter b, as a (default: a leader)",
    options: "house options: mutualKill (both-lose), unpaidAcceptance (refusal-roll), duelJokers (2)",
  },
};
