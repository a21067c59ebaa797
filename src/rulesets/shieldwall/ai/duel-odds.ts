/**
 * Personal-combat odds for the commander's challenges: the chance of each outcome for every pair
 * of fighter profiles, read from a table measured once offline (scripts/duel-odds-table.ts,
 * `npm run duel:odds`), so a battle decision costs a look-up. The duel has hidden hands and no
 * exact solution here, so the table is Monte Carlo: its sample size is in each row (standard error
 * at most 0.5/√duels, about 0.6 points at 6,000 duels).
 */
import type { Fighter, FighterKind } from "../duel/rules.js";
import { DUEL_ODDS_TABLE } from "./duel-odds-table.js";

/** The fighter profiles that differ in a duel (seed "Personal Combat", "Special Weapon", "Champions"). */
export type DuelProfile = "leader" | "leader-weapon" | "heroic-champion" | "champion";
export const DUEL_PROFILES: readonly DuelProfile[] = ["leader", "leader-weapon", "heroic-champion", "champion"];

export function profileOf(kind: FighterKind, specialWeapon: boolean): DuelProfile {
  return kind === "leader" ? (specialWeapon ? "leader-weapon" : "leader") : kind;
}

export function profileFighter(p: DuelProfile): Fighter {
  return p === "leader-weapon" ? { kind: "leader", specialWeapon: true } : { kind: p, specialWeapon: false };
}

/** Chances for the first fighter: kill his opponent, be killed, both killed, honour satisfied with 2+ wounds on him / on his opponent. */
export interface DuelChances {
  win: number;
  lose: number;
  mutual: number;
  honourMine2: number;
  honourTheirs2: number;
  /** Duels behind the figures. */
  duels: number;
}

/** The measured chances of `mine` against `theirs`. */
export function duelChances(mine: DuelProfile, theirs: DuelProfile): DuelChances {
  const r = DUEL_ODDS_TABLE[`${mine}/${theirs}`];
  if (!r) throw new RangeError(`no duel odds for ${mine} against ${theirs}: run npm run duel:odds`);
  const n = r.duels;
  return { win: r.win / n, lose: r.lose / n, mutual: r.mutual / n, honourMine2: r.honourMine2 / n, honourTheirs2: r.honourTheirs2 / n, duels: n };
}
