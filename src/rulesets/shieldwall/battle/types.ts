/**
 * Shieldwall battle state, decisions and options (docs/shieldwall/battle.md). Plain serialisable
 * data only: the battle engine (loop.ts and phases/) works on it, the game (game.ts) exposes it.
 */
import type { BaseState, GameEvent, GameResult } from "../../../core/game.js";
import type { Side } from "../army.js";
import type { GodDraw, GodPack, GodTokens } from "../gods.js";
import type { Stand } from "../geometry/stand.js";
import type { Table } from "../geometry/table.js";
import type { StepDirection } from "../geometry/movement.js";
import type { FighterKind, Side as DuelSide } from "../duel/rules.js";
import type { ShieldwallDuelMove, ShieldwallDuelState } from "../duel/game.js";
import type { LeaderState, UnitState } from "../units.js";
import type { ChargeResult, ControlResult, ShootingInput } from "../checks.js";
import type { CombatInput, CombatRound, SideRoll, UnitOutcome } from "../combat.js";
import type { MoveKind, MoveRoll } from "../move-dice.js";
import type { Roll } from "../../../core/dice.js";

export type { Side } from "../army.js";

/**
 * Named options. `victory`, the table size and `deployMin` (in the table) are house rules
 * (rulings SW-25, SW-3, SW-26); the others are decisions where the seed and rulings are silent.
 */
/**
 * Options of the rules mechanics (issue 14): a state holds one only when its scenario sets it, so
 * states of scenarios that do not (and their hashes) are as before; read them with {@link ruleOption}.
 */
export interface RuleOptions {
  /** Combat (`CombatOptions` in combat.ts): a Defeat in the refight after an inconclusive round. */
  refightDefeat: "fall-back" | "retire-if-charge";
  /** Combat (`CombatOptions`, ruling SW-19): when "previously shaken" is judged. */
  previouslyShaken: "combat-start" | "refight-start";
  /** Charge test (`ChargeOptions` in checks.ts): one −1 for unformed and 2+ DPs, or one each. */
  chargeDisorderPenalty: "once" | "each";
  /** Shooting (`ShootingOptions`): a retinue in cover halves its incoming dice once (true) or twice. */
  halveOnceForRetinueInCover: boolean;
  /** Risk to leaders (`LeaderRiskOptions`): one roll per missile hit (true) or per shooting that hit. */
  leaderRiskPerMissileHit: boolean;
  /**
   * Control test (`ControlInput`): the optional ±1 of an A grade unit (seed "Control Test").
   * "player" (default): the owning player chooses it at each test, declared before the die is
   * thrown (the `control` decision); "none", "plus", "minus": the same for every test, no decision.
   */
  aGradeChoice: "player" | "none" | "plus" | "minus";
  /**
   * Seed "Movement": "Units of the same contingent within 2" of the leader's retinue and moving in
   * the same direction move as a single body on the same die roll." "same-way" (default): a
   * retinue's formed move with dice (advance, towards the enemy) always takes with it, on its roll,
   * every unit of its contingent within 2" that faces its way and may make the same move;
   * "optional": the old reading, the retinue's player chooses a group move (`group: true`) or not.
   */
  groupMove: "same-way" | "optional";
  /**
   * Seed "Aggression Levels", Blood lust: "Once the Advance has been signalled, it must advance
   * towards enemy in the movement phase and charge as soon as it is within range."
   * "after-signal" (default): a Blood Lust unit must charge only once its contingent has signalled
   * (before that it may not charge, like every unsignalled unit); "always": it must charge within
   * 2" whether or not its contingent has signalled (the engine's old behaviour).
   */
  bloodLustCharge: "after-signal" | "always";
  /**
   * Personal combat (`PersonalCombatOptions`): a challenged leader who cannot pay 3 LPs to accept.
   * House rule default "challenge-lapses" (docs/rules/rulings.md, "Unpaid acceptance").
   */
  unpaidAcceptance: "refusal-roll" | "challenge-lapses";
  /** Personal combat: both fighters killed in one exchange. */
  mutualKill: "both-lose" | "no-winner";
  /**
   * Camp followers in the leadership phase (seed "Supernumeraries" and "Deployment"):
   * "contingent-and-host" (default, the text): 1 DP from any unit of their contingent within 2"
   * and an additional DP from the unit they are attached to; "one": 1 DP in total.
   */
  campFollowerDps: "contingent-and-host" | "one";
  /**
   * Seed "Deployment": "in a single line with no reserves". true (default): a contingent may not
   * deploy behind or in front of a friendly contingent while the line has room for it; false: anywhere.
   */
  singleLine: boolean;
  /**
   * Seed "Cohesion": "1 DP for some manoeuvre actions". "turns" (default): a formed unit's about
   * face and change of direction each cost 1 manoeuvre DP (a step costs none, seed "Manoeuvre";
   * unformed stands have "no manoeuvre penalties"); "none": no manoeuvre costs a DP.
   */
  manoeuvreDp: "turns" | "none";
}

