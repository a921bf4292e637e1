/**
 * What a person reads aloud while recording a sample for a personal voice: about 60 words of calm,
 * ordinary prose (no names, numbers or lists that make a reader stumble), about 25 seconds when
 * read at an easy pace. One per language we have; English for any other.
 */
const PASSAGES: Record<string, string> = {
  en: 'The harbour wakes slowly on a grey morning. Fishing boats knock gently against the wooden pier, and a gull complains somewhere above the market. I buy warm bread, sit on the sea wall, and watch the light change from silver to gold. By nine o’clock the streets are busy, the ferry sounds its horn, and another ordinary day begins.',
  de: 'Der Hafen erwacht langsam an einem grauen Morgen. Fischerboote schaukeln leise am hölzernen Steg, und irgendwo über dem Markt ruft eine Möwe. Ich kaufe warmes Brot, setze mich auf die Hafenmauer und sehe zu, wie das Licht von Silber zu Gold wechselt. Um neun Uhr sind die Straßen voll, die Fähre lässt ihr Horn ertönen, und ein ganz gewöhnlicher Tag beginnt.',
  fr: 'Le port se réveille lentement par un matin gris. Les bateaux de pêche cognent doucement contre le quai de bois, et une mouette crie quelque part au-dessus du marché. J’achète du pain chaud, je m’assieds sur la digue et je regarde la lumière passer de l’argent à l’or. À neuf heures, les rues s’animent, le ferry sonne, et une journée ordinaire commence.',
  es: 'El puerto despierta despacio en una mañana gris. Los barcos de pesca golpean suavemente el muelle de madera, y una gaviota grita en algún lugar sobre el mercado. Compro pan caliente, me siento en el malecón y miro cómo la luz cambia de plata a oro. A las nueve las calles ya están llenas, el ferry toca la bocina y empieza otro día cualquiera.',
}

/** The passage to read for a voice in `locale` ("de-DE", "fr", "" for none), and its language. */
export function readingPassageFor(locale: string): { lang: string; text: string } {
  const lang = locale.split(/[-_]/)[0]?.toLowerCase() ?? ''
  const text = PASSAGES[lang]
  return text === undefined ? { lang: 'en', text: PASSAGES.en ?? '' } : { lang, text }
}
