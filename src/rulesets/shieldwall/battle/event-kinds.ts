/**
 * Every kind of event the Shieldwall battle engine can emit, with what it records. `Ctx.ev`,
 * `Ctx.notes` and `Ctx.event` take only a `BattleEventKind`, so an event of a kind missing here
 * does not compile; `test/shieldwall/battle/event-kinds.test.ts` also checks every event of random
 * battles against the list. `muster sim --events` counts them (zeros included), and
 * `npm run events:table` records the counts in docs/shieldwall/battle.md.
 */
export const BATTLE_EVENTS = {
  // Set-up and deployment
  embarked: "a unit starts the battle aboard ship (scenario boats)",
  "deployment-dice": "the deployment dice (seed \"Deployment\")",
  deploy: "a contingent is placed on the table",
  // Turn sequence
  turn: "a new turn begins",
  initiative: "the initiative roll",
  "initiative-choice": "the initiative winner chooses who acts first",
  "god-card": "the gods' card is drawn (seed \"The Gods\")",
  "holy-call": "a holy person is called (1 LP) or not",
  god: "what the holy person does with the gods' card (cancel, redraw)",
  "god-effect": "a gods' card takes effect",
  "god-choice": "a player picks the unit or leader a gods' card acts on",
  // Leadership
  lead: "a lead action (cohesion, aggression) or a leader done for the turn",
  signal: "a contingent's signal to advance and its initial moves",
  "battle-standard": "the battle standard's extra inch on the signal",
  challenge: "a challenge to personal combat is issued (each is answered by one challenge-answer)",
  "challenge-void": "a leader cannot issue a challenge; the event gives the reason (no enemy leader on the table, LPs, himself gone)",
  "challenge-answer": "a challenged leader accepts or refuses (the refusal roll), or the challenge lapses",
  "duel-start": "a personal combat begins: the fighters and the cards dealt to each (SW-22)",
  "duel-hand": "a fighter's own hand, seen only by his side (SW-24)",
  "duel-discard": "a fighter discards cards face down",
  "duel-advantage": "a dice-off for the advantage in a personal combat",
  "duel-lead": "a fighter leads a card face up",
  "duel-exchange": "an exchange of a personal combat: the cards, the wounds",
  duel: "a personal combat fought: the fighters, exchanges and wounds",
  "duel-result": "the personal combat's consequences (LP value, aggression, morale DPs, deaths)",
  camp: "camp followers tend a unit (or no one), or add their DP",
  "camp-move": "camp followers join another unit",
  // Leaders' fate
  "leader-risk": "a risk-to-leaders roll (combat or missiles)",
  "leader-killed": "a leader's death shakes his contingent (or the army)",
  "retinue-eliminated": "the roll for a leader whose retinue is gone",
  "leader-lost": "a leader is killed or captured, with the cause (counted by `muster sim`)",
  "fight-to-death": "a retinue fights to the death for its fallen leader",
  // Movement
  "move-decision": "a unit's chosen move",
  "move-dice": "a move's dice",
  move: "a unit moves (distance and heading)",
  "group-move": "a retinue moves its group",
  "front-first": "a group move goes front unit first",
  "change-direction": "a unit changes direction in its move",
  "about-face": "a unit about faces",
  "form-up": "an unformed unit forms up",
  rest: "a unit rests and reforms",
  hold: "a unit holds",
  halt: "a control test halts a unit (or it halts at an obstacle or enemy)",
  "control-test": "a control test",
  "control-choice": "an A grade unit's ±1 on its control test",
  "repeat-move": "a control test's repeated move",
  "pursuit-ends": "a pursuit ends",
  "unable-to-move": "a unit cannot make its move",
  "manoeuvre-dp": "a manoeuvre costs a DP",
  fatigue: "fatigue DPs from a long move",
  sw15: "an unsignalled contingent takes a DP as the enemy advances (ruling SW-15)",
  interpenetration: "units pass through each other and become unformed",
  embark: "a unit embarks and leaves the table",
  disembark: "a unit lands from its boats",
  // Missiles
  shooting: "a unit shoots",
  "missile-hits": "missile hits on a unit",
  // Charges
  declare: "a charge declared (or no charge)",
  "charge-test": "a charge test",
  "charge-failed": "a failed charge test",
  "charge-move": "a charge move",
  "charge-blocked": "a charge that cannot reach its target",
  "charge-no-room": "a unit that would charge (bound to, or signalled) has enemy within 2\" in sight but no room to reach it (ruling SW-28)",
  "pursuit-charge": "pursuers run into a new enemy and charge it",
  // Combat and after
  combat: "a combat's result",
  "combat-detail": "a combat's dice and hits, unit by unit",
  morale: "aggression changes from morale (units broken nearby, combat results)",
  "no-pursuit": "a victor does not pursue",
  outdistanced: "fleeing units outdistance their pursuers",
  caught: "pursuers catch fleeing units",
  "free-hack": "the pursuers' free hack",
  loot: "a unit stops to loot",
  "left-table": "a unit leaves the table",
  "unit-lost": "a unit is destroyed, broken or surrenders",
  // Fortune (the Seven)
  fortune: "a kept Seven is played to re-roll",
  "fortune-kept": "a side keeps its Seven",
  // End of turn and battle
  "turn-end": "the losses at the end of a turn",
  result: "the battle's result",
} as const satisfies Record<string, string>;

export type BattleEventKind = keyof typeof BATTLE_EVENTS;

/** Every event kind, in the order above (the order of `muster sim --events`). */
export const BATTLE_EVENT_KINDS: readonly BattleEventKind[] = Object.keys(BATTLE_EVENTS) as BattleEventKind[];

export function isBattleEventKind(type: string): type is BattleEventKind {
  return Object.hasOwn(BATTLE_EVENTS, type);
}
