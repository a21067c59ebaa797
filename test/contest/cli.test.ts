import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { captureStdio, scratchFiles } from "../helpers/cli.js";
import { runPlay } from "../../src/cli/contest/play.js";
import { MELEE_PATH, RANGED_PATH } from "./helpers.js";

const io = captureStdio();
const { dir, file } = scratchFiles("muster-contest-");
const run = (...args: string[]) => main(["node", "muster", ...args]);

describe("muster odds cc-test (CC-1)", () => {
  it("CC-1 cc-test open-ended: exact probabilities to the cut-off and the exact tail, summing to 1", async () => {
    expect(await run("--json", "odds", "cc-test", "--input", file("t1.json", { test: "open-ended", dice: 1, cutoff: 3 }))).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.outcomes.map((o: { p: { fraction: string } }) => o.p.fraction)).toEqual(["1/2", "5/12", "5/72", "5/432"]);
    expect(j.tail.p.fraction).toBe("1/432");
    expect(j.sum.fraction).toBe("1");
  });
  it("CC-1 cc-test versus: degrees of success", async () => {
    expect(await run("--json", "odds", "cc-test", "--input", file("t2.json", { test: "versus", dice: 1, defenderDice: 1 }))).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.pass.fraction).toBe("3/4");
    expect(j.outcomes).toEqual([
      { result: "fail", degrees: null, p: { fraction: "1/4", decimal: 0.25 } },
      { result: "pass", degrees: 0, p: { fraction: "1/2", decimal: 0.5 } },
      { result: "pass", degrees: 1, p: { fraction: "1/4", decimal: 0.25 } },
    ]);
  });
  it("CC-1 cc-test standard text output names the rule", async () => {
    expect(await run("odds", "cc-test", "--input", file("t3.json", { test: "standard", dice: 2 }))).toBe(0);
    expect(io.out).toMatch(/Standard test \(CC-1\) of 2 dice/);
    expect(io.out).toMatch(/1\/4/);
  });
  it("CC-1 cc-test refuses bad input with one line naming the field", async () => {
    expect(await run("odds", "cc-test", "--input", file("t4.json", { test: "versus", dice: 2 }))).toBe(2);
    expect(io.err).toMatch(/^muster: .*field defenderDice: a versus test needs defenderDice \(rule CC-1\)\n$/);
    io.err = "";
    expect(await run("odds", "cc-test", "--input", file("t5.json", { test: "open-ended", dice: -1 }))).toBe(2);
    expect(io.err).toMatch(/field dice: dice must be 0 or more/);
  });
});

describe("muster odds cc-exchange", () => {
  it("cc-exchange: Shoot against Evade from the default profiles, exact Might changes and movement", async () => {
    const input = file("x1.json", { a: { profile: "hector" }, b: { profile: "achilles" }, distance: 6, cards: { a: "shoot", b: "evade" } });
    expect(await run("--json", "odds", "cc-exchange", "--input", input)).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.mightChangeB.map((o: { value: number; fraction: string }) => [o.value, o.fraction])).toEqual([
      [-3, "1/128"],
      [-2, "7/128"],
      [-1, "21/128"],
      [0, "99/128"],
    ]);
    expect(j.distanceAfter).toEqual([{ value: 6, fraction: "1", decimal: 1 }]);
  });
  it("cc-exchange: Close Distance into contact reports that melee begins", async () => {
    expect(await run("--json", "odds", "cc-exchange", "--input", file("x2.json", { a: { profile: "hector" }, b: { profile: "achilles" }, distance: 6, cards: { a: "close", b: "close" } }))).toBe(0);
    expect(JSON.parse(io.out).meleeBegins.fraction).toBe("1");
  });
  it("cc-exchange refuses an illegal card with a clear line (seed Ranged Contests)", async () => {
    expect(await run("odds", "cc-exchange", "--input", file("x3.json", { a: { profile: "marcellus" }, b: { profile: "achilles" }, distance: 6, cards: { a: "shoot", b: "evade" } }))).toBe(2);
    expect(io.err).toMatch(/field cards: A: Shoot needs a ranged weapon/);
    expect(io.err.split("\n").length).toBe(2);
  });
});

