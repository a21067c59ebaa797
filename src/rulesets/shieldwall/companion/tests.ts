/**
 * Every dice test of Shieldwall as the companion rolls it: its inputs filled in from the tracked
 * state (and editable by the players, who see the table), its exact odds before the roll, the
 * seeded roll with every die shown, and the result applied to the tracked state on confirmation.
 * Each test only calls the shared mechanics (checks.ts, combat.ts, leaders.ts, move-dice.ts,
 * morale.ts, duel/rules.ts): no rule is written twice.
 */
import { GivenFaces, MoreDiceNeeded, type Die } from "../../../core/dice.js";
import { Random } from "../../../core/random.js";
import {
  applyChargeResult,
  applyRisk,
  applyShootingHits,
  chargeDist,
  chargeModifiers,
  chargeRefusal,
  controlDist,
  controlModifier,
  FREE_HACK_HIT_ON,
  freeHackCasualties,
  freeHackDist,
  leaderRiskDist,
  resolveCharge,
  resolveControl,
  resolveFreeHack,
  resolveLeaderRisk,
  resolveRetinueEliminated,
  resolveShooting,
  retinueEliminatedDist,
  retinueEliminatedFate,
  riskOutcome,
  SHOOTING_HIT_ON,
  shootingDice,
  shootingHitsDist,
} from "../checks.js";
import { combatOdds, concludeCombat, RESULT_NAME, resolveCombat, sideDice, stillInCombat } from "../combat.js";
import { refusalDist, resolveRefusal, rollRefusal } from "../duel/rules.js";
import { useToken } from "../gods.js";
import { initiativeDist, restAndReform, restBlocked, rollInitiative } from "../leaders.js";
import { applyFatigue, fatigueDps, MOVE_KINDS, type MoveKind, moveDist, moveIsUnformed, movesFormed, rollMove } from "../move-dice.js";
import { totalDp, type UnitState } from "../units.js";
import { CompanionError, type CompanionState, leaderOf, leaderWith, logged, otherSide, type RolledTest, sideOf, unitOf, withChanges } from "./state.js";
import {
  activeUnit,
  afterLeaderFate,
  AGGRESSIONS,
  aliveLeader,
  chargeInput,
  combatDefaults,
  combatInput,
  CONTROL_TEXT,
  controlInput,
  distBars,
  ex,
  FINAL_ORDER,
  flag,
  GRADES,
  modText,
  moveInput,
  num,
  type OddsView,
  shootingInput,
  SIDE_KEYS,
  type TestField,
  type TestInput,
} from "./test-inputs.js";

export type { ExactP, OddsView, TestField, TestInput } from "./test-inputs.js";

export const TEST_KINDS = ["initiative", "control", "move", "rest", "charge", "shooting", "leader-risk", "retinue-eliminated", "refusal", "free-hack", "combat"] as const;
export type TestKind = (typeof TEST_KINDS)[number];

interface TestDef {
  title: string;
  /** Seed section or ruling of the test. */
  rule: string;
  /** Which phase it belongs to (the checklist offers it there; every test can be rolled at any time). */
  fields: (state: CompanionState, input: TestInput) => TestField[];
  defaults: (state: CompanionState, subject: string) => TestInput;
  odds: (state: CompanionState, input: TestInput) => OddsView;
  roll: (state: CompanionState, input: TestInput, rng: Random) => RolledTest;
  apply: (state: CompanionState, rolled: RolledTest) => { state: CompanionState; notes: string[] };
}


