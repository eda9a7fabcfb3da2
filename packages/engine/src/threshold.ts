// A module of its own, without imports, so the widget's attribute table can read the default without bundling
// the engine.

/**
 * The share of the question (weighted by how rare each word is in the documentation) that the
 * best section must cover for an answer. Below it the question is off topic or not documented,
 * and the answer says so instead of guessing. Tuned on the Docent site: off-topic questions
 * ("what is the capital of France", "how do I bake bread", "recommend a good movie") score 0–0.45,
 * the documented questions of a hand-written tuning set 0.72–1. A question whose words all occur
 * together in the documentation ("install python": a guide runs `python3 -m http.server`) passes:
 * coverage is measured on words, not on meaning.
 */
export const ANSWER_THRESHOLD = 0.55;
