/**
 * The table-side companion's model (src/rulesets/shieldwall/companion/): built from army lists and
 * scenarios, the turn checklist in acting order, the god pack (SW-9, SW-10, SW-11), each test's
 * inputs from the tracked state, odds, seeded roll and result, corrections (SW-12), undo, and the
 * saved file with its named errors.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Card, cardCode } from "../../src/core/cards.js";
import { Random } from "../../src/core/random.js";
import { chargeDist, freeHackCasualties, resolveCharge } from "../../src/rulesets/shieldwall/checks.js";
import { combatOdds } from "../../src/rulesets/shieldwall/combat.js";
import {
  actingOrder,
  applyGodCard,
  applyMissileHits,
  applyRolled,
  change,
  checklist,
  chooseFirst,
  CompanionError,
  type CompanionState,
  type CompanionTable,
  correctUnit,
  correctLeader,
  discardRolled,
  drawTurnCard,
  godChoiceFields,
  holyCallers,
  leaderAction,
  nextPhase,
  parseCompanionTable,
  parseCompanionText,
  rerollWithFortune,
  rollTest,
  settleCalls,
  startFromArmies,
  startFromScenario,
  tableText,
  testDefaults,
  testOdds,
  toggleDone,
  undo,
  unitOf,
  leaderOf,
  startDuel,
  duelSeat,
  duelSeatView,
  duelState,
  duelDecide,
  finishDuel,
  readTableFile,
} from "../../src/rulesets/shieldwall/companion/index.js";
import { shieldwallDuelGame } from "../../src/rulesets/shieldwall/duel/game.js";
import { duelConsequences } from "../../src/rulesets/shieldwall/duel/rules.js";
import { parseScenario } from "../../src/rulesets/shieldwall/battle/scenario.js";
import { totalDp } from "../../src/rulesets/shieldwall/units.js";

const ARMIES = join(import.meta.dirname, "..", "..", "data", "shieldwall", "armies");
const army = (name: string): unknown => JSON.parse(readFileSync(join(ARMIES, `${name}.json`), "utf8"));
const english = army("maldon-991-english");
const vikings = army("maldon-991-vikings");

function fresh(seed = 7): CompanionState {
  return startFromArmies(english, vikings, { seed }).state;
}

/** The state with `cards` on top of the god pack (the last one drawn first). */
function withCards(s: CompanionState, cards: Card[]): CompanionState {
  const rest = s.god.pack.deck.drawPile.filter((c) => !cards.some((x) => cardCode(x) === cardCode(c)));
  return { ...s, god: { ...s.god, pack: { ...s.god.pack, deck: { drawPile: [...rest, ...cards], discards: [] } } } };
}

describe("starting a table", () => {
  it('every unit starts with 3 fatigue DPs and Present aggression (seed "Deployment", ruling SW-12); rolled LPs are an AvD (SW-7)', () => {
    const s = fresh();
    for (const side of ["red", "black"] as const) {
      for (const u of s.sides[side].units) {
        expect(u.dp).toEqual({ fatigue: 3, manoeuvre: 0, shooting: 0, combat: 0, morale: 0 });
        expect(u.aggression).toBe("present");
      }
    }
    const godric = s.sides.red.leaders.find((l) => l.name === "Godric son of Odda")!;
    expect(godric.lpValue).toBeGreaterThanOrEqual(2);
    expect(godric.lpValue).toBeLessThanOrEqual(5);
    expect(s.god.pack.deck.drawPile).toHaveLength(54);
    expect(s.sides.red.contingentOrder).toEqual(["red.centre", "red.right", "red.left"]);
  });

  it("same seed, same table (ruling C-2)", () => {
    expect(fresh(11)).toEqual(fresh(11));
    expect(fresh(11).god.pack).not.toEqual(fresh(12).god.pack);
  });

  it("a bad army gets the engine's named error: the field and the rule (SW-5)", () => {
    const bad = JSON.parse(JSON.stringify(english)) as { contingents: { bands: { grade: string }[] }[] };
    bad.contingents[0].bands[0].grade = "A";
    expect(() => startFromArmies(bad, vikings, { seed: 1 })).toThrow(new CompanionError("red army: field contingents[0].bands[0].grade: a band may be B, C or D, not A (rule SW-5)"));
    expect(() => startFromArmies(english, { name: "x" }, { seed: 1 })).toThrow(/^black army: field side: .*\(army format\)$/);
  });

  it("a scenario gives its armies and starting DPs", () => {
    const scenario = parseScenario({ name: "Test", armies: { red: english, black: vikings }, options: { startingDp: 1 } });
    const s = startFromScenario({ scenario, armies: { red: scenario.armies.red as never, black: scenario.armies.black as never } }, 3).state;
    expect(s.title).toBe("Test");
    expect(s.sides.black.units.every((u) => totalDp(u) === 1)).toBe(true);
  });
});

