/**
 * The scenario editor's model (issue 27): a scenario built with the page's own functions exports
 * a file `muster battle --scenario FILE` plays unchanged, and the page's reading of that file (the
 * battle worker's `setupFromScenario`) plays identically: the CLI's game re-played on the page's
 * set-up from the same seed ends on the same state hash. Also the file's round trip, the link and
 * the named refusals of bad files.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { setupFromScenario } from "../../web/src/battle/scenarios.js";
import { refForFileArmy } from "../../web/src/scenarios/army-choices.js";
import { addPiece, baseSize, decodeLink, type EditorScenario, encodeLink, fromScenarioFile, movePiece, newScenario, piecePoints, resizePiece, rotatePiece, scenarioFile, updatePiece } from "../../web/src/scenarios/model.js";
import { checkScenario } from "../../web/src/scenarios/problems.js";
import { runCli } from "../helpers/cli.js";

/** A raid table built as a player would in the page: three pieces placed, turned and stretched, a camp, an option. */
function builtScenario(): EditorScenario {
  let sc: EditorScenario = { ...newScenario(), name: "Editor raid", width: 48, height: 36, armies: { red: { shipped: "raid-lindisfarne-fyrd" }, black: { shipped: "raid-lindisfarne-raiders" } }, turnLimit: 4 };
  let r = addPiece(sc, "wood");
  sc = movePiece(r.scenario, r.id, 8, 18);
  sc = rotatePiece(sc, r.id, 30);
  r = addPiece(sc, "rising");
  sc = resizePiece(movePiece(r.scenario, r.id, 38, 18), r.id, 10, 6);
  r = addPiece(sc, "obstacle");
  sc = rotatePiece(movePiece(r.scenario, r.id, 24, 18), r.id, 90);
  r = addPiece(sc, "camp-black");
  sc = movePiece(r.scenario, r.id, 24, 34.5);
  return { ...sc, options: { victory: "turn-limit-only" } };
}

describe("scenario editor model", () => {
  it("pieces move, turn and stretch about their centre", () => {
    const r = addPiece(newScenario(), "difficult");
    let sc = movePiece(r.scenario, r.id, 20, 10);
    expect(piecePoints(sc.pieces[0])).toEqual([{ x: 15, y: 7 }, { x: 25, y: 7 }, { x: 25, y: 13 }, { x: 15, y: 13 }]);
    sc = resizePiece(rotatePiece(sc, r.id, 90), r.id, 4, 2);
    expect(piecePoints(sc.pieces[0])).toEqual([{ x: 21, y: 8 }, { x: 21, y: 12 }, { x: 19, y: 12 }, { x: 19, y: 8 }]);
  });

  it("a scenario built with the editor's functions plays identically from the CLI: same seed, same final state hash", async () => {
    const sc = builtScenario();
    const check = checkScenario(sc);
    expect(check.problems).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), "muster-editor-"));
    const file = join(dir, "editor-raid.json");
    writeFileSync(file, JSON.stringify(check.file, null, 2));
    const rec = join(dir, "rec.json");
    const played = await runCli(["battle", "--scenario", file, "--seed", "11", "--red", "random", "--black", "random", "--out", rec, "--json"]);
    expect(played.stderr).toBe("");
    expect(played.code).toBe(0);
    const cliReplay = await runCli(["replay", rec, "--json"]);
    const cliHash = (JSON.parse(cliReplay.stdout) as { finalHash: string }).finalHash;
    // The page's reading of the same file (the battle worker's), re-played with the CLI's decisions from the same seed.
    const record = JSON.parse(readFileSync(rec, "utf8")) as { options: unknown };
    const pageRecord = join(dir, "page-rec.json");
    writeFileSync(pageRecord, JSON.stringify({ ...record, options: setupFromScenario(check.file) }));
    const pageReplay = await runCli(["replay", pageRecord, "--json"]);
    expect(pageReplay.code, pageReplay.stderr).toBe(0);
    expect((JSON.parse(pageReplay.stdout) as { finalHash: string; verified: boolean }).finalHash).toBe(cliHash);
  }, 120_000);

  it("the exported file imports back to the same scenario file, and a link carries the scenario", () => {
    const sc = builtScenario();
    const file = checkScenario(sc).file!;
    const back = fromScenarioFile(JSON.parse(JSON.stringify(file)), refForFileArmy);
    expect(back.armies).toEqual(sc.armies);
    expect(checkScenario(back).file).toEqual(file);
    expect(decodeLink(encodeLink(sc))).toEqual(sc);
  });

  it("an imported piece reads the turn it was exported with and keeps its own width and depth", () => {
    const sc = builtScenario();
    const back = fromScenarioFile(JSON.parse(JSON.stringify(checkScenario(sc).file)), refForFileArmy);
    const turns = Object.fromEntries(back.pieces.map((p) => [p.id, p.rotation]));
    // The wood was turned 30°, the obstacle 90°; the others were left square.
    expect(turns).toEqual({ "wood-1": 30, "rising-1": 0, "obstacle-1": 90, "camp-black-1": 0 });
    const wood = sc.pieces.find((p) => p.id === "wood-1")!;
    const woodBack = back.pieces.find((p) => p.id === "wood-1")!;
    // The file's points are to 0.01", so the sizes come back to within a few hundredths.
    expect(Math.abs(baseSize(woodBack).w - baseSize(wood).w * wood.sx)).toBeLessThan(0.03);
    expect(Math.abs(baseSize(woodBack).h - baseSize(wood).h * wood.sy)).toBeLessThan(0.03);
    // Turned on from there, it turns about its own centre as a piece made in the page does.
    const turned = piecePoints(rotatePiece(back, "wood-1", 45).pieces.find((p) => p.id === "wood-1")!);
    const made = piecePoints(rotatePiece(sc, "wood-1", 45).pieces.find((p) => p.id === "wood-1")!);
    turned.forEach((q, i) => expect(Math.hypot(q.x - made[i].x, q.y - made[i].y)).toBeLessThan(0.03));
  });

  it("bad files and links are refused naming the field", () => {
    expect(() => fromScenarioFile({ name: "x" }, refForFileArmy)).toThrow(/^armies: is missing/);
    const off = scenarioFile(updatePiece(addPiece(newScenario(), "wood").scenario, "wood-1", { x: 70 }), { red: "../armies/maldon-991-english.json", black: "../armies/maldon-991-vikings.json" });
    expect(() => fromScenarioFile(off, refForFileArmy)).toThrow(/^table\.terrain\[0\]\.points\[\d\]: point \(.*\) is off the 72" × 48" table/);
    expect(() => fromScenarioFile({ name: "x", armies: { red: "mine.json", black: "../armies/maldon-991-vikings.json" } }, refForFileArmy)).toThrow(/^armies\.red: no shipped army "mine\.json"/);
    expect(() => decodeLink("%%%")).toThrow(/damaged/);
    expect(() => decodeLink(encodeLink({ ...newScenario(), width: 5 }))).toThrow(/^width: .*at least 12/);
  });
});