describe("muster duel deck check (CC-2, CC-4)", () => {
  it("CC-2 the shipped ranged deck checks out", async () => {
    expect(await run("duel", "deck", "check", RANGED_PATH)).toBe(0);
    expect(io.out).toMatch(/all 16 pairs defined and both readings of every pair agree/);
  });
  it("CC-4 the provisional melee deck checks out and is labelled house rule", async () => {
    expect(await run("duel", "deck", "check", MELEE_PATH)).toBe(0);
    expect(io.out).toMatch(/\[house rule\]/);
  });
  it("CC-2 a user's deck with disagreeing readings is refused, naming the field and the rule", async () => {
    const d = JSON.parse(readFileSync(RANGED_PATH, "utf8"));
    d.readings.cover.evade.effects.pop();
    expect(await run("duel", "deck", "check", file("bad-deck.json", d))).toBe(2);
    expect(io.err).toMatch(/field readings\.evade\.cover\.effects: the readings disagree.*\(rule CC-2\)/);
  });
  it("CC-2 deck check lists every problem in order, then refuses the deck", async () => {
    const d = JSON.parse(readFileSync(RANGED_PATH, "utf8"));
    delete d.readings.shoot.cover;
    delete d.readings.close.evade;
    expect(await run("duel", "deck", "check", file("bad-deck2.json", d))).toBe(2);
    const lines = io.err.trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/field readings\.shoot\.cover: the pair shoot versus cover is not defined/);
    expect(lines[1]).toMatch(/field readings\.close\.evade: the pair close versus evade is not defined/);
    expect(lines[2]).toMatch(/deck refused: 2 problems, listed above$/);
  });

  it("CC-2 a deck file that is not JSON, or is missing, is refused in one line", async () => {
    expect(await run("duel", "deck", "check", file("broken.json", "{ nope"))).toBe(2);
    expect(io.err).toMatch(/not valid JSON/);
    io.err = "";
    expect(await run("duel", "deck", "check", join(dir, "missing.json"))).toBe(2);
    expect(io.err).toMatch(/no such file/);
  });
});