describe("the turn sequence and acting order", () => {
  it('acting order: the initiative side first, contingents right to left, retinue then bands (seed "Deployment")', () => {
    let s = fresh();
    s = { ...s, first: "black", phase: "movement" };
    const items = checklist(s);
    const firstRed = items.findIndex((i) => i.side === "red");
    expect(items.slice(0, firstRed).every((i) => i.side === "black")).toBe(true);
    const red = actingOrder(s, "red");
    expect(red.map((u) => u.contingent)).toEqual(["centre", "centre", "centre", "right", "right", "right", "left", "left", "left"].map((c) => `red.${c}`));
    expect(red[0].kind).toBe("retinue");
    expect(red[1].kind).toBe("band");
  });

  it("phases follow the seed's order, and the next turn refreshes the LPs (ruling SW-7)", () => {
    let s = fresh();
    expect(() => nextPhase(s)).toThrow(/initiative first/);
    s = chooseFirst(s, "red");
    const seen = [s.phase];
    const cid = s.sides.red.leaders[0].id;
    s = leaderAction({ ...s, phase: "leadership" }, cid, "signalAdvance");
    expect(leaderOf(s, cid).lpSpent).toBe(1);
    s = { ...s, phase: "initiative" };
    for (let i = 0; i < 5; i++) {
      s = nextPhase(s.phase === "gods" ? { ...s, god: { ...s.god, inPlay: null } } : s);
      seen.push(s.phase);
    }
    expect(seen).toEqual(["initiative", "gods", "leadership", "movement", "missiles", "combat"]);
    s = nextPhase(s);
    expect(s.turn).toBe(2);
    expect(s.phase).toBe("initiative");
    expect(leaderOf(s, cid).lpSpent).toBe(0);
    expect(leaderOf(s, cid).signalled).toBe(true);
  });

  it("checklist items tick and untick", () => {
    const s = fresh();
    const id = checklist(s)[0].id;
    expect(checklist(toggleDone(s, id))[0].done).toBe(true);
    expect(checklist(toggleDone(toggleDone(s, id), id))[0].done).toBe(false);
  });
});

