/**
 * Physical dice and the thrown roll (issue 25): the face pad that takes the faces the players
 * threw at the table (the ruleset says which die comes next; the last face resolves the test
 * through the same roll as the app's), the thrown dice with every scoring die marked by the rule
 * that counts it, and the quick test buttons on a unit's line.
 */
import { useState } from "preact/hooks";
import { applyRolled, type CompanionState, discardRolled, nextDieFor, rerollWithFortune, type TestInput, type TestKind, TESTS } from "../../../src/rulesets/shieldwall/companion/index.js";

type Act = (f: (s: CompanionState) => CompanionState) => void;

/**
 * Tap the faces as thrown, die by die; when they make a whole roll, onComplete gets them (a
 * single-die test resolves on its one tap). Shows nothing for a test without dice.
 */
export function FacePad({ state: s, kind, input, onComplete, id }: { state: CompanionState; kind: TestKind; input: TestInput; onComplete: (faces: number[]) => void; id: string }) {
  const [faces, setFaces] = useState<number[]>([]);
  const next = nextDieFor({ ...s, rolled: null }, kind, input, faces);
  if (faces.length === 0 && next.die === null) return null;
  const tap = (f: number) => {
    const more = [...faces, f];
    const after = nextDieFor({ ...s, rolled: null }, kind, input, more);
    if (after.die === null && after.error === null) {
      setFaces([]);
      onComplete(more);
    } else setFaces(more);
  };
  return (
    <div class="face-pad" data-testid={`faces-${id}`}>
      <p class="hint">
        Rolled your own dice? Tap each face{next.die ? ` — next: ${next.die.name === "AvD" ? "the average die" : "a D6"} (die ${faces.length + 1})` : ""}:
      </p>
      {faces.length > 0 && (
        <p class="dice" data-testid="faces-entered">
          {faces.map((f, k) => (
            <span key={k} class="die small">
              {f}
            </span>
          ))}
          <button class="cmp-btn small" onClick={() => setFaces(faces.slice(0, -1))} aria-label="take back the last face" data-testid="face-back">
            ⌫
          </button>
        </p>
      )}
      {next.die && (
        <div class="face-row">
          {[...new Set(next.die.faces)].map((f) => (
            <button key={f} class="die face" onClick={() => tap(f)} data-face={f}>
              {f}
            </button>
          ))}
        </div>
      )}
      {next.error && <p class="error">{next.error}</p>}
    </div>
  );
}

/** A die's look: scoring (at least the rule's hitOn), or the plain 1 and 6 of single-die tests. */
function dieClass(face: number, hitOn: number | undefined): string {
  if (hitOn !== undefined) return face >= hitOn ? "die hit" : "die";
  return `die f${face}`;
}

export function Rolled({ state: s, act }: { state: CompanionState; act: Act }) {
  const r = s.rolled!;
  const def = TESTS[r.kind as TestKind];
  return (
    <section class="cmp-card cmp-rolled" data-testid="rolled">
      <h3>{def?.title ?? r.kind}: the dice</h3>
      {r.dice.length === 0 && <p class="hint">No dice: the result is certain.</p>}
      {r.dice.map((d, k) => (
        <div key={k} class="dice-row">
          <span class="label">
            {d.label}
            {d.hitOn !== undefined && <span class="hint"> · marked: {d.hitOn === 6 ? "6s" : `${d.hitOn}+`} score</span>}
          </span>
          <span class="dice">
            {d.faces.map((f, j) => (
              <span key={j} class={dieClass(f, d.hitOn)}>
                {f}
              </span>
            ))}
          </span>
        </div>
      ))}
      <ul class="roll-text" data-testid="roll-text">
        {r.text.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <button class="cmp-btn primary big" onClick={() => act(applyRolled)} data-testid="apply">
        Apply to the table
      </button>
      <div class="cmp-row">
        <button class="cmp-btn" onClick={() => act(discardRolled)}>
          Set aside (do not apply)
        </button>
      </div>
      {def &&
        (["red", "black"] as const)
          .filter((side) => s.sides[side].tokens.fortune > 0)
          .map((side) => (
            <div key={side} class="cmp-seven">
              <button class="cmp-btn" onClick={() => act((x) => rerollWithFortune(x, side))} data-testid={`seven-${side}`}>
                {side} plays a Seven: the app rolls again
              </button>
              <FacePad state={s} kind={r.kind as TestKind} input={r.input as TestInput} id={`seven-${side}`} onComplete={(faces) => act((x) => rerollWithFortune(x, side, faces))} />
            </div>
          ))}
    </section>
  );
}

/** The tests a unit most often takes in this phase, on its line in the units list (one tap to the roll). */
export function quickTests(s: CompanionState): TestKind[] {
  switch (s.phase) {
    case "movement":
      return ["move", "control", "charge"];
    case "missiles":
      return ["shooting"];
    case "combat":
      return ["combat", "charge"];
    default:
      return ["control", "move"];
  }
}
