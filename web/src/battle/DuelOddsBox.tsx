/**
 * The odds of a personal combat for the side deciding at this screen (issue 25): its fighter's
 * chances to kill, to be killed or neither, and each choice's, as the ruleset's `duelOdds` found
 * them from that side's knowledge only (SW-24). Exact near the end of the duel (every hand the
 * other could hold counted, as fractions); otherwise Monte Carlo, with the sample size and the
 * standard error shown with every figure.
 */
import type { BattleDuel } from "../../../src/rulesets/shieldwall/battle/index.js";
import type { DuelChances } from "../../../src/rulesets/shieldwall/duel/odds.js";
import type { Estimate } from "../../../src/rulesets/shieldwall/duel/ai.js";
import type { OptionView, Snapshot } from "./protocol.js";
import { ExactValue } from "../shared/ExactValue.js";

const pct = (e: Estimate) => `${(e.p * 100).toFixed(1)}% ± ${(e.se * 100).toFixed(1)}`;

function Chances({ c }: { c: DuelChances }) {
  const x = c.exact;
  if (x)
    return (
      <>
        kills <strong><ExactValue value={x.win} places={1} /></strong> · is killed <ExactValue value={x.lose} places={1} /> · neither <ExactValue value={x.neither} places={1} />
      </>
    );
  return (
    <>
      kills <strong>{pct(c.win)}</strong> · is killed {pct(c.lose)} · neither {pct(c.neither)}
    </>
  );
}

export function DuelOddsBox({ odds, duel, options }: { odds: NonNullable<Snapshot["duelOdds"]>; duel: BattleDuel; options: OptionView[] }) {
  const o = odds.odds;
  const me = duel[o.seat].name;
  const textOf = (move: unknown) => options.find((x) => x.decision.type === "duel" && JSON.stringify(x.decision.move) === JSON.stringify(move))?.text ?? "";
  const best = o.choices.length > 0 ? Math.max(...o.choices.map((c) => c.chances.win.p)) : null;
  return (
    <div class="duel-odds" data-testid="duel-odds">
      <p data-testid="duel-odds-now">
        <strong>{me}'s chances</strong> from your hand and the cards played (the other hand unknown): <Chances c={o.now} />
      </p>
      {o.choices.length > 0 && (
        <table class="duel-choices">
          <caption>Each choice, then played on by the computer players</caption>
          <tbody>
            {o.choices.map((c) => (
              <tr key={c.key} data-testid="duel-choice-odds" class={c.chances.win.p === best ? "best" : ""}>
                <td>{textOf(c.move)}</td>
                <td>
                  <Chances c={c.chances} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p class="odds-note" data-testid="duel-odds-method">
        {o.method === "exact" ? (
          <>Exact: every hand the other could hold from the cards you have not seen ({o.now.samples} kinds of hand, each weighed by its deals) and every dice-off; both fighters then play the computer's way.</>
        ) : (
          <>Monte Carlo: {o.now.samples} duels played out from here{o.choices.length > 0 ? `, ${o.choices[0].chances.samples} for each choice` : ""}, the unseen cards and the dice dealt afresh each time; ± one standard error.</>
        )}
      </p>
    </div>
  );
}
