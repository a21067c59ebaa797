/**
 * Shieldwall table geometry: how many stand-to-stand distance, overlap, line-of-sight and move
 * queries per second. The scene is a battle's worth of stands: two armies of 12 two-stand units
 * in lines 10" apart with a stand out in front of each, a wood and a hedge; shooting is measured
 * on the same lines closed to 1.5" on open ground.
 */
import { Random } from "../src/core/random.js";
import {
  BASE_SIZES,
  type Rect,
  type Stand,
  type StandRef,
  type UnitGeom,
  defaultTable,
  formLine,
  planMove,
  prepareScene,
  rectDistance,
  rectOf,
  rectsOverlap,
  sceneGaps,
  standDistance,
  standSees,
  timeToWithin,
  unitSees,
} from "../src/rulesets/shieldwall/geometry/index.js";
import { type BenchSection, opsPerSecond } from "./harness.js";

const { width: W, depth: D } = BASE_SIZES["15mm"];

function battle(): { units: UnitGeom[]; table: ReturnType<typeof defaultTable> } {
  const units: UnitGeom[] = [];
  for (let i = 0; i < 12; i++) {
    units.push({ id: `s${i}`, side: "south", formed: true, stands: formLine({ x: 6 + i * (2 * W + 0.6), y: 19, facing: 90 }, 2) });
    units.push({ id: `n${i}`, side: "north", formed: true, stands: formLine({ x: 7 + i * (2 * W + 0.6), y: 29, facing: 270 }, 2) });
  }
  // Skirmishing stands out in front, turned a little.
  units.push({ id: "sx", side: "south", formed: false, stands: [{ x: 30, y: 23, facing: 80, width: W, depth: D }] });
  units.push({ id: "nx", side: "north", formed: false, stands: [{ x: 44, y: 25, facing: 250, width: W, depth: D }] });
  const table = defaultTable({
    terrain: [
      {
        id: "wood",
        kind: "area",
        points: [
          { x: 55, y: 22 },
          { x: 62, y: 22 },
          { x: 63, y: 26 },
          { x: 56, y: 27 },
        ],
        difficult: true,
        cover: true,
        highGround: false,
        blocksSight: true,
      },
      {
        id: "hedge",
        kind: "obstacle",
        points: [
          { x: 10, y: 24 },
          { x: 20, y: 24.5 },
        ],
        difficult: true,
        cover: true,
        highGround: false,
        blocksSight: false,
      },
    ],
  });
  return { units, table };
}

/** The same armies closed up for shooting: front edges 1.5" apart. */
function closeBattle(): UnitGeom[] {
  const units: UnitGeom[] = [];
  for (let i = 0; i < 12; i++) {
    units.push({ id: `s${i}`, side: "south", formed: true, stands: formLine({ x: 6 + i * (2 * W + 0.6), y: 23, facing: 90 }, 2) });
    units.push({ id: `n${i}`, side: "north", formed: true, stands: formLine({ x: 7 + i * (2 * W + 0.6), y: 24.5, facing: 270 }, 2) });
  }
  return units;
}

