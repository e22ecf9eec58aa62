/**
 * Property-test settings: a fixed seed and a bounded run count in the test suite, scaled up
 * with a fresh seed by `npm run fuzz` (FUZZ_SCALE, FUZZ_SEED), so a long run explores more
 * and any failure it finds can be replayed with its seed.
 */
export function fuzzRuns(numRuns: number, seed = 20_261_121): { numRuns: number; seed: number } {
  const scale = Number(process.env.FUZZ_SCALE ?? 1);
  const fuzzSeed = process.env.FUZZ_SEED;
  return {
    numRuns: Math.max(1, Math.round(numRuns * (Number.isFinite(scale) && scale > 0 ? scale : 1))),
    seed: fuzzSeed ? Number(fuzzSeed) : seed,
  };
}
