// The layering of Muster (docs/architecture.md), checked by dependency-cruiser in `npm test`
// (`npm run deps`). Paths are relative to the project folder; imports are resolved the way
// TypeScript resolves them (tsconfig.json, NodeNext: `./x.js` means `./x.ts`).
//
//   src/core        the engine core: imports nothing else of the project
//   src/rulesets/X  one ruleset: imports src/core, never another ruleset nor the programs
//   src/cli, src/server, src/web, web/   programs built on the above
//   bench/, scripts/                     tooling: may use core and rulesets, not the CLI
//   test/           may import anything
//
// Known violations being fixed elsewhere are listed in .dependency-cruiser-known-violations.json
// (`npm run deps` passes --ignore-known; `npm run deps -- --no-ignore-known` shows them); delete
// that file once they are fixed, and add web/src to the `deps` script when the web front end lands.

/** The project's own code outside src/core (anything a core file may not import). */
const PROJECT = "^(src|web|bench|scripts|test|bin)/";
/** Programs: the command line, a server, a web front end. */
const PROGRAMS = "^(src/(cli|server|web)|web)/";
/** Tooling and tests, which the product never imports. */
const TOOLING = "^(bench|scripts|test)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles in the product or the tooling: a cycle means two modules are really one, or one layer reaches back into another.",
      from: { path: "^(src|web|bench|scripts)/" },
      to: { circular: true },
    },
    {
      name: "core-imports-only-core",
      severity: "error",
      comment: "src/core is the bottom layer: it imports no ruleset, CLI, server, web, tooling or test code.",
      from: { path: "^src/core/" },
      to: { path: PROJECT, pathNot: "^src/core/" },
    },
    {
      name: "rulesets-not-to-programs",
      severity: "error",
      comment: "A ruleset is pure rules: it imports no CLI, server or web code (the programs import the rulesets, not the reverse).",
      from: { path: "^src/rulesets/" },
      to: { path: PROGRAMS },
    },
    {
      name: "ruleset-not-to-other-ruleset",
      severity: "error",
      comment: "A ruleset imports no other ruleset: what two rulesets share belongs in src/core.",
      from: { path: "^src/rulesets/([^/]+)/" },
      to: { path: "^src/rulesets/", pathNot: "^src/rulesets/$1/" },
    },
    {
      name: "battle-phases-independent",
      severity: "error",
      comment: "Each phase of a Shieldwall battle (src/rulesets/shieldwall/battle/phases/) stands alone: a phase file imports no other file of that folder; what phases share lives in battle/, outside phases/.",
      from: { path: "^src/rulesets/shieldwall/battle/phases/" },
      to: { path: "^src/rulesets/shieldwall/battle/phases/" },
    },
    {
      name: "tooling-not-to-cli",
      severity: "error",
      comment:
        "bench/ and scripts/ build on the engine and the rulesets, not on the command line (move what they need out of src/cli). The one exception is bench/cli-*.ts, which measures the command line's own machinery (the `muster sim` worker-thread runner).",
      from: { path: "^(bench|scripts)/", pathNot: "^bench/cli-[^/]+[.]ts$" },
      to: { path: "^src/cli/" },
    },
    {
      name: "product-not-to-tooling",
      severity: "error",
      comment: "Shipped code (src/, web/) never imports tests, benchmarks or scripts.",
      from: { path: "^(src|web)/" },
      to: { path: TOOLING },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "Every import resolves (this also proves the checker reads NodeNext `.js` imports as the `.ts` files they mean: otherwise the rules above would see no project imports at all).",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|node_modules)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