export const TESTS: Record<TestKind, TestDef> = {
  initiative: {
    title: "Initiative",
    rule: 'seed "Turn Sequence" 1, ruling SW-8',
    fields: () => [
      { key: "redCincLp", label: "red commander-in-chief's LPs (0: none)", type: "number", min: 0, max: 6 },
      { key: "blackCincLp", label: "black commander-in-chief's LPs (0: none)", type: "number", min: 0, max: 6 },
    ],
    defaults: (s) => {
      const cinc = (side: "red" | "black") => s.sides[side].leaders.find((l) => l.commanderInChief && l.status === "alive")?.lpValue ?? 0;
      return { redCincLp: cinc("red"), blackCincLp: cinc("black") };
    },
    odds: (_s, i) => {
      const input = { redCincLp: num(i, "redCincLp", 0, 6), blackCincLp: num(i, "blackCincLp", 0, 6) };
      const d = initiativeDist(input);
      const mods = input.redCincLp > input.blackCincLp ? ["+1 red (its commander-in-chief has more LPs)"] : input.blackCincLp > input.redCincLp ? ["+1 black (its commander-in-chief has more LPs)"] : [];
      return { title: "Who wins the initiative (ties roll again)", bars: distBars(d, ["red", "black"], (v) => v, false), showAtLeast: false, headline: [{ label: "red wins", p: ex(d.probOf("red")) }], modifiers: mods };
    },
    roll: (_s, i, rng) => {
      const r = rollInitiative(rng, { redCincLp: num(i, "redCincLp", 0, 6), blackCincLp: num(i, "blackCincLp", 0, 6) });
      return { kind: "initiative", input: i, dice: r.rolls.map(([red, black], k) => ({ label: `throw ${k + 1}: red, black${initiativeBonus(i)}`, faces: [red, black].map((x) => Math.min(6, x)) })), outcome: r.winner, text: r.notes };
    },
    apply: (s, rolled) => {
      const winner = rolled.outcome as "red" | "black";
      return { state: { ...s, first: winner }, notes: [`${winner} takes the initiative and acts first in every phase this turn`] };
    },
  },

  control: {
    title: "Control test",
    rule: 'seed "Control Test"',
    fields: () => [
      { key: "unit", label: "unit", type: "unit", who: "any" },
      { key: "grade", label: "grade", type: "enum", options: GRADES },
      { key: "aggression", label: "aggression", type: "enum", options: AGGRESSIONS },
      { key: "aGradeChoice", label: "A grade's optional ±1", type: "enum", options: [{ value: "none", label: "none" }, { value: "plus", label: "+1" }, { value: "minus", label: "−1" }] },
    ],
    defaults: (s, subject) => {
      const u = unitOf(s, subject);
      return { unit: u.id, grade: u.grade, aggression: u.aggression, aGradeChoice: "none" };
    },
    odds: (_s, i) => {
      const input = controlInput(i);
      const d = controlDist(input);
      const order = ["retire", "halt", "free", "repeat-move", "advance-and-charge"] as const;
      return {
        title: "Control test (AvD + modifiers)",
        bars: distBars(d, order, (v) => CONTROL_TEXT[v], false),
        showAtLeast: false,
        headline: d.outcomes().map((o) => ({ label: CONTROL_TEXT[o.value], p: ex(o.p) })),
        modifiers: modText(controlModifier(input).parts),
      };
    },
    roll: (s, i, rng) => {
      const u = activeUnit(s, i, "unit");
      const r = resolveControl(rng, controlInput(i));
      return { kind: "control", input: i, dice: [{ label: "AvD", faces: [r.face] }], outcome: r.outcome, text: [`${u.name}'s control test: AvD ${r.face} ${r.modifier >= 0 ? "+" : "−"} ${Math.abs(r.modifier)} = ${r.text}`] };
    },
    apply: (s) => ({ state: s, notes: [] }),
  },

  move: {
    title: "Move dice",
    rule: 'seed "Movement Rates", "Fatigue", ruling SW-2',
    fields: (_s, i) => {
      // A rout, retire or pursuit throws both dice (SW-2) and is unformed (seed "Unformed Units"): nothing to choose.
      const normal = !MOVE_KINDS.includes(i.moveKind as MoveKind) || !moveIsUnformed(i.moveKind as MoveKind);
      return [
        { key: "unit", label: "unit", type: "unit", who: "any" },
        { key: "moveKind", label: "move", type: "enum", options: MOVE_KINDS.map((k) => ({ value: k, label: k })) },
        ...(normal
          ? ([
              { key: "extraD6", label: "add the optional D6", type: "boolean" },
              { key: "formed", label: "formed (unformed units take no fatigue)", type: "boolean" },
            ] as const)
          : []),
        { key: "soggyGround", label: "soggy ground (first joker): fatigue on 4-6", type: "boolean" },
      ];
    },
    defaults: (s, subject) => {
      const u = unitOf(s, subject);
      return { unit: u.id, moveKind: "normal", extraD6: false, formed: u.formed, soggyGround: s.god.soggyGround };
    },
    odds: (_s, i) => {
      const input = moveInput(i);
      const d = moveDist(input);
      const inches = d.map((m) => m.inches);
      const fatigue = d.map((m) => m.fatigue);
      return {
        title: "Inches moved",
        bars: distBars(inches, null, (v) => `${v}"`, true),
        showAtLeast: true,
        headline: fatigue.outcomes().map((o) => ({ label: `${o.value} fatigue DP${o.value === 1 ? "" : "s"}`, p: ex(o.p) })),
        modifiers: moveIsUnformed(input.kind)
          ? [`a ${input.kind} move is unformed (seed "Unformed Units"): no fatigue`]
          : !input.formed
            ? ["unformed: no fatigue"]
            : input.soggyGround
              ? ["soggy ground: a fatigue DP on each die of 4-6"]
              : ["a fatigue DP on each die of 5-6"],
      };
    },
    roll: (s, i, rng) => {
      const u = activeUnit(s, i, "unit");
      const r = rollMove(rng, moveInput(i));
      return { kind: "move", input: i, dice: [{ label: r.roll.faces.length > 1 ? "AvD, D6" : "AvD", faces: r.roll.faces }], outcome: { inches: r.inches, fatigue: r.fatigue }, text: [`${u.name} moves up to ${r.inches}" [${r.roll.faces.join(", ")}], ${r.fatigue} fatigue DP${r.fatigue === 1 ? "" : "s"}`] };
    },
    apply: (s, rolled) => {
      const i = rolled.input as TestInput;
      const input = moveInput(i);
      const u = unitOf(s, i.unit as string);
      // The fatigue is counted again from the faces thrown by the same rule (a saved roll cannot carry a wrong count).
      const faces = rolled.dice.flatMap((d) => d.faces);
      const r = applyFatigue(u, fatigueDps(faces, movesFormed(input.kind, input.formed), input.soggyGround));
      if (!moveIsUnformed(input.kind) || !r.value.formed) return { state: withChanges(s, [r.value]), notes: r.notes };
      return { state: withChanges(s, [{ ...r.value, formed: false }]), notes: [...r.notes, `${u.name} is unformed after its ${input.kind} move (seed "Unformed Units")`] };
    },
  },

  rest: {
    title: "Rest and reform",
    rule: 'seed "Rest and Reform"',
    fields: () => [
      { key: "unit", label: "unit", type: "unit", who: "any" },
      { key: "beyond2OfEnemy", label: 'beyond 2" of all enemy (C grade needs it)', type: "boolean" },
      { key: "beyond8OfEnemy", label: 'beyond 8" of all enemy (D grade needs it)', type: "boolean" },
      { key: "signalled", label: "its leader has signalled the advance", type: "boolean" },
    ],
    defaults: (s, subject) => {
      const u = unitOf(s, subject);
      const signalled = s.sides[sideOf(s, u.id)].leaders.some((l) => l.contingent === u.contingent && l.signalled);
      return { unit: u.id, beyond2OfEnemy: true, beyond8OfEnemy: true, signalled };
    },
    odds: (s, i) => {
      const u = activeUnit(s, i, "unit");
      const ri = { unit: u, beyond2OfEnemy: flag(i, "beyond2OfEnemy"), beyond8OfEnemy: flag(i, "beyond8OfEnemy"), signalled: flag(i, "signalled") };
      const r = restAndReform(ri);
      const one = { fraction: "1/1", decimal: 1 };
      return { title: "No dice: the result is certain", bars: [{ label: r.notes.join("; "), p: one }], showAtLeast: false, headline: [{ label: restBlocked(ri) ?? "removes 1 DP", p: one }], modifiers: [] };
    },
    roll: (s, i) => {
      const u = activeUnit(s, i, "unit");
      const r = restAndReform({ unit: u, beyond2OfEnemy: flag(i, "beyond2OfEnemy"), beyond8OfEnemy: flag(i, "beyond8OfEnemy"), signalled: flag(i, "signalled") });
      return { kind: "rest", input: i, dice: [], outcome: null, text: [`${u.name} stays still to rest`, ...r.notes] };
    },
    apply: (s, rolled) => {
      const i = rolled.input as TestInput;
      const u = unitOf(s, i.unit as string);
      const r = restAndReform({ unit: u, beyond2OfEnemy: flag(i, "beyond2OfEnemy"), beyond8OfEnemy: flag(i, "beyond8OfEnemy"), signalled: flag(i, "signalled") });
      return { state: withChanges(s, [r.value]), notes: r.notes };
    },
  },

  charge: {
    title: "Charge test",
    rule: 'seed "Charges and Combat", ruling SW-1',
    fields: () => [
      { key: "unit", label: "charging unit", type: "unit", who: "any" },
      { key: "target", label: "target (enemy within 2\")", type: "unit", who: "enemy", optional: true },
      { key: "grade", label: "grade", type: "enum", options: GRADES },
      { key: "aggression", label: "aggression", type: "enum", options: AGGRESSIONS },
      { key: "dp", label: "DPs", type: "number", min: 0, max: 40 },
      { key: "unformed", label: "unformed", type: "boolean" },
      { key: "retinueWithLeader", label: "a retinue with its leader", type: "boolean" },
      { key: "friendChargingWithin2", label: 'a friendly unit charging within 2"', type: "boolean" },
      { key: "battleStandardWithin2", label: 'battle standard within 2"', type: "boolean" },
    ],
    defaults: (s, subject) => {
      const u = unitOf(s, subject);
      const side = sideOf(s, u.id);
      const friend = s.chargedThisTurn.some((id) => id !== u.id && sideOf(s, id) === side);
      return {
        unit: u.id,
        target: "",
        grade: u.grade,
        aggression: u.aggression,
        dp: totalDp(u),
        unformed: !u.formed,
        retinueWithLeader: u.kind === "retinue" && leaderWith(s, u.id) !== undefined,
        friendChargingWithin2: friend,
        battleStandardWithin2: u.attachments.includes("battle-standard"),
      };
    },
    odds: (_s, i) => {
      const input = chargeInput(i);
      const refused = chargeRefusal(input);
      if (refused) throw new CompanionError(`aggression: ${refused}`);
      const d = chargeDist(input);
      return {
        title: "Charge test (D6 + modifiers, 4+ charges)",
        bars: distBars(d, [false, true], (v) => (v ? "charges" : "fails (1 morale DP)"), false),
        showAtLeast: false,
        headline: [{ label: "charges", p: ex(d.probOf(true)) }],
        modifiers: input.aggression === "bloodlust" ? ["Blood Lust: charges automatically"] : modText(chargeModifiers(input).parts),
      };
    },
    roll: (s, i, rng) => {
      const u = activeUnit(s, i, "unit");
      const input = chargeInput(i);
      const refused = chargeRefusal(input);
      if (refused) throw new CompanionError(`aggression: ${refused}`);
      const r = resolveCharge(rng, input);
      const target = typeof i.target === "string" && i.target !== "" ? unitOf(s, i.target) : null;
      return { kind: "charge", input: i, dice: r.face === null ? [] : [{ label: "D6", faces: [r.face] }], outcome: r.charges, text: [`${u.name}${target ? ` charges ${target.name}` : " charges"}: ${r.text}`] };
    },
    apply: (s, rolled) => {
      const i = rolled.input as TestInput;
      const u = unitOf(s, i.unit as string);
      const charges = rolled.outcome === true;
      const r = applyChargeResult(u, charges);
      const changed = [r.value];
      const notes = [...r.notes];
      let next = s;
      if (charges) {
        changed[0] = { ...r.value, inCombat: true };
        if (typeof i.target === "string" && i.target !== "") {
          const t = unitOf(s, i.target);
          changed.push({ ...t, inCombat: true });
          notes.push(`${u.name} and ${t.name} are in combat (a charge combat, ruling SW-17)`);
        }
        next = { ...s, chargedThisTurn: [...s.chargedThisTurn.filter((x) => x !== u.id), u.id] };
      }
      return { state: withChanges(next, changed), notes };
    },
  },

  shooting: {
    title: "Shooting",
    rule: 'seed "Missile Exchange", ruling SW-16',
    fields: () => [
      { key: "unit", label: "shooting unit", type: "unit", who: "any" },
      { key: "target", label: 'target (within 2")', type: "unit", who: "enemy" },
      { key: "shooterStands", label: "stands shooting", type: "number", min: 1, max: 20 },
      { key: "skilledArcher", label: "play a kept Five (skilled archer)", type: "boolean" },
      { key: "targetInCover", label: "target in cover", type: "boolean" },
    ],
    defaults: (s, subject) => {
      const u = unitOf(s, subject);
      const enemy = s.sides[otherSide(sideOf(s, u.id))].units.find((x) => x.status === "active");
      return { unit: u.id, target: enemy?.id ?? "", shooterStands: u.stands, skilledArcher: false, targetInCover: false };
    },
    odds: (s, i) => {
      const { input, target } = shootingInput(s, i);
      const d = shootingHitsDist(input);
      return {
        title: "Hits (each 6 hits)",
        bars: distBars(d, null, (v) => `${v} hit${v === 1 ? "" : "s"}`, true),
        showAtLeast: true,
        headline: [{ label: "at least one hit", p: ex(d.prob((h) => h >= 1)) }],
        modifiers: [...shootingDice(input).notes, `${target.name} ${target.aggression === "ready" || target.aggression === "bloodlust" ? "drops a level per hit while above Present" : "takes a shooting DP per hit"} (applied when the exchange ends)`],
      };
    },
    roll: (s, i, rng) => {
      const { shooter, target, input } = shootingInput(s, i);
      const r = resolveShooting(rng, input);
      return { kind: "shooting", input: i, dice: [{ label: `${r.dice} D6`, faces: r.roll.faces, hitOn: SHOOTING_HIT_ON }], outcome: r.hits, text: [`${shooter.name} shoots at ${target.name}: ${r.dice} dice [${r.roll.faces.join(", ")}], ${r.hits} hit${r.hits === 1 ? "" : "s"}`] };
    },
    apply: (s, rolled) => {
      const i = rolled.input as TestInput;
      const target = i.target as string;
      const hits = rolled.outcome as number;
      let next: CompanionState = { ...s, missileHits: { ...s.missileHits, [target]: (s.missileHits[target] ?? 0) + hits } };
      const notes = [`${hits} hit${hits === 1 ? "" : "s"} on ${unitOf(s, target).name}, applied when the exchange ends (seed "Missile Exchange")`];
      if (i.skilledArcher === true) {
        const side = sideOf(s, i.unit as string);
        next = { ...next, sides: { ...next.sides, [side]: { ...next.sides[side], tokens: useToken(next.sides[side].tokens, "skilledArcher") } } };
        notes.push(`${side} plays its kept Five (skilled archer)`);
      }
      return { state: next, notes };
    },
  },

  "leader-risk": {
    title: "Risk to a leader",
    rule: 'seed "Risk to Leaders", ruling SW-7',
    fields: () => [
      { key: "leader", label: "leader", type: "leader" },
      { key: "rolls", label: "risk rolls (one per missile hit, one for a combat)", type: "number", min: 1, max: 20 },
    ],
    defaults: (s, subject) => {
      const l = leaderOf(s, subject);
      return { leader: l.id, rolls: Math.max(1, s.missileHits[l.unit] ?? 1) };
    },
    odds: (s, i) => {
      const l = aliveLeader(s, i, "leader");
      const d = leaderRiskDist(l.lpValue, num(i, "rolls", 1, 20), l.wounds);
      const fate = d.map((f) => (f.status === "killed" ? "killed" : f.lpValue === l.lpValue ? "unhurt" : `wounded: ${f.lpValue} LP`));
      return {
        title: `${l.name}'s fate (D6: a 1 then 1 killed, 2-3 severe −2 LP, 4-6 light −1 LP)`,
        bars: distBars(fate, null, (v) => v, false),
        showAtLeast: false,
        headline: [{ label: "killed", p: ex(d.prob((f) => f.status === "killed")) }],
        modifiers: [],
      };
    },
    roll: (s, i, rng) => {
      let l = aliveLeader(s, i, "leader");
      const n = num(i, "rolls", 1, 20);
      const dice: RolledTest["dice"] = [];
      const text: string[] = [];
      for (let k = 0; k < n && l.status === "alive"; k++) {
        const r = resolveLeaderRisk(rng, l);
        dice.push({ label: `risk roll ${k + 1}`, faces: r.faces });
        text.push(`risk roll ${k + 1}: [${r.faces.join(", ")}] ${r.outcome}`);
        l = r.value;
      }
      return { kind: "leader-risk", input: i, dice, outcome: dice.map((d) => riskOutcome(d.faces[0], d.faces[1] ?? null)), text };
    },
    apply: (s, rolled) => {
      const i = rolled.input as TestInput;
      const before = leaderOf(s, i.leader as string);
      let l = before;
      const notes: string[] = [];
      for (const o of rolled.outcome as ReturnType<typeof riskOutcome>[]) {
        const r = applyRisk(l, o);
        l = r.value;
        notes.push(...r.notes);
      }
      const after = afterLeaderFate(s, before, l);
      return { state: after.state, notes: [...notes, ...after.notes] };
    },
  },

  "retinue-eliminated": {
    title: "Retinue eliminated",
    rule: 'seed "Risk to Leaders"',
    fields: () => [
      { key: "leader", label: "leader", type: "leader" },
      { key: "escapeTo", label: "nearest friendly A or B grade unit (if he escapes)", type: "unit", who: "own", optional: true },
    ],
    defaults: (s, subject) => {
      const l = leaderOf(s, subject);
      const to = s.sides[sideOf(s, l.id)].units.find((u) => u.status === "active" && u.id !== l.unit && (u.grade === "A" || u.grade === "B"));
      return { leader: l.id, escapeTo: to?.id ?? "" };
    },
    odds: (s, i) => {
      aliveLeader(s, i, "leader");
      const d = retinueEliminatedDist();
      return { title: "D6: 1-3 killed, 4 captured, 5-6 escapes", bars: distBars(d, ["killed", "captured", "escapes"], (v) => v, false), showAtLeast: false, headline: [{ label: "killed", p: ex(d.probOf("killed")) }], modifiers: [] };
    },
    roll: (s, i, rng) => {
      const l = aliveLeader(s, i, "leader");
      const to = typeof i.escapeTo === "string" && i.escapeTo !== "" ? i.escapeTo : null;
      const r = resolveRetinueEliminated(rng, l, to);
      return { kind: "retinue-eliminated", input: i, dice: [{ label: "D6", faces: [r.face] }], outcome: r.face, text: r.notes };
    },
    apply: (s, rolled) => {
      const i = rolled.input as TestInput;
      const before = leaderOf(s, i.leader as string);
      const to = typeof i.escapeTo === "string" && i.escapeTo !== "" ? i.escapeTo : null;
      // The roll is replayed from its face so the same function decides the fate.
      const r = retinueEliminatedFate(before, rolled.outcome as number, to);
      const after = afterLeaderFate(s, before, r.value);
      return { state: after.state, notes: [...r.notes, ...after.notes] };
    },
  },

  refusal: {
    title: "Refusing a challenge",
    rule: 'seed "Personal Combat", ruling SW-7',
    fields: () => [{ key: "leader", label: "leader who refuses", type: "leader" }],
    defaults: (s, subject) => ({ leader: leaderOf(s, subject).id }),
    odds: (s, i) => {
      aliveLeader(s, i, "leader");
      const d = refusalDist();
      const name = { "loses-lp": "loses 1 LP", "champion-accepts": "a champion accepts", ignored: "ignored" } as const;
      return { title: "D6: 1-3 loses 1 LP, 4-5 a champion accepts, 6 ignored", bars: distBars<keyof typeof name>(d, ["loses-lp", "champion-accepts", "ignored"], (v) => name[v], false), showAtLeast: false, headline: [{ label: "loses 1 LP", p: ex(d.probOf("loses-lp")) }], modifiers: [] };
    },
    roll: (s, i, rng) => {
      const l = aliveLeader(s, i, "leader");
      const r = rollRefusal(rng, l);
      return { kind: "refusal", input: i, dice: [{ label: "D6", faces: [r.face] }], outcome: r.face, text: r.notes };
    },
    apply: (s, rolled) => {
      const before = leaderOf(s, (rolled.input as TestInput).leader as string);
      const r = resolveRefusal(before, rolled.outcome as number);
      const after = afterLeaderFate(s, before, r.leader);
      return { state: after.state, notes: [...r.notes.slice(1), ...after.notes] };
    },
  },

  "free-hack": {
    title: "Free hack",
    rule: 'seed "Moves Following Combat", ruling SW-20',
    fields: () => [
      { key: "unit", label: "pursuer", type: "unit", who: "any" },
      { key: "target", label: "caught unit", type: "unit", who: "enemy" },
      { key: "engagedStands", label: "pursuer's engaged stands (dice)", type: "number", min: 1, max: 20 },
      { key: "retiring", label: "the caught unit was retiring (it breaks)", type: "boolean" },
    ],
    defaults: (s, subject) => {
      const u = unitOf(s, subject);
      const enemy = s.sides[otherSide(sideOf(s, u.id))].units.find((x) => x.status === "active");
      return { unit: u.id, target: enemy?.id ?? "", engagedStands: Math.max(1, u.stands), retiring: false };
    },
    odds: (s, i) => {
      activeUnit(s, i, "unit");
      const target = activeUnit(s, i, "target");
      const d = freeHackDist(num(i, "engagedStands", 1, 20));
      return {
        title: `Casualties on ${target.name} (a stand for each ${FREE_HACK_HIT_ON}+)`,
        bars: distBars(d, null, (v) => `${v} stand${v === 1 ? "" : "s"}`, true),
        showAtLeast: true,
        headline: [{ label: `destroys it (${target.stands} stand${target.stands === 1 ? "" : "s"})`, p: ex(d.prob((c) => c >= target.stands)) }],
        modifiers: [],
      };
    },
    roll: (s, i, rng) => {
      const u = activeUnit(s, i, "unit");
      const t = activeUnit(s, i, "target");
      const r = resolveFreeHack(rng, num(i, "engagedStands", 1, 20));
      return { kind: "free-hack", input: i, dice: [{ label: `${r.roll.faces.length} D6`, faces: r.roll.faces, hitOn: FREE_HACK_HIT_ON }], outcome: r.casualties, text: [`${u.name}'s free hack on ${t.name}: [${r.roll.faces.join(", ")}], ${r.casualties} casualt${r.casualties === 1 ? "y" : "ies"}`] };
    },
    apply: (s, rolled) => {
      const i = rolled.input as TestInput;
      const r = freeHackCasualties(unitOf(s, i.target as string), rolled.outcome as number, i.retiring === true);
      return { state: withChanges(s, [r.value]), notes: r.notes };
    },
  },

  combat: {
    title: "Combat",
    rule: 'seed "Resolving combat", "Results", rulings SW-17, SW-18, SW-19',
    fields: () => [
      { key: "chargeCombat", label: "a charge combat (a side charged this turn)", type: "boolean" },
      ...(["a", "b"] as const).flatMap((side): TestField[] => [
        { key: `${side}${SIDE_KEYS[0]}`, label: side === "a" ? "unit" : "against", type: "unit", who: side === "a" ? "any" : "enemy" },
        { key: `${side}Engaged`, label: "engaged stands", type: "number", min: 1, max: 20 },
        { key: `${side}Charged`, label: "charged this turn (+1 die)", type: "boolean" },
        { key: `${side}FlankOrRear`, label: "charged or engaged in flank or rear (hits on 6)", type: "boolean" },
        { key: `${side}OpponentHasGround`, label: "the enemy has the ground: uphill, barricade, cover (hits on 6)", type: "boolean" },
        { key: `${side}Leader`, label: "its leader fights with it (1 automatic hit)", type: "boolean" },
        { key: `${side}FlankSupport`, label: "flank support stands (0-2, +2 dice each)", type: "number", min: 0, max: 2 },
        { key: `${side}FollowingUp`, label: "following up (+1 die)", type: "boolean" },
        { key: `${side}FightToTheDeath`, label: "its leader was killed: fights to the death", type: "boolean" },
      ]),
    ],
    defaults: (s, subject) => {
      const u = unitOf(s, subject);
      const enemy = s.sides[otherSide(sideOf(s, u.id))].units.find((x) => x.status === "active" && x.inCombat) ?? s.sides[otherSide(sideOf(s, u.id))].units.find((x) => x.status === "active");
      return combatDefaults(s, u, enemy);
    },
    odds: (s, i) => {
      const input = combatInput(s, i);
      const o = combatOdds(input);
      const a = input.a[0].unit;
      const describe = (side: "a" | "b") =>
        sideDice(input[side], input.chargeCombat).map((d, k) => {
          const c = input[side][k];
          return `${c.unit.name}: ${d.dice.dice} dice (${d.dice.base} base${d.dice.modifiers.map((m) => `, ${m.dice > 0 ? "+" : ""}${m.dice} ${m.label}`).join("")}), hits on ${d.hitOn === 5 ? "5-6" : "6"}${d.autoHits ? `, +${d.autoHits} automatic (leader)` : ""}`;
        });
      return {
        title: `Result for ${a.name} (refight included)`,
        bars: distBars(o.final, FINAL_ORDER, (v) => RESULT_NAME[v], true),
        showAtLeast: true,
        headline: [{ label: `${a.name} wins`, p: ex(o.final.prob((r) => r === "victory" || r === "success")) }, { label: `${a.name} loses`, p: ex(o.final.prob((r) => r === "defeat" || r === "setback")) }],
        modifiers: [...describe("a"), ...describe("b")],
      };
    },
    roll: (s, i, rng) => {
      const input = combatInput(s, i);
      const r = resolveCombat(input, rng);
      const dice: RolledTest["dice"] = [];
      for (const round of r.rounds) {
        for (const side of ["a", "b"] as const) {
          round[side].units.forEach((u, k) => dice.push({ label: `round ${round.round}: ${input[side][k].unit.name} (hits on ${u.hitOn === 5 ? "5-6" : "6"})`, faces: u.roll.faces, hitOn: u.hitOn }));
        }
      }
      return { kind: "combat", input: i, dice, outcome: { rounds: r.rounds.map((x) => x.result) }, text: [...r.notes, `final: ${RESULT_NAME[r.result]} for ${input.a[0].unit.name}`] };
    },
    apply: (s, rolled) => {
      const i = rolled.input as TestInput;
      const input = combatInput(s, i);
      // The rolled rounds' results decide the consequences through the same function the battle uses.
      const c = concludeCombat(input, (rolled.outcome as { rounds: Parameters<typeof concludeCombat>[1] }).rounds);
      // A loser that falls back is followed up: both stay in combat (seed "Moves Following Combat").
      const engaged = stillInCombat(c.units);
      const units = c.units.map((o) => ({ ...o.unit, inCombat: engaged.has(o.id), status: o.move === "break" ? ("broken" as const) : o.unit.status }));
      const notes = [...c.notes];
      for (const o of c.units) if (o.move !== "remain") notes.push(`${o.unit.name}: ${o.move.replace("-", " ")}`);
      const leaders = [...input.a, ...input.b].filter((x) => x.leader).map((x) => leaderWith(s, x.unit.id)?.name).filter((n): n is string => n !== undefined);
      if (leaders.length > 0) notes.push(`risk to leaders: ${leaders.join(", ")} each roll once (seed "Risk to Leaders")`);
      return { state: withChanges(s, units), notes };
    },
  },
};

