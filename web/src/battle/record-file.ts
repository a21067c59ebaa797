/**
 * A battle record file read back (src/core/records.ts format, as "Save record" and `muster battle
 * --out` write it): its fields checked, its options by the game's own schema, then verified by
 * replaying it (`verifyRecord`: every decision legal, the final state hash reproduced). Runs in the
 * worker and in Node tests; the error names the field, as the command line's does.
 */
import type { GameEvent, GameRecord } from "../../../src/core/game.js";
import { describeIssues } from "../../../src/core/issues.js";
import { verifyRecord } from "../../../src/core/records.js";
import { type BattleDecision, type BattleSetup, type BattleState, battleGame, describeDecision } from "../../../src/rulesets/shieldwall/battle/index.js";

export type BattleRecord = GameRecord<BattleDecision, BattleSetup>;

export interface VerifiedRecord {
  record: BattleRecord;
  hash: string;
}

/** The record, checked and verified, or the reason it is refused (naming the field, or the decision where the replay diverges). */
export function checkBattleRecord(data: unknown): VerifiedRecord | { error: string } {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { error: "a record is a JSON object" };
  const r = data as Partial<BattleRecord>;
  if (r.game !== battleGame.id) return { error: `field game: this is a record of ${JSON.stringify(r.game) ?? "nothing"}, not of "${battleGame.id}"` };
  if (r.format !== 1) return { error: `field format: must be 1, got ${JSON.stringify(r.format) ?? "nothing"}` };
  if (!Number.isSafeInteger(r.seed)) return { error: "field seed: must be a whole number" };
  if (!Array.isArray(r.decisions)) return { error: "field decisions: must be a list" };
  for (let i = 0; i < r.decisions.length; i++) {
    const d = r.decisions[i] as Partial<BattleRecord["decisions"][number]> | null;
    if (!d || (d.player !== "red" && d.player !== "black") || typeof d.move !== "object" || d.move === null) return { error: `field decisions[${i}]: must be {player: "red" | "black", move: {…}}` };
  }
  if (typeof r.finalHash !== "string") return { error: "field finalHash: must be a string" };
  const opts = battleGame.options.schema.safeParse(r.options);
  if (!opts.success) {
    const p = describeIssues(opts.error.issues, r.options)[0];
    return { error: `field options${p.field === "(top level)" ? "" : `.${p.field}`}: ${p.message}` };
  }
  const record: BattleRecord = { ...(r as BattleRecord), options: opts.data as BattleSetup };
  let v: ReturnType<typeof verifyRecord<BattleState, BattleDecision, BattleSetup>>;
  try {
    v = verifyRecord(battleGame, record);
  } catch (err) {
    return { error: `field options: refused by the battle: ${(err as Error).message}` };
  }
  if (!v.ok) {
    const at = v.index !== null ? ` at decision ${v.index + 1} (${describeDecision(record.decisions[v.index].move)})` : "";
    return { error: `the record does not verify${at}: ${v.reason}` };
  }
  return { record, hash: v.hash };
}

/** Every state of a verified record (index i: after i decisions) and the events of each decision. */
export function replayStates(record: BattleRecord): { states: BattleState[]; events: GameEvent[][] } {
  let state = battleGame.setup(record.options, record.seed);
  const states = [state];
  const events: GameEvent[][] = [state.setupEvents];
  for (const d of record.decisions) {
    const a = battleGame.apply(state, d.player, d.move);
    state = a.state;
    states.push(state);
    events.push(a.events);
  }
  return { states, events };
}
