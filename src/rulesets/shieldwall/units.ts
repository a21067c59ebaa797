/**
 * Shieldwall unit and leader state, and the two mechanics everything else leans on: disorder
 * points (DPs, ruling SW-12) and aggression levels (ruling SW-13). Plain data and pure functions.
 */

export type Grade = "A" | "B" | "C" | "D";
/** Dice per engaged stand (seed "Unit Experience and Strength levels", ruling SW-5). */
export const STRENGTH: Record<Grade, number> = { A: 6, B: 4, C: 2, D: 1 };
/** Grade order A > B > C > D (ruling SW-14): larger is better. */
export const GRADE_RANK: Record<Grade, number> = { A: 4, B: 3, C: 2, D: 1 };

/** Aggression levels low to high (ruling SW-13). */
export const AGGRESSION_LEVELS = ["shaken", "present", "ready", "bloodlust"] as const;
export type Aggression = (typeof AGGRESSION_LEVELS)[number];
export const AGGRESSION_NAME: Record<Aggression, string> = {
  shaken: "Shaken",
  present: "Present",
  ready: "Ready for Battle",
  bloodlust: "Blood Lust",
};

export function aggressionIndex(a: Aggression): number {
  return AGGRESSION_LEVELS.indexOf(a);
}

/** The kinds of disorder point (ruling SW-12). */
export const DP_KINDS = ["fatigue", "manoeuvre", "shooting", "combat", "morale"] as const;
export type DpKind = (typeof DP_KINDS)[number];
export type DpCounts = Record<DpKind, number>;

/** Kinds that turn into an aggression drop once a unit has 4 or more DPs (ruling SW-12). */
export const OVERFLOW_KINDS: readonly DpKind[] = ["shooting", "combat", "morale"];
export const DP_OVERFLOW_AT = 4;

export type UnitKind = "retinue" | "band";
export type UnitStatus = "active" | "broken" | "destroyed" | "surrendered" | "left-table";

export type SupernumeraryKind = "camp-followers" | "holy-person" | "heroic-champion" | "battle-standard" | "special-weapon";

export interface UnitState {
  id: string;
  name: string;
  kind: UnitKind;
  grade: Grade;
  /** Contingent id. */
  contingent: string;
  stands: number;
  aggression: Aggression;
  dp: DpCounts;
  formed: boolean;
  inCombat: boolean;
  status: UnitStatus;
  /** Supernumeraries attached to this unit (camp followers, holy person, champion, standard). */
  attachments: SupernumeraryKind[];
}

export type LeaderStatus = "alive" | "killed" | "captured";

export interface LeaderState {
  id: string;
  name: string;
  contingent: string;
  /** The unit the leader stands with: his retinue, or the unit he escaped to. */
  unit: string;
  /** LP value: the allowance each turn (ruling SW-7). 0 kills the leader. */
  lpValue: number;
  /** LPs spent this turn; refreshes each turn (ruling SW-7). */
  lpSpent: number;
  wounds: number;
  status: LeaderStatus;
  commanderInChief: boolean;
  exceptional: boolean;
  specialWeapon: boolean;
  /** Has this leader signalled the advance? */
  signalled: boolean;
}

/**
 * A leader on his own (alive, nothing spent this turn), for calculators, table-side rolls and
 * tests; any field may be given.
 */
export function probeLeader(fields: Partial<LeaderState> = {}): LeaderState {
  return {
    id: "leader",
    name: "the leader",
    contingent: "c",
    unit: "r",
    lpValue: 3,
    lpSpent: 0,
    wounds: 0,
    status: "alive",
    commanderInChief: false,
    exceptional: false,
    specialWeapon: false,
    signalled: false,
    ...fields,
  };
}

export function emptyDp(): DpCounts {
  return { fatigue: 0, manoeuvre: 0, shooting: 0, combat: 0, morale: 0 };
}

export function totalDp(unit: Pick<UnitState, "dp">): number {
  let n = 0;
  for (const k of DP_KINDS) n += unit.dp[k];
  return n;
}

/** Result of a state change, with readable notes for the log. */
export interface Changed<T> {
  value: T;
  notes: string[];
}

/**
 * Drops aggression `levels` times (ruling SW-13): a Shaken unit that must drop again loses one
 * stand instead and stays Shaken; a unit left with no stands is destroyed.
 */
export function dropAggression(unit: UnitState, levels = 1): Changed<UnitState> {
  let u = unit;
  const notes: string[] = [];
  for (let i = 0; i < levels && u.status === "active"; i++) {
    if (u.aggression === "shaken") {
      const stands = u.stands - 1;
      u = { ...u, stands, status: stands <= 0 ? "destroyed" : u.status };
      notes.push(stands <= 0 ? `${u.name} loses its last stand and is destroyed` : `${u.name} is Shaken and loses a stand (${stands} left)`);
    } else {
      const next = AGGRESSION_LEVELS[aggressionIndex(u.aggression) - 1];
      u = { ...u, aggression: next };
      notes.push(`${u.name} drops to ${AGGRESSION_NAME[next]}`);
    }
  }
  return { value: u, notes };
}

/** Raises aggression; raising Blood Lust does nothing (ruling SW-13). */
export function raiseAggression(unit: UnitState, levels = 1): Changed<UnitState> {
  const from = aggressionIndex(unit.aggression);
  const to = Math.min(AGGRESSION_LEVELS.length - 1, from + levels);
  if (to === from) return { value: unit, notes: levels > 0 ? [`${unit.name} is already at ${AGGRESSION_NAME[unit.aggression]}`] : [] };
  const next = AGGRESSION_LEVELS[to];
  return { value: { ...unit, aggression: next }, notes: [`${unit.name} rises to ${AGGRESSION_NAME[next]}`] };
}

/**
 * Adds `count` DPs of one kind (ruling SW-12): with 4 or more DPs already, a shooting, combat or
 * morale DP drops one aggression level instead; fatigue and manoeuvre DPs are always added.
 */
export function addDisorder(unit: UnitState, kind: DpKind, count = 1): Changed<UnitState> {
  let u = unit;
  const notes: string[] = [];
  for (let i = 0; i < count && u.status === "active"; i++) {
    if (OVERFLOW_KINDS.includes(kind) && totalDp(u) >= DP_OVERFLOW_AT) {
      const dropped = dropAggression(u, 1);
      u = dropped.value;
      notes.push(`${u.name} already has ${totalDp(u)} DPs: the ${kind} DP becomes an aggression drop`, ...dropped.notes);
    } else {
      u = { ...u, dp: { ...u.dp, [kind]: u.dp[kind] + 1 } };
      notes.push(`${u.name} takes 1 ${kind} DP (${totalDp(u)})`);
    }
  }
  return { value: u, notes };
}

/** Order in which DPs are taken away when a unit recovers: the kind it holds most of first. */
export function removeDisorder(unit: UnitState, count = 1): Changed<UnitState> {
  let u = unit;
  let removed = 0;
  for (let i = 0; i < count && totalDp(u) > 0; i++) {
    const kind = DP_KINDS.reduce((best, k) => (u.dp[k] > u.dp[best] ? k : best), DP_KINDS[0]);
    u = { ...u, dp: { ...u.dp, [kind]: u.dp[kind] - 1 } };
    removed++;
  }
  return { value: u, notes: removed > 0 ? [`${u.name} removes ${removed} DP (${totalDp(u)} left)`] : [`${u.name} has no DPs to remove`] };
}

export function isActive(unit: Pick<UnitState, "status">): boolean {
  return unit.status === "active";
}
