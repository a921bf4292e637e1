// pdf.js ships no types for its worker module; the import reads only that it loaded (see pdf-engine.ts).
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown
}
