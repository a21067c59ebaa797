/**
 * The shape of one kind of decision (deploy, initiative, holy call, …): its enumerated options, any
 * check beyond them, its effect and its description, kept together in the phase the decision
 * belongs to. loop.ts gathers them into {@link DecisionTable}; game.ts runs the table generically.
 */
import type { Side } from "../army.js";
import type { Ctx } from "./ctx.js";
import type { BattleDecision, Pending } from "./types.js";

/** The kinds of decision: each pending kind is answered by the decision of the same type. */
export type DecisionKindName = Pending["kind"] & BattleDecision["type"];
/** The pending decision of kind `K`. */
export type PendingOf<K extends DecisionKindName> = Extract<Pending, { kind: K }>;
/** The decision that answers a pending decision of kind `K`. */
export type DecisionOf<K extends DecisionKindName> = Extract<BattleDecision, { type: K }>;

export interface DecisionKind<K extends DecisionKindName> {
  /** The enumerated choices (worked out once per state by game.ts; random players pick by index). */
  options(ctx: Ctx, p: PendingOf<K>): DecisionOf<K>[];
  /**
   * Why a decision that is not one of the enumerated choices is illegal (null: legal); undefined
   * or absent: the enumerated choices decide (compared by canonical JSON). `ctx` is read-only.
   */
  problem?(ctx: Ctx, p: PendingOf<K>, d: DecisionOf<K>): string | null | undefined;
  /**
   * True when `problem` alone decides every decision of the kind (the enumerated choices are a
   * sample of the legal ones): a decision is then validated without enumerating them.
   */
  problemDecides?: boolean;
  /** The decision's effect, before the engine runs on to the next decision; `side` decided. */
  apply(ctx: Ctx, p: PendingOf<K>, d: DecisionOf<K>, side: Side): void;
  /** The decision in a few words. */
  describe(d: DecisionOf<K>): string;
}

/** Every kind of decision, keyed by its pending kind. */
export type DecisionTable = { [K in DecisionKindName]: DecisionKind<K> };

/** Is `d` the decision that answers a pending decision of kind `kind`? */
export function isDecisionOf<K extends DecisionKindName>(d: BattleDecision, kind: K): d is DecisionOf<K> {
  return d.type === kind;
}
