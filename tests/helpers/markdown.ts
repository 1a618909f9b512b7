// The fenced code blocks of a markdown text (README.md, docs/api-guide.md, the served /llms.txt), so
// every docs test reads the examples a person or an agent is shown the same way, by language and by
// the section they stand in, and runs them as written.

export type FencedBlock = {
  /** The fence's info string, "" for a bare fence (often the output shown under a command). */
  language: string;
  code: string;
  /** The `## ` heading the block stands under ("" before the first). */
  section: string;
  /** The block right after this one, with nothing but blank lines between (what the command prints). */
  next: FencedBlock | null;
};

/** Every fenced block in order; `language` and `section` keep the ones with that info string and heading. */
export function fencedBlocks(markdown: string, filter: { language?: string; section?: string } = {}): FencedBlock[] {
  const blocks: Array<FencedBlock & { start: number; end: number }> = [];
  let section = "";
  let open: { language: string; start: number; lines: string[] } | null = null;
  let offset = 0;
  for (const line of markdown.split("\n")) {
    const fence = /^```(\S*)\s*$/.exec(line);
    if (open && fence && !fence[1]) {
      blocks.push({ language: open.language, code: open.lines.map((each) => `${each}\n`).join(""), section, next: null, start: open.start, end: offset + line.length });
      open = null;
    } else if (open) {
      open.lines.push(line);
    } else if (fence) {
      open = { language: fence[1] ?? "", start: offset, lines: [] };
    } else if (line.startsWith("## ")) {
      section = line.slice(3).trim();
    }
    offset += line.length + 1;
  }
  blocks.forEach((block, index) => {
    const following = blocks[index + 1];
    if (following && !markdown.slice(block.end + 1, following.start).trim()) block.next = following;
  });
  return blocks
    .filter((block) => (filter.language === undefined || block.language === filter.language) && (filter.section === undefined || block.section === filter.section))
    .map(({ start: _start, end: _end, ...block }) => block);
}
