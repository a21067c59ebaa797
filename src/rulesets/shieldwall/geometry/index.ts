/**
 * Shieldwall table geometry: stands, units, table and terrain, distances and zones, line of
 * sight, contact, movement, charges and deployment. Pure functions over plain data; inches and
 * degrees (see docs/shieldwall/table.md).
 */
export * from "./charge.js";
export * from "./contact.js";
export * from "./los.js";
export { segmentPenetrates } from "./sight-tests.js";
export * from "./movement.js";
export * from "./polygon.js";
export * from "./stand.js";
export * from "./table.js";
export * from "./unit.js";
export * from "./vec.js";
export * from "./zones.js";