describe("the god pack", () => {
  it("SW-9: the card comes from the pack kept for the battle; a joker stays out, other cards go to the discards", () => {
    let s = withCards(fresh(), [{ rank: "4", suit: "clubs" }, { joker: 1 }]);
    s = drawTurnCard(s);
    expect(s.god.inPlay?.first.card).toEqual({ joker: 1 });
    expect(s.god.pack.jokersDrawn).toBe(1);
    expect(s.god.pack.deck.drawPile).toHaveLength(53);
    s = settleCalls(s, { calls: {}, cancel: false, redraw: false });
    s = applyGodCard(s, {});
    expect(s.god.soggyGround).toBe(true);
    expect(() => drawTurnCard(drawTurnCard(s))).toThrow(/already drawn/);
    s = drawTurnCard(s);
    expect(s.god.inPlay?.first.card).toEqual({ rank: "4", suit: "clubs" });
    s = applyGodCard(settleCalls(s, { calls: {}, cancel: false, redraw: false }), {});
    expect(s.god.pack.deck.discards).toEqual([{ rank: "4", suit: "clubs" }]);
    expect(s.god.pack.deck.drawPile).toHaveLength(52);
  });

  it("SW-10: a single caller spends 1 LP, may cancel and draw again; the second card stands", () => {
    let s = withCards(fresh(), [{ rank: "K", suit: "diamonds" }, { rank: "J", suit: "hearts" }]);
    s = drawTurnCard(s);
    const callers = holyCallers(s);
    expect(callers.map((c) => c.leader.name)).toEqual(["Byrhtnoth"]);
    const b = callers[0].leader;
    expect(() => settleCalls(s, { calls: { red: b.id }, cancel: false, redraw: true })).toThrow(/only after cancelling \(ruling SW-10\)/);
    s = settleCalls(s, { calls: { red: b.id }, cancel: true, redraw: true });
    expect(leaderOf(s, b.id).lpSpent).toBe(1);
    expect(s.god.inPlay?.standing?.card).toEqual({ rank: "K", suit: "diamonds" });
    expect(godChoiceFields(s).map((f) => f.key)).toEqual(["kingLeader"]);
    expect(() => applyGodCard(s, {})).toThrow(/red.kingLeader/);
    s = applyGodCard(s, { red: { kingLeader: b.id } });
    expect(unitOf(s, b.unit).attachments).toContain("heroic-champion");
    expect(s.log.flatMap((e) => e.lines).some((l) => l.includes("personal-combat"))).toBe(true);
  });

  it("SW-10: a caller who cancels without a redraw leaves no card; both calling cancel out", () => {
    const b = fresh().sides.red.leaders[0];
    let s = settleCalls(drawTurnCard(withCards(fresh(), [{ rank: "J", suit: "hearts" }])), { calls: { red: b.id }, cancel: true, redraw: false });
    expect(s.god.inPlay?.standing).toBeNull();
    s = applyGodCard(s, {});
    expect(s.sides.red.units.filter((u) => u.kind === "retinue").every((u) => u.dp.fatigue === 3)).toBe(true);
  });

  it("SW-11: the Jack gives every retinue of its colour a fatigue DP, on confirmation; the Seven is kept as a token", () => {
    let s = drawTurnCard(withCards(fresh(), [{ rank: "7", suit: "spades" }, { rank: "J", suit: "hearts" }]));
    s = settleCalls(s, { calls: {}, cancel: false, redraw: false });
    const before = s;
    s = applyGodCard(s, {});
    for (const u of s.sides.red.units) expect(u.dp.fatigue).toBe(unitOf(before, u.id).dp.fatigue + (u.kind === "retinue" ? 1 : 0));
    expect(s.sides.black.units).toEqual(before.sides.black.units);
    s = applyGodCard(settleCalls(drawTurnCard(s), { calls: {}, cancel: false, redraw: false }), {});
    expect(s.sides.black.tokens.fortune).toBe(1);
  });

  it("SW-11: the Three's unit is chosen by the opposing side", () => {
    const s = settleCalls(drawTurnCard(withCards(fresh(), [{ rank: "3", suit: "hearts" }])), { calls: {}, cancel: false, redraw: false });
    const [f] = godChoiceFields(s);
    expect(f).toMatchObject({ key: "badOmenUnit", side: "red", chooser: "black" });
    const target = f.options[2].id;
    const after = applyGodCard(s, { red: { badOmenUnit: target } });
    expect(unitOf(after, target).aggression).toBe("shaken");
  });
});