export const DEFAULT_RULE_OPTIONS: RuleOptions = {
  refightDefeat: "fall-back",
  previouslyShaken: "combat-start", // ruling SW-19
  chargeDisorderPenalty: "once",
  halveOnceForRetinueInCover: true,
  leaderRiskPerMissileHit: true,
  aGradeChoice: "player", // seed "Control Test": "+/-1 (optional) if A Grade", the player's choice
  groupMove: "same-way", // seed "Movement": "move as a single body on the same die roll"
  bloodLustCharge: "after-signal", // seed "Aggression Levels": "Once the Advance has been signalled"
  unpaidAcceptance: "challenge-lapses", // house rule (docs/rules/rulings.md, "Unpaid acceptance")
  mutualKill: "both-lose",
  campFollowerDps: "contingent-and-host", // seed "Deployment": "an additional DP"
  singleLine: true, // seed "Deployment": "a single line with no reserves"
  manoeuvreDp: "turns", // seed "Cohesion": "1 DP for some manoeuvre actions"
};

/** A rules-mechanic option of a battle, its default when the scenario does not set it. */
export function ruleOption<K extends keyof RuleOptions>(o: BattleOptions, k: K): RuleOptions[K] {
  return (o as Partial<RuleOptions>)[k] ?? DEFAULT_RULE_OPTIONS[k];
}

export interface BattleOptions extends Partial<RuleOptions> {
  /** Turn limit (ruling SW-25, house rule: default 12). */
  turnLimit: number;
  /**
   * House rule SW-25: "sw25" (default) — an army whose lost units reach half its units (rounded
   * up), or whose leaders are all dead or captured, has lost at the end of a turn; "turn-limit-only"
   * plays to the turn limit and compares stands lost.
   */
  victory: "sw25" | "turn-limit-only";
  /** DPs each unit starts with (seed "Deployment": 3). */
  startingDp: number;
  /**
   * Who plays the cards of a personal combat: "side" (default): each side's player, through the
   * battle's `duel` decisions (issue 14 item 17); "ai" or "random": the engine plays the whole duel
   * at once with the duel AI or with uniformly random cards (quick simulations; no duel decisions).
   */
  duelPlayer: "side" | "ai" | "random";
  /**
   * The initiative winner's choice of who acts first: "per-phase" (default, seed "Turn Sequence":
   * before each phase — gods, leadership, movement, missiles, combat) or "per-turn" (once, for
   * every phase of the turn).
   */
  initiativeChoice: "per-turn" | "per-phase";
  /** How far in front of the centre-line limit a contingent may be deployed (offered depths, inches from the centre line). */
  deployDistances: number[];
  /** Step in inches between the offered deployment positions. */
  deployStep: number;
  /**
   * Seed "Movement": "All movement is conducted from right to left except where two moves
   * intersect, the front unit may move first." "front-first" (default): a friendly unit yet to
   * move that stands in a unit's path moves before it; "right-to-left": the strict acting order.
   */
  crossingMoves: "front-first" | "right-to-left";
}

