/**
 * The sample offered by the empty Script workspace: short, written for VoiceDesk, with a chapter
 * heading, a narrator and two speakers, so trying it shows chapters, the cast and previews at once.
 */
export const SAMPLE_SCRIPT = {
  fileName: 'The night ferry.md',
  text: [
    '# The night ferry',
    '',
    'The last ferry of the night left the pier at eleven, with six passengers and a crate of lemons.',
    '',
    'Out on the water the town shrank to a row of yellow windows, and the engine settled into a slow, patient hum.',
    '',
    'NOOR: Do you always take this crossing so late?',
    '',
    'ELIAS: Only when I miss the early one. Which is most days, if I am honest.',
    '',
    'NOOR: Then you must know where the quiet seats are.',
    '',
    'ELIAS: Up front, by the window. The lemons keep the wind off.',
    '',
    'They sat there until the island lights came up out of the dark, one by one, like someone waking a house.',
    '',
  ].join('\n'),
} as const
