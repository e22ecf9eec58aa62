#!/usr/bin/env node
// A committed entry point, so npm links the bin before `tsc -b` has written dist/.
import '../dist/cli.js';
