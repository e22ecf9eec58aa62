/**
 * Characters a header-rule glob may use literally. They never need percent-encoding in a
 * URL path, so every host matches them the same way whether it compares the raw or the
 * decoded path, and none of them has a meaning in `_headers`, path-to-regexp, nginx or
 * Apache patterns once escaped.
 */
export const LITERAL_CHARACTER = /^[A-Za-z0-9._~@+,=-]$/;

export const LITERAL_CHARACTERS_TEXT = 'ASCII letters, digits and `- . _ ~ @ + , =`';
