/** Tiny benchmark helpers: wall-clock timing with warm-up, results as plain numbers for JSON. */
import { performance } from "node:perf_hooks";

/** Runs `fn` repeatedly for about `ms` milliseconds after a warm-up; returns operations per second. */
export function opsPerSecond(fn: () => unknown, ms = 500, opsPerCall = 1): number {
  const warmEnd = performance.now() + Math.min(200, ms / 4);
  while (performance.now() < warmEnd) fn();
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    fn();
    calls++;
    now = performance.now();
  }
  return Math.round((calls * opsPerCall * 1000) / (now - start));
}

/** Median milliseconds of one call of `fn`, over `runs` runs after a warm-up. */
export function medianMs(fn: () => unknown, runs = 21): number {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Number(times[Math.floor(times.length / 2)].toFixed(4));
}

export type BenchResults = Record<string, number | string | Record<string, unknown>>;
export interface BenchSection {
  name: string;
  run(): BenchResults | Promise<BenchResults>;
}
