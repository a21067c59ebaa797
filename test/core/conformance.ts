/**
 * The conformance suite: the same checks of the Game interface (src/core/game.ts) on every game.
 *
 *   conformanceSuite("pig", pig, [{ label: "target 30", options: () => ({ target: 30 }), seeds: seedsFor(20) }]);
 *
 * Each case's games are played once by seeded random players (every state, decision, event and
 * state hash kept), and every check then looks at those games: the play ends, every listed
 * decision validates, validate refuses the wrong player and a finished game and answers junk
 * without throwing, nothing mutates a state, a state survives a JSON round trip and play goes on
 * identically from the copy, records replay, the same seed plays the same game, and `view` /
 * `determinize` agree. A game where players choose at once (`mayDecide`) is also played in the
 * other orders: each order is legal and ends in the same state, and the first choice stays hidden. Heavy checks look at every `sampleEvery`-th state.
 *
 * A check a game fails today for a known reason is listed in `knownFailures` with the reason: it
 * then runs as `it.fails`, so it goes red the day the game is fixed and the entry can go.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BaseState, type DecisionRecord, decidersOf, type Game, mayDecide, type PlayerId, makeRecord, play, replay, stateHash } from "../../src/core/game.js";
import { canonicalJson } from "../../src/core/hash.js";
import { Random } from "../../src/core/random.js";
import { checkedRecord, deriveSeed, verifyRecord } from "../../src/core/records.js";
import { randomPlayer } from "../../src/core/search/random-player.js";

/** One set of options, and the seeds of the games played with it. */
export interface ConformanceCase<O> {
  /** Shown in test titles: a scenario, a board, a pairing. */
  label: string;
  /** The options, built afresh for every setup (so no check relies on sharing one object). */
  options: () => O;
  /** Seeds of the games played; the random players' seeds derive from them. */
  seeds: readonly number[];
}

/** The checks, by id (for `knownFailures`). */
export type CheckId =
  | "ends"
  | "turns"
  | "legal-validates"
  | "junk"
  | "wrong-player"
  | "unknown-player"
  | "game-over"
  | "no-mutation"
  | "json"
  | "replay"
  | "determinism"
  | "view"
  | "hidden-info"
  | "simultaneous";

export interface ConformanceSettings {
  /** A random game must end within this many decisions (default 10,000). */
  maxDecisions?: number;
  /** The heavy checks look at states 0, k, 2k, … and the last (default 1: every state). */
  sampleEvery?: number;
  /** Per game, the number of states from which play is continued from a JSON copy or a determinized state (default 4). */
  restarts?: number;
  /** Runs of the fast-check property with junk decisions (default 200). */
  junkRuns?: number;
  /** Checks the game fails today, with the reason: run as `it.fails` until fixed. */
  knownFailures?: Partial<Record<CheckId, string>>;
}

/** `n` well-spread game seeds, the same on every run. */
export function seedsFor(n: number, base = 1): number[] {
  return Array.from({ length: n }, (_, i) => deriveSeed(base, i));
}

/** One game played by seeded random players, with everything the checks look at. */
interface Played<S, M, O> {
  label: string;
  seed: number;
  options: O;
  /** states[0] is the setup; states[i + 1] follows decisions[i]. */
  states: S[];
  /** The hash of each state, taken as it was made. */
  hashes: string[];
  decisions: DecisionRecord<M>[];
  /** The hash of each decision, taken as it was chosen. */
  decisionHashes: string[];
  /** The canonical JSON of each decision's events. */
  events: string[];
  ended: boolean;
}

const UNKNOWN_PLAYER = "nobody-at-all";

const playerSeed = (seed: number, i: number) => deriveSeed(seed, 1000 + i);

