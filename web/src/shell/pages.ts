/**
 * The app's pages, in the menu's order (the first is the home page). Each is loaded on first
 * visit as its own JavaScript chunk, so a phone loads only the page it opens.
 */
import type { ComponentType } from "preact";
import type { PageProps } from "./location.js";

export interface Page {
  id: string;
  title: string;
  /** One line for the menu's tooltip. */
  blurb: string;
  load: () => Promise<{ default: ComponentType<PageProps> }>;
}

export const PAGES: Page[] = [
  { id: "battle", title: "Battle", blurb: "Play a Shieldwall battle against the computer or a friend.", load: () => import("../battle/BattlePage.js") },
  { id: "scenarios", title: "Scenarios", blurb: "Lay out your own table to scale: terrain, armies, options; checked by the rules engine, saved, exported, shared and played.", load: () => import("../scenarios/ScenariosPage.js") },
  { id: "companion", title: "Companion", blurb: "Shieldwall with real miniatures: track the units, walk the turn, draw the god cards and roll the tests on a phone.", load: () => import("../companion/CompanionPage.js") },
  { id: "armies", title: "Armies", blurb: "Build your own Shieldwall army, checked by the rules as you go; save it here, export it, share it as a link, play it.", load: () => import("../armies/ArmiesPage.js") },
  { id: "odds", title: "Odds", blurb: "Every odds calculator, with charts; the inputs stay in the address to share a result.", load: () => import("../odds/OddsPage.js") },
  { id: "shove", title: "Shove", blurb: "Shove: push the pieces on a small board, against the computer or a friend.", load: () => import("../shove/ShovePage.js") },
  { id: "contest", title: "Contest", blurb: "Contest of Champions: a duel of commanders, against the computer or a friend.", load: () => import("../contest/ContestPage.js") },
  { id: "play", title: "Online", blurb: "Play a friend on another machine: create a match on this server and send the invitation links.", load: () => import("../online/OnlinePage.js") },
  { id: "gurps", title: "GURPS", blurb: "GURPS shields as cover: one attack step by step, and the four treatments compared.", load: () => import("../gurps/GurpsPage.js") },
];

/** The page an id names; an unknown or empty id is the home page. */
export function pageFor(id: string): Page {
  return PAGES.find((p) => p.id === id) ?? PAGES[0];
}
