/**
 * Why an event kind does not fire in the battles of `npm run events:table` (docs/shieldwall/battle.md,
 * "How often each event fires"): every kind whose count there is zero needs a reason here (a test
 * checks it), so a rule that silently stopped firing shows up as a zero without one.
 */
import type { BattleEventKind } from "../src/rulesets/shieldwall/battle/event-kinds.js";

export const ZERO_REASONS: Partial<Record<BattleEventKind, string>> = {};
