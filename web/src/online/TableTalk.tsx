/**
 * What a match's table says besides the game (issue 25, "Online page"): who plays each side (the
 * names players choose, shown to everyone), the chat, and the rematch. Every name and line is a
 * stranger's text and is rendered only as text (Preact escapes it); the checks are the server's
 * own schemas (protocol.ts), run here first so a player sees the problem beside the field.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { NAME_MAX } from "../../../src/server/protocol.js";
import { CHAT_MAX, type MatchConnection, type OnlineState, talkProblem } from "./connection.js";
import { playHash } from "./my-matches.js";

/** Where this browser keeps the name its player last chose (sent with each seat's hello). */
export const NAME_KEY = "muster.playerName";

export function storedName(storage: Pick<Storage, "getItem">): string | undefined {
  try {
    const n = storage.getItem(NAME_KEY) ?? undefined;
    return n !== undefined && talkProblem("name", n) === null ? n : undefined;
  } catch {
    return undefined;
  }
}

/** "Red: Ann (you) · Black: Bob": each side with the name its player chose, if any. */
export function Players({ s }: { s: OnlineState }) {
  return (
    <p class="online-players" data-testid="online-players">
      {s.players.map((p, i) => (
        <span key={p.seat} data-seat={p.seat} data-testid="online-player">
          {i > 0 ? " · " : ""}
          {p.name}: <strong>{p.player ?? (p.kind === "computer" ? "computer" : "(no name yet)")}</strong>
          {p.seat === s.seat ? " (you)" : ""}
        </span>
      ))}
    </p>
  );
}

export function NameForm({ s, conn }: { s: OnlineState; conn: MatchConnection | null }) {
  const mine = s.players.find((p) => p.seat === s.seat)?.player ?? "";
  const [name, setName] = useState(mine);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setName(mine), [mine]);
  if (s.seat === null) return null;
  const submit = (e: Event) => {
    e.preventDefault();
    const p = talkProblem("name", name);
    setProblem(p);
    if (p || !conn) return;
    if (conn.setName(name)) {
      try {
        localStorage.setItem(NAME_KEY, name.trim());
      } catch {
        // No storage: the name still holds for this match.
      }
    }
  };
  return (
    <form class="online-name" onSubmit={submit} data-testid="name-form">
      <label>
        Your name{" "}
        <input type="text" value={name} maxLength={NAME_MAX} placeholder="shown to the others" onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} data-testid="name-input" />
      </label>{" "}
      <button type="submit" disabled={name.trim() === mine}>
        {mine ? "Rename" : "Set"}
      </button>
      {problem && (
        <span class="error" role="alert" data-testid="name-error">
          {" "}
          {problem}
        </span>
      )}
    </form>
  );
}

export function Chat({ s, conn }: { s: OnlineState; conn: MatchConnection | null }) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [s.chat.length]);
  const send = (e: Event) => {
    e.preventDefault();
    const p = talkProblem("chat", text);
    setProblem(p);
    if (!p && conn?.chat(text)) setText("");
  };
  return (
    <section class="online-chat" aria-label="Chat" data-testid="chat">
      <h3>Chat</h3>
      <ol ref={list} aria-live="polite" data-testid="chat-lines">
        {s.chat.length === 0 && <li class="empty">No messages yet.</li>}
        {s.chat.map((l, i) => (
          <li key={`${l.at}-${i}`} data-seat={l.seat} data-testid="chat-line">
            <strong>{l.name}:</strong> {l.text}
          </li>
        ))}
      </ol>
      {s.seat !== null ? (
        <form onSubmit={send} class="chat-form">
          <input type="text" value={text} maxLength={CHAT_MAX} placeholder="Say something (plain text)" aria-label="Chat message" onInput={(e) => setText((e.currentTarget as HTMLInputElement).value)} data-testid="chat-input" />
          <button type="submit" disabled={text.trim() === ""} data-testid="chat-send">
            Send
          </button>
          {problem && (
            <p class="error" role="alert">
              {problem}
            </p>
          )}
        </form>
      ) : (
        <p class="note">Only the players write here; you are watching.</p>
      )}
    </section>
  );
}

/** After the end: ask for a rematch (sides swap), see who asked, and go to the new match once all agreed. */
export function Rematch({ s, conn }: { s: OnlineState; conn: MatchConnection | null }) {
  const next = s.rematch.next;
  // When both agree while this page is open, each seat is taken to its new seat (the link is its
  // own; spectators get a link). A page opened on a match whose rematch exists only offers it.
  const waited = useRef(false);
  if (next === null) waited.current = true;
  useEffect(() => {
    if (next && waited.current && s.seat !== null && next.token) location.hash = playHash(next.matchId, next.token);
  }, [next?.matchId]);
  if (!s.result) return null;
  const nameOf = (seat: string) => {
    const p = s.players.find((x) => x.seat === seat);
    return p?.player ?? p?.name ?? seat;
  };
  if (next) {
    return (
      <p class="online-rematch" data-testid="rematch">
        Rematch ready: <a href={playHash(next.matchId, next.token)}>{s.seat !== null ? "play it" : "watch it"}</a>
      </p>
    );
  }
  const asked = s.rematch.wants;
  const others = asked.filter((w) => w !== s.seat).map(nameOf);
  const iAsked = s.seat !== null && asked.includes(s.seat);
  return (
    <div class="online-rematch" data-testid="rematch">
      {others.length > 0 && <p data-testid="rematch-asked">{others.join(" and ")} asks for a rematch (sides swap).</p>}
      {s.seat !== null &&
        (iAsked ? (
          <p>
            Waiting for the other side to agree…{" "}
            <button type="button" class="link" onClick={() => conn?.rematch(false)}>
              withdraw
            </button>
          </p>
        ) : (
          <button type="button" class="primary" onClick={() => conn?.rematch(true)} data-testid="rematch-button">
            {others.length > 0 ? "Agree to a rematch" : "Ask for a rematch"} (sides swap)
          </button>
        ))}
    </div>
  );
}
