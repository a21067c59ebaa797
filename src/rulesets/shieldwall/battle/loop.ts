/**
 * The battle's task loop: the one file that names every phase (seed "Turn Sequence"). The state
 * holds a queue of tasks; `run` works through it until a task needs a player's decision (it sets
 * `state.pending`) or the battle ends. What follows a roll (`afterRoll`) and a retire move
 * (`afterRetire`) is dispatched here too, so phases never import one another (see hand-off.ts).
 */
import type { MoveRoll } from "../move-dice.js";
import { Ctx } from "./ctx.js";
import { chargeMove, markMoved, retireMoveRolled } from "./effects.js";
import { afterFreeHack, afterPursue, afterRout, aftermathStep } from "./phases/aftermath.js";
import { CHARGE_DECISION, chargeFails, chargeTestTask, chargeTests, combatTask, declareTask } from "./phases/charges.js";
import { combatOffers, fight, fightEnd, startCombat } from "./phases/combat.js";
import { DEPLOY_DECISION, deployTask } from "./phases/deployment.js";
import { endTurn } from "./phases/end-turn.js";
import { GOD_CHOICE_DECISION, HOLY_CALL_DECISION, HOLY_CANCEL_DECISION, godEffectTask, godResolveTask, godsTask, holyCallTask } from "./phases/gods.js";
import { INITIATIVE_DECISION, initiativeChoiceTask, initiativeTask, turnStart } from "./phases/initiative.js";
import { ANSWER_DECISION, CAMP_DECISION, DUEL_DECISION, LEAD_DECISION, campTask, challengeTask, leaderTask, leadershipTask } from "./phases/leadership.js";
import { SHOOT_DECISION, fireShot, missileHits, missilesTask, resolveMissiles, shootTask } from "./phases/missiles.js";
import { CONTROL_DECISION, MOVE_DECISION, afterControl, afterPursuitMove, bloodlustAdvance, diceMove, finishMove, frontUnitFirst, moveTask, movementTask } from "./phases/movement.js";
import type { DiceRoll, MoveRollFor, Task } from "./types.js";
import { wireHandOffs } from "./hand-off.js";
import type { DecisionTable } from "./decision-kind.js";
import { FORTUNE_DECISION } from "./dice.js";
import { movesAfterCombat } from "./phases/aftermath.js";

wireHandOffs({ afterRoll, movesAfterCombat });

/** Every kind of decision, each defined in its phase (the Seven in dice.ts), keyed by its pending kind. */
export const DECISIONS: DecisionTable = {
  deploy: DEPLOY_DECISION,
  initiative: INITIATIVE_DECISION,
  "holy-call": HOLY_CALL_DECISION,
  "holy-cancel": HOLY_CANCEL_DECISION,
  "god-choice": GOD_CHOICE_DECISION,
  lead: LEAD_DECISION,
  answer: ANSWER_DECISION,
  camp: CAMP_DECISION,
  move: MOVE_DECISION,
  control: CONTROL_DECISION,
  shoot: SHOOT_DECISION,
  charge: CHARGE_DECISION,
  fortune: FORTUNE_DECISION,
  duel: DUEL_DECISION,
};

export function run(ctx: Ctx): void {
  const s = ctx.s;
  while (s.pending === null && s.result === null) {
    const task = s.queue.shift();
    if (!task) throw new Error("battle engine: the task queue ran dry");
    runTask(ctx, task);
  }
}

function runTask(ctx: Ctx, task: Task): void {
  switch (task.t) {
    case "deploy":
      deployTask(ctx);
      return;
    case "turn-start":
      turnStart(ctx);
      return;
    case "initiative":
      initiativeTask(ctx);
      return;
    case "initiative-choice":
      initiativeChoiceTask(ctx);
      return;
    case "gods":
      godsTask(ctx);
      return;
    case "holy-call":
      holyCallTask(ctx, task.side);
      return;
    case "god-resolve":
      godResolveTask(ctx);
      return;
    case "god-effect":
      godEffectTask(ctx);
      return;
    case "leadership":
      leadershipTask(ctx);
      return;
    case "leader":
      leaderTask(ctx, task.leader);
      return;
    case "challenge":
      challengeTask(ctx, task.challenger, task.fighter, task.fromKing);
      return;
    case "camp":
      campTask(ctx, task.unit);
      return;
    case "movement":
      movementTask(ctx);
      return;
    case "move":
      if (frontUnitFirst(ctx, task)) return;
      moveTask(ctx, task.unit);
      return;
    case "sw15":
      return;
    case "missiles":
      missilesTask(ctx);
      return;
    case "shoot":
      shootTask(ctx, task.unit);
      return;
    case "resolve-missiles":
      resolveMissiles(ctx);
      return;
    case "fire":
      fireShot(ctx, task.shot);
      return;
    case "missile-hits":
      missileHits(ctx);
      return;
    case "combat":
      combatTask(ctx);
      return;
    case "declare":
      declareTask(ctx, task.unit);
      return;
    case "charge-tests":
      chargeTests(ctx);
      return;
    case "charge-test":
      chargeTestTask(ctx, task.unit);
      return;
    case "fight":
      fight(ctx);
      return;
    case "melee":
      startCombat(ctx, task.red, task.black, task.chain ?? 0);
      return;
    case "fight-end":
      fightEnd(ctx);
      return;
    case "end-turn":
      endTurn(ctx);
      return;
  }
}

/** What the engine does with a set of dice once it is final. */
function afterRoll(ctx: Ctx, roll: DiceRoll): void {
  switch (roll.what) {
    case "control":
      afterControl(ctx, roll.unit, roll.result);
      return;
    case "charge":
      if (roll.result.charges) chargeMove(ctx, roll.unit, roll.target);
      else chargeFails(ctx, roll.unit);
      return;
    case "shooting":
      // A new array: the Ctx's state copy shares `shots` with the input state, which apply must not change.
      ctx.s.shots = ctx.s.shots.map((shot, i) => (i === roll.shot ? { ...shot, hits: roll.result.hits } : shot));
      return;
    case "free-hack":
      afterFreeHack(ctx, roll.target, roll.after, roll.result.casualties);
      return;
    case "combat":
      combatOffers(ctx, roll.fight);
      return;
    case "move": {
      const f = roll.for;
      switch (f.k) {
        case "move":
          diceMove(ctx, roll.unit, f.move, f.voluntary, roll.result);
          return;
        case "bloodlust":
          bloodlustAdvance(ctx, roll.unit, roll.result);
          return;
        case "pursuit":
          afterPursuitMove(ctx, roll.unit, roll.result, f.bloodLust === true);
          return;
        case "retire":
          afterRetire(ctx, roll.unit, f, roll.result);
          return;
        case "rout":
          afterRout(ctx, roll.unit, f.after, roll.result);
          return;
        case "pursue":
          afterPursue(ctx, roll.unit, f.after, f.engagedStands, roll.result);
          return;
      }
    }
  }
}

function afterRetire(ctx: Ctx, id: string, f: Extract<MoveRollFor, { k: "retire" }>, roll: MoveRoll): void {
  const away = retireMoveRolled(ctx, id, f.foes, roll);
  const then = f.then;
  if (then.k === "finish-move") finishMove(ctx, id, then.move, true);
  else if (then.k === "mark-moved") markMoved(ctx, id);
  else aftermathStep(ctx, away ? { ...then.after, fled: [...then.after.fled, { id, how: "retire" }] } : then.after);
}
