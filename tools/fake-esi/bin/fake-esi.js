#!/usr/bin/env node
// Committed shim so `npx fake-esi` links at install time; the CLI itself is compiled to dist/.
require('../dist/cli.js');
