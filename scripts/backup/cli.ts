// How both scripts end: 0 on success, 2 when refused as asked (nothing was touched: change the
// call or the setup), 1 when the work itself failed (a bad backup, a disk error).
export class Refusal extends Error {}

export async function runScript(name: string, main: () => Promise<string>): Promise<never> {
  try {
    console.log(await main());
    process.exit(0);
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(error instanceof Refusal ? 2 : 1);
  }
}