export const DEFAULT_BATTLE_OPTIONS: BattleOptions = {
  turnLimit: 12, // ruling SW-25 (house rule)
  victory: "sw25", // ruling SW-25 (house rule)
  startingDp: 3,
  duelPlayer: "side",
  initiativeChoice: "per-phase", // seed "Turn Sequence": "for each phase"
  deployDistances: [3, 6],
  deployStep: 6,
  crossingMoves: "front-first",
};

/** A unit on the table. `u` is the shared unit model (units.ts); the rest is battle bookkeeping. */
export interface BattleUnit {
  id: string;
  side: Side;
  u: UnitState;
  /** Stands on the table (empty until deployed, and after the unit is gone). Formed: left to right. */
  stands: Stand[];
  initialStands: number;
  deployed: boolean;
  /** Charged this turn. */
  charged: boolean;
  /** Pursuing an enemy that broke or retired (unformed; control test to cease). */
  pursuing: boolean;
  /** The enemy unit a pursuer chases (seed "Moves Following Combat", Pursue); null when it pursues none in particular or is not pursuing. */
  quarry: string | null;
  /** Retired from combat and outdistanced pursuit: may reform or retire again. */
  retiring: boolean;
  /** Followed up an opponent that fell back (+1 die next round). */
  followingUp: boolean;
  /** The opponents that fell back and that it followed up: its +1 counts against them only (seed "Combat", "+1 Following up an opponent that fell back"). */
  followedUp: string[];
  /** Its leader was killed in normal combat: it fights to the death. */
  fightToDeath: boolean;
  /** Looting the enemy camp: out of the fight, not lost. */
  looting: boolean;
  /** Has acted in this movement phase (e.g. moved with its retinue's group). */
  moved: boolean;
  /** Must charge this turn (control test 5+ with Blood Lust, pursuers meeting new enemy). */
  mustCharge: boolean;
  /** The last voluntary move, for a control test's "repeat last move". */
  lastMove: MoveChoice | null;
  /**
   * Aboard the ships of this boats place (scenario `embarked`, or a unit that embarked): off the
   * table, neither lost nor on the table (docs/shieldwall/battle.md, "Boats"). Absent otherwise.
   */
  embarked?: string;
}

export interface SideState {
  name: string;
  /** "south" (red, facing north) or "north" (black, facing south). */
  half: "south" | "north";
  tokens: GodTokens;
  standardApplied: boolean;
  /** Contingent ids in army-file order. */
  contingents: string[];
  contingentNames: Record<string, string>;
  /** Bands in file order per contingent: index 0 is the right band, 1 the left band. */
  bands: Record<string, string[]>;
  retinues: Record<string, string>;
}

export type Phase = "deployment" | "initiative" | "gods" | "leadership" | "movement" | "missiles" | "combat" | "end" | "over";

/** Work still to do, processed in order by the engine; a task may need a decision. */
export type Task =
  | { t: "deploy" }
  | { t: "turn-start" }
  | { t: "initiative" }
  | { t: "initiative-choice" }
  | { t: "gods" }
  | { t: "holy-call"; side: Side }
  | { t: "god-resolve" }
  | { t: "god-effect" }
  | { t: "leadership" }
  | { t: "leader"; leader: string }
  | {
      t: "challenge";
      challenger: string;
      fighter: FighterKind;
      fromKing: boolean;
    }
  | { t: "camp"; unit: string }
  | { t: "movement" }
  /** `gaveWay`: the unit already let a friend in its path move first this phase (seed "Movement"). */
  | { t: "move"; unit: string; gaveWay?: true }
  | { t: "sw15"; movers: Side }
  | { t: "missiles" }
  | { t: "shoot"; unit: string }
  | { t: "resolve-missiles" }
  | { t: "fire"; shot: number }
  | { t: "missile-hits" }
  | { t: "combat" }
  | { t: "declare"; unit: string }
  | { t: "charge-tests" }
  | { t: "charge-test"; unit: string }
  | { t: "fight" }
  /** `chain`: a combat pursuers charged into, fought at once; how many such combats led to it this phase (seed "Moves Following Combat"). */
  | { t: "melee"; red: string[]; black: string[]; chain?: number }
  | { t: "fight-end" }
  | { t: "end-turn" };

