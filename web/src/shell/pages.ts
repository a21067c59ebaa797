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
];

/** The page an id names; an unknown or empty id is the home page. */
export function pageFor(id: string): Page {
  return PAGES.find((p) => p.id === id) ?? PAGES[0];
}
