// `npm run fuzz`: the property tests with 50× the runs and a fresh seed, then the audit fuzzer
// (scripts/audit-fuzz.mjs) on 4× FUZZ_SCALE random hostile folders (seed printed, to replay:
// FUZZ_SEED=<seed> FUZZ_SCALE=50 npx vitest run <file>). FUZZ_SCALE overrides the factor.
import { spawnSync } from 'node:child_process';

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const scale = process.env.FUZZ_SCALE ?? '50';
process.stdout.write(`fuzzing with FUZZ_SEED=${seed} FUZZ_SCALE=${scale}\n`);
const files = [
  'packages/core/test/html/properties.test.ts',
  'packages/core/test/html/differential.test.ts',
  'packages/core/test/directives/reconcile.property.test.ts',
  'packages/core/test/headers/glob-translation.property.test.ts',
  'packages/core/test/robots-txt/matcher.property.test.ts',
  'packages/core/test/hardening',
];
const result = spawnSync('npx', ['vitest', 'run', ...files], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_SCALE: scale, HEADERS_FC_RUNS: String(400 * Number(scale)) },
});
// The audit on random hostile folders, each in its own process (scripts/audit-fuzz.mjs): it ends, stays in memory, exits as documented.
const audit = spawnSync(process.execPath, ['scripts/audit-fuzz.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_SCALE: scale },
});
process.exit((result.status ?? 1) || (audit.status ?? 1));