/** The decision the engine waits for. */
export type Pending =
  | { kind: "deploy"; side: Side }
  | { kind: "initiative"; side: Side }
  | { kind: "holy-call"; side: Side; leader: string }
  | { kind: "holy-cancel"; side: Side }
  | {
      kind: "god-choice";
      side: Side;
      effect: "bad-omen" | "beautiful-woman" | "new-hero" | "favoured-leader";
      affected: Side;
    }
  | { kind: "lead"; side: Side; leader: string }
  | {
      kind: "answer";
      side: Side;
      leader: string;
      challenger: string;
      fromKing: boolean;
      challengerFighter: FighterKind;
    }
  | { kind: "camp"; side: Side; unit: string }
  /**
   * `follow`: the unit is spared its control test only because it stands in an unbroken line with
   * its retinue, all moving the same way (seed "Control Test"): it may make only its retinue's move.
   */
  | { kind: "move"; side: Side; unit: string; follow?: MoveChoice }
  /** An A grade unit's control test: its player declares the optional ±1 before the die (seed "Control Test", option `aGradeChoice` "player"). */
  | { kind: "control"; side: Side; unit: string; reasons: string[] }
  | { kind: "shoot"; side: Side; unit: string }
  /** `forced`: Blood Lust must charge (seed "Charges and Combat"); its player chooses the target among those it may charge, and "no charge" is not offered. */
  | { kind: "charge"; side: Side; unit: string; forced?: true }
  /**
   * A set of dice the side just threw, while it keeps a Seven: re-roll it with the Seven? (ruling
   * SW-11). `unit` threw them (for a combat roll: the side's first engaged unit); `roll` is what
   * was thrown and what the engine does with the result once it is final.
   */
  | { kind: "fortune"; side: Side; unit: string; roll: DiceRoll }
  /** A personal combat in progress (seed "Personal Combat"): `side`'s fighter discards or plays a card. */
  | { kind: "duel"; side: Side; duel: BattleDuel };

/** One fighter of a personal combat inside the battle: his leader, side and what he is. */
export interface DuelFighterRef {
  leader: string;
  side: Side;
  fighter: FighterKind;
  /** The fighter as the narrative names him ("Byrhtnoth", "Olaf's champion"). */
  name: string;
}

/**
 * A personal combat in progress: the challenger's fighter plays as duel side "a", the challenged
 * one's as "b"; `game` is the duel game's own state (shieldwallDuelGame), hands and pack included.
 * A seat's view (duel-seat.ts) empties what that seat may not see and sets `hidden`.
 */
export interface BattleDuel {
  a: DuelFighterRef;
  b: DuelFighterRef;
  game: ShieldwallDuelState;
  /** Only in a seat's view: the number of cards in each hand (the emptied ones included). */
  hidden?: { hands: Record<DuelSide, number> };
}

/** What the engine does once an after-combat move or free hack is final: the rest of the moves following the combat. */
export interface Aftermath {
  outcomes: UnitOutcome[];
  /** Where each unit stood when the combat was fought. */
  positions: Record<string, Stand[]>;
  /** Next step: 0…n−1 the units that lost (losers first), n…2n−1 the winners, 2n the end. */
  step: number;
  fled: { id: string; how: "retire" | "break" }[];
  fellBack: Record<string, { dx: number; dy: number }>;
  /** Refresh who is in combat at the end (a combat fought by the engine; not for direct calls). */
  refresh: boolean;
  /** Winners that made a pursuit move (they charge any new enemy they encountered at the end, seed "Moves Following Combat"). */
  pursuers?: string[];
  /** How many pursuit charges led to this combat this phase (see `melee`). */
  chain?: number;
}

/** What happens after a retire move (its dice may be re-rolled first). */
export type AfterRetire =
  | { k: "finish-move"; move: MoveChoice }
  | { k: "mark-moved" }
  | { k: "aftermath"; after: Aftermath };

