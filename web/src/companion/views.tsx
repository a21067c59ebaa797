/**
 * The companion's tabs: the turn (phase, how-to, acting-order checklist, god card), the units
 * (pebbles: stands, DPs by kind, aggression, leaders), the roll (a test's inputs from the tracked
 * state, its exact odds and chart, every die, apply) and the log. Only shows and sends taps to the
 * ruleset's companion functions.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import { cardName, colourOf } from "../../../src/core/cards.js";
import type { Side } from "../../../src/rulesets/shieldwall/army.js";
import {
  applyGodCard,
  applyMissileHits,
  campFollowers,
  checklist,
  chooseFirst,
  type CompanionState,
  correctLeader,
  correctSoggyGround,
  correctTokens,
  correctUnit,
  drawTurnCard,
  godChoiceFields,
  holyCallers,
  leaderAction,
  type LeaderActionKind,
  moveContingentRight,
  nextPhase,
  type OddsView,
  PHASES,
  phaseEndProblem,
  rollTest,
  rollTestWithFaces,
  settleCalls,
  standingEffect,
  TEST_KINDS,
  type TestField,
  type TestInput,
  type TestKind,
  TESTS,
  testDefaults,
  testOdds,
  toggleDone,
} from "../../../src/rulesets/shieldwall/companion/index.js";
import type { GodChoices } from "../../../src/rulesets/shieldwall/gods.js";
import { lpLeft } from "../../../src/rulesets/shieldwall/leaders.js";
import { AGGRESSION_NAME, DP_KINDS, type LeaderState, totalDp, type UnitState } from "../../../src/rulesets/shieldwall/units.js";
import { DistChart } from "../shared/DistChart.js";
import { ExactValue } from "../shared/ExactValue.js";
import { DuelPanel } from "./DuelPanel.js";
import { FacePad, quickTests, Rolled } from "./RollPanel.js";

type Act = (f: (s: CompanionState) => CompanionState) => boolean;
export interface RollRequest {
  kind: TestKind;
  subject: string;
}

const LEADER_TESTS: readonly TestKind[] = ["leader-risk", "retinue-eliminated", "refusal"];

// ------------------------------------------------------------------ turn

export function TurnView({ state: s, act, openRoll }: { state: CompanionState; act: Act; openRoll: (r: RollRequest) => void }) {
  const phase = PHASES[s.phase];
  const items = checklist(s);
  const blocked = phaseEndProblem(s);
  return (
    <>
      <ol class="cmp-phases" aria-label="Turn sequence">
        {Object.values(PHASES).map((p) => (
          <li key={p.id} class={p.id === s.phase ? "here" : ""}>
            {p.number}. {p.title}
          </li>
        ))}
      </ol>
      <section class="cmp-card">
        <h2>
          {phase.number}. {phase.title}
        </h2>
        <ul class="cmp-howto">
          {phase.howTo.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      </section>
      {s.phase === "initiative" && <InitiativePanel state={s} act={act} openRoll={openRoll} />}
      {s.phase !== "initiative" && s.first && (
        <div class="cmp-row cmp-first">
          <span class="hint">The initiative winner may choose who acts first in each phase:</span>
          {(["red", "black"] as const).map((side) => (
            <button key={side} class={`cmp-btn small ${s.first === side ? "primary" : ""}`} onClick={() => act((x) => chooseFirst(x, side))}>
              <span class={`swatch ${side}`} /> {side} first
            </button>
          ))}
        </div>
      )}
      {s.phase === "gods" && <GodPanel state={s} act={act} />}
      {(s.phase === "leadership" || s.duel) && <DuelPanel state={s} act={act} />}
      {s.phase === "missiles" && (
        <section class="cmp-card">
          <h3>Hits waiting</h3>
          {Object.keys(s.missileHits).length === 0 ? (
            <p class="hint">No hits rolled yet this exchange.</p>
          ) : (
            <ul>
              {Object.entries(s.missileHits).map(([id, n]) => (
                <li key={id}>
                  {nameOf(s, id)}: {n} hit{n === 1 ? "" : "s"}
                </li>
              ))}
            </ul>
          )}
          <button class="cmp-btn primary" onClick={() => act(applyMissileHits)} data-testid="end-exchange">
            End the exchange: apply the hits
          </button>
        </section>
      )}
      <section class="cmp-card">
        <h3>Checklist (acting order)</h3>
        <ul class="cmp-check">
          {items.map((it) => (
            <li key={it.id} class={`${it.done ? "done" : ""} ${it.side ?? ""}`}>
              <label class="tick">
                <input type="checkbox" checked={it.done} onChange={() => act((x) => toggleDone(x, it.id))} />
                {it.side && <span class={`swatch ${it.side}`} />} <span>{it.text}</span>
              </label>
              {it.tests.length > 0 && it.subject !== null && (
                <div class="cmp-row">
                  {it.tests
                    .filter((k) => (LEADER_TESTS.includes(k) ? it.subject!.includes("leader") || isLeader(s, it.subject!) : !isLeader(s, it.subject!)))
                    .map((k) => (
                      <button key={k} class="cmp-btn" onClick={() => openRoll({ kind: k, subject: it.subject! })} data-test={`${k}:${it.subject}`}>
                        {TESTS[k].title}
                      </button>
                    ))}
                </div>
              )}
              {it.tests.length > 0 && it.subject === null && (
                <div class="cmp-row">
                  {it.tests.map((k) => (
                    <button key={k} class="cmp-btn" onClick={() => openRoll({ kind: k, subject: "" })}>
                      {TESTS[k].title}
                    </button>
                  ))}
                </div>
              )}
              {s.phase === "leadership" && it.subject && isLeader(s, it.subject) && <LeaderActions state={s} leaderId={it.subject} act={act} />}
            </li>
          ))}
        </ul>
      </section>
      <section class="cmp-card">
        {blocked && <p class="hint">{blocked}.</p>}
        <button class="cmp-btn primary big" disabled={blocked !== null} onClick={() => act(nextPhase)} data-testid="next-phase">
          {s.phase === "combat" ? `End turn ${s.turn} → turn ${s.turn + 1}` : `Next: ${Object.values(PHASES)[phase.number].title} →`}
        </button>
      </section>
    </>
  );
}

function isLeader(s: CompanionState, id: string): boolean {
  return s.sides.red.leaders.some((l) => l.id === id) || s.sides.black.leaders.some((l) => l.id === id);
}

function nameOf(s: CompanionState, id: string): string {
  for (const side of ["red", "black"] as const) {
    const u = s.sides[side].units.find((x) => x.id === id);
    if (u) return u.name;
    const l = s.sides[side].leaders.find((x) => x.id === id);
    if (l) return l.name;
  }
  return id;
}

function InitiativePanel({ state: s, act, openRoll }: { state: CompanionState; act: Act; openRoll: (r: RollRequest) => void }) {
  return (
    <section class="cmp-card">
      <h3>Who acts first</h3>
      <div class="cmp-row">
        <button class="cmp-btn primary" onClick={() => openRoll({ kind: "initiative", subject: "" })} data-testid="roll-initiative">
          Roll for the initiative
        </button>
      </div>
      <p class="hint">The winner chooses:</p>
      <div class="cmp-row">
        {(["red", "black"] as const).map((side) => (
          <button key={side} class={`cmp-btn ${s.first === side ? "primary" : ""}`} onClick={() => act((x) => chooseFirst(x, side))} data-testid={`first-${side}`}>
            <span class={`swatch ${side}`} /> {side} acts first
          </button>
        ))}
      </div>
    </section>
  );
}

function GodPanel({ state: s, act }: { state: CompanionState; act: Act }) {
  const inPlay = s.god.inPlay;
  const callers = holyCallers(s);
  const [calls, setCalls] = useState<Partial<Record<Side, string>>>({});
  const [cancel, setCancel] = useState(false);
  const [redraw, setRedraw] = useState(false);
  const [choices, setChoices] = useState<Partial<Record<Side, GodChoices>>>({});
  const pack = s.god.pack.deck;
  if (!inPlay) {
    return (
      <section class="cmp-card">
        <h3>The god pack</h3>
        <p class="hint">
          {pack.drawPile.length} cards to draw, {pack.discards.length} discarded, {s.god.pack.jokersDrawn} joker{s.god.pack.jokersDrawn === 1 ? "" : "s"} drawn. Tokens kept: red {s.sides.red.tokens.skilledArcher}× Five, {s.sides.red.tokens.fortune}× Seven; black{" "}
          {s.sides.black.tokens.skilledArcher}× Five, {s.sides.black.tokens.fortune}× Seven.
        </p>
        <button class="cmp-btn primary big" onClick={() => act(drawTurnCard)} data-testid="draw-card">
          Draw the god card
        </button>
      </section>
    );
  }
  const first = inPlay.first.card;
  if (inPlay.stage === "calls") {
    const single = (calls.red !== undefined) !== (calls.black !== undefined);
    return (
      <section class="cmp-card">
        <GodCard card={first} text={standingText(s, inPlay.first)} />
        <h3>Holy persons</h3>
        {callers.length === 0 && <p class="hint">No leader with a holy person can call (he needs the holy person with him and 1 LP to spend, not in combat).</p>}
        {callers.map((c) => (
          <label key={c.leader.id} class="tick">
            <input type="checkbox" checked={calls[c.side] === c.leader.id} onChange={(e) => setCalls({ ...calls, [c.side]: (e.currentTarget as HTMLInputElement).checked ? c.leader.id : undefined })} />
            <span class={`swatch ${c.side}`} /> {c.leader.name} calls on his holy person (1 LP)
          </label>
        ))}
        {single && (
          <>
            <label class="tick">
              <input type="checkbox" checked={cancel} onChange={(e) => setCancel((e.currentTarget as HTMLInputElement).checked)} /> cancel the card
            </label>
            <label class="tick">
              <input type="checkbox" checked={redraw} disabled={!cancel} onChange={(e) => setRedraw((e.currentTarget as HTMLInputElement).checked)} /> and draw another (it must be accepted)
            </label>
          </>
        )}
        <button class="cmp-btn primary" onClick={() => act((x) => settleCalls(x, { calls, cancel: single && cancel, redraw: single && cancel && redraw }))} data-testid="settle-calls">
          {Object.keys(calls).some((k) => calls[k as Side]) ? "Confirm the calls" : "No one calls: the card stands"}
        </button>
      </section>
    );
  }
  const effect = standingEffect(s);
  const fields = godChoiceFields(s);
  return (
    <section class="cmp-card">
      {inPlay.standing ? <GodCard card={inPlay.standing.card} text={effect?.text ?? ""} /> : <p>The card was cancelled: no effect this turn.</p>}
      {fields.map((f) => (
        <label key={`${f.side}.${f.key}`}>
          <span>
            <span class={`swatch ${f.chooser}`} /> {f.label}
          </span>
          <select
            value={choices[f.side]?.[f.key] ?? ""}
            onChange={(e) => setChoices({ ...choices, [f.side]: { ...choices[f.side], [f.key]: (e.currentTarget as HTMLSelectElement).value || undefined } })}
            data-testid={`god-choice-${f.side}-${f.key}`}
          >
            <option value="">— choose —</option>
            {f.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button class="cmp-btn primary big" onClick={() => act((x) => applyGodCard(x, choices))} data-testid="apply-card">
        Apply the card
      </button>
    </section>
  );
}

function standingText(s: CompanionState, d: { card: import("../../../src/core/cards.js").Card; jokerNumber: 1 | 2 | null }): string {
  const saved = s.god.inPlay;
  const probe: CompanionState = { ...s, god: { ...s.god, inPlay: saved ? { ...saved, standing: d } : null } };
  return standingEffect(probe)?.text ?? "";
}

function GodCard({ card, text }: { card: import("../../../src/core/cards.js").Card; text: string }) {
  const colour = "joker" in card ? "joker" : colourOf(card);
  return (
    <div class={`god-card ${colour}`} data-testid="god-card">
      <span class="face">{cardName(card)}</span>
      <span class="what">{text}</span>
    </div>
  );
}

function LeaderActions({ state: s, leaderId, act }: { state: CompanionState; leaderId: string; act: Act }) {
  const side: Side = s.sides.red.leaders.some((l) => l.id === leaderId) ? "red" : "black";
  const leader = s.sides[side].leaders.find((l) => l.id === leaderId)!;
  const units = s.sides[side].units.filter((u) => u.status === "active");
  const [target, setTarget] = useState(leader.unit);
  const doIt = (a: LeaderActionKind) => act((x) => leaderAction(x, leaderId, a, target));
  return (
    <details class="cmp-leader-actions">
      <summary>Spend his LPs…</summary>
      <label>
        on (within 2" of his retinue)
        <select value={target} onChange={(e) => setTarget((e.currentTarget as HTMLSelectElement).value)}>
          {units.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({totalDp(u)} DP, {AGGRESSION_NAME[u.aggression]})
            </option>
          ))}
        </select>
      </label>
      <div class="cmp-row">
        <button class="cmp-btn" onClick={() => doIt("increaseCohesion")}>−1 DP (2 LP)</button>
        <button class="cmp-btn" onClick={() => doIt("raiseAggression")}>Raise (2 LP)</button>
        <button class="cmp-btn" onClick={() => doIt("lowerAggression")}>Lower (2 LP)</button>
        {!leader.signalled && (
          <button class="cmp-btn" onClick={() => act((x) => leaderAction(x, leaderId, "signalAdvance"))}>
            Signal the advance (1 LP)
          </button>
        )}
      </div>
    </details>
  );
}

// ------------------------------------------------------------------ units

export function UnitsView({ state: s, act, openRoll }: { state: CompanionState; act: Act; openRoll: (r: RollRequest) => void }) {
  return (
    <>
      <section class="cmp-card">
        <h3>Gods and ground</h3>
        <div class="cmp-tokens">
          <span />
          <span>Five (skilled archer)</span>
          <span>Seven (fortune)</span>
          {(["red", "black"] as const).map((side) => [
            <span key={`${side}-n`}>
              <span class={`swatch ${side}`} /> {side}
            </span>,
            <Stepper key={`${side}-5`} value={s.sides[side].tokens.skilledArcher} onMinus={() => act((x) => correctTokens(x, side, "skilledArcher", -1))} onPlus={() => act((x) => correctTokens(x, side, "skilledArcher", 1))} label={`${side} Five tokens`} />,
            <Stepper key={`${side}-7`} value={s.sides[side].tokens.fortune} onMinus={() => act((x) => correctTokens(x, side, "fortune", -1))} onPlus={() => act((x) => correctTokens(x, side, "fortune", 1))} label={`${side} Seven tokens`} />,
          ])}
        </div>
        <label class="tick">
          <input type="checkbox" checked={s.god.soggyGround} onChange={(e) => act((x) => correctSoggyGround(x, (e.currentTarget as HTMLInputElement).checked))} /> soggy ground (first joker)
        </label>
      </section>
      {(["red", "black"] as const).map((side) => (
        <section key={side} class={`cmp-side ${side}`}>
          <h2>
            <span class={`swatch ${side}`} /> {s.sides[side].name}
          </h2>
          {s.sides[side].contingentOrder.map((c, k) => (
            <div key={c} class="cmp-contingent">
              <div class="cmp-contingent-head">
                <span>Contingent {k + 1} from the right</span>
                {k > 0 && (
                  <button class="cmp-btn small" onClick={() => act((x) => moveContingentRight(x, side, c))} title="this contingent stands further right on the table">
                    ↑ further right
                  </button>
                )}
              </div>
              {s.sides[side].units
                .filter((u) => u.contingent === c)
                .map((u) => (
                  <UnitCard key={u.id} state={s} unit={u} act={act} openRoll={openRoll} />
                ))}
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

function Stepper({ value, onMinus, onPlus, label }: { value: number | string; onMinus: () => void; onPlus: () => void; label: string }) {
  return (
    <span class="stepper">
      <button aria-label={`${label} minus`} onClick={onMinus}>
        −
      </button>
      <b data-value={label}>{value}</b>
      <button aria-label={`${label} plus`} onClick={onPlus}>
        +
      </button>
    </span>
  );
}

function UnitCard({ state: s, unit: u, act, openRoll }: { state: CompanionState; unit: UnitState; act: Act; openRoll: (r: RollRequest) => void }) {
  const leaders = [...s.sides.red.leaders, ...s.sides.black.leaders].filter((l) => l.unit === u.id);
  const gone = u.status !== "active";
  return (
    <details class={`cmp-unit ${gone ? "gone" : ""} ${u.aggression}`} data-unit={u.id}>
      <summary>
        <strong>{u.name}</strong>
        <span class="meta">
          {u.kind === "retinue" ? "retinue" : "band"} {u.grade}
          {gone ? ` — ${u.status}` : ` · ${u.stands} stand${u.stands === 1 ? "" : "s"} · ${AGGRESSION_NAME[u.aggression]} · ${totalDp(u)} DP${u.formed ? "" : " · unformed"}${u.inCombat ? " · ⚔ in combat" : ""}`}
          {leaders.map((l) => ` · ★ ${l.name} ${l.status === "alive" ? `${lpLeft(l)}/${l.lpValue} LP` : l.status}`).join("")}
        </span>
        {!gone && (
          <span class="cmp-row quick">
            {quickTests(s).map((k) => (
              <button
                key={k}
                class="cmp-btn small"
                onClick={(e) => {
                  e.preventDefault(); // a tap on the test, not on the unit's line: the card stays as it was
                  openRoll({ kind: k, subject: u.id });
                }}
                data-quick={`${k}:${u.id}`}
              >
                {TESTS[k].title}
              </button>
            ))}
          </span>
        )}
      </summary>
      <div class="cmp-grid">
        <span>Stands</span>
        <Stepper value={u.stands} label={`${u.name} stands`} onMinus={() => act((x) => correctUnit(x, u.id, { field: "stands", delta: -1 }))} onPlus={() => act((x) => correctUnit(x, u.id, { field: "stands", delta: 1 }))} />
        <span>Aggression</span>
        <Stepper value={AGGRESSION_NAME[u.aggression]} label={`${u.name} aggression`} onMinus={() => act((x) => correctUnit(x, u.id, { field: "aggression", delta: -1 }))} onPlus={() => act((x) => correctUnit(x, u.id, { field: "aggression", delta: 1 }))} />
      </div>
      <div class="cmp-dps">
        <span class="total">DPs {totalDp(u)}</span>
        {DP_KINDS.map((k) => (
          <span key={k} class={`cmp-dp ${k}`}>
            {k}
            <Stepper value={u.dp[k]} label={`${u.name} ${k} DPs`} onMinus={() => act((x) => correctUnit(x, u.id, { field: "dp", kind: k, delta: -1 }))} onPlus={() => act((x) => correctUnit(x, u.id, { field: "dp", kind: k, delta: 1 }))} />
          </span>
        ))}
      </div>
      <div class="cmp-row">
        <label class="tick">
          <input type="checkbox" checked={u.formed} onChange={(e) => act((x) => correctUnit(x, u.id, { field: "formed", value: (e.currentTarget as HTMLInputElement).checked }))} /> formed
        </label>
        <label class="tick">
          <input type="checkbox" checked={u.inCombat} onChange={(e) => act((x) => correctUnit(x, u.id, { field: "inCombat", value: (e.currentTarget as HTMLInputElement).checked }))} data-testid={`in-combat-${u.id}`} /> in combat
        </label>
        {s.chargedThisTurn.includes(u.id) && <span class="tag">charged this turn</span>}
      </div>
      {u.attachments.length > 0 && (
        <p class="attach">
          With: {u.attachments.map((a) => a.replace("-", " ")).join(", ")}
          {u.attachments.includes("camp-followers") && (
            <button class="cmp-btn small" onClick={() => act((x) => campFollowers(x, u.id, u.id, true))}>
              camp followers: −1 DP here
            </button>
          )}
        </p>
      )}
      {leaders.map((l) => (
        <LeaderRow key={l.id} leader={l} act={act} openRoll={openRoll} />
      ))}
      {gone ? (
        <button class="cmp-btn small" onClick={() => act((x) => correctUnit(x, u.id, { field: "status", value: "active" }))}>
          back in play
        </button>
      ) : (
        <div class="cmp-row">
          {(["charge", "combat", "control", "move", "shooting"] as const).map((k) => (
            <button key={k} class="cmp-btn small" onClick={() => openRoll({ kind: k, subject: u.id })}>
              {TESTS[k].title}
            </button>
          ))}
          <button class="cmp-btn small" onClick={() => act((x) => correctUnit(x, u.id, { field: "status", value: "broken" }))}>
            broken
          </button>
        </div>
      )}
    </details>
  );
}

function LeaderRow({ leader: l, act, openRoll }: { leader: LeaderState; act: Act; openRoll: (r: RollRequest) => void }) {
  return (
    <div class={`cmp-leader ${l.status}`} data-leader={l.id}>
      <div>
        ★ <strong>{l.name}</strong>
        {l.commanderInChief ? " (commander-in-chief)" : ""} — {l.status === "alive" ? `${lpLeft(l)} LP left this turn${l.signalled ? ", advance signalled" : ""}` : l.status}
      </div>
      <div class="cmp-grid">
        <span>LP value</span>
        <Stepper value={l.lpValue} label={`${l.name} LP value`} onMinus={() => act((x) => correctLeader(x, l.id, { field: "lpValue", delta: -1 }))} onPlus={() => act((x) => correctLeader(x, l.id, { field: "lpValue", delta: 1 }))} />
        <span>LPs spent</span>
        <Stepper value={l.lpSpent} label={`${l.name} LPs spent`} onMinus={() => act((x) => correctLeader(x, l.id, { field: "lpSpent", delta: -1 }))} onPlus={() => act((x) => correctLeader(x, l.id, { field: "lpSpent", delta: 1 }))} />
        <span>Wounds</span>
        <Stepper value={l.wounds} label={`${l.name} wounds`} onMinus={() => act((x) => correctLeader(x, l.id, { field: "wounds", delta: -1 }))} onPlus={() => act((x) => correctLeader(x, l.id, { field: "wounds", delta: 1 }))} />
        <span>Fate</span>
        <select value={l.status} onChange={(e) => act((x) => correctLeader(x, l.id, { field: "status", value: (e.currentTarget as HTMLSelectElement).value as LeaderState["status"] }))}>
          <option value="alive">alive</option>
          <option value="killed">killed</option>
          <option value="captured">captured</option>
        </select>
      </div>
      {l.status === "alive" && (
        <div class="cmp-row">
          {LEADER_TESTS.map((k) => (
            <button key={k} class="cmp-btn small" onClick={() => openRoll({ kind: k, subject: l.id })}>
              {TESTS[k].title}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

// ------------------------------------------------------------------ roll

function subjectsFor(s: CompanionState, kind: TestKind): { id: string; name: string; side: Side }[] {
  if (kind === "initiative") return [];
  const out: { id: string; name: string; side: Side }[] = [];
  for (const side of ["red", "black"] as const) {
    if (LEADER_TESTS.includes(kind)) for (const l of s.sides[side].leaders.filter((x) => x.status === "alive")) out.push({ id: l.id, name: l.name, side });
    else for (const u of s.sides[side].units.filter((x) => x.status === "active")) out.push({ id: u.id, name: u.name, side });
  }
  return out;
}

export function RollView({ state: s, act, request }: { state: CompanionState; act: Act; request: RollRequest | null }) {
  const [kind, setKind] = useState<TestKind>(request?.kind ?? "charge");
  const [subject, setSubject] = useState(request?.subject ?? "");
  const subjects = subjectsFor(s, kind);
  const subj = kind === "initiative" ? "" : subjects.some((x) => x.id === subject) ? subject : (subjects[0]?.id ?? "");
  const [input, setInput] = useState<TestInput | null>(null);
  useEffect(() => {
    if (request) {
      setKind(request.kind);
      setSubject(request.subject);
      setInput(null);
    }
  }, [request]);
  const defaults = useMemo(() => {
    try {
      return testDefaults(s, kind, subj);
    } catch {
      return null;
    }
    // Defaults follow the tracked state when the test or its subject changes (not on every edit).
  }, [kind, subj, s.rolled === null, s.turn, s.phase, s.log.length]);
  const current = input ?? defaults;
  let odds: OddsView | null = null;
  let oddsError: string | null = null;
  if (current) {
    try {
      odds = testOdds(s, kind, current);
    } catch (err) {
      oddsError = (err as Error).message;
    }
  }
  if (s.rolled) return <Rolled state={s} act={act} />;
  const fields = current ? TESTS[kind].fields(s, current).filter((f) => f.key !== "unit" && f.key !== "leader") : [];
  // The other units in the test (target, opponent) are chosen first; the modifiers follow the odds.
  const others = fields.filter((f) => f.type === "unit");
  const edits = fields.filter((f) => f.type !== "unit");
  const side = subjects.find((x) => x.id === subj)?.side ?? null;
  return (
    <section class="cmp-card cmp-roll">
      <label>
        Test
        <select
          value={kind}
          onChange={(e) => {
            setKind((e.currentTarget as HTMLSelectElement).value as TestKind);
            setInput(null);
          }}
          data-testid="test-kind"
        >
          {TEST_KINDS.map((k) => (
            <option key={k} value={k}>
              {TESTS[k].title}
            </option>
          ))}
        </select>
      </label>
      <p class="hint">Rule: {TESTS[kind].rule}</p>
      {kind !== "initiative" && (
        <label>
          {LEADER_TESTS.includes(kind) ? "Leader" : "Unit"}
          <select
            value={subj}
            onChange={(e) => {
              setSubject((e.currentTarget as HTMLSelectElement).value);
              setInput(null);
            }}
            data-testid="test-subject"
          >
            {subjects.map((x) => (
              <option key={x.id} value={x.id}>
                {x.side}: {x.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {current &&
        others.map((f) => <Field key={f.key} field={f} state={s} value={current[f.key]} subjectSide={side} onChange={(v) => setInput({ ...current, [f.key]: v })} />)}
      {oddsError && (
        <p class="error" data-testid="odds-error">
          {oddsError}
        </p>
      )}
      {odds && <Odds odds={odds} />}
      <button class="cmp-btn primary big" disabled={!odds || !current} onClick={() => current && act((x) => rollTest(x, kind, current))} data-testid="roll">
        Roll
      </button>
      {odds && current && <FacePad key={`${kind}:${subj}`} state={s} kind={kind} input={current} id="test" onComplete={(faces) => act((x) => rollTestWithFaces(x, kind, current, faces))} />}
      {current && edits.length > 0 && (
        <details class="cmp-edit" open={input !== null}>
          <summary>Modifiers from the table (change them if the table differs)</summary>
          <div class="cmp-fields">
            {edits.map((f) => (
              <Field key={f.key} field={f} state={s} value={current[f.key]} subjectSide={side} onChange={(v) => setInput({ ...current, [f.key]: v })} />
            ))}
          </div>
          {input && (
            <button class="link" onClick={() => setInput(null)}>
              reset to the tracked state
            </button>
          )}
        </details>
      )}
    </section>
  );
}

function Field({ field: f, value, onChange, state: s, subjectSide }: { field: TestField; value: string | number | boolean | undefined; onChange: (v: string | number | boolean) => void; state: CompanionState; subjectSide: Side | null }) {
  switch (f.type) {
    case "boolean":
      return (
        <label class="tick">
          <input type="checkbox" checked={value === true} onChange={(e) => onChange((e.currentTarget as HTMLInputElement).checked)} data-field={f.key} /> {f.label}
        </label>
      );
    case "number":
      return (
        <label class="num">
          <span>{f.label}</span>
          <span class="stepper">
            <button aria-label={`${f.key} minus`} onClick={() => onChange(Math.max(f.min, Number(value ?? 0) - 1))}>
              −
            </button>
            <b data-field={f.key}>{String(value ?? "")}</b>
            <button aria-label={`${f.key} plus`} onClick={() => onChange(Math.min(f.max, Number(value ?? 0) + 1))}>
              +
            </button>
          </span>
        </label>
      );
    case "enum":
      return (
        <label>
          {f.label}
          <select value={String(value ?? "")} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)} data-field={f.key}>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      );
    case "unit": {
      const sides: Side[] = f.who === "any" || subjectSide === null ? ["red", "black"] : f.who === "own" ? [subjectSide] : [subjectSide === "red" ? "black" : "red"];
      return (
        <label>
          {f.label}
          <select value={String(value ?? "")} onChange={(e) => onChange((e.currentTarget as HTMLSelectElement).value)} data-field={f.key}>
            {f.optional && <option value="">— none —</option>}
            {sides.flatMap((side) =>
              s.sides[side].units
                .filter((u) => u.status === "active")
                .map((u) => (
                  <option key={u.id} value={u.id}>
                    {side}: {u.name}
                  </option>
                )),
            )}
          </select>
        </label>
      );
    }
    case "leader":
      return null;
  }
}

function Odds({ odds }: { odds: OddsView }) {
  return (
    <div class="cmp-odds" data-testid="odds">
      <h3>Odds before rolling</h3>
      {odds.modifiers.length > 0 && (
        <ul class="mods" data-testid="modifiers">
          {odds.modifiers.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <dl>
        {odds.headline.map((h) => (
          <div key={h.label}>
            <dt>{h.label}</dt>
            <dd data-figure={h.label}>
              <ExactValue value={h.p} places={1} />
            </dd>
          </div>
        ))}
      </dl>
      <div class="dist-chart">
        <DistChart bars={odds.bars} title={odds.title} showAtLeast={odds.showAtLeast} height={170} />
      </div>
      <p class="hint">{odds.title}</p>
    </div>
  );
}

// ------------------------------------------------------------------ log

export function LogView({ state: s }: { state: CompanionState }) {
  return (
    <section class="cmp-card cmp-log" data-testid="log">
      <h2>Turn log</h2>
      {[...s.log].reverse().map((e, k) => (
        <div key={k}>
          <h4>
            Turn {e.turn} · {PHASES[e.phase].title}
          </h4>
          <ul>
            {e.lines.map((l, j) => (
              <li key={j}>{l}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
