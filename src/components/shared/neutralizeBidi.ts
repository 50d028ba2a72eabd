/**
 * The bidirectional formatting characters: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the implicit marks (U+200E, U+200F, U+061C).
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * Text from the API (names, ids, metadata, raw enum values) with each bidi formatting character
 * replaced by U+FFFD, so that none can reorder what is shown: `acct\u202E1234` is shown as
 * `acct�1234`, never as `acct4321`. Callers also isolate the value (`<bdi>`, `dir`), so a value
 * of the other direction cannot reorder the words around it.
 *
 * Replaced, not removed: `acct\u202E1234` and `acct1234` are different values and must not look
 * the same, and the mark tells the reader something odd was sent. Not spelled out as `\u202E`:
 * one replacement character reads (and copies) as "unreadable character" rather than as part of
 * the value. The marks are replaced too, although right-to-left text sometimes carries them
 * legitimately: inside an isolated value they are not needed for it to read correctly.
 */
export function neutralizeBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, '\uFFFD');
}
