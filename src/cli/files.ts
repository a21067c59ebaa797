/**
 * Writing output files (game records), the one way every command does it: the place is checked
 * before any work starts, an existing file is never replaced without `--force`, and the text is
 * written to a temporary file in the same folder and renamed over the target, so an interrupted
 * write leaves the old file whole. Only regular files are written: a device (/dev/null), FIFO,
 * socket or folder at the target is refused, `--force` or not (renaming over it would replace
 * the device node with a file).
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { InputError } from "./errors.js";
import { fileKind } from "./input.js";

/** The folders of `file` that do not exist yet, outermost first; never climbs past the root. */
function missingFolders(file: string): string[] {
  const missing: string[] = [];
  let dir = dirname(resolve(file));
  for (;;) {
    if (existsSync(dir)) break;
    missing.unshift(dir);
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return missing;
}

/**
 * Checks that `file` can be written by `option` before the work that produces it: an existing
 * file needs `force`, a folder in the way or a place that takes no files is refused now.
 * Missing folders are created one by one (no recursive mkdir, which never returns under /proc).
 */
export function checkOutput(file: string, option: string, force: boolean, what = "the game record"): void {
  const fail = (why: string): never => {
    throw new InputError(`${option}: cannot save ${what} to ${file}: ${why}`);
  };
  if (file.trim() === "") fail("the file name is empty");
  for (const dir of missingFolders(file)) {
    try {
      mkdirSync(dir);
    } catch (err) {
      fail(`cannot create the folder ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  const dir = dirname(resolve(file));
  let dirStat;
  try {
    dirStat = statSync(dir);
  } catch (err) {
    return fail(`cannot use the folder ${dir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (!dirStat.isDirectory()) fail(`${dir} is not a folder`);
  const existing = notRegular(file);
  if (existing) fail(existing);
  if (existsSync(file) && !force) fail("the file exists (add --force to replace it)");
  // Try the temporary file now, so an unwritable place is found before the work, not after.
  const probe = tempName(file);
  try {
    closeSync(openSync(probe, "wx"));
  } catch (err) {
    fail(`the folder takes no new files (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  } finally {
    rmSync(probe, { force: true });
  }
}

/** Why `file` (followed through links) cannot be written: it exists and is not a regular file; null otherwise. */
function notRegular(file: string): string | null {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return null; // nothing there (or a dangling link, which the rename replaces)
  }
  if (stat.isFile()) return null;
  if (stat.isDirectory()) return "it is a folder";
  return `it is ${fileKind(stat)}, not a regular file (only regular files are written)`;
}

function tempName(file: string): string {
  return join(dirname(resolve(file)), `.${basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`);
}

/**
 * Writes `text` to `file`: through a temporary file in the same folder renamed over the target
 * (atomic on one file system), refusing to replace an existing file without `force`.
 */
export function writeOutput(file: string, text: string, option: string, force: boolean, what = "the game record"): void {
  checkOutput(file, option, force, what);
  const tmp = tempName(file);
  try {
    const fd = openSync(tmp, "wx");
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    // Checked again just before the rename: the target may have changed during the work.
    const changed = notRegular(file);
    if (changed) throw new InputError(`${option}: cannot save ${what} to ${file}: ${changed}`);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    if (err instanceof InputError) throw err;
    throw new InputError(`${option}: cannot save ${what} to ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}