describe("tests: inputs from the tracked state, exact odds, seeded roll, applied on confirmation", () => {
  it("charge: the modifiers come from the unit and its leader; the odds are the shared chargeDist; a failure costs a morale DP", () => {
    const s = fresh(5);
    const retinue = s.sides.red.units[0];
    const input = testDefaults(s, "charge", retinue.id);
    expect(input).toMatchObject({ grade: "A", aggression: "present", dp: 3, retinueWithLeader: true, battleStandardWithin2: true, unformed: false });
    const odds = testOdds(s, "charge", input);
    const exact = chargeDist({ grade: "A", aggression: "present", dp: 3, unformed: false, retinueWithLeader: true, friendChargingWithin2: false, battleStandardWithin2: true });
    expect(odds.headline[0].p.fraction).toBe(exact.probOf(true).toJSON().fraction);
    expect(odds.modifiers).toContain("+1 A grade");
    // The roll is the shared resolveCharge on the table's generator.
    const rolled = rollTest(s, "charge", { ...input, target: s.sides.black.units[0].id });
    const expected = resolveCharge(new Random(s.rng), { grade: "A", aggression: "present", dp: 3, unformed: false, retinueWithLeader: true, friendChargingWithin2: false, battleStandardWithin2: true });
    expect(rolled.rolled?.dice[0].faces).toEqual([expected.face]);
    expect(rolled.rolled?.outcome).toBe(expected.charges);
    expect(unitOf(rolled, retinue.id)).toEqual(retinue);
    const applied = applyRolled(rolled);
    if (expected.charges) {
      expect(unitOf(applied, retinue.id).inCombat).toBe(true);
      expect(applied.chargedThisTurn).toEqual([retinue.id]);
      // ruling SW-17: its combat is a charge combat.
      expect(testDefaults(applied, "combat", retinue.id)).toMatchObject({ chargeCombat: true, aCharged: true, aLeader: true });
    } else expect(unitOf(applied, retinue.id).dp.morale).toBe(1);
  });

  it("a failed charge: 1 morale DP (seed DP list, ruling SW-12)", () => {
    // Find a seed whose roll fails for a D grade band.
    for (let seed = 1; seed < 50; seed++) {
      const s = fresh(seed);
      const levies = s.sides.red.units.find((u) => u.grade === "D")!;
      const r = rollTest(s, "charge", testDefaults(s, "charge", levies.id));
      if (r.rolled?.outcome !== false) continue;
      const a = applyRolled(r);
      expect(unitOf(a, levies.id).dp).toEqual({ ...levies.dp, morale: 1 });
      return;
    }
    throw new Error("no failing charge in 50 seeds");
  });

  it("a Shaken unit's charge is refused in the rules' words", () => {
    const s = fresh();
    const u = s.sides.red.units[1];
    expect(() => testOdds(s, "charge", { ...testDefaults(s, "charge", u.id), aggression: "shaken" })).toThrow("aggression: a Shaken unit may not initiate a charge");
  });

  it('shooting: hits wait until the exchange ends (seed "Missile Exchange"), then apply one at a time (SW-16)', () => {
    let s: CompanionState = { ...fresh(9), phase: "missiles" };
    const shooter = s.sides.black.units[1];
    const target = s.sides.red.units[1];
    let hits = 0;
    for (let k = 0; k < 20 && hits === 0; k++) {
      s = applyRolled(rollTest(s, "shooting", { ...testDefaults(s, "shooting", shooter.id), target: target.id }));
      hits = s.missileHits[target.id] ?? 0;
    }
    expect(hits).toBeGreaterThan(0);
    expect(unitOf(s, target.id)).toEqual(target);
    expect(() => nextPhase(s)).toThrow(/end the exchange first/);
    s = applyMissileHits(s);
    expect(s.missileHits).toEqual({});
    expect(unitOf(s, target.id).dp.shooting + (totalDp(target) + hits > 4 ? 1 : 0)).toBeGreaterThan(0);
  });

  it("leader risk: a killed leader shakes his contingent (morale list), the odds come from leaderRiskDist", () => {
    const s = fresh(2);
    const l = s.sides.red.leaders[1];
    const odds = testOdds(s, "leader-risk", { leader: l.id, rolls: 1 });
    expect(odds.headline[0].p.fraction).toBe("1/36");
    const killed = correctLeader(s, l.id, { field: "status", value: "killed" });
    for (const u of killed.sides.red.units) expect(u.aggression).toBe(u.contingent === l.contingent ? "shaken" : "present");
  });

  it("combat: the odds are the shared combatOdds; the roll's rounds decide the units through concludeCombat", () => {
    let s = fresh(4);
    const a = s.sides.red.units[1];
    const b = s.sides.black.units[1];
    s = correctUnit(correctUnit(s, a.id, { field: "inCombat", value: true }), b.id, { field: "inCombat", value: true });
    const input = { ...testDefaults(s, "combat", a.id), bUnit: b.id };
    const odds = testOdds(s, "combat", input);
    const shared = combatOdds({ chargeCombat: false, a: [{ unit: unitOf(s, a.id), engagedStands: a.stands, charged: false, flankOrRear: false, opponentHasGround: false, leader: false, flankSupport: 0, followingUp: false }], b: [{ unit: unitOf(s, b.id), engagedStands: b.stands, charged: false, flankOrRear: false, opponentHasGround: false, leader: false, flankSupport: 0, followingUp: false }] });
    expect(odds.bars.map((x) => x.p.fraction)).toEqual(["defeat", "setback", "separated", "success", "victory"].filter((r) => shared.final.probOf(r as never).toJSON().fraction !== "0").map((r) => shared.final.probOf(r as never).toJSON().fraction));
    const rolled = rollTest(s, "combat", input);
    expect(rolled.rolled!.dice.length).toBeGreaterThanOrEqual(2);
    const applied = applyRolled(rolled);
    const changedUnits = [a.id, b.id].filter((id) => JSON.stringify(unitOf(applied, id)) !== JSON.stringify(unitOf(s, id)));
    expect(changedUnits.length).toBeGreaterThan(0);
  });

  it("a bad input is named: the field and the limit", () => {
    const s = fresh();
    const u = s.sides.red.units[1];
    expect(() => testOdds(s, "charge", { ...testDefaults(s, "charge", u.id), dp: 99 })).toThrow("dp: must be 0 to 40, got 99");
    expect(() => testOdds(s, "shooting", { ...testDefaults(s, "shooting", u.id), target: s.sides.red.units[2].id })).toThrow(/target: .* own side/);
  });

  it("a waiting roll cannot be rolled again; set aside, it is logged and not applied", () => {
    const s = fresh();
    const u = s.sides.red.units[1];
    const r = rollTest(s, "move", testDefaults(s, "move", u.id));
    expect(() => rollTest(r, "move", testDefaults(s, "move", u.id))).toThrow(/waiting/);
    const d = discardRolled(r);
    expect(unitOf(d, u.id)).toEqual(u);
    expect(d.rng).toEqual(r.rng);
  });

  it("SW-11: a kept Seven throws the waiting roll again and is spent", () => {
    let s = fresh();
    s = { ...s, sides: { ...s.sides, red: { ...s.sides.red, tokens: { skilledArcher: 0, fortune: 1 } } } };
    const u = s.sides.red.units[1];
    const r = rollTest(s, "move", testDefaults(s, "move", u.id));
    const again = rerollWithFortune(r, "red");
    expect(again.sides.red.tokens.fortune).toBe(0);
    expect(again.rolled?.kind).toBe("move");
    expect(again.rng).not.toEqual(r.rng);
    expect(() => rerollWithFortune(again, "red")).toThrow(/no Seven/);
  });

  it("leadership: a leader's action spends his LPs through the shared rules (SW-7, SW-8)", () => {
    let s = fresh();
    const l = s.sides.red.leaders[0];
    const band = s.sides.red.units[1];
    s = leaderAction(s, l.id, "increaseCohesion", band.id);
    expect(totalDp(unitOf(s, band.id))).toBe(2);
    s = leaderAction(s, l.id, "raiseAggression", band.id);
    expect(unitOf(s, band.id).aggression).toBe("ready");
    expect(leaderOf(s, l.id).lpSpent).toBe(4);
    expect(() => leaderAction(s, l.id, "increaseCohesion", band.id)).toThrow(/1 LP left this turn, needs 2 \(ruling SW-7\)/);
    const inCombat = correctUnit(fresh(), l.unit, { field: "inCombat", value: true });
    expect(() => leaderAction(inCombat, l.id, "signalAdvance")).toThrow(/ruling SW-8/);
  });
});