/** The editable inputs of a test, filled in from the tracked state for this unit or leader. */
export function testDefaults(state: CompanionState, kind: TestKind, subject: string): TestInput {
  return TESTS[kind].defaults(state, subject);
}

/** The exact odds of the test about to be rolled; throws a CompanionError naming a bad input. */
export function testOdds(state: CompanionState, kind: TestKind, input: TestInput): OddsView {
  try {
    return TESTS[kind].odds(state, input);
  } catch (err) {
    throw asCompanionError(err);
  }
}

function asCompanionError(err: unknown): CompanionError {
  return err instanceof CompanionError ? err : new CompanionError((err as Error).message);
}

/**
 * Rolls a test with the table's generator: the roll is kept in the state (with the generator's new
 * state) until it is applied or set aside, so reloading the page cannot roll it again.
 */
export function rollTest(state: CompanionState, kind: TestKind, input: TestInput): CompanionState {
  const rng = new Random(state.rng);
  const rolled = throwTest(state, kind, input, rng);
  return logged({ ...state, rng: rng.state(), rolled }, [`${TESTS[kind].title}: ${rolled.text.join("; ")}`]);
}

/**
 * The same test from the faces the players threw at the table (in the order the rules throw them:
 * each die's label on the roll says which): the same resolution as rollTest, the generator is
 * left alone. Throws a CompanionError naming "faces" when a face is not on its die, or the count
 * is not what the test throws.
 */
