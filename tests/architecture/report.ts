// `bun tests/architecture/report.ts [path-prefix]`: the layer check's violations, for reading while
// moving code (the test, layers.test.ts, is what fails the suite).
import { checkLayers, repositoryFiles } from "./layers.ts";

const prefix = process.argv[2] ?? "";
const violations = checkLayers(repositoryFiles(new URL("../..", import.meta.url).pathname)).filter((violation) => violation.file.startsWith(prefix));
for (const violation of violations) console.log(`${violation.rule}\t${violation.file}\t${violation.says}`);
console.log(`${violations.length} violation${violations.length === 1 ? "" : "s"}`);
