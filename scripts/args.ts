/** Command-line arguments of the scripts (`--name value`), with whole-number checks naming the option. */

/** The value after `--name`, if given. */
export function argOf(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** A whole number ≥ 1 from an option's text, or `fallback` when the option is absent. */
export function wholeNumber(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1, got ${text}`);
  return n;
}
