// The sample subtitles the empty workspace offers to try: a short harbour scene for two
// speakers, with two lines too long for their slot. Kept as text in main's code (not a file
// under resources/) because main runs both bundled and from source (the CLI, the e2e host), and
// a file beside the bundle is found at a different place in each.

/** The sample's name, as the header shows it. */
export const SAMPLE_NAME = 'harbour.srt'

/** The sample subtitles (SRT). */
export const SAMPLE_SUBTITLES = `1
00:00:00,500 --> 00:00:03,000
MAYA: The harbour was quiet when we came back.

2
00:00:03,500 --> 00:00:05,300
TOM: Nobody on the quay expected the storm to pass so quickly this morning.

3
00:00:05,500 --> 00:00:07,000
MAYA: Then the bells rang.

4
00:00:09,500 --> 00:00:11,000
TOM: Where is everyone?

5
00:00:11,500 --> 00:00:12,500
MAYA: They went up to the lighthouse to watch the boats come in.

6
00:00:13,000 --> 00:00:14,500
TOM: Then we should go too.
`
