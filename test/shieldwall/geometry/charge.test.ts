import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Stand,
  chargeIntoContact,
  contactBetween,
  contactPose,
  defaultTable,
  formLine,
  lineProblem,
  overlappingStands,
  type Edge,
  convexHull,
  planCharge,
  polygonsOverlap,
  prepareScene,
  rectCorners,
  rectOf,
  rectsOverlap,
  segmentLengthInside,
  unitContacts,
} from "../../../src/rulesets/shieldwall/geometry/index.js";
import { D, stand, unit, W } from "./fixtures.js";

const close = (a: Stand, b: Stand) => {
  expect(a.x).toBeCloseTo(b.x, 9);
  expect(a.y).toBeCloseTo(b.y, 9);
  expect(((a.facing - b.facing) % 360 + 360) % 360).toBeCloseTo(0, 9);
};

// Target faces south: front = south edge, left flank = east edge, rear = north edge.
const target = stand(36, 30, 270);

describe("charge into contact (seed Charges and Combat, Resolving combat: align without partial overlaps)", () => {
  it("Resolving combat: a flank charge ends front edge flush on the flank, front corner to front corner", () => {
    const pose = contactPose(target, "left", { width: W, depth: D });
    close(pose, stand(36 + W / 2 + D / 2, 30 - D / 2 + W / 2, 180));
    const c = contactBetween(pose, target);
    expect([c.inContact, c.edgeOfA, c.edgeOfB, c.aspectOfB, c.flush]).toEqual([true, "front", "left", "flank", true]);
  });
  it("Resolving combat: a flank charge may instead be centred on the flank (option align)", () => {
    const pose = contactPose(target, "left", { width: W, depth: D }, "centre");
    close(pose, stand(36 + W / 2 + D / 2, 30, 180));
  });
  it("Resolving combat: a frontal charge is centred: the two front edges coincide", () => {
    const pose = contactPose(target, "front", { width: W, depth: D });
    close(pose, stand(36, 30 - D, 90));
    const c = contactBetween(pose, target);
    expect(c.length).toBeCloseTo(W, 9);
  });
  it("SW-18: a rear charge ends on the rear edge", () => {
    const pose = contactPose(target, "rear", { width: W, depth: D });
    close(pose, stand(36, 30 + D, 270));
    expect(contactBetween(pose, target).aspectOfB).toBe("rear");
  });
  it("Resolving combat: a formed charger wheels and moves as a rigid line, nearest stand making contact", () => {
    const charger = unit("c", "south", formLine({ x: 44, y: 24, facing: 100 }, 2));
    const after = chargeIntoContact(charger, target, "left");
    expect(lineProblem(after.stands)).toBeNull();
    const touching = after.stands.map((s) => contactBetween(s, target)).filter((c) => c.inContact);
    expect(touching.length).toBe(1);
    expect(touching[0].edgeOfB).toBe("left");
    expect(overlappingStands([after, unit("t", "north", [target])], 1e-9)).toEqual([]);
  });
  it("Resolving combat: a line charging a line of equal frontage ends with every stand flush", () => {
    const foe = unit("foe", "north", formLine({ x: 36, y: 30 - D / 2, facing: 270 }, 2));
    const charger = unit("c", "south", formLine({ x: 37, y: 27, facing: 95 }, 2));
    const after = chargeIntoContact(charger, foe.stands[0], "front");
    const cs = unitContacts(after, foe);
    expect(cs.length).toBe(2);
    for (const c of cs) {
      expect(c.flush).toBe(true);
      expect(c.length).toBeCloseTo(W, 9);
    }
  });
  it("Charges and Combat: an unformed charger moves only its contacting stand", () => {
    const charger = unit("c", "south", [stand(30, 20, 45), stand(40, 20, 135)], false);
    const after = chargeIntoContact(charger, target, "front", { chargerStand: 1 });
    expect(after.stands[0]).toEqual(charger.stands[0]);
    expect(contactBetween(after.stands[1], target).edgeOfB).toBe("front");
  });
  it("Charges and Combat: an open path is clear and reports how far the charger moved", () => {
    const charger = unit("c", "south", formLine({ x: 36, y: 30 - D / 2 - 1.5, facing: 90 }, 1));
    const scene = prepareScene(defaultTable(), [charger, unit("t", "north", [target])]);
    const plan = planCharge(scene, "c", { unit: "t", stand: 0 }, "front");
    expect(plan.clear).toBe(true);
    expect(plan.blockedBy).toEqual([]);
    expect(plan.distance).toBeCloseTo(1.5, 9);
    expect(plan.contact.inContact).toBe(true);
  });
  it("Charges and Combat: a friendly stand in the way blocks the charge path", () => {
    const charger = unit("c", "south", [stand(36 + 6, 30 - D / 2 - 0.5 - D / 2, 90)]);
    // The charger is off to the east; a friend stands between it and the target's front.
    const friend = unit("friend", "south", [stand(36 + W + 0.1, 29, 90)]);
    const scene = prepareScene(defaultTable(), [charger, friend, unit("t", "north", [target])]);
    const plan = planCharge(scene, "c", { unit: "t", stand: 0 }, "front");
    expect(plan.clear).toBe(false);
    expect(plan.blockedBy).toContainEqual({ kind: "stand", unit: "friend", stand: 0 });
  });
  it("Charges and Combat: a charge that would end off the table is not clear", () => {
    const edgeTarget = stand(72 - W / 2, 30, 270);
    const charger = unit("c", "south", [stand(60, 30, 180)]);
    const scene = prepareScene(defaultTable(), [charger, unit("t", "north", [edgeTarget])]);
    const plan = planCharge(scene, "c", { unit: "t", stand: 0 }, "left");
    expect(plan.blockedBy).toContainEqual({ kind: "table-edge" });
    expect(plan.clear).toBe(false);
  });
  it("Effect of difficult terrain: a charge across an obstacle reports it crossed", () => {
    const charger = unit("c", "south", [stand(36, 30 - D - 1.5, 90)]);
    const table = defaultTable({
      terrain: [
        { id: "ditch", kind: "obstacle", points: [{ x: 20, y: 30 - D / 2 - 0.75 }, { x: 50, y: 30 - D / 2 - 0.75 }], difficult: true, cover: false, highGround: false, blocksSight: false },
      ],
    });
    const plan = planCharge(prepareScene(table, [charger, unit("t", "north", [target])]), "c", { unit: "t", stand: 0 }, "front");
    expect(plan.obstaclesCrossed).toEqual(["ditch"]);
  });
});

