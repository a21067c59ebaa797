/**
 * Dice notation's exact odds: the dense (Kronecker-packed) convolution of src/core/dice-exact.ts
 * against the convolution of a `Dist` (a map of outcomes, what exploding dice cost before), in
 * one run; and the whole road from text to a `Dist` for common expressions.
 */
import { DEFAULT_EXPLODE_DEPTH, expressionDist, parseDice, termDense } from "../src/core/dice-expression.js";
import { Dist } from "../src/core/distribution.js";
import { type BenchSection, medianMs } from "./harness.js";

/** One exploding d6 (explode depth d) as a `Dist`, built throw by throw. */
function explodingD6AsDist(depth: number): Dist<number> {
  const d6 = Dist.uniform([1, 2, 3, 4, 5, 6]);
  let die = d6;
  for (let i = 0; i < depth; i++) die = d6.flatMap((f) => (f === 6 ? die.map((x) => x + 6) : Dist.certain(f)));
  return die;
}

export const diceBench: BenchSection = {
  name: "dice",
  run() {
    const depth = DEFAULT_EXPLODE_DEPTH;
    const twenty = parseDice("20d6!");
    const fourKh3 = parseDice("4d6kh3");
    return {
      explodeDepth: depth,
      exploding20d6ByDistMapMs: medianMs(() => explodingD6AsDist(depth).times(20)),
      exploding20d6DenseMs: medianMs(() => termDense(twenty.terms[0], depth)),
      exploding20d6TextToDistMs: medianMs(() => expressionDist(parseDice("20d6!"))),
      keepHighest4d6kh3TextToDistMs: medianMs(() => expressionDist(parseDice("4d6kh3"))),
      keepHighest4d6kh3DenseMs: medianMs(() => termDense(fourKh3.terms[0], depth)),
      keepHighest60d6kh30Ms: medianMs(() => expressionDist(parseDice("60d6kh30")), 5),
      plain300d6TextToDistMs: medianMs(() => expressionDist(parseDice("300d6")), 5),
      plain300d6ByDistMapMs: medianMs(() => Dist.uniform([1, 2, 3, 4, 5, 6]).times(400), 5),
    };
  },
};
