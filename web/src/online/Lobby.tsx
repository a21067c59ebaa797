/**
 * The online lobby: create a match on this server for any two-sided game (each side a person with
 * an invitation link, or a computer player the server runs), hand out one link per seat and a
 * spectators' link, and the list of matches this browser holds ("my matches").
 */
import { useEffect, useState } from "preact/hooks";
import { shippedDuelSetup } from "../../../src/rulesets/contest/defaults.js";
import type { CreateMatchRequest, CreateMatchResponse, HttpError, MatchGameId, MatchSummary } from "../../../src/server/protocol.js";
import { shippedScenarios } from "../battle/scenario-list.js";
import { commanders } from "../contest/session.js";
import { listMyArmies, myArmyLabel } from "../shared/my-armies.js";
import { SHIELDWALL_LEVELS } from "../../../src/rulesets/shieldwall/ai/level-names.js";
import { forgetMatch, loadMyMatches, type MyMatch, playHash } from "./my-matches.js";

interface GameChoice {
  id: MatchGameId;
  title: string;
  blurb: string;
  seats: { seat: string; name: string }[];
  computers: string[];
}

/** The computer players the server offers (src/server/games.ts: the generic ones and the ruleset's). */
const GAMES: GameChoice[] = [
  { id: "shieldwall-battle", title: "Shieldwall battle", blurb: "A shipped scenario on the table. Hidden: the god cards still to be drawn and, in a personal combat, each fighter's hand (only its size shows; spectators watch duels as onlookers).", seats: [{ seat: "red", name: "Red" }, { seat: "black", name: "Black" }], computers: [...SHIELDWALL_LEVELS, "commander", "advance", "random", "mcts"] },
  { id: "shieldwall-duel", title: "Shieldwall duel", blurb: "Personal combat between two leaders. Hidden: each fighter's hand and face-down discards (spectators see the cards played and how many each holds).", seats: [{ seat: "a", name: "Fighter a" }, { seat: "b", name: "Fighter b" }], computers: ["random", "mcts"] },
  { id: "shove", title: "Shove", blurb: "Push the pieces on a small board. Nothing hidden: both sides see the whole board (the dice are rolled by the server).", seats: [{ seat: "blue", name: "Blue" }, { seat: "red", name: "Red" }], computers: ["strong", "random", "mcts"] },
  { id: "contest-of-champions", title: "Contest of Champions", blurb: "A duel of commanders. Hidden: the card each side has chosen, until both are revealed together (CC-5).", seats: [{ seat: "A", name: "Commander A" }, { seat: "B", name: "Commander B" }], computers: ["random", "mcts"] },
];

const SHOVE_BOARDS = ["default", "narrow", "walled"];

export const gameTitle = (id: string) => GAMES.find((g) => g.id === id)?.title ?? id;

/** The full address of a seat or the spectators' view on this server. */
export function inviteUrl(matchId: string, token?: string): string {
  return `${location.origin}${location.pathname}${playHash(matchId, token)}`;
}

function CopyLink({ url, testid }: { url: string; testid: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // No clipboard (insecure origin): the link stays selectable in the field.
      setCopied(false);
    }
  };
  return (
    <span class="invite-link">
      <input type="text" readOnly value={url} data-testid={testid} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
      <button type="button" onClick={() => void copy()}>
        {copied ? "Copied" : "Copy"}
      </button>
    </span>
  );
}