function playGame<S extends BaseState, M, O>(game: Game<S, M, O>, label: string, options: O, seed: number, maxDecisions: number): Played<S, M, O> {
  let state = game.setup(options, seed);
  const players = Object.fromEntries(game.players.map((p, i) => [p, randomPlayer(game, playerSeed(seed, i))]));
  const g: Played<S, M, O> = { label, seed, options, states: [state], hashes: [stateHash(state)], decisions: [], decisionHashes: [], events: [], ended: false };
  for (let mover = game.toMove(state); mover !== null; mover = game.toMove(state)) {
    if (g.decisions.length >= maxDecisions) return g;
    const move = players[mover].choose(state, mover);
    g.decisionHashes.push(stateHash(move));
    const applied = play(game, state, mover, move);
    state = applied.state;
    g.decisions.push({ player: mover, move });
    g.states.push(state);
    g.hashes.push(stateHash(state));
    g.events.push(canonicalJson(applied.events));
  }
  g.ended = true;
  return g;
}

/** Indices 0, k, 2k, … and the last. */
function sampled(length: number, every: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < length; i += every) out.push(i);
  if (out[out.length - 1] !== length - 1) out.push(length - 1);
  return out;
}

/** `n` indices spread evenly over [0, length). */
function spread(length: number, n: number): number[] {
  if (length <= n) return Array.from({ length }, (_, i) => i);
  return [...new Set(Array.from({ length: n }, (_, i) => Math.floor((i * (length - 1)) / Math.max(1, n - 1))))];
}

const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * Registers the conformance checks of one game: a `describe` named `name` with one `it` per
 * check, over the games played with every case's options and seeds.
 */
