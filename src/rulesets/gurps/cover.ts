/**
 * A shield as cover: levels of cover, the effective DB (3rd edition, hunkering down), facing by
 * hex, flails, and the specific-cover table by hit location. Rulings GC-2..GC-6.
 */
import type { Location } from "./locations.js";

/** Levels of cover, weakest first (seed "Random cover"): the index is the level. */
export const COVER_LEVELS = ["none", "slight", "half", "good", "excellent", "full"] as const;
export type CoverName = (typeof COVER_LEVELS)[number];
/** 0 none, 1 slight, 2 half, 3 good, 4 excellent, 5 full. */
export type CoverLevel = 0 | 1 | 2 | 3 | 4 | 5;
export const FULL: CoverLevel = 5;
export const EXCELLENT: CoverLevel = 4;

export type Hex = "front" | "shield-side" | "weapon-side" | "side" | "rear";
export const HEXES: readonly Hex[] = ["front", "shield-side", "weapon-side", "side", "rear"];

/** Options where the seed and the rulings are silent (decisions recorded in docs/gurps.md). */
export interface CoverOptions {
  /** Specific cover, DB 1: a buckler gives full cover to the shield hand (seed's table). */
  buckler: boolean;
  /** A lobbed attack makes the full cover of a DB 6+ shield incomplete (excellent), as for DB 5. */
  lobbedBreaksLargeShieldCover: boolean;
  /** A flail's Block penalty lowers full cover too (full → excellent → …), not just partial cover. */
  flailReducesFullCover: boolean;
}

/** The cover a shield level gives as a TH penalty: slight −1, half −2, good −3, excellent −4. */
export function coverPenalty(level: CoverLevel): number {
  return level >= FULL ? Number.POSITIVE_INFINITY : level;
}

/**
 * Random cover (ruling GC-3): the chance in six that an attack strikes the cover: slight 2,
 * half 3, good 4, excellent 5, full 6 (always), none 0.
 */
export function coverChanceInSix(level: CoverLevel): number {
  return level === 0 ? 0 : level >= FULL ? 6 : level + 1;
}

/**
 * The shield's DB for these rules: in GURPS 3e, PD − 1 (ruling GC-6; never below 0); hunkering
 * down behind the shield adds +2 (ruling GC-5).
 */
export function effectiveDb(db: number, edition: 3 | 4, hunkered: boolean): number {
  const base = edition === 3 ? Math.max(0, db - 1) : db;
  return base + (hunkered ? 2 : 0);
}

/** Does a shield protect at all (as DB) against an attack from this hex? Ruling GC-5. */
export function dbProtectsFrom(hex: Hex): boolean {
  return hex === "front" || hex === "shield-side";
}

export interface CoverSituation {
  /** Effective DB (after {@link effectiveDb}). */
  db: number;
  hex: Hex;
  wielderMoving: boolean;
  lobbed: boolean;
  /** Shield-wall training, acting in close formation. */
  shieldWall: boolean;
  /** The flail's Block penalty, 0 or negative. */
  flailPenalty: number;
}

/**
 * How the shield shelters its wielder from this attack, before flails (ruling GC-5):
 * - none: no protection (DB 0, or a side or rear hex, or the weapon-side hex for DB ≤ 4);
 * - partial: a DB 1–4 shield from the front-centre or shield-side hex;
 * - full: DB 5 from the front-centre hex with the wielder still and the attack not lobbed
 *   (from the other front hexes too with shield-wall training in formation); DB 6+ from every
 *   front hex, the wielder may move;
 * - incomplete: DB 5+ where full cover fails: excellent cover.
 */
export type Shelter = { kind: "none" } | { kind: "partial"; db: 1 | 2 | 3 | 4 } | { kind: "full" } | { kind: "incomplete" };

export function shelter(s: CoverSituation, o: CoverOptions): Shelter {
  if (s.db <= 0 || s.hex === "side" || s.hex === "rear") return { kind: "none" };
  if (s.db <= 4) return s.hex === "weapon-side" ? { kind: "none" } : { kind: "partial", db: s.db as 1 | 2 | 3 | 4 };
  if (s.db === 5) {
    // ruling GC-5: shield-wall training removes the left/right front-hex weakness only.
    const hexOk = s.hex === "front" || s.shieldWall;
    return hexOk && !s.wielderMoving && !s.lobbed ? { kind: "full" } : { kind: "incomplete" };
  }
  // DB 6+: every front hex, minimal movement allowed; lobbed attacks per option.
  if (s.lobbed && o.lobbedBreaksLargeShieldCover) return { kind: "incomplete" };
  return { kind: "full" };
}

/** Ruling GC-6: a flail's Block penalty lowers the cover one level per point. */
export function applyFlail(level: CoverLevel, flailPenalty: number, o: CoverOptions): CoverLevel {
  if (flailPenalty >= 0) return level;
  if (level === FULL && !o.flailReducesFullCover) return level;
  return Math.max(0, level + flailPenalty) as CoverLevel;
}

/** Abstract and random cover (rulings GC-2, GC-3): one cover level for the whole target. */
export function overallCover(s: CoverSituation, o: CoverOptions): CoverLevel {
  const sh = shelter(s, o);
  const level: CoverLevel = sh.kind === "none" ? 0 : sh.kind === "partial" ? sh.db : sh.kind === "full" ? FULL : EXCELLENT;
  return applyFlail(level, s.flailPenalty, o);
}

const H: CoverLevel = 2;
const F: CoverLevel = 5;

/** The seed's specific-cover table (ruling GC-4) by DB 1–4; locations not listed get no cover. */
export const SPECIFIC_COVER: Record<1 | 2 | 3 | 4, Partial<Record<Location, CoverLevel>>> = {
  1: { "arm-shield": H, "hand-shield": H, torso: H, vitals: H },
  2: { "arm-shield": F, "hand-shield": F, torso: H, vitals: H, groin: H },
  3: { "arm-shield": F, "hand-shield": F, torso: F, vitals: F, groin: F, leg: H },
  4: { "arm-shield": F, "hand-shield": F, torso: F, vitals: F, groin: F, leg: F },
};

/**
 * Specific cover of one location (ruling GC-4, facing GC-5, flails GC-6). Full cover (DB 5+)
 * covers every location; where it is incomplete every location gets at least excellent cover and
 * keeps the full cover the DB 4 row gives it (decision recorded in docs/gurps.md).
 */
export function specificCover(s: CoverSituation, loc: Location, o: CoverOptions): CoverLevel {
  const sh = shelter(s, o);
  let level: CoverLevel;
  if (sh.kind === "none") level = 0;
  else if (sh.kind === "full") level = FULL;
  else if (sh.kind === "incomplete") level = Math.max(EXCELLENT, SPECIFIC_COVER[4][loc] ?? 0) as CoverLevel;
  else {
    level = SPECIFIC_COVER[sh.db][loc] ?? 0;
    if (sh.db === 1 && loc === "hand-shield" && o.buckler) level = FULL;
  }
  return applyFlail(level, s.flailPenalty, o);
}
