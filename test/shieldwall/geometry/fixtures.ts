/** Stands and units for the geometry tests: 15mm stands (ruling SW-3), red facing north (90°). */
import { BASE_SIZES, type Stand, type UnitGeom } from "../../../src/rulesets/shieldwall/geometry/index.js";

export const { width: W, depth: D } = BASE_SIZES["15mm"];

/** A 15mm stand centred at (x, y), facing `facing` degrees. */
export const stand = (x: number, y: number, facing = 90): Stand => ({ x, y, facing, width: W, depth: D });

export const unit = (id: string, side: string, stands: Stand[], formed = true): UnitGeom => ({ id, side, formed, stands });
