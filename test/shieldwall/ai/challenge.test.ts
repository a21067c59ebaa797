/**
 * The commander's challenge policy (issue 14, seed "Personal Combat", rulings SW-7, SW-12):
 * hand-built positions where a good duel is taken and a hopeless one is not, and the leader
 * fights in person when his odds (the special weapon) make it worth more than a champion. The
 * duel odds table is checked against fresh duels between the battle's own duel players.
 */
import { describe, expect, it } from "vitest";
import { play } from "../../../src/core/game.js";
import { randomPlayer } from "../../../src/core/search/random-player.js";
import { bestChallenge, challengeValue, deathCost } from "../../../src/rulesets/shieldwall/ai/challenge.js";
import { commanderChoice, DEFAULT_COMMANDER_OPTIONS } from "../../../src/rulesets/shieldwall/ai/commander.js";
import { DUEL_PROFILES, duelChances } from "../../../src/rulesets/shieldwall/ai/duel-odds.js";
import { contextOf } from "../../../src/rulesets/shieldwall/ai/view.js";
import { type BattleState, battleGame } from "../../../src/rulesets/shieldwall/battle/index.js";
import { closestEnemyLeader } from "../../../src/rulesets/shieldwall/battle/queries.js";
import type { LeaderState } from "../../../src/rulesets/shieldwall/units.js";
import { measurePair } from "../../../scripts/duel-odds-table.js";
import { loadSetup } from "../battle/setup.js";

/** The first state of a random raid where red's leader may challenge (his LPs unspent, the armies close). */
function challengeState(seed: number): BattleState {
  const setup = loadSetup("raid.json");
  let s = battleGame.setup(setup, seed);
  const players = { red: randomPlayer(battleGame, seed), black: randomPlayer(battleGame, seed + 1) };
  for (let n = 0; n < 20_000; n++) {
    const side = battleGame.toMove(s);
    if (side === null) break;
    if (side === "red" && s.pending?.kind === "lead" && s.turn >= 2) {
      const l = contextOf(s).leader(s.pending.leader);
      if (l.lpSpent === 0 && battleGame.legalMoves(s, side).some((m) => m.type === "lead" && m.action === "challenge")) return s;
    }
    s = play(battleGame, s, side, players[side as "red" | "black"].choose(s, side)).state;
  }
  throw new Error(`no challenge offered to red in seed ${seed}`);
}

/** The state with leaders changed (plain data: a copy with the named fields replaced); red's leaders have signalled (the commander signals first). */
function withLeaders(s: BattleState, change: (l: LeaderState) => Partial<LeaderState>): BattleState {
  return { ...s, leaders: s.leaders.map((l) => ({ ...l, ...(l.id.startsWith("red.") ? { signalled: true } : {}), ...change(l) })) };
}

function parties(s: BattleState) {
  const ctx = contextOf(s);
  if (s.pending?.kind !== "lead") throw new Error("no lead decision");
  const l = ctx.leader(s.pending.leader);
  const e = closestEnemyLeader(ctx, l)!;
  return { ctx, l, e };
}

