#!/usr/bin/env node
// `npx robots-kit` for projects that depend on this adapter only: pnpm (and strict installs)
// link the bins of direct dependencies only, so the adapter carries core's command too.
import { runCli } from '@robots-kit/core/internal/adapter';

process.exitCode = await runCli(process.argv.slice(2));
