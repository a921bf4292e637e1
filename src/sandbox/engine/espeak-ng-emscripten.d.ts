// The package ships no types; this declares the one export the sandbox uses.
declare module '@echogarden/espeak-ng-emscripten' {
  const initialize: () => Promise<{ eSpeakNGWorker: new () => unknown }>
  export default initialize
}
