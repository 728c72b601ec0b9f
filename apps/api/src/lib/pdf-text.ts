import type { PDFFont } from 'pdf-lib';

/** Text on PDF pages drawn with pdf-lib's standard fonts: what they can encode, and lines that fit a width. */

/** The smallest type a line shrinks to. */
const MIN_SIZE = 6;

/**
 * The text as the standard fonts can print it: WinAnsi holds Western European letters ("Zoë"), not
 * Arabic or CJK, and drawing such a character would throw; each one becomes '?'. Line breaks and
 * tabs become spaces (one line is drawn at a time).
 */
export function printable(charset: ReadonlySet<number>, text: string): string {
  return Array.from(text.normalize('NFC').replace(/\s+/g, ' ').trim())
    .map((char) => (charset.has(char.codePointAt(0) as number) ? char : '?'))
    .join('');
}

export function shrunkSize(font: PDFFont, text: string, size: number, width: number): number {
  const natural = font.widthOfTextAtSize(text, size);
  return natural <= width ? size : Math.max(MIN_SIZE, Math.floor(((size * width) / natural) * 10) / 10);
}

export function fitText(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Breaks text into lines that fit the width, at spaces where it can and inside a too-long word where it must. */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
    } else if (font.widthOfTextAtSize(word, size) <= width) {
      if (line) lines.push(line);
      line = word;
    } else {
      const pieces = breakWord(font, candidate, size, width);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) ?? '';
    }
  }
  if (line) lines.push(line);
  return lines;
}

function breakWord(font: PDFFont, text: string, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of text) {
    if (piece && font.widthOfTextAtSize(piece + char, size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  return [...pieces, piece];
}
