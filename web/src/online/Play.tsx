/**
 * A match seen from one seat (or as a spectator): the connection's state drawn by the game's online
 * view, whose turn it is, the connection's status and the server's last refusal; the seat is
 * remembered in "my matches"; a browser notification when it becomes this seat's turn, if allowed.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { type ConnectionStatus, MatchConnection, type OnlineState, type SocketLike, socketUrl } from "./connection.js";
import { BattleOnline, ContestOnline, DuelOnline, GenericOnline, ShoveOnline } from "./GameViews.js";
import { gameTitle } from "./Lobby.js";
import { rememberMatch } from "./my-matches.js";
import { Chat, NameForm, Players, Rematch, storedName } from "./TableTalk.js";
import { isMyTurn, shouldNotify, turnText } from "./turn.js";

const STATUS_TEXT: Record<ConnectionStatus, string> = { connecting: "connecting…", open: "connected", reconnecting: "connection lost: reconnecting…", closed: "disconnected" };

function notificationsSupported(): boolean {
  return typeof Notification !== "undefined";
}

export function Play({ matchId, token }: { matchId: string; token?: string }) {
  const [s, setS] = useState<OnlineState | null>(null);
  const conn = useRef<MatchConnection | null>(null);
  const [permission, setPermission] = useState(notificationsSupported() ? Notification.permission : "denied");
  const wasMine = useRef(false);

  useEffect(() => {
    const c = new MatchConnection({
      url: socketUrl(location),
      matchId,
      token,
      name: storedName(localStorage),
      socket: (url) => new WebSocket(url) as unknown as SocketLike,
      onChange: (st) => setS(st),
    });
    conn.current = c;
    setS(c.state);
    c.start();
    return () => c.close();
  }, [matchId, token]);

  const seatName = s?.players.find((p) => p.seat === s.seat)?.name ?? s?.seat ?? "";
  const mine = s !== null && isMyTurn(s);

  // Remember the seat (and the version seen) so the match can be resumed from "my matches".
  useEffect(() => {
    if (!s?.synced || !s.game) return;
    rememberMatch(localStorage, { matchId, token, seat: s.seat ?? undefined, game: s.game, title: `${gameTitle(s.game)} — ${s.seat ? seatName : "watching"}`, version: s.version, seenAt: Date.now() });
  }, [s?.version, s?.synced, s?.seat]);

  // Your turn: the page title says so, and a notification appears if the player allowed them.
  useEffect(() => {
    const title = "Muster";
    document.title = mine ? `● Your turn — ${title}` : title;
    if (shouldNotify(wasMine.current, mine, permission, document.hidden)) {
      try {
        new Notification("Muster: your turn", { body: `${s?.game ? gameTitle(s.game) : "Your match"}: it is your turn (${seatName}).`, tag: `muster-${matchId}` });
      } catch {
        // Some browsers only allow notifications from a service worker: the title still says so.
      }
    }
    wasMine.current = mine;
  }, [mine]);
  useEffect(() => () => void (document.title = "Muster"), []);

  if (!s) return <p class="loading">Connecting…</p>;
  if (s.fatal) {
    return (
      <section class="online-play" data-testid="online-play">
        <p class="error" role="alert" data-testid="online-error">
          {s.fatal}
        </p>
        <p>
          <a href="#/play">Back to the lobby</a>
        </p>
      </section>
    );
  }
  const decide = (d: unknown) => conn.current?.decide(d);
  const turn = turnText(s);
  const View = s.game === "shove" ? ShoveOnline : s.game === "contest-of-champions" ? ContestOnline : s.game === "shieldwall-battle" ? BattleOnline : s.game === "shieldwall-duel" ? DuelOnline : GenericOnline;
  return (
    <section class="online-play" data-testid="online-play" data-version={s.version} data-seat={s.seat ?? ""} data-status={s.status}>
      <header class="online-head">
        <h2>
          {s.game ? gameTitle(s.game) : "Match"} · {s.seat ? <>you play <strong data-testid="online-seat">{seatName}</strong></> : "watching (public view)"}
        </h2>
        <p class={`online-turn${mine ? " mine" : ""}${s.result ? " over" : ""}`} data-testid={s.result ? "online-result" : "online-turn"} aria-live="polite">
          {turn}
        </p>
        <p class={`online-status ${s.status}`} data-testid="online-status">
          {STATUS_TEXT[s.status]}
          {s.status === "reconnecting" && s.retryInMs !== null ? ` (attempt ${s.attempt})` : ""} · version {s.version}
          {s.seat && notificationsSupported() && permission === "default" && (
            <>
              {" "}
              <button type="button" class="link" onClick={() => void Notification.requestPermission().then(setPermission)} data-testid="notify">
                Notify me when it is my turn
              </button>
            </>
          )}
          {permission === "granted" && s.seat ? " · notifications on" : ""}
        </p>
        {s.error && (
          <p class="error" role="alert" data-testid="online-error">
            The server says: {s.error.message}
          </p>
        )}
        {s.synced && <Players s={s} />}
        {s.synced && <NameForm s={s} conn={conn.current} />}
        {s.synced && <Rematch s={s} conn={conn.current} />}
      </header>
      {s.synced && s.view !== null && <View s={s} mine={mine} onDecide={decide} />}
      {s.synced && <Chat s={s} conn={conn.current} />}
    </section>
  );
}