describe("the commander's challenges (issue 14)", () => {
  const base = challengeState(3);

  it("seed 'Personal Combat': a good duel is taken (the challenged leader cannot pay and must roll for refusal at LP value 1: half the time it kills him)", () => {
    const { e } = parties(base);
    let s = withLeaders(base, (x) => (x.id === e.id ? { lpValue: 1, lpSpent: 1 } : {}));
    s = { ...s, options: { ...s.options, unpaidAcceptance: "refusal-roll" } };
    const p = parties(s);
    const pick = bestChallenge(p.ctx, p.l, ["leader", "champion"], p.e);
    expect(pick.value).toBeGreaterThan(0.5 * deathCost(p.ctx, p.e) - 1e-9);
    expect(commanderChoice(s, "red", DEFAULT_COMMANDER_OPTIONS, 1)).toMatchObject({ type: "lead", action: "challenge" });
  });

  it("house rule 'Unpaid acceptance': a challenge the enemy cannot pay for lapses, so it is worth nothing and not issued", () => {
    const { e } = parties(base);
    const s = withLeaders({ ...base, options: { ...base.options, unpaidAcceptance: "challenge-lapses" } }, (x) => (x.id === e.id ? { lpSpent: x.lpValue } : {}));
    const p = parties(s);
    expect(challengeValue(p.ctx, p.l, "champion", p.e)).toBe(0);
    expect(commanderChoice(s, "red", DEFAULT_COMMANDER_OPTIONS, 1)).not.toMatchObject({ action: "challenge" });
  });

  it("seed 'Personal Combat', SW-12: a hopeless duel is not taken (the enemy leader has the special weapon and our worn contingent would drop a level on a lost duel)", () => {
    const { l, e } = parties(base);
    let s = withLeaders(base, (x) => (x.id === e.id ? { specialWeapon: true, lpValue: 6, lpSpent: 0 } : x.id === l.id ? { specialWeapon: false } : {}));
    s = { ...s, units: s.units.map((u) => (u.side === "red" && u.u.contingent === l.contingent ? { ...u, u: { ...u.u, dp: { ...u.u.dp, morale: 4 } } } : u)) };
    const p = parties(s);
    const pick = bestChallenge(p.ctx, p.l, ["leader", "champion"], p.e);
    expect(pick.value).toBeLessThan(0);
    expect(commanderChoice(s, "red", DEFAULT_COMMANDER_OPTIONS, 1)).not.toMatchObject({ action: "challenge" });
  });

  it("seed 'Special Weapon': a leader fights in person when the weapon makes his duel worth more than a champion's; without it a champion goes", () => {
    // The challenged leader cannot pay (option unpaidAcceptance "refusal-roll"): on 4–5 his champion
    // fights anyway, and 8 cards against 6 (27% kills against 8%) outweigh the leader's own risk.
    const { l, e } = parties(base);
    const armed = withLeaders({ ...base, options: { ...base.options, unpaidAcceptance: "refusal-roll" } }, (x) =>
      x.id === l.id ? { specialWeapon: true, commanderInChief: false, lpValue: 3 } : x.id === e.id ? { specialWeapon: false, lpSpent: x.lpValue } : {},
    );
    const p = parties(armed);
    const withWeapon = bestChallenge(p.ctx, p.l, ["leader", "champion"], p.e);
    expect(challengeValue(p.ctx, p.l, "leader", p.e)).toBeGreaterThan(challengeValue(p.ctx, p.l, "champion", p.e));
    expect(withWeapon.kind).toBe("leader");
    const plain = withLeaders(armed, (x) => (x.id === l.id ? { specialWeapon: false } : {}));
    const q = parties(plain);
    expect(bestChallenge(q.ctx, q.l, ["leader", "champion"], q.e).kind).toBe("champion");
  });

  it("the duel odds table matches fresh duels between the battle's duel players (within 4 standard errors)", () => {
    for (const [a, b] of [["leader-weapon", "champion"], ["champion", "heroic-champion"]] as const) {
      const n = 600;
      const fresh = measurePair(a, b, n, 99);
      const t = duelChances(a, b);
      for (const k of ["win", "lose", "mutual"] as const) {
        const p = t[k];
        const se = Math.sqrt((p * (1 - p)) / n);
        expect(Math.abs(fresh[k] / n - p)).toBeLessThan(4 * se + 1e-9);
      }
    }
    // Every ordered pair is measured, and mirrored pairs agree (a's win is b's loss) within the noise.
    for (const a of DUEL_PROFILES)
      for (const b of DUEL_PROFILES) {
        const ab = duelChances(a, b);
        const ba = duelChances(b, a);
        expect(Math.abs(ab.win - ba.lose)).toBeLessThan(0.02);
      }
  });
});
