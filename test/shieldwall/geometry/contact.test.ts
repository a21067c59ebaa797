import { describe, expect, it } from "vitest";
import {
  CONTACT_TOLERANCE,
  allInContact,
  contactChain,
  contactBetween,
  edgeFacing,
  engagedOnlyFlankOrRear,
  flankContacts,
  formLine,
  unitContacts,
  unitsEngaged,
} from "../../../src/rulesets/shieldwall/geometry/index.js";
import { D, stand, unit, W } from "./fixtures.js";


// The target faces south (270): its front edge is its south edge, its left flank its east edge.
const target = stand(36, 30, 270);

describe("base-to-base contact (seed Resolving combat, ruling SW-18)", () => {
  it("the contact tolerance is 0.05\"", () => {
    expect(CONTACT_TOLERANCE).toBe(0.05);
  });
  it("SW-18: a flank charge contact: charger's front flush on the target's left flank, front corners level", () => {
    const charger = stand(36 + W / 2 + D / 2, 30 - D / 2 + W / 2, 180);
    const c = contactBetween(charger, target);
    expect(c.inContact).toBe(true);
    expect(c.edgeOfA).toBe("front");
    expect(c.aspectOfA).toBe("front");
    expect(c.edgeOfB).toBe("left");
    expect(c.aspectOfB).toBe("flank");
    expect(c.flush).toBe(true);
    expect(c.length).toBeCloseTo(D, 9);
    // And the other way round: the target touches the charger with its flank, on the charger's front.
    const back = contactBetween(target, charger);
    expect(back.edgeOfA).toBe("left");
    expect(back.edgeOfB).toBe("front");
  });
  it("SW-18: a right flank contact is on the flank", () => {
    const charger = stand(36 - W / 2 - D / 2, 30 - D / 2 + W / 2, 0);
    const c = contactBetween(charger, target);
    expect([c.edgeOfA, c.edgeOfB, c.aspectOfB]).toEqual(["front", "right", "flank"]);
  });
  it("Resolving combat: front to front contact, aligned", () => {
    const c = contactBetween(stand(36, 30 - D), target);
    expect([c.inContact, c.edgeOfA, c.edgeOfB, c.flush]).toEqual([true, "front", "front", true]);
    expect(c.length).toBeCloseTo(W, 9);
  });
  it("SW-18: a rear contact is on the rear", () => {
    const c = contactBetween(stand(36, 30 + D, 270), target);
    expect([c.inContact, c.edgeOfA, c.edgeOfB, c.aspectOfB]).toEqual([true, "front", "rear", "rear"]);
  });
  it("Resolving combat: a half-overlapping (offset) front contact is still contact on the front", () => {
    const c = contactBetween(stand(36 + W / 2, 30 - D), target);
    expect([c.inContact, c.edgeOfB]).toEqual([true, "front"]);
    expect(c.length).toBeCloseTo(W / 2, 9);
  });
  it("Resolving combat: within 0.04\" is contact, 0.06\" apart is not", () => {
    expect(contactBetween(stand(36, 30 - D - 0.04), target).inContact).toBe(true);
    const apart = contactBetween(stand(36, 30 - D - 0.06), target);
    expect(apart.inContact).toBe(false);
    expect(apart.distance).toBeCloseTo(0.06, 9);
  });
  it("Resolving combat: overlapping stands are not in contact but overlapping", () => {
    const c = contactBetween(stand(36, 30 - D + 0.1), target);
    expect(c.inContact).toBe(false);
    expect(c.overlapping).toBe(true);
  });
  it("Resolving combat: corners just meeting is not contact", () => {
    const c = contactBetween(stand(36 + W, 30 - D), target);
    expect(c.distance).toBeCloseTo(0, 9);
    expect(c.inContact).toBe(false);
  });
  it("Resolving combat: an angled charger whose corner touches the front is in contact with the front, not flush", () => {
    // Turned 20° and pushed up until its front-left corner touches the target's front edge.
    const a = { ...stand(0, 0, 110) };
    const cosA = Math.cos((20 * Math.PI) / 180);
    const sinA = Math.sin((20 * Math.PI) / 180);
    // Highest point of a stand turned 20° off north: its front corner, (W/2) sin20 + (D/2) cos20 above centre.
    const reach = (W / 2) * sinA + (D / 2) * cosA;
    const c = contactBetween({ ...a, x: 36, y: 30 - D / 2 - reach }, target);
    expect(c.inContact).toBe(true);
    expect(c.edgeOfB).toBe("front");
    expect(c.flush).toBe(false);
  });
  it("Resolving combat: one stand in contact engages the whole unit; only-flank engagement is detected", () => {
    const a = unit("a", "south", formLine({ x: 36 + W / 2, y: 30 - D / 2 + W, facing: 180 }, 2));
    const b = unit("b", "north", [target]);
    // Facing west, the line's left is south: stand 0 covers the target's flank, stand 1 overhangs behind.
    const cs = unitContacts(a, b);
    expect(cs.map((c) => [c.standOfA, c.standOfB, c.edgeOfB])).toEqual([[0, 0, "left"]]);
    expect(unitsEngaged(a, b)).toBe(true);
    expect(engagedOnlyFlankOrRear(a, b)).toBe(true);
    const frontal = unit("f", "south", [stand(36, 30 - D)]);
    expect(engagedOnlyFlankOrRear(frontal, b)).toBe(false);
    expect(unitsEngaged(unit("far", "south", [stand(10, 10)]), b)).toBe(false);
  });
});