export function rollTestWithFaces(state: CompanionState, kind: TestKind, input: TestInput, faces: readonly number[]): CompanionState {
  if (!Array.isArray(faces) || faces.length > 200) throw new CompanionError("faces: a list of at most 200 dice");
  const given = new GivenFaces(faces);
  let rolled: RolledTest;
  try {
    rolled = throwTest(state, kind, input, given);
  } catch (err) {
    throw asCompanionError(err);
  }
  if (given.count !== faces.length) throw new CompanionError(`faces: ${faces.length} dice given, the test throws ${given.count}`);
  return logged({ ...state, rolled }, [`${TESTS[kind].title} (dice thrown at the table): ${rolled.text.join("; ")}`]);
}

/**
 * Which die the test throws next after these faces, for entering them one tap at a time: null
 * once the faces are a whole roll; error names a face that cannot be (or a bad input).
 */
export function nextDieFor(state: CompanionState, kind: TestKind, input: TestInput, faces: readonly number[]): { die: Die | null; error: string | null } {
  const given = new GivenFaces(faces);
  try {
    throwTest(state, kind, input, given);
  } catch (err) {
    if (err instanceof MoreDiceNeeded) return { die: err.die, error: null };
    return { die: null, error: asCompanionError(err).message };
  }
  if (given.count !== faces.length) return { die: null, error: `faces: ${faces.length} dice given, the test throws ${given.count}` };
  return { die: null, error: null };
}

