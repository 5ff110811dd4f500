/** Joins positioned text runs into lines and words from their geometry (PDF has no spaces or newlines as such). */

export interface Point {
  x: number;
  y: number;
}

export class TextLayout {
  private readonly parts: string[] = [];
  private length = 0;
  private lastEnd: Point | null = null;
  private lastSize = 0;
  private endsWithSpace = true;

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.length >= this.limit;
  }

  /** Adds a run that starts at `start` and ends at `end` (device space), in a font of height `size`. */
  add(raw: string, start: Point, end: Point, size: number): void {
    // Control codes are glyphs of fonts whose encoding lives only in the embedded font program.
    // eslint-disable-next-line no-control-regex
    const text = raw.replace(/[\t\n\r]/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '');
    if (text === '' || this.full) return;
    const height = Math.max(size, this.lastSize, 1);
    let separator = '';
    if (this.lastEnd !== null) {
      const dy = start.y - this.lastEnd.y;
      const dx = start.x - this.lastEnd.x;
      if (Math.abs(dy) > 1.9 * height) separator = '\n\n';
      else if (Math.abs(dy) > 0.5 * height) separator = '\n';
      else if ((dx > 0.2 * height || dx < -height) && !this.endsWithSpace && !/^\s/.test(text)) separator = ' ';
    }
    const piece = separator + text;
    this.parts.push(piece);
    this.length += piece.length;
    this.lastEnd = end;
    this.lastSize = size;
    this.endsWithSpace = /\s$/.test(text);
  }

  text(): string {
    return this.parts
      .join('')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }
}