describe("corrections, undo and the saved file", () => {
  it("SW-12: a combat DP added at 4 DPs drops a level instead; fatigue is always added", () => {
    let s = fresh();
    const u = s.sides.red.units[1];
    s = correctUnit(s, u.id, { field: "dp", kind: "combat", delta: 1 });
    expect(unitOf(s, u.id).dp.combat).toBe(1);
    s = correctUnit(s, u.id, { field: "dp", kind: "combat", delta: 1 });
    expect(unitOf(s, u.id).dp.combat).toBe(1);
    expect(unitOf(s, u.id).aggression).toBe("shaken");
    s = correctUnit(s, u.id, { field: "dp", kind: "fatigue", delta: 1 });
    expect(unitOf(s, u.id).dp.fatigue).toBe(4);
  });

  it("undo takes back the last change; the table survives its file", () => {
    let t: CompanionTable = startFromArmies(english, vikings, { seed: 3 });
    const start = t.state;
    t = change(t, (s) => chooseFirst(s, "black"));
    t = change(t, (s) => rollTest(s, "initiative", testDefaults(s, "initiative", "")));
    expect(t.undo).toHaveLength(2);
    const back = undo(t);
    expect(back.state.first).toBe("black");
    expect(undo(back).state).toEqual(start);
    expect(parseCompanionText(tableText(t))).toEqual(t);
  });

  it("a bad file is refused with the field named (companion file format)", () => {
    const t = startFromArmies(english, vikings, { seed: 3 });
    const broken = JSON.parse(tableText(t));
    broken.state.sides.red.units[0].stands = -1;
    expect(() => parseCompanionTable(broken)).toThrow("state.sides.red.units.0.stands: must be at least 0, got -1 (companion file format)");
    expect(() => parseCompanionText("{not json")).toThrow(/^\(file\): not JSON: .*\(companion file format\)$/);
    expect(() => parseCompanionTable({ format: "muster-companion-table", version: 2 })).toThrow(/^version: .*\(companion file format\)$/);
  });
});

