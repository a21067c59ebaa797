/**
 * The table-side companion for Shieldwall played with real miniatures (docs/web.md, "The
 * companion"): the tracked state, the turn checklist, the god pack, every test's inputs, odds,
 * roll and result, corrections, and undo. Pure and deterministic; the web page only shows it.
 */
export * from "./actions.js";
export * from "./build.js";
export * from "./duel.js";
export * from "./gods.js";
export * from "./state.js";
export * from "./table.js";
export * from "./tests.js";
export * from "./turn.js";