describe("muster duel advise", () => {
  it("advise prints every card pair's value and the optimal mixed strategies, exact", async () => {
    const state = file("s1.json", { a: { profile: "hector" }, b: { profile: "achilles" }, distance: 6 });
    expect(await run("--json", "duel", "advise", "--state", state)).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.cardsA).toEqual(["shoot", "close", "evade", "cover"]);
    expect(j.matrix).toHaveLength(4);
    const sum = (o: Record<string, { decimal: number }>) => Object.values(o).reduce((s, v) => s + v.decimal, 0);
    expect(sum(j.strategyA)).toBeCloseTo(1, 12);
    expect(sum(j.strategyB)).toBeCloseTo(1, 12);
    expect(j.method.matrixGame).toBe("exact");
    expect(j.method.valueIteration).toBe("float");
    expect(j.houseRules.maxDistance).toBe(24);
    expect(j.exchangesLeft).toBe(200);
  });
  it("advise text says how the values were computed and labels house rules", async () => {
    expect(await run("duel", "advise", "--state", file("s2.json", { a: { profile: "hector" }, b: { profile: "achilles", might: 2 }, distance: 0 }))).toBe(0);
    expect(io.out).toMatch(/Provisional melee contest action deck \(house rule\)\. Profiles: house rule \(CC-3\)/);
    expect(io.out).toMatch(/value iteration over \d+ positions, one layer per exchange left \(200; then a draw, house rule\), in floating point/);
    expect(io.out).toMatch(/solved exactly/);
    expect(io.out).toMatch(/Optimal for A/);
  });
  it("advise with exchangesLeft: 1 scores the one exchange left (undecided counts 1/2, house rule)", async () => {
    const state = file("s9.json", { a: { profile: "hector", might: 1 }, b: { profile: "achilles", might: 1 }, distance: 6, exchangesLeft: 1 });
    expect(await run("--json", "duel", "advise", "--state", state)).toBe(0);
    const j = JSON.parse(io.out);
    expect(j.exchangesLeft).toBe(1);
    // Shoot against Take Cover: nobody can fall, so the duel ends undecided: 1/2.
    expect(j.matrix[j.cardsA.indexOf("shoot")][j.cardsB.indexOf("cover")].fraction).toBe("1/2");
    io.err = "";
    expect(await run("duel", "advise", "--state", file("s10.json", { a: { profile: "hector" }, b: { profile: "achilles" }, distance: 6, exchangesLeft: 0 }))).toBe(2);
    expect(io.err).toMatch(/field exchangesLeft: exchangesLeft must be at least 1/);
  });

  it("CC-3 bad profiles are refused with the field and the rule", async () => {
    expect(await run("duel", "advise", "--state", file("s3.json", { a: { profile: "nobody" }, b: { profile: "achilles" }, distance: 6 }))).toBe(2);
    expect(io.err).toMatch(/field a\.profile: no profile "nobody".*\(rule CC-3\)/);
    io.err = "";
    const bad = { a: { profile: { id: "x", name: "X", might: 0, shooting: 1, agility: 1, fighting: 1, mount: "foot" } }, b: { profile: "achilles" }, distance: 6 };
    expect(await run("duel", "advise", "--state", file("s4.json", bad))).toBe(2);
    expect(io.err).toMatch(/field a\.profile.*might must be at least 1|field a\.profile/);
    io.err = "";
    const mount = { a: { profile: { id: "x", name: "X", might: 3, shooting: 1, agility: 1, fighting: 1, mount: "camel" } }, b: { profile: "achilles" }, distance: 6 };
    expect(await run("duel", "advise", "--state", file("s5.json", mount))).toBe(2);
    expect(io.err).toMatch(/mount must be foot, horse or chariot|field a\.profile/);
  });
  it("CC-3 a profiles file with a bad field is refused, naming it", async () => {
    const profiles = file("p.json", { profiles: [{ id: "x", name: "X", might: 3, shooting: 1.5, agility: 1, fighting: 1, mount: "foot" }] });
    expect(await run("duel", "advise", "--state", file("s6.json", { a: { profile: "x" }, b: { profile: "x" }, distance: 0, profilesFile: profiles }))).toBe(2);
    expect(io.err).toMatch(/field profiles\[0\]\.shooting: shooting must be a whole number of dice \(rule CC-3\)/);
  });
  it("advise refuses a Might above the profile's and a distance beyond the house maximum", async () => {
    expect(await run("duel", "advise", "--state", file("s7.json", { a: { profile: "hector", might: 9 }, b: { profile: "achilles" }, distance: 6 }))).toBe(2);
    expect(io.err).toMatch(/field a\.might: 9 is above Hector of Troy's ceiling of 4/);
    io.err = "";
    expect(await run("duel", "advise", "--state", file("s8.json", { a: { profile: "hector" }, b: { profile: "achilles" }, distance: 30 }))).toBe(2);
    expect(io.err).toMatch(/field distance: 30" is beyond the house maximum/);
  });
});

describe("muster duel play", () => {
  const cfg = (computer: "A" | "B" | null) => ({
    file: { a: { profile: "hector", assistants: 0 }, b: { profile: "achilles", assistants: 0 }, distance: 6 },
    computer,
    seed: 5,
    seedGiven: true,
    exchangeLimit: 200,
    hide: false,
  });

  it("CC-5 hot-seat: choices are read line by line, hidden, then revealed together", async () => {
    const lines = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? "1" : "strike"));
    // A always plays card 1 (Shoot at range, Strike in melee); B types "strike", refused at range until contact.
    const script = ["2", "close", ...lines];
    let text = "";
    const summary = await runPlay(cfg(null), script, (s) => (text += s));
    expect(text).toMatch(/Hot-seat/);
    expect(text).toMatch(/Commander profiles: house rule \(CC-3\)\. Melee deck: Provisional melee contest action deck \(house rule\)/);
    expect(text).toMatch(/\(Close Distance versus Close Distance: "Both combatants make one move directly towards each other\."/);
    expect(text).toMatch(/has chosen a card/);
    expect(text).toMatch(/plays Close Distance; Achilles plays Close Distance/);
    expect(text).toMatch(/Base contact: a melee contest begins/);
    expect(summary.result.reason).toMatch(/vanquishes|both commanders fall/);
  });

  it("play: a card that may not be played is refused and asked again", async () => {
    let text = "";
    await expect(runPlay({ ...cfg(null), file: { ...cfg(null).file, distance: 6 } }, ["dance", "cover", "shoot"], (s) => (text += s))).rejects.toThrow(/standard input ended/);
    expect(text).toMatch(/not allowed: "dance" is not a card/);
  });

  it("play against the computer, which plays the advised mixed strategy", async () => {
    let text = "";
    const summary = await runPlay(cfg("B"), Array.from({ length: 400 }, () => "1"), (s) => (text += s));
    expect(text).toMatch(/The computer plays B \(Achilles\) with the advisor's optimal mixed strategy/);
    expect(summary.exchanges).toBeGreaterThan(0);
    expect(summary.choices.length).toBe(summary.exchanges);
  });

  it("play via main: a bad option is a usage error in one line", async () => {
    expect(await run("duel", "play", "--vs", "robot")).toBe(2);
    expect(io.err).toMatch(/--vs must be "human" or "computer"/);
    io.err = "";
    expect(await run("duel", "play", "--distance", "10", "--a", "marcellus", "--b", "marcellus")).toBe(2);
    expect(io.err).toMatch(/^muster: field --distance: no duel starts at 10": not in base contact and beyond every ranged weapon's range \(seed, The Duel\)\n$/);
    io.err = "";
    expect(await run("duel", "play", "--distance", "30")).toBe(2);
    expect(io.err).toMatch(/field distance: 30" is beyond the house maximum duel distance of 24"/);
  });
});