/** One throw of a test by any generator (seeded or the faces given): the only place a test is rolled. */
function throwTest(state: CompanionState, kind: TestKind, input: TestInput, rng: Random): RolledTest {
  if (state.rolled) throw new CompanionError(`a ${state.rolled.kind} roll is waiting: apply it or set it aside first`);
  try {
    TESTS[kind].odds(state, input);
    return TESTS[kind].roll(state, input, rng);
  } catch (err) {
    if (err instanceof MoreDiceNeeded) throw err;
    throw asCompanionError(err);
  }
}

/** "(with +1 for red)" when a side's commander-in-chief has more LPs (ruling SW-8), else nothing. */
function initiativeBonus(i: TestInput): string {
  const red = num(i, "redCincLp", 0, 6);
  const black = num(i, "blackCincLp", 0, 6);
  return red > black ? " (with +1 for red)" : black > red ? " (with +1 for black)" : "";
}

/** Applies the waiting roll's result to the tracked state. */
export function applyRolled(state: CompanionState): CompanionState {
  const rolled = state.rolled;
  if (!rolled) throw new CompanionError("no roll is waiting to be applied");
  const kind = rolled.kind as TestKind;
  if (!TEST_KINDS.includes(kind)) throw new CompanionError(`rolled.kind: unknown test "${rolled.kind}"`);
  let r: { state: CompanionState; notes: string[] };
  try {
    r = TESTS[kind].apply({ ...state, rolled: null }, rolled);
  } catch (err) {
    throw asCompanionError(err);
  }
  return logged(r.state, [`applied: ${r.notes.length > 0 ? r.notes.join("; ") : "no change to the tracked state"}`]);
}

