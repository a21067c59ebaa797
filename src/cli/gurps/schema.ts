/** The input schemas of the GURPS commands live in the ruleset (shared with the web app). */
export { attackSchema, compareSchema, EXAMPLE_INPUT } from "../../rulesets/gurps/schema.js";