describe("personal combat on the device (rulings SW-22, SW-23, SW-24)", () => {
  it("is dealt from the table's seed, each seat sees only its own hand, and its end is applied through duelConsequences", () => {
    let s = fresh(21);
    const red = s.sides.red.leaders[1];
    const black = s.sides.black.leaders[1];
    s = startDuel(s, { leader: red.id, fighter: "leader" }, { leader: black.id, fighter: "leader" });
    // Each paid 3 LPs: to challenge and to accept (seed "Personal Combat").
    const [paidRed, paidBlack] = [leaderOf(s, red.id), leaderOf(s, black.id)];
    expect([paidRed.lpSpent, paidBlack.lpSpent]).toEqual([3, 3]);
    expect(() => nextPhase({ ...s, first: "red" })).toThrow(/personal combat/);
    let guard = 0;
    for (let seat = duelSeat(s); seat !== null; seat = duelSeat(s)) {
      const view = duelSeatView(s, seat);
      const full = duelState(s);
      const other = seat === "a" ? "b" : "a";
      // SW-24: the seat's view holds its own hand and never the other's cards.
      expect(view.hand).toEqual(full.hands[seat]);
      expect(JSON.stringify(view)).not.toContain(JSON.stringify(full.hands[other]));
      expect(Object.keys(view)).not.toContain("stock");
      const move = shieldwallDuelGame.legalMoves(full, seat)[0];
      s = duelDecide(s, seat, move);
      expect(++guard).toBeLessThan(200);
    }
    const outcome = duelState(s).outcome!;
    expect(outcome).not.toBeNull();
    const after = finishDuel(s);
    expect(after.duel).toBeNull();
    const expected = duelConsequences(outcome, {
      a: { leader: paidRed, fighter: { kind: "leader", specialWeapon: red.specialWeapon }, units: s.sides.red.units },
      b: { leader: paidBlack, fighter: { kind: "leader", specialWeapon: black.specialWeapon }, units: s.sides.black.units },
    });
    expect(leaderOf(after, red.id)).toEqual(expected.a.leader);
    expect(after.sides.black.units).toEqual(expected.b.units);
    // The saved table replays the duel; a tampered decision is named.
    const mid = startDuel(fresh(21), { leader: red.id, fighter: "leader" }, { leader: black.id, fighter: "leader" });
    const t = { format: "muster-companion-table" as const, version: 1 as const, state: { ...mid, duel: { ...mid.duel!, moves: [{ type: "play" as const, card: "QH", as: "red" as const }] } }, undo: [] };
    expect(() => readTableFile(tableText(t))).toThrow(/^state\.duel\.moves\.0: .*\(companion file format\)$/);
  });

  it("a heroic champion fights only where one is attached", () => {
    const s = fresh(21);
    expect(() => startDuel(s, { leader: s.sides.red.leaders[1].id, fighter: "heroic-champion" }, { leader: s.sides.black.leaders[1].id, fighter: "leader" })).toThrow(/^a\.fighter: /);
  });
});

describe("free hack (ruling SW-20), shared with the battle's aftermath", () => {
  it("a stand per casualty; none left destroys; a caught retirer breaks", () => {
    const u = fresh().sides.black.units[1];
    expect(freeHackCasualties(u, 1, false).value).toMatchObject({ stands: u.stands - 1, status: "active" });
    expect(freeHackCasualties(u, 1, true).value).toMatchObject({ stands: u.stands - 1, status: "broken" });
    expect(freeHackCasualties(u, u.stands, true).value).toMatchObject({ stands: 0, status: "destroyed" });
  });

  it("the companion's free hack applies the rolled casualties through it", () => {
    let s = fresh(6);
    const pursuer = s.sides.red.units[0];
    const caught = s.sides.black.units[1];
    s = rollTest(s, "free-hack", { ...testDefaults(s, "free-hack", pursuer.id), target: caught.id, retiring: true });
    const casualties = s.rolled!.outcome as number;
    expect(unitOf(applyRolled(s), caught.id)).toEqual(freeHackCasualties(caught, casualties, true).value);
  });
});
