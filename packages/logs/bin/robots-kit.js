#!/usr/bin/env node
// `npx robots-kit` for projects that installed this package only: core's command line, which runs
// `robots-kit logs` from this package and `robots-kit check` from core.
import { runCli } from '@robots-kit/core/internal/adapter';

process.exitCode = await runCli(process.argv.slice(2));