describe("approach edge and flank contacts", () => {
  it("SW-18: a charger coming from ahead meets the front; from the side the flank; from behind the rear", () => {
    // Target faces south: its front is south, its left flank east, its rear north.
    expect(edgeFacing(target, { x: 36, y: 20 })).toBe("front");
    expect(edgeFacing(target, { x: 45, y: 30 })).toBe("left");
    expect(edgeFacing(target, { x: 27, y: 30.5 })).toBe("right");
    expect(edgeFacing(target, { x: 36.5, y: 38 })).toBe("rear");
    // Diagonally ahead and well out to the side: the side it is further beyond.
    expect(edgeFacing(target, { x: 36 + W / 2 + 3, y: 30 - D / 2 - 1 })).toBe("left");
    expect(edgeFacing(target, { x: 36 + W / 2 + 1, y: 30 - D / 2 - 3 })).toBe("front");
  });
  it("Resolving combat: friendly stands on the flank in base to base contact are found with the flank touched", () => {
    const line = unit("line", "north", formLine({ x: 36, y: 30 - D / 2, facing: 270 }, 2));
    // A friend's flank touching the line's east end (the line faces south: its left is east).
    const friend = unit("friend", "north", [stand(36 + W + W / 2, 30, 270)]);
    const enemy = unit("enemy", "south", [stand(36, 30 - D, 90)]);
    const far = unit("far", "north", [stand(60, 30, 270)]);
    expect(flankContacts(line, [friend, enemy, far])).toEqual([{ unit: "friend", stand: 0, ofStand: 0, edge: "left" }]);
  });
});

describe("contact chains", () => {
  const retinue = unit("ret", "south", formLine({ x: 36, y: 10, facing: 90 }, 2));
  const right = unit("right", "south", formLine({ x: 36 + 2 * W, y: 10, facing: 90 }, 2));
  const left = unit("left", "south", formLine({ x: 36 - 1.5 * W, y: 10, facing: 90 }, 1));
  const apart = unit("apart", "south", formLine({ x: 36 + 3.5 * W + 0.5, y: 10, facing: 90 }, 1));
  it("Deployment: a contingent drawn up side by side is all in base to base contact", () => {
    expect(allInContact([retinue, right, left])).toBe(true);
    expect(contactChain(retinue, [retinue, right, left])).toEqual(["ret", "right", "left"]);
  });
  it("Control Test: a unit with a break between it and the retinue is not in the chain", () => {
    expect(contactChain(retinue, [right, left, apart])).toEqual(["ret", "right", "left"]);
    expect(allInContact([retinue, right, left, apart])).toBe(false);
    // Linked through another unit counts: the band beyond the right-hand band.
    const beyond = unit("beyond", "south", formLine({ x: 36 + 3.5 * W, y: 10, facing: 90 }, 1));
    expect(contactChain(retinue, [beyond, right])).toEqual(["ret", "right", "beyond"]);
  });
});
