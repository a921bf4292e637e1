// Feature walls in the renderer (issue 12), as ESLint config blocks that eslint.config.js spreads
// right after its general renderer block:
//
//   1. A feature never imports another feature. Features compose only in app/; state two features
//      share lives in a shared module outside features/ whose name says what it holds.
//   2. Only an `api/` module talks to main: it alone imports lib/ipc.ts (`call`, `subscribe`), and
//      nothing but lib/ipc.ts reads `window.api`. Components and hooks use the api module's
//      functions and queries, so every IPC call of a feature is in one place.
//   3. components/ and lib/ are shared by every feature, so they import no feature.
//
// no-restricted-imports takes one option list per file, and in a flat config the last matching
// block replaces the whole list. So every block here repeats the renderer's layer bans, and the
// folders are split so that only the temporary script exception overlaps another block (on
// purpose: it comes later and lifts the ipc ban for its listed files only).

/** Node and Electron modules: main's and the CLI's, never the renderer's or core's (electron). */
export const nodeOnly = [
  'electron',
  'electron/*',
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'http',
  'https',
  'net',
  'crypto',
  'stream',
  'url',
  'util',
  'events',
  'keytar',
]

/** What no renderer file may import: Node, Electron, and the other processes' code. */
export const rendererLayerBans = [
  {
    group: nodeOnly,
    message: 'The renderer is a sandboxed web page: no Electron or Node imports.',
  },
  {
    group: ['**/main/**', '**/preload/**', '**/sandbox/**'],
    message: 'The renderer reaches main only through window.api (src/renderer/src/lib/ipc.ts).',
  },
]

const FEATURES = ['script', 'voices', 'conversations', 'account']
const RENDERER = 'src/renderer/src'

/**
 * Every way a file inside one feature can spell an import of another: through `features/`, or as
 * a sibling folder (`../../voices/...` from a feature's subfolder, `../voices/...` from its root).
 */
function otherFeatureBan(feature) {
  const others = FEATURES.filter((name) => name !== feature)
  return {
    group: others.flatMap((other) => [
      `**/features/${other}`,
      `**/features/${other}/**`,
      `../${other}/**`,
      `../../${other}`,
      `../../${other}/**`,
    ]),
    message: `Features never import one another: this file is in features/${feature}. Move what both need to a shared module outside features/ (named for what it holds), or compose the two in app/.`,
  }
}

const anyFeatureBan = {
  group: ['**/features', '**/features/**'],
  message:
    'components/ and lib/ serve every feature, so they import none: pass what they need as props or arguments.',
}

const ipcBan = {
  // `../ipc` is how lib/'s own folders (lib/shared-state/) spell it.
  group: ['**/lib/ipc', '**/lib/ipc.ts', '../ipc', '../ipc.ts'],
  message:
    "Only an api/ module calls main: move this call(...)/subscribe(...) into the feature's api/ folder (app/api/ for the shell) and use that function or query here.",
}

function bans(...patterns) {
  return { 'no-restricted-imports': ['error', { patterns: [...rendererLayerBans, ...patterns] }] }
}

const SOURCE = '**/*.{ts,tsx}'

export const featureWalls = [
  ...FEATURES.flatMap((feature) => {
    const root = `${RENDERER}/features/${feature}`
    return [
      {
        name: `voicedesk/feature-walls/${feature}`,
        files: [`${root}/${SOURCE}`],
        ignores: [`${root}/api/**`],
        rules: bans(otherFeatureBan(feature), ipcBan),
      },
      {
        name: `voicedesk/feature-walls/${feature}-api`,
        files: [`${root}/api/${SOURCE}`],
        rules: bans(otherFeatureBan(feature)),
      },
    ]
  }),
  {
    // The shell composes the features, so it may import them; it calls main only from app/api/.
    name: 'voicedesk/feature-walls/app',
    files: [`${RENDERER}/app/${SOURCE}`],
    ignores: [`${RENDERER}/app/api/**`],
    rules: bans(ipcBan),
  },
  {
    name: 'voicedesk/feature-walls/shared',
    files: [`${RENDERER}/components/${SOURCE}`, `${RENDERER}/lib/${SOURCE}`],
    ignores: [`${RENDERER}/lib/ipc.ts`, `${RENDERER}/lib/shared-state/voice-library.ts`],
    rules: bans(anyFeatureBan, ipcBan),
  },
  {
    // The one query two features share (Voices lists the voices, Script's pickers read them): it
    // reads main itself, so neither feature's api/ owns what both use. Nothing else in lib/ may.
    name: 'voicedesk/feature-walls/shared-voice-library',
    files: [`${RENDERER}/lib/shared-state/voice-library.ts`],
    rules: bans(anyFeatureBan),
  },
  {
    name: 'voicedesk/feature-walls/window-api',
    files: [`${RENDERER}/${SOURCE}`],
    ignores: [`${RENDERER}/lib/ipc.ts`],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'api',
          message:
            "Only lib/ipc.ts reads the bridge: call main through call(...)/subscribe(...) in the feature's api/ module.",
        })),
      ],
    },
  },
]
