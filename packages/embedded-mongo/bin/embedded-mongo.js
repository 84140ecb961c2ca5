#!/usr/bin/env node
// Committed shim so `npx embedded-mongo` links at install time; the CLI itself is compiled to dist/.
require('../dist/cli.js');
