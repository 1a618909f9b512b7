// What failed in a `bun test` run, again: Bun prints a failure's details where the test ran, among
// thousands of passing lines, and a CI log is often read from its tail. The details of every failed
// test, and of every error thrown outside one, are gathered here to be printed again at the end.

const RESULT = /^\((pass|fail|skip|todo)\) /;
const FILE_HEADER = /^\S.*\.test\.[cm]?[jt]sx?:$/;
const UNHANDLED = /^# Unhandled error/;
/** Bun's closing list of the failed tests' names: the blocks are all above it. */
const SUMMARY = /^\d+ tests? failed:$/;
/** A failure's details are its last lines (the stack's end is the least useful part, but the diff comes first). */
const MOST_LINES = 80;

/** Each failure's block: the file it ran in, then the lines Bun printed for it, ending with its `(fail)` line. */
export function failureBlocks(output: string): string[] {
  const blocks: string[] = [];
  let file = "";
  let pending: string[] = [];
  let unhandled: string[] | null = null;
  const keep = (lines: string[]): void => {
    const shown = lines.length > MOST_LINES ? [`… ${lines.length - MOST_LINES} lines above left out`, ...lines.slice(-MOST_LINES)] : lines;
    blocks.push([...(file ? [file] : []), ...shown].join("\n"));
  };
  const closeUnhandled = (): void => {
    if (unhandled) keep(unhandled);
    unhandled = null;
  };
  for (const line of output.split("\n")) {
    if (SUMMARY.test(line)) break;
    if (FILE_HEADER.test(line)) {
      closeUnhandled();
      file = line;
      pending = [];
    } else if (UNHANDLED.test(line)) {
      closeUnhandled();
      unhandled = [line, ...pending];
      pending = [];
    } else if (RESULT.test(line)) {
      closeUnhandled();
      if (line.startsWith("(fail)")) keep([...pending, line]);
      pending = [];
    } else if (unhandled) unhandled.push(line);
    else pending.push(line);
  }
  closeUnhandled();
  return blocks;
}