describe("charge path checks (speed: the swept box and hulls worked out only when needed)", () => {
  it("Charges and Combat: what blocks or is crossed is what a check of every stand against each stand's swept hull finds (fast-check, fixed seed)", () => {
    const edges: Edge[] = ["front", "rear", "left", "right"];
    const at = fc.record({ x: fc.double({ min: 28, max: 44, noNaN: true }), y: fc.double({ min: 22, max: 38, noNaN: true }), facing: fc.double({ min: 0, max: 359, noNaN: true }) });
    fc.assert(
      fc.property(at, fc.integer({ min: 1, max: 3 }), fc.boolean(), fc.array(at, { maxLength: 4 }), fc.constantFrom(...edges), fc.tuple(at, at), (c, n, formed, others, edge, ditch) => {
        const charger = unit("c", "south", formLine(c, n), formed);
        const friends = others.map((o, i) => unit(`f${i}`, i % 2 === 0 ? "south" : "north", [stand(o.x, o.y, o.facing)]));
        const table = defaultTable({
          terrain: [{ id: "ditch", kind: "obstacle", points: [ditch[0], ditch[1]], difficult: true, cover: false, highGround: false, blocksSight: false }],
        });
        const plan = planCharge(prepareScene(table, [charger, ...friends, unit("t", "north", [target])]), "c", { unit: "t", stand: 0 }, edge);
        // Every stand checked against every swept hull, nothing skipped.
        const ends = plan.unit.stands.map(rectOf);
        const hulls = charger.stands.map((st, i) => convexHull([...rectCorners(rectOf(st)), ...rectCorners(ends[i])]));
        const blocked: { kind: string; unit: string; stand: number }[] = [];
        for (const o of [...friends, unit("t", "north", [target])]) {
          o.stands.forEach((st, j) => {
            const r = rectOf(st);
            const overlapsEnd = ends.some((e) => rectsOverlap(e, r, 1e-6));
            const crossed = o.id !== "t" && hulls.some((h) => polygonsOverlap(h, rectCorners(r), 1e-6));
            if (overlapsEnd || crossed) blocked.push({ kind: "stand", unit: o.id, stand: j });
          });
        }
        expect(plan.blockedBy.filter((b) => b.kind === "stand")).toEqual(blocked);
        const crossesDitch = hulls.some((h) => segmentLengthInside(ditch[0], ditch[1], h) > 1e-6);
        expect(plan.obstaclesCrossed).toEqual(crossesDitch ? ["ditch"] : []);
      }),
      { seed: 4242, numRuns: 300 },
    );
  });
});
