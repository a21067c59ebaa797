/**
 * Game records: reading and verifying a record of any game, the one implementation behind
 * `muster replay` and `muster shove replay` (one verdict, one exit-code convention).
 */
import { z } from "zod";
import { type CheckedRecord, findGame, registeredGameIds, verifyRecord } from "../core/records.js";
import { canonicalJson } from "../core/hash.js";
import { CheckFailedError, InputError } from "./errors.js";
import { ALL_GAMES } from "../rulesets/index.js";
import { describeIssues, parseJson, readText, validate } from "./input.js";

const hex = z.string().regex(/^[0-9a-f]{16}$/, "must be a 16-digit hex state hash");
const recordSchema = z.object({
  game: z.string({ error: "game must be a game id (text)" }),
  format: z.literal(1, { error: "format must be 1" }),
  options: z.unknown().refine((v) => v !== undefined, "options are missing"),
  seed: z.number({ error: "seed must be a number" }).refine(Number.isSafeInteger, "seed must be a whole number"),
  decisions: z.array(
    z.object({
      player: z.string({ error: "player must be a side name (text)" }),
      move: z.unknown().refine((v) => v !== undefined, "move is missing"),
    }),
    { error: "decisions must be a list" },
  ),
  finalHash: hex,
  checkpoints: z.array(hex).optional(),
  result: z.unknown().optional(),
});

function describeDecision(record: CheckedRecord, index: number): string {
  const d = record.decisions[index];
  const move = typeof d.move === "string" ? d.move : JSON.stringify(d.move);
  return `${d.player}: ${move}`;
}

/**
 * Reads and verifies a record of any game (`muster replay`, `muster shove replay`: one
 * implementation, one verdict). A bad file or options the game's declared schema refuses is an
 * {@link InputError} (exit 2) naming the field; a divergence, including a recorded result that
 * the replay does not reach, is a {@link CheckFailedError} (exit 1) naming the decision or field.
 * `only` restricts the record to one game.
 */
export function verifyRecordFile(file: string, only?: string) {
  const label = file === "-" ? "standard input" : file;
  const data = parseJson(readText(file), label);
  const named = data !== null && typeof data === "object" ? (data as { game?: unknown }).game : undefined;
  if (only !== undefined && named !== only) throw new InputError(`${label}: field game: game must be "${only}", got ${JSON.stringify(named) ?? "nothing"}`, "game");
  // The game and its options first (what the record is of), then the rest of the record.
  validate(recordSchema.pick({ game: true, options: true }), data, label);
  const id = named as string;
  const game = findGame(id) ?? ALL_GAMES.find((g) => g.id === id);
  const known = [...new Set([...registeredGameIds(), ...ALL_GAMES.map((g) => g.id)])];
  if (!game) throw new InputError(`${label}: field game: unknown game "${id}"; known games: ${known.join(", ")}`, "game");
  const options = game.options.schema.safeParse((data as { options: unknown }).options);
  if (!options.success) {
    const problems = describeIssues(options.error.issues, (data as { options: unknown }).options, game.options.schema as z.ZodType).map((p) => ({ field: p.field === "(top level)" ? "options" : `options${p.field.startsWith("[") ? "" : "."}${p.field}`, message: p.message }));
    const more = problems.slice(1).map((p) => `; field ${p.field}: ${p.message}`).join("");
    throw new InputError(`${label}: field ${problems[0].field}: ${problems[0].message} (an option of ${id})${more}`, problems[0].field);
  }
  const record = validate(recordSchema, data, label) as CheckedRecord;
  try {
    game.setup(record.options, record.seed);
  } catch (err) {
    throw new InputError(`${label}: field options: refused by ${record.game}: ${(err as Error).message}`, "options");
  }
  const v = verifyRecord(game, record);
  if (!v.ok) {
    if (v.index !== null) throw new CheckFailedError(`${label}: the replay diverges at decision ${v.index} (${describeDecision(record, v.index)}): ${v.reason}`);
    const n = record.decisions.length;
    throw new CheckFailedError(
      `${label}: the replay diverges: ${v.reason}${v.kind === "final-hash" && n > 0 ? `, after all ${n} decisions (last: decision ${n - 1}, ${describeDecision(record, n - 1)}; the record has no checkpoints to find the first difference)` : ""}`,
    );
  }
  const result = game.result(v.state);
  if (record.result !== undefined && canonicalJson(record.result) !== canonicalJson(result)) {
    throw new CheckFailedError(`${label}: field result: the record says ${JSON.stringify(record.result)}, the replay ends with ${JSON.stringify(result)}`);
  }
  return { record, verification: v, result };
}

