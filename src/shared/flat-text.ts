/**
 * The same text as one flat string, for text kept long (a page's cards' markup, cached for its
 * content version). Text built piece by piece, as React's renderers build their output with
 * `+=`, is a tree in V8: every piece and every join is a string of its own, and a card's 1.5 KB
 * of markup took about 11 KB so (docs/operations.md, "Memory"). A JSON round trip copies it into
 * one string, lone surrogates included (an encoding's round trip would replace them), and, unlike
 * reading a character that is then unused, it is not work an optimiser may leave out.
 */
export const flatText = (text: string): string => JSON.parse(JSON.stringify(text)) as string;
