import { convert, type HtmlToTextOptions } from 'html-to-text';

interface Input {
  html: string;
  include_links?: boolean;
  include_images?: boolean;
  base_url?: string;
  uppercase_headings?: boolean;
  wordwrap?: number;
}

interface Output {
  text: string;
}

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

export default function htmlToText(input: Input): Output {
  return { text: convert(input.html, optionsFor(input)) };
}

function optionsFor(input: Input): HtmlToTextOptions {
  const uppercase = input.uppercase_headings ?? false;
  const baseUrl = input.base_url;
  return {
    wordwrap: input.wordwrap ?? false,
    selectors: [
      {
        selector: 'a',
        options: { ignoreHref: !(input.include_links ?? true), hideLinkHrefIfSameAsText: true, baseUrl },
      },
      { selector: 'img', format: (input.include_images ?? false) ? 'image' : 'skip', options: { baseUrl } },
      // The default `table` format runs the cells together; `dataTable` lays them out in columns.
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: uppercase } },
      ...HEADINGS.map((selector) => ({ selector, options: { uppercase } })),
    ],
  };
}