/** What a move roll is for, and so what the engine does with it once final. */
export type MoveRollFor =
  /** A chosen move with dice (advance, toward, change direction, unformed move); `voluntary` false for a repeated move. */
  | { k: "move"; move: MoveChoice; voluntary: boolean }
  /** Control test 5+ with Blood Lust: advance towards the nearest enemy. */
  | { k: "bloodlust" }
  /** A pursuer's move in the movement phase; `bloodLust`: its control test gave Blood Lust's 5+ (advance towards the nearest enemy). */
  | { k: "pursuit"; bloodLust?: true }
  | { k: "retire"; what: string; foes: string[]; then: AfterRetire }
  | { k: "rout"; after: Aftermath }
  | { k: "pursue"; after: Aftermath; engagedStands: number };

/** A combat being fought round by round (so that a side may re-roll its dice, ruling SW-11). */
export interface CombatProgress {
  red: string[];
  black: string[];
  /** Red is side a, black side b. */
  input: CombatInput;
  rounds: CombatRound[];
  /** Sides already offered the Seven for the last round. */
  offered: Side[];
  /** How many pursuit charges led to this combat this phase (see `melee`). */
  chain?: number;
}

/**
 * One set of dice thrown by one side (ruling SW-11: "one roll of one test, move, shooting or
 * combat"), with what was thrown and what the engine does once the result is final.
 */
export type DiceRoll =
  /** `aGrade`: the A grade ±1 its player declared (option `aGradeChoice` "player"). */
  | { what: "control"; unit: string; reasons: string[]; result: ControlResult & { face: number; modifier: number }; aGrade?: "plus" | "minus" | "none" }
  | { what: "move"; unit: string; dice: { kind: MoveKind; extraD6: boolean; formed: boolean }; for: MoveRollFor; result: MoveRoll }
  | { what: "charge"; unit: string; target: string; result: ChargeResult }
  | { what: "shooting"; unit: string; target: string; shot: number; input: ShootingInput; result: { dice: number; roll: Roll; hits: number } }
  | { what: "free-hack"; unit: string; target: string; dice: number; after: Aftermath; result: { roll: Roll; casualties: number } }
  | { what: "combat"; side: Side; unit: string; fight: CombatProgress; result: SideRoll };

/** A movement-phase choice (docs/shieldwall/battle.md, "Movement decisions"). */
export type MoveChoice =
  /** Straight ahead, `offset` degrees off the centre axis (±22½°, ruling SW-1); optional D6 declared first; optional declared stop. */
  | {
      kind: "advance";
      offset: number;
      extraD6: boolean;
      stopAt?: number;
      group?: boolean;
      /** Declared before the dice: pass through friends in the way (seed "Manoeuvre": all involved become unformed). */
      interpenetrate?: boolean;
    }
  /** Straight ahead turned as near as the 22½° arc allows towards the nearest enemy. */
  | { kind: "toward"; extraD6: boolean; stopAt?: number; group?: boolean; interpenetrate?: boolean }
  /**
   * About face (half a move, ruling SW-1). `halfMove`: then the half move left, straight ahead on the
   * new facing: the move dice (the optional D6 declared first), half the inches rolled.
   */
  | { kind: "about-face"; halfMove?: { extraD6: boolean } }
  /** Side-step / step back / step forward up to 2" (A and B grade; the whole move, ruling SW-1). */
  | { kind: "step"; direction: StepDirection; distance: number }
  /** Change direction: the unit becomes unformed and moves on any heading (degrees). */
  | {
      kind: "change-direction";
      heading: number;
      extraD6: boolean;
      stopAt?: number;
      interpenetrate?: boolean;
      /** One heading per stand (in the order of `stands`): each stand moves on its own (seed "Unformed Units": "move stands independently"). */
      headings?: number[];
    }
  /** An unformed unit moves on any heading. */
  | {
      kind: "unformed-move";
      heading: number;
      extraD6: boolean;
      stopAt?: number;
      interpenetrate?: boolean;
      /** One heading per stand (in the order of `stands`): each stand moves on its own (seed "Unformed Units": "move stands independently"). */
      headings?: number[];
    }
  /** An unformed unit forms up (the whole move), facing `facing` degrees. */
  | { kind: "form-up"; facing: number }
  /** A retiring unit retires a further move. */
  | { kind: "retire" }
  /** Stay still to rest and reform (seed "Rest and Reform"). */
  | { kind: "rest" }
  /** Stay still without resting. */
  | { kind: "hold" }
  /**
   * An embarked unit lands next to its boats, unformed (half its move, ruling SW-1), then with a
   * `heading` moves the other half of its move dice on it (docs/shieldwall/battle.md, "Boats").
   */
  | { kind: "disembark"; heading?: number; extraD6?: boolean }
  /** A unit touching a boats place goes aboard (half its move, ruling SW-1) and leaves the table. */
  | { kind: "embark"; boats: string };

