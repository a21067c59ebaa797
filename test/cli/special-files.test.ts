/**
 * Issue 24, item 8: the command line reads and writes only regular files. `--out` onto a device,
 * FIFO, socket or folder is refused (exit 2, `--force` or not) and the node is left as it was;
 * an input that is a FIFO, device or socket is refused at once (never a wait on the FIFO), and
 * standard input is read only up to the 4 MiB cap (so /dev/zero stops there with a named error).
 *
 * Every case runs bin/muster.js in a child process with a time limit: a CLI that blocks in a
 * synchronous read on a FIFO could not be stopped in-process. /dev/null is reached through a link
 * in a scratch folder, so a CLI that renames over its target replaces the link, never the
 * machine's /dev/null.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync, statSync, symlinkSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataPath } from "../../src/cli/battle/scenarios.js";
import { scratchFiles } from "../helpers/cli.js";

const ROOT = join(import.meta.dirname, "..", "..");
const BIN = join(ROOT, "bin", "muster.js");
/** Far above the few hundred ms each refusal takes, far below the old hang or 1.5 GB read. */
const LIMIT_MS = 15_000;
const files = scratchFiles("muster-special-files-");
const unix = process.platform !== "win32";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** True when the time limit killed it (a hang). */
  killed: boolean;
}

/** Runs `muster ARGS` with standard input from `stdin` (a file descriptor) or nothing, killed after {@link LIMIT_MS}. */
function muster(args: string[], stdin: number | "ignore" = "ignore"): Promise<Run> {
  return new Promise((done) => {
    const child: ChildProcess = spawn(process.execPath, ["--max-old-space-size=256", BIN, ...args], { stdio: [stdin, "pipe", "pipe"], cwd: files.dir });
    let stdout = "";
    let stderr = "";
    let killed = false;
    child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, LIMIT_MS);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, killed });
    });
  });
}

/** A FIFO in the scratch folder (nobody ever writes to it). */
function fifo(name: string): string {
  const p = join(files.dir, name);
  execFileSync("mkfifo", [p]);
  return p;
}

/** A link in the scratch folder to /dev/null. */
function devNullLink(name: string): string {
  const p = join(files.dir, name);
  symlinkSync("/dev/null", p);
  return p;
}

let socketServer: Server | undefined;
let socketPath = "";

beforeAll(async () => {
  if (!existsSync(join(ROOT, "dist", "src", "cli", "main.js"))) throw new Error("the CLI is not built: run npm run build");
  if (!unix) return;
  socketPath = join(files.dir, "a.sock");
  socketServer = createServer();
  await new Promise<void>((ok) => socketServer!.listen(socketPath, ok));
});

afterAll(() => socketServer?.close());