/** Sets the waiting roll aside without applying it (the dice stay thrown: the log says so). */
export function discardRolled(state: CompanionState): CompanionState {
  if (!state.rolled) throw new CompanionError("no roll is waiting");
  return logged({ ...state, rolled: null }, [`the ${state.rolled.kind} roll is set aside, not applied`]);
}

/**
 * The Seven (ruling SW-11): a side spends a kept fortune token to throw the waiting roll's dice
 * again with the same inputs; the new roll replaces the first. With faces, the new throw is the
 * players' own dice (rollTestWithFaces).
 */
export function rerollWithFortune(state: CompanionState, side: "red" | "black", faces?: readonly number[]): CompanionState {
  const rolled = state.rolled;
  if (!rolled) throw new CompanionError("no roll is waiting to be thrown again");
  let tokens;
  try {
    tokens = useToken(state.sides[side].tokens, "fortune");
  } catch (err) {
    throw asCompanionError(err);
  }
  const spent: CompanionState = { ...state, rolled: null, sides: { ...state.sides, [side]: { ...state.sides[side], tokens } } };
  const again = logged(spent, [`${side} plays a kept Seven (fortune smiles): the dice are thrown again (ruling SW-11)`]);
  return faces === undefined ? rollTest(again, rolled.kind as TestKind, rolled.input as TestInput) : rollTestWithFaces(again, rolled.kind as TestKind, rolled.input as TestInput, faces);
}

/** Ends the missile exchange: every hit rolled is applied now, one at a time (seed "Missile Exchange", ruling SW-16). */
export function applyMissileHits(state: CompanionState): CompanionState {
  const notes: string[] = [];
  const changed: UnitState[] = [];
  for (const [id, hits] of Object.entries(state.missileHits)) {
    if (hits <= 0) continue;
    const u = unitOf(state, id);
    const r = applyShootingHits(u, hits);
    changed.push(r.value);
    notes.push(...r.notes);
    const l = leaderWith(state, id);
    if (l) notes.push(`${l.name} is with ${u.name}: ${hits} risk roll${hits === 1 ? "" : "s"} (seed "Risk to Leaders")`);
  }
  const next = withChanges({ ...state, missileHits: {} }, changed);
  return logged(next, notes.length > 0 ? ["the missile exchange ends: hits are applied", ...notes] : ["the missile exchange ends: no hits"]);
}