function MyMatches() {
  const [list, setList] = useState<MyMatch[]>(() => loadMyMatches(localStorage));
  const [summaries, setSummaries] = useState<Record<string, MatchSummary | string>>({});
  useEffect(() => {
    let live = true;
    for (const m of list) {
      fetch(`api/matches/${encodeURIComponent(m.matchId)}`)
        .then(async (r) => (r.ok ? ((await r.json()) as MatchSummary) : `${((await r.json().catch(() => ({}))) as Partial<HttpError>).message ?? `HTTP ${r.status}`}`))
        .catch(() => "the server cannot be reached")
        .then((s) => live && setSummaries((x) => ({ ...x, [m.matchId]: s })));
    }
    return () => {
      live = false;
    };
  }, [list.length]);
  if (list.length === 0) return null;
  return (
    <section class="my-matches" aria-label="My matches" data-testid="my-matches">
      <h2>My matches</h2>
      <p>Matches this browser holds a seat in (kept on this device only). Open one to resume it.</p>
      <ul>
        {list.map((m) => {
          const s = summaries[m.matchId];
          const state = typeof s === "string" ? s : s ? (s.finished ? "finished" : m.seat !== undefined && s.deciding.includes(m.seat) ? "your turn" : `${s.deciding.map((d) => s.seats.find((x) => x.seat === d)?.name ?? d).join(" and ") || "nobody"} to decide`) : "…";
          return (
            <li key={`${m.matchId}-${m.token ?? ""}`}>
              <a href={playHash(m.matchId, m.token)}>{m.title}</a> <small>({state}; last seen {new Date(m.seenAt).toLocaleString()})</small>{" "}
              <button type="button" class="link" onClick={() => setList(forgetMatch(localStorage, m.matchId, m.token))}>
                forget
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function Lobby() {
  const [gameId, setGameId] = useState<MatchGameId>("shove");
  const game = GAMES.find((g) => g.id === gameId)!;
  const [scenario, setScenario] = useState(shippedScenarios[0]?.id ?? "maldon-991");
  const [board, setBoard] = useState("default");
  const [contest, setContest] = useState({ a: "hector", b: "achilles", distance: "0" });
  const [seats, setSeats] = useState<Record<string, string>>({});
  /** Advanced: the game's options as JSON, sent instead of the shipped scenario or board. */
  const [optionsJson, setOptionsJson] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreateMatchResponse | null>(null);
  /** "My armies" (#/armies) in place of the scenario's, by side; only a playable army is offered. */
  const [mine] = useState(() => listMyArmies().filter((a) => a.playable));
  const [myArmy, setMyArmy] = useState<{ red: string; black: string }>({ red: "", black: "" });

  const seatKind = (seat: string) => seats[`${gameId}.${seat}`] ?? "human";
  const request = (): CreateMatchRequest => {
    const r: CreateMatchRequest = { game: gameId, seats: Object.fromEntries(game.seats.map((s) => [s.seat, seatKind(s.seat) === "human" ? { kind: "human" as const } : { kind: "computer" as const, player: seatKind(s.seat) }])) };
    if (gameId === "shieldwall-battle") r.scenario = scenario;
    if (gameId === "shove" && board !== "default") r.scenario = board;
    if (gameId === "contest-of-champions") r.options = { setup: shippedDuelSetup(contest.a, contest.b), distance: Number(contest.distance) };
    if (optionsJson.trim() !== "") {
      delete r.scenario;
      r.options = JSON.parse(optionsJson) as unknown;
    }
    return r;
  };
  const create = async () => {
    let req: CreateMatchRequest;
    try {
      req = request();
    } catch (err) {
      setError(`Options: not valid JSON (${(err as Error).message})`);
      return;
    }
    if (gameId === "shieldwall-battle" && req.scenario !== undefined && (myArmy.red || myArmy.black)) {
      // The battle's options in full: the shipped scenario with my army in place of a side's (the server checks both armies by the rules).
      const { shippedSetup } = await import("../battle/scenarios.js");
      const setup = shippedSetup(req.scenario);
      for (const side of ["red", "black"] as const) {
        const a = mine.find((m) => m.id === myArmy[side]);
        if (a?.army) setup.armies[side] = a.army;
      }
      delete req.scenario;
      req.options = setup;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(req) });
      const answer = (await res.json()) as CreateMatchResponse | HttpError;
      if (!res.ok || "error" in answer) setError(`The server refused the match: ${"message" in answer ? answer.message : `HTTP ${res.status}`}`);
      else setCreated(answer);
    } catch (err) {
      setError(`Cannot reach the server: ${(err as Error).message}. Online play needs \`muster serve\` (a static copy of the app cannot host matches).`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="online-lobby">
      <section class="duel-setup" aria-label="New online match">
        <h2>Play online</h2>
        <p>Create a match on this server and send each player their invitation link. The server keeps the match: a player may close the page and come back later from the same link.</p>
        <form class="calc-form" onSubmit={(e) => e.preventDefault()}>
          <div class="field">
            <label for="online-game">Game</label>
            <select id="online-game" data-testid="online-game" value={gameId} onChange={(e) => (setGameId((e.currentTarget as HTMLSelectElement).value as MatchGameId), setCreated(null))}>
              {GAMES.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
            <small>{game.blurb}</small>
          </div>
          {gameId === "shieldwall-battle" && (
            <div class="field">
              <label for="online-scenario">Scenario</label>
              <select id="online-scenario" data-testid="online-scenario" value={scenario} onChange={(e) => setScenario((e.currentTarget as HTMLSelectElement).value)}>
                {shippedScenarios.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {gameId === "shieldwall-battle" &&
            (["red", "black"] as const).map((side) => (
              <div class="field" key={`army-${side}`}>
                <label for={`online-army-${side}`}>{side === "red" ? "Red" : "Black"} army</label>
                <select id={`online-army-${side}`} data-testid={`online-army-${side}`} value={myArmy[side]} onChange={(e) => setMyArmy({ ...myArmy, [side]: (e.currentTarget as HTMLSelectElement).value })}>
                  <option value="">the scenario's</option>
                  {mine.map((a) => (
                    <option key={a.id} value={a.id}>
                      my army: {myArmyLabel(a)}
                    </option>
                  ))}
                </select>
                {side === "black" && mine.length === 0 && <small>Build your own in Armies; a valid saved army is offered here.</small>}
              </div>
            ))}
          {gameId === "shove" && (
            <div class="field">
              <label for="online-board">Board</label>
              <select id="online-board" value={board} onChange={(e) => setBoard((e.currentTarget as HTMLSelectElement).value)}>
                {SHOVE_BOARDS.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </select>
            </div>
          )}
          {gameId === "contest-of-champions" && (
            <>
              {(["a", "b"] as const).map((k) => (
                <div class="field" key={k}>
                  <label for={`online-${k}`}>Commander {k.toUpperCase()}</label>
                  <select id={`online-${k}`} value={contest[k]} onChange={(e) => setContest({ ...contest, [k]: (e.currentTarget as HTMLSelectElement).value })}>
                    {commanders().map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name} (Might {p.might})
                      </option>
                    ))}
                  </select>
                </div>
              ))}
              <div class="field">
                <label for="online-distance">Distance (inches; 0 is base contact)</label>
                <input id="online-distance" type="text" inputMode="numeric" value={contest.distance} onInput={(e) => setContest({ ...contest, distance: (e.currentTarget as HTMLInputElement).value })} />
              </div>
            </>
          )}
          {game.seats.map((s) => (
            <div class="field" key={`${gameId}.${s.seat}`}>
              <label for={`online-seat-${s.seat}`}>{s.name}</label>
              <select id={`online-seat-${s.seat}`} data-testid={`online-seat-${s.seat}`} value={seatKind(s.seat)} onChange={(e) => setSeats({ ...seats, [`${gameId}.${s.seat}`]: (e.currentTarget as HTMLSelectElement).value })}>
                <option value="human">a person (invitation link)</option>
                {game.computers.map((c) => (
                  <option key={c} value={c}>
                    computer: {c} (run by the server)
                  </option>
                ))}
              </select>
            </div>
          ))}
          <details class="online-options">
            <summary>Advanced: the game's options as JSON</summary>
            <p>
              <small>Sent instead of the {gameId === "shieldwall-battle" ? "scenario" : gameId === "shove" ? "board" : "choices"} above and checked by the server with the game's options schema (an error names the field). The formats: docs/shieldwall, docs/shove.md, docs/contest.md.</small>
            </p>
            <textarea rows={5} data-testid="online-options-json" value={optionsJson} onInput={(e) => setOptionsJson((e.currentTarget as HTMLTextAreaElement).value)} placeholder="{ … }" />
          </details>
          <div class="calc-actions">
            <button type="button" class="primary" disabled={busy} onClick={() => void create()} data-testid="create-match">
              Create the match
            </button>
          </div>
        </form>
        {error && (
          <p class="error" role="alert" data-testid="lobby-error">
            {error}
          </p>
        )}
      </section>
      {created && (
        <section class="invitations" aria-label="Invitation links" data-testid="invitations">
          <h2>{gameTitle(created.game)}: the invitation links</h2>
          <p>Each link opens one seat: send it to that player only (whoever holds it plays the seat). Open your own here.</p>
          <ul>
            {created.seats.map((s) => (
              <li key={s.seat} data-testid={`invite-${s.seat}`}>
                <strong>{s.name}</strong>:{" "}
                {s.kind === "computer" ? (
                  <span>the server's computer player ({s.computer})</span>
                ) : (
                  <>
                    <CopyLink url={inviteUrl(created.matchId, s.token)} testid={`invite-link-${s.seat}`} /> <a href={playHash(created.matchId, s.token)}>play this seat here</a>
                  </>
                )}
              </li>
            ))}
            <li data-testid="invite-spectator">
              <strong>Spectators</strong>: <CopyLink url={inviteUrl(created.matchId)} testid="invite-link-spectator" />
            </li>
          </ul>
        </section>
      )}
      <MyMatches />
    </div>
  );
}