function expectRefused(r: Run, message: RegExp): void {
  expect(r.killed, "the command hung and was killed").toBe(false);
  expect(r.stderr.trim().split("\n"), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(r.code).toBe(2);
}

describe.skipIf(!unix)("issue 24: --out writes only regular files, --force or not", () => {
  const writers: [string, (out: string) => string[]][] = [
    ["battle", (out) => ["--seed", "1", "battle", "--game", "pig", "--out", out]],
    ["shove play", (out) => ["--seed", "1", "shove", "play", "--blue", "ai:random", "--red", "ai:random", "--out", out]],
    ["duel play", (out) => ["--seed", "1", "duel", "play", "--vs", "computer", "--out", out]],
    ["sw duel", (out) => ["--seed", "1", "sw", "duel", "--out", out]],
  ];

  it.each(writers)("%s --out onto a link to /dev/null, with --force: refused, the link and device kept", async (name, args) => {
    const link = devNullLink(`null-${name.replace(" ", "-")}`);
    const r = await muster([...args(link), "--force"]);
    expectRefused(r, /--out: cannot save .* to .*: it is a character device, not a regular file/);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe("/dev/null");
    expect(statSync("/dev/null").isCharacterDevice()).toBe(true);
  });

  it("battle --out onto a FIFO, with and without --force: refused, the FIFO kept", async () => {
    const p = fifo("out.fifo");
    for (const force of [[], ["--force"]]) {
      const r = await muster(["--seed", "1", "battle", "--game", "pig", "--out", p, ...force]);
      expectRefused(r, /--out: cannot save the game record to .*out\.fifo: it is a FIFO \(named pipe\), not a regular file/);
      expect(lstatSync(p).isFIFO()).toBe(true);
    }
  });

  it("battle --out onto a socket, with --force: refused, the socket kept", async () => {
    const r = await muster(["--seed", "1", "battle", "--game", "pig", "--out", socketPath, "--force"]);
    expectRefused(r, /it is a socket, not a regular file/);
    expect(lstatSync(socketPath).isSocket()).toBe(true);
  });

  it("battle --out onto a folder, with --force: refused", async () => {
    const dir = join(files.dir, "a-folder");
    mkdirSync(dir);
    const r = await muster(["--seed", "1", "battle", "--game", "pig", "--out", dir, "--force"]);
    expectRefused(r, /--out: cannot save the game record to .*a-folder: it is a folder/);
    expect(statSync(dir).isDirectory()).toBe(true);
  });

  it("a regular file is still replaced with --force", async () => {
    const file = files.file("old.json", "old");
    const r = await muster(["--seed", "1", "battle", "--game", "pig", "--out", file, "--force"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).game).toBe("pig");
  });
});

describe.skipIf(!unix)("issue 24: inputs are regular files or standard input, read with the cap", () => {
  it("army check on a FIFO is refused at once, never waiting for a writer", async () => {
    const r = await muster(["army", "check", fifo("army.fifo")]);
    expectRefused(r, /cannot read .*army\.fifo: it is a FIFO \(named pipe\), not a regular file; input files must be regular files \(give - to read standard input\)/);
  });

  it("army check on /dev/zero is refused (a device), not read to 1.5 GB", async () => {
    const r = await muster(["army", "check", "/dev/zero"]);
    expectRefused(r, /cannot read \/dev\/zero: it is a character device, not a regular file/);
  });

  it("army check on a socket is refused", async () => {
    const r = await muster(["army", "check", socketPath]);
    expectRefused(r, /cannot read .*a\.sock: it is a socket, not a regular file/);
  });

  it("army check on a folder is refused", async () => {
    const r = await muster(["army", "check", files.dir]);
    expectRefused(r, /cannot read .*: it is a folder/);
  });

  it("army check - with /dev/zero as standard input stops at the 4 MiB cap with a named error", async () => {
    const zero = openSync("/dev/zero", "r");
    const r = await muster(["army", "check", "-"], zero);
    expectRefused(r, /^muster: standard input: too large: more than 4194304 bytes; input files are text of at most 4194304 bytes \(4 MiB\)$/m);
  });

  it.each([
    ["a FIFO", () => fifo("red-army.fifo"), /red-army\.fifo: it is a FIFO \(named pipe\), not a regular file/],
    ["/dev/zero", () => "/dev/zero", /\/dev\/zero: it is a character device, not a regular file/],
  ])("a scenario naming %s as its army is refused at once", async (_what, army, message) => {
    const scenario = files.next({ name: "t", armies: { red: army(), black: dataPath("shieldwall", "armies", "raid-lindisfarne-raiders.json") } });
    const r = await muster(["--seed", "1", "battle", "--scenario", scenario]);
    expectRefused(r, message);
    expect(r.stderr).toMatch(/armies\.red/);
  });

  it("JSON nested 100,000 deep is refused with the nesting limit, not a stack overflow", async () => {
    const deep = files.file("deep.json", `{"name":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    const r = await muster(["army", "check", deep]);
    expectRefused(r, /deep\.json: nested too deeply: more than 100 levels of \[ \] and \{ \} \(at line 1, column 108\)/);
  });
});