export const shieldwallGeometryBench: BenchSection = {
  name: "shieldwall-geometry",
  run() {
    const rng = Random.fromSeed(7);
    const { units, table } = battle();
    const scene = prepareScene(table, units);
    const stands: Stand[] = units.flatMap((u) => u.stands);
    const rects: Rect[] = stands.map(rectOf);
    const n = rects.length;
    // Random pairs, fixed in advance so the loop measures only the query.
    const pairs = 4096;
    const ia = new Int32Array(pairs);
    const ib = new Int32Array(pairs);
    for (let i = 0; i < pairs; i++) {
      ia[i] = rng.int(0, n - 1);
      ib[i] = rng.int(0, n - 1);
    }
    let sink = 0;
    const distanceQueriesPerSecond = opsPerSecond(() => {
      for (let i = 0; i < pairs; i++) sink += rectDistance(rects[ia[i]], rects[ib[i]]);
    }, 500, pairs);
    const distanceQueriesFromPlainStandsPerSecond = opsPerSecond(() => {
      for (let i = 0; i < pairs; i++) sink += standDistance(stands[ia[i]], stands[ib[i]]);
    }, 500, pairs);
    const overlapChecksPerSecond = opsPerSecond(() => {
      for (let i = 0; i < pairs; i++) if (rectsOverlap(rects[ia[i]], rects[ib[i]])) sink++;
    }, 500, pairs);
    const haltQueriesPerSecond = opsPerSecond(() => {
      for (let i = 0; i < pairs; i++) sink += timeToWithin(rects[ia[i]], 0, 1, rects[ib[i]], 2);
    }, 500, pairs);
    // Lines of sight from south stands to north stands: a mix of clear, screened and blocked.
    const south: StandRef[] = [];
    const north: StandRef[] = [];
    for (const u of units) {
      for (let i = 0; i < u.stands.length; i++) (u.side === "south" ? south : north).push({ unit: u.id, stand: i });
    }
    const losPairs = 512;
    const la: StandRef[] = [];
    const lb: StandRef[] = [];
    for (let i = 0; i < losPairs; i++) {
      la.push(south[rng.int(0, south.length - 1)]);
      lb.push(north[rng.int(0, north.length - 1)]);
    }
    let visible = 0;
    for (let i = 0; i < losPairs; i++) if (standSees(scene, la[i], lb[i])) visible++;
    // Uncached: the scene's memo is cleared before every query.
    const losChecksPerSecond = opsPerSecond(() => {
      for (let i = 0; i < losPairs; i++) {
        scene.sightMemo.clear();
        if (standSees(scene, la[i], lb[i])) sink++;
      }
    }, 1000, losPairs);
    const losMemoHitsPerSecond = opsPerSecond(() => {
      for (let i = 0; i < losPairs; i++) if (standSees(scene, la[i], lb[i])) sink++;
    }, 300, losPairs);
    // Shooting lines of sight (lines 1.5" apart): each south stand to the enemy stand facing it.
    const closeA: StandRef[] = [];
    const closeB: StandRef[] = [];
    for (let i = 0; i < 12; i++) {
      for (let k = 0; k < 2; k++) {
        closeA.push({ unit: `s${i}`, stand: k });
        closeB.push({ unit: `n${i}`, stand: 1 - k });
      }
    }
    // Shooting across open ground (the wood and hedge of the main scene would straddle these lines).
    const close = prepareScene(defaultTable(), closeBattle());
    const shootingLosChecksPerSecond = opsPerSecond(() => {
      for (let i = 0; i < closeA.length; i++) {
        close.sightMemo.clear();
        if (standSees(close, closeA[i], closeB[i])) sink++;
      }
    }, 500, closeA.length);
    const unitSightChecksPerSecond = opsPerSecond(() => {
      for (let i = 0; i < 12; i++) {
        scene.sightMemo.clear();
        if (unitSees(scene, `s${i}`, `n${(i + 3) % 12}`)) sink++;
      }
    }, 500, 12);
    // A move planned on a fresh scene each time (as after every state change).
    const plannedMovesPerSecond = opsPerSecond(() => {
      for (let i = 0; i < 12; i++) sink += planMove(prepareScene(table, units), `s${i}`, 90 + (i - 6), 6).distance;
    }, 500, 12);
    const scenesPreparedPerSecond = opsPerSecond(() => {
      sink += prepareScene(table, units).stands.length;
    }, 300);
    // Including the narrow gaps, which the first line-of-sight query works out.
    const scenesPreparedWithGapsPerSecond = opsPerSecond(() => {
      sink += sceneGaps(prepareScene(table, units)).length;
    }, 300);
    if (sink === Number.NEGATIVE_INFINITY) throw new Error("unreachable");
    return {
      stands: n,
      distanceQueriesPerSecond,
      distanceQueriesFromPlainStandsPerSecond,
      overlapChecksPerSecond,
      haltQueriesPerSecond,
      losChecksPerSecond,
      losMemoHitsPerSecond,
      losVisibleShare: Number((visible / losPairs).toFixed(3)),
      shootingLosChecksPerSecond,
      unitSightChecksPerSecond,
      plannedMovesPerSecond,
      scenesPreparedPerSecond,
      scenesPreparedWithGapsPerSecond,
    };
  },
};
