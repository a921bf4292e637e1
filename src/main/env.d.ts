/// <reference types="electron-vite/node" />

// Text files bundled into main as strings (the sample subtitles in resources/samples).
declare module '*.srt?raw' {
  const text: string
  export default text
}
