#!/usr/bin/env node
// A committed entry point, so npm links the bin before `tsc -b` has written dist/.
import { runCli } from '../dist/cli/run-cli.js';

process.exitCode = await runCli(process.argv.slice(2));
