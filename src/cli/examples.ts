/** One or two examples for every command's `--help` (issue 15: a newcomer starts from an example). */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  muster: ["muster roll 1d20", "muster battle --scenario data/shieldwall/scenarios/raid.json --seed 7"],
  demo: ["muster demo --seed 1"],
  roll: ["muster roll 3d6", "muster roll AvD+D6   (dice: d2, d3, d4, d6, d8, d10, d12, d20, d100, AvD)"],
  odds: ["muster odds sw-charge --example > charge.json", "muster odds sw-charge --input charge.json"],
  sw: ["muster sw roll charge --example", "muster sw duel --seed 3"],
  "sw duel": ["muster sw duel --seed 3", "muster sw duel --a human --b ai"],
  "sw duel-sim": ["muster sw duel-sim --games 1000 --seed 1"],
  "sw refusal": ["muster sw refusal --seed 2"],
  "sw roll": ["muster sw roll charge --example > charge.json && muster sw roll charge --input charge.json", "muster sw roll leader-risk --example"],
  army: ["muster army check data/shieldwall/armies/maldon-991-english.json"],
  "army check": ["muster army check data/shieldwall/armies/maldon-991-english.json", "muster --json army check my-army.json"],
  gurps: ["muster gurps attack --skill 14 --db 2 --seed 5", "muster gurps compare --input attack.json"],
  "gurps attack": ["muster gurps attack --skill 14 --db 2 --seed 5", "muster gurps attack --skill 12 --db 3 --mode random --location torso"],
  "gurps compare": ["muster odds gurps-cover --example > attack.json && muster gurps compare --input attack.json"],
  duel: ["muster duel play --seed 4", "muster duel deck check data/contest/ranged-deck.json"],
  "duel deck": ["muster duel deck check data/contest/melee-deck-house.json"],
  "duel deck check": ["muster duel deck check data/contest/ranged-deck.json"],
  "duel advise": ['echo \'{"a":{"profile":"hector"},"b":{"profile":"achilles"},"distance":0}\' | muster duel advise --state -'],
  "duel play": ["muster duel play --seed 4"],
  shove: ["muster shove play", "muster shove board data/shove/narrow.board"],
  "shove play": ["muster shove play --seed 3   (you are blue: e.g. a6 down, end)", "muster shove play --blue ai --red ai --out game.json"],
  "shove replay": ["muster shove replay game.json", "muster shove replay game.json --moves"],
  "shove solve": ["muster shove solve --board data/shove/narrow.board --turns-left 2", "muster shove solve --position game.json --max-nodes 1000000"],
  "shove balance": ["muster shove balance --games 200 --level random"],
  "shove tournament": ["muster shove tournament --games 20"],
  "shove board": ["muster shove board", "muster shove board data/shove/walled.board"],
  battle: ["muster battle --seed 7", "muster battle --scenario data/shieldwall/scenarios/raid.json --red commander --black mcts:200 --out raid.json"],
  replay: ["muster replay raid.json", "muster replay raid.json --events"],
  sim: ["muster sim --scenario data/shieldwall/scenarios/raid.json --games 200 --seed 1"],
  serve: ["muster serve --port 8080"],
};

/** The examples block for a command's help, or "" when it has none. */
export function examplesText(fullName: string): string {
  const list = EXAMPLES[fullName];
  return list ? `\nExamples:\n${list.map((e) => `  $ ${e}`).join("\n")}\n` : "";
}
