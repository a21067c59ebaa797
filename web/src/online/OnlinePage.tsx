/**
 * Online play (`#/play`): the lobby to create a match and hand out invitation links, and one
 * match seen from a seat (`#/play?match=ID&seat=TOKEN`) or as a spectator (`#/play?match=ID`).
 * The seat token travels only in the address fragment and this browser's storage.
 */
import "../odds/pages.css";
import "../shove/shove.css";
import "./online.css";
import type { PageProps } from "../shell/location.js";
import { Lobby } from "./Lobby.js";
import { parsePlayAddress } from "./my-matches.js";
import { Play } from "./Play.js";

export default function OnlinePage({ query }: PageProps) {
  const at = parsePlayAddress(location.search, query, location.hash);
  return <div class="game-page online-page">{at ? <Play key={`${at.matchId}-${at.token ?? ""}`} matchId={at.matchId} token={at.token} /> : <Lobby />}</div>;
}