export function conformanceSuite<S extends BaseState, M, O>(name: string, game: Game<S, M, O>, cases: readonly ConformanceCase<O>[], settings: ConformanceSettings = {}): void {
  const maxDecisions = settings.maxDecisions ?? 10_000;
  const every = settings.sampleEvery ?? 1;
  const restarts = settings.restarts ?? 4;
  const junkRuns = settings.junkRuns ?? 200;
  const known = settings.knownFailures ?? {};
  const nGames = cases.reduce((n, c) => n + c.seeds.length, 0);

  let memo: Played<S, M, O>[] | undefined;
  /** The games, played on first use and shared by every check. */
  const games = (): Played<S, M, O>[] =>
    (memo ??= cases.flatMap((c) => c.seeds.map((seed) => playGame(game, c.label, c.options(), seed, maxDecisions))));
  const where = (g: Played<S, M, O>, i?: number) => `${g.label}, seed ${g.seed}${i === undefined ? "" : `, state ${i}`}`;
  /** Every sampled state of every game, with its game and index. */
  const sampledStates = () => games().flatMap((g) => sampled(g.states.length, every).map((i) => ({ g, i, s: g.states[i] })));

  const check = (id: CheckId, title: string, body: () => void) => {
    const reason = known[id];
    if (reason) it.fails(`${title} [known failure: ${reason}]`, body);
    else it(title, body);
  };

  describe(`conformance: ${name} (${game.id}; ${nGames} random games)`, () => {
    check("ends", `random play from ${nGames} seeds ends within ${maxDecisions} decisions, with a result`, () => {
      for (const g of games()) {
        expect(g.ended, `${where(g)}: no end after ${maxDecisions} decisions`).toBe(true);
        const last = g.states[g.states.length - 1];
        const r = game.result(last);
        expect(r, `${where(g)}: over without a result`).not.toBeNull();
        expect(r!.winner === null || game.players.includes(r!.winner), `${where(g)}: winner ${r!.winner} is not a player`).toBe(true);
        expect(Object.keys(r!.rewards).sort(), `${where(g)}: rewards`).toEqual([...game.players].sort());
        for (const v of Object.values(r!.rewards)) expect(v >= 0 && v <= 1, `${where(g)}: reward ${v} outside [0, 1]`).toBe(true);
        expect(typeof r!.reason).toBe("string");
      }
    });

    check("turns", "toMove, mayDecide, legalMoves and result agree: the mover may decide and has a decision, whoever may not has none, and a result only once over", () => {
      for (const { g, i, s } of sampledStates()) {
        const mover = game.toMove(s);
        if (mover === null) {
          expect(game.result(s), `${where(g, i)}: over without a result`).not.toBeNull();
        } else {
          expect(game.players, `${where(g, i)}: toMove names ${mover}`).toContain(mover);
          expect(game.result(s), `${where(g, i)}: a result while ${mover} is to move`).toBeNull();
          expect(mayDecide(game, s, mover), `${where(g, i)}: ${mover} is to move but may not decide`).toBe(true);
        }
        for (const p of game.players) {
          if (mayDecide(game, s, p)) expect(game.legalMoves(s, p).length, `${where(g, i)}: ${p} may decide but has no legal decision`).toBeGreaterThan(0);
          else expect(game.legalMoves(s, p), `${where(g, i)}: legal decisions for ${p}, who may not decide`).toEqual([]);
        }
        expect(mayDecide(game, s, UNKNOWN_PLAYER), `${where(g, i)}: someone not in the game may decide`).toBe(false);
      }
    });

    check("legal-validates", "every listed legal decision validates (as listed and as a JSON copy) on the states visited", () => {
      for (const { g, i, s } of sampledStates()) {
        const mover = game.toMove(s);
        if (mover === null) continue;
        for (const m of game.legalMoves(s, mover)) {
          expect(game.validate(s, mover, m), `${where(g, i)}: ${canonicalJson(m)} is listed but refused`).toBeNull();
          expect(game.validate(s, mover, jsonCopy(m)), `${where(g, i)}: a JSON copy of ${canonicalJson(m)} is refused`).toBeNull();
        }
      }
    });

    check("junk", "validate answers malformed decisions with a reason, without throwing, and a decision it accepts applies (fast-check)", () => {
      const live = sampledStates().filter(({ s }) => game.toMove(s) !== null);
      if (live.length === 0) return;
      /** A legal decision with one field (or the text) changed. */
      const spoiled = (m: unknown) =>
        fc.anything().chain((junk) => {
          if (typeof m === "string") return fc.constantFrom(`${m} x`, m.toUpperCase(), m.slice(1), "");
          if (m === null || typeof m !== "object") return fc.constant(junk);
          const keys = Object.keys(m);
          if (keys.length === 0) return fc.constant(junk);
          return fc.constantFrom(...keys).map((k) => ({ ...(m as object), [k]: junk }));
        });
      const arb = fc.integer({ min: 0, max: live.length - 1 }).chain((k) => {
        const { s } = live[k];
        const moves = game.legalMoves(s, game.toMove(s)!);
        return fc.tuple(fc.constant(k), fc.oneof(fc.anything(), fc.constantFrom(...moves).chain(spoiled)));
      });
      fc.assert(
        fc.property(arb, ([k, junk]) => {
          const { g, i, s } = live[k];
          const mover = game.toMove(s)!;
          let reason: string | null;
          try {
            reason = game.validate(s, mover, junk as M);
          } catch (err) {
            throw new Error(`${where(g, i)}: validate throws on ${canonicalJson(junk)}: ${(err as Error).message}`);
          }
          if (reason !== null) {
            expect(typeof reason).toBe("string");
            expect(reason.length).toBeGreaterThan(0);
          } else {
            game.apply(s, mover, junk as M);
          }
        }),
        { seed: 13, numRuns: junkRuns },
      );
    });

    check("wrong-player", "validate refuses a decision from a player who may not decide", () => {
      for (const { g, i, s } of sampledStates()) {
        const mover = game.toMove(s);
        if (mover === null) continue;
        const moves = game.legalMoves(s, mover).slice(0, 5);
        for (const p of game.players.filter((q) => !mayDecide(game, s, q))) {
          for (const m of moves) expect(game.validate(s, p, m), `${where(g, i)}: ${p} may make ${mover}'s decision ${canonicalJson(m)}`).toEqual(expect.any(String));
        }
      }
    });

    check("unknown-player", "validate answers a decision from someone not in the game with a reason, without throwing", () => {
      for (const { g, i, s } of sampledStates()) {
        const mover = game.toMove(s);
        for (const m of mover === null ? [] : game.legalMoves(s, mover).slice(0, 3)) {
          let reason: string | null;
          try {
            reason = game.validate(s, UNKNOWN_PLAYER, m);
          } catch (err) {
            throw new Error(`${where(g, i)}: validate throws for player "${UNKNOWN_PLAYER}": ${(err as Error).message}`);
          }
          expect(reason, `${where(g, i)}: "${UNKNOWN_PLAYER}" may make ${mover}'s decision ${canonicalJson(m)}`).toEqual(expect.any(String));
        }
      }
    });

    check("game-over", "once the game is over there is no decision: no mover, no legal decision, and validate refuses any", () => {
      for (const g of games()) {
        if (!g.ended) continue;
        const last = g.states[g.states.length - 1];
        expect(game.toMove(last)).toBeNull();
        // Every decision made in the last states, offered again by each player.
        const offered = g.decisions.slice(-6).map((d) => d.move);
        for (const p of game.players) {
          expect(game.legalMoves(last, p), `${where(g)}: ${p} has legal decisions after the end`).toEqual([]);
          for (const m of offered) expect(game.validate(last, p, m), `${where(g)}: ${p} may still make ${canonicalJson(m)} after the end`).not.toBeNull();
        }
      }
    });

    check("no-mutation", "apply never mutates its input: a state and a decision hash the same before and after applying every legal decision", () => {
      // Every state was hashed as it was made: the later decisions, and every check so far, left it alone.
      for (const g of games()) {
        for (let i = 0; i < g.states.length; i++) expect(stateHash(g.states[i]), `${where(g, i)} changed after it was made`).toBe(g.hashes[i]);
        for (let i = 0; i < g.decisions.length; i++) expect(stateHash(g.decisions[i].move), `${where(g)}: decision ${i} changed`).toBe(g.decisionHashes[i]);
      }
      // And every legal decision (not only the one chosen) applied to the sampled states.
      for (const { g, i, s } of sampledStates()) {
        const mover = game.toMove(s);
        if (mover === null) continue;
        for (const m of game.legalMoves(s, mover)) {
          const [sh, mh] = [stateHash(s), stateHash(m)];
          game.apply(s, mover, m);
          expect(stateHash(s), `${where(g, i)}: applying ${canonicalJson(m)} changed the state`).toBe(sh);
          expect(stateHash(m), `${where(g, i)}: applying ${canonicalJson(m)} changed the decision`).toBe(mh);
        }
      }
    });

    check("json", "the JSON round trip keeps the state hash, and play continues identically from the copy", () => {
      for (const { g, i, s } of sampledStates()) expect(stateHash(jsonCopy(s)), `${where(g, i)}: the JSON copy hashes differently`).toBe(stateHash(s));
      for (const g of games()) {
        for (const start of spread(g.decisions.length, restarts)) {
          let s = jsonCopy(g.states[start]);
          for (let j = start; j < g.decisions.length; j++) {
            const d = jsonCopy(g.decisions[j]);
            const applied = play(game, s, d.player, d.move);
            s = applied.state;
            expect(stateHash(s), `${where(g)}: from a JSON copy of state ${start}, decision ${j} leads elsewhere`).toBe(g.hashes[j + 1]);
            expect(canonicalJson(applied.events), `${where(g)}: from a JSON copy of state ${start}, decision ${j} tells other events`).toBe(g.events[j]);
          }
        }
      }
    });

    check("replay", "a made record replays (makeRecord/replay, checkedRecord/verifyRecord, also read back from JSON); a wrong final hash is caught", () => {
      let tampered = false;
      for (const g of games()) {
        if (!g.ended) continue;
        const last = g.states[g.states.length - 1];
        const record = makeRecord(game, g.options, g.seed, g.decisions, last);
        expect(record.result).toEqual(game.result(last));
        const r = replay(game, record);
        expect(r.failure, `${where(g)}: ${r.failure?.reason}`).toBeUndefined();
        expect(r.matches).toBe(true);
        expect(r.hash).toBe(g.hashes[g.hashes.length - 1]);
        const checked = jsonCopy(checkedRecord(game, g.options, g.seed, g.decisions));
        expect(checked.checkpoints).toEqual(g.hashes.slice(1));
        const v = verifyRecord(game, checked);
        expect(v.ok, `${where(g)}: ${v.ok ? "" : v.reason}`).toBe(true);
        if (tampered) continue;
        // Once per game: the replay reads the final hash from the record, not from the state.
        tampered = true;
        const bad = replay(game, { ...record, finalHash: "0000000000000000" });
        expect(bad.failure?.kind).toBe("final-hash");
      }
    });

    check("determinism", "the same seed and decisions give the same game (states, events, choices); other seeds another", () => {
      for (const g of games()) {
        const again = playGame(game, g.label, g.options, g.seed, maxDecisions);
        expect(again.decisionHashes, `${where(g)}: other choices the second time`).toEqual(g.decisionHashes);
        expect(again.hashes, `${where(g)}: other states the second time`).toEqual(g.hashes);
        expect(again.events, `${where(g)}: other events the second time`).toEqual(g.events);
        expect(stateHash(game.setup(g.options, g.seed)), `${where(g)}: setup`).toBe(g.hashes[0]);
      }
      for (const c of cases) {
        const mine = games().filter((g) => g.label === c.label);
        if (mine.length < 2) continue;
        const distinct = new Set(mine.map((g) => `${g.hashes[0]} ${g.hashes[g.hashes.length - 1]}`));
        expect(distinct.size, `${c.label}: ${mine.length} seeds all play the same game`).toBeGreaterThan(1);
      }
    });

    const viewTitle = game.determinize
      ? "view is JSON data; a determinized state shows the player the same view, the same options and result, and play goes on from it"
      : "view is JSON data for every player (no determinize: no hidden information to resample)";
    check("view", viewTitle, () => {
      for (const { g, i, s } of sampledStates()) {
        for (const p of game.players) {
          const v = canonicalJson(game.view(s, p));
          expect(canonicalJson(jsonCopy(game.view(s, p))), `${where(g, i)}: ${p}'s view is not JSON data`).toBe(v);
        }
      }
      const determinize = game.determinize?.bind(game);
      if (!determinize) return;
      let resampled = 0;
      for (const g of games()) {
        const starts = new Set(spread(g.states.length, restarts));
        for (const i of sampled(g.states.length, every)) {
          const s = g.states[i];
          for (const [k, p] of game.players.entries()) {
            const before = stateHash(s);
            const d = determinize(s, p, Random.fromSeed(g.seed + i, k));
            expect(stateHash(s), `${where(g, i)}: determinize changed the state`).toBe(before);
            if (stateHash(d) !== before) resampled++;
            expect(canonicalJson(game.view(d, p)), `${where(g, i)}: ${p}'s view of the determinized state differs`).toBe(canonicalJson(game.view(s, p)));
            expect(game.toMove(d), `${where(g, i)}: the determinized state has another mover`).toBe(game.toMove(s));
            expect(game.result(d), `${where(g, i)}: the determinized state has another result`).toEqual(game.result(s));
            expect(stateHash(jsonCopy(d))).toBe(stateHash(d));
            if (game.toMove(s) === p) expect(canonicalJson(game.legalMoves(d, p)), `${where(g, i)}: ${p} has other options in the determinized state`).toBe(canonicalJson(game.legalMoves(s, p)));
            if (!starts.has(i)) continue;
            // A legal state: random play from it validates every decision and ends.
            let t = d;
            const players = Object.fromEntries(game.players.map((q, n) => [q, randomPlayer(game, playerSeed(g.seed + i, n))]));
            let n = 0;
            for (let mover = game.toMove(t); mover !== null; mover = game.toMove(t)) {
              expect(++n, `${where(g, i)}: no end from the determinized state`).toBeLessThanOrEqual(maxDecisions);
              t = play(game, t, mover, players[mover].choose(t, mover as PlayerId)).state;
            }
            expect(game.result(t)).not.toBeNull();
          }
        }
      }
      expect(resampled, "determinize never changed anything: nothing hidden was dealt afresh").toBeGreaterThan(0);
    });

    const simultaneousTitle = game.mayDecide
      ? "players who may decide at once may do so in any order: each order is legal, ends in the same state, and a committed choice is hidden from the others until the end of the round"
      : "one player decides at a time (no mayDecide): only toMove may decide";
    check("simultaneous", simultaneousTitle, () => {
      if (!game.mayDecide) {
        for (const { g, i, s } of sampledStates()) {
          const mover = game.toMove(s);
          expect(decidersOf(game, s), `${where(g, i)}`).toEqual(mover === null ? [] : [mover]);
        }
        return;
      }
      let reordered = 0;
      for (const g of games()) {
        // From each sampled state where two or more may decide, every decider in turn goes first,
        // then the others follow as the random game did (or with their first legal decision).
        for (const i of sampled(g.states.length, every)) {
          const s = g.states[i];
          const deciders = decidersOf(game, s);
          if (deciders.length < 2) continue;
          const choice = (p: PlayerId): M => {
            const made = g.decisions.slice(i).find((d, k) => d.player === p && decidersOf(game, g.states[i + k]).includes(p));
            return made && game.validate(s, p, made.move) === null ? made.move : game.legalMoves(s, p)[0];
          };
          const ends = new Set<string>();
          for (const first of deciders) {
            let t = play(game, s, first, choice(first)).state;
            // The first choice is hidden: each other decider's view is the same whichever legal decision it was.
            for (const alt of game.legalMoves(s, first).slice(0, 4)) {
              const u = play(game, s, first, alt).state;
              for (const q of deciders.filter((d) => d !== first)) expect(canonicalJson(game.view(u, q)), `${where(g, i)}: ${q} sees which decision ${first} made first`).toBe(canonicalJson(game.view(t, q)));
            }
            for (const q of deciders.filter((d) => d !== first)) {
              expect(mayDecide(game, t, q), `${where(g, i)}: ${q} may no longer decide after ${first} did`).toBe(true);
              for (const [k, p] of game.players.entries()) expect(canonicalJson(game.view(game.determinize ? game.determinize(t, p, Random.fromSeed(g.seed + i, k)) : t, p)), `${where(g, i)}: ${p}'s view of a determinized state after ${first} went first`).toBe(canonicalJson(game.view(t, p)));
              t = play(game, t, q, choice(q)).state;
            }
            ends.add(stateHash(t));
            reordered++;
          }
          expect(ends.size, `${where(g, i)}: the order of the simultaneous decisions ${deciders.join(", ")} changes the outcome`).toBe(1);
        }
      }
      expect(reordered, "no state where two players may decide at once").toBeGreaterThan(0);
    });

    check("hidden-info", "a game whose view hides anything has determinize (else a search player sees what is hidden)", () => {
      if (game.determinize) return;
      for (const { g, i, s } of sampledStates()) {
        for (const p of game.players) expect(canonicalJson(game.view(s, p)), `${where(g, i)}: ${p}'s view hides part of the state, and the game has no determinize`).toBe(canonicalJson(s));
      }
    });
  });
}
