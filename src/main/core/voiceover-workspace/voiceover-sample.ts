// The sample subtitles the empty workspace offers to try: a short harbour scene for two
// speakers, with two lines too long for their slot. The file ships in resources/samples and is
// bundled into main as text, so no path is looked up at run time.
import sample from '../../../../resources/samples/harbour.srt?raw'

/** The sample's name, as the header shows it. */
export const SAMPLE_NAME = 'harbour.srt'

/** The sample subtitles (SRT). */
export const SAMPLE_SUBTITLES: string = sample
