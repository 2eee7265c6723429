"""Which language a message is written in, by its function words (no model, no download).

Understanding is English; a message in another language is recognised so the reply can say,
in that language, what the agent can read — instead of the English greeting after a wasted
LLM call. Data: the most frequent function words of each language, which rarely occur in
English requests (titles aside: a few words in a title do not make a message Spanish)."""

from __future__ import annotations

from convrec.catalog.text import tokenize

FUNCTION_WORDS: dict[str, set[str]] = {
    "es": {"el", "la", "los", "las", "un", "una", "unos", "de", "del", "que", "y", "en", "por", "para", "con", "pero",
           "como", "quiero", "me", "recomiendas", "recomienda", "peliculas", "pelicula", "libros", "libro", "juegos",
           "algo", "gracias", "hola", "porfa", "favor", "mas", "muy", "sobre", "tambien", "publicados", "adelante"},
    "de": {"der", "die", "das", "ein", "eine", "einen", "und", "ich", "mir", "mit", "fur", "nicht", "bitte", "filme",
           "film", "bucher", "buch", "spiele", "etwas", "gibt", "empfehlen", "empfiehl", "kannst", "du", "ist", "aus",
           "den", "dem", "hallo", "danke", "gerne", "mochte", "suche", "welche", "welcher", "jahren"},
    "fr": {"le", "la", "les", "un", "une", "des", "du", "et", "je", "moi", "avec", "pour", "pas", "films", "livres",
           "jeux", "quelque", "chose", "bonjour", "merci", "voudrais", "recommande", "recommandes", "peux", "tu", "est",
           "sur", "dans", "annees", "aime", "j'aime", "cherche", "s'il", "plait"},
}
ENGLISH = {"the", "a", "an", "and", "i", "me", "my", "with", "for", "of", "in", "is", "are", "movie", "movies", "film",
           "films", "book", "books", "game", "games", "something", "like", "want", "please", "recommend", "some", "from",
           "tell", "about", "what", "which", "how", "show", "give", "any", "info", "on", "where", "who", "when", "you",
           "do", "does", "have", "to", "that", "this", "are", "can"}

NOT_UNDERSTOOD: dict[str, str] = {
    "es": "Por ahora solo entiendo peticiones en inglés. Escríbeme, por ejemplo: \"{example}\".",
    "de": "Im Moment verstehe ich nur Anfragen auf Englisch. Schreib mir zum Beispiel: \"{example}\".",
    "fr": "Pour l'instant, je ne comprends que les demandes en anglais. Écris-moi par exemple : « {example} ».",
}


def detect_language(text: str) -> str:
    """"en" unless the message has at least two function words of one other language and more
    of them than English ones."""
    words = [t.w for t in tokenize(text) if not t.punct]
    words = [w for k, w in enumerate(words) if not (w == "et" and words[k + 1:k + 2] == ["al"])]  # "Jones et al.": Latin
    if len(words) < 2:
        return "en"
    en = sum(w in ENGLISH for w in words)
    best, n_best = "en", 0
    for lang, fw in FUNCTION_WORDS.items():
        n = sum(w in fw and w not in ENGLISH for w in words)  # "me" is English too ("tell me about charles de gaulle")
        if n > n_best:
            best, n_best = lang, n
    return best if n_best >= 2 and n_best > en else "en"
