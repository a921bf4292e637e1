#!/usr/bin/env node
// The `voicedesk` command: runs the TypeScript CLI through tsx's ESM loader, so it works on a
// fresh clone after `npm install` with no build step.
import { register } from 'tsx/esm/api'

register()
await import(new URL('../src/main/cli.ts', import.meta.url).href)
