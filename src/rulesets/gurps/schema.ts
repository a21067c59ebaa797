/** The input of `muster odds gurps-cover`, `muster gurps compare` and `muster gurps attack` (docs/gurps.md). */
import { z } from "zod";
import { type AttackInput, DEFAULT_OPTIONS, exampleAttack, MODES } from "./attack.js";
import { HEXES } from "./cover.js";
import { LOCATIONS } from "./locations.js";

function int(min: number, max: number, what: string) {
  const error = `must be a whole number from ${min} to ${max} (${what})`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T, what: string) {
  return z.enum(values, { error: `must be one of ${values.map((v) => `"${v}"`).join(", ")} (${what})` });
}

function flag(what: string) {
  return z.boolean({ error: `must be true or false (${what})` }).default(false);
}

const locations = ["random", ...LOCATIONS] as const;

const optionsSchema = z.strictObject(
  {
    shieldArm: oneOf(["left", "right"] as const, "the arm holding the shield; default left").default(DEFAULT_OPTIONS.shieldArm),
    buckler: flag("GC-4: a buckler fully covers the shield hand at DB 1").default(DEFAULT_OPTIONS.buckler),
    lobbedBreaksLargeShieldCover: flag("GC-5 decision: a lobbed attack leaves DB 6+ cover excellent, not full").default(DEFAULT_OPTIONS.lobbedBreaksLargeShieldCover),
    flailReducesFullCover: flag("GC-6 decision: a flail lowers full cover too").default(DEFAULT_OPTIONS.flailReducesFullCover),
    doubleShieldLimbPenaltyUnderCover: flag("decision: keep the doubled shield arm/hand penalty under cover").default(DEFAULT_OPTIONS.doubleShieldLimbPenaltyUnderCover),
  },
  { error: (iss) => (iss.code === "unrecognized_keys" ? `unknown option ${iss.keys.map((k) => `"${k}"`).join(", ")} (see docs/gurps.md)` : "must be an object of options (see docs/gurps.md)") },
);

const defenseSchema = z.strictObject(
  {
    kind: oneOf(["none", "dodge", "parry", "block"] as const, "the defender's active defence"),
    value: int(-20, 40, "the defence score without DB or the flail's Block penalty").optional(),
  },
  { error: (iss) => (iss.code === "unrecognized_keys" ? `unknown field ${iss.keys.map((k) => `"${k}"`).join(", ")}; a defense has kind and value` : 'must be an object like { "kind": "block", "value": 11 }') },
);

function attackObject(modeRequired: boolean) {
  const mode = oneOf(MODES as unknown as readonly ["db", "abstract", "random", "specific"], "the treatment of the shield: GC-2, GC-3, GC-4");
  return z.strictObject(
    {
      skill: int(-20, 50, "the attacker's skill before penalties, GC-1"),
      db: int(0, 12, "the shield's DB; its PD in 3rd edition, GC-6"),
      mode: modeRequired ? mode : mode.optional(),
      location: oneOf(locations, 'the aimed hit location, or "random"').default("random"),
      hex: oneOf(HEXES as unknown as readonly ["front", "shield-side", "weapon-side", "side", "rear"], "the hex the attack comes from, GC-5").default("front"),
      flailPenalty: int(-10, 0, "the flail's Block penalty, 0 or negative such as -2, GC-6").default(0),
      wielderMoving: flag("GC-5"),
      lobbed: flag("GC-5"),
      hunkered: flag("GC-5"),
      shieldWall: flag("shield-wall training in close formation, GC-5"),
      edition: z.union([z.literal(3), z.literal(4)], { error: "must be 3 or 4 (the GURPS edition; in 3 the db field is the shield's PD, GC-6)" }).default(4),
      defense: defenseSchema.default({ kind: "none" }),
      options: optionsSchema.default({ ...DEFAULT_OPTIONS }),
    },
    { error: (iss) => (iss.code === "unrecognized_keys" ? `unknown field ${iss.keys.map((k) => `"${k}"`).join(", ")} (see docs/gurps.md)` : "must be a JSON object (see docs/gurps.md)") },
  ).superRefine((v, ctx) => {
    if (v.defense.kind !== "none" && v.defense.value === undefined) {
      ctx.addIssue({ code: "custom", path: ["defense", "value"], message: `is required for a ${v.defense.kind} (the defence score without DB)` });
    }
    if (v.hunkered && v.defense.kind !== "none") {
      ctx.addIssue({ code: "custom", path: ["defense", "kind"], message: `must be "none" when hunkered: a defender hunkered down makes no active defence (rule GC-5)` });
    }
  });
}

/** Input of `odds gurps-cover` and `gurps attack`: `mode` is required. */
export const attackSchema = attackObject(true).transform(toAttackInput);
/** Input of `gurps compare`: `mode` may be given but every treatment is shown. */
export const compareSchema = attackObject(false).transform((v) => toAttackInput({ ...v, mode: v.mode ?? "db" }));

type Parsed = z.output<ReturnType<typeof attackObject>>;

function toAttackInput(v: Parsed): AttackInput {
  return {
    skill: v.skill,
    db: v.db,
    mode: v.mode ?? "db",
    location: v.location,
    hex: v.hex,
    flailPenalty: v.flailPenalty,
    wielderMoving: v.wielderMoving,
    lobbed: v.lobbed,
    hunkered: v.hunkered,
    shieldWall: v.shieldWall,
    edition: v.edition,
    defense: { kind: v.defense.kind, value: v.defense.value ?? 0 },
    options: { ...v.options },
  };
}

/** The example input shown by --example: the example attack, without the options object. */
export const EXAMPLE_INPUT = (({ options: _options, ...fields }: AttackInput) => fields)(exampleAttack());
