/** The last part of a path ("chapter-1.mp3"): what a person recognises, without the folders. */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}