export type LeadAction =
  | { action: "done" }
  | { action: "cohesion"; target: string }
  | { action: "raise"; target: string }
  | { action: "lower"; target: string }
  /**
   * `standard`: the units that take the battle standard's extra inch on the initial move (seed
   * "Deployment": a unit "may choose to add 1"" with the standard within 2"); absent: every unit that may.
   */
  | { action: "signal"; standard?: string[] }
  | { action: "challenge"; fighter: FighterKind };

export type BattleDecision =
  | { type: "deploy"; contingent: string; x: number; distance: number }
  | { type: "initiative"; first: Side }
  | { type: "holy-call"; call: boolean }
  | { type: "holy-cancel"; cancel: boolean; redraw: boolean }
  | { type: "god-choice"; target: string }
  | ({ type: "lead" } & LeadAction)
  | { type: "answer"; accept: boolean; fighter: FighterKind }
  /** Camp followers tend `target` (or no one), then may move to join unit `moveTo` of their contingent. */
  | { type: "camp"; target: string | null; moveTo?: string }
  | { type: "move"; move: MoveChoice }
  /** The optional ±1 of an A grade unit's control test (seed "Control Test"). */
  | { type: "control"; aGrade: "plus" | "minus" | "none" }
  | { type: "shoot"; target: string | null; archer: boolean }
  | { type: "charge"; target: string | null }
  | { type: "fortune"; reroll: boolean }
  /** A personal combat's decision, as the duel game takes it: discard cards, or play one (seed "Personal Combat"). */
  | { type: "duel"; move: ShieldwallDuelMove };

export interface GodState {
  pack: GodPack;
  soggy: boolean;
  draw: GodDraw | null;
  calls: Record<Side, boolean>;
  /** The card whose effect stands this turn (after any holy person), or null. */
  standing: { draw: GodDraw } | null;
  /** Choices collected for the standing card. */
  choices: Partial<
    Record<
      Side,
      {
        badOmenUnit?: string;
        queenRetinue?: string;
        kingLeader?: string;
        aceLeader?: string;
      }
    >
  >;
}

export interface PlannedShot {
  shooter: string;
  target: string;
  archer: boolean;
  /** Hits scored, once the shot is rolled (results apply only when both sides have shot). */
  hits?: number;
}

export interface BattleState extends BaseState {
  options: BattleOptions;
  table: Table;
  scenario: string;
  turn: number;
  phase: Phase;
  /** Winner of this turn's initiative dice, and the side that acts first. */
  initiative: Side | null;
  first: Side;
  units: BattleUnit[];
  leaders: LeaderState[];
  sides: Record<Side, SideState>;
  god: GodState;
  queue: Task[];
  pending: Pending | null;
  /** Charge declarations this turn: unit → target unit. */
  declarations: { unit: string; target: string }[];
  shots: PlannedShot[];
  /** Units that took the SW-15 DP this phase. */
  sw15Took: string[];
  /** Units of a side threatened this phase by an enemy advancing to within 8" (ruling SW-15). */
  sw15Threat: string[];
  decisions: number;
  result: GameResult | null;
  /** Events of the set-up before the first decision (fixed deployment, the first deployment dice), for the narrative. */
  setupEvents: GameEvent[];
}
